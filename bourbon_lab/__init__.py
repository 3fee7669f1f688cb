"""bourbon_lab: a design lab for the board game Bourbonomics."""

from . import native

native.install()  # before the rules load: their compiled build, when one matches the sources

from .rules import (  # noqa: E402
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

_LAZY = {
    "simulate": "sim",
    "compare": "sim",
    "sweep": "sim",
    "SimResult": "sim",
    "Comparison": "sim",
    "Sweep": "sim",
    "SimulationError": "sim",
    "Scenario": "scenarios",
    "ScenarioError": "scenarios",
    "fork": "scenarios",
    "save_playtest": "scenarios",
}


def __getattr__(name):
    """Load the layers above the rules (and polars) only when first used: ``import bourbon_lab`` stays quick."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
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
