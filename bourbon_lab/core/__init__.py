"""The game protocol and the registry: what every game satisfies and how the lab finds games by name.

This package imports no game. How to add one: ``docs/adding-a-game.md``.
"""

from .atomic import StepError, atomic
from .columns import GameColumns
from .errors import (
    ActionParseError,
    BourbonLabError,
    FileFormatError,
    IllegalAction,
    RulesetError,
    SnapshotError,
    UnknownGame,
)
from .fields import FieldSpec, register_kind
from .protocol import (
    EVERYONE,
    NOBODY,
    Decision,
    Event,
    GameInfo,
    GameState,
    RulesetType,
    ScoreRow,
    Visibility,
    legal_for,
    rank_rows,
)
from .registry import (
    DEFAULT_GAME,
    BoardDef,
    GameDef,
    ViewSeats,
    default_rules,
    describe,
    game_of,
    games,
    get_game,
    load_rules,
    new_game,
    register_game,
    register_lazy,
    restore,
    unregister_game,
)
from .ruleset import FieldRuleset, tabs_of
from .textindex import TextIndex
from .viewhash import ViewWalker

__all__ = [
    "DEFAULT_GAME",
    "EVERYONE",
    "NOBODY",
    "ActionParseError",
    "BoardDef",
    "BourbonLabError",
    "Decision",
    "Event",
    "FieldRuleset",
    "FieldSpec",
    "FileFormatError",
    "GameColumns",
    "GameDef",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "RulesetError",
    "RulesetType",
    "ScoreRow",
    "SnapshotError",
    "StepError",
    "TextIndex",
    "UnknownGame",
    "ViewSeats",
    "ViewWalker",
    "Visibility",
    "atomic",
    "default_rules",
    "load_rules",
    "describe",
    "game_of",
    "games",
    "get_game",
    "new_game",
    "legal_for",
    "rank_rows",
    "register_game",
    "register_kind",
    "register_lazy",
    "restore",
    "tabs_of",
    "unregister_game",
]
