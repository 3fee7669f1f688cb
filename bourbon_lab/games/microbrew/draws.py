"""Chance: blind draws from the tin, and the customer and recipe decks (the only random things in the game).

The tin is kept as counts (its contents can be deduced, its order cannot), and a blind draw
picks a token from the counts with the tin stream; the decks are shuffled lists drawn from the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import TOKENS

if TYPE_CHECKING:
    from .state import Microbrew


def token(g: Microbrew) -> str | None:
    """One blind draw; an empty tin first takes back the discards (book, Mash); None if still empty."""
    total = sum(g.tin)
    if total == 0:
        recycle(g)
        total = sum(g.tin)
        if total == 0:
            return None
    k = g.tin_stream.below(total)
    for i, count in enumerate(g.tin):
        if k < count:
            g.tin[i] -= 1
            return TOKENS[i]
        k -= count
    raise AssertionError("unreachable: the tin count is off")


def recycle(g: Microbrew) -> int:
    """All discarded malts and hops back into the tin; how many went back."""
    moved = sum(g.discard)
    for i in range(4):
        g.tin[i] += g.discard[i]
    g.discard = [0, 0, 0, 0]
    return moved


def discard(g: Microbrew, token: str) -> None:
    """A token onto the discards (they go back to the tin at Flush or when the tin runs dry)."""
    g.discard[TOKENS.index(token)] += 1


def shuffle_in(g: Microbrew, deck: list[str], card: str) -> None:
    """Put a card back into a deck at a random place (the book's "shuffle back")."""
    deck.insert(g.deck_stream.below(len(deck) + 1), card)


def customer(g: Microbrew) -> str | None:
    """Reveal the next customer as thirsty; the last one starts the end (the book's deck-out)."""
    if not g.customer_deck:
        return None
    cid = g.customer_deck.pop()
    g.thirsty.append(cid)
    g.emit("customer_revealed", None, customer=cid)
    if not g.customer_deck and g.final_round is None:
        g.final_round = g.round + g.rules.final_rounds_after_deckout
        g.emit("deck_out", None, final_round=g.final_round)
    return cid


def recipe(g: Microbrew) -> str | None:
    """Reveal the next recipe on the table."""
    if not g.recipe_deck:
        return None
    rid = g.recipe_deck.pop()
    g.table.append(rid)
    g.emit("recipe_revealed", None, recipe=rid)
    return rid
