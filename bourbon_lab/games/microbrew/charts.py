"""Microbrew's own charts, each answering one design question of issue #19 from a ``simulate`` run's tables.

- ``perfect_or_advertise``: perfect beers or Advertise? Win rate by the share of a player's won customers
  that came from Advertise.
- ``manage_purchases``: which Manage purchase is strongest? Win rate by a player's first purchase.
- ``second_player_recipe``: does the second player's extra recipe offset going second? Win rate by turn
  order, split by whether the extra recipe was taken.

In the game's own folder (issue 42): it imports only the core (its shared look, ``core.charting``), found by
``GameDef.part("charts")`` (``bl.charts.of(result)``) or imported directly; not compiled (``native.toml``). Each
builder takes a Microbrew ``simulate`` result or the table it draws; another game's run is refused by name.
"""

from __future__ import annotations

from typing import Any

import altair as alt
import polars as pl

from ...core.charting import HEIGHT, WIDTH, humanise, plain, title
from ...core.chartinput import result_of, second_table, table_of
from ...core.stats import win_rates

__all__ = [
    "first_purchases",
    "manage_purchases",
    "path_of",
    "perfect_or_advertise",
    "second_player_recipe",
    "study",
]

GAME = "microbrew"
"""The game these charts draw: another game's run is refused."""


def _bars(rates: pl.DataFrame, x: str, x_title: str, chart_title, color: str | None = None) -> alt.LayerChart:
    enc = {"x": alt.X(f"{x}:N", title=x_title, axis=alt.Axis(labelAngle=0))}
    if color:
        enc["xOffset"] = alt.XOffset(f"{color}:N")
    base = alt.Chart(rates).encode(**enc)
    bars = base.mark_bar(opacity=0.85).encode(
        y=alt.Y("win_rate:Q", title="Win rate", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
        color=alt.Color(f"{color}:N", title=humanise(color)) if color else alt.value("#4c78a8"),
        tooltip=[
            alt.Tooltip(f"{x}:N", title=x_title),
            alt.Tooltip("win_rate:Q", title="Win rate", format=".1%"),
            alt.Tooltip("games:Q", title="Player-games"),
        ],
    )
    ci = base.mark_rule(color="black").encode(y="ci_low:Q", y2="ci_high:Q")
    return alt.layer(bars, ci).properties(width=WIDTH, height=HEIGHT, title=chart_title)


def path_of(players) -> pl.DataFrame:
    """Each player's path: the share of the customers they won (served or advertised) that Advertise bought.

    ``players``: a Microbrew ``simulate`` result, or its players table.
    """
    players = table_of(players, "path_of", "players", "players", ("loyal_served", "loyal_advertised"), own=GAME)
    won = pl.col("loyal_served") + pl.col("loyal_advertised")
    share = pl.when(won > 0).then(pl.col("loyal_advertised") / won).otherwise(0.0)
    path = (
        pl.when(won == 0)
        .then(pl.lit("won none"))
        .when(share < 1 / 3)
        .then(pl.lit("perfect beers"))
        .when(share <= 2 / 3)
        .then(pl.lit("mixed"))
        .otherwise(pl.lit("advertise"))
    )
    return players.with_columns(share.alias("advertised_share"), path.alias("path"))


def perfect_or_advertise(players) -> alt.LayerChart:
    """Win rate by path, with 95 % intervals.

    Paths: perfect beers (under a third of won customers by Advertise), mixed, advertise (over two thirds),
    or none won. ``players``: a Microbrew ``simulate`` result, or its players table.
    """
    columns = ("game", "won", "loyal_served", "loyal_advertised")
    players = table_of(players, "perfect_or_advertise", "players", "players", columns, own=GAME)
    data = path_of(plain(players, "game", "won", "loyal_served", "loyal_advertised"))
    rates = win_rates(data.select("path", "won", "game"), "path")
    share = data["advertised_share"].mean() or 0.0
    return _bars(
        rates,
        "path",
        "Path (share of won customers bought by Advertise)",
        title("Perfect beers or Advertise?", f"on average {share:.0%} of a player's won customers were advertised"),
    )


def first_purchases(players, events=None) -> pl.DataFrame:
    """Each player's first Manage purchase ("none" if they never bought one), with whether they won.

    ``players``: a Microbrew ``simulate`` result, or its players table beside its ``events`` table.
    """
    return _first_purchases(players, events, "first_purchases")


def _first_purchases(given, events, builder: str) -> pl.DataFrame:
    players = table_of(given, builder, "players", "players", ("game", "player", "won"), own=GAME)
    columns = ("game", "player", "seq", "kind", "option")
    events = second_table(events, given, builder, "events", "events", columns, own=GAME)
    buys = events.filter(pl.col("kind") == "manage").filter(pl.col("option").is_not_null())
    first = buys.sort("seq").group_by("game", "player").agg(pl.col("option").first().cast(pl.Utf8).alias("first_buy"))
    return (
        players.select("game", "player", "won")
        .join(first, on=["game", "player"], how="left")
        .with_columns(pl.col("first_buy").fill_null("none"))
    )


def manage_purchases(players, events=None) -> alt.LayerChart:
    """Win rate by a player's first Manage purchase (overtime, research, upgrade, hire, or none).

    Parameters
    ----------
    players : SimResult, or its ``players`` table
        A Microbrew run (then ``events`` is read from it too), or its players table.
    events : polars.DataFrame, optional
        The ``events`` table of the same run; needed beside a bare players table.

    Returns
    -------
    altair.LayerChart
    """
    data = _first_purchases(players, events, "manage_purchases")
    rates = win_rates(data.select("first_buy", "won", "game"), "first_buy")
    return _bars(
        rates,
        "first_buy",
        "First Manage purchase",
        title("Which Manage purchase is strongest?", "win rate by the first thing a player bought at Manage"),
    )


def second_player_recipe(players) -> alt.LayerChart:
    """Win rate by turn order (0 = the first player), split by whether the extra recipe was taken.

    ``players``: a Microbrew ``simulate`` result, or its players table.
    """
    columns = ("game", "turn_order", "won", "compensation_used")
    players = table_of(players, "second_player_recipe", "players", "players", columns, own=GAME)
    data = plain(players, "game", "turn_order", "won", "compensation_used").with_columns(
        pl.when(pl.col("turn_order") == 0)
        .then(pl.lit("first player"))
        .when(pl.col("compensation_used"))
        .then(pl.lit("took the extra recipe"))
        .otherwise(pl.lit("declined it"))
        .alias("seat")
    )
    rates = win_rates(data.select("seat", "won", "game"), "seat")
    return _bars(
        rates,
        "seat",
        "Seat",
        title("Does the second player's extra recipe offset going second?", "bars: win rate with its 95 % interval"),
    )


STUDY = ("perfect_or_advertise", "manage_purchases", "second_player_recipe")
"""This game's own charts in a study (the dashboard's Study tab and a published report), after the common ones."""


def study(result: Any) -> dict[str, alt.TopLevelMixin]:
    """Each chart of ``STUDY`` drawn from one Microbrew ``simulate`` run."""
    result = result_of(result, "study", "result", ("games", "players", "events"), "a Microbrew simulate result")
    table_of(result, "study", "result", "games", own=GAME)
    return {
        "perfect_or_advertise": perfect_or_advertise(result.players),
        "manage_purchases": manage_purchases(result.players, result.events),
        "second_player_recipe": second_player_recipe(result.players),
    }
