"""Shared look, labels and data hygiene, so every chart reads the same way and embeds small, plain data.

In the core so a game's own ``charts.py`` (which may import only the core and itself) draws like the
lab's generic charts. It imports Altair and polars, so ``core/__init__`` never imports it: the rules stay light.

What a builder accepts (a run, a comparison or the table) is ``core.chartinput``'s.
"""

from __future__ import annotations

import altair as alt
import polars as pl

from .chartinput import ChartInputError

WIDTH = 340
"""Plot width: a chart with its axis titles and a legend beside it fits a notebook's output area in a 1000 px
window with the file browser open (about 570 px)."""
HEIGHT = 240

_WHOLE_LABELS = "datum.value % 1 ? '' : datum.label"  # Vega still places ticks at 0.5 under tickMinStep

COUNT_AXIS = alt.Axis(format="d", tickMinStep=1, labelExpr=_WHOLE_LABELS)
"""Axis of a count (games, sales, players): whole numbers only, never "0.5 games"."""

WHOLE_AXIS = alt.Axis(
    format="d", tickMinStep=1, labelExpr=_WHOLE_LABELS, labelOverlap="greedy", labelSeparation=6, labelAngle=0
)
"""Axis of a whole quantity such as rounds: integer labels, the ones that would crowd left out."""


def round_axis(rounds: int, width: int = WIDTH) -> alt.Axis:
    """Axis of rounds as bands: a label every 1, 2, 5, 10, ... rounds, enough that labels never touch.

    Vega's ``labelOverlap`` leaves every label of a band axis in place, so the spacing is chosen here.
    """
    needed = (0.6 * 10 * len(str(max(rounds, 1))) + 8) / (width / max(rounds, 1))
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 1000) if s >= needed or s == 1000)
    if step == 1:
        return alt.Axis(labelAngle=0)
    return alt.Axis(labelAngle=0, labelExpr=f"datum.value % {step} == 0 ? datum.label : ''")


GROUP_TITLES = {"seat": "Seat (0 = first seat of the run)", "bot": "Bot", "distillery": "Distillery"}
"""Axis names for the columns a designer may group players by."""


def group_title(by: str) -> str:
    """The axis name for a grouping column, refusing columns the tables do not have."""
    if by not in GROUP_TITLES:
        raise ChartInputError(f"by: {by!r} is not one of {sorted(GROUP_TITLES)}")
    return GROUP_TITLES[by]


def humanise(name: str, capital: bool = True) -> str:
    """A column or metric name as people write it: ``first_player_advantage`` -> "First player advantage".

    One function for every label (axes, legends, metric rows, table headers), so no chart mixes "Mean final
    score" with "First_player_advantage". ``capital=False`` keeps a table header's lower case.
    """
    text = " ".join(name.replace("_", " ").replace(":", ": ").split())
    return text[:1].upper() + text[1:] if capital else text


def plain(df: pl.DataFrame, *columns: str) -> pl.DataFrame:
    """Only ``columns``, with Enum/Categorical as text, so the embedded data is small and portable."""
    out = df.select(columns)
    casts = [pl.col(c).cast(pl.Utf8) for c, t in out.schema.items() if isinstance(t, pl.Enum | pl.Categorical)]
    return out.with_columns(casts) if casts else out


def title(text: str, subtitle: str | list[str] | None = None) -> alt.TitleParams:
    """A left-anchored title with an optional subtitle (where a chart states its assumptions)."""
    return alt.TitleParams(text, subtitle=subtitle or "", anchor="start")


def finished(games: pl.DataFrame) -> pl.DataFrame:
    """Games that ran to the end (a failed game has no rounds to count)."""
    if "error" in games.columns:
        return games.filter(pl.col("error").is_null())
    return games


def source_share_chart(sums: pl.DataFrame, by: str, color: alt.Color) -> alt.Chart:
    """The stacked share-of-score bars drawn from ``by``, ``source``, ``points`` and ``share`` columns."""
    label = group_title(by)
    return (
        alt.Chart(sums)
        .mark_bar()
        .encode(
            y=alt.Y(f"{by}:N", title=label),
            x=alt.X("share:Q", title="Share of the final score", axis=alt.Axis(format="%"), stack="zero"),
            color=color,
            tooltip=[
                alt.Tooltip(f"{by}:N", title=label),
                alt.Tooltip("source:N", title="From"),
                alt.Tooltip("share:Q", title="Share", format=".1%"),
                alt.Tooltip("points:Q", title="Points, all games"),
            ],
        )
        .properties(width=WIDTH, height=HEIGHT // 2, title=title(f"Where the final score comes from, by {by}"))
    )
