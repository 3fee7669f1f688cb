"""Moved to ``bourbon_lab.core.metrics`` (issue 42: a game's own ``metrics.py`` may import only the core).

Re-exported here, the same objects (one ``CATALOGUE``, one resolver list), so ``design.metrics`` keeps working.
"""

from ..core.metrics import (  # noqa: F401  (the private state design's modules share with the core)
    _CAPTURES,
    _RESAMPLES,
    _RESOLVERS,
    BOOTSTRAP,
    BOOTSTRAP_SEED,
    CATALOGUE,
    Estimate,
    Metric,
    bootstrap,
    capturing,
    finished,
    get_metric,
    load_game_metrics,
    mean_of,
    measure,
    metric,
    metrics_for,
    per_game,
    point_only,
    proportion,
    resolver,
    spread_from_even,
)

__all__ = [
    "BOOTSTRAP",
    "BOOTSTRAP_SEED",
    "CATALOGUE",
    "Estimate",
    "Metric",
    "bootstrap",
    "capturing",
    "finished",
    "get_metric",
    "load_game_metrics",
    "mean_of",
    "measure",
    "metric",
    "metrics_for",
    "per_game",
    "point_only",
    "proportion",
    "resolver",
    "spread_from_even",
]
