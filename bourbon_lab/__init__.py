"""bourbon_lab: a design lab for distillery board games, Bourbonomics first (``games()`` lists them)."""

from . import native

native.install()  # before the rules load: their compiled build, when one matches the sources

from . import games  # noqa: E402  (registers the built-in games lazily; bl.games() lists them)
from .core import default_rules, get_game, new_game, restore  # noqa: E402  (both dispatch on the game)
from .core.house import HouseRule, HouseRuleError, hooks, house_rule, param  # noqa: E402
from .games.bourbonomics import (  # noqa: E402
    Action,
    ActionParseError,
    BourbonLabError,
    Event,
    Game,
    IllegalAction,
    Ruleset,
    RulesetError,
    SetupError,
)

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
}


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
