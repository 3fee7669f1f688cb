"""Design metrics: named numbers a designer cares about, each with a 95 % interval and how it was got.

A metric is a small function of a ``SimResult`` (its ``games``, ``players`` and ``events`` tables)
returning an ``Estimate``. Metrics are filed per game (``game="*"`` for any game's tables), so a
designer adds one with ``@metric("name", game=..., description=...)``: the generic ones in
``design/catalogue.py``, a game's own in its ``metrics.py``, loaded the first time that game's
metrics are asked for (``GameDef.part("metrics")``).

In the core (issue 42) so a game's own ``metrics.py``, which may import only the core and itself,
files its metrics here. It imports numpy and polars, so ``core/__init__`` never imports it.

Intervals: proportions use the Wilson score interval; everything else a percentile bootstrap that
resamples whole games (players of one game stay together), seeded, so the same tables give the
same interval in any process.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import polars as pl

from .registry import DEFAULT_GAME, games, get_game
from .stats import wilson

BOOTSTRAP = 1000
"""Bootstrap resamples per interval."""

BOOTSTRAP_SEED = 20261201
"""The bootstrap's fixed seed: the same tables always give the same interval."""

_RESAMPLES = [BOOTSTRAP]

_CAPTURES = threading.local()
"""Per thread, the stack of ``capturing`` blocks (a study in another thread keeps its intervals)."""


@contextmanager
def point_only():
    """Skip bootstrap intervals inside the block (a tuning objective needs only the estimates)."""
    _RESAMPLES.append(0)
    try:
        yield
    finally:
        _RESAMPLES.pop()


@contextmanager
def capturing():
    """Inside the block ``bootstrap`` records ``(units, stat, point)`` and returns the point only.

    A paired comparison (``design.paired``) resamples the same games of two runs together, so it
    needs each metric's per-game units and statistic rather than the metric's own interval.
    """
    calls: list = []
    stack = _CAPTURES.__dict__.setdefault("stack", [])
    stack.append(calls)
    try:
        yield calls
    finally:
        stack.pop()


@dataclass(frozen=True)
class Estimate:
    """A metric's value, its 95 % interval, how the interval was got, and how many units it rests on."""

    value: float
    lo: float
    hi: float
    method: str
    n: int

    @classmethod
    def missing(cls, why: str) -> Estimate:
        """A metric these tables cannot measure (say, distillery spread when everyone plays Standard)."""
        return cls(math.nan, math.nan, math.nan, why, 0)

    @property
    def measured(self) -> bool:
        return not math.isnan(self.value)


@dataclass(frozen=True)
class Metric:
    """A named design metric: its function, the game it reads, its unit and what it means."""

    name: str
    game: str
    fn: Callable
    description: str
    unit: str = ""


CATALOGUE: dict[str, dict[str, Metric]] = {}
"""Metrics by game name, then metric name; ``"*"`` holds the ones any game's tables support."""


def metric(name: str, game: str = "*", description: str = "", unit: str = ""):
    """Register ``fn(result) -> Estimate`` as metric ``name`` of ``game`` (a decorator)."""

    def add(fn: Callable) -> Callable:
        CATALOGUE.setdefault(game, {})[name] = Metric(name, game, fn, description or (fn.__doc__ or "").strip(), unit)
        return fn

    return add


def metrics_for(game: str) -> dict[str, Metric]:
    """Every metric usable on ``game``'s tables: the generic ones, then the game's own."""
    load_game_metrics(game)
    return {**CATALOGUE.get("*", {}), **CATALOGUE.get(game, {})}


def load_game_metrics(game: str) -> None:
    """Import ``game``'s own ``metrics.py`` (it files its metrics with ``@metric``), once.

    Through the registry, never by name: the catalogue holds every game's metrics without importing
    any game until its tables are measured. A name no game is registered under (a designer's toy
    game, ``"*"``) has only what was filed by hand.
    """
    if game == "*" or game not in games():
        return
    found = get_game(game)
    if (game, found.package) not in _LOADED:
        found.part("metrics")
        _LOADED.add((game, found.package))


_LOADED: set[tuple[str, str | None]] = set()
"""Games (name, package) whose ``metrics.py`` was looked for: a game without one is not searched again."""


_RESOLVERS: list[Callable[[str, str], Metric | None]] = []


