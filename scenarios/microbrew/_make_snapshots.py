"""Rebuild the prepared Microbrew tables of these lessons from the rules engine alone (no bots).

``python scenarios/microbrew/_make_snapshots.py`` writes ``snapshots/*.json``. Each table is a fresh
two-player deal (seed 1, hops on each player's first malt, the extra recipe declined) with a few
things moved into place, so every lesson starts from a known situation. Seat 0 starts.
"""

from __future__ import annotations

import json
from pathlib import Path

import bourbon_lab as bl
from bourbon_lab.core import restore

HERE = Path(__file__).parent


def _dealt(players: int = 2, rules=None):
    g = bl.new_game(bl.default_rules("microbrew").replace(**(rules or {})), players=players, seed=1)
    while g.step in ("hop", "compensation"):
        g.apply(g.legal_actions()[0] if g.step == "hop" else "decline")
    snap = g.snapshot()
    snap["first"] = snap["active"] = snap["actor"] = 0
    snap["log"], snap["actions"] = [], []
    return snap


def _take(snap, card):
    for zone in ("customer_deck", "recipe_deck", "table", "thirsty"):
        if card in snap[zone]:
            snap[zone].remove(card)
    for p in range(snap["n"]):
        for zone in ("hand", "secret", "loyal"):
            if card in snap[zone][p]:
                snap[zone][p].remove(card)


def _ready_beer(snap, seat, recipe, contaminant=None):
    _take(snap, recipe)
    snap["bottles"][seat].append({"recipe": recipe, "left": [], "contaminant": contaminant})


def _thirsty(snap, *customers):
    for c in customers:
        _take(snap, c)
        snap["thirsty"].append(c)


def hop_circle():
    """Seat 0's Copper has a hop bottom left: it can travel a square and come home, rearranging two columns."""
    snap = _dealt()
    snap["copper"][0] = list("HLMD" + "LMDL" + "MMMM" + "DDDD" + "....")
    return restore(snap, "microbrew")


def serving(contaminant=None, placed=None):
    """Seat 0 has a ready beer of R04 (LLMD, sweet); C04 (favourite LLMD, likes spicy) is thirsty."""
    snap = _dealt()
    _ready_beer(snap, 0, "R04", contaminant)
    _thirsty(snap, "C04")
    if placed:
        snap["spaces"][placed][0] = 0
        snap["ready"][0] = 1
    return restore(snap, "microbrew")


def free_brew():
    """The Brewmaster stands on Flush; seat 1's Copper has a hop it can move."""
    snap = _dealt()
    snap["brewmaster"] = "flush"
    snap["copper"][1] = list("HLMD" + "LMDL" + "MMMM" + "DDDD" + "....")
    return restore(snap, "microbrew")


def deck_out():
    """One customer left in the deck: the Rest of round 1 draws it."""
    snap = _dealt()
    snap["customer_deck"] = snap["customer_deck"][:1]
    return restore(snap, "microbrew")


def all_loyal():
    """Eleven customers are loyal; the twelfth, C04, is thirsty and seat 0 has its perfect beer ready."""
    snap = _dealt()
    _ready_beer(snap, 0, "R04")
    others = [f"C{i:02d}" for i in range(1, 13) if i != 4]
    snap["loyal"] = [others[:6], others[6:]]
    snap["thirsty"], snap["customer_deck"], snap["asleep"] = ["C04"], [], []
    return restore(snap, "microbrew")


def three_player_break():
    """Three players: seat 1 is on Mash, seat 2 on Break; seat 0 replaces seat 1."""
    snap = _dealt(players=3)
    snap["spaces"]["mash"][0] = 1
    snap["spaces"]["break"][0] = 2
    snap["ready"][1], snap["ready"][2] = 1, 1
    return restore(snap, "microbrew")


TABLES = {
    "hop-circle": hop_circle,
    "contaminated-beer": lambda: serving(contaminant="H"),
    "perfect-beer": lambda: serving(placed="brew"),
    "free-brew": free_brew,
    "last-customer": deck_out,
    "eleven-loyal": all_loyal,
    "three-players-break": three_player_break,
}


def snapshot_text(g) -> str:
    return json.dumps(g.snapshot(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    for name, build in TABLES.items():
        (HERE / "snapshots" / f"{name}.json").write_text(snapshot_text(build()))
        print("wrote", name)
