"""Distilled's own design metrics: balance in spirit points, the Vodka fallback, and the endgame sources.

Distilled's identities and seats are judged by their mean final score (SP) against the table's
mean rather than by win rate: a 4-player game has one winner, so a win rate over the ~130 games an
identity gets in 400 is good to about ±7 points, too coarse for a ±5 target, while its mean SP is
good to about ±2. Intervals are bootstraps over whole games (``core.metrics.bootstrap``).

Part of the game's own folder (issue 42): the design layer loads it through ``GameDef.part("metrics")``
the first time Distilled's metrics are asked for. Not compiled (``native.toml``): it reads dataframes.
"""

from __future__ import annotations

import math
from pathlib import Path

from ...core.metrics import Estimate, bootstrap, finished, metric, per_game

DISTILLED = "distilled"

ENDGAME = ("warehouse", "bottles", "upgrades", "goals", "money")
"""The book's endgame sources (score_parts names): warehouse spirits, bottles, upgrades, goals, money."""


@metric(
    "identity_sp_spread",
    DISTILLED,
    "Largest gap between a distiller identity's mean final SP and the mean of all players.",
    "SP",
)
def identity_sp_spread(result) -> Estimate:
    """Largest gap between a distiller identity's mean final SP and the mean of all players."""
    return bootstrap(per_game(result.players, ["identity", "score"]), lambda us: _mean_gap(us, "identity"))


@metric(
    "seat_sp_spread",
    DISTILLED,
    "Largest gap between a first-round turn position's mean final SP and the mean of all players.",
    "SP",
)
def seat_sp_spread(result) -> Estimate:
    """Largest gap between a first-round turn position's mean final SP and the mean of all players."""
    return bootstrap(per_game(result.players, ["turn_order", "score"]), lambda us: _mean_gap(us, "turn_order"))


def _mean_gap(units: list[dict], key: str) -> float:
    totals: dict = {}
    seen: dict = {}
    whole = count = 0.0
    for u in units:
        for k, s in zip(u[key], u["score"]):
            totals[k] = totals.get(k, 0.0) + s
            seen[k] = seen.get(k, 0) + 1
            whole += s
            count += 1
    if len(seen) < 2:
        return math.nan
    mean = whole / count
    return max(abs(totals[k] / seen[k] - mean) for k in seen)


@metric(
    "fallback_share",
    DISTILLED,
    "Share of distillations that match no recipe the player can claim and fall back to Vodka or Moonshine.",
    "%",
)
def fallback_share(result) -> Estimate:
    """Share of distillations that fall back to Vodka or Moonshine (the games table's two counts)."""
    g = finished(result)
    units = list(zip(g["fallbacks"].to_list(), g["distillations"].to_list()))

    def share(us: list) -> float:
        done = sum(d for _, d in us)
        return 100 * sum(f for f, _ in us) / done if done else math.nan

    return bootstrap(units, share)


@metric(
    "least_decisive_endgame_source",
    DISTILLED,
    "Over the book's five endgame sources, the smallest share of games whose winner would change "
    "if that source scored nothing for anyone.",
    "%",
)
def least_decisive_endgame_source(result) -> Estimate:
    """The smallest share of games, over the five endgame sources, whose winner that source decides."""
    units = [_decided(u) for u in per_game(result.players, ["score", "money", *(f"sp_{s}" for s in ENDGAME)])]
    return bootstrap(units, lambda us: 100 * min(sum(u[s] for u in us) / len(us) for s in ENDGAME))


def _decided(u: dict) -> dict[str, bool]:
    """For one game: for each source, whether the set of winners changes without it.

    'Highest SP wins. Tiebreaker: most money remaining. Further tie: shared victory.'
    """
    score, money = u["score"], u["money"]
    winners = _winners(score, money)
    return {s: _winners([t - x for t, x in zip(score, u[f"sp_{s}"])], money) != winners for s in ENDGAME}


def _winners(score: list, money: list) -> set[int]:
    best = max(zip(score, money))
    return {i for i, key in enumerate(zip(score, money)) if key == best}


TARGETS = Path(__file__).parent / "data" / "targets.yaml"
"""Distilled's design targets (issue 17, item 7), beside the content they judge."""
