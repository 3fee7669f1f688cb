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

_LAZY = {"simulate", "compare", "sweep", "SimResult", "Comparison", "Sweep", "SimulationError"}


def __getattr__(name):
    """Load the simulation layer (and polars) only when it is first used."""
    if name in _LAZY:
        from . import sim

        return getattr(sim, name)
    raise AttributeError(f"module 'bourbon_lab' has no attribute {name!r}")


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
    *sorted(_LAZY),
]
