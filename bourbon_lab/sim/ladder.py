"""The strength ladder: every pair of bots head to head, seats rotated, win rates with 95 % intervals."""

from __future__ import annotations

import itertools

import polars as pl

from .progress import progress_bar
from .runner import simulate
from .stats import wilson


def ladder(rules, bots: list[str], players: int = 2, games: int = 100, seed: int = 0, **kw) -> pl.DataFrame:
    """Row bot's win rate against column bot: one of each at a table, the rest of the seats ``random``.

    At 2 players that is a straight duel. A shared first place counts as a win for both.
    """
    rows = []
    pairs = list(itertools.combinations(bots, 2))
    with progress_bar(games * len(pairs), kw.get("progress"), desc="pairs", delay=0):
        runs = [
            simulate(rules, players=players, games=games, bots=[a, b] + ["random"] * (players - 2), seed=seed, **kw)
            for a, b in pairs
        ]
    for (a, b), res in zip(pairs, runs):
        won = res.players.filter(pl.col("player") < 2).group_by("player").agg(pl.col("won").sum())
        wins = dict(zip(won["player"], won["won"]))
        played = res.games.filter(pl.col("error").is_null()).height
        for me, other, idx in ((a, b, 0), (b, a, 1)):
            lo, hi = wilson(wins.get(idx, 0), played)
            rows.append(
                {
                    "bot": me,
                    "opponent": other,
                    "games": played,
                    "wins": int(wins.get(idx, 0)),
                    "win_rate": wins.get(idx, 0) / played if played else float("nan"),
                    "ci_low": lo,
                    "ci_high": hi,
                    "run_id": res.run_id,
                }
            )
    return pl.DataFrame(rows)


def ladder_text(table: pl.DataFrame) -> str:
    """The win-rate matrix: row bot's win rate (95 % CI) against the column bot."""
    bots = list(dict.fromkeys(table["bot"].to_list()))
    cell = {(r["bot"], r["opponent"]): r for r in table.iter_rows(named=True)}
    width = max(22, *(len(b) + 2 for b in bots))
    lines = ["row bot's win rate against column bot, 95 % CI (seats rotated)"]
    lines.append(" " * 12 + "".join(b.rjust(width) for b in bots))
    for a in bots:
        parts = []
        for b in bots:
            r = cell.get((a, b))
            text = (
                "-" if r is None else f"{100 * r['win_rate']:.0f}% [{100 * r['ci_low']:.0f},{100 * r['ci_high']:.0f}]"
            )
            parts.append(text.rjust(width))
        lines.append(a.rjust(12) + "".join(parts))
    return "\n".join(lines)
