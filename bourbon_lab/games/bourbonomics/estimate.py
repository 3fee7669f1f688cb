"""Each seat's points as if the game ended now, for a search that stops before the end.

Capital spent on a barrel is not lost: the barrel will be sold. Counting only Capital + Prestige,
a search sees every barrel bought as points thrown away, and a table of search bots stops
producing (measured: 12 of 12 four-player games of ``ismcts:50`` ran to the round limit with no
sale). So a built barrel counts at ``SHARE`` of what its sales left would fetch at its age now,
before the zone multiplier: the value the Bourbonomics search bot has always judged by.
"""

from __future__ import annotations

from typing import Any

from .state import base_id

SHARE = 0.6
"""How much of a built barrel's remaining sales a seat can count on (ours: the search bot's measured share)."""


def barrels_worth(rules: Any, player: Any) -> float:
    """What ``player``'s built barrels would fetch at their age now, over the sales each has left (Low zone)."""
    bills = rules.bills_by_id
    total = 0
    for b in player.barrels:
        if not b.built:
            continue
        bill = bills.get(b.bill) or bills[base_id(b.bill)]
        lo, hi = bill.prime
        band = 0 if b.age < lo else (1 if b.age <= hi else 2)
        total += rules.age_values[b.quality][band] * b.sales_left
    return float(total)


def estimate(g: Any) -> list[float]:
    """The score so far plus ``SHARE`` of each seat's built barrels (the score alone once the game is over)."""
    scores = [float(r.score) for r in sorted(g.score_rows(), key=lambda r: r.player)]
    if g.is_over:
        return scores
    return [scores[p.seat] + SHARE * barrels_worth(g.rules, p) for p in g.players]
