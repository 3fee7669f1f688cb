"""The box's tokens are never lost: each is in the tin, the discards, a Copper, a beer or a contaminant area.

Book (Components): "16 yellow light malt, 16 orange medium malt, 16 brown dark malt, 6 green hop" (the
ruleset's ``tin``; both tins at 3-4 players, ours), and no rule takes a token out of the game: a fermented
token is discarded, a contaminant sits in the recipe's contaminant area until the beer is served (then it
is discarded, ours), and the discards go back to the tin at Flush or when the tin runs dry.
Money is never negative (ours: every cost is asked only of a player who can pay it).
Where each token is found is ``box.tokens``, the same places the box law (``data/box.yaml``) reads.
"""

from __future__ import annotations

from typing import Any

from .box import tokens
from .content import TOKENS


def count(g: Any) -> list[int]:
    """Tokens of each kind (light, medium, dark, hop) found anywhere on the table."""
    found = [0] * len(TOKENS)
    for _, k, n in tokens(g):
        found[TOKENS.index(k)] += n
    return found


def broken(g: Any) -> list[str]:
    """Every law the table breaks now (empty when it keeps them all)."""
    box, found = [x * g.copies for x in g.rules.tin], count(g)
    out = [f"{found[i]} {k} tokens in play, the box has {box[i]}" for i, k in enumerate(TOKENS) if found[i] != box[i]]
    out += [f"player {p} has ${c}" for p, c in enumerate(g.cash) if c < 0]
    return out
