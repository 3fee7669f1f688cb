"""Which charts a study shows, in what order: shared by the served app and the published site.

A study shows the common charts any game's tables can draw (win rate, scores, where points come from,
game length, income and points), then the game's own: a game whose ``charts`` module (in its folder,
``GameDef.part``) declares ``STUDY`` and ``study(result)`` gets them in the dashboard and in a published
report with no change here. ``CHARTS`` there, when given, is the whole reading order instead (Bourbonomics
keeps three common charts and puts its market's after them).
"""

from __future__ import annotations

import inspect
from types import ModuleType

import altair as alt
import polars as pl

from .. import charts
from ..core import get_game
from ..sim.paired import Comparison
from ..sim.runner import SimResult

COMMON_CHARTS = ("win_rate", "score_distribution", "score_by_source", "game_length", "income_and_points")
"""The charts any game's tables can draw."""


def own_charts(game: str) -> ModuleType | None:
    """The game's own chart module, when it declares study charts (``STUDY`` and ``study``)."""
    module = get_game(game).part("charts")
    return module if hasattr(module, "STUDY") and hasattr(module, "study") else None


def chart_names(game: str) -> tuple[str, ...]:
    """The charts a study of ``game`` shows, in reading order."""
    own = own_charts(game)
    if own is None:
        return COMMON_CHARTS
    return tuple(getattr(own, "CHARTS", COMMON_CHARTS + tuple(own.STUDY)))


def group_options(game: str) -> list[str]:
    """What the per-player charts may group by: seat and bot, and a distillery where the game's tables have one."""
    columns = get_game(game).columns
    return ["seat", "bot"] + (["distillery"] if columns is not None and "distillery" in columns.players else [])


def study_charts(result: SimResult, rules=None, by: str = "seat", minutes_per_round: float = charts.MINUTES_PER_ROUND):
    """Every chart of one run, by name, in reading order.

    Parameters
    ----------
    result : SimResult
        The run.
    rules : Ruleset, optional
        The rules played (the timeline's zone thresholds).
    by : str
        Grouping of the per-player charts: seat, bot or (Bourbonomics) distillery.
    minutes_per_round : float
        The game-length estimate's assumption.

    Returns
    -------
    dict of str to altair chart
    """
    p, g, e = result.players, result.games, result.events
    common = {
        "win_rate": lambda: charts.win_rate(p, by=by),
        "score_distribution": lambda: charts.score_distribution(p, by=by),
        "score_by_source": lambda: charts.score_by_source(result.score_parts, p, by=by),
        "game_length": lambda: charts.game_length(g, minutes_per_round=minutes_per_round),
        "income_and_points": lambda: charts.income_and_points(e),
    }
    own = own_charts(result.game)
    drawn = {}
    if own is not None:
        accepts = inspect.signature(own.study).parameters
        drawn = own.study(result, **{k: v for k, v in (("rules", rules), ("by", by)) if k in accepts})
    return {name: drawn[name] if name in drawn else common[name]() for name in chart_names(result.game)}


def comparison_chart(comparison: Comparison) -> alt.TopLevelMixin:
    """The A/B chart of a paired comparison."""
    return charts.ab_comparison(comparison.table)


def markdown_table(df: pl.DataFrame) -> str:
    """A small table as Markdown (no pandas needed), numbers as they are."""
    head = "| " + " | ".join(df.columns) + " |"
    rule = "|" + "|".join("---" for _ in df.columns) + "|"
    rows = ["| " + " | ".join("" if v is None else str(v) for v in row) + " |" for row in df.iter_rows()]
    return "\n".join([head, rule, *rows])