def resolver(fn: Callable[[str, str], Metric | None]) -> Callable[[str, str], Metric | None]:
    """Register ``fn(name, game)`` giving metrics by a pattern (``fires:<mechanic>``, ``design.coverage``)."""
    _RESOLVERS.append(fn)
    return fn


def get_metric(name: str, game: str) -> Metric:
    """The metric ``name`` for ``game``, or a one-line error listing the known names."""
    known = metrics_for(game)
    if name in known:
        return known[name]
    for fn in _RESOLVERS:
        found = fn(name, game)
        if found is not None:
            return found
    raise KeyError(
        f"metric: unknown metric {name!r} for {game}; known: {', '.join(sorted(known))}, and per mechanic "
        "fires:<m>, per_game:<m>, per_round:<m>, share:<a>/<b> (bourbon-lab coverage lists the mechanics)"
    )


def measure(result, names: list[str] | None = None, game: str | None = None) -> pl.DataFrame:
    """A table of metrics (all of the game's by default): metric, value, ci_low, ci_high, method, n."""
    game = game or result.stamp.get("game") or DEFAULT_GAME
    chosen = [get_metric(n, game) for n in names] if names else list(metrics_for(game).values())
    rows = []
    for m in chosen:
        est = m.fn(result)
        rows.append((m.name, est.value, est.lo, est.hi, est.method, est.n, m.unit, m.description))
    cols = ["metric", "value", "ci_low", "ci_high", "method", "n", "unit", "description"]
    return pl.DataFrame(rows, schema=cols, orient="row")


# --- interval helpers ----------------------------------------------------------------------------


def finished(result) -> pl.DataFrame:
    """The games that ended normally (a failed game has no rounds or winner)."""
    return result.games.filter(pl.col("error").is_null())


def bootstrap(units: list, stat: Callable[[list], float], value: float | None = None) -> Estimate:
    """Percentile bootstrap of ``stat`` over ``units`` (whole games), seeded."""
    n = len(units)
    if n == 0:
        return Estimate.missing("no games")
    point = stat(units) if value is None else value
    if math.isnan(point):
        return Estimate.missing("not measured by this run's tables")
    capture = getattr(_CAPTURES, "stack", None)
    if capture:
        capture[-1].append((units, stat, float(point)))
        return Estimate(float(point), math.nan, math.nan, "point estimate only", n)
    if not _RESAMPLES[-1]:
        return Estimate(float(point), math.nan, math.nan, "point estimate only", n)
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    draws = [stat([units[i] for i in rng.integers(0, n, n)]) for _ in range(_RESAMPLES[-1])]
    draws = [d for d in draws if not math.isnan(d)]
    if not draws:
        return Estimate(point, math.nan, math.nan, "bootstrap (no valid resample)", n)
    lo, hi = np.percentile(draws, [2.5, 97.5])
    return Estimate(float(point), float(lo), float(hi), f"bootstrap over {n} games", n)


def mean_of(values) -> Estimate:
    """Mean of per-game values, bootstrap interval (one value per game)."""
    vals = [float(v) for v in values if v is not None]
    return bootstrap(vals, lambda xs: float(np.mean(xs)) if xs else math.nan)


def proportion(hits: int, n: int, scale: float = 1.0, shift: float = 0.0) -> Estimate:
    """``hits / n`` with its Wilson interval, optionally ``scale * (p - shift)`` (e.g. points over even)."""
    if n == 0:
        return Estimate.missing("no cases")
    lo, hi = wilson(hits, n)
    return Estimate(scale * (hits / n - shift), scale * (lo - shift), scale * (hi - shift), f"Wilson, n = {n}", n)


def per_game(players: pl.DataFrame, cols: list[str]) -> list[dict]:
    """The players table grouped by game: one dict of column lists per game (the bootstrap's unit)."""
    grouped = players.group_by("game", maintain_order=True).agg(cols).sort("game")
    return grouped.to_dicts()


def spread_from_even(units: list[dict], key: str) -> float:
    """Largest gap, in points, between any value of ``key``'s win rate and an even share."""
    wins: dict = {}
    seen: dict = {}
    even = 0.0
    for u in units:
        even += 1.0 / len(u["won"])
        for k, w in zip(u[key], u["won"]):
            seen[k] = seen.get(k, 0) + 1
            wins[k] = wins.get(k, 0) + int(w)
    if len(seen) < 2:
        return math.nan
    even /= len(units)
    return 100 * max(abs(wins[k] / seen[k] - even) for k in seen)
