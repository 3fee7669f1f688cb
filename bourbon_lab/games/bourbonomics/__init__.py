"""Bourbonomics behind the game protocol: its declared facts and its ``GameDef``.

The engine is the modules beside this one (pure Python, no UI or dataframe imports), its content in
``data/``, its bots in ``bots/``; this module registers it. ``Game`` already
satisfies ``core.GameState`` (``decision``, ``score_rows`` and ``visible_to`` were added beside
its own ``scores``), so it is registered directly, with no wrapper on the hot path. It is
presented by its own sentences (``narrate.py``) and its own board (``board.py``, drawn by
``board.js`` and ``board.css`` beside it).
"""

from pathlib import Path

from ...core import BoardDef, GameDef, GameInfo, ViewSeats, register_game
from ...core.optional import SetupChoice
from .action_index import action_index
from .actions import Action
from .board import board_view
from .box import BOX_FILE, box_context, locate
from .columns import COLUMNS
from .encoding import encoder
from .errors import ActionParseError, BourbonLabError, IllegalAction, RulesetError
from .events import Event
from .game import Game, SetupError
from .invariants import broken
from .narrate import describe
from .ruleset import Ruleset

_HERE = Path(__file__).resolve().parent


def new_game(rules: Ruleset, players: int, seed: int = 0, distilleries=None) -> Game:
    """Set up a table: piles, demand deck with its 'any bourbon' opener, mash bills, turn order."""
    return Game.new(rules, players, seed, distilleries)


DISTILLERIES = SetupChoice(
    name="distilleries",
    item="distillery",
    options=lambda rules: list(rules.distilleries_by_id),
    of_table=lambda g: [p.distillery for p in g.players],
    of_snapshot=lambda snap: [p["distillery"] for p in snap["players"]],
    description="Each player's distillery board (its starting departments and Capital).",
)

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
        package=__name__,
        ruleset=Ruleset,
        new=new_game,
        restore=Game.restore,
        columns=COLUMNS,
        encoder=encoder,
        action_index=action_index,
        narrate=describe,
        board=BOARD,
        invariants=broken,
        mechanics_file=_HERE / "data" / "mechanics.yaml",
        targets_file=_HERE / "data" / "targets.yaml",
        secrets_file=_HERE / "data" / "secrets.yaml",
        view_seats=VIEW_SEATS,
        box_file=BOX_FILE,
        locate=locate,
        box_context=box_context,
        setup=(DISTILLERIES,),
    )
)

__all__ = [
    "BOARD",
    "GAME",
    "INFO",
    "Action",
    "ActionParseError",
    "BourbonLabError",
    "Event",
    "Game",
    "IllegalAction",
    "Ruleset",
    "RulesetError",
    "SetupError",
    "new_game",
]
