"""Rebuild the prepared tables in ``snapshots/`` (run: ``python scenarios/_make_snapshots.py``).

Each prepared table is a fresh game walked to round 1's Play phase by a fixed, bot-free policy
(keep the first mash bill, roll, claim the first die, stop), then set up by hand: department
levels, Capital, the demand table, barrels, completed orders. It is saved with
``game.snapshot()`` minus its ruleset (the scenario file supplies the rules). Only the rules
engine is involved, so a change to the bots never changes these files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import bourbon_lab as bl
from bourbon_lab.games.bourbonomics.state import Barrel, OrderCard, ResourceCard

HERE = Path(__file__).resolve().parent / "snapshots"
_PREFER = ("keep_bill", "roll", "stop_rolling", "claim", "end_turn")


def round_one_play(distilleries: list[str], seed: int):
    """A fresh default game walked by the fixed policy to the first decision of round 1's Play phase."""
    # The tables were dealt from the first draft's piles (before issue 15's calibration): kept, so the lessons
    # read the same cards.
    rules = bl.Ruleset.named("first-draft")
    g = bl.new_game(rules, players=len(distilleries), seed=seed, distilleries=distilleries)
    while g.phase != "play":
        legal = g.legal_actions()
        g.apply(next((a for v in _PREFER for a in legal if a.verb == v), legal[-1]))
    return g


def at_ultimate_step(g, department: str, capital: int = 10):
    """Every player one upgrade below the department's Ultimate, with Capital to buy it."""
    top = len(g.rules.department_levels(department)) - 1
    for p in g.players:
        p.levels[department] = top
        p.capital += capital
    return g


def barrel(g, seat: int, bill_id: str, age: int, quality: int, sales: int | None = None, built: bool = True) -> str:
    """A built barrel of ``bill_id`` in seat's rickhouse (``built=False``: fully staged, resting); its id."""
    bill = g.rules.bills_by_id[bill_id]
    g.barrel_serial += 1
    b = Barrel(f"B{g.barrel_serial}", bill_id)
    b.staged = [ResourceCard(f"{kind}_{b.id}_{j}", kind, quality) for kind, n in bill.recipe for j in range(n)]
    if not built:
        g.players[seat].barrels.append(b)
        return b.id
    b.built, b.age, b.quality = True, age, quality
    b.sales_left = sales if sales is not None else g.rules.sales_per_quality[quality] + bill.bonus_sales
    g.players[seat].barrels.append(b)
    return b.id


def table(g, cards: list[tuple[str, list[int]]]):
    """Replace the shared table with these (card id, seats already in its slots), taken off the deck."""
    for cid, _ in cards:
        if cid in g.demand.cards:
            g.demand.cards.remove(cid)
    g.demand.discards.extend(c.id for c in g.table if c.id not in dict(cards))
    g.table = [OrderCard(cid, g.rules.slots_per_player * g.n, list(filled)) for cid, filled in cards]
    return g


def hot_market():
    """Three players at a Hot table (6 cards): D01 and D02 need one more sale each, the rest are empty.

    P0 holds a Legendary M06 barrel at age 2 (3 sales); P1 a Rare M06 barrel at age 4, the last
    year of its 2-4 prime (2 sales); P2 an Uncommon M06 barrel at age 3. P0 has 20 Capital; P2's
    Marketing is one step from its Ultimate.
    """
    g = round_one_play(["standard"] * 3, 5)
    for seat, (age, quality) in enumerate([(2, 4), (4, 2), (3, 1)]):
        g.players[seat].barrels = [b for b in g.players[seat].barrels if not b.built]
        barrel(g, seat, "M06", age, quality)
    near = [0, 1, 2, 0, 1]
    table(g, [("D01", near), ("D02", near), ("D03", []), ("D04", []), ("D05", []), ("D06", [])])
    g.players[0].capital = 20
    g.players[2].levels["marketing"] = len(g.rules.marketing_levels) - 1
    return g


def end_game():
    """Three players; P1 has completed 7 orders and can complete an 8th: D01 needs one more sale."""
    g = round_one_play(["standard"] * 3, 7)
    g.players[1].completed = [(f"D{40 + i}", 1) for i in range(7)]
    for seat in range(3):
        barrel(g, seat, "M02", 4, 1)
    table(g, [("D01", [0, 2, 0, 2, 0]), ("D02", [])])
    return g


def stalled():
    """Three players; P0's rickhouse is full of just-built barrels and its warehouse full of barley."""
    g = round_one_play(["standard"] * 3, 6)
    p = g.players[0]
    p.barrels = []
    for bill in ("M01", "M03", "M05"):
        barrel(g, 0, bill, 0, 0)
    p.warehouse = [ResourceCard(f"barley_stall{i}", "barley", 0) for i in range(g.number(0, "warehouse"))]
    return g


def ultimates_rickhouse():
    """Five players one step from their Rickhouse Ultimate.

    P2 has a fully staged barrel ready to make; P3 a barrel about to turn 8; P4 three young barrels.
    """
    dist = ["standard", "hollow_creek", "standard", "hollow_creek", "copper_kettle"]
    g = at_ultimate_step(round_one_play(dist, 1), "rickhouse")
    barrel(g, 2, "M06", 0, 3, built=False)
    barrel(g, 3, "M01", 7, 2)
    for age in (0, 0, 1):
        barrel(g, 4, "M03", age, 1)
    return g


TABLES = {
    "hot-market": hot_market,
    "end-game": end_game,
    "stalled-player": stalled,
    "ultimates-rickhouse": ultimates_rickhouse,
    "ultimates-supply": lambda: at_ultimate_step(
        round_one_play(["standard", "standard", "hollow_creek", "copper_kettle"], 2), "supply"
    ),
    "ultimates-warehouse": lambda: at_ultimate_step(
        round_one_play(["standard", "standard", "hollow_creek"], 3), "warehouse"
    ),
    "ultimates-mash-floor": lambda: at_ultimate_step(
        round_one_play(["standard", "hollow_creek", "standard"], 4), "mash_floor"
    ),
}


def snapshot_text(g) -> str:
    """The snapshot as compact, stable JSON, without the ruleset."""
    g._legal = None
    snap = g.snapshot()
    del snap["rules"]
    return json.dumps(snap, sort_keys=True, separators=(",", ":")) + "\n"


def main(names=None) -> None:
    """Write every prepared table (or the ones named) into ``snapshots/``."""
    HERE.mkdir(exist_ok=True)
    for name in names or TABLES:
        (HERE / f"{name}.json").write_text(snapshot_text(TABLES[name]()), encoding="utf-8")
        print(f"wrote snapshots/{name}.json")


if __name__ == "__main__":
    main(sys.argv[1:])
