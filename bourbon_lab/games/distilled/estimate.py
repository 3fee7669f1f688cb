"""Each seat's SP as if the game ended now, for a search that stops before the end.

Distilled pays most of its SP at the end: the spirits left aging in the warehouse, the bottle
collection, the upgrades, the goals and 1 SP per 5 money. Mid-game SP counts only what was sold,
so a search judged by it sells early and never builds the warehouse the book scores. The
estimate runs the book's endgame scoring on a copy of the table.
"""

from __future__ import annotations

from typing import Any


def estimate(g: Any) -> list[float]:
    """The endgame SP of a copy scored now (the real SP once the game is over)."""
    if g.is_over:
        return [float(g.total_sp(p)) for p in range(g.n)]
    ended = g.clone()
    ended.final_scoring()
    return [float(ended.total_sp(p)) for p in range(g.n)]
