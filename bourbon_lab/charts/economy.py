"""Where Capital goes: upgrades bought, and Capital in from sales against Capital out to upgrades."""

from __future__ import annotations

import altair as alt
import polars as pl

from ._style import COUNT_AXIS, HEIGHT, WIDTH, plain, round_axis, title

FLOWS = {"sale": "In: sales", "warehouse_tasting": "In: Warehouse Tasting", "upgrade": "Out: upgrades"}


def upgrades(players: pl.DataFrame, events: pl.DataFrame) -> alt.HConcatChart:
    """Two panels: how many upgrades each player bought, and which departments they went to, by level.

    Parameters
    ----------
    players : polars.DataFrame
        The ``players`` table of a run (the ``upgrades`` count per player).
    events : polars.DataFrame
        The ``events`` table of the same run (``upgrade`` rows: department and level).

    Returns
    -------
    altair.HConcatChart
    """
    per_player = plain(players, "upgrades").group_by("upgrades").agg(pl.len().alias("players")).sort("upgrades")
    n_players = max(players.height, 1)
    by_dept = (
        plain(events.filter(pl.col("kind") == "upgrade"), "department", "level")
        .group_by("department", "level")
        .agg(pl.len().alias("count"))
        .with_columns((pl.col("count") / n_players).alias("per_player"), pl.col("level").cast(pl.Utf8))
        .sort("department", "level")
    )
    left = (
        alt.Chart(per_player)
        .mark_bar(color="#5a3e85")
        .encode(
            x=alt.X("upgrades:O", title="Upgrades bought in the game", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("players:Q", title="Players", axis=COUNT_AXIS),
            tooltip=[alt.Tooltip("upgrades:O", title="Upgrades"), alt.Tooltip("players:Q", title="Players")],
        )
        .properties(width=WIDTH // 2, height=HEIGHT, title="Upgrades per player")
    )
    right = (
        alt.Chart(by_dept)
        .mark_bar()
        .encode(
            y=alt.Y("department:N", title="Department"),
            x=alt.X("per_player:Q", title="Upgrades per player", stack="zero"),
            color=alt.Color(
                "level:O", title="Level reached", scale=alt.Scale(scheme="purples"), legend=alt.Legend(orient="bottom")
            ),
            tooltip=[
                alt.Tooltip("department:N", title="Department"),
                alt.Tooltip("level:O", title="Level"),
                alt.Tooltip("per_player:Q", title="Per player", format=".2f"),
                alt.Tooltip("count:Q", title="Upgrades, all games"),
            ],
        )
        .properties(width=WIDTH // 2, height=HEIGHT, title="Which departments")
    )
    mean = players["upgrades"].mean() if players.height else 0
    return alt.hconcat(left, right).properties(
        title=title("Upgrades per player and which departments", f"mean {mean or 0:.2f} upgrades per player")
    )


def economy_flow(events: pl.DataFrame) -> alt.Chart:
    """Capital in (sales, Warehouse Tasting) and out (upgrades) per round, averaged over games.

    Parameters
    ----------
    events : polars.DataFrame
        The ``events`` table of a run (or of one game).

    Returns
    -------
    altair.Chart
    """
    n_games = max(events["game"].n_unique(), 1)
    flows = (
        plain(events.filter(pl.col("kind").is_in(list(FLOWS))), "round", "kind", "capital", "cost")
        .with_columns(
            pl.when(pl.col("kind") == "upgrade")
            .then(-pl.col("cost").cast(pl.Int64))
            .otherwise(pl.col("capital").cast(pl.Int64))
            .alias("amount"),
            pl.col("kind").replace_strict(FLOWS, return_dtype=pl.Utf8).alias("flow"),
        )
        .group_by("round", "flow")
        .agg((pl.col("amount").sum() / n_games).alias("per_game"))
        .sort("round", "flow")
    )
    # Every round gets a band, even one with no Capital moving, so the axis's every-nth labels stay apart.
    rounds = list(range(flows["round"].min(), flows["round"].max() + 1)) if flows.height else []
    return (
        alt.Chart(flows)
        .mark_bar()
        .encode(
            x=alt.X(
                "round:O",
                title="Round",
                scale=alt.Scale(domain=rounds) if rounds else alt.Undefined,
                axis=round_axis(len(rounds)),
            ),
            y=alt.Y("per_game:Q", title="Capital per game (out is below zero)", stack="zero"),
            color=alt.Color(
                "flow:N",
                title="Capital",
                scale=alt.Scale(domain=list(FLOWS.values()), range=["#3f8f4f", "#8cc084", "#c4452f"]),
            ),
            tooltip=[
                alt.Tooltip("round:O", title="Round"),
                alt.Tooltip("flow:N", title="Flow"),
                alt.Tooltip("per_game:Q", title="Capital per game", format=".2f"),
            ],
        )
        .properties(
            width=WIDTH,
            height=HEIGHT,
            title=title("Economy flow: Capital in and out per round", f"averaged over {n_games} game(s)"),
        )
    )
