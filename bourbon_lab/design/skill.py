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

``table_of`` turns a skill level into a table of bots; ``compare_across`` gives a ``compare`` at each
level and flags a verdict that changes sign or loses significance between levels. Both are read here as
before; since issue 52 the levels live in ``design.levels`` and ``compare_across`` in ``design.paired``
(beside the ``compare`` it repeats), so design imports in one direction: this module names them, it
does not hold them.
"""

from __future__ import annotations

import math

import polars as pl

from .levels import SkillComparison, flag, level_name, table_of, verdict
from .metrics import Estimate, Metric, bootstrap, metric, resolver
from .paired import compare_across

__all__ = [
    "SkillComparison",
    "compare_across",
    "edge",
    "first_player_advantage",
    "flag",
    "level_name",
    "skill_expression",
    "skill_metric",
    "table_of",
    "verdict",
]


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
