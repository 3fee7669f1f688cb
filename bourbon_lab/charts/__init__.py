"""Altair chart builders and finished tables, each called with a ``simulate`` result or the table it draws.

Every builder returns an Altair chart with a title and axis names a designer reads without the code;
``save`` writes it as PNG or SVG for reports. ``table``, ``win_table`` and ``comparison_table`` show result
tables the same way: percentages as percentages, intervals as "25 % [18, 33]", a title when given.

By hand: ``charts.win_rate(result)``, ``charts.ab_comparison(comparison)``. Each builder's docstring says what
it takes; anything else (a string, a table without the columns, a ``Comparison`` where one run is needed) is
refused with a ``ChartInputError`` naming the builder and the argument.

The builders here read any game's tables. A game's own charts live in its folder (``games/<game>/charts.py``)
and are reached through the game, never from this namespace, where another game's data would fail:
``charts.of(result)`` (or ``charts.of("<game>")``, or ``charts.<game>``) is that game's module. A game's
builder asked for here by name (``charts.<builder>(result)``) draws through the result's own game, and refuses
a bare table or another game's run with the call to make instead.

Importing this package (or any module in it) chooses Altair's offline renderer (``use_offline_renderer``), so
a chart shows in JupyterLab with no network, and has every spec name the Vega-Lite version the embedded
runtimes draw (``runtime.pin_schema``).
"""

from ..core.chartinput import ChartInputError
from .common import income_and_points, score_by_source
from .comparison import ab_comparison
from .export import save, use_offline_renderer
from .length import MINUTES_PER_ROUND, game_length
from .own import game_builder, of
from .runtime import pin_schema
from .scores import score_distribution, win_rate
from .tables import Table, comparison_table, interval, percent, table, win_table
from .timeline import game_events, game_timeline

use_offline_renderer(widgets=False)  # issue 43: Altair's default renderer draws nothing offline
pin_schema()  # issue 50: the specs name the Vega-Lite every embedded runtime satisfies

__all__ = [
    "MINUTES_PER_ROUND",
    "ChartInputError",
    "Table",
    "ab_comparison",
    "comparison_table",
    "game_events",
    "game_length",
    "game_timeline",
    "income_and_points",
    "interval",
    "of",
    "percent",
    "save",
    "score_by_source",
    "score_distribution",
    "table",
    "use_offline_renderer",
    "win_rate",
    "win_table",
]


def __getattr__(name: str):
    """A game's charts module (``charts.<game>``), or a game's own builder drawn through a result's game."""
    if not name.startswith("_"):
        found = game_builder(name)
        if found is not None:
            return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
