"""Rebuild the prepared Distilled tables of these lessons from the rules engine alone (no bots).

``python scenarios/distilled/_make_snapshots.py`` writes ``snapshots/*.json``. Each table is a fresh
two-player deal (seed 1) past the identity pick, with a few cards and spirits moved into place.
"""

from __future__ import annotations

import json
from pathlib import Path

import bourbon_lab as bl
from bourbon_lab.core import restore
from bourbon_lab.games.distilled.content import content

HERE = Path(__file__).parent


def _card(snap: dict, name: str) -> int:
    snap["cards"].append(name)
    return len(snap["cards"]) - 1


def _spirit(snap: dict, p: int, sid: str, recipe: str, cards: list, barrel: str, where: str, flavours=(), rnd=0):
    snap["spirits"][sid] = {
        "owner": p,
        "recipe": recipe,
        "cards": [_card(snap, c) for c in cards],
        "barrel": _card(snap, barrel),
        "flavours": list(flavours),
        "round": rnd,
        "aged": content().recipes[recipe].aged,
        "labelled": True,
    }
    snap[where][p].append(sid)


def table(seed: int = 1, edit=None, **rules):
    """A seed-``seed`` two-player deal at round 1's Market, seat 0 first, each seat with its first identity."""
    g = bl.new_game(bl.default_rules("distilled").replace(**rules), players=2, seed=seed)
    for p in list(g.decision.group):
        g.apply(g.legal_actions(p)[0], player=p)
    snap = g.snapshot()
    snap["first"], snap["actor"] = 0, 0
    snap["identity"] = ["I01", "I02"]
    snap["goals"] = [["G20", "G05", "G04"], ["G01", "G02", "G03"]]
    if edit:
        edit(snap)
    return restore(snap, "distilled")


def signature_cut():
    """Seat 0 holds a yeast, its signature ingredient (golden rye) and a water; seat 1 nothing to distil."""

    def edit(s):
        s["pantry"] = [[_card(s, "yeast"), _card(s, "golden_rye"), _card(s, "water")], []]

    return table(edit=edit)


def full_warehouse():
    """Seat 0: two brandies ageing (1 flavour card each) and a new bourbon to age."""

    def edit(s):
        _spirit(s, 0, "s90", "brandy", ["fruit"] * 3, "new_oak", "warehouse", ["oak"])
        _spirit(s, 0, "s91", "brandy", ["fruit", "fruit", "pear"], "sherry_cask", "warehouse", ["vanilla"])
        _spirit(s, 0, "s92", "bourbon", ["grain"] * 3, "new_oak", "pending", rnd=1)

    return table(edit=edit)


def round_seven():
    """Round 7: seat 0 has just distilled a bourbon (an aged spirit) and has a bottle to sell it in."""

    def edit(s):
        s["round"] = 7
        _spirit(s, 0, "s93", "bourbon", ["rye", "grain", "grain"], "charred_oak", "pending", rnd=7)

    return table(edit=edit)


def award_tie():
    """Both seats have sold two spirits; each holds a vodka to sell. Only award A01 (sell 3 spirits, 3 SP) is out."""

    def edit(s):
        sale = {"recipe": "vodka", "tier": "known", "sugar": None, "aged": False, "flavours": 0, "money": 3,
                "sp": 2, "premium": 0, "wood": False, "round": 0}  # fmt: skip
        s["sales"] = [[dict(sale), dict(sale)], [dict(sale), dict(sale)]]
        s["awards"] = ["A01"]
        _spirit(s, 0, "s94", "vodka", ["grain", "alcohol"], "metal_barrel", "pending", rnd=1)
        _spirit(s, 1, "s95", "vodka", ["fruit", "alcohol"], "metal_barrel", "pending", rnd=1)

    return table(edit=edit)


def flavour_bonus():
    """Seat 0 sells a brandy that has aged three rounds: three flavour cards, all of them 'flat' (no face value)."""

    def edit(s):
        _spirit(s, 0, "s96", "brandy", ["fruit"] * 3, "new_oak", "warehouse", ["flat", "flat", "flat"])

    return table(edit=edit)


def tasting():
    """Seat 0 sells a vodka this round; seat 1 sells nothing and has 6 SP from an award."""

    def edit(s):
        _spirit(s, 0, "s97", "vodka", ["grain", "alcohol"], "metal_barrel", "pending", rnd=1)
        s["sp"][1]["awards"] = 6
        s["awards"] = []

    return table(edit=edit)


TABLES = {
    "signature-cut": signature_cut,
    "full-warehouse": full_warehouse,
    "round-seven": round_seven,
    "award-tie": award_tie,
    "flavour-bonus": flavour_bonus,
    "tasting": tasting,
}


def snapshot_text(g) -> str:
    return json.dumps(g.snapshot(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    for name, build in TABLES.items():
        (HERE / "snapshots" / f"{name}.json").write_text(snapshot_text(build()))
        print("wrote", name)
