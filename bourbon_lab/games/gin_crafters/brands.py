"""Brand cards: revealed and scored at the end (book). Each condition is a small test of the final table.

"When a brand card's terms and conditions say 'most', assume that a tie also satisfies the
terms" (book); a count of 0 never makes anyone the most (ours: "most gins" with no gins is no brand).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _gin_types(t: Any, p: dict) -> list[tuple[str, ...]]:
    return [t.content.gins[g].recipe for g in p["distilled"]]


def _botanicals(t: Any, p: dict) -> list[str]:
    return [b for b in p["area"] if b in t.content.botanicals]


MEASURES: dict[str, Callable[[Any, dict], int]] = {
    "most_gins": lambda t, p: len(p["distilled"]),
    "most_coins": lambda t, p: p["coins"],
    "most_botanicals": lambda t, p: len(_botanicals(t, p)),
    "most_key_types": lambda t, p: len({t.content.botanicals[k].type for k in p["keys"]}),
    "most_gin_vp": lambda t, p: p["vp"]["gin"],
}


def _count(t: Any, p: dict, cond: str, params: dict) -> int:
    if cond == "gins_with_type":
        return sum(params["of"] in r for r in _gin_types(t, p))
    if cond == "gin_with_botanicals":
        return max((len(r) for r in _gin_types(t, p)), default=0)
    if cond == "double_juniper_gins":
        return sum(t.content.gins[g].junipers == 2 for g in p["distilled"])
    if cond == "all_types":
        return len({t.content.botanicals[b].type for b in _botanicals(t, p)})
    simple = {"juniper_bonuses": "juniper_bonuses", "lent": "lent", "coins": "coins"}
    if cond in simple:
        return p[simple[cond]]
    return len(p["distilled"])  # "gins"


def met(t: Any, seat: int, card: str) -> bool:
    """Whether ``seat``'s table fulfils brand ``card`` now."""
    brand = t.content.brands[card]
    p = t.players[seat]
    if brand.condition in MEASURES:
        f = MEASURES[brand.condition]
        mine = f(t, p)
        return mine >= 1 and mine >= max(f(t, q) for q in t.players)
    if brand.condition == "never_borrowed":
        return p["borrowed"] == 0
    if brand.condition == "all_types":
        return _count(t, p, "all_types", {}) >= 5
    return _count(t, p, brand.condition, brand.params) >= dict(t.rules.brand_counts)[brand.condition]


def score_all(t: Any) -> None:
    """Reveal every hand's brand cards and score those met (book, "3. Game End"); VP by condition (``brand_vp``)."""
    worth = dict(t.rules.brand_vp)
    for seat, p in enumerate(t.players):
        for card in p["brands"]:
            ok = met(t, seat, card)
            vp = worth[t.content.brands[card].condition] if ok else 0
            t.emit("brand_scored", seat, card=card, condition=t.content.brands[card].condition, met=ok, vp=vp)
            if ok:
                p["brands_met"] += 1
                t.score(seat, vp, "brand")
