"""bourbon_lab: a design lab for distillery board games, Bourbonomics first (``games()`` lists them)."""

from . import native

native.install()  # before the rules load: their compiled build, when one matches the sources

from . import games  # noqa: E402  (registers the built-in games lazily; bl.games() lists them)
from .core import (  # noqa: E402  (the errors are every game's; the rest dispatch on the game)
    DEFAULT_GAME,
    ActionParseError,
    BourbonLabError,
    IllegalAction,
    RulesetError,
    default_rules,
    get_game,
    new_game,
    restore,
)
from .core.house import HouseRule, HouseRuleError, hooks, house_rule, param  # noqa: E402

__version__ = "0.1.0"

_LAZY = {
    "simulate": "sim",
    "compare": "design",  # any catalogue metric; design builds on sim's paired runs
    "sweep": "sim",
    "SimResult": "sim",
    "Comparison": "sim",
    "Sweep": "sim",
    "SimulationError": "sim",
    "Scenario": "scenarios",
    "ScenarioError": "scenarios",
    "fork": "scenarios",
    "save_playtest": "scenarios",
    "postgame": "scenarios.postgame",
    "check_targets": "design",
    "sensitivity": "design",
    "tune": "design",
    "ladder": "sim.skill",
    "SkillLadder": "sim.skill",
    "restricted_play": "design.restricted",
    "restricted_across": "design.restricted",
    "behaviour": "design.behaviour",  # what a rule change does to play, mechanic by mechanic (issue 51)
    "ChartInputError": "core.chartinput",
    "train": "bots.learned",  # the learned bot's model for a ruleset, trained once and kept
    "ModelMismatch": "bots.learned",
}

_DEFAULT_GAME_NAMES = ("Action", "Event", "Game", "Ruleset", "SetupError")
"""The default game's own classes (``bl.Ruleset`` is Bourbonomics' ruleset), read from its package on first use."""


def _charts_offline_in_a_kernel() -> None:
    """In a Jupyter kernel, make Altair draw offline from the start (issue 30).

    Altair's default renderer loads Vega from a CDN ("Error loading script") and nothing in a new notebook
    says to call ``charts.use_offline_renderer()``; a kernel imports Altair for its charts anyway.
    """
    import sys
    from importlib.util import find_spec

    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    if shell is None or not hasattr(shell, "kernel"):
        return
    if any(find_spec(m) is None for m in ("altair", "anywidget", "vl_convert")):
        return  # a kernel without the lab extra draws no charts of ours
    from .charts.export import use_offline_renderer

    use_offline_renderer()


_charts_offline_in_a_kernel()


_LAYERS = ("bots", "charts", "dashboard", "design", "rl", "scenarios", "sim", "testing", "widgets")
"""The lab's layers, each a subpackage imported on first use as ``bl.<layer>``."""


def __getattr__(name):
    """Load the layers above the rules (and polars) only when first used: ``import bourbon_lab`` stays quick.

    The default game's classes come from its package, found through the registry (no game is named here).
    """
    import importlib

    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    if name in _LAYERS:
        return importlib.import_module(f".{name}", __name__)  # bl.bots, bl.design... as before the move
    if name in _DEFAULT_GAME_NAMES:
        value = getattr(importlib.import_module(get_game(DEFAULT_GAME).package), name)
        globals()[name] = value  # later reads skip this hook
        return value
    raise AttributeError(f"module 'bourbon_lab' has no attribute {name!r}")


def __dir__():
    """Every name ``bl`` offers, the ones loaded on first use too (for tab completion)."""
    return sorted({*globals(), *__all__})


__all__ = [
    "Action",
    "ActionParseError",
    "BourbonLabError",
    "Event",
    "Game",
    "HouseRule",
    "HouseRuleError",
    "IllegalAction",
    "Ruleset",
    "RulesetError",
    "SetupError",
    "default_rules",
    "games",
    "get_game",
    "hooks",
    "house_rule",
    "new_game",
    "param",
    "restore",
    *sorted(_LAZY),
]
