"""Gin Crafters' own charts, each answering one design question of issue #18 from a ``simulate`` run's tables.

- ``borrowing_value``: is borrowing worth it, and for whom? Win rate by how often a player borrowed.
- ``side_business_or_buy``: does Side Business beat buying? Mean score by Side Businesses taken.
- ``brand_weight``: how much do brand cards decide? Brand VP per bot and the games whose winner they changed.
- ``seat_advantage``: win rate by turn order under each ``final_turns`` reading (one run per reading).

In the game's own folder (issue 42): it imports only the core (its shared look, ``core.charting``), found by
``GameDef.part("charts")`` (``bl.charts.of(result)``) or imported directly; not compiled (``native.toml``). Each
builder takes a Gin Crafters ``simulate`` result or the table it draws; another game's run is refused by name.
"""

from __future__ import annotations

from typing import Any

import altair as alt
import polars as pl

from ...core.charting import HEIGHT, WIDTH, humanise, plain, title
from ...core.chartinput import ChartInputError, result_of, table_of
from ...core.stats import win_rates

__all__ = ["borrowing_value", "brand_changes", "brand_weight", "seat_advantage", "side_business_or_buy", "study"]

GAME = "gin_crafters"
"""The game these charts draw: another game's run is refused."""


def _bucket(column: str, top: int) -> pl.Expr:
    """Counts 0..top-1 as text, and top or more as "top+", so a few long games do not spread the axis."""
    return (
        pl.when(pl.col(column) >= top)
        .then(pl.lit(f"{top}+"))
        .otherwise(pl.col(column).cast(pl.Utf8))
        .alias(f"{column}_bucket")
    )


