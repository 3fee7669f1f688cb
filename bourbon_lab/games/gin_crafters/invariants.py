"""The book's conservation laws for a Gin Crafters table, checked by the soak after every action.

"Gin Crafters contains … 40 gin cards, 40 botanical cards, 30 juniper cards, 23 brand cards": a
card is always in exactly one place (a deck, its discards, a market slot, a hand, a botanical
area, the distilled gins or the spent cards); key botanicals are spent cards turned sideways, so
``keys`` is a part of ``spent``. Coins are never negative, nor are the VP of any source.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

PLACES = ("gins", "brands", "area", "distilled", "spent")


def where(t: Any) -> Counter:
    """How many times each card is found on the table (1 for every card of the box, when all is well)."""
    seen: Counter = Counter()
    for zone in (t.decks, t.discards, t.market):
        for cards in zone.values():
            seen.update(c for c in cards if c)
    seen.update(t.pending)
    for p in t.players:
        for place in PLACES:
            seen.update(p[place])
    return seen


def broken(t: Any) -> list[str]:
    """Every conservation law the table breaks now (empty when it keeps them all)."""
    c = t.content
    box = [*c.gins, *c.botanicals, *c.junipers, *c.brands]
    seen = where(t)
    out = [f"card {card} is in {seen[card]} places" for card in box if seen[card] != 1]
    out += [f"card {card} is not in the box" for card in seen if card not in set(box)]
    for s, p in enumerate(t.players):
        if p["coins"] < 0:
            out.append(f"player {s} has {p['coins']} coins")
        if not set(p["keys"]) <= set(p["spent"]):
            out.append(f"player {s}: key botanicals {sorted(set(p['keys']) - set(p['spent']))} are not spent cards")
        out += [f"player {s}: {v} VP from {k}" for k, v in p["vp"].items() if v < 0]
    return out
