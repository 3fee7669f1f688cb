"""Distilled's own charts, each answering one design question of issue #17 from a ``simulate`` run's tables.

- ``sp_by_source``: where do spirit points come from? Mean SP per player by source, per bot.
- ``recipes_distilled``: which recipes do distillations end as, and how likely was a real recipe before the cut?
- ``age_or_sell``: does ageing pay? SP of a sale by the flavour cards the spirit held.
- ``awards_timing``: are awards settled early? Awards claimed by round.

In the game's own folder (issue 42): it imports only the core (its shared look, ``core.charting``), found by
``GameDef.part("charts")`` (``bl.charts.of(result)``) or imported directly; not compiled (``native.toml``). Each
builder takes a Distilled ``simulate`` result or the table it draws; another game's run is refused by name.
"""

from __future__ import annotations

from typing import Any

import altair as alt
import polars as pl

from ...core.charting import COUNT_AXIS, HEIGHT, WIDTH, plain, title
from ...core.chartinput import result_of, table_of

__all__ = ["age_or_sell", "awards_timing", "recipes_distilled", "sp_by_source", "study"]

GAME = "distilled"
"""The game these charts draw: another game's run is refused."""

SOURCES = ("sale_recipe", "sale_cards", "sale_flavour", "awards", "goals", "warehouse", "bottles", "upgrades",
           "money", "tasting")  # fmt: skip
"""``ScoreRow.parts`` of Distilled, in the order the bars stack (tasting is SP spent, so negative)."""


def sp_by_source(players) -> alt.Chart:
    """Mean SP per player by source, one bar per bot (from the ``sp_<source>`` columns).

    ``players``: a Distilled ``simulate`` result, or its players table.
    """
    cols = [f"sp_{s}" for s in SOURCES]
    players = table_of(players, "sp_by_source", "players", "players", ("bot", *cols), own=GAME)
    data = plain(players, "bot", *cols).group_by("bot").agg([pl.col(c).mean() for c in cols])
    long = data.unpivot(index="bot", on=cols, variable_name="source", value_name="sp").with_columns(
        pl.col("source").str.strip_prefix("sp_")
    )
    return (
        alt.Chart(long)
        .mark_bar()
        .encode(
            x=alt.X("bot:N", title="Bot", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("sp:Q", title="Mean SP per player"),
            color=alt.Color("source:N", title="Source", sort=list(SOURCES)),
            order=alt.Order("source:N"),
            tooltip=["bot:N", "source:N", alt.Tooltip("sp:Q", format=".2f")],
        )
        .properties(width=WIDTH, height=HEIGHT, title=title("Where do spirit points come from?"))
    )


def recipes_distilled(events) -> alt.LayerChart:
    """Distillations by the recipe claimed, with the mean chance (before the cut) of a real recipe as a tick.

    ``events``: a Distilled ``simulate`` result, or its events table.
    """
    columns = ("game", "player", "round", "kind", "recipe", "best_odds", "fallback")
    events = table_of(events, "recipes_distilled", "events", "events", columns, own=GAME)
    claimed = plain(events.filter(pl.col("kind") == "spirit_claimed"), "game", "player", "round", "recipe")
    distils = plain(events.filter(pl.col("kind") == "distill"), "game", "player", "round", "best_odds", "fallback")
    joined = claimed.join(distils, on=["game", "player", "round"], how="left")
    data = joined.group_by("recipe").agg(pl.len().alias("distillations"), pl.col("best_odds").mean().alias("odds"))
    share = distils["fallback"].mean() if distils.height else 0.0
    base = alt.Chart(data).encode(y=alt.Y("recipe:N", title="Recipe claimed", sort="-x"))
    bars = base.mark_bar(opacity=0.85).encode(
        x=alt.X("distillations:Q", title="Distillations", axis=COUNT_AXIS),
        tooltip=["recipe:N", "distillations:Q", alt.Tooltip("odds:Q", title="Mean best odds", format=".0%")],
    )
    return alt.layer(bars).properties(
        width=WIDTH,
        height=HEIGHT,
        title=title("Which recipes do distillations end as?", f"{share:.0%} fell back to Vodka or Moonshine"),
    )


def age_or_sell(events) -> alt.Chart:
    """Mean SP and money of a sale by the number of flavour cards the spirit held (0 = unaged).

    ``events``: a Distilled ``simulate`` result, or its events table.
    """
    events = table_of(events, "age_or_sell", "events", "events", ("kind", "flavours", "sp", "money"), own=GAME)
    sold = plain(events.filter(pl.col("kind") == "spirit_sold"), "flavours", "sp", "money")
    data = sold.group_by("flavours").agg(pl.col("sp").mean(), pl.col("money").mean(), pl.len().alias("sales"))
    long = data.unpivot(index=["flavours", "sales"], on=["sp", "money"], variable_name="what", value_name="mean")
    return (
        alt.Chart(long.sort("flavours"))
        .mark_line(point=True)
        .encode(
            x=alt.X("flavours:O", title="Flavour cards on the spirit sold", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("mean:Q", title="Mean per sale"),
            color=alt.Color("what:N", title=""),
            tooltip=["flavours:O", "what:N", alt.Tooltip("mean:Q", format=".1f"), "sales:Q"],
        )
        .properties(width=WIDTH, height=HEIGHT, title=title("Age or sell now?"))
    )


def awards_timing(events, games: int | None = None) -> alt.Chart:
    """Awards claimed per game, by the round they were claimed in.

    Parameters
    ----------
    events : SimResult, or its ``events`` table
        A Distilled run, or its events table.
    games : int, optional
        Games played, to average over; default: the run's games (a bare table: the games its events come from).

    Returns
    -------
    altair.Chart
    """
    if games is None:
        games = events.games.height if hasattr(events, "games") else None
    events = table_of(events, "awards_timing", "events", "events", ("game", "kind", "round", "award"), own=GAME)
    games = events["game"].n_unique() if games is None else games
    awards = plain(events.filter(pl.col("kind") == "award"), "round", "award")
    data = awards.group_by("round").agg((pl.len() / max(games, 1)).alias("per_game"))
    return (
        alt.Chart(data.sort("round"))
        .mark_bar()
        .encode(
            x=alt.X("round:O", title="Round", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("per_game:Q", title="Awards claimed per game"),
            tooltip=["round:O", alt.Tooltip("per_game:Q", format=".2f")],
        )
        .properties(width=WIDTH, height=HEIGHT, title=title("Are awards settled early?"))
    )


STUDY = ("sp_by_source", "recipes_distilled", "age_or_sell", "awards_timing")
"""This game's own charts in a study (the dashboard's Study tab and a published report), after the common ones."""


def study(result: Any) -> dict[str, alt.TopLevelMixin]:
    """Each chart of ``STUDY`` drawn from one Distilled ``simulate`` run."""
    result = result_of(result, "study", "result", ("games", "players", "events"), "a Distilled simulate result")
    table_of(result, "study", "result", "games", own=GAME)
    return {
        "sp_by_source": sp_by_source(result.players),
        "recipes_distilled": recipes_distilled(result.events),
        "age_or_sell": age_or_sell(result.events),
        "awards_timing": awards_timing(result.events, games=result.games.height),
    }
