"""Numbers with their uncertainty: win rates with Wilson intervals, means with normal intervals."""

from __future__ import annotations

import math

import polars as pl

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


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its 95 % normal interval."""
    n = len(values)
    if n == 0:
        return (float("nan"),) * 3
    m = sum(values) / n
    if n == 1:
        return (m, float("nan"), float("nan"))
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return (m, m - half, m + half)


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
    game = result.stamp.get("game", "bourbonomics")
    of = "" if game == "bourbonomics" else f"{game}, "
    lines = [
        f"run {result.run_id}: {g.height} games of {of}{result.stamp['players']} players, "
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
            if col in g.columns:  # Bourbonomics' own columns; another game's tables lack them
                m, lo, hi = mean_ci(g[col].to_list())
                lines.append(f"  {label} per game {m:.2f} [{lo:.2f}, {hi:.2f}]")
        if "upgrades" in p.columns:
            m, lo, hi = mean_ci(p["upgrades"].to_list())
            lines.append(f"  upgrades per player {m:.2f} [{lo:.2f}, {hi:.2f}]")
        ends = g.group_by("ended_by").len().sort("ended_by")
        lines.append("  ended by: " + ", ".join(f"{r['ended_by']} {r['len']}" for r in ends.iter_rows(named=True)))
    return "\n".join(lines)
