"""Final score = Capital + Prestige; ties go to more completed orders, then are shared."""

from __future__ import annotations

from typing import Any


def score_table(g) -> list[dict[str, Any]]:
    """One row per player in seat order, with rank (1 = best; shared ranks on a full tie) and ``won``."""
    rows = []
    for p in g.players:
        prestige = g.rules.start_prestige + p.prestige_from_orders
        if g.house is not None:
            prestige = int(g.house.quantity(g, "final_prestige", prestige + g.house.points_of(p.seat), player=p.seat))
        rows.append(
            {
                "player": p.seat,
                "distillery": p.distillery,
                "capital": p.capital,
                "prestige": prestige,
                "score": p.capital + prestige,
                "orders": len(p.completed),
                "upgrades": p.upgrades,
            }
        )
    keys = [(r["score"], r["orders"]) for r in rows]
    for r, key in zip(rows, keys):
        r["rank"] = 1 + sum(1 for other in keys if other > key)
        r["won"] = r["rank"] == 1
    return rows
