"""Baselines: ``random`` (any legal action) and ``greedy`` (the best immediate Capital + Prestige)."""

from __future__ import annotations

from ....core.bots import Bot, register
from ..actions import Action
from .heuristic import Heuristic

_FLOW = ("end_turn", "pass_dice", "stop_rolling")


@register
class RandomBot(Bot):
    """Uniform over legal actions, but ends a step only one time in five when it could do more.

    A uniform choice ends most turns at once and never builds a barrel, which makes a
    useless baseline; this keeps it random while letting it actually play.
    """

    name = "random"

    def choose(self, view, legal: list[Action]) -> Action:
        if len(legal) == 1 and legal[0].verb == "end_turn":  # the engine used to take this one itself:
            return legal[0]  # drawing nothing keeps every seed's game as it was
        rest = [a for a in legal if a.verb not in _FLOW]
        if rest and self.rng.random() >= 0.2:
            return self.rng.choice(rest)
        return self.rng.choice(legal)


@register
class Greedy(Heuristic):
    """Takes the sale with the best immediate Capital + Prestige; never spends on the future."""

    name = "greedy"
    max_upgrades = 0

    def pick_sale(self, view, options):
        return max(options, key=lambda o: o.gain).action if options else None

    def on_bills(self, view, legal):
        keeps = [a for a in legal if a.verb == "keep_bill"]
        if keeps:
            return min(keeps, key=lambda a: view.rules.bills_by_id[a.args[0].split(".")[0]].size)
        return super().on_bills(view, legal)

    def pick_upgrade(self, view, legal):
        return None
