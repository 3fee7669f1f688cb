"""bourbon_lab: a design lab for the board game Bourbonomics."""

from .rules import (
    Action,
    ActionParseError,
    BourbonLabError,
    Event,
    Game,
    IllegalAction,
    Ruleset,
    RulesetError,
    SetupError,
    new_game,
)

__version__ = "0.1.0"

__all__ = [
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
