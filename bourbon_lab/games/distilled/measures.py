"""What awards and goals count, one small function per measure of a player's distillery.

"Labels in warehouse count" (book, goals): label measures count sold spirits and spirits ageing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _labels(g: Any, p: int) -> list[str]:
    return [s["recipe"] for s in g.sales[p]] + [g.spirits[k]["recipe"] for k in g.warehouse[p]]


def _label_count(test: Callable[[Any, str], bool]) -> Callable[[Any, int], int]:
    return lambda g, p: sum(1 for r in _labels(g, p) if test(g.content.recipes[r], r))


def _sold(test: Callable[[dict], bool]) -> Callable[[Any, int], int]:
    return lambda g, p: sum(1 for s in g.sales[p] if test(s))


MEASURES: dict[str, Callable[[Any, int], int]] = {
    "spirits_sold": lambda g, p: len(g.sales[p]),
    "bronze_sold": _sold(lambda s: s["tier"] == "bronze"),
    "silver_sold": _sold(lambda s: s["tier"] == "silver"),
    "gold_sold": _sold(lambda s: s["tier"] == "gold"),
    "most_flavours_in_a_sale": lambda g, p: max((s["flavours"] for s in g.sales[p]), default=0),
    "best_sale_money": lambda g, p: max((s["money"] for s in g.sales[p]), default=0),
    "best_sale_sp": lambda g, p: max((s["sp"] for s in g.sales[p]), default=0),
    "recipes_unlocked": lambda g, p: len(g.known[p]),
    "upgrades": lambda g, p: len(g.upgrades[p]),
    "label_spaces_filled": lambda g, p: sum(1 for s in g.spaces[p] if s is not None),
    "bottle_regions": lambda g, p: len({g.card(c).region for c in g.display[p]}),
    "sugars_sold": lambda g, p: len({s["sugar"] for s in g.sales[p] if s["sugar"]}),
    "signature_sold": _sold(lambda s: s["tier"] == "signature"),
    "grain_labels": _label_count(lambda r, n: r.sugar == "grain"),
    "fruit_labels": _label_count(lambda r, n: r.sugar == "fruit"),
    "plant_labels": _label_count(lambda r, n: r.sugar == "plant"),
    "aged_labels": _label_count(lambda r, n: r.aged),
    "unaged_labels": _label_count(lambda r, n: not r.aged),
    "distinct_labels": lambda g, p: len(set(_labels(g, p))),
    "gold_labels": _label_count(lambda r, n: r.tier == "gold"),
    "silver_labels": _label_count(lambda r, n: r.tier == "silver"),
    "bronze_labels": _label_count(lambda r, n: r.tier == "bronze"),
    "flavours_sold": lambda g, p: sum(s["flavours"] for s in g.sales[p]),
    "premium_bottles": lambda g, p: len(g.display[p]),
    "money": lambda g, p: g.money[p],
    "warehouse_spirits": lambda g, p: len(g.warehouse[p]),
    "premium_ingredients_sold": lambda g, p: sum(s["premium"] for s in g.sales[p]),
    "wood_barrels_used": _sold(lambda s: s["wood"]),
}
"""Measure name -> (game, seat) -> a whole number."""
