"""Bourbonomics' own design extras: its catalogue metrics and the facts its tuning knobs need.

Part of the game's own folder (issue 42): the design layer loads it through ``GameDef.part("metrics")``
the first time Bourbonomics' metrics, knobs or scalings are asked for, and never names the game. The
metrics read the game's own columns (upgrades, orders, Prestige, distilleries, the market); the knob
facts (``KNOB_INDEX``, ``BOOK_ELEMENTS``, ``SCALINGS``) are read by ``design.knobs``. Not compiled
(``native.toml``): it reads dataframes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

import numpy as np
import polars as pl

from ...core.metrics import Estimate, bootstrap, finished, mean_of, metric, per_game, proportion, spread_from_even
from .content import QUALITIES

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
    from .ruleset import Ruleset

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


# --- the facts the design knobs read (``design.knobs``) ----------------------------------------------

KNOB_INDEX = QUALITIES
"""Names a knob may give for a list index (``age_values[Epic]``, ``sales_per_quality[Rare]``): the qualities."""

KNOB_INDEX_NAME = "quality"
"""What one of ``KNOB_INDEX`` is called, for the error naming them."""

BOOK_ELEMENTS: dict[str, dict[tuple[int, ...], str]] = {
    "age_values": {
        (0, 1): "A Common in its prime (value 2)",
        (0, 2): "That same Common sold older (value 1)",
        (4, 1): "A Legendary in its prime (value 8)",
    },
    "sales_per_quality": {(0,): "Common sells once", (4,): "up to 3 times at Legendary"},
}
"""Book numbers inside fields the schema marks as ours (the rulebook gives a few entries of the table)."""

SCALINGS: dict[str, tuple[Callable, str, bool, float]] = {}
"""The knobs ``scale:NAME``: NAME -> (fn(rules, k) -> rules, what it does, moves a book number, the k that
changes nothing). ``design.knobs`` reads them; filed here since the game may not import the design layer."""


def scaling(name: str, description: str, book: bool = False, identity: float = 1.0):
    """File ``fn(rules, k)`` as the knob ``scale:name`` (a decorator; ``design.knobs.scaling``'s arguments)."""

    def add(fn: Callable) -> Callable:
        SCALINGS[name] = (fn, description, book, identity)
        return fn

    return add


def _scaled(n: int, k: float) -> int:
    return max(0, int(round(n * k)))


@scaling("demand_prestige", "Every demand card's Prestige × k (rounded).")
def demand_prestige(rules, k: float):
    """Every demand card's Prestige × k."""
    return rules.replace(demand_cards=[replace(c, prestige=_scaled(c.prestige, k)) for c in rules.demand_cards])


@scaling("gated_prestige", "The Prestige of every gated demand card (not 'any bourbon') × k.")
def gated_prestige(rules, k: float):
    """Gated cards' Prestige × k; 'any bourbon' cards keep theirs."""
    cards = [c if c.is_open else replace(c, prestige=_scaled(c.prestige, k)) for c in rules.demand_cards]
    return rules.replace(demand_cards=cards)


@scaling("age_values", "Every sale value in the age-value table × k (rounded).", book=True)
def age_values(rules, k: float):
    """The whole age-value table × k."""
    return rules.replace(age_values=tuple(tuple(_scaled(v, k) for v in row) for row in rules.age_values))


@scaling("open_prestige", "The Prestige of every 'any bourbon' demand card × k (gated keep theirs).")
def open_prestige(rules, k: float):
    """Open cards' Prestige × k; gated cards keep theirs (at least 1, so finishing one still counts)."""
    cards = [replace(c, prestige=max(1, _scaled(c.prestige, k))) if c.is_open else c for c in rules.demand_cards]
    return rules.replace(demand_cards=cards)


@scaling(
    "value_curve",
    "Uncommon, Rare and Epic sale values on a curve between the book's Common and Legendary: k = 1 a straight "
    "line, k > 1 the middle qualities nearer Common, k < 1 nearer Legendary (always rising with quality).",
)
def value_curve(rules, k: float):
    """The middle of the age-value table on a curve between its ends (the book prints the ends' prime values).

    Each middle value is ``common + (legendary - common) * (q / 4) ** k``, rounded, then kept at least one
    above the quality below and one below the quality above, so the ladder always rises ("These amounts
    get bigger with quality").
    """
    table = [list(row) for row in rules.age_values]
    top = len(table) - 1
    for band in range(3):
        low, high = table[0][band], table[top][band]
        for q in range(1, top):
            v = int(round(low + (high - low) * (q / top) ** max(k, 1e-6)))
            table[q][band] = min(max(v, table[q - 1][band] + 1), high - (top - q))
    return rules.replace(age_values=tuple(tuple(r) for r in table))


@scaling(
    "younger_values",
    "Every younger (before prime) sale value × k, kept rising by at least one a quality and never above prime.",
)
def younger_values(rules, k: float):
    """The younger column of the age-value table × k (the book prints no younger value)."""
    table = [list(row) for row in rules.age_values]
    for q, row in enumerate(table):
        floor = table[q - 1][0] + 1 if q else 0
        row[0] = min(max(_scaled(row[0], k), floor), row[1])
    return rules.replace(age_values=tuple(tuple(r) for r in table))


@scaling(
    "common_odds",
    "Common's share of every pile × k; what it gives up goes to Uncommon, Rare and Epic in their proportions "
    "(Legendary stays rare).",
)
def common_odds(rules, k: float):
    """Common's odds × k, the difference shared out over Uncommon-Epic by largest remainder (sum stays 100)."""
    odds = list(rules.quality_odds)
    common = min(100, _scaled(odds[0], k))
    middle = odds[1:-1]
    spare = odds[0] - common
    total = sum(middle) or 1
    shares = [m + spare * m / total for m in middle]
    floors = [int(s) for s in shares]
    order = sorted(range(len(shares)), key=lambda i: floors[i] - shares[i])
    for i in order[: 100 - common - odds[-1] - sum(floors)]:
        floors[i] += 1
    return rules.replace(quality_odds=(common, *floors, odds[-1]))


@scaling(
    "gated_age",
    "Every gated demand card asks k more years of age (rounded; 'any bourbon' cards keep none): gated orders "
    "stay open longer, so the table fills toward Hot.",
    identity=0.0,
)
def gated_age(rules, k: float):
    """Gated cards' minimum age + k (the book: "the best ones also ask for higher quality or age")."""
    step = int(round(k))
    cards = [c if c.is_open else replace(c, min_age=max(0, c.min_age + step)) for c in rules.demand_cards]
    return rules.replace(demand_cards=cards)
