"""Who scores what: final scores and win rates, per seat, bot or distillery, for any game's ``players`` table.

Each takes a ``simulate`` result or its ``players`` table. A game's own split of the score lives in its folder,
with its other charts: ``bl.charts.of(result)``.
"""

from __future__ import annotations

import altair as alt
import polars as pl

from ..core.charting import HEIGHT, WIDTH, group_title, plain, title
from ..core.chartinput import table_of
from ..core.stats import win_rates


def score_distribution(players, by: str = "seat") -> alt.Chart:
    """Box plot of final scores per seat, bot or distillery.

    Parameters
    ----------
    players : SimResult, or its ``players`` table
        A run, or its players table.
    by : {"seat", "bot", "distillery"}
        What to group players by.

    Returns
    -------
    altair.Chart
    """
    label = group_title(by)
    players = table_of(players, "score_distribution", "players", "players", (by, "score", "game"))
    data = plain(players, by, "score").with_columns(pl.col(by).cast(pl.Utf8))
    return (
        alt.Chart(data)
        .mark_boxplot(extent=1.5, size=28)
        .encode(
            x=alt.X(f"{by}:N", title=label, axis=alt.Axis(labelAngle=0)),
            y=alt.Y("score:Q", title=_score_title(players)),
            color=alt.Color(f"{by}:N", legend=None),
        )
        .properties(
            width=WIDTH,
            height=HEIGHT,
            title=title(f"Final score by {by}", f"{players['game'].n_unique()} games; boxes hold the middle half"),
        )
    )


def _players_per_game(players: pl.DataFrame) -> float:
    return players.height / max(players["game"].n_unique(), 1)


def _even_chance(players: pl.DataFrame, players_per_game: int | None) -> float:
    """1 / players at each table: given, or read from a table that holds every seat of each game once."""
    if players_per_game is not None:
        if players_per_game < 1:
            raise ValueError(f"players_per_game: {players_per_game!r} must be 1 or more")
        return 1 / players_per_game
    if not players.height:
        return 0.0
    rows = _players_per_game(players)
    seats = players["player"].max() + 1 if "player" in players.columns else rows
    if rows != seats:
        raise ValueError(
            f"players_per_game: the table has {rows:g} rows per game but seats 0-{seats - 1}, so it does not hold "
            "each game's players once (a filtered or concatenated table); pass players_per_game="
        )
    return 1 / rows


def win_rate(players, by: str = "seat", players_per_game: int | None = None) -> alt.LayerChart:
    """Win rate per seat, bot or distillery with its 95 % Wilson interval; a dashed line marks an even chance.

    Parameters
    ----------
    players : SimResult, or its ``players`` table
        A run, or its players table (a shared win counts as a win).
    by : {"seat", "bot", "distillery"}
        What to group players by.
    players_per_game : int, optional
        Players at each table, for the even chance (1 / players). Read from ``players`` when it holds
        every seat of each game once; give it for a filtered table (one seat per game) or several runs.

    Returns
    -------
    altair.LayerChart
    """
    label = group_title(by)
    players = table_of(players, "win_rate", "players", "players", (by, "won", "game"))
    rates = win_rates(plain(players, by, "won", "game").with_columns(pl.col(by).cast(pl.Utf8)), by)
    even = _even_chance(players, players_per_game)
    base = alt.Chart(rates).encode(x=alt.X(f"{by}:N", title=label, axis=alt.Axis(labelAngle=0)))
    y_axis = alt.Y("win_rate:Q", title="Win rate", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1]))
    tooltip = [
        alt.Tooltip(f"{by}:N", title=label),
        alt.Tooltip("win_rate:Q", title="Win rate", format=".1%"),
        alt.Tooltip("ci_low:Q", title="95 % CI low", format=".1%"),
        alt.Tooltip("ci_high:Q", title="95 % CI high", format=".1%"),
        alt.Tooltip("games:Q", title="Player-games"),
    ]
    bars = base.mark_bar(opacity=0.8).encode(y=y_axis, color=alt.Color(f"{by}:N", legend=None), tooltip=tooltip)
    ci = base.mark_rule(strokeWidth=2, color="black").encode(y=alt.Y("ci_low:Q", title="Win rate"), y2="ci_high:Q")
    line = alt.Chart().mark_rule(strokeDash=[4, 4], color="gray").encode(y=alt.datum(even))
    return alt.layer(bars, ci, line).properties(
        width=WIDTH,
        height=HEIGHT,
        title=title(
            f"Win rate by {by}, with 95 % confidence intervals", f"dashed line: an even chance ({100 * even:.0f} %)"
        ),
    )


def _score_title(players: pl.DataFrame) -> str:
    """Bourbonomics' score is Capital + Prestige; another game's score is its own."""
    return "Final score (Capital + Prestige)" if {"capital", "prestige"} <= set(players.columns) else "Final score"
