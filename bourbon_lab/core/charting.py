"""Shared look, labels, data hygiene and what a builder accepts, so every chart reads and is called alike.

In the core so a game's own ``charts.py`` (which may import only the core and itself) draws like the
lab's generic charts. It imports Altair and polars, so ``core/__init__`` never imports it: the rules stay light.

A builder takes a ``simulate`` result (or a ``Comparison``, where that fits) as well as the table it draws:
``table_of`` turns either into the table and refuses anything else with a ``ChartInputError`` that names the
builder, the argument, what it got and what it takes, so a designer calling a chart by hand is told what to pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import altair as alt
import polars as pl

from .errors import BourbonLabError, short

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


# --- what a builder accepts ----------------------------------------------------------------------------


class ChartInputError(BourbonLabError, TypeError, ValueError):
    """A chart or table builder handed something it cannot draw: the message names the builder and argument.

    Both a TypeError (the wrong kind of value) and a ValueError (a table without the columns), so code that
    caught either before keeps working.
    """


def is_run(value: Any) -> bool:
    """A ``simulate`` result: its run stamp and its tables (duck-typed: the core imports nothing above it)."""
    return isinstance(getattr(value, "stamp", None), dict) and isinstance(getattr(value, "players", None), pl.DataFrame)


def is_comparison(value: Any) -> bool:
    """A paired ``compare`` result: two runs and their ``table`` of differences."""
    return is_run(getattr(value, "a", None)) and is_run(getattr(value, "b", None))


def run_game(value: Any) -> str | None:
    """The game a run, a comparison or a ``games`` table is of (its ``game_name``), when it says."""
    if is_run(value):
        return getattr(value, "game", None) or value.stamp.get("game")
    if is_comparison(value):
        return run_game(value.a)
    if isinstance(value, pl.DataFrame) and "game_name" in value.columns:
        names = value["game_name"].drop_nulls().unique().to_list()
        return names[0] if len(names) == 1 else None
    return None


def described(value: Any) -> str:
    """What a caller handed in, in a few words (a table by its columns, a run by its game)."""
    if isinstance(value, pl.DataFrame):
        return f"a table with columns {short(value.columns)}"
    if is_run(value):
        return f"a {run_game(value)} simulate result"
    if is_comparison(value):
        return f"a {run_game(value)} Comparison"
    return f"{type(value).__name__} {short(value)}"


def table_of(
    value: Any,
    builder: str,
    param: str,
    table: str,
    columns: Iterable[str] = (),
    *,
    own: str | None = None,
    takes: str | None = None,
) -> pl.DataFrame:
    """The polars table ``builder`` draws: ``value`` itself, or the ``table`` attribute of a result holding it.

    A ``simulate`` result gives ``games``/``players``/``events``/``score_parts``, a ``Comparison`` its
    ``table``. ``columns`` must all be there. ``own`` is the game a game's own chart draws: another game's
    run is refused with where its own charts are. Anything else raises ``ChartInputError``.
    """
    takes = takes or (
        f"a simulate result (bl.simulate) or its {table} table" if table != "table" else "a result with a table"
    )
    where = f"{builder}: {param} takes {takes}"
    found = run_game(value)
    if own is not None and found is not None and found != own:
        raise ChartInputError(
            f"{builder}: {param} is {described(value)}, but {builder} is a {own} chart; "
            f"the {found} charts are in bl.charts.of({found!r})"
        )
    if isinstance(value, pl.DataFrame):
        df = value
    elif is_comparison(value) and table != "table":
        raise ChartInputError(f"{where}; a Comparison holds two runs: pass comparison.a or comparison.b")
    elif isinstance(getattr(value, table, None), pl.DataFrame):
        df = getattr(value, table)
    else:
        raise ChartInputError(f"{where}; got {described(value)}")
    missing = [c for c in dict.fromkeys(columns) if c not in df.columns]
    if missing:
        raise ChartInputError(f"{where}; this table has no column {', '.join(map(repr, missing))} ({described(df)})")
    return df


def second_table(
    value: Any, first: Any, builder: str, param: str, table: str, columns: Iterable[str] = (), **kw: Any
) -> pl.DataFrame:
    """The second table of a two-table builder: given as ``value``, or taken from the result passed ``first``."""
    if value is None:
        if not isinstance(getattr(first, table, None), pl.DataFrame):
            raise ChartInputError(
                f"{builder}: {param} is missing: give the {table} table too, or pass the whole result alone "
                "(a simulate result holds both)"
            )
        value = first
    return table_of(value, builder, param, table, columns, **kw)


def result_of(value: Any, builder: str, param: str, needs: Iterable[str], takes: str) -> Any:
    """``value`` when it has every attribute in ``needs`` (a whole result a builder reads), else a named refusal."""
    if isinstance(value, pl.DataFrame) or not all(hasattr(value, n) for n in needs):
        raise ChartInputError(f"{builder}: {param} takes {takes}; got {described(value)}")
    return value


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
