"""Altair chart builders: each a function from a ``simulate``/``compare`` table to a titled chart.

Every builder returns an Altair chart with a title and axis names a designer reads without the
code; ``save`` writes it as PNG or SVG for reports. Importing this package (or any builder module in
it) chooses Altair's offline renderer (``use_offline_renderer``), so a chart shows in JupyterLab with no
network instead of a blank cell, whatever else the notebook imported. ``table`` and ``win_table`` show
result tables the same way: percentages as percentages, intervals as "25 % [18, 33]".

The builders here read any game's tables. A game's own charts live in its folder (``games/<game>/charts.py``,
issue 42) and are found through the registry, never by name: a name this package lacks (``sale_zones``,
``upgrades``...) is looked up in the default game's charts, and a game's name gives its charts module
(``charts.distilled``).
"""

from .common import income_and_points, score_by_source
from .comparison import ab_comparison
from .export import save, use_offline_renderer
from .length import MINUTES_PER_ROUND, game_length
from .scores import score_distribution, win_rate
from .tables import Table, comparison_table, interval, percent, table, win_table
from .timeline import game_events, game_timeline

use_offline_renderer(widgets=False)  # issue 43: Altair's default renderer draws nothing offline

__all__ = [
    "MINUTES_PER_ROUND",
    "Table",
    "ab_comparison",
    "comparison_table",
    "economy_flow",
    "game_events",
    "game_length",
    "game_timeline",
    "income_and_points",
    "interval",
    "market_events",
    "percent",
    "sale_zones",
    "save",
    "score_by_source",
    "score_distribution",
    "score_share",
    "table",
    "upgrades",
    "use_offline_renderer",
    "win_rate",
    "win_table",
]


def __getattr__(name: str):
    """A builder of the default game's own charts (``sale_zones``), or a game's charts module (``distilled``)."""
    if not name.startswith("_"):
        from ..core.registry import DEFAULT_GAME, games, get_game

        if name in games():
            own = get_game(name).part("charts")
            if own is not None:
                return own
        own = get_game(DEFAULT_GAME).part("charts")
        if own is not None and hasattr(own, name):
            return getattr(own, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
