"""Numbers with their uncertainty: win rates with Wilson intervals, means with Student-t intervals.

In the core so a game's own charts and metrics (which may import only the core and itself) use the lab's
intervals. It imports polars, so ``core/__init__`` never imports it: the rules stay light.
"""

from __future__ import annotations

import math
from functools import lru_cache

import polars as pl

from .registry import DEFAULT_GAME

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion (sound at 0 % and 100 %)."""
    if n == 0:
        return (float("nan"), float("nan"))
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


def mean_ci(values: list[float], level: float = 0.95) -> tuple[float, float, float]:
    """Mean and its Student-t interval: a normal one is too narrow for a handful of games (91.8 % at 10)."""
    n = len(values)
    if n == 0:
        return (float("nan"),) * 3
    m = sum(values) / n
    if n == 1:
        return (m, float("nan"), float("nan"))
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = t_quantile(0.5 + level / 2, n - 1) * sd / math.sqrt(n)
    return (m, m - half, m + half)


@lru_cache(maxsize=256)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (``0.5 < p < 1``) of Student's t with ``df`` degrees of freedom, by bisection.

    >>> round(t_quantile(0.975, 7), 4)
    2.3646
    """
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if t_cdf(mid, df) < p else (lo, mid)
    return (lo + hi) / 2


def t_cdf(t: float, df: float) -> float:
    """Student's t distribution function, through the regularised incomplete beta function."""
    tail = 0.5 * _betai(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t > 0 else tail


def _betai(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b) (continued fraction, Numerical Recipes 6.4)."""
    if x <= 0 or x >= 1:
        return 0.0 if x <= 0 else 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def _betacf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        for num in (even, odd):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def win_rates(players: pl.DataFrame, by: str) -> pl.DataFrame:
    """Win rate per value of ``by`` (seat, bot, distillery) with its 95 % interval; a shared win counts."""
    agg = players.group_by(by).agg(pl.len().alias("games"), pl.col("won").sum().alias("wins")).sort(by)
    lows, highs = [], []
    for wins, n in zip(agg["wins"], agg["games"]):
        lo, hi = wilson(wins, n)
        lows.append(lo)
        highs.append(hi)
    return agg.with_columns(
        (pl.col("wins") / pl.col("games")).alias("win_rate"),
        pl.Series("ci_low", lows),
        pl.Series("ci_high", highs),
    )


def _pct(x: float) -> str:
    return f"{100 * x:5.1f} %"


def summary_text(result) -> str:
    """The printed summary of a run: win rates by seat and bot, lengths, crashes, upgrades, endings."""
    g = result.games.filter(pl.col("error").is_null())
    p = result.players
    game = result.stamp.get("game", DEFAULT_GAME)
    lines = [
        f"run {result.run_id}: {g.height} games of {game}, {result.stamp['players']} players, "
        f"ruleset {result.stamp['ruleset']}"
    ]
    if result.failures:
        lines.append(f"  {len(result.failures)} game(s) FAILED; first: {result.failures[0]}")
    for by in ("seat", "bot"):
        lines.append(f"  win rate by {by} (95 % CI):")
        for row in win_rates(p, by).iter_rows(named=True):
            ci = f"[{_pct(row['ci_low'])}, {_pct(row['ci_high'])}]"
            lines.append(f"    {str(row[by]):>12}  {_pct(row['win_rate'])}  {ci}  of {row['games']}")
    if g.height:
        lines.append(f"  median rounds {g['rounds'].median():.0f} (min {g['rounds'].min()}, max {g['rounds'].max()})")
        for col, label in (("crashes", "crashes"), ("hot_resets", "Hot resets"), ("stalls", "stalled turns")):
            if col in g.columns:  # one game's own columns; another game's tables lack them
                m, lo, hi = mean_ci(g[col].to_list())
                lines.append(f"  {label} per game {m:.2f} [{lo:.2f}, {hi:.2f}]")
        if "upgrades" in p.columns:
            m, lo, hi = mean_ci(p["upgrades"].to_list())
            lines.append(f"  upgrades per player {m:.2f} [{lo:.2f}, {hi:.2f}]")
        ends = g.group_by("ended_by").len().sort("ended_by")
        lines.append("  ended by: " + ", ".join(f"{r['ended_by']} {r['len']}" for r in ends.iter_rows(named=True)))
    return "\n".join(lines)
