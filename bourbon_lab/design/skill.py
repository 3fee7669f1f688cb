"""Skill as a design metric, and verdicts across skill levels (issue 41).

A verdict is only as good as the bots that played it. These metrics say how much skill a game rewards
and whether a rule's verdict holds at a stronger table:

- ``skill_expression``: the win share of the run's first-named bot (``bots[0]``, player 0: the stronger
  one by convention, as restricted play bars its first bot) minus its fair share, in points, over the
  tables that mix bots. A shared win counts as a share (1/k for each of k winners), so a game of pure
  chance scores 0 whatever its ties.
- ``skill:<bot>``: the same for any bot of the table (``skill:ismcts:200``).
- ``first_player_advantage``: the first player's (turn order 0) win share minus the fair share;
  ``seat_advantage:<k>`` the same for seat ``k``.

Intervals are percentile bootstraps over whole games (``metrics.bootstrap``), like every metric here.

``levels(...)`` turns a skill level into a table of bots; ``compare_across`` gives a ``compare`` at each
level and flags a verdict that changes sign or loses significance between levels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import polars as pl

from .metrics import Estimate, Metric, bootstrap, metric, resolver


def table_of(level: Any, players: int) -> list[str]:
    """A level's bots, one a seat: a bot name fills every seat; a list names each seat."""
    if isinstance(level, str):
        return [level] * players
    bots = [str(b) for b in level]
    if len(bots) != players:
        raise ValueError(f"skill: the table {bots!r} names {len(bots)} bots for {players} players")
    return bots


def level_name(level: Any) -> str:
    """How a level is named in a table: the bot, or the seats' bots joined by commas."""
    return level if isinstance(level, str) else ",".join(str(b) for b in level)


# --- the metrics ---------------------------------------------------------------------------------


def _units(result, column: str, also: str = "player") -> list[dict]:
    """Per finished game: each seat's value of ``column`` (and ``also``), its share of the win, the table size."""
    players = result.players
    if "error" in result.games.columns:
        broken = result.games.filter(pl.col("error").is_not_null())["game"]
        players = players.filter(~pl.col("game").is_in(broken.implode()))
    keys = [pl.col(c).cast(pl.Utf8) for c in dict.fromkeys((column, also))]
    grouped = players.group_by("game", maintain_order=True).agg(*keys, "won").sort("game")
    out = []
    for u in grouped.to_dicts():
        winners = sum(bool(w) for w in u["won"])
        shares = [(1.0 / winners if w else 0.0) if winners else 0.0 for w in u["won"]]
        out.append({"key": u[column], "player": u[also], "share": shares, "n": len(u["won"])})
    return out


def _edge(units: list[dict], value: str) -> float:
    """Mean win share of the seats whose key is ``value``, minus their fair share (1/players), in points."""
    got = fair = 0.0
    seats = 0
    for u in units:
        for k, s in zip(u["key"], u["share"]):
            if k == value:
                got += s
                fair += 1.0 / u["n"]
                seats += 1
    return 100 * (got - fair) / seats if seats else math.nan


def edge(result, column: str, value: str) -> Estimate:
    """Win share above fair share (points) of the players whose ``column`` reads ``value``."""
    if column not in result.players.columns:
        return Estimate.missing(f"this game's players table has no {column} column")
    units = [u for u in _units(result, column) if value in u["key"]]
    if not units:
        return Estimate.missing(f"no player with {column} {value} in this run")
    return bootstrap(units, lambda us: _edge(us, value))


@metric(
    "skill_expression",
    description="Win share of the first-named bot (player 0) above its fair share, at tables that mix bots "
    "(name the stronger bot first; a shared win counts as a share).",
    unit="points",
)
def skill_expression(result) -> Estimate:
    """Win share of the first-named bot above its fair share, at tables that mix bots."""
    mixed = [u for u in _units(result, "bot", "player") if len(set(u["key"])) > 1]
    if not mixed:
        return Estimate.missing("no table mixes bots: name the stronger bot first, then weaker ones")
    return bootstrap([{**u, "key": u["player"]} for u in mixed], lambda us: _edge(us, "0"))


@metric(
    "first_player_advantage",
    description="Win share of the first player (turn order 0) above the fair share.",
    unit="points",
)
def first_player_advantage(result) -> Estimate:
    """Win share of the first player above the fair share."""
    return edge(result, "turn_order", "0")


