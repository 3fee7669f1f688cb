"""Charts every game's tables can draw: the score by source and income and points round by round.

They read only the common columns (``score_parts``; ``events`` rows of kind ``income`` and
``points``), so they work for Bourbonomics and for any game registered through the protocol.
"""

from __future__ import annotations

import altair as alt
import polars as pl

from ..core.charting import HEIGHT, WIDTH, group_title, plain, source_share_chart, title
from ..core.chartinput import second_table, table_of


def score_by_source(score_parts, players=None, by: str = "bot") -> alt.Chart:
    """Share of the final score from each source of points (``ScoreRow.parts``), per seat or bot.

    Parameters
    ----------
    score_parts : SimResult, or its ``score_parts`` table
        A run (then ``players`` is read from it too), or its score_parts table (game, player, source, points).
    players : polars.DataFrame, optional
        The ``players`` table of the same run (for the grouping column); needed beside a bare score_parts table.
    by : {"seat", "bot", "distillery"}
        What to group players by.

    Returns
    -------
    altair.Chart
    """
    group_title(by)
    parts = table_of(
        score_parts, "score_by_source", "score_parts", "score_parts", ("game", "player", "source", "points")
    )
    players = second_table(players, score_parts, "score_by_source", "players", "players", ("game", "player", by))
    sums = (
        parts.join(plain(players, "game", "player", by), on=["game", "player"])
        .with_columns(pl.col(by).cast(pl.Utf8))
        .group_by(by, "source")
        .agg(pl.col("points").clip(0).sum().cast(pl.Float64).alias("points"))
        .with_columns((pl.col("points") / pl.col("points").sum().over(by)).fill_nan(0).alias("share"))
        .sort(by, "source")
    )
    return source_share_chart(sums, by, alt.Color("source:N", title="Points from"))


def income_and_points(events) -> alt.Chart:
    """Average money gained and points scored per player by each round's end, summed over the rounds so far.

    Income counts only money gained: a payment (a Distilled purchase is an ``income`` row below zero) is no
    income. Points are the score as it stands (a game may take points away).

    Parameters
    ----------
    events : SimResult, or its ``events`` table
        A run, or its events table; its ``income`` and ``points`` rows are used.

    Returns
    -------
    altair.Chart
    """
    events = table_of(events, "income_and_points", "events", "events", ("game", "round", "player", "kind", "amount"))
    kind = pl.col("kind").cast(pl.Utf8)
    gained = (kind == "points") | ((kind == "income") & (pl.col("amount") > 0))
    flows = events.filter(gained).select(
        "game", pl.col("round").cast(pl.Int64), kind, pl.col("amount").cast(pl.Float64)
    )
    seats = events.filter(pl.col("player").is_not_null()).group_by("game").agg(pl.col("player").n_unique().alias("n"))
    per_round = (
        flows.group_by("game", "round", "kind")
        .agg(pl.col("amount").sum())
        .join(seats, on="game")
        .group_by("round", "kind")
        .agg((pl.col("amount") / pl.col("n")).sum().alias("amount"))
        .sort("kind", "round")
    )
    games = max(1, events["game"].n_unique())
    data = per_round.with_columns((pl.col("amount") / games).cum_sum().over("kind").alias("per_player"))
    return (
        alt.Chart(data)
        .mark_line(point=True)
        .encode(
            x=alt.X("round:Q", title="Round", axis=alt.Axis(format="d", tickMinStep=1)),
            y=alt.Y("per_player:Q", title="So far, per player (average game)"),
            color=alt.Color("kind:N", title="Gained", scale=alt.Scale(domain=["income", "points"])),
            tooltip=[
                alt.Tooltip("round:Q", title="Round"),
                alt.Tooltip("kind:N", title="Gained"),
                alt.Tooltip("per_player:Q", title="So far, per player", format=".1f"),
            ],
        )
        .properties(width=WIDTH, height=HEIGHT, title=title("Income and points as the game goes on"))
    )
