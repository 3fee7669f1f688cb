"""Gin Crafters rules fixed to the book (seeds/002_c94c3762483bd1c0.txt); each test quotes the sentence it checks.

The decisions are recorded in docs/games/gin_crafters-rules-decisions.md.
"""

from __future__ import annotations

import json

import bourbon_lab as bl
from bourbon_lab.core import restore
from tests.test_gin_crafters_rules import distill_rose, end_table, finish_turn, of, play


def test_a_borrowed_botanical_counts_as_owned_for_the_key_effect():
    """Book: "This is the same as owning the botanical in the botanical area" and "This makes rosemary considered
    as owned in the botanical area only at the time of this action". Seat 0 owns one spice (its Pepper key) and
    borrows a second: Pepper (coins per spice owned) pays 2, not 1."""
    g = bl.new_game(bl.default_rules("gin_crafters"), players=2, seed=1050)
    play(
        g,
        "side business",
        "purchase juniper 2",
        "purchase botanical 2",
        "purchase juniper 1",
        "purchase botanical 1",
        "refresh juniper",
        "take 2",
        "inspire gin",
        "keep G13",
        "inspire brand",
        "keep K18",
        "distill G22 borrow spice from 1",
        "juniper J11",
        "key B24",
    )
    assert g.turn_owner == 0 and g.decision.step == "effect"
    before = g.players[0]["coins"]
    evs = g.apply("use")
    income = [e for e in of(evs, "income") if e.player == 0 and e.data["source"] == "key_effect"]
    assert [e.data["amount"] for e in income] == [2]
    assert g.players[0]["coins"] == before + 2
    assert of(evs, "distill")[0].data["borrowed"] == "spice"
    # only at the time of this action: the lender keeps the card, the borrower owns none later
    assert "B23" in g.players[1]["area"] and g.players[0]["area"] == ["J21"]


def test_the_round_limit_lets_the_books_final_turns_finish():
    """Book: "The game continues until the player to the right of the player with 30 points or more takes his or her
    turn, and the game ends." Under final_turns = others_once, a signal in the limit round must not be cut short by
    the safety stop (round_limit): the start player still has the final turn."""
    g = end_table(trigger_seat=1, players=2, final_turns="others_once", round_limit=10)
    snap = json.loads(json.dumps(g.snapshot()))
    snap["round"] = 10
    g = restore(snap, "gin_crafters")
    distill_rose(g)
    trig = of(play(g, "side business"), "end_trigger")[0]
    assert trig.player == 1 and trig.data["final_until"] == 0
    assert not g.is_over and g.turn_owner == 0
    finish_turn(g)
    assert g.is_over and g.ended_by == "target"


def test_the_round_limit_still_stops_a_game_without_a_signal():
    """Ours: round_limit is a safety stop; with no 30-point signal it still ends the game after the limit round."""
    g = end_table(trigger_seat=1, players=2, final_turns="others_once", round_limit=10)
    snap = json.loads(json.dumps(g.snapshot()))
    snap["round"] = 10
    g = restore(snap, "gin_crafters")
    play(g, "side business", "side business")
    assert g.is_over and g.ended_by == "round_limit"
