"""The learned bot's move: every legal action played out on the same re-dealt worlds and judged by the learned value.

An action is judged by what it does, never by its name. Each is applied to a clone of a world re-dealt
from the seat's view (``determinise``), the forced moves after it played, then ``depth`` more decisions
by the rollout policy (the game's heuristic at every seat, else random moves), and the state reached
is scored: exactly once the game is over (the reward ``ismcts.rewards`` gives at the end), else by the
learned value of a state (``value.py``, read from this seat's side by ``Features``). Every action sees
the same worlds and the same random draws (common random numbers), so what differs between their scores
is the action, not the luck. A house rule's new action is weighed like any other, so the bot leaves the
heuristic whenever another move plays out better: by more than ``margin`` (ties keep the heuristic's).
"""

from __future__ import annotations

import random
from typing import Any

from .base import bots_for, make_bot
from .features import Features
from .ismcts import rewards

FORCED = 64
"""At most this many forced moves are played after an action before its state is judged."""


def settle(world: Any) -> None:
    """Play the forced moves (a single legal action) that follow, up to ``FORCED``."""
    for _ in range(FORCED):
        if world.is_over:
            return
        legal = world.legal_actions()
        if len(legal) != 1:
            return
        world.apply(legal[0], check=False)


def heuristics(game: str, players: int, seed: int) -> list:
    """The game's heuristic, one a seat (None each when the game has none: random moves)."""
    own = "heuristic" in bots_for(game)
    return [make_bot("heuristic", seed=seed * 31 + s, game=game) if own else None for s in range(players)]


def pick(scores: list[float], favourite: int | None, margin: float) -> int:
    """The best score's index (first on a tie); the favourite's unless another beats it by more than ``margin``."""
    best = max(range(len(scores)), key=scores.__getitem__)
    if favourite is None or best == favourite:
        return best
    return best if scores[best] > scores[favourite] + margin else favourite


class Lookahead:
    """Short rollouts of every action judged by a learned value (see the module docstring).

    ``weights``: the value's (None: the search bot's reward stands in, as before any training);
    ``policies``: one rollout bot a seat (None at a seat: random moves).
    """

    def __init__(self, features: Features, weights: Any, depth: int, worlds: int = 1, margin: float = 0.0):
        self.features = features
        self.weights = None if weights is None else [float(w) for w in weights]
        self.depth, self.worlds, self.margin = depth, worlds, margin

    def leaf(self, world: Any, seat: int) -> float:
        """A stopped world's worth to ``seat``: exact at the end, else the learned value (clipped to [0, 1])."""
        if world.is_over or self.weights is None:
            return rewards(world, self.features.players, 0.2, self.features.estimate)[seat]
        w = self.weights
        v = 0.0
        for b, x in self.features.row(world, seat).items():
            v += w[b] * x
        return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v

    def values(self, view: Any, seat: int, legal: list, policies: list, rng: random.Random) -> list[float]:
        """Each action's mean worth over ``worlds`` re-dealt worlds, all actions sharing each world's luck."""
        totals = [0.0] * len(legal)
        for _ in range(self.worlds):
            base = view.determinise(rng)
            luck = rng.randrange(2**31)
            # A commit group's member may choose before the seat the decision names: its move is its own.
            aside = base.decision is not None and base.decision.actor != seat
            for i, action in enumerate(legal):
                world = base.clone()
                if aside:
                    world.apply(action, player=seat, check=False)
                else:
                    world.apply(action, check=False)
                self.roll(world, policies, luck)
                totals[i] += self.leaf(world, seat)
        return [t / self.worlds for t in totals]

    def best(self, view: Any, seat: int, legal: list, policies: list, favourite: int | None, rng) -> int:
        """The index of the action to play (``favourite``: the heuristic's, or None; ``inf`` margin: always it)."""
        if favourite is not None and self.margin == float("inf"):
            return favourite
        return pick(self.values(view, seat, legal, policies, rng), favourite, self.margin)

    def roll(self, world: Any, policies: list, luck: int) -> None:
        """``depth`` decisions by the rollout policy (forced moves free), its random draws seeded by ``luck``."""
        rng = random.Random(luck)
        for seat, p in enumerate(policies):
            if p is not None:
                p.forget()  # a plan from another world is no plan in this one
                p.rng.seed(luck + seat)
        left = self.depth
        settle(world)
        while left and not world.is_over:
            actor = world.decision.actor
            legal = world.legal_actions()
            if len(legal) == 1:
                world.apply(legal[0], check=False)
                continue
            p = policies[actor]
            action = p.choose(world.observe(actor), legal) if p is not None else legal[rng.randrange(len(legal))]
            world.apply(action, check=False)
            left -= 1
        settle(world)
