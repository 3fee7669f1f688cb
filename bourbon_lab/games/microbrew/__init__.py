"""Microbrew behind the game protocol: its declared facts and its ``GameDef``.

A tight worker-placement game (seeds/003): brewers take jobs in a shared brewery, brew by
sliding tokens in a Copper, bottle columns, let them ferment, and serve customers who may
become loyal. The book's numbers and our defaults for its silences are in ``data/``; the
decisions are in ``docs/games/microbrew-rules-decisions.md``. It is presented by its own
sentences (``narrate.py``) and its own board (``board.py``, drawn by ``board.js`` and
``board.css`` beside it).
"""

from pathlib import Path

from ...core import BoardDef, GameDef, GameInfo, ViewSeats, register_game
from .board import board_view
from .box import BOX_FILE, box_context, locate
from .columns import COLUMNS
from .invariants import broken
from .narrate import describe
from .ruleset import Ruleset
from .state import Microbrew

INFO = GameInfo(
    name="microbrew",
    title="Microbrew",
    min_players=2,
    max_players=4,
    table=2,  # the book's two-player brewery is the game's first table (its targets are all at 2 players)
    max_decisions=6_000,
    dynamics=("sequential", "commit_groups"),
    interrupts=("free_brew",),
    ended_by=("deck_out", "all_loyal", "round_limit"),
    chance="sampled",
    information="imperfect",
    description="Place brewers on jobs, slide malts in your Copper, bottle and ferment, win loyal customers.",
)

_HERE = Path(__file__).resolve().parent
BOARD = BoardDef(view=board_view, esm=_HERE / "board.js", css=_HERE / "board.css")

# Where the view holds seats (its hashed RL encoding turns them to the viewer): a reveal is keyed by seat.
VIEW_SEATS = ViewSeats(
    by_seat=("players", "reveals"),
    seat_numbers=("decision.actor", "decision.turn_owner", "decision.group", "first", "active", "spaces.*"),
)

GAME = register_game(
    GameDef(
        info=INFO,
        package=__name__,
        ruleset=Ruleset,
        new=Microbrew.new,
        restore=Microbrew.restore,
        columns=COLUMNS,
        narrate=describe,
        board=BOARD,
        invariants=broken,
        mechanics_file=Path(__file__).parent / "data" / "mechanics.yaml",
        secrets_file=Path(__file__).parent / "data" / "secrets.yaml",
        targets_file=Path(__file__).parent / "data" / "targets.yaml",
        view_seats=VIEW_SEATS,
        box_file=BOX_FILE,
        locate=locate,
        box_context=box_context,
    )
)

__all__ = ["GAME", "INFO", "Microbrew", "Ruleset"]
