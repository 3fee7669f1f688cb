"""Distilled's sentences (``narrate``) and its board model (``board``), checked on whole games.

Each kind of the log gets a sentence of the game's own, and a sentence read by a seat that the
event's ``visible_to`` leaves out names none of its hidden values (a loaded card, a chosen
identity or goal, a flavour card). The board model shows a seat its own washback and goals only.
"""

from __future__ import annotations

from functools import cache

import pytest

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.core import IllegalAction, get_game
from bourbon_lab.games.distilled.narrate import describe
from bourbon_lab.widgets.board import board_state
from bourbon_lab.widgets.narrate import can_see
from bourbon_lab.widgets.session import TableSession

RULES = bl.default_rules("distilled")
MIXES = [("heuristic", "seller", "ager", "random"), ("random", "random", "random"), ("seller", "ager")]


@cache
def games() -> tuple:
    """Whole games of several mixes and sizes (heuristic ones make every kind of the log appear)."""
    out = []
    for seed, names in enumerate(MIXES * 2):
        g = bl.new_game(RULES, players=len(names), seed=seed)
        bots = [make_bot(n, seed=seed * 5 + i, game="distilled") for i, n in enumerate(names)]
        while not g.is_over:
            d = g.decision
            g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
        out.append(g)
    return tuple(out)


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value, value.replace("_", " ")]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def test_the_hook_is_registered():
    assert get_game("distilled").narrate is describe
    assert get_game("distilled").board is not None


def test_every_kind_of_the_log_has_its_own_sentence():
    kinds = set()
    for g in games():
        for e in g.log:
            kinds.add(e.kind)
            for viewer in (None, *range(g.n)):
                text = describe(e, viewer)
                assert text, f"no sentence for {e.kind} as seat {viewer}: {e.data}"
                assert "{" not in text and "None" not in text, text
    # the kinds a whole game of bots shows, private ones included
    assert {"distill", "spirit_sold", "flavour_drawn", "load", "washback_committed", "identity_chosen"} <= kinds
    assert {"award", "goal_scored", "label_placed", "spirit_aged", "tasting", "game_end"} <= kinds


def test_no_hidden_value_reaches_another_seat():
    """An event hidden from a seat is told to it without any of its values."""
    checked = 0
    for g in games():
        for e in g.log:
            if e.visible_to is None:
                continue
            for viewer in range(g.n):
                if can_see(g, e, viewer):
                    continue
                text = describe(e, viewer)
                leaked = [s for s in _strings(e.data) if len(s) > 2 and s in text]
                assert not leaked, f"{e.kind} leaks {leaked} to seat {viewer}: {text!r}"
                checked += 1
    assert checked > 100


def test_the_seat_itself_reads_its_private_event():
    g = games()[0]
    e = next(e for e in g.log if e.kind == "identity_chosen")
    assert e.data["identity"] in describe(e, e.player)
    flavour = next(e for e in g.log if e.kind == "flavour_drawn")
    assert flavour.data["flavour"].replace("_", " ") not in describe(flavour, flavour.player)  # nobody sees it
    assert flavour.data["flavour"].replace("_", " ") in describe(flavour, None)  # a designer replaying


def _to_distill(seed=4):
    """A 3-player table at the Distill commit group, seat 0 a person, the bots committed first."""
    session = TableSession(bl.new_game(RULES, players=3, seed=seed), bots={1: "heuristic", 2: "seller"})
    session.run_bots()
    while session.game.step != "distill":
        session.play("pass" if "pass" in session.state()["legal"] else session.state()["legal"][0])
    return session


def test_the_board_shows_a_seat_its_own_washback_only():
    session = _to_distill()
    g = session.game
    load = next(a for a in g.legal_actions(player=0) if a.startswith("load "))
    session.play(load)
    mine = board_state(g, 0)
    assert mine["decision"]["group"] == [0]  # the bots committed first
    assert sum(len(v) for v in mine["players"][0]["washback"].values()) == 1
    assert mine["players"][0]["goals"] and all(p["washback"] is None for p in mine["players"][1:])
    theirs = board_state(g, 1)
    assert theirs["players"][0]["washback"] is None and theirs["players"][0]["goals"] is None
    assert theirs["legal"] == [] and mine["legal"] == g.legal_actions(player=0)
    assert {a["text"] for grp in mine["actions"] for a in grp["actions"]} == set(mine["legal"])


def test_an_illegal_click_shows_the_rule_and_changes_nothing():
    session = _to_distill()
    before = session.game.snapshot()
    with pytest.raises(IllegalAction, match="Each slot needs at least 1 card to distill"):
        session.play("distill")
    assert session.game.snapshot() == before


def test_the_board_plays_to_the_end_with_the_bots_moving_on_their_own():
    session = TableSession(bl.new_game(RULES, players=2, seed=9), bots={1: "seller"})
    session.run_bots()
    while not session.game.is_over:
        state = session.state()
        assert state["legal"], state["decision"]
        session.play("skip" if "skip" in state["legal"] else state["legal"][0])
    final = session.state()
    assert final["over"] and final["legal"] == [] and final["round"] == 7
    assert [s["score"] for s in final["scores"]] == [r.score for r in session.game.score_rows()]
