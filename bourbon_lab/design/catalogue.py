"""The metric catalogue: generic metrics any game's tables support, then Bourbonomics' own.

Each is a small function of a ``SimResult`` returning an ``Estimate`` (``metrics.py`` says how the
intervals are got). Units: rounds and counts as they are, shares and win rates in percentage points.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import polars as pl

from .metrics import Estimate, bootstrap, finished, mean_of, metric, per_game, proportion, spread_from_even

# --- any game ------------------------------------------------------------------------------------


@metric("rounds", description="Median rounds a game lasts.", unit="rounds")
def rounds(result) -> Estimate:
    """Median rounds a game lasts."""
    vals = [float(v) for v in finished(result)["rounds"].to_list()]
    return bootstrap(vals, lambda xs: float(np.median(xs)))


@metric("seat_spread", description="Largest gap between a seat's win rate and an even share.", unit="points")
def seat_spread(result) -> Estimate:
    """Largest gap between a seat's win rate and an even share."""
    return bootstrap(per_game(result.players, ["seat", "won"]), lambda us: spread_from_even(us, "seat"))


@metric(
    "turn_order_spread",
    description="Largest gap between the win rate of a first-round turn position and an even share.",
    unit="points",
)
def turn_order_spread(result) -> Estimate:
    """Largest gap between the win rate of a first-round turn position and an even share."""
    return bootstrap(per_game(result.players, ["turn_order", "won"]), lambda us: spread_from_even(us, "turn_order"))


@metric(
    "strategy_dominance",
    description="Highest win rate of any one bot, over games whose table mixes different bots.",
    unit="%",
)
def strategy_dominance(result) -> Estimate:
    """Highest win rate of any one bot, over games whose table mixes different bots."""
    units = [u for u in per_game(result.players, ["bot", "won"]) if len(set(u["bot"])) > 1]
    if not units:
        return Estimate.missing("no mixed tables in this run")
    return bootstrap(units, _top_bot_rate)


def _top_bot_rate(units: list[dict]) -> float:
    seats: dict[str, int] = {}
    wins: dict[str, int] = {}
    for u in units:
        for b, w in zip(u["bot"], u["won"]):
            seats[b] = seats.get(b, 0) + 1
            wins[b] = wins.get(b, 0) + int(w)
    return 100 * max(wins[b] / seats[b] for b in seats)


@metric("winner_margin", description="Mean score gap between the winner and the runner-up.", unit="score")
def winner_margin(result) -> Estimate:
    """Mean points between the winner and the runner-up."""
    margins = []
    for u in per_game(result.players, ["score"]):
        top = sorted(u["score"], reverse=True)
        margins.append(top[0] - top[1])
    return mean_of(margins)


@metric(
    "largest_source_share",
    description="Share of all points that come from the biggest source of points (the score_parts table).",
    unit="%",
)
def largest_source_share(result) -> Estimate:
    """Share of all points that come from the biggest source of points (the score_parts table)."""
    parts = getattr(result, "score_parts", None)
    if parts is None or parts.is_empty():
        return Estimate.missing("no score_parts table in this run")
    units = parts.group_by("game", maintain_order=True).agg("source", "points").sort("game").to_dicts()
    return bootstrap(units, _top_source)


def _top_source(units: list[dict]) -> float:
    totals: dict[str, float] = {}
    for u in units:
        for s, p in zip(u["source"], u["points"]):
            totals[s] = totals.get(s, 0.0) + p
    whole = sum(totals.values())
    return 100 * max(totals.values()) / whole if whole else math.nan


# --- Bourbonomics --------------------------------------------------------------------------------

BOURBONOMICS = "bourbonomics"


@metric("upgrades_per_player", BOURBONOMICS, "Mean upgrades a player buys in a game.", "upgrades")
def upgrades_per_player(result) -> Estimate:
    """Mean upgrades a player buys in a game."""
    return bootstrap(per_game(result.players, ["upgrades"]), lambda us: _mean_over_players(us, "upgrades"))


@metric("orders_per_player", BOURBONOMICS, "Mean orders a player finishes in a game.", "orders")
def orders_per_player(result) -> Estimate:
    """Mean orders a player finishes in a game."""
    return bootstrap(per_game(result.players, ["orders"]), lambda us: _mean_over_players(us, "orders"))


def _mean_over_players(units: list[dict], key: str) -> float:
    vals = [v for u in units for v in u[key]]
    return float(np.mean(vals)) if vals else math.nan


@metric("prestige_share", BOURBONOMICS, "Prestige as a share of all points scored.", "%")
def prestige_share(result) -> Estimate:
    """Prestige as a share of all points scored."""
    return bootstrap(per_game(result.players, ["prestige", "score"]), lambda us: _share(us, winners=False))


@metric("prestige_share_winners", BOURBONOMICS, "Prestige as a share of the winners' points.", "%")
def prestige_share_winners(result) -> Estimate:
    """Prestige as a share of the winners' points."""
    return bootstrap(per_game(result.players, ["prestige", "score", "won"]), lambda us: _share(us, winners=True))


def _share(units: list[dict], winners: bool) -> float:
    prestige = score = 0
    for u in units:
        keep = u["won"] if winners else [True] * len(u["score"])
        prestige += sum(p for p, k in zip(u["prestige"], keep) if k)
        score += sum(s for s, k in zip(u["score"], keep) if k)
    return 100 * prestige / score if score else math.nan


