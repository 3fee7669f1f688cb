"""Charts out of Python: PNG/SVG files for reports (vl-convert, offline) and the notebook renderer choice."""

from __future__ import annotations

import json
from pathlib import Path

import altair as alt

FORMATS = (".png", ".svg", ".json", ".html")


def save(chart: alt.TopLevelMixin, path, scale: float = 2.0) -> Path:
    """Write ``chart`` as PNG, SVG, Vega-Lite JSON or self-contained HTML, chosen by the file suffix.

    Rendering goes through vl-convert, so no browser and no network are needed.

    Parameters
    ----------
    chart : altair chart
        Any Altair chart (layered and concatenated ones too).
    path : str or Path
        Where to write; the suffix picks the format.
    scale : float
        Pixel density of a PNG (2 = sharp on high-DPI screens and in print).

    Returns
    -------
    Path
        The file written.
    """
    import vl_convert as vlc

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"path: {path.name!r} must end in one of {', '.join(FORMATS)}")
    spec = chart.to_dict()
    version = alt.SCHEMA_VERSION.split(".")[0] + "." + alt.SCHEMA_VERSION.split(".")[1]
    if suffix == ".png":
        path.write_bytes(vlc.vegalite_to_png(spec, vl_version=version, scale=scale))
    elif suffix == ".svg":
        path.write_text(vlc.vegalite_to_svg(spec, vl_version=version), encoding="utf-8")
    elif suffix == ".json":
        path.write_text(json.dumps(spec, indent=1), encoding="utf-8")
    else:
        path.write_text(vlc.vegalite_to_html(spec, vl_version=version, bundle=True), encoding="utf-8")
    return path


def use_offline_renderer(widgets: bool = True) -> str:
    """Show Altair charts in JupyterLab with no network: the anywidget-based ``jupyter`` renderer, offline.

    The ``default`` renderer fetches vega from a CDN and ``mimetype`` draws nothing for
    Vega-Lite 6 (docs/offline.md), so the toolkit picks this one for its users. Importing
    ``bourbon_lab.charts`` calls it with ``widgets=False``; LiveStudy and ``import bourbon_lab`` in a
    kernel call it whole.

    Parameters
    ----------
    widgets : bool
        Also bundle Vega now for charts built directly as widgets (``alt.JupyterChart``, as LiveStudy
        does). It takes seconds, so a plain import leaves it to the first chart shown: the renderer
        bundles it then, from vl-convert.

    Returns
    -------
    str
        The renderer now active.
    """
    alt.renderers.enable("jupyter", offline=True)
    if widgets:
        alt.JupyterChart.enable_offline()
    return alt.renderers.active
