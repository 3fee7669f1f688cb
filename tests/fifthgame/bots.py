"""The example's own bot, registered for its game: ``bots="heuristic"`` finds it through ``GameDef.part``."""

from bourbon_lab.core.bots import Bot, book_actions, register


class Heuristic(Bot):
    """Leave the next distiller a multiple of ``most + 1`` barrels when it can (the known winning line at 2)."""

    name = "heuristic"

    def choose(self, view, legal):
        rolls = book_actions(legal) or legal  # a house rule's new action is none of the book's: left alone
        k = view.left % (view.rules.most + 1)
        return f"roll {k}" if k and f"roll {k}" in rolls else self.rng.choice(rolls)


register(Heuristic, game="rickhouse_nim")
