"""The Vega-Lite version a chart's spec names: one that every runtime the lab draws with satisfies.

Altair writes the version its schema was made from (``v6.4.1`` for Altair 6.3) into each spec's ``$schema``,
and vega-embed warns when its own Vega-Lite does not satisfy ``^`` that version ("spec uses Vega-Lite v6.4.1,
current is v6.3.0"). The lab draws with two runtimes, both from installed packages: vl-convert's bundle
(notebooks through ``JupyterChart``, exported HTML, the published site) and Panel's bundled Vega-Lite (the
dashboard). So the specs name the oldest of Altair's own version and Panel's: every runtime then satisfies it.
``tests/test_charts_runtime.py`` reads each runtime's version from its package files and checks this holds.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import altair as alt

SCHEMA_URL = "https://vega.github.io/schema/vega-lite/v{}.json"


def version_key(version: str) -> tuple[int, ...]:
    """``"v6.4.1"`` or ``"6.4.1"`` as ``(6, 4, 1)``, for comparing versions."""
    return tuple(int(p) for p in re.findall(r"\d+", version)[:3])


def altair_version() -> str:
    """The Vega-Lite version Altair's schema was made from (``"6.4.1"``)."""
    return alt.SCHEMA_VERSION.lstrip("v")


def panel_version() -> str | None:
    """The Vega-Lite Panel bundles (its file ``dist/bundled/vegaplot/vega-lite@6.3.0``), None without Panel.

    Found without importing Panel, which takes seconds.
    """
    spec = importlib.util.find_spec("panel")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        found = [p.name.partition("@")[2] for p in Path(folder, "dist", "bundled", "vegaplot").glob("vega-lite@*")]
        if found:
            return max(found, key=version_key)
    return None


def schema_version() -> str:
    """The version the specs name: the oldest runtime of the same major version as Altair's schema."""
    own = altair_version()
    others = [v for v in (panel_version(),) if v and version_key(v)[:1] == version_key(own)[:1]]
    return min([own, *others], key=version_key)


def pin_schema() -> str:
    """Make every spec Altair writes from now on name ``schema_version()``; returns the ``$schema`` URL.

    Process-wide, like the renderer: a spec shows in whichever runtime the notebook or dashboard has.
    Altair reads the URL from its ``api`` module when it writes a top-level spec.
    """
    url = SCHEMA_URL.format(schema_version())
    api = importlib.import_module(alt.TopLevelMixin.to_dict.__module__)
    api.SCHEMA_URL = url
    return url
