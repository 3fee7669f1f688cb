"""Win rate by bot (strategy), seat or any other column of the players table, as catalogue metrics.

``win_rate:<bot>`` is the win rate of the seats a bot plays (``win_rate:rush``,
``win_rate:search:budget=16``), pooled over its seats when it plays several; ``win_rate:<column>=<value>``
reads another column (``win_rate:seat=0``, ``win_rate:turn_order=0``, ``win_rate:distillery=copper``).
In % (a shared win counts); the interval is a percentile bootstrap over whole games (``metrics.bootstrap``).
"""

from __future__ import annotations

import math

import polars as pl

from .metrics import Estimate, Metric, bootstrap, resolver

PREFIX = "win_rate"

BY = ("bot", "seat", "turn_order", "player", "distillery", "identity")
"""The players-table columns ``win_rate:<column>=<value>`` may name (a game's own only where it has them)."""


def parse(name: str) -> tuple[str, str] | None:
    """``"win_rate:rush"`` -> ("bot", "rush"); ``"win_rate:seat=0"`` -> ("seat", "0"); else None."""
    kind, _, rest = name.partition(":")
    if kind != PREFIX or not rest:
        return None
    column, eq, value = rest.partition("=")
    if eq and column in BY and value:
        return column, value
    return "bot", rest


def win_rate(result, column: str, value: str) -> Estimate:
    """Win rate (%) of the players whose ``column`` reads ``value``, bootstrap over whole games."""
    players = result.players
    if column not in players.columns:
        return Estimate.missing(f"this game's players table has no {column} column")
    hit = pl.col(column).cast(pl.Utf8) == value
    units = (
        players.group_by("game", maintain_order=True)
        .agg(hit.sum().alias("seats"), (hit & pl.col("won")).sum().alias("wins"))
        .filter(pl.col("seats") > 0)
        .sort("game")
        .to_dicts()
    )
    if not units:
        return Estimate.missing(f"no player with {column} {value} in this run")
    return bootstrap(units, _rate)


def _rate(units: list[dict]) -> float:
    seats = sum(u["seats"] for u in units)
    return 100 * sum(u["wins"] for u in units) / seats if seats else math.nan


@resolver
def win_rate_metric(name: str, game: str) -> Metric | None:
    """The win-rate metric ``name`` names, or None when it is not one."""
    parsed = parse(name)
    if parsed is None:
        return None
    column, value = parsed
    return Metric(
        name,
        game,
        lambda res: win_rate(res, column, value),
        f"Win rate of the players with {column} {value} (a shared win counts).",
        "%",
    )
