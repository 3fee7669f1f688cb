"""The example's own bot, registered for its game: ``bots="heuristic"`` finds it through ``GameDef.part``."""

from bourbon_lab.core.bots import Bot, register


class Heuristic(Bot):
    """Leave the next distiller a multiple of ``most + 1`` barrels when it can (the known winning line at 2)."""

    name = "heuristic"

    def choose(self, view, legal):
        table = view  # the table is all public, so its view is itself
        k = table.left % (table.rules.most + 1)
        return f"roll {k}" if k and f"roll {k}" in legal else self.rng.choice(legal)


register(Heuristic, game="rickhouse_nim")
