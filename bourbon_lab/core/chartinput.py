"""What a chart or table builder accepts: a ``simulate`` result, a ``Comparison`` where it fits, or the table itself.

``table_of`` turns any of them into the table a builder draws and refuses anything else with a ``ChartInputError``
that names the builder, the argument, what it got and what it takes, so a designer calling a chart by hand is told
what to pass. In the core so a game's own ``charts.py`` refuses alike; it knows results only by their shape.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import polars as pl

from .errors import BourbonLabError, short


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
