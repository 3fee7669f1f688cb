"""Batch simulation into polars tables; local processes by default, Dask when given a client."""

from .paired import Comparison, Sweep, compare, sweep
from .runner import Failure, SimResult, SimulationError, game_seed, simulate
from .stats import wilson, win_rates

__all__ = [
    "Comparison",
    "Failure",
    "SimResult",
    "SimulationError",
    "Sweep",
    "compare",
    "game_seed",
    "simulate",
    "sweep",
    "wilson",
    "win_rates",
]
