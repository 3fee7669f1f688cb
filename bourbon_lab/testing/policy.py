"""The soak's player: random among legal actions, but one that builds, sells and climbs a department.

A uniformly random player seldom saves the 1 + 2 + 3 Capital that takes one department to its
Ultimate, so the rules for Ultimates would hardly be played. This one picks a favourite department
at the start and buys its upgrades (and then any Ultimate on offer) whenever it can, while the rest
of its choices stay random with a lean toward actions that move the game on. The departments are the
ones on its own board (``levels``, in the book's order), so the policy imports no game's content.
"""

from __future__ import annotations

import random

# Relative weights of the verbs a uniformly random player would rarely get right by chance.
WEIGHTS = {
    "sell": 40.0,
    "make": 40.0,
    "stage": 10.0,
    "sort": 3.0,
    "keep_die": 0.5,
    "trade": 1.0,
    "reroll": 0.5,
    "select": 0.3,
    "unstage": 0.1,
}
FAVOURITE = 200.0
"""Weight of an upgrade of the favourite department (or of any Ultimate): bought as soon as it is legal."""
OTHER_UPGRADE = 0.3
NEEDED_CLAIM, IDLE_CLAIM = 20.0, 0.05
MOVE = 0.1


class SoakPlayer:
    """One seat's random policy; deterministic given its ``random.Random``."""

    __slots__ = ("rng", "favourite")

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.favourite: str | None = None

    def choose(self, g, legal: list):
        """One of ``legal`` (the game's legal actions for this seat)."""
        p = g.players[g.current_player]
        if self.favourite is None:  # the first draw of its stream, as when it was drawn at the seat's creation
            self.favourite = self.rng.choice(list(p.levels))
        if len(legal) == 1:
            return legal[0]
        if g.step == "claim":
            return self.rng.choices(legal, weights=self._claims(g, p, legal))[0]
        weights = []
        loose: set[str] | None = None
        for a in legal:
            verb = a.verb
            if verb == "upgrade":
                w = FAVOURITE if a.args[0] == self.favourite or len(a.args) > 1 else OTHER_UPGRADE
            elif verb == "stage":  # a Long Cellar move of a staged card only shuffles: seldom
                if loose is None:
                    loose = {c.id for c in p.warehouse}
                w = WEIGHTS["stage"] if a.args[0] in loose else MOVE
            elif verb == "keep_bill":
                w = 3.0 if sum(not b.built for b in p.barrels) < 2 else 0.1
            else:
                w = WEIGHTS.get(verb, 1.0)
            weights.append(w)
        return self.rng.choices(legal, weights=weights)[0]

    def _claims(self, g, p, legal: list) -> list[float]:
        need = needed_kinds(g, p)
        return [(NEEDED_CLAIM if a.args[-1] in need else IDLE_CLAIM) if a.verb == "claim" else 1.0 for a in legal]


def needed_kinds(g, p) -> set[str]:
    """Resource types some resting barrel still lacks once the warehouse is counted."""
    need: dict[str, int] = {}
    for b in p.barrels:
        if not b.built:
            bill = g.rules.bills_by_id.get(b.bill) or g.rules.bills_by_id[b.bill.split(".")[0]]
            for kind, n in bill.recipe:
                need[kind] = need.get(kind, 0) + n - sum(1 for c in b.cards if c.kind == kind)
    for c in p.warehouse:
        need[c.kind] = need.get(c.kind, 0) - 1
    return {k for k, n in need.items() if n > 0}
