"""The static report: one folder of HTML, the charts' PNG/SVG and the vega bundle, opened from disk.

No server and no network: the Vega/Vega-Lite/vega-embed bundle comes from vl-convert (inlined
into ``assets/vega.js`` beside the page) and every chart's data sits in its spec. Nothing in the
page refers to a CDN, a font service or any other host.
"""

from __future__ import annotations

import html
import json
from datetime import UTC, datetime
from pathlib import Path

from .. import charts
from ..core import get_game
from ..sim.paired import Comparison, paired_table
from .figures import comparison_chart, study_charts
from .running import simulate_with_progress
from .setup import StudySetup
from .store import rule_changes, summary_tables

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; max-width: 1100px; }
figure { margin: 1.5rem 0; } figcaption a { margin-right: 1rem; font-size: 0.9rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; } td, th { border: 1px solid #ccc; padding: 0.2rem 0.6rem; }
th { background: #f3f0e8; } pre { background: #f6f6f6; padding: 0.8rem; }
"""


def _table(columns: list[str], rows: list[list]) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _rule_diff(setup: StudySetup) -> str:
    default = type(setup.rules).default()
    rows = [[k, getattr(default, k), v] for k, v in rule_changes(setup.rules).items()]
    if not rows:
        return "<p>The default ruleset, unchanged.</p>"
    return _table(["rule", "default", "this study"], rows)


def _figure(name: str, chart, out: Path) -> tuple[str, str]:
    charts.save(chart, out / "charts" / f"{name}.png")
    charts.save(chart, out / "charts" / f"{name}.svg")
    spec = chart.to_dict()
    spec.pop("$schema", None)  # only a name for the version; dropped so the page names no other host
    spec = json.dumps(spec).replace("</", "<\\/")
    div = (
        f'<figure><div id="{name}" class="chart"></div><figcaption>'
        f'<a href="charts/{name}.png">PNG</a><a href="charts/{name}.svg">SVG</a></figcaption></figure>'
    )
    options = '{mode: "vega-lite", renderer: "svg", actions: false}'
    script = f'vegaEmbed("#{name}", {spec}, {options}).catch(e => failed("{name}", e));'
    return div, script


def _page(setup: StudySetup, stamp: dict, sections: list[str], scripts: list[str]) -> str:
    written = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    fail = "function failed(n, e) { document.getElementById(n).textContent = 'chart failed: ' + e; }"
    return "\n".join(
        [
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
            f"<title>bourbon_lab report: {html.escape(setup.name)}</title><style>{STYLE}</style>",
            "<script src='assets/vega.js'></script></head><body>",
            f"<h1>{html.escape(get_game(setup.game).info.title)} study: {html.escape(setup.name)}</h1>",
            f"<p>{stamp['games']} games of {stamp['players']} players, bots {', '.join(stamp['bots'])};",
            f"written {written}.</p>",
            *sections,
            "<h2>Run stamp</h2><p>The same stamp reproduces the same tables.</p>",
            f"<pre id='stamp'>{html.escape(json.dumps(stamp, indent=2))}</pre>",
            f"<script>{fail}\n" + "\n".join(scripts) + "</script></body></html>",
        ]
    )


def publish_site(setup: StudySetup, out: str | Path, on_progress=None) -> Path:
    """Run the study of ``setup`` and write the report folder; returns the path of ``index.html``.

    When the setup changes the rules, the report also compares the defaults (A) with it (B) on common seeds.
    Any game: the charts are those its tables allow (``figures.study_charts``).

    Parameters
    ----------
    setup : StudySetup
        The rules, players, bots, games and seed.
    out : str or Path
        The folder to write (created if needed).
    on_progress : callable, optional
        ``on_progress(done, total)`` while games are played.

    Returns
    -------
    Path
    """
    out = Path(out)
    (out / "charts").mkdir(parents=True, exist_ok=True)
    (out / "assets").mkdir(exist_ok=True)
    import vl_convert as vlc

    (out / "assets" / "vega.js").write_text(vlc.javascript_bundle(), encoding="utf-8")
    common = {"players": setup.players, "games": setup.games, "bots": setup.bot_list(), "seed": setup.seed}
    result = simulate_with_progress(setup.rules, on_progress=on_progress, **common)
    figures = dict(study_charts(result, setup.rules))
    if rule_changes(setup.rules):
        base = simulate_with_progress(type(setup.rules).default(), **common)
        figures["ab_comparison"] = comparison_chart(Comparison(base, result, paired_table(base, result)))
    sections = ["<h2>Rules changed from the defaults</h2>", _rule_diff(setup), "<h2>Summary</h2>"]
    for title, df in summary_tables(result).items():
        sections += [f"<h3>{html.escape(title)}</h3>", _table(df.columns, [list(r) for r in df.iter_rows()])]
    sections.append("<h2>Charts</h2>")
    scripts = []
    for name, chart in figures.items():
        div, script = _figure(name, chart, out)
        sections.append(div)
        scripts.append(script)
    index = out / "index.html"
    index.write_text(_page(setup, result.stamp, sections, scripts), encoding="utf-8")
    return index
