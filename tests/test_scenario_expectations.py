"""The scenario checker keeps every expectation: several at one point are each checked and reported.

A lesson file often says two things about the same moment ("after round 5 the zone is Hot" and,
further down, "player 2 has 11 Capital"). If the later one replaced the earlier, a broken lesson
would pass. The player checks read Prestige as the score does.

Book: "Final score = Capital + Prestige." and "Start with 5 Capital, 0 Prestige".
"""

from __future__ import annotations

import pytest

from bourbon_lab import Scenario

FAILS = "{at: end, note: first, zone: Hot}"  # a fresh table is Low
HOLDS = "{at: end, note: second, zone: Low}"


def _run(*expectations, rules="{}"):
    text = f"{{name: x, players: 2, bots: none, rules: {rules}, expect: [{', '.join(expectations)}]}}"
    return Scenario.from_text(text).run()


@pytest.mark.parametrize("order", [(FAILS, HOLDS), (HOLDS, FAILS)], ids=["failing-first", "failing-last"])
def test_a_failing_expectation_is_not_hidden_by_another_at_the_same_point(order):
    result = _run(*order)
    assert not result.passed
    assert [f.note for f in result.failures] == ["first"]


def test_every_expectation_at_one_point_is_reported():
    result = _run(FAILS, FAILS.replace("first", "again"), HOLDS)
    assert [f.note for f in result.failures] == ["first", "again"]


def test_expectations_at_different_points_all_hold():
    assert _run(HOLDS, "{at: {round: 1, phase: collect}, zone: Low}").passed


def test_player_prestige_counts_the_starting_prestige_like_the_score():
    rules = "{start_prestige: 4}"
    assert _run("{at: end, player: {seat: 0, prestige: 4, score: 9}}", rules=rules).passed
    assert not _run("{at: end, player: {seat: 0, prestige: 0}}", rules=rules).passed
