"""Gin Crafters on the game protocol: two actions a turn, a race to 30 VP, brand cards at the end.

The rulebook is ``seeds/002``; where it is silent, the design notes (``peer-games.md``) and
``docs/games/gin_crafters-rules-decisions.md`` give our defaults, all in ``data/*.yaml``. It is
presented by its own sentences (``narrate.py``) and its own board (``board.py``, drawn by ``board.js``
and ``board.css`` beside it).
"""

from pathlib import Path

from ...core import BoardDef, GameDef, GameInfo, ViewSeats, register_game
from .board import board_view
from .box import context as box_context
from .box import locate
from .columns import COLUMNS
from .content import CONTENT, load_content
from .encoding import encoder
from .invariants import broken
from .narrate import describe
from .ruleset import Ruleset
from .table import Table

INFO = GameInfo(
    name="gin_crafters",
    title="Gin Crafters",
    min_players=2,
    max_players=4,
    max_decisions=6_000,
    dynamics=("sequential",),
    interrupts=("threshold_bonus", "lend"),
    ended_by=("target", "round_limit"),
    chance="sampled",
    information="imperfect",
    description="Buy botanicals from sliding markets, distill gins for VP, race to 30; brand cards score at the end.",
)

_HERE = Path(__file__).resolve().parent
BOARD = BoardDef(view=board_view, esm=_HERE / "board.js", css=_HERE / "board.css")

# Where the view holds seats (its hashed RL encoding turns them to the viewer).
VIEW_SEATS = ViewSeats(
    by_seat=("players",), seat_numbers=("turn_owner", "start_player", "final_until", "distilling.lender")
)

GAME = register_game(
    GameDef(
        info=INFO,
        package=__name__,
        ruleset=Ruleset,
        new=Table.new,
        restore=Table.restore,
        columns=COLUMNS,
        encoder=encoder,
        narrate=describe,
        board=BOARD,
        invariants=broken,
        mechanics_file=Path(__file__).parent / "data" / "mechanics.yaml",
        secrets_file=Path(__file__).parent / "data" / "secrets.yaml",
        targets_file=Path(__file__).parent / "data" / "targets.yaml",
        view_seats=VIEW_SEATS,
        box_file=_HERE / "data" / "box.yaml",
        locate=locate,
        box_context=box_context,
    )
)

__all__ = ["BOARD", "CONTENT", "GAME", "INFO", "Ruleset", "Table", "load_content"]
