"""Charts of the design tools: targets (band and estimate), sensitivity (heatmap, tornado), tuning.

Each takes the design tool's result (a ``TargetReport``, ``SensitivityResult`` or ``TuneResult``) or the table
it draws, and refuses anything else (a ``simulate`` result, a string) with a ``ChartInputError`` naming it.
"""

from __future__ import annotations

import math

import altair as alt
import polars as pl

from ..core.charting import HEIGHT, WIDTH, title
from ..core.chartinput import result_of, table_of

__all__ = [
    "before_after_chart",
    "coverage_chart",
    "history_chart",
    "importance_chart",
    "pareto_chart",
    "sensitivity_heatmap",
    "sensitivity_tornado",
    "targets_chart",
]

ESTIMATE = ("metric", "unit", "range", "lo", "hi", "value", "ci_low", "ci_high", "status")
"""The columns a target's strip reads."""

STATUS_COLORS = alt.Scale(
    domain=["holds", "undecided", "fails", "not measured"], range=["#2e7d4f", "#d39b2a", "#c4452f", "#9e9e9e"]
)


def targets_chart(table, title_text: str | None = None) -> alt.VConcatChart:
    """One strip per target: its range as a band, the estimate as a dot with its 95 % interval.

    ``table``: a ``TargetReport`` (``bl.check_targets``; the targets it shows) or its table.
    """
    if callable(getattr(table, "shown", None)):
        table = table.shown()
    takes = "a TargetReport (bl.check_targets) or its table"
    table = table_of(table, "targets_chart", "table", "table", (*ESTIMATE, "source"), takes=takes)
    strips = [_strip(row) for row in table.iter_rows(named=True)]
    chart = alt.vconcat(*strips, spacing=6).resolve_scale(color="shared")
    return chart.properties(title=title(title_text or "Design targets", "band: target range · dot: estimate, 95 % CI"))


def _strip(row: dict) -> alt.LayerChart:
    vals = [v for v in (row["lo"], row["hi"], row["value"], row["ci_low"], row["ci_high"]) if _finite(v)]
    lo_d, hi_d = (min(vals), max(vals)) if vals else (0.0, 1.0)
    pad = max((hi_d - lo_d) * 0.15, 0.5)
    lo_d, hi_d = lo_d - pad, hi_d + pad
    band = pl.DataFrame(
        {"lo": [row["lo"] if _finite(row["lo"]) else lo_d], "hi": [row["hi"] if _finite(row["hi"]) else hi_d]}
    )
    label = f"{row['metric']} ({row['unit']}) · target {row['range']} · {row['source']}"
    x = alt.X("lo:Q", title=None, scale=alt.Scale(domain=[lo_d, hi_d], nice=False, zero=False))
    rect = alt.Chart(band).mark_rect(color="#cfe3d4").encode(x=x, x2="hi:Q")
    est = pl.DataFrame(
        {k: [row[k] if _finite(row[k]) else None] for k in ("value", "ci_low", "ci_high")} | {"status": [row["status"]]}
    )
    scale = alt.Scale(domain=[lo_d, hi_d], nice=False, zero=False)
    rule = (
        alt.Chart(est)
        .mark_rule(strokeWidth=2)
        .encode(
            x=alt.X("ci_low:Q", scale=scale),
            x2="ci_high:Q",
            color=alt.Color("status:N", scale=STATUS_COLORS, title="status"),
        )
    )
    dot = (
        alt.Chart(est)
        .mark_point(filled=True, size=70)
        .encode(
            x=alt.X("value:Q", scale=scale),
            color=alt.Color("status:N", scale=STATUS_COLORS),
            tooltip=["value:Q", "ci_low:Q", "ci_high:Q", "status:N"],
        )
    )
    return alt.layer(rect, rule, dot).properties(width=WIDTH, height=22, title=_strip_title(label))


_TUNED = "a TuneResult (bl.tune) or its table"


def _finite(v) -> bool:
    return v is not None and not (isinstance(v, float) and math.isnan(v))


def _sensitivity(result, builder: str, columns: tuple[str, ...]):
    takes = "a SensitivityResult (bl.sensitivity)"
    result_of(result, builder, "result", ("table", "method", "settings"), takes)
    return table_of(result, builder, "result", "table", columns, takes=takes)


