"""Recipe matching and ``distill_odds``: the exact chance of each recipe after the shuffle and cut.

The shuffle is uniform, so the cut removes a uniformly random set of ``cut_top + cut_bottom``
cards; enumerating every such set (at most 20 choose 2 = 190 for the book's cut) gives exact odds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

from .content import Card, Content, content


def matches(c: Content, cards: Sequence[Card], known: Iterable[str]) -> list[str]:
    """The recipes of ``known`` the cards left after the cut make (not the Vodka / Moonshine fallback).

    'The remaining stack must meet the recipe's sugar type and minimum quantity. Forbidden sugar
    types invalidate the recipe.' (book) A signature recipe also needs 'the signature ingredient or
    a premium ingredient of the same sugar type' (book).
    """
    counts = {"grain": 0, "fruit": 0, "plant": 0}
    premium = set()
    for card in cards:
        if card.sugar:
            counts[card.sugar] += 1
            if card.premium:
                premium.add(card.sugar)
    out = []
    for name in known:
        r = c.recipes[name]
        if r.tier == "known":
            continue
        if any(counts[s] < k for s, k in r.needs) or any(counts[s] for s in r.forbids):
            continue
        if r.signature_of and r.sugar not in premium:
            continue
        out.append(name)
    return out


def fallback(cards: Sequence[Card]) -> str:
    """No match: 'It defaults to Vodka (if any sugar remains) or Moonshine (no sugars).' (book)."""
    return "vodka" if any(card.sugar for card in cards) else "moonshine"


def cut_odds(
    c: Content,
    stack: Sequence[Card],
    cut: int,
    known: Sequence[str],
    keep_best_cut: bool = False,
) -> dict[str, float]:
    """Chance that each recipe of ``known`` can be claimed, and of each fallback, over every possible cut."""
    n = len(stack)
    k = min(cut, n)
    tally: dict[str, int] = {}
    total = 0
    for removed in combinations(range(n), k):
        gone = [stack[i] for i in removed if not stack[i].signature]
        back = [stack[i] for i in removed if stack[i].signature]
        if keep_best_cut and gone:
            best = max(gone, key=lambda card: (card.kind == "sugar", card.sp))
            back.append(best)
        left = [stack[i] for i in range(n) if i not in removed] + back
        found = matches(c, left, known)
        for name in found or [fallback(left)]:
            tally[name] = tally.get(name, 0) + 1
        total += 1
    return {name: round(float(Fraction(v, total)), 4) for name, v in sorted(tally.items())}


def distill_odds(
    washback: dict[str, list[str]], rules: Any = None, known: Sequence[str] | None = None
) -> dict[str, float]:
    """The exact chance of each recipe after the cut, for a washback of card names by slot.

    >>> odds = distill_odds({"yeast": ["yeast"], "sugar": ["grain", "grain"], "water": ["water"]})
    >>> odds["bourbon"], odds["vodka"]
    (0.4, 0.5333)

    ``known`` defaults to every recipe of the ruleset's flight (default rules: flight A). Alcohol is
    added as the rules say (1 per sugar card in the book).
    """
    from .ruleset import Ruleset

    rules = rules or Ruleset.default()
    c = content()
    cards = [c.cards[name] for slot in ("yeast", "sugar", "water") for name in washback.get(slot, [])]
    cards += [c.cards["alcohol"]] * (rules.alcohol_per_sugar * len(washback.get("sugar", [])))
    recipes = list(known) if known is not None else list(c.flights[rules.flight])
    return cut_odds(c, cards, rules.cut_top + rules.cut_bottom, recipes)
