"""The paired A/B comparison: each metric's difference (B - A) with its 95 % interval, zero marked.

Metric names read as one list: the per-game rows by their own names ("Rounds per game"), every other metric
(a catalogue metric, ``fires:<mechanic>``, a seat's win rate) through the one humaniser every label uses.
"""

from __future__ import annotations

import altair as alt
import polars as pl

from ..core.charting import humanise, title
from ..core.chartinput import ChartInputError, table_of

METRIC_NAMES = {
    "rounds": "Rounds per game",
    "crashes": "Crashes per game",
    "hot_resets": "Hot resets per game",
    "score": "Mean final score",
    "upgrades": "Upgrades per game (all players)",
}


def metric_name(metric: str) -> str:
    """A designer's name for a ``Comparison.table`` metric: "first_player_advantage" -> "First player advantage"."""
    return METRIC_NAMES.get(metric, humanise(metric))


def metric_names(metrics: list[str]) -> list[str]:
    """Each metric's name, the metric itself added where two would read the same.

    A per-game row and a catalogue metric can mean alike ("crashes" and "crashes_per_game" are both "Crashes
    per game"); one facet row each keeps their intervals apart.
    """
    names = [metric_name(m) for m in metrics]
    return [f"{n} ({m})" if names.count(n) > 1 else n for n, m in zip(names, metrics)]


PAIRED_COLUMNS = ("metric", "a", "b", "diff", "ci_low", "ci_high", "games")
"""The columns of ``Comparison.table`` the A/B chart and table read."""


def paired(comparison, builder: str) -> pl.DataFrame:
    """``Comparison.table`` from a comparison or the table itself; a skill comparison's levels are refused."""
    t = table_of(
        comparison, builder, "comparison", "table", PAIRED_COLUMNS, takes="a Comparison (bl.compare) or its table"
    )
    if "level" in t.columns and t["level"].n_unique() > 1:
        raise ChartInputError(
            f"{builder}: comparison holds {t['level'].n_unique()} skill levels; draw one at a time: "
            f"result.levels[{t['level'][0]!r}]"
        )
    return t


def _verdict(row_low: pl.Expr, row_high: pl.Expr) -> pl.Expr:
    return (
        pl.when(row_low > 0)
        .then(pl.lit("B higher"))
        .when(row_high < 0)
        .then(pl.lit("B lower"))
        .otherwise(pl.lit("no clear difference"))
    )


AB_WIDTH = 300
"""Plot width of each metric's row: with its name on the left and the legend below, the chart fits a
notebook beside an open file browser in a 1000 px window."""


def ab_comparison(comparison) -> alt.FacetChart:
    """One row per metric: the paired difference B - A as a dot, its 95 % CI as a bar, zero as a line.

    Each row has its own horizontal scale, because a win rate and a score differ by orders of magnitude. A
    metric without an interval (too few games) keeps its dot and has no bar.

    Parameters
    ----------
    comparison : Comparison, or its ``table``
        What ``bl.compare`` gives (metric, a, b, diff, ci_low, ci_high, games); a skill comparison one level at
        a time (``result.levels["heuristic"]``).

    Returns
    -------
    altair.FacetChart
    """
    t = paired(comparison, "ab_comparison")
    data = (
        t.with_columns(
            pl.Series("name", metric_names(t["metric"].to_list()), dtype=pl.Utf8),
            _verdict(pl.col("ci_low"), pl.col("ci_high")).alias("verdict"),
        )
        .select("name", "a", "b", "diff", "ci_low", "ci_high", "games", "verdict")
        .with_columns(pl.col(pl.Float64).fill_nan(None))  # JSON, and so the browser, has no NaN
    )
    games = int(t["games"].max()) if t.height else 0
    axis = "Difference, B - A (95 % CI)"
    x = alt.X("diff:Q", title=axis)
    tooltip = [
        alt.Tooltip("name:N", title="Metric"),
        alt.Tooltip("a:Q", title="A", format=".3f"),
        alt.Tooltip("b:Q", title="B", format=".3f"),
        alt.Tooltip("diff:Q", title="B - A", format="+.3f"),
        alt.Tooltip("ci_low:Q", title="CI low", format="+.3f"),
        alt.Tooltip("ci_high:Q", title="CI high", format="+.3f"),
    ]
    verdicts = alt.Scale(domain=["B lower", "no clear difference", "B higher"], range=["#c4452f", "#888888", "#3f8f4f"])
    legend = alt.Legend(orient="bottom", direction="horizontal")
    ci = (
        alt.Chart()
        .mark_rule(strokeWidth=3)
        .encode(
            x=alt.X("ci_low:Q", title=axis),
            x2="ci_high:Q",
            color=alt.Color("verdict:N", title="Verdict", scale=verdicts, legend=legend),
        )
    )
    dot = (
        alt.Chart()
        .mark_point(filled=True, size=70)
        .encode(x=x, color=alt.Color("verdict:N", title="Verdict", scale=verdicts, legend=legend), tooltip=tooltip)
    )
    zero = alt.Chart().mark_rule(color="black", strokeDash=[4, 3]).encode(x=alt.datum(0))
    return (
        alt.layer(zero, ci, dot, data=data)
        .properties(width=AB_WIDTH, height=22)
        .facet(row=alt.Row("name:N", title=None, header=alt.Header(labelAngle=0, labelAlign="left"), sort=None))
        .resolve_scale(x="independent")
        .properties(
            title=title("A/B: what changed from A to B", f"paired on {games} common seeds; dashed line = no change")
        )
    )