def sensitivity_heatmap(result) -> alt.LayerChart:
    """Knob × metric: colour is the effect relative to the strongest knob on that metric.

    ``result``: a ``SensitivityResult`` (``bl.sensitivity``).
    """
    t = _sensitivity(result, "sensitivity_heatmap", ("knob", "metric", "effect", "effect_conf", "relative"))
    what = "μ* (Morris)" if result.method == "morris" else "total index ST (Sobol)"
    base = alt.Chart(t).encode(
        x=alt.X("metric:N", title=None, axis=alt.Axis(labelAngle=-30)),
        y=alt.Y("knob:N", title=None, sort=None),
    )
    cells = base.mark_rect().encode(
        color=alt.Color("relative:Q", title="effect / strongest", scale=alt.Scale(scheme="oranges", domain=[0, 1])),
        tooltip=["knob:N", "metric:N", "effect:Q", "effect_conf:Q", "relative:Q"],
    )
    text = base.mark_text(fontSize=10).encode(
        text=alt.Text("effect:Q", format=".3~g"),
        color=alt.condition("datum.relative > 0.6", alt.value("white"), alt.value("black")),
    )
    subtitle = f"{what}: how much each knob moves each metric over its range ({result.settings['points']} points)"
    size = {"width": 64 * t["metric"].n_unique(), "height": 22 * t["knob"].n_unique()}
    return (cells + text).properties(title=title("Which knob moves which metric", subtitle), **size)


