"""Distilled (rulebook ``seeds/001``) on the game protocol: seven rounds of market, distill, sell and age.

Content and every number live in ``data/*.yaml`` (``ruleset.py`` marks the book's and ours); the
decisions where the book is silent are in ``docs/games/distilled-rules-decisions.md``. It is presented
by its own sentences (``narrate.py``) and its own board (``board.py``, drawn by ``board.js`` and
``board.css`` beside it).
"""

from pathlib import Path

from ...core import BoardDef, GameDef, GameInfo, ViewSeats, register_game
from .board import board_view
from .box import BOX_FILE, box_context, locate
from .columns import COLUMNS
from .game import Distilled
from .invariants import broken
from .narrate import describe
from .odds import distill_odds
from .ruleset import Ruleset

INFO = GameInfo(
    name="distilled",
    title="Distilled",
    min_players=2,
    max_players=5,
    max_decisions=6_000,
    dynamics=("sequential", "commit_groups"),
    ended_by=("rounds",),
    chance="sampled",
    information="imperfect",
    description="Buy ingredients, distil with a random cut, age for hidden flavour, sell for money and spirit points.",
)

_HERE = Path(__file__).resolve().parent
BOARD = BoardDef(view=board_view, esm=_HERE / "board.js", css=_HERE / "board.css")

# Where the view holds seats (its hashed RL encoding turns them to the viewer): lists by seat, and seat numbers.
VIEW_SEATS = ViewSeats(
    by_seat=(
        "money",
        "sp",
        "sp_by_source",
        "identity",
        "pantry",
        "storeroom",
        "display",
        "upgrades",
        "known",
        "signature_done",
        "spaces",
        "warehouse",
        "pending",
        "sales",
        "passed",
        "goals_kept",
    ),
    seat_numbers=("actor", "group", "first", "committed", "awards.*.players", "sub.player", "claim.player"),
)

GAME = register_game(
    GameDef(
        info=INFO,
        package=__name__,
        ruleset=Ruleset,
        new=Distilled.new,
        restore=Distilled.restore,
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

__all__ = ["BOARD", "GAME", "INFO", "Distilled", "Ruleset", "distill_odds"]
