"""The paired A/B comparison: each metric's difference (B - A) with its 95 % interval, zero marked."""

from __future__ import annotations

import altair as alt
import polars as pl

from ..core.charting import title

METRIC_NAMES = {
    "rounds": "Rounds per game",
    "crashes": "Crashes per game",
    "hot_resets": "Hot resets per game",
    "score": "Mean final score",
    "upgrades": "Upgrades per game (all players)",
}


def metric_name(metric: str) -> str:
    """A designer's name for a ``Comparison.table`` metric ("seat 2 win rate" stays as it reads)."""
    return METRIC_NAMES.get(metric, metric[:1].upper() + metric[1:])


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


def ab_comparison(comparison_table: pl.DataFrame) -> alt.FacetChart:
    """One row per metric: the paired difference B - A as a dot, its 95 % CI as a bar, zero as a line.

    Each row has its own horizontal scale, because a win rate and a score differ by orders of magnitude.

    Parameters
    ----------
    comparison_table : polars.DataFrame
        ``Comparison.table``: metric, a, b, diff, ci_low, ci_high, games.

    Returns
    -------
    altair.FacetChart
    """
    t = comparison_table
    data = t.with_columns(
        pl.col("metric").map_elements(metric_name, return_dtype=pl.Utf8).alias("name"),
        _verdict(pl.col("ci_low"), pl.col("ci_high")).alias("verdict"),
    ).select("name", "a", "b", "diff", "ci_low", "ci_high", "games", "verdict")
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