def sensitivity_tornado(result) -> alt.FacetChart:
    """One panel per metric, a bar per knob (largest on top) with its confidence half-width.

    ``result``: a ``SensitivityResult`` (``bl.sensitivity``).
    """
    t = _sensitivity(result, "sensitivity_tornado", ("knob", "metric", "effect", "effect_conf"))
    bars = (
        alt.Chart()
        .mark_bar(color="#c98a3a")
        .encode(
            y=alt.Y("knob:N", sort="-x", title=None),
            x=alt.X("effect:Q", title="effect"),
            tooltip=["knob", "effect", "effect_conf"],
        )
    )
    err = alt.Chart().mark_errorbar().encode(y=alt.Y("knob:N", sort="-x"), x=alt.X("lo:Q", title="effect"), x2="hi:Q")
    data = t.with_columns(
        (pl.col("effect") - pl.col("effect_conf")).alias("lo"), (pl.col("effect") + pl.col("effect_conf")).alias("hi")
    )
    return (
        alt.layer(bars, err, data=data)
        .properties(width=WIDTH // 2, height=18 * t["knob"].n_unique())
        .facet(facet=alt.Facet("metric:N", title=None), columns=2)
        .resolve_scale(x="independent", y="independent")
        .properties(title=title("Tornado: knobs by effect", "bars: effect; whiskers: its 95 % half-width"))
    )


def history_chart(trials) -> alt.LayerChart:
    """Each trial's loss (pruned trials hollow) and the best so far.

    ``trials``: a ``TuneResult`` (``bl.tune``) or its trials table.
    """
    trials = table_of(trials, "history_chart", "trials", "trials", ("trial", "loss", "games", "state"), takes=_TUNED)
    t = trials.with_columns(pl.col("loss").cum_min().alias("best"))
    dots = (
        alt.Chart(t)
        .mark_point()
        .encode(
            x=alt.X("trial:Q", title="trial"),
            y=alt.Y("loss:Q", title="loss (weighted distance from targets)"),
            color=alt.Color("state:N", title="trial"),
            tooltip=["trial", "loss", "games", "state"],
        )
    )
    line = (
        alt.Chart(t.filter(pl.col("state") == "complete").with_columns(pl.col("loss").cum_min().alias("best")))
        .mark_line(color="#333", interpolate="step-after")
        .encode(x="trial:Q", y="best:Q")
    )
    return (dots + line).properties(
        width=WIDTH, height=HEIGHT, title=title("Tuning history", "line: best full trial so far")
    )


def importance_chart(importance) -> alt.Chart:
    """How much of the loss's variation each knob explains (Optuna's PED-ANOVA importance).

    ``importance``: a ``TuneResult`` (``bl.tune``) or its importance table.
    """
    importance = table_of(
        importance, "importance_chart", "importance", "importance", ("knob", "importance"), takes=_TUNED
    )
    return (
        alt.Chart(importance)
        .mark_bar(color="#7aa6c2")
        .encode(y=alt.Y("knob:N", sort="-x", title=None), x=alt.X("importance:Q", title="importance"))
        .properties(
            width=WIDTH,
            height=18 * max(1, importance.height),
            title=title("Knob importance", "share of the loss's variance"),
        )
    )


def before_after_chart(table, heading: str = "Targets before and after tuning") -> alt.VConcatChart:
    """Target by target: each ruleset's estimate with its 95 % interval, on the target band.

    A group's target (a floor under a mechanic) is drawn only where some ruleset misses it. ``table``: a
    ``TuneResult`` (``bl.tune``; its targets before and after) or a ``compare_reports`` table.
    """
    takes = "a TuneResult (bl.tune) or a compare_reports table"
    table = table_of(table, "before_after_chart", "table", "comparison", ("ruleset", *ESTIMATE), takes=takes)
    if "group" in table.columns:
        missed = table.filter((pl.col("group") != "") & (pl.col("status") != "holds"))["metric"]
        table = table.filter((pl.col("group") == "") | pl.col("metric").is_in(missed.implode()))
    strips = []
    for metric in table["metric"].unique(maintain_order=True):
        rows = table.filter(pl.col("metric") == metric)
        strips.append(_before_after_strip(rows))
    return alt.vconcat(*strips, spacing=6).properties(
        title=title(heading, "band: target range · dots: estimate, 95 % CI")
    )


def _strip_title(label: str) -> alt.TitleParams:
    """A strip's title on two lines (the metric, then its target), never wider than the strip.

    A long target (a rising trend over runs) would otherwise widen the whole stack past its output.
    """
    return alt.TitleParams(label.split(" · ", 1), fontSize=11, anchor="start", limit=WIDTH)


def _before_after_strip(rows: pl.DataFrame) -> alt.LayerChart:
    first = rows.row(0, named=True)
    vals = [
        v
        for r in rows.iter_rows(named=True)
        for v in (r["lo"], r["hi"], r["value"], r["ci_low"], r["ci_high"])
        if _finite(v)
    ]
    lo_d, hi_d = (min(vals), max(vals)) if vals else (0.0, 1.0)
    pad = max((hi_d - lo_d) * 0.15, 0.5)
    lo_d, hi_d = lo_d - pad, hi_d + pad
    scale = alt.Scale(domain=[lo_d, hi_d], nice=False, zero=False)
    band = pl.DataFrame(
        {"lo": [first["lo"] if _finite(first["lo"]) else lo_d], "hi": [first["hi"] if _finite(first["hi"]) else hi_d]}
    )
    rect = alt.Chart(band).mark_rect(color="#cfe3d4").encode(x=alt.X("lo:Q", scale=scale, title=None), x2="hi:Q")
    est = rows.select("ruleset", "value", "ci_low", "ci_high", "status").with_columns(pl.col(pl.Float64).fill_nan(None))
    y = alt.Y("ruleset:N", title=None, sort=list(rows["ruleset"].unique(maintain_order=True)))
    rule = (
        alt.Chart(est)
        .mark_rule(strokeWidth=2)
        .encode(x=alt.X("ci_low:Q", scale=scale), x2="ci_high:Q", y=y, color=alt.Color("status:N", scale=STATUS_COLORS))
    )
    dot = (
        alt.Chart(est)
        .mark_point(filled=True, size=60)
        .encode(
            x=alt.X("value:Q", scale=scale),
            y=y,
            color=alt.Color("status:N", scale=STATUS_COLORS),
            tooltip=["ruleset", "value", "ci_low", "ci_high", "status"],
        )
    )
    label = f"{first['metric']} ({first['unit']}) · target {first['range']}"
    return alt.layer(rect, rule, dot).properties(width=WIDTH, height=44, title=_strip_title(label))


FLAG_COLORS = alt.Scale(
    domain=["fires", "rare", "dead", "expected"], range=["#2e7d4f", "#d39b2a", "#c4452f", "#9e9e9e"]
)


def coverage_chart(table, title_text: str | None = None) -> alt.LayerChart:
    """Each mechanic's share of games with its 95 % interval, dead and rare rules coloured.

    ``table``: the ``design.coverage.coverage`` table (one row per mechanic).
    """
    columns = ("mechanic", "group", "games_pct", "games_lo", "games_hi", "per_round", "rule", "flag")
    table = table_of(table, "coverage_chart", "table", "coverage", columns, takes="a coverage table (design.coverage)")
    data = table.with_columns(pl.when(pl.col("flag") == "").then(pl.lit("fires")).otherwise("flag").alias("flag"))
    y = alt.Y("mechanic:N", sort=None, title=None)
    x = alt.X("games_pct:Q", title="% of games in which it fires", scale=alt.Scale(domain=[0, 100]))
    bars = (
        alt.Chart(data)
        .mark_bar()
        .encode(
            y=y,
            x=x,
            color=alt.Color("flag:N", scale=FLAG_COLORS, title=None),
            tooltip=["mechanic", "group", alt.Tooltip("games_pct:Q", format=".1f"), "per_round", "rule"],
        )
    )
    ci = alt.Chart(data).mark_rule(color="#333").encode(y=y, x="games_lo:Q", x2="games_hi:Q")
    floor = alt.Chart(pl.DataFrame({"x": [1.0]})).mark_rule(strokeDash=[4, 3], color="#c4452f").encode(x="x:Q")
    heading = title_text or "Which rules fire"
    return (bars + ci + floor).properties(
        width=WIDTH, height=max(HEIGHT, 14 * table.height), title=title(heading, "bar: % of games · line: 95 % CI")
    )


def pareto_chart(front, conflicts: pl.DataFrame | None = None) -> alt.HConcatChart | alt.Chart:
    """The Pareto front as a grid (trial × target, how far each misses), and which targets pull against which.

    The second panel is the Spearman correlation of two targets' misses over every trial (red = conflict).
    ``front``: a ``TuneResult`` of ``objectives="pareto"`` (its front and conflicts), or its front table.
    """
    if conflicts is None and isinstance(getattr(front, "conflicts", None), pl.DataFrame):
        conflicts = front.conflicts
    front = table_of(
        front, "pareto_chart", "front", "front", ("trial", "loss"), takes="a Pareto TuneResult (bl.tune) or its front"
    )
    misses = [c for c in front.columns if c.startswith("miss:")]
    long = front.select("trial", "loss", *misses).unpivot(index=["trial", "loss"], variable_name="target")
    long = long.with_columns(pl.col("target").str.strip_prefix("miss:"), pl.col("trial").cast(pl.Utf8))
    order = [str(t) for t in front["trial"]]
    grid = (
        alt.Chart(long)
        .mark_rect(stroke="#fff")
        .encode(
            x=alt.X("target:N", title=None, sort=None, axis=alt.Axis(labelAngle=-30, labelLimit=240)),
            y=alt.Y("trial:N", sort=order, title="trial on the front (best first)"),
            color=alt.Color("value:Q", title="miss", scale=alt.Scale(scheme="orangered", domainMin=0)),
            tooltip=["trial", "target", alt.Tooltip("value:Q", format=".3f"), alt.Tooltip("loss:Q", format=".3f")],
        )
        .properties(title=title("Pareto front", "how far each trial misses each target (0 = met)"))
    )
    if conflicts is None or conflicts.is_empty():
        return grid
    pairs = (
        alt.Chart(conflicts)
        .mark_rect(stroke="#fff")
        .encode(
            x=alt.X("target:N", title=None, axis=alt.Axis(labelAngle=-30, labelLimit=240)),
            y=alt.Y("against:N", title=None, axis=alt.Axis(labelLimit=240)),
            color=alt.Color("spearman:Q", scale=alt.Scale(scheme="redblue", domain=[-1, 1]), title="Spearman"),
            tooltip=["target", "against", alt.Tooltip("spearman:Q", format="+.2f")],
        )
        .properties(title=title("Which targets pull against which", "red: closer to one, further from the other"))
    )
    return alt.hconcat(grid, pairs).resolve_scale(color="independent")
