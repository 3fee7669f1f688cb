"""Issue 50, part 7: "spec uses Vega-Lite v6.4.1, current is v6.3.0" in the browser console.

vega-embed warns unless its Vega-Lite satisfies ``^`` the spec's ``$schema`` version. The lab draws with the
Vega-Lite bundled by vl-convert (notebooks, exported HTML, the published site) and by Panel (the dashboard);
each version is read here from the installed package files, and the spec's must be satisfied by all of them.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import altair as alt
import polars as pl
import pytest

from bourbon_lab import charts
from bourbon_lab.charts import runtime


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.lstrip("v").split("."))


def satisfies(current: str, spec: str) -> bool:
    """vega-embed's check, ``semver.satisfies(current, "^" + spec)``, for versions 1.0.0 and up."""
    return _key(current)[0] == _key(spec)[0] and _key(current) >= _key(spec)


def spec_version(chart: alt.TopLevelMixin) -> str:
    schema = chart.to_dict()["$schema"]
    found = re.fullmatch(r"https://vega\.github\.io/schema/vega-lite/v(\d+\.\d+\.\d+)\.json", schema)
    assert found, schema
    return found.group(1)


def bundled_vega_lite(bundle: str, minor: str) -> str:
    """The Vega-Lite version inside a vl-convert bundle built for ``minor`` (``"6.4"``): its version literal."""
    found = set(re.findall(rf'"({re.escape(minor)}\.\d+)"', bundle))
    assert len(found) == 1, found
    return found.pop()


def panel_vega_lite() -> str:
    """Panel's bundled Vega-Lite: the version in its file's name, checked against the version the file holds."""
    spec = importlib.util.find_spec("panel")
    assert spec is not None, "Panel is part of the lab extra"
    (path,) = Path(spec.submodule_search_locations[0], "dist", "bundled", "vegaplot").glob("vega-lite@*")
    version = path.name.partition("@")[2]
    assert f'"{version}"' in path.read_text(encoding="utf-8")[:2000], "the file's own version literal"
    return version


@pytest.fixture(scope="module")
def chart() -> alt.Chart:
    return charts.win_rate(pl.DataFrame({"game": [0, 0], "player": [0, 1], "seat": [0, 1], "won": [True, False]}))


@pytest.fixture(scope="module")
def runtimes() -> dict[str, str]:
    """Every Vega-Lite the lab draws charts with, by where, read from the installed packages."""
    import vl_convert as vlc
    from altair.utils._importers import vl_version_for_vl_convert

    minor = vl_version_for_vl_convert().replace("_", ".").lstrip("v")  # what JupyterChart and save ask for
    alt.JupyterChart.enable_offline()  # the notebooks' runtime: vl-convert's bundle inside the widget
    latest = vlc.get_vegalite_versions()[-1]  # the published site's assets/vega.js: vl-convert's default
    return {
        "notebooks (JupyterChart, offline)": bundled_vega_lite(alt.JupyterChart._esm, minor),
        "published site and exported HTML": bundled_vega_lite(vlc.javascript_bundle(), latest),
        "dashboard (Panel)": panel_vega_lite(),
    }


def test_every_embedded_runtime_satisfies_the_specs_version(chart, runtimes):
    version = spec_version(chart)
    unsatisfied = {where: v for where, v in runtimes.items() if not satisfies(v, version)}
    assert not unsatisfied, f"specs name Vega-Lite {version}; these runtimes would warn: {unsatisfied}"


def test_the_spec_names_the_oldest_runtime_and_no_older(chart, runtimes):
    """Pinned no lower than it must be: the oldest runtime's version (or Altair's own, when that is older)."""
    oldest = min([*runtimes.values(), runtime.altair_version()], key=_key)
    assert spec_version(chart) == oldest == runtime.schema_version()
    assert runtime.panel_version() == runtimes["dashboard (Panel)"]


def test_every_builder_and_every_chart_made_after_the_import_names_it(chart):
    """The version is Altair's own setting for this process, so a designer's own chart and a composed one share it."""
    mine = alt.Chart(alt.Data(values=[{"x": 1}])).mark_point().encode(x="x:Q")
    assert spec_version(mine) == spec_version(chart | chart) == spec_version(chart) == runtime.schema_version()


def test_the_check_catches_the_issues_mismatch():
    """The control: Altair's own v6.4.1 against Panel's v6.3.0 is what the console warned about."""
    assert not satisfies("6.3.0", "6.4.1")
    assert satisfies("6.4.1", "6.3.0") and not satisfies("5.21.0", "6.3.0")
