"""Bourbonomics rules: pure Python, no UI or dataframe imports."""

from .actions import Action
from .errors import ActionParseError, BourbonLabError, IllegalAction, RulesetError
from .events import Event
from .game import Game, SetupError
from .ruleset import Ruleset


def new_game(rules: Ruleset, players: int, seed: int = 0, distilleries=None) -> Game:
    """Set up a table: piles, demand deck with its 'any bourbon' opener, mash bills, turn order."""
    return Game.new(rules, players, seed, distilleries)


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
