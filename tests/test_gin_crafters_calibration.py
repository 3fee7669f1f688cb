"""Gin Crafters' design targets (issue 18, item 7): the box's promises as a targets file the lab checks."""

from __future__ import annotations

import pytest

import bourbon_lab as bl
from bourbon_lab.design import Targets, check_targets, run_targets
from bourbon_lab.games.gin_crafters.content import DATA

TARGETS = DATA / "targets.yaml"
BOX = "Age: 20+ / 2-4 Players / 30-45 Min"
"""The rulebook's "Game Information" line."""
MINUTES_PER_TURN = 1.25
"""Ours (the targets file's header): a turn is two actions."""


def test_targets_file_names_the_issues_targets():
    t = Targets.load(TARGETS)
    assert t.game == "gin_crafters"
    issues = [x for x in t.targets if x.group != "fires:*"]  # the fires:* floors: every mechanic fires (issue 29)
    assert {x.metric for x in issues} == {"turn_order_spread", "strategy_dominance", "rounds"}
    assert all(x.why for x in t.targets if x.source == "ours")
    spread = {t.runs[x.run].players: x.hi for x in t.targets if x.metric == "turn_order_spread"}
    assert spread == {2: 5, 3: 5, 4: 5}
    dominance = [x for x in t.targets if x.metric == "strategy_dominance"]
    assert [(t.runs[x.run].players, len(set(t.runs[x.run].bots)), x.hi) for x in dominance] == [(4, 2, 40)]


def test_length_targets_are_the_box_minutes_in_rounds():
    """Box: "30-45 Min". At MINUTES_PER_TURN a game of n players lasts 30-45 minutes in 30/(m n) to 45/(m n) rounds."""
    t = Targets.load(TARGETS)
    rounds = {t.runs[x.run].players: (x.lo, x.hi) for x in t.targets if x.metric == "rounds"}
    assert set(rounds) == {2, 3, 4}
    for n, (lo, hi) in rounds.items():
        assert lo == pytest.approx(30 / (MINUTES_PER_TURN * n), abs=0.5)
        assert hi == pytest.approx(45 / (MINUTES_PER_TURN * n), abs=0.5)


def test_targets_check_real_games():
    results = run_targets(bl.default_rules("gin_crafters"), TARGETS, games=6, seed=5, workers=1)
    assert set(results) == {"two", "three", "four", "mixed"}
    report = check_targets(results, TARGETS)
    table = report.table
    assert table.filter(table["group"] == "").height == 7
    assert set(table["status"]) <= {"holds", "fails", "undecided"}
    four = results["four"].games
    assert set(four["players"]) == {4} and (four["ended_by"] == "target").all()
