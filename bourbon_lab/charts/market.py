"""How the shared market behaves: game length, the zone at each sale, crashes and Hot resets."""

from __future__ import annotations

import altair as alt
import polars as pl

from ._style import COUNT_AXIS, HEIGHT, WHOLE_AXIS, WIDTH, ZONES, finished, plain, title

MINUTES_PER_ROUND = 4.0
"""Assumed table time per round at four players (Demand, Collect, Play, ageing); stated on the chart."""


def game_length(games: pl.DataFrame, minutes_per_round: float = MINUTES_PER_ROUND) -> alt.Chart:
    """Histogram of game length in rounds, with the estimate in minutes and its assumption in the subtitle.

    Parameters
    ----------
    games : polars.DataFrame
        The ``games`` table of a run; failed games are left out.
    minutes_per_round : float
        Assumed minutes a round takes at the table (the estimate is rounds x this).

    Returns
    -------
    altair.Chart
    """
    if minutes_per_round <= 0:
        raise ValueError(f"minutes_per_round: {minutes_per_round!r} must be above 0")
    data = plain(finished(games), "game", "rounds", "ended_by").with_columns(
        (pl.col("rounds") * minutes_per_round).alias("minutes")
    )
    median = data["rounds"].median() if data.height else 0
    subtitle = [
        f"median {median:.0f} rounds ≈ {median * minutes_per_round:.0f} minutes, "
        f"assuming {minutes_per_round:g} minutes per round",
        "colour: how the game ended",
    ]
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X("rounds:Q", bin=alt.Bin(maxbins=20, minstep=1), title="Game length (rounds)", axis=WHOLE_AXIS),
            y=alt.Y("count():Q", title="Games", axis=COUNT_AXIS),
            color=alt.Color("ended_by:N", title="Ended by", scale=alt.Scale(domain=_endings(data))),
            tooltip=[alt.Tooltip("count():Q", title="Games"), alt.Tooltip("ended_by:N", title="Ended by")],
        )
        .properties(width=WIDTH, height=HEIGHT, title=title("How long a game lasts", subtitle))
    )


def _endings(data: pl.DataFrame) -> list[str]:
    """Bourbonomics' two endings in their fixed order (same colours in every run); another game's as found."""
    found = sorted(e for e in data["ended_by"].unique().to_list() if e is not None)
    return ["orders", "round_limit"] if set(found) <= {"orders", "round_limit"} else found


def sale_zones(events: pl.DataFrame) -> alt.Chart:
    """Number of sales made in each market zone (Low, Mid, Hot), split by barrel quality.

    Parameters
    ----------
    events : polars.DataFrame
        The ``events`` table of a run (only ``sale`` rows are used).

    Returns
    -------
    altair.Chart
    """
    sales = (
        plain(events.filter(pl.col("kind") == "sale"), "zone", "quality", "capital")
        .group_by("zone", "quality")
        .agg(pl.len().alias("sales"), pl.col("capital").sum().alias("capital"))
        .sort("zone", "quality")
    )
    total = int(sales["sales"].sum()) if sales.height else 0
    return (
        alt.Chart(sales)
        .mark_bar()
        .encode(
            x=alt.X("zone:N", title="Market zone at the moment of sale", sort=ZONES, scale=alt.Scale(domain=ZONES)),
            y=alt.Y("sales:Q", title="Sales", stack="zero", axis=COUNT_AXIS),
            color=alt.Color("quality:N", title="Barrel quality"),
            tooltip=[
                alt.Tooltip("zone:N", title="Zone"),
                alt.Tooltip("quality:N", title="Quality"),
                alt.Tooltip("sales:Q", title="Sales"),
                alt.Tooltip("capital:Q", title="Capital earned"),
            ],
        )
        .properties(width=WIDTH, height=HEIGHT, title=title("Zone at the moment of sale", f"{total} sales"))
    )


def market_events(games: pl.DataFrame) -> alt.Chart:
    """How many games had 0, 1, 2 … crashes and Hot resets, side by side.

    Parameters
    ----------
    games : polars.DataFrame
        The ``games`` table of a run; failed games are left out.

    Returns
    -------
    altair.Chart
    """
    done = plain(finished(games), "game", "crashes", "hot_resets")
    counts = (
        done.rename({"crashes": "Crash", "hot_resets": "Hot reset"})
        .unpivot(index="game", variable_name="event", value_name="per_game")
        .group_by("event", "per_game")
        .agg(pl.len().alias("games"))
        .sort("event", "per_game")
    )
    means = ", ".join(
        f"{label} {done[col].mean() or 0:.2f}" for col, label in (("crashes", "crashes"), ("hot_resets", "Hot resets"))
    )
    return (
        alt.Chart(counts)
        .mark_bar()
        .encode(
            x=alt.X("per_game:O", title="Times in one game", axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("event:N"),
            y=alt.Y("games:Q", title="Games", axis=COUNT_AXIS),
            color=alt.Color("event:N", title="Market event", scale=alt.Scale(range=["#c4452f", "#e0a340"])),
            tooltip=[
                alt.Tooltip("event:N", title="Event"),
                alt.Tooltip("per_game:O", title="Times in one game"),
                alt.Tooltip("games:Q", title="Games"),
            ],
        )
        .properties(
            width=WIDTH, height=HEIGHT, title=title("Crashes and Hot resets per game", f"mean per game: {means}")
        )
    )
