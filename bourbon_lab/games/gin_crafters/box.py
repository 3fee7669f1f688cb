"""Where each piece of the box is now, for ``core.box``: the cards by their own id, the coins, the VP markers.

The box itself is data (``data/box.yaml``); this module only names places. Cards are found by
``invariants.zones``, the same walk the book's conservation laws use.
"""

from __future__ import annotations

from typing import Any

from ...core.box import counted
from .invariants import zones

COMPONENT = {"G": "gin_card", "B": "botanical_card", "J": "juniper_card", "K": "brand_card"}
"""A card's component by the first letter of its id (``content.py``: G gins, B botanicals, J junipers, K brands)."""


def locate(t: Any) -> list[tuple[str, str, Any]]:
    """``(place, component, item)`` for every card, coin and VP marker on the table."""
    out: list[tuple[str, str, Any]] = [
        (place, COMPONENT.get(card[:1], card), card) for place, cards in zones(t) for card in cards if card
    ]
    out.extend(counted(f"coins[{s}]", "coin", p["coins"]) for s, p in enumerate(t.players))
    stock = t.stock()
    if stock is not None:
        out.append(counted("stock", "coin", stock))
    out.extend(("vp track", "vp_marker", f"seat {s}") for s in range(t.n))
    return out


def context(t: Any) -> dict[str, int]:
    """The table's facts the box counts read: the coins the box holds here, the rows, each deck at setup."""
    r, c = t.rules, t.content
    coins = r.coin_supply if r.coins == "finite" else sum(p["coins"] for p in t.players)
    botanical_row, juniper_row = len(r.botanical_prices), len(r.juniper_prices)
    return {
        "coins": coins,
        "botanical_row": botanical_row,
        "juniper_row": juniper_row,
        "gin_deck_at_setup": len(c.gins) - r.start_gin * t.n,
        "botanical_deck_at_setup": len(c.botanicals) - botanical_row,
        "juniper_deck_at_setup": len(c.junipers) - juniper_row,
        "brand_deck_at_setup": len(c.brands) - r.start_brand * t.n,
    }
