"""Which knob moves which metric, and how much: Morris screening or Sobol indices (SALib).

Every sample point plays the same games (the same run seed, so the same game seeds): common
random numbers, so a difference between points is the knobs' doing, not the dice's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from ..core.errors import BourbonLabError, one_line
from ..sim import simulate
from .knobs import KnobError, apply_knobs, parse_knobs
from .metrics import get_metric, point_only
from .runs import on

METHODS = ("morris", "sobol")


def require(module: str):
    """Import an optional dependency, or one line naming the extra that brings it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ModuleNotFoundError:
        raise BourbonLabError(
            f"{module.split('.')[0]} is not installed: pip install 'bourbon_lab[design]' (the design extra)"
        ) from None


@dataclass
class SensitivityResult:
    """The indices (one row per knob and metric), every sample point's values, and the run's settings."""

    table: pl.DataFrame
    samples: pl.DataFrame
    method: str
    settings: dict

    def chart(self, kind: str = "heatmap"):
        """A heatmap (knob × metric) or a tornado (one bar per knob, a panel per metric)."""
        from .charts import sensitivity_heatmap, sensitivity_tornado

        return sensitivity_heatmap(self) if kind == "heatmap" else sensitivity_tornado(self)

    def drivers(self, metric: str, top: int = 3) -> list[str]:
        """The knobs that move ``metric`` most, strongest first."""
        rows = self.table.filter(pl.col("metric") == metric).sort("effect", descending=True)
        return rows["knob"].head(top).to_list()


def sensitivity(
    rules,
    knobs,
    metrics,
    method: str = "morris",
    games: int = 100,
    players: int = 4,
    bots="heuristic",
    seed: int = 0,
    trajectories: int = 10,
    levels: int = 4,
    allow_book=(),
    workers=None,
    progress: bool | None = None,
    simulate_fn=simulate,
    executor=None,
) -> SensitivityResult:
    """Screen ``knobs`` for their effect on ``metrics`` with SALib.

    Parameters
    ----------
    rules : Ruleset
        The starting ruleset (any registered game's).
    knobs : str or list
        ``"name=low:high,..."`` (see ``design.knobs``).
    metrics : list of str
        Metric names from the game's catalogue.
    method : {"morris", "sobol"}
        Morris elementary effects (``trajectories`` × (knobs + 1) points; cheap screening) or Sobol
        first-order and total indices (``trajectories`` × (knobs + 2) points, Saltelli sampling).
    games, players, bots, seed
        The games played at every point: the same seed everywhere (common random numbers).
    workers, executor
        Local processes for every point's games, or a ``dask.distributed.Client`` to play them on
        instead (the same games, so the same indices).
    """
    if method not in METHODS:
        raise KnobError(f"method: {method!r} is not one of {', '.join(METHODS)}")
    ks = parse_knobs(rules, knobs, allow_book)
    game = getattr(rules, "game", "bourbonomics")
    chosen = [get_metric(m, game) for m in ([metrics] if isinstance(metrics, str) else metrics)]
    problem = {"num_vars": len(ks), "names": [k.name for k in ks], "bounds": [[k.lo, k.hi] for k in ks]}
    X = _sample(method, problem, trajectories, levels, seed)
    rulesets = _rulesets(rules, ks, X)
    Y = _evaluate(rulesets, chosen, games, players, bots, seed, workers, progress, simulate_fn, executor)
    table = _analyse(method, problem, X, Y, [m.name for m in chosen], levels, seed)
    cols = {k.name: [k.value(x) for x in X[:, i]] for i, k in enumerate(ks)}
    cols.update({m.name: Y[:, j] for j, m in enumerate(chosen)})
    samples = pl.DataFrame(cols).with_row_index("point")
    settings = {
        "method": method,
        "games": games,
        "players": players,
        "bots": bots,
        "seed": seed,
        "trajectories": trajectories,
        "points": len(X),
        "knobs": [k.name for k in ks],
    }
    return SensitivityResult(table, samples, method, settings)


def _sample(method: str, problem: dict, trajectories: int, levels: int, seed: int) -> np.ndarray:
    if method == "morris":
        morris = require("SALib.sample.morris")
        return morris.sample(problem, trajectories, num_levels=levels, seed=seed)
    sobol = require("SALib.sample.sobol")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SALib warns when N is not a power of 2; the indices stay valid
        return sobol.sample(problem, trajectories, calc_second_order=False, seed=seed)


def _rulesets(rules, ks, X: np.ndarray) -> list:
    """Every point's ruleset, checked before any game is played: one bad point refuses the run."""
    out = []
    for row in X:
        try:
            out.append(apply_knobs(rules, ks, row))
        except BourbonLabError as exc:
            point = ", ".join(f"{k.name}={k.value(x):g}" for k, x in zip(ks, row))
            raise KnobError(f"knobs: the point {point} gives an invalid ruleset: {one_line(exc)}") from None
    return out


def _evaluate(
    rulesets, chosen, games, players, bots, seed, workers, progress, simulate_fn, executor=None
) -> np.ndarray:
    from tqdm.auto import tqdm

    cache: dict = {}
    Y = np.empty((len(rulesets), len(chosen)))
    bar = tqdm(rulesets, desc="sensitivity", unit="point", disable=progress is False, leave=False)
    for i, r in enumerate(bar):
        key = r.fingerprint()
        if key not in cache:
            res = simulate_fn(
                r, players=players, games=games, bots=bots, seed=seed, workers=workers, progress=False, **on(executor)
            )
            with point_only():
                cache[key] = [m.fn(res).value for m in chosen]
        Y[i] = cache[key]
    return Y


def _analyse(method, problem, X, Y, names, levels, seed) -> pl.DataFrame:
    rows = []
    for j, metric in enumerate(names):
        y = Y[:, j]
        if np.isnan(y).any():
            raise KnobError(f"metrics: {metric} is not measured by these games (choose players/bots that give it)")
        if method == "morris":
            res = require("SALib.analyze.morris").analyze(problem, X, y, num_levels=levels, seed=seed)
            for i, knob in enumerate(problem["names"]):
                rows.append(
                    (
                        knob,
                        metric,
                        float(res["mu_star"][i]),
                        float(res["mu_star_conf"][i]),
                        float(res["mu"][i]),
                        float(res["sigma"][i]),
                    )
                )
        else:
            res = require("SALib.analyze.sobol").analyze(problem, y, calc_second_order=False, seed=seed)
            for i, knob in enumerate(problem["names"]):
                rows.append(
                    (
                        knob,
                        metric,
                        float(res["ST"][i]),
                        float(res["ST_conf"][i]),
                        float(res["S1"][i]),
                        float(res["S1_conf"][i]),
                    )
                )
    extra = ("mu", "sigma") if method == "morris" else ("S1", "S1_conf")
    table = pl.DataFrame(rows, schema=["knob", "metric", "effect", "effect_conf", *extra], orient="row")
    return table.with_columns(relative(table))


def relative(table: pl.DataFrame) -> pl.Expr:
    """Each effect over the strongest on its metric; 0 where the effect is within its own 95 % half-width.

    An effect the noise could explain (say a metric the bots pin to a constant) is not coloured as
    the "strongest" knob's just because every other knob's is smaller still.
    """
    clear = pl.col("effect").abs() > pl.col("effect_conf")
    top = pl.when(clear).then(pl.col("effect").abs()).max().over("metric")
    return pl.when(clear & (top > 0)).then(pl.col("effect").abs() / top).otherwise(0.0).alias("relative")
