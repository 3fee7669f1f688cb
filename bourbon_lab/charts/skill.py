"""Charts of skill: the ladder's ratings with their intervals."""

from __future__ import annotations

import altair as alt

from ..core.charting import WIDTH, title
from ..core.chartinput import result_of, table_of

__all__ = ["ladder_chart"]


def ladder_chart(ladder) -> alt.LayerChart:
    """Each bot's openskill rating (mu) with its 95 % interval, strongest on top; the table size in the title.

    ``ladder``: a skill ladder (``bl.ladder``: its ratings, game, players and games); anything else is refused.
    """
    takes = "a skill ladder (bl.ladder)"
    result_of(ladder, "ladder_chart", "ladder", ("ratings", "game", "players", "games"), takes)
    columns = ("bot", "mu", "mu_low", "mu_high", "win_rate", "seats")
    table_of(ladder, "ladder_chart", "ladder", "ratings", columns, takes=takes)
    data = ladder.ratings.select("bot", "mu", "mu_low", "mu_high", "win_rate", "seats").to_dicts()
    order = [r["bot"] for r in data]
    base = alt.Chart(alt.Data(values=data)).encode(y=alt.Y("bot:N", sort=order, title="Bot"))
    bars = base.mark_rule(strokeWidth=2).encode(
        x=alt.X("mu_low:Q", title="Rating (openskill mu, 95 % interval)"), x2="mu_high:Q"
    )
    points = base.mark_point(filled=True, size=70).encode(
        x="mu:Q",
        tooltip=[
            alt.Tooltip("bot:N"),
            alt.Tooltip("mu:Q", format=".1f", title="rating"),
            alt.Tooltip("win_rate:Q", format=".0%", title="win rate"),
            alt.Tooltip("seats:Q", title="seats played"),
        ],
    )
    heading = title(
        f"{ladder.game}: skill ladder",
        f"{ladder.players}-player mixed tables, {ladder.games['game'].n_unique()} games; openskill Plackett-Luce",
    )
    return (bars + points).properties(width=WIDTH, height=30 * len(data) + 20, title=heading)
