"""Issue 43: importing the charts chooses Altair's offline renderer, in a process that imported nothing else.

Each case runs in a fresh interpreter: in this one, some other test has long since imported the charts
or the widgets, and the renderer is a process-wide setting.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bourbon_lab import charts, widgets

PACKAGE = Path(charts.__file__).resolve().parent.parent

PROBE = """
import json, re
{imports}
import altair as alt
from ipywidgets.widgets.widget import _instances

chart = alt.Chart(alt.Data(values=[{{"x": 1}}])).mark_point().encode(x="x:Q")
bundle = chart._repr_mimebundle_()
bundle = bundle[0] if isinstance(bundle, tuple) else bundle
shown = [str(value) for value in bundle.values()]
view = bundle.get("application/vnd.jupyter.widget-view+json")
if view:
    shown.append(_instances[view["model_id"]]._esm)  # the script the widget runs in the browser
urls = sorted({{u for text in shown for u in re.findall(r"https://[^\\s\\"'`)<>]+", text)}})
print(json.dumps({{"active": alt.renderers.active, "offline": alt.renderers.options.get("offline"), "urls": urls}}))
"""

NOT_SCRIPTS = ("https://vega.github.io/", "https://github.com/")
"""Addresses a chart names but never loads: the Vega-Lite schema id, and the editor and issue links in Vega's code."""


def _shown_after(imports: str) -> dict:
    """The active renderer and every https address in a chart's output, in a new process after ``imports``."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(imports=imports)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _script_sources(urls: list[str]) -> list[str]:
    return [u for u in urls if not u.startswith(NOT_SCRIPTS)]


@pytest.mark.parametrize(
    "imports",
    [
        "import bourbon_lab as bl; from bourbon_lab import charts",
        "from bourbon_lab.charts import skill",
        "import bourbon_lab.charts.tables",
        "import bourbon_lab.widgets",
    ],
)
def test_importing_the_charts_chooses_the_offline_renderer(imports):
    shown = _shown_after(imports)
    assert shown["active"] == "jupyter" and shown["offline"] is True, shown
    assert not _script_sources(shown["urls"]), shown["urls"]


def test_bare_altair_keeps_its_cdn_renderer():
    """The control: without our import Altair's ``default`` renderer loads Vega from a CDN, which the check sees."""
    shown = _shown_after("")
    assert shown["active"] == "default"
    assert any(u.startswith("https://cdn.jsdelivr.net/") for u in _script_sources(shown["urls"])), shown["urls"]


def test_the_choice_is_made_in_one_place():
    """The widgets use the charts' choice; no other module enables a renderer of its own."""
    assert widgets.use_offline_renderer is charts.use_offline_renderer
    choosers = sorted(
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*.py")
        if re.search(r"renderers\.enable\(", p.read_text(encoding="utf-8"))
    )
    assert choosers == ["charts/export.py"]
