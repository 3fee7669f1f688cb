"""Bots for any game, using only the protocol: ``random`` and a determinised flat Monte Carlo ``search``.

A game may register its own bot of either name (Bourbonomics does: its ``random`` lets a turn go
on, its ``search`` plans with its heuristics); these are what every other game gets.
"""

from __future__ import annotations

from typing import Any

from .base import ANY_GAME, Bot, register


class UniformRandom(Bot):
    """Any legal action, each as likely as the next."""

    name = "random"

    def choose(self, view: Any, legal: list) -> Any:
        if len(legal) == 1:  # a forced move draws no randomness
            return legal[0]
        return self.rng.choice(list(legal))


class FlatSearch(Bot):
    """Tries each legal action on worlds re-dealt from what it sees, playing on at random; keeps the best.

    ``budget`` rollouts per decision are shared among the actions (at most ``width`` of them);
    a rollout plays random legal moves for ``horizon`` rounds (or to the end) and scores my
    score minus the best rival's. With a single choice, or too small a budget, it plays at random.
    """

    name = "search"

    def __init__(self, seed: int = 0, budget: int = 32, horizon: int = 2, width: int = 6):
        super().__init__(seed)
        self.budget, self.horizon, self.width = budget, horizon, width

    def choose(self, view: Any, legal: list) -> Any:
        candidates = list(legal)[: self.width]
        if len(candidates) < 2 or self.budget < len(candidates):
            return self.rng.choice(list(legal))
        me = view.player
        totals = [0.0] * len(candidates)
        for _ in range(self.budget // len(candidates)):
            world = view.determinise(self.rng)
            for i, action in enumerate(candidates):
                totals[i] += self.rollout(world.clone(), action, me)
        return candidates[max(range(len(candidates)), key=totals.__getitem__)]

    def rollout(self, g: Any, first: Any, me: int) -> float:
        if g.decision.actor != me:  # a commit group's seat choosing out of turn plays its own choice
            g.apply(first, me, check=False)
        else:
            g.apply(first, check=False)
        stop = g.round + self.horizon
        while not g.is_over and g.round < stop:
            g.apply(self.rng.choice(list(g.legal_actions())), check=False)
        return self.evaluate(g, me)

    @staticmethod
    def evaluate(g: Any, me: int) -> float:
        """My score lead over the best rival (the protocol's ``score_rows``)."""
        scores = {r.player: r.score for r in g.score_rows()}
        return scores[me] - max(s for p, s in scores.items() if p != me)


register(UniformRandom, ANY_GAME)
register(FlatSearch, ANY_GAME)
