"""What the learned bot sees of a state: the seat's view hashed, plus a few numbers every game offers.

A state is read from one seat's side, through the protocol alone, so one model serves every seat and
any game: ``view(seat)`` is flattened and hashed by the core's walk (``core/viewhash.py``, the one the
RL observation uses too; seats in the view are turned to the reader, as the game's ``view_seats``
says), and ``score_rows`` (with the game's ``estimate`` of the end, when it
declares one) gives the standing: the search bot's reward, the share of rivals beaten, the lead, the
round, points by source. A state is a sparse row: ``{column: value}``, the first ``len(NAMES)`` columns
the named numbers, the rest the hashed view.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.errors import UnknownGame
from ..core.registry import get_game
from ..core.viewhash import ViewWalker, crc

NAMES = (
    "bias",
    "over",
    "reward",
    "ahead",
    "lead",
    "score",
    "round",
    "reward_by_round",
    "to_move",
)
"""The named columns, in order: a constant, the game over, the search bot's reward (the game's estimate of
the end inside it), the share of rivals beaten, the lead and the score (in the table's spread of points),
the round, the reward times the round (the standing counts for more later), this seat to move."""

PARTS = 16
"""Buckets for points by source: the seat's own, then the best rival's (hashed by the source's name)."""

SKIP = frozenset({"legal_actions", "viewer", "legal", "log", "events"})
"""View keys left out: the legal list is the decision's, not the state's; a log only grows."""


def _ahead(keys: list[tuple], seat: int) -> float:
    """Rivals ``seat`` is ahead of, ties counting half."""
    mine = keys[seat]
    return sum(1.0 if k < mine else 0.5 if k == mine else 0.0 for q, k in enumerate(keys) if q != seat)


class Features:
    """Sparse rows for one game and table size: ``row(world, seat)`` (see the module docstring)."""

    def __init__(self, game: str, players: int, size: int = 512):
        self.game, self.players, self.size = game, players, size
        try:
            gamedef = get_game(game)
            seats = gamedef.view_seats
            self.hasher = ViewWalker(size, SKIP, seats.by_seat, seats.seat_numbers)
            module = gamedef.part("estimate")
        except UnknownGame:  # a game made up for a test: a plain players list, no estimate
            self.hasher, module = ViewWalker(size, SKIP), None
        self.estimate = getattr(module, "estimate", None)
        self.parts_at = len(NAMES)
        self.view_at = self.parts_at + 2 * PARTS
        self.dim = self.view_at + size
        self._part_bucket: dict[str, int] = {}

    def row(self, world: Any, seat: int) -> dict[int, float]:
        """The state ``world`` as ``seat`` may know it."""
        n = self.players
        out: dict[int, float] = {0: 1.0}
        rows = world.score_rows()
        scores = [0.0] * n
        keys: list[tuple] = [()] * n
        for r in rows:
            scores[r.player] = float(r.score)
            keys[r.player] = r.key
        over = world.is_over
        spread = max(1.0, 0.25 * sum(abs(x) for x in scores) / n)
        mine = scores[seat]
        best = max(scores[q] for q in range(n) if q != seat)
        out[1] = 1.0 if over else 0.0
        out[2] = self._reward(world, seat, scores, keys, over)
        out[3] = _ahead(keys, seat) / (n - 1)
        out[4] = math.tanh((mine - best) / spread)
        out[5] = mine / spread
        out[6] = float(world.round)
        out[7] = out[2] * world.round
        d = world.decision
        if d is not None and d.actor == seat:
            out[8] = 1.0
        self._parts(rows, seat, out)
        self.hasher.add(world.view(seat), seat, n, out, self.view_at)
        return out

    def _reward(self, world: Any, seat: int, scores: list[float], keys: list[tuple], over: bool) -> float:
        """The search bot's reward for ``seat`` (``ismcts.rewards``), the game's estimate of the end before it."""
        n = self.players
        if self.estimate is not None and not over:
            scores = [float(x) for x in self.estimate(world)]
            keys = [(scores[p], *keys[p][1:]) for p in range(n)]
        spread = max(1.0, 0.25 * sum(abs(x) for x in scores) / n)
        best = max(scores[q] for q in range(n) if q != seat)
        lead = 0.5 + 0.5 * math.tanh((scores[seat] - best) / spread)
        return 0.8 * _ahead(keys, seat) / (n - 1) + 0.2 * lead

    def _parts(self, rows: list, seat: int, out: dict[int, float]) -> None:
        """Points by source: the seat's own at one bucket per source, the best rival's at another."""
        rival: dict[str, float] = {}
        for r in rows:
            for source, points in r.parts.items():
                if not points:
                    continue
                b = self._part_bucket.get(source)
                if b is None:
                    b = self._part_bucket[source] = crc(source) % PARTS
                if r.player == seat:
                    out[self.parts_at + b] = out.get(self.parts_at + b, 0.0) + float(points)
                elif points > rival.get(source, -math.inf):
                    rival[source] = float(points)
        for source, points in rival.items():
            b = self.parts_at + PARTS + self._part_bucket[source]
            out[b] = out.get(b, 0.0) + points