@metric(
    "most_orders_edge",
    BOURBONOMICS,
    "Win rate of the one player who finished the most orders, in points above an even share "
    "(games where two players tie for most are left out).",
    "points",
)
def most_orders_edge(result) -> Estimate:
    """Win rate of the one player who finished the most orders, in points above an even share."""
    hits = n = 0
    even = 0.0
    for u in per_game(result.players, ["orders", "won"]):
        top = max(u["orders"])
        leaders = [w for o, w in zip(u["orders"], u["won"]) if o == top]
        if len(leaders) == 1:
            n += 1
            hits += int(leaders[0])
            even += 1 / len(u["orders"])
    if not n:
        return Estimate.missing("no game with a single order leader")
    return proportion(hits, n, scale=100, shift=even / n)


@metric("distillery_spread", BOURBONOMICS, "Largest gap between a distillery's win rate and an even share.", "points")
def distillery_spread(result) -> Estimate:
    """Largest gap between a distillery's win rate and an even share."""
    return bootstrap(per_game(result.players, ["distillery", "won"]), lambda us: spread_from_even(us, "distillery"))


@metric(
    "distillery_vs_standard",
    BOURBONOMICS,
    "Largest gap between a distillery's win rate and Standard's, at the same tables.",
    "points",
)
def distillery_vs_standard(result) -> Estimate:
    """Largest gap between a distillery's win rate and Standard's, at the same tables."""
    return bootstrap(per_game(result.players, ["distillery", "won"]), _gap_to_standard)


def _gap_to_standard(units: list[dict]) -> float:
    seen: dict[str, int] = {}
    wins: dict[str, int] = {}
    for u in units:
        for d, w in zip(u["distillery"], u["won"]):
            seen[d] = seen.get(d, 0) + 1
            wins[d] = wins.get(d, 0) + int(w)
    if "standard" not in seen or len(seen) < 2:
        return math.nan
    base = wins["standard"] / seen["standard"]
    return 100 * max(abs(wins[d] / seen[d] - base) for d in seen if d != "standard")


@metric("crashes_per_game", BOURBONOMICS, "Mean market crashes per game.", "crashes")
def crashes_per_game(result) -> Estimate:
    """Mean market crashes per game."""
    return mean_of(finished(result)["crashes"].to_list())


@metric("hot_resets_per_game", BOURBONOMICS, "Mean Hot resets per game.", "resets")
def hot_resets_per_game(result) -> Estimate:
    """Mean Hot resets per game."""
    return mean_of(finished(result)["hot_resets"].to_list())


@metric("stall_rate", BOURBONOMICS, "Share of games in which some player stalled (could do nothing).", "%")
def stall_rate(result) -> Estimate:
    """Share of games in which some player stalled (could do nothing)."""
    g = finished(result)
    return proportion(int((g["stalls"] > 0).sum()), g.height, scale=100)


@metric("lead_changes", BOURBONOMICS, "Mean times per game the points leader (after each round) changes.", "changes")
def lead_changes(result) -> Estimate:
    """Mean times per game the points leader (after each round) changes."""
    return mean_of(lead_changes_by_game(result.events, result.players).get_column("lead_changes").to_list())


def lead_changes_by_game(events: pl.DataFrame, players: pl.DataFrame | None = None) -> pl.DataFrame:
    """Per game, how often the sole leader in Capital + Prestige changed from one round's end to the next.

    Points are rebuilt from the events: sales and Warehouse Tasting add Capital, upgrades cost it,
    finished orders add Prestige. Each player starts on their distillery's own change to the starting
    Capital (``players``' distillery column; the book's distilleries, as the defaults deal them), so a
    distillery's head start can hold or lose the lead; the start every seat shares cannot move it. Without
    ``players`` every player starts even. Every player of ``players`` counts from the first round, acted or not.
    """
    kind = pl.col("kind").cast(pl.Utf8)
    gain = (
        pl.when(kind.is_in(["sale", "warehouse_tasting"]))
        .then(pl.col("capital").fill_null(0))
        .when(kind == "upgrade")
        .then(-pl.col("cost").fill_null(0).cast(pl.Int32))
        .when(kind == "order_completed")
        .then(pl.col("prestige").fill_null(0).cast(pl.Int32))
        .otherwise(0)
    )
    moves = events.filter(pl.col("player").is_not_null()).with_columns(gain.alias("gain"))
    per_round = moves.group_by("game", "round", "player").agg(pl.col("gain").sum()).sort("game", "round", "player")
    starts: dict[int, dict[int, int]] = {}
    if players is not None and "distillery" in players.columns:
        head_start = _distillery_capital()
        for g, p, distillery in players.select("game", "player", "distillery").iter_rows():
            starts.setdefault(g, {})[p] = head_start.get(distillery, 0)
    out = []
    for (game,), part in per_round.group_by("game", maintain_order=True):
        out.append((game, _count_changes(part, dict(starts.get(game, {})))))
    return pl.DataFrame(out, schema=["game", "lead_changes"], orient="row")


@lru_cache(maxsize=1)
def _distillery_capital() -> dict[str, int]:
    """Each distillery's change to the starting Capital (distilleries.yaml, as the defaults deal them)."""
    from ..games.bourbonomics import Ruleset

    return {d.id: d.capital for d in Ruleset.default().distilleries}


def _count_changes(part: pl.DataFrame, totals: dict[int, int]) -> int:
    leader, changes = None, 0
    for _, rows in part.group_by("round", maintain_order=True):
        for player, gain in zip(rows["player"], rows["gain"]):
            totals[player] = totals.get(player, 0) + gain
        best = max(totals.values())
        tops = [p for p, v in totals.items() if v == best]
        if len(tops) == 1:
            if leader is not None and tops[0] != leader:
                changes += 1
            leader = tops[0]
    return changes
