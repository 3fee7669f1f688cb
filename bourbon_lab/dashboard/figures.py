"""Which charts a study shows, in what order: shared by the served app and the published site.

Bourbonomics shows its own market and economy charts; any other game the common ones its
tables can draw (win rate, scores, where points come from, game length, income and points), then
its own: a game whose ``charts`` module (in its folder, ``GameDef.part``) declares ``STUDY`` and ``study(result)``
gets them in the dashboard and in a published report with no change here.
"""

from __future__ import annotations

from types import ModuleType

import altair as alt
import polars as pl

from .. import charts
from ..core import DEFAULT_GAME, get_game
from ..sim.paired import Comparison
from ..sim.runner import SimResult

STUDY_CHARTS = (
    "win_rate",
    "score_distribution",
    "score_share",
    "game_length",
    "market_events",
    "sale_zones",
    "upgrades",
    "economy_flow",
    "game_timeline",
)
"""Bourbonomics' charts."""

COMMON_CHARTS = ("win_rate", "score_distribution", "score_by_source", "game_length", "income_and_points")
"""The charts any game's tables can draw."""


def own_charts(game: str) -> ModuleType | None:
    """The game's own chart module, when it declares study charts (``STUDY`` and ``study``)."""
    module = get_game(game).part("charts")
    return module if hasattr(module, "STUDY") and hasattr(module, "study") else None


def chart_names(game: str) -> tuple[str, ...]:
    """The charts a study of ``game`` shows, in reading order."""
    if game == DEFAULT_GAME:
        return STUDY_CHARTS
    own = own_charts(game)
    return COMMON_CHARTS + (tuple(own.STUDY) if own else ())


def group_options(game: str) -> list[str]:
    """What the per-player charts may group by: seat and bot, and Bourbonomics' distillery."""
    return ["seat", "bot", "distillery"] if game == DEFAULT_GAME else ["seat", "bot"]


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
    if result.game != DEFAULT_GAME:
        own = own_charts(result.game)
        return {
            "win_rate": charts.win_rate(p, by=by),
            "score_distribution": charts.score_distribution(p, by=by),
            "score_by_source": charts.score_by_source(result.score_parts, p, by=by),
            "game_length": charts.game_length(g, minutes_per_round=minutes_per_round),
            "income_and_points": charts.income_and_points(e),
            **(own.study(result) if own else {}),
        }
    first = int(g.filter(pl.col("error").is_null())["game"].min() or 0) if g.height else 0
    return {
        "win_rate": charts.win_rate(p, by=by),
        "score_distribution": charts.score_distribution(p, by=by),
        "score_share": charts.score_share(p, by="bot" if by == "seat" else by),
        "game_length": charts.game_length(g, minutes_per_round=minutes_per_round),
        "market_events": charts.market_events(g),
        "sale_zones": charts.sale_zones(e),
        "upgrades": charts.upgrades(p, e),
        "economy_flow": charts.economy_flow(e),
        "game_timeline": charts.game_timeline(e, game=first, rules=rules),
    }


def comparison_chart(comparison: Comparison) -> alt.TopLevelMixin:
    """The A/B chart of a paired comparison."""
    return charts.ab_comparison(comparison.table)


def markdown_table(df: pl.DataFrame) -> str:
    """A small table as Markdown (no pandas needed), numbers as they are."""
    head = "| " + " | ".join(df.columns) + " |"
    rule = "|" + "|".join("---" for _ in df.columns) + "|"
    rows = ["| " + " | ".join("" if v is None else str(v) for v in row) + " |" for row in df.iter_rows()]
    return "\n".join([head, rule, *rows])
