"""Result tables as a designer reads them: "25 %", "25 % [18, 33]", plain column names, no dtype rows.

A polars frame printed in a notebook shows its shape, its dtypes and six-decimal floats. ``table``
turns one into a finished ``Table`` of text cells that draws as a small HTML table in JupyterLab
(inline styles only, nothing loaded from anywhere) and as aligned text in a terminal. ``win_table`` and
``comparison_table`` take a ``simulate`` or ``compare`` result as well as its table; a title is optional.
A missing number (None, or NaN where an interval could not be got) shows as "—".
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Mapping, Sequence

import polars as pl

from ..core.charting import GROUP_TITLES, humanise, plain
from ..core.chartinput import ChartInputError, is_run, table_of
from ..core.stats import win_rates
from .comparison import metric_names, paired


def _missing(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def percent(x: float | None, digits: int = 0) -> str:
    """A share as a percentage: 0.25 -> "25 %"."""
    return "—" if _missing(x) else f"{100 * x:.{digits}f} %"


def interval(
    value: float | None,
    low: float | None,
    high: float | None,
    *,
    as_percent: bool = True,
    digits: int = 0,
    signed: bool = False,
) -> str:
    """A value with its 95 % interval: "25 % [18, 33]" for shares, "+1.2 [-0.3, +2.7]" for signed differences."""
    if _missing(value) or _missing(low) or _missing(high):
        return "—"
    if as_percent:
        return f"{percent(value, digits)} [{100 * low:.{digits}f}, {100 * high:.{digits}f}]"
    f = f"{'+' if signed else ''}.{digits}f"
    return f"{value:{f}} [{low:{f}}, {high:{f}}]"


class Table:
    """A finished table of text cells: HTML in a notebook, aligned text in a terminal."""

    def __init__(self, columns: Sequence[str], rows: Iterable[Sequence[str]], title: str | None = None):
        self.columns = list(columns)
        self.rows = [list(r) for r in rows]
        self.title = title

    def _numeric(self, i: int) -> bool:
        cells = [r[i] for r in self.rows if r[i] != "—"]
        return bool(cells) and all(c.lstrip("+-−").split(" ")[0].replace(".", "", 1).isdigit() for c in cells)

    def _repr_html_(self) -> str:
        align = ["right" if self._numeric(i) else "left" for i in range(len(self.columns))]
        cell = "padding:2px 10px;text-align:{};white-space:nowrap"
        head = "".join(
            f'<th style="{cell.format(a)};white-space:normal;border-bottom:1px solid #888">{html.escape(c)}</th>'
            for c, a in zip(self.columns, align)
        )
        body = "".join(
            "<tr>" + "".join(f'<td style="{cell.format(a)}">{html.escape(v)}</td>' for v, a in zip(r, align)) + "</tr>"
            for r in self.rows
        )
        caption = (
            f'<caption style="text-align:left;font-weight:bold">{html.escape(self.title)}</caption>'
            if self.title
            else ""
        )
        # Headers may wrap and a table still too wide scrolls in its own box, never past a narrow notebook.
        return (
            '<table class="bourbon-lab-table" style="border-collapse:collapse;font-variant-numeric:tabular-nums;'
            'display:block;max-width:100%;overflow-x:auto">'
            f"{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )

    def __str__(self) -> str:
        widths = [max(len(x) for x in [c, *(r[i] for r in self.rows)]) for i, c in enumerate(self.columns)]
        just = [str.rjust if self._numeric(i) else str.ljust for i in range(len(self.columns))]
        lines = ["  ".join(j(c, w) for c, w, j in zip(self.columns, widths, just))]
        lines.append("  ".join("-" * w for w in widths))
        lines += ["  ".join(j(v, w) for v, w, j in zip(r, widths, just)) for r in self.rows]
        return "\n".join(([self.title] if self.title else []) + [line.rstrip() for line in lines])

    __repr__ = __str__


def _cell(value, digits: int) -> str:
    if _missing(value):
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    if isinstance(value, list | tuple):
        return "(" + ", ".join(_cell(v, digits) for v in value) + ")"
    return str(value)


def table(
    df,
    *,
    percent_columns: Iterable[str] = (),
    intervals: Mapping[str, tuple[str, str, str]] | None = None,
    digits: Mapping[str, int] | None = None,
    names: Mapping[str, str] | None = None,
    title: str | None = None,
) -> Table:
    """A polars frame as a finished table.

    Parameters
    ----------
    df : polars.DataFrame, or a result with one ``table`` (a ``Comparison``, a ``TargetReport``)
        The result to show. A ``simulate`` result holds four tables: pass the one to show (``result.games``),
        or use ``win_table(result)``.
    percent_columns : iterable of str
        Columns holding shares (0-1), shown as "25 %".
    intervals : mapping, optional
        ``{"shown name": (value, low, high)}``: three columns shown as one, "25 % [18, 33]" when the value
        column is a share (listed in ``percent_columns``), else "1.20 [0.80, 1.60]". The three leave the table.
    digits : mapping, optional
        Decimals per column (default 2 for numbers, 0 for percentages).
    names : mapping, optional
        Shown names per column (default: the column name with spaces for underscores).
    title : str, optional
        A caption above the table.

    Returns
    -------
    Table
    """
    if is_run(df):
        raise ChartInputError(
            "table: df takes one polars table, and a simulate result holds four: pass result.games, "
            "result.players, result.events or result.score_parts (or show its win rates with win_table(result))"
        )
    df = table_of(df, "table", "df", "table", takes="a polars table or a result with one (a Comparison)")
    shares, spans, digits = set(percent_columns), dict(intervals or {}), dict(digits or {})
    sources = {c for cols in spans.values() for c in cols}
    missing = sorted((sources | shares) - set(df.columns))
    if missing:
        raise ChartInputError(f"table: no column {', '.join(map(repr, missing))} in {df.columns}")
    first = {cols[0]: shown for shown, cols in spans.items()}
    columns = [c for c in df.columns if c not in sources or c in first]
    header = [first.get(c) or (names or {}).get(c) or humanise(c, capital=False) for c in columns]

    def show(row: dict, c: str) -> str:
        places = digits.get(c, 0 if c in shares else 2)
        if c in first:
            value, low, high = (row[x] for x in spans[first[c]])
            return interval(value, low, high, as_percent=c in shares, digits=places)
        return percent(row[c], places) if c in shares else _cell(row[c], places)

    return Table(header, ([show(row, c) for c in columns] for row in df.iter_rows(named=True)), title)


RATE_COLUMNS = ("games", "wins", "win_rate", "ci_low", "ci_high")
"""The columns of a ``win_rates`` table beside the grouping one."""
_RATES = "a simulate result, its players table or a win_rates table"


def win_table(rates, by: str = "seat", title: str | None = None) -> Table:
    """Win rate per ``by`` as "win rate [95 % CI]" beside the player-games and wins it counts.

    Parameters
    ----------
    rates : SimResult, or its ``players`` table, or a ``win_rates`` table
        A run or its players (win rates are counted here, with Wilson intervals), or rates already counted
        (``bourbon_lab.sim.win_rates(players, by)``: by, games, wins, win_rate, ci_low, ci_high).
    by : str
        The column to group by: seat, bot, turn_order, distillery ...
    title : str, optional
        A caption above the table.

    Returns
    -------
    Table
    """
    counted = isinstance(rates, pl.DataFrame) and "win_rate" in rates.columns
    if counted:
        rates = table_of(rates, "win_table", "rates", "players", (by, *RATE_COLUMNS), takes=_RATES)
    else:
        players = table_of(rates, "win_table", "rates", "players", (by, "won", "game"), takes=_RATES)
        rates = win_rates(plain(players, by, "won", "game"), by)
    return table(
        rates.select(by, *RATE_COLUMNS),
        percent_columns=["win_rate"],
        intervals={"win rate [95 % CI]": ("win_rate", "ci_low", "ci_high")},
        names={by: GROUP_TITLES.get(by, humanise(by)), "games": "player-games"},
        title=title,
    )


def comparison_table(comparison, a: str = "a", b: str = "b", title: str | None = None) -> Table:
    """A paired comparison as a table: each metric's mean under ``a`` and ``b`` and "b − a [95 % CI]", signed.

    Parameters
    ----------
    comparison : Comparison, or its ``table``
        What ``bl.compare`` gives (metric, a, b, diff, ci_low, ci_high, games); a skill comparison one level at
        a time (``result.levels["heuristic"]``).
    a, b : str
        The names of the two rulesets, as the column headers.
    title : str, optional
        A caption above the table.

    Returns
    -------
    Table
    """
    t = paired(comparison, "comparison_table")
    rows = [
        [
            name,
            _cell(r["a"], 2),
            _cell(r["b"], 2),
            interval(r["diff"], r["ci_low"], r["ci_high"], as_percent=False, digits=2, signed=True),
            str(r["games"]),
        ]
        for name, r in zip(metric_names(t["metric"].to_list()), t.iter_rows(named=True))
    ]
    return Table(["metric", a, b, f"{b} − {a} [95 % CI]", "paired games"], rows, title)