def _rate_bars(rates: pl.DataFrame, x: str, x_title: str, color: str, chart_title: Any) -> alt.LayerChart:
    base = alt.Chart(rates).encode(
        x=alt.X(f"{x}:N", title=x_title, axis=alt.Axis(labelAngle=0)),
        xOffset=alt.XOffset(f"{color}:N"),
    )
    bars = base.mark_bar(opacity=0.85).encode(
        y=alt.Y("win_rate:Q", title="Win rate", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
        color=alt.Color(f"{color}:N", title=humanise(color)),
        tooltip=[
            alt.Tooltip(f"{x}:N", title=x_title),
            alt.Tooltip(f"{color}:N"),
            alt.Tooltip("win_rate:Q", title="Win rate", format=".1%"),
            alt.Tooltip("games:Q", title="Player-games"),
        ],
    )
    ci = base.mark_rule(color="black").encode(y="ci_low:Q", y2="ci_high:Q")
    return alt.layer(bars, ci).properties(width=WIDTH, height=HEIGHT, title=chart_title)


def borrowing_value(players) -> alt.LayerChart:
    """Win rate by the number of botanicals a player borrowed in the game, per bot (95 % intervals).

    A borrower pays nothing, but each borrow pays a rival the lend fee; the subtitle gives what lending
    earned the average player. ``players``: a Gin Crafters ``simulate`` result, or its players table.
    """
    columns = ("game", "bot", "won", "borrowed", "lend_income")
    players = table_of(players, "borrowing_value", "players", "players", columns, own=GAME)
    data = plain(players, "game", "bot", "won", "borrowed", "lend_income").with_columns(_bucket("borrowed", 4))
    data = data.with_columns(pl.concat_str([pl.col("bot"), pl.col("borrowed_bucket")], separator="|").alias("key"))
    rates = win_rates(data.select("key", "won", "game"), "key")
    rates = rates.with_columns(
        pl.col("key").str.split("|").list.get(0).alias("bot"), pl.col("key").str.split("|").list.get(1).alias("borrows")
    )
    earned = data["lend_income"].mean() or 0.0
    return _rate_bars(
        rates,
        "borrows",
        "Botanicals borrowed in the game",
        "bot",
        title("Is borrowing worth it, and for whom?", f"a lender earned {earned:.1f} coins a game on average"),
    )


def side_business_or_buy(players) -> alt.Chart:
    """Mean final score by the number of Side Business actions a player took, per bot.

    ``players``: a Gin Crafters ``simulate`` result, or its players table.
    """
    columns = ("bot", "score", "n_side_business", "n_purchase")
    players = table_of(players, "side_business_or_buy", "players", "players", columns, own=GAME)
    data = plain(players, "bot", "score", "n_side_business", "n_purchase").with_columns(_bucket("n_side_business", 6))
    means = data.group_by("bot", "n_side_business_bucket").agg(
        pl.col("score").mean().alias("score"), pl.len().alias("players"), pl.col("n_purchase").mean().alias("buys")
    )
    return (
        alt.Chart(means.sort("n_side_business_bucket"))
        .mark_line(point=True)
        .encode(
            x=alt.X("n_side_business_bucket:N", title="Side Business actions in the game", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("score:Q", title="Mean final score"),
            color=alt.Color("bot:N", title="Bot"),
            tooltip=[
                "bot:N",
                "n_side_business_bucket:N",
                alt.Tooltip("score:Q", format=".1f"),
                "players:Q",
                alt.Tooltip("buys:Q", title="Purchases (mean)", format=".1f"),
            ],
        )
        .properties(width=WIDTH, height=HEIGHT, title=title("Side Business or buy?", "mean score by Side Businesses"))
    )


def brand_changes(players) -> float:
    """The share of games whose winners differ when brand VP is taken away.

    ``players``: a Gin Crafters ``simulate`` result, or its players table.
    """
    columns = ("game", "player", "score", "vp_brands", "won")
    players = table_of(players, "brand_changes", "players", "players", columns, own=GAME)
    data = plain(players, "game", "player", "score", "vp_brands", "won")
    top = data.with_columns((pl.col("score") - pl.col("vp_brands")).alias("bare")).with_columns(
        (pl.col("bare") == pl.col("bare").max().over("game")).alias("won_bare")
    )
    per_game = top.group_by("game").agg((pl.col("won") != pl.col("won_bare")).any().alias("changed"))
    return float(per_game["changed"].mean() or 0.0)


def brand_weight(players) -> alt.Chart:
    """Mean brand VP and its share of the score, per bot; the subtitle says how often brands changed the winner.

    ``players``: a Gin Crafters ``simulate`` result, or its players table.
    """
    columns = ("game", "player", "bot", "score", "vp_brands", "won")
    players = table_of(players, "brand_weight", "players", "players", columns, own=GAME)
    data = plain(players, "bot", "score", "vp_brands")
    sums = data.group_by("bot").agg(
        pl.col("vp_brands").mean().alias("brand_vp"), (pl.col("vp_brands").sum() / pl.col("score").sum()).alias("share")
    )
    changed = brand_changes(players)
    return (
        alt.Chart(sums)
        .mark_bar(opacity=0.85)
        .encode(
            x=alt.X("bot:N", title="Bot", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("brand_vp:Q", title="Brand VP per player (mean)"),
            color=alt.Color("bot:N", legend=None),
            tooltip=[
                "bot:N",
                alt.Tooltip("brand_vp:Q", format=".2f"),
                alt.Tooltip("share:Q", title="Share", format=".1%"),
            ],
        )
        .properties(
            width=WIDTH,
            height=HEIGHT,
            title=title(
                "How much do brand cards decide?", f"brand VP changed the winner in {100 * changed:.0f} % of games"
            ),
        )
    )


def seat_advantage(*runs: Any) -> alt.LayerChart:
    """Win rate by turn order (0 = the start player) under each run's ``final_turns`` reading.

    Pass one Gin Crafters ``simulate`` result per reading, e.g. ``seat_advantage(run_others_once,
    run_complete_round)``; a run holds both tables it reads, so a bare table is refused.
    """
    if not runs:
        raise ChartInputError("seat_advantage: runs: pass at least one Gin Crafters simulate result")
    frames = []
    for i, run in enumerate(runs):
        result_of(run, "seat_advantage", f"runs[{i}]", ("games", "players"), "a Gin Crafters simulate result")
        table_of(run, "seat_advantage", f"runs[{i}]", "games", ("final_turns",), own=GAME)
        table_of(run, "seat_advantage", f"runs[{i}]", "players", ("game", "turn_order", "won"), own=GAME)
        reading = run.games["final_turns"].cast(pl.Utf8).unique().to_list()
        label = reading[0] if len(reading) == 1 else f"run {i}"
        p = plain(run.players, "game", "turn_order", "won").with_columns(
            pl.concat_str([pl.lit(label), pl.col("turn_order").cast(pl.Utf8)], separator="|").alias("key"),
            (pl.col("game") + i * 1_000_000).alias("game"),
        )
        frames.append(p.select("key", "won", "game"))
    rates = win_rates(pl.concat(frames), "key").with_columns(
        pl.col("key").str.split("|").list.get(0).alias("final_turns"),
        pl.col("key").str.split("|").list.get(1).alias("turn_order"),
    )
    return _rate_bars(
        rates,
        "turn_order",
        "Turn order (0 = start player)",
        "final_turns",
        title("Seat advantage under each final-turns reading", "bars: win rate with its 95 % interval"),
    )


STUDY = ("borrowing_value", "side_business_or_buy", "brand_weight", "seat_advantage")
"""This game's own charts in a study (the dashboard's Study tab and a published report), after the common ones."""


def study(result: Any) -> dict[str, alt.TopLevelMixin]:
    """Each chart of ``STUDY`` drawn from one Gin Crafters ``simulate`` run."""
    result = result_of(result, "study", "result", ("games", "players", "events"), "a Gin Crafters simulate result")
    table_of(result, "study", "result", "games", own=GAME)
    return {
        "borrowing_value": borrowing_value(result.players),
        "side_business_or_buy": side_business_or_buy(result.players),
        "brand_weight": brand_weight(result.players),
        "seat_advantage": seat_advantage(result),
    }
