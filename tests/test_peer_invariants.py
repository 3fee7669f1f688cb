"""Each peer game's soak checks its own book invariants after every action (issue 27)."""

from __future__ import annotations

import pytest

import bourbon_lab as bl
from bourbon_lab.core import get_game
from bourbon_lab.games.gin_crafters.invariants import broken as gin_broken
from bourbon_lab.testing.harness import HarnessFailure, check_game


def _gin(seed=4):
    g = bl.new_game(bl.default_rules("gin_crafters"), players=3, seed=seed)
    for _ in range(40):
        g.apply(g.legal_actions()[-1])
    return g


def test_gin_crafters_keeps_every_card_in_one_place():
    """Book: the box holds 40 gin, 40 botanical, 30 juniper and 23 brand cards; none is ever lost or doubled."""
    g = _gin()
    assert gin_broken(g) == []
    snap = g.snapshot()
    lost = snap["decks"]["botanical"].pop()
    assert gin_broken(bl.restore(snap)) == [f"card {lost} is in 0 places"]
    snap = g.snapshot()
    snap["discards"]["gin"].append(snap["decks"]["gin"][0])
    assert gin_broken(bl.restore(snap)) == [f"card {snap['decks']['gin'][0]} is in 2 places"]


def test_gin_crafters_coins_at_zero_hold_and_below_zero_break():
    g = _gin()
    snap = g.snapshot()
    snap["players"][1]["coins"] = 0
    assert gin_broken(bl.restore(snap)) == []
    snap["players"][1]["coins"] = -1
    assert gin_broken(bl.restore(snap)) == ["player 1 has -1 coins"]


def test_the_harness_checks_a_games_invariants_after_every_action(monkeypatch):
    report = check_game("gin_crafters", players=[2], variants=(), games=1, seed=3, other_process=False)
    assert report.invariants_checked == report.decisions > 0
    assert "book invariants after" in str(report)
    gamedef = get_game("gin_crafters")
    laws = [lambda t: [f"test law broken at {len(t.actions)}"] if len(t.actions) == 7 else []]
    monkeypatch.setattr(type(gamedef), "invariants", property(lambda self: laws[0]), raising=False)
    with pytest.raises(HarnessFailure, match="decision 7: a book invariant broke after .*test law broken at 7"):
        check_game("gin_crafters", players=[2], variants=(), games=1, seed=3, other_process=False)
