"""Tip Jar with one defect each: the conformance harness must fail every one of them.

Each broken game is registered under its own name on import, with a ``new`` defined here, so
the harness's replay in another process imports this module and finds the same game.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

from toygame import INFO, TipJar, TipRules, TipView

from bourbon_lab.core import GameDef, register_game


class LeakyView(TipJar):
    """Shows every hand to everyone: 'no private field of another player' is broken."""

    def view(self, player):
        return {**super().view(player), "hands": [list(h) for h in self.hands]}


class DirtyApply(TipJar):
    """Logs every attempt before checking it, so a refused action still leaves a trace."""

    def apply(self, action, player=None, *, check=True):
        self.emit("attempt", player, action=str(action))
        return super().apply(action, player)


class ProcessSeeded(TipJar):
    """Shuffles its deck from the process id as well as the seed: same seed, another log elsewhere.

    The shuffled deck goes into a private log entry, so the defect always shows: a short game
    might otherwise draw the same few cards in both processes and hide it (it did, once in CI).
    """

    def __init__(self, rules, n, seed):
        super().__init__(rules, n, seed)
        self.deck.sort()
        random.Random(seed * 100_003 + os.getpid()).shuffle(self.deck)
        self.emit("shuffle", None, visible_to=(), deck=list(self.deck))


class NoRedeal(TipJar):
    """``determinise`` hands back an exact copy, so the view checks would test nothing."""

    def observe(self, player):
        return _Copy(self, player)


class _Copy(TipView):
    def determinise(self, rng):
        return self.game.clone()


class LopsidedScores(TipJar):
    """Leaves the bid points out of the points by source."""

    def score_rows(self):
        return [replace(r, parts={k: v for k, v in r.parts.items() if k != "bid"}) for r in super().score_rows()]


class FirstComesFirst(TipJar):
    """Gives whoever commits first a bonus point: the commit order leaks into the result."""

    def _bid(self, p, text):
        self.order = [*getattr(self, "order", []), p]
        if len(self.bids) == self.n - 1:
            self.points[self.order[0]]["bid"] += 1
            self.order = []
        super()._bid(p, text)


def _define(name: str, cls: type, **info) -> GameDef:
    rules = type(f"{cls.__name__}Rules", (TipRules,), {"game": name})

    def new(r, players, seed=0):
        return cls(r, players, seed)

    return GameDef(info=replace(INFO, name=name, **info), ruleset=rules, new=new, restore=cls.restore)


BROKEN = {
    "tipjar-leaky-view": _define("tipjar-leaky-view", LeakyView),
    "tipjar-dirty-apply": _define("tipjar-dirty-apply", DirtyApply),
    "tipjar-process-seeded": _define("tipjar-process-seeded", ProcessSeeded),
    "tipjar-no-redeal": _define("tipjar-no-redeal", NoRedeal),
    "tipjar-lopsided-scores": _define("tipjar-lopsided-scores", LopsidedScores),
    "tipjar-too-long": _define("tipjar-too-long", TipJar, max_decisions=5),
    "tipjar-first-comes-first": _define("tipjar-first-comes-first", FirstComesFirst),
}
for _game in BROKEN.values():
    register_game(_game)
