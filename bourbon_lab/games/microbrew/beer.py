"""Bottling, fermentation and ratings: what a column of tokens becomes and what a customer makes of it.

Bottling and fermenting are order-free (the peer-games design notes): the tokens are laid on the recipe's
spaces to match as many as possible, and ferment in space order. One fermentation takes one token
per bottle: a token matching its space is discarded; the first one that does not becomes the
contaminant; later ones are discarded. So a beer is ready after as many fermentations as it has
tokens, and contaminated exactly when a token did not match.
"""

from __future__ import annotations

from collections import Counter

from .content import HOP


def lay(tokens: list[str], recipe: str, match: str) -> list[str]:
    """The tokens on the recipe's spaces as ``token + space`` pairs, in fermenting order.

    ``per_space``: each space takes a token of its colour while one is left, the rest fill the
    remaining spaces. ``colour_on_recipe``: any token whose colour is on the recipe matches, so
    the order is the column's.
    """
    if match == "colour_on_recipe":
        return [t + s for t, s in zip(tokens, recipe)]
    left = list(tokens)
    placed: list[str | None] = [None] * len(recipe)
    for i, space in enumerate(recipe):
        if space in left:
            left.remove(space)
            placed[i] = space
    rest = iter(left)
    return [(placed[i] or next(rest)) + space for i, space in enumerate(recipe)]


def matches(pair: str, recipe: str, match: str) -> bool:
    """Whether the token of a ``token + space`` pair matches the recipe (a hop never does)."""
    token = pair[0]
    if token == HOP:
        return False
    return token == pair[1] if match == "per_space" else token in recipe


def would_contaminate(tokens: list[str], recipe: str, match: str) -> bool:
    """Whether a bottle of these tokens will end with a contaminant (known as soon as it is bottled)."""
    return any(not matches(p, recipe, match) for p in lay(tokens, recipe, match))


def differences(recipe: str, favourite: str) -> int:
    """Colours of the recipe that differ from the customer's favourite, order ignored (the book)."""
    return len(recipe) - sum((Counter(recipe) & Counter(favourite)).values())


def rating(recipe: str, favourite: str, contaminated: bool, cuts: tuple[int, ...], penalty: int) -> int:
    """0 Perfect, 1 Smooth, 2 Rough, 3 Muddled: the table's rating, lowered by a contaminant, Muddled the floor."""
    diff = differences(recipe, favourite)
    index = sum(1 for c in cuts if diff > c) + (penalty if contaminated else 0)
    return min(index, 3)


def shape(recipe: str) -> int:
    """0 for a 3-1 recipe (or more of one colour), 1 for 2-2, 2 for 2-1-1 (or more colours)."""
    counts = sorted(Counter(recipe).values(), reverse=True)
    if counts[0] >= 3:
        return 0
    if counts[0] == 2 and len(counts) == 2:
        return 1
    return 2


def pay(recipe: str, rated: int, perfect: tuple[int, ...], lower: tuple[int, ...]) -> int:
    """What the recipe card pays for a rating."""
    return perfect[shape(recipe)] if rated == 0 else lower[rated - 1]
