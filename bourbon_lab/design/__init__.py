"""Design tools: a metric catalogue, targets as data, sensitivity (SALib) and tuning (Optuna).

``compare`` (``bl.compare``) gives any metric's paired difference between two rulesets,
``check_targets`` says which design targets a run meets, ``sensitivity`` which ruleset knobs move
which metrics, ``tune`` searches the knobs for a ruleset that meets the targets.

A game's own metrics (``games/<game>/metrics.py``) load through the registry the first time that game's
metrics are asked for (``core.metrics.metrics_for``), so importing the design layer imports no game.
"""

from . import catalogue, coverage, skill, winrates  # noqa: F401  (the catalogue and the metric families)
from .check import TargetReport, check_targets, compare_reports, run_targets
from .knobs import Knob, KnobError, apply_knobs, parse_knobs
from .metrics import CATALOGUE, Estimate, measure, metric, metrics_for
from .paired import compare
from .targets import Target, Targets, TargetsError

__all__ = [
    "CATALOGUE",
    "Estimate",
    "Knob",
    "KnobError",
    "Target",
    "TargetReport",
    "Targets",
    "TargetsError",
    "apply_knobs",
    "check_targets",
    "compare",
    "compare_reports",
    "measure",
    "metric",
    "metrics_for",
    "parse_knobs",
    "run_targets",
    "sensitivity",
    "tune",
]


def __getattr__(name):
    """SALib and Optuna load only when ``sensitivity`` or ``tune`` is first used.

    A game's name gives its own metrics module (``design.distilled`` was Distilled's before issue 42).
    """
    if name == "sensitivity":
        from .screening import sensitivity

        return sensitivity
    if name == "tune":
        from .tuning import tune

        return tune
    from ..core.registry import games, get_game

    own = get_game(name).part("metrics") if name in games() else None
    if own is not None:
        return own
    raise AttributeError(f"module 'bourbon_lab.design' has no attribute {name!r}")
