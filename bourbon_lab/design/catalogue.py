"""The metric catalogue: the generic metrics any game's tables support.

Each is a small function of a ``SimResult`` returning an ``Estimate`` (``core/metrics.py`` says how the
intervals are got). Units: rounds and counts as they are, shares and win rates in percentage points.
A game's own metrics live in its folder (``games/<game>/metrics.py``, issue 42), loaded through the
registry when that game's metrics are first asked for; the names that used to be here
(``lead_changes_by_game``, ``upgrades_per_player``...) are looked up in the default game's module.
"""

from __future__ import annotations

import math

import numpy as np

from ..core.metrics import Estimate, bootstrap, finished, mean_of, metric, per_game, spread_from_even

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


def __getattr__(name: str):
    """The default game's metrics that were filed here before issue 42 (``design.catalogue.lead_changes_by_game``)."""
    from ..core.registry import DEFAULT_GAME, get_game

    own = get_game(DEFAULT_GAME).part("metrics")
    if own is not None and not name.startswith("__") and hasattr(own, name):
        return getattr(own, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
