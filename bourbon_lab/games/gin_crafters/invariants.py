"""The book's conservation laws for a Gin Crafters table, checked by the soak after every action.

The box holds "45x gin cards", "40x botanical cards", "30x juniper berry cards", "18x brand cards" (book,
"Components"; ``data/box.yaml`` declares them for ``core.box``): a card is always in exactly one place (a deck, its
discards, a market slot, an Inspiration's look, a hand, a botanical area, the distilled gins or the spent cards);
key botanicals are spent cards turned sideways, so ``keys`` is a part of ``spent``. Coins are never negative, nor
are the VP of any source.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

PLACES = ("gins", "brands", "area", "distilled", "spent")


def zones(t: Any) -> list[tuple[str, list]]:
    """Every place a card can be, by name, with its cards (a market slot may be empty: ``None``)."""
    out: list[tuple[str, list]] = []
    for name, zone in (("deck", t.decks), ("discard", t.discards), ("market", t.market)):
        out.extend((f"{name} {deck}", cards) for deck, cards in zone.items())
    out.append(("inspiration", t.pending))
    for s, p in enumerate(t.players):
        out.extend((f"{place}[{s}]", p[place]) for place in PLACES)
    return out


def where(t: Any) -> Counter:
    """How many times each card is found on the table (1 for every card of the box, when all is well)."""
    seen: Counter = Counter()
    for _, cards in zones(t):
        seen.update(c for c in cards if c)
    return seen


def broken(t: Any) -> list[str]:
    """Every conservation law the table breaks now (empty when it keeps them all)."""
    c = t.content
    box = [*c.gins, *c.botanicals, *c.junipers, *c.brands]
    seen = where(t)
    out = [f"card {card} is in {seen[card]} places" for card in box if seen[card] != 1]
    known = set(box)
    out += [f"card {card} is not in the box" for card in seen if card not in known]
    for s, p in enumerate(t.players):
        if p["coins"] < 0:
            out.append(f"player {s} has {p['coins']} coins")
        if not set(p["keys"]) <= set(p["spent"]):
            out.append(f"player {s}: key botanicals {sorted(set(p['keys']) - set(p['spent']))} are not spent cards")
        out += [f"player {s}: {v} VP from {k}" for k, v in p["vp"].items() if v < 0]
    return out
