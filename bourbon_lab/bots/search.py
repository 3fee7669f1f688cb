"""A determinised Monte Carlo search bot: it searches where it matters and lets a heuristic do the rest.

At a Play decision with a real alternative (which sale, whether to sell now, what to
upgrade, whether to stop) and at mash-bill choices, it re-deals what it cannot see
(``PlayerView.determinise``), tries each candidate, lets heuristic players play on for a
few rounds and scores the outcome; the budget is the number of such rollouts per decision.
Routine steps (dice, claims, staging) go straight to the heuristic.
"""

from __future__ import annotations

from ..rules import Action
from . import knowledge as k
from .base import register
from .heuristic import Hot, Prime, Rush
from .simple import Greedy

_SEARCHED = {"sell", "upgrade", "end_turn", "keep_bill", "return_bills"}


@register
class SearchBot(Rush):
    """Flat determinised Monte Carlo over the candidate actions, heuristic rollouts to a horizon."""

    name = "search"

    def __init__(self, seed: int = 0, budget: int = 48, horizon: int = 2, width: int = 4):
        super().__init__(seed)
        self.budget = budget
        self.horizon = horizon
        self.width = width
        self._policy = Rush(seed + 1)
        self._advisers = [Prime(seed + 2), Hot(seed + 3), Greedy(seed + 4)]

    def choose(self, view, legal: list[Action]) -> Action:
        base = super().choose(view, legal)
        if view.step not in ("turn", "bills") or base.verb in ("make", "stage"):
            return base
        candidates = self.candidates(view, legal, base)
        if len(candidates) < 2 or self.budget < len(candidates):
            return base
        per = self.budget // len(candidates)
        scores = {a: 0.0 for a in candidates}
        for _ in range(per):
            world = view.determinise(self.rng)
            for a in candidates:
                scores[a] += self.rollout(world.clone(), a, view.player)
        return max(candidates, key=lambda a: (scores[a], a == base))

    def candidates(self, view, legal, base) -> list[Action]:
        """The heuristic's own choice plus the strongest alternatives of each searched kind."""
        out = [base] + [adviser.choose(view, legal) for adviser in self._advisers]
        sales = sorted(k.sale_options(view, legal), key=lambda o: -o.gain)
        out += [o.action for o in sales[: self.width]]
        out += [a for a in legal if a.verb in ("upgrade", "keep_bill")][: self.width]
        out += [a for a in legal if a.verb in ("end_turn", "return_bills")]
        seen, unique = set(), []
        for a in out:
            if a not in seen:
                seen.add(a)
                unique.append(a)
        if base not in seen:
            unique.insert(0, base)
        return unique

    def rollout(self, g, first: Action, me: int) -> float:
        g.apply(first, check=False)
        stop = g.round + self.horizon
        policy = self._policy
        while not g.is_over and g.round < stop:
            seat = g.current_player
            g.apply(policy.choose(g.observe(seat), g.legal_actions()), check=False)
        return self.evaluate(g, me)

    def evaluate(self, g, me: int) -> float:
        """My score lead over the best opponent, counting barrels at a share of what they will fetch."""

        def worth(p) -> float:
            view = g.observe(p.seat)
            barrels = sum(k.value(view, b) * b.sales_left for b in p.barrels if b.built)
            bonus = 0.0 if g.is_over else 0.6 * barrels + 2.0 * len(p.completed)
            return p.capital + p.prestige_from_orders + bonus

        mine = worth(g.players[me])
        best_other = max(worth(p) for p in g.players if p.seat != me)
        return mine - best_other