@resolver
def skill_metric(name: str, game: str) -> Metric | None:
    """``skill:<bot>`` and ``seat_advantage:<k>``, or None when ``name`` is neither."""
    kind, _, rest = name.partition(":")
    if not rest:
        return None
    if kind == "skill":
        text = f"Win share of {rest} above its fair share."
        return Metric(name, game, lambda res: edge(res, "bot", rest), text, "points")
    if kind == "seat_advantage" and rest.isdigit():
        return Metric(
            name, game, lambda res: edge(res, "seat", rest), f"Win share of seat {rest} above the fair share.", "points"
        )
    return None


# --- verdicts across skill -----------------------------------------------------------------------


@dataclass
class SkillComparison:
    """``compare`` at each skill level, and the verdicts that do not hold across them."""

    levels: dict[str, Any]
    table: pl.DataFrame
    flags: pl.DataFrame

    def __str__(self) -> str:
        lines = [f"paired comparison at {len(self.levels)} skill levels: b - a with 95 % CI"]
        width = max([22, *(len(m) for m in self.table["metric"])])
        for name in self.levels:
            lines.append(f"  at {name}:")
            for r in self.table.filter(pl.col("level") == name).iter_rows(named=True):
                ci = (
                    "no interval"
                    if r["ci_low"] is None or math.isnan(r["ci_low"])
                    else (f"[{r['ci_low']:+.3f}, {r['ci_high']:+.3f}]")
                )
                lines.append(f"    {r['metric']:<{width}}  {r['diff']:+10.3f}  {ci:<22}  {r['verdict']}")
        lines.append("verdicts that change with skill:" if self.flags.height else "every verdict holds at every level")
        for r in self.flags.iter_rows(named=True):
            lines.append(f"  {r['metric']}: {r['flag']} ({r['verdicts']})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)


def verdict(diff: float, lo: float | None, hi: float | None) -> str:
    """``up`` or ``down`` when the interval excludes 0, ``unclear`` when it holds 0, ``unmeasured`` without one."""
    if lo is None or hi is None or math.isnan(lo) or math.isnan(hi):
        return "unmeasured"
    if lo > 0:
        return "up"
    if hi < 0:
        return "down"
    return "unclear"


def flag(verdicts: list[str]) -> str:
    """How a metric's verdicts across levels disagree: a sign change, a lost significance, or ``""``."""
    clear = {v for v in verdicts if v in ("up", "down")}
    if len(clear) > 1:
        return "changes sign"
    if clear and "unclear" in verdicts:
        return "loses significance"
    return ""


def compare_across(rules_a, rules_b, skill: list, players: int = 4, games: int = 200, **kw) -> SkillComparison:
    """``compare`` at each skill level (a bot name for every seat, or a list one a seat), flags across levels."""
    from ..sim.progress import progress_bar
    from .paired import compare

    if not skill:
        raise ValueError("skill: name at least one level, e.g. ['heuristic', 'ismcts:100']")
    levels: dict[str, Any] = {}
    frames = []
    tables = {level_name(level): table_of(level, players) for level in skill}  # a bad level refused before any game
    total = 2 * games * len(tables) if isinstance(games, int) and games > 0 else 0
    with progress_bar(total, kw.get("progress"), desc="compare at skill levels", delay=0):  # one bar: the time left
        for name, bots in tables.items():
            lineup = bots if len(set(bots)) > 1 else bots[0]
            c = compare(rules_a, rules_b, players=players, games=games, bots=lineup, **kw)
            levels[name] = c
            frames.append(c.table.with_columns(pl.lit(name).alias("level")))
    table = pl.concat(frames, how="diagonal_relaxed")
    table = table.with_columns(
        pl.struct("diff", "ci_low", "ci_high")
        .map_elements(lambda r: verdict(r["diff"], r["ci_low"], r["ci_high"]), return_dtype=pl.Utf8)
        .alias("verdict")
    )
    flags = []
    for m in dict.fromkeys(table["metric"].to_list()):
        rows = table.filter(pl.col("metric") == m)
        by_level = dict(zip(rows["level"].to_list(), rows["verdict"].to_list()))
        f = flag(list(by_level.values()))
        if f:
            flags.append({"metric": m, "flag": f, "verdicts": ", ".join(f"{k}: {v}" for k, v in by_level.items())})
    flag_table = pl.DataFrame(flags, schema={"metric": pl.Utf8, "flag": pl.Utf8, "verdicts": pl.Utf8})
    return SkillComparison(levels, table, flag_table)
