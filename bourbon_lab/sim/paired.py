"""Paired comparison and parameter sweeps: the same seeds under different rules."""

from __future__ import annotations

import html
import itertools
import math
from dataclasses import dataclass
from typing import Any

import polars as pl

from ..core import game_of
from . import tables
from .progress import progress_bar
from .runner import SimResult, SimulationError, simulate
from .stats import mean_ci

TABLE_SCHEMA = {
    "metric": pl.Utf8,
    "a": pl.Float64,
    "b": pl.Float64,
    "diff": pl.Float64,
    "ci_low": pl.Float64,
    "ci_high": pl.Float64,
    "clear": pl.Boolean,
    "games": pl.Int64,
    "unit": pl.Utf8,
    "method": pl.Utf8,
}
"""``Comparison.table``: per metric its value under A and B, B - A with its 95 % interval, whether the
interval excludes 0 (``clear``), the paired games, the unit and how the interval was got."""


@dataclass(repr=False)
class Comparison:
    """Two runs on common seeds and each metric's paired difference (b - a) with its 95 % CI."""

    a: SimResult
    b: SimResult
    table: pl.DataFrame

    def __str__(self) -> str:
        rows = list(self.table.iter_rows(named=True))
        width = max([22, *(len(r["metric"]) for r in rows)])
        lines = [
            f"paired comparison on {self.a.games.height} common seeds: b - a with 95 % CI "
            "(clear: the interval excludes 0)",
            f"  {'metric':<{width}}  {'a':>10}  {'b':>10}  {'b - a':>10}  {'95 % CI':<22}  clear",
        ]
        for r in rows:
            values = f"  {r['metric']:<{width}}  {r['a']:10.3f}  {r['b']:10.3f}  {r['diff']:+10.3f}"
            if r["ci_low"] is None or math.isnan(r["ci_low"]):
                lines.append(f"{values}  {'no interval: ' + (r.get('method') or ''):<22}")
            else:
                ci = f"[{r['ci_low']:+.3f}, {r['ci_high']:+.3f}]"
                lines.append(f"{values}  {ci:<22}  {'yes' if r.get('clear') else 'no'}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("metric", "A", "B", "B − A", "95 % CI", "clear", "unit", "method"))
        body = []
        for r in self.table.iter_rows(named=True):
            has_ci = r["ci_low"] is not None and not math.isnan(r["ci_low"])
            ci = f"[{r['ci_low']:+.3f}, {r['ci_high']:+.3f}]" if has_ci else ""
            clear = ("yes" if r.get("clear") else "no") if has_ci else ""
            cells = [r["metric"], f"{r['a']:.3f}", f"{r['b']:.3f}", f"{r['diff']:+.3f}", ci, clear]
            cells += [r.get("unit") or "", r.get("method") or ""]
            body.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in cells) + "</tr>")
        title = f"paired comparison on {self.a.games.height} common seeds: B − A with its 95 % interval"
        return (
            f"<table><caption>{html.escape(title)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>"
        )


GAME_METRICS = ("rounds", "crashes", "hot_resets")
"""Per-game columns compared when a game's tables have them (crashes and Hot resets are Bourbonomics')."""
PLAYER_TOTALS = ("upgrades",)
"""Per-player columns summed over a game's players when present."""
UNITS = {"rounds": "rounds", "crashes": "crashes", "hot_resets": "resets", "score": "score", "upgrades": "upgrades"}
"""The unit of each per-game row; a seat's win rate is a share of games (0 to 1)."""


def per_game_names(game: str, players: int) -> list[str]:
    """The per-game rows ``paired_table`` gives for ``game`` at ``players`` seats, known before any game runs."""
    games_schema, players_schema, _, _ = tables.schemas(game)
    return [
        *(c for c in GAME_METRICS if c in games_schema),
        "score",
        *(c for c in PLAYER_TOTALS if c in players_schema),
        *(f"seat {i} win rate" for i in range(players)),
    ]


def _per_game(result: SimResult) -> pl.DataFrame:
    players = result.players
    totals = [pl.col(c).sum().alias(c) for c in PLAYER_TOTALS if c in players.columns]
    p = players.group_by("game").agg(pl.col("score").mean().alias("score"), *totals)
    seats = players.pivot(on="seat", index="game", values="won", aggregate_function="first")
    seats = seats.rename({c: f"seat {c} win rate" for c in seats.columns if c != "game"})
    g = result.games.select("game", *(c for c in GAME_METRICS if c in result.games.columns))
    return g.join(p, on="game").join(seats, on="game").sort("game")


def table_row(
    metric: str, a: float, b: float, diff: float, lo: float, hi: float, games: int, unit: str, method: str
) -> dict:
    """One row of ``Comparison.table``; ``clear`` when the interval lies wholly on one side of 0."""
    clear = bool(lo > 0 or hi < 0)  # False for a NaN interval
    return dict(
        metric=metric, a=a, b=b, diff=diff, ci_low=lo, ci_high=hi, clear=clear, games=games, unit=unit, method=method
    )


