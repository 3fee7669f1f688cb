"""Rebuild the prepared Gin Crafters tables of these lessons from the rules engine alone (no bots).

``python scenarios/gin_crafters/_make_snapshots.py`` writes ``snapshots/*.json``. Each table is a
fresh deal (seed 1) with a few cards moved into place, so the lessons start from a known situation.
"""

from __future__ import annotations

import json
from pathlib import Path

import bourbon_lab as bl
from bourbon_lab.core import restore
from bourbon_lab.games.gin_crafters import CONTENT

HERE = Path(__file__).parent
DECKS = ("gin", "botanical", "juniper", "brand")


def gin(*recipe):
    return next(g.id for g in CONTENT.gins.values() if g.recipe == tuple(recipe))


def bot(name, copy=0):
    return [b.id for b in CONTENT.botanicals.values() if b.name == name][copy]


def juniper(bonus=None, level="none", copy=0):
    return [j.id for j in CONTENT.junipers.values() if j.bonus == bonus and j.level == level][copy]


def brand(condition, copy=0):
    return [b.id for b in CONTENT.brands.values() if b.condition == condition][copy]


def _take_out(snap, card):
    for deck in DECKS:
        for pile in (snap["decks"][deck], snap["discards"][deck]):
            if card in pile:
                pile.remove(card)
    for p in snap["players"]:
        for zone in ("gins", "brands", "area", "distilled", "spent"):
            if card in p[zone]:
                p[zone].remove(card)
    for kind, row in snap["market"].items():
        if card in row:
            row[row.index(card)] = snap["decks"][kind].pop()


def table(players=2, seat=0, rules=None, **zones):
    """A seed-1 deal with seat ``seat`` (the start player is 0) to act, and ``p1_area=[...]``-style zones."""
    g = bl.new_game(bl.default_rules("gin_crafters").replace(**(rules or {})), players=players, seed=1)
    snap = g.snapshot()
    snap["start"], snap["turn_owner"] = 0, seat
    for key, value in zones.items():
        who, field = key.split("_", 1)
        p = snap["players"][int(who[1:])]
        if field == "vp":
            p["vp"]["gin"] = value
        elif isinstance(value, list):
            for card in value:
                _take_out(snap, card)
            p[field] = list(value)
        else:
            p[field] = value
    return restore(snap, "gin_crafters")


def borrowing():
    """Seat 0 holds a two-herb gin and one herb (Angelica); seat 1 owns Rosemary."""
    return table(
        p0_gins=[gin("herbal", "herbal")],
        p0_area=[bot("Angelica"), juniper("herbal", "low")],
        p1_area=[bot("Rosemary")],
        p0_coins=0,
        p1_coins=0,
    )


def crossing():
    """Seat 0 at 9 VP with the all-five gin ready: 10 + 2 (Rose) takes it to 21 in one action."""
    return table(
        rules={"end_vp": 40},
        p0_vp=9,
        p0_gins=[gin("herbal", "fruit", "spice", "floral", "oriental")],
        p0_area=[bot("Yuzu"), bot("Rosemary"), bot("Pepper"), bot("Rose"), bot("Sansho"), juniper()],
    )


def end_signal(final_turns):
    """Four players, start player 0; seat 1 one floral gin (3 + Rose 2) away from 30."""
    return table(
        players=4,
        seat=1,
        rules={"final_turns": final_turns},
        p1_vp=25,
        p1_bonuses=[10, 20],
        p1_gins=[gin("floral")],
        p1_area=[bot("Rose"), juniper()],
    )


def two_juniper():
    """Seat 0 holds a two-juniper gin, two junipers and a Rose."""
    return table(p0_gins=[gin()], p0_area=[juniper("herbal", "high"), juniper(), bot("Rose")])


def brand_tie():
    """Seat 1 signals the end with its third gin; seat 0 answers with its own third (final_turns = others_once).

    3-3 gins satisfy seat 0's "most gins distilled"; both end on 33 VP with one brand each.
    """
    return table(
        seat=1,
        rules={"final_turns": "others_once"},
        p0_vp=23,
        p1_vp=26,
        p0_bonuses=[10, 20],
        p1_bonuses=[10, 20],
        p0_brands=[brand("most_gins")],
        p1_brands=[brand("never_borrowed")],
        p0_distilled=[gin("herbal"), gin("fruit")],
        p1_distilled=[gin("spice"), gin("oriental")],
        p0_gins=[gin("floral", "oriental")],
        p1_gins=[gin("herbal", "fruit")],
        p0_area=[bot("Rose"), bot("Sencha"), juniper(copy=1)],
        p1_area=[bot("Yuzu"), bot("Mint"), juniper(copy=0)],
    )


TABLES = {
    "borrowing": borrowing,
    "crossing": crossing,
    "end-others-once": lambda: end_signal("others_once"),
    "end-complete-round": lambda: end_signal("complete_round"),
    "two-juniper": two_juniper,
    "brand-tie": brand_tie,
}


def snapshot_text(g) -> str:
    return json.dumps(g.snapshot(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    for name, build in TABLES.items():
        (HERE / "snapshots" / f"{name}.json").write_text(snapshot_text(build()))
        print("wrote", name)
