"""Paired comparison and parameter sweeps: the same seeds under different rules."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import polars as pl

from ..core import game_of
from .runner import SimResult, SimulationError, simulate
from .stats import mean_ci


@dataclass
class Comparison:
    """Two runs on common seeds and each metric's paired difference (b - a) with its 95 % CI."""

    a: SimResult
    b: SimResult
    table: pl.DataFrame

    def __str__(self) -> str:
        lines = [f"paired comparison on {self.a.games.height} common seeds: b - a with 95 % CI"]
        for r in self.table.iter_rows(named=True):
            lines.append(
                f"  {r['metric']:>22}  a {r['a']:8.3f}  b {r['b']:8.3f}  diff {r['diff']:+8.3f}  "
                f"[{r['ci_low']:+.3f}, {r['ci_high']:+.3f}]"
            )
        return "\n".join(lines)


GAME_METRICS = ("rounds", "crashes", "hot_resets")
"""Per-game columns compared when a game's tables have them (crashes and Hot resets are Bourbonomics')."""
PLAYER_TOTALS = ("upgrades",)
"""Per-player columns summed over a game's players when present."""


def _per_game(result: SimResult) -> pl.DataFrame:
    players = result.players
    totals = [pl.col(c).sum().alias(c) for c in PLAYER_TOTALS if c in players.columns]
    p = players.group_by("game").agg(pl.col("score").mean().alias("score"), *totals)
    seats = players.pivot(on="seat", index="game", values="won", aggregate_function="first")
    seats = seats.rename({c: f"seat {c} win rate" for c in seats.columns if c != "game"})
    g = result.games.select("game", *(c for c in GAME_METRICS if c in result.games.columns))
    return g.join(p, on="game").join(seats, on="game").sort("game")


def paired_table(a: SimResult, b: SimResult) -> pl.DataFrame:
    """Per metric: mean under a, under b, and the paired difference with its 95 % interval."""
    da, db = _per_game(a), _per_game(b)
    both = da.join(db, on="game", suffix="_b")
    rows = []
    for metric in [c for c in da.columns if c != "game"]:
        xa = both[metric].cast(pl.Float64).to_list()
        xb = both[f"{metric}_b"].cast(pl.Float64).to_list()
        diff, lo, hi = mean_ci([y - x for x, y in zip(xa, xb)])
        rows.append(
            {
                "metric": metric,
                "a": sum(xa) / len(xa),
                "b": sum(xb) / len(xb),
                "diff": diff,
                "ci_low": lo,
                "ci_high": hi,
                "games": len(xa),
            }
        )
    return pl.DataFrame(rows)


def compare(rules_a, rules_b, players: int = 4, games: int = 200, bots="heuristic", seed: int = 0, **kw) -> Comparison:
    """Play both rulesets on the same seeds (same shuffles and rolls where the rules allow); both of one game."""
    if game_of(rules_a) != game_of(rules_b):
        raise SimulationError(f"rules_b: a {game_of(rules_b)} ruleset cannot be compared with a {game_of(rules_a)} one")
    a = simulate(rules_a, players=players, games=games, bots=bots, seed=seed, **kw)
    b = simulate(rules_b, players=players, games=games, bots=bots, seed=seed, **kw)
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
    for i, (pt, r) in enumerate(zip(points, variants)):
        res = simulate(r, players=players, games=games, bots=bots, seed=seed, **kw)
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
