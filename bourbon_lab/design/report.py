"""Reports that open from disk with the network off: plain HTML, tables, charts as inline SVG."""

from __future__ import annotations

import html
import math

import polars as pl

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 980px; margin: 2em auto; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 13px; }
th, td { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: left; }
.holds { color: #2e7d4f; } .fails { color: #c4452f; } .undecided { color: #b07d12; }
figure { margin: 1.5em 0; } .note { color: #555; font-size: 13px; }
"""


def svg(chart) -> str:
    """An Altair chart as inline SVG (vl-convert draws it locally; no script, no CDN)."""
    import vl_convert as vlc

    return vlc.vegalite_to_svg(chart.to_json())


def _cell(v) -> str:
    if isinstance(v, float):
        return "" if math.isnan(v) else f"{v:.3g}"
    return html.escape("" if v is None else str(v))


def table_html(df: pl.DataFrame) -> str:
    """A polars table as an HTML table (status cells coloured)."""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in df.columns)
    rows = []
    for r in df.iter_rows(named=True):
        cells = []
        for c, v in r.items():
            cls = f' class="{v}"' if c == "status" and isinstance(v, str) else ""
            cells.append(f"<td{cls}>{_cell(v)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def page(title: str, parts: list[str]) -> str:
    """A whole HTML page: inline style, no script, nothing fetched."""
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>{''.join(parts)}</body></html>"
    )


_SAMPLERS = {"loss": "TPE sampler, successive-halving pruner", "pareto": "NSGA-II, one objective per target"}


def tune_report(result) -> str:
    """The tuning report: settings, targets before/after, the changed numbers, the charts, the trials."""
    s = result.settings
    comparison = result.comparison.select(
        "metric", "range", "source", "ruleset", "value", "ci_low", "ci_high", "status"
    )
    charts = result.charts()
    parts = [
        f"<p class='note'>{s['budget']} trials ({_SAMPLERS[s.get('objectives', 'loss')]}), "
        f"{s['games']} games per run per rung, {s['rungs']} rungs, seed {s['seed']}; "
        f"before/after on {s['final_games']} fresh games per run "
        f"(seed {s['final_seed']}). Targets: {html.escape(str(s['targets']))}. Best: trial {s['best_trial']}.</p>",
        "<h2>Targets before and after</h2>",
        "<p class='note'>A target holds when its whole 95 % interval lies inside the range.</p>",
        table_html(comparison),
        f"<figure>{svg(charts['targets'])}</figure>",
        "<h2>The tuned numbers</h2>",
        table_html(result.trials.filter(pl.col("trial") == s["best_trial"]).drop("error")),
        f"<figure>{svg(charts['history'])}</figure>",
    ]
    if "pareto" in charts:
        parts += [
            "<h2>The Pareto front</h2>",
            f"<pre>{html.escape(result.findings())}</pre>",
            f"<figure>{svg(charts['pareto'])}</figure>",
        ]
    if result.importance.height:
        parts.append(f"<figure>{svg(charts['importance'])}</figure>")
    parts += ["<h2>Every trial</h2>", table_html(result.trials)]
    return page("Tuning report", parts)


def sensitivity_report(result) -> str:
    """The sensitivity report: settings, the heatmap, the tornado and the index table."""
    s = result.settings
    parts = [
        f"<p class='note'>{s['method']}: {s['points']} points × {s['games']} games of {s['players']} players "
        f"({html.escape(str(s['bots']))}), seed {s['seed']} at every point (common random numbers).</p>",
        f"<figure>{svg(result.chart('heatmap'))}</figure>",
        f"<figure>{svg(result.chart('tornado'))}</figure>",
        table_html(result.table),
    ]
    return page("Sensitivity report", parts)


def targets_report(report, title: str = "Design targets") -> str:
    """A targets check: the table with its quotes and the chart."""
    return page(title, [table_html(report.table.drop("lo", "hi")), f"<figure>{svg(report.chart())}</figure>"])
