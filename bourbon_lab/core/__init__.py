"""The game protocol and the registry: what every game satisfies and how the lab finds games by name.

This package imports no game. How to add one: ``docs/adding-a-game.md``.
"""

from .columns import GameColumns
from .errors import ActionParseError, BourbonLabError, IllegalAction, UnknownGame
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
    rank_rows,
)
from .registry import (
    DEFAULT_GAME,
    GameDef,
    default_rules,
    describe,
    game_of,
    games,
    get_game,
    new_game,
    register_game,
    register_lazy,
    restore,
    unregister_game,
)

__all__ = [
    "DEFAULT_GAME",
    "EVERYONE",
    "NOBODY",
    "ActionParseError",
    "BourbonLabError",
    "Decision",
    "Event",
    "GameColumns",
    "GameDef",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "RulesetType",
    "ScoreRow",
    "UnknownGame",
    "Visibility",
    "default_rules",
    "describe",
    "game_of",
    "games",
    "get_game",
    "new_game",
    "rank_rows",
    "register_game",
    "register_lazy",
    "restore",
    "unregister_game",
]
