"""Bourbonomics behind the game protocol: its declared facts and its ``GameDef``, over its ``rules`` package.

The engine lives in ``rules/`` with its content in ``rules/data/``; this module registers it. ``Game`` already
satisfies ``core.GameState`` (``decision``, ``score_rows`` and ``visible_to`` were added beside
its own ``scores``), so it is registered directly, with no wrapper on the hot path. It is
presented by its own sentences (``narrate.py``) and its own board (``board.py``, drawn by
``board.js`` and ``board.css`` beside it).
"""

from pathlib import Path

from ...core import BoardDef, GameDef, GameInfo, ViewSeats, register_game
from .board import board_view
from .columns import COLUMNS
from .narrate import describe
from .rules import Game, Ruleset, new_game
from .rules.box import BOX_FILE, box_context, locate
from .rules.encoding import encoder

_HERE = Path(__file__).resolve().parent
BOARD = BoardDef(view=board_view, esm=_HERE / "board.js", css=_HERE / "board.css")

INFO = GameInfo(
    name="bourbonomics",
    title="Bourbonomics",
    min_players=2,
    max_players=6,
    max_decisions=20_000,
    dynamics=("sequential",),
    ended_by=("orders", "round_limit"),
    chance="sampled",
    information="imperfect",
    description="Build barrels from hidden-quality resources, age them, sell them into a crashing demand market.",
)

# Where the view holds seats (its hashed RL encoding turns them to the viewer).
VIEW_SEATS = ViewSeats(by_seat=("players",), seat_numbers=("current_player", "order", "players.*.seat"))

GAME = register_game(
    GameDef(
        info=INFO,
        ruleset=Ruleset,
        new=new_game,
        restore=Game.restore,
        columns=COLUMNS,
        encoder=encoder,
        narrate=describe,
        board=BOARD,
        mechanics_file=Path(__file__).parent / "rules" / "data" / "mechanics.yaml",
        secrets_file=Path(__file__).parent / "rules" / "data" / "secrets.yaml",
        view_seats=VIEW_SEATS,
        box_file=BOX_FILE,
        locate=locate,
        box_context=box_context,
    )
)

__all__ = ["BOARD", "GAME", "INFO", "Game", "Ruleset", "new_game"]