def comparison_table(rows: list[dict]) -> pl.DataFrame:
    """``Comparison.table`` from ``table_row`` dicts (typed, so an empty or all-NaN table keeps its columns)."""
    return pl.DataFrame(rows, schema=TABLE_SCHEMA)


def paired_table(a: SimResult, b: SimResult, metrics: list[str] | None = None) -> pl.DataFrame:
    """Per metric: mean under a, under b, and the paired difference with its 95 % (normal) interval.

    The metrics are the per-game rows (rounds, score, each seat's win rate ...); ``metrics`` picks some, in
    that order (``per_game_names`` lists them). ``bl.compare`` adds the design catalogue's metrics.
    """
    da, db = _per_game(a), _per_game(b)
    both = da.join(db, on="game", suffix="_b")
    names = [c for c in da.columns if c != "game"]
    rows = []
    for metric in names if metrics is None else [m for m in metrics if m in names]:
        xa = both[metric].cast(pl.Float64).to_list()
        xb = both[f"{metric}_b"].cast(pl.Float64).to_list()
        diff, lo, hi = mean_ci([y - x for x, y in zip(xa, xb)])
        n = len(xa)
        unit = UNITS.get(metric, "share of games" if metric.startswith("seat ") else "")
        mean_a, mean_b = (sum(xa) / n, sum(xb) / n) if n else (math.nan, math.nan)
        rows.append(table_row(metric, mean_a, mean_b, diff, lo, hi, n, unit, f"paired t interval over {n} games"))
    return comparison_table(rows)


def same_game(rules_a, rules_b) -> str:
    """The game both rulesets are of, or an error naming ``rules_b``."""
    if game_of(rules_a) != game_of(rules_b):
        raise SimulationError(f"rules_b: a {game_of(rules_b)} ruleset cannot be compared with a {game_of(rules_a)} one")
    return game_of(rules_a)


def play_pair(rules_a, rules_b, players: int, games: int, bots, seed: int, **kw) -> tuple[SimResult, SimResult]:
    """Both rulesets (of one game) played on the same seeds, bots and seats."""
    same_game(rules_a, rules_b)
    with progress_bar(2 * games if _counted(games) else 0, kw.get("progress"), desc="compare"):
        a = simulate(rules_a, players=players, games=games, bots=bots, seed=seed, **kw)
        b = simulate(rules_b, players=players, games=games, bots=bots, seed=seed, **kw)
    return a, b


def _counted(games: Any) -> bool:
    """Whether ``games`` is a count a bar can total (``simulate`` refuses any other, naming it)."""
    return isinstance(games, int) and not isinstance(games, bool) and games > 0


def compare(rules_a, rules_b, players: int = 4, games: int = 200, bots="heuristic", seed: int = 0, **kw) -> Comparison:
    """Play both rulesets on the same seeds (same shuffles and rolls where the rules allow); both of one game.

    The per-game rows only (rounds, score, seat win rates ...); ``bl.compare`` (``design.compare``) also
    compares any metric of the design catalogue.
    """
    a, b = play_pair(rules_a, rules_b, players, games, bots, seed, **kw)
    return Comparison(a, b, paired_table(a, b))


@dataclass
class Sweep:
    """Every grid point's tables stacked, with the varied fields as columns."""

    games: pl.DataFrame
    players: pl.DataFrame
    events: pl.DataFrame
    points: pl.DataFrame
    results: list[SimResult]
    score_parts: pl.DataFrame | None = None


def _label(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, tuple | list) else str(value)


def sweep(
    rules, grid: dict[str, list], players: int = 4, games: int = 100, bots="heuristic", seed: int = 0, **kw
) -> Sweep:
    """Run every combination of ``grid`` (field -> values) on common seeds."""
    names = list(grid)
    points = [dict(zip(names, combo)) for combo in itertools.product(*(grid[n] for n in names))]
    variants = [rules.replace(**pt) for pt in points]  # refuse a bad grid before any game runs
    results, frames = [], {"games": [], "players": [], "events": [], "score_parts": []}
    point_rows = []
    total = len(points) * games if _counted(games) else 0
    with progress_bar(total, kw.get("progress"), desc="sweep", delay=0):
        runs = [simulate(r, players=players, games=games, bots=bots, seed=seed, **kw) for r in variants]
    for i, (pt, res) in enumerate(zip(points, runs)):
        results.append(res)
        cols = [pl.lit(i).alias("point")] + [pl.lit(_label(v)).alias(n) for n, v in pt.items()]
        for name in frames:
            frames[name].append(getattr(res, name).with_columns(cols))
        point_rows.append({"point": i, **{n: _label(v) for n, v in pt.items()}, "run_id": res.run_id})
    return Sweep(
        pl.concat(frames["games"]),
        pl.concat(frames["players"]),
        pl.concat(frames["events"]),
        pl.DataFrame(point_rows),
        results,
        pl.concat(frames["score_parts"]),
    )
