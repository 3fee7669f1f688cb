"""Rickhouse Nim: the tiny fifth game of docs/adding-a-game.md, one folder plus its registration.

A rickhouse holds ``barrels`` barrels; in turn each distiller rolls out 1 to ``most`` of them, and
whoever rolls out the last barrel wins. Everything the lab needs of a game is in this folder:
the ruleset (``ruleset.py`` over ``data/ruleset.yaml``), the table (``table.py``), its bots
(``bots.py``, found by ``GameDef.part("bots")``) and its build (``native.toml``). The lab
registers a built-in game with one line in ``bourbon_lab/games/__init__.py``; a test registers this
one with ``register_lazy("rickhouse_nim", "fifthgame")``.
"""

from pathlib import Path

from bourbon_lab.core import GameDef, GameInfo, register_game
from bourbon_lab.core.optional import SetupChoice

from .ruleset import Ruleset
from .table import CASKS, RickhouseNim

CASK_WOOD = SetupChoice(
    name="casks",
    item="cask wood",
    options=lambda rules: list(CASKS),
    of_table=lambda table: list(table.casks),
    of_snapshot=lambda snap: list(snap.get("casks") or ["oak"] * snap["n"]),
    description="Each distiller's cask wood (an example of a setup choice: it changes nothing in play).",
)

INFO = GameInfo(
    name="rickhouse_nim",
    title="Rickhouse Nim (example)",
    min_players=2,
    max_players=4,
    max_decisions=200,
    ended_by=("empty",),
    chance="none",
    information="perfect",
    description="Roll barrels out of a rickhouse; whoever rolls out the last one wins.",
)

GAME = register_game(
    GameDef(
        info=INFO,
        package=__name__,
        ruleset=Ruleset,
        new=RickhouseNim.new,
        restore=RickhouseNim.restore,
        mechanics_file=Path(__file__).parent / "data" / "mechanics.yaml",
        setup=(CASK_WOOD,),
    )
)
