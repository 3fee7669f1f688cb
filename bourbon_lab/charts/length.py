"""How long a game lasts, for any game's run or ``games`` table (rounds and how each game ended).

A game's own charts of its market or ending live in its folder: ``bl.charts.of(result)``.
"""

from __future__ import annotations

import altair as alt
import polars as pl

from ..core.charting import COUNT_AXIS, HEIGHT, WHOLE_AXIS, WIDTH, finished, plain, title
from ..core.chartinput import run_game, table_of
from ..core.registry import DEFAULT_GAME, get_game
from ..core.registry import games as known_games

MINUTES_PER_ROUND = 4.0
"""Assumed table time per round (a Bourbonomics round at four players: Demand, Collect, Play, ageing); stated
on the chart, and a parameter for another game."""


def game_length(games, minutes_per_round: float = MINUTES_PER_ROUND, game: str | None = None) -> alt.Chart:
    """Histogram of game length in rounds, with the estimate in minutes and its assumption in the subtitle.

    Parameters
    ----------
    games : SimResult, or its ``games`` table
        A run, or its games table; failed games are left out.
    minutes_per_round : float
        Assumed minutes a round takes at the table (the estimate is rounds x this).
    game : str, optional
        The game played: its declared endings (``GameInfo.ended_by``) keep their order and colours in every run.
        Default: the run's game (a games table names it in ``game_name``).

    Returns
    -------
    altair.Chart
    """
    if minutes_per_round <= 0:
        raise ValueError(f"minutes_per_round: {minutes_per_round!r} must be above 0")
    game = game or run_game(games) or DEFAULT_GAME
    games = table_of(games, "game_length", "games", "games", ("game", "rounds", "ended_by"))
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
            color=alt.Color("ended_by:N", title="Ended by", scale=alt.Scale(domain=_endings(data, game))),
            tooltip=[alt.Tooltip("count():Q", title="Games"), alt.Tooltip("ended_by:N", title="Ended by")],
        )
        .properties(width=WIDTH, height=HEIGHT, title=title("How long a game lasts", subtitle))
    )


def _endings(data: pl.DataFrame, game: str) -> list[str]:
    """The game's declared endings in their fixed order (same colours in every run); undeclared ones as found."""
    found = sorted(e for e in data["ended_by"].unique().to_list() if e is not None)
    declared = list(get_game(game).info.ended_by) if game in known_games() else []
    return declared if declared and set(found) <= set(declared) else found
