"""Tutorial notebooks in a real JupyterLab, driven by headless Chromium, offline.

A private JupyterLab serves a copy of the notebook from a temporary folder (the repo is never the
server's root and nothing is written back). Chromium opens it in a 1000 x 800 window with the file
browser open, runs every cell through the ``notebook:run-all-cells`` command and waits for what a
reader would see: every code cell executed, Vega charts drawn, the widgets shown and no traceback.
Then, at 1000 x 800 and again resized to 1400 x 900, every output's layout is checked: no box past
the output area's sides (unless it scrolls), no text of our widgets cut short, no chart clipped or
label shortened. What a reader sees of each widget or chart output is kept as a PNG under
``test-artifacts/`` (``jupyterlab-NN-WxH-outII.png``). No request may leave 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

import psutil
import pytest
from browsing import ARTIFACTS, free_port, launch, offsite
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
RUN_TIMEOUT_MS = 180_000
SIZES = ((1000, 800), (1400, 900))
"""Browser windows a designer works in, the file browser open beside the notebook: run at the first, then resized."""
# JupyterLab's own settings for the test: every cell attached to the page (its default skips laying out cells
# out of view, which would hide their boxes from the layout check), and no "news?" popup over the notebook.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false", "checkForUpdates": False},
}
# Texts that mean a widget or app caught an error and shows it instead of its content.
FAILURE_TEXTS = ["the study failed", "Click to show javascript error"]

# What each notebook must show once it has run: some text only its widgets draw, and how many
# outputs must contain a drawn Vega chart (``svg.marks`` or a canvas/svg inside ``.vega-embed``).
NOTEBOOKS = {
    # BoardView (anywidget) at each rule as it fires, the Stepper, the game timeline chart.
    "01-rules-walkthrough.ipynb": {"texts": ["Dice on the table", "What happened"], "charts": 1},
    # RulesEditor x2, LiveStudy's three JupyterCharts, two A/B comparison charts.
    "02-tweak-the-economy.ipynb": {"texts": ["Reset to default"], "charts": 5},
    # The market-events chart and the inline Panel app's charts.
    "05-publish-a-dashboard.ipynb": {"texts": [], "charts": 2},
    # Win rates, game length, upgrades, market events and sale zones.
    "03-balance-study.ipynb": {"texts": [], "charts": 5},
    # People against bots on the BoardView, the Stepper over the saved playtest; two people passing the screen
    # (a person's turn opens with what happened since their last one) and the post-game chart (issue 30).
    "04-playtest-walkthrough.ipynb": {"texts": ["Dice on the table", "Since your last turn, P1"], "charts": 1},
    # The same sweep on a process pool and on a Dask LocalCluster, started from the kernel.
    "06-scaling-out.ipynb": {"texts": [], "charts": 0},
    # Twelve house rules' A/B charts and the tuning chart (issue 28: "its A/B chart renders").
    "12-house-rules.ipynb": {"texts": [], "charts": 13},
    # A notebook a newcomer starts from the README's tour: a plain Altair chart, no setup step (issue 30).
    "new-from-the-readme.ipynb": {"texts": [], "charts": 1},
}
GENERATED = {
    "new-from-the-readme.ipynb": [
        "import bourbon_lab as bl\n\nrules = bl.Ruleset.default()\n"
        "result = bl.simulate(rules, players=2, games=2, bots='heuristic', seed=0, progress=False)",
        "import altair as alt\n\nalt.Chart(result.players).mark_bar().encode(x='bot:N', y='mean(score):Q')",
    ]
}
"""Notebooks written by the test, as a designer would start one (not tutorials in ``notebooks/``)."""

# Layout faults a reader would see, per output: a box sticking out of the output area sideways (cut off, or
# out of sight with no scrollbar) or out of its bottom, unless inside a box that scrolls that way; a text of our
# widgets cut short (scrollWidth > clientWidth, an ellipsis); a chart label Vega shortened with "…".
# Shadow roots are searched too: Panel draws inside Bokeh's.
LAYOUT_JS = """() => {
  const OURS = '.bl-host, .bl-rules-editor, .bl-live-study, .bl-stepper, .bk-root, .bk-panel-models-layout-Column';
  const deep = (root) => {
    let found = [...root.querySelectorAll('*')];
    for (const el of [...found]) if (el.shadowRoot) found = found.concat(deep(el.shadowRoot));
    return found;
  };
  const parentOf = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null;
  const scrolls = (el, stop, axis) => {
    for (let a = parentOf(el); a && a !== stop; a = parentOf(a)) {
      const o = getComputedStyle(a)[axis];
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  const inOurs = (el, stop) => {
    for (let a = el; a && a !== stop; a = parentOf(a)) if (a.matches && a.matches(OURS)) return true;
    return false;
  };
  const name = (el) => `${el.tagName.toLowerCase()}.${String(el.className && el.className.baseVal !== undefined
    ? el.className.baseVal : el.className).trim().split(/\\s+/).slice(0, 2).join('.')}`;
  const faults = [];
  const outputs = [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output')];
  outputs.forEach((out, i) => {
    const cell = out.closest('.jp-CodeCell');
    const prompt = cell ? cell.querySelector('.jp-InputArea-prompt').textContent.trim() : `output ${i}`;
    const R = out.getBoundingClientRect();
    const reported = new Set();
    const under = (el) => {
      for (let a = parentOf(el); a && a !== out; a = parentOf(a)) if (reported.has(a)) return true;
    };
    for (const el of deep(out)) {
      if (under(el)) continue;  // only the outermost box that sticks out is named
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const text = (el.textContent || '').trim().slice(0, 40);
      if ((r.left < R.left - 1 || r.right > R.right + 1) && !scrolls(el, out, 'overflowX')) {
        const where = `x ${r.left | 0}-${r.right | 0}, output is ${R.left | 0}-${R.right | 0}`;
        faults.push(`${prompt} ${name(el)} "${text}" spans ${where}`);
        reported.add(el);
      } else if (r.bottom > R.bottom + 1 && !scrolls(el, out, 'overflowY')) {
        faults.push(`${prompt} ${name(el)} "${text}" ends at y ${r.bottom | 0}, below the output (${R.bottom | 0})`);
        reported.add(el);
      }
      if (el.matches('svg.marks, canvas.marks')) {
        for (let a = parentOf(el); a && a !== out; a = parentOf(a)) {
          const o = getComputedStyle(a).overflowX;
          if (o === 'visible') continue;
          const c = a.getBoundingClientRect();
          if (o !== 'auto' && o !== 'scroll' && (r.right > c.right + 1 || r.left < c.left - 1)) {
            faults.push(`${prompt} chart "${text}" cut off by ${name(a)} (${r.right | 0} > ${c.right | 0})`);
          }
          break;
        }
      }
      if (el.tagName.toLowerCase() === 'text' && text.endsWith('…')) {
        faults.push(`${prompt} chart label cut: "${text}"`);
      }
      const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      if (own && style.display !== 'inline' && !(el instanceof SVGElement) && inOurs(el, out)
          && el.scrollWidth > el.clientWidth + 1) {
        faults.push(`${prompt} text cut: "${text}" (${el.scrollWidth} > ${el.clientWidth} px)`);
      }
    }
  });
  return [...new Set(faults)];
}"""

# The notebook panel's state, read through the app object ``--LabApp.expose_app_in_browser`` exposes.
STATE_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const ctx = panel && panel.sessionContext;
  const kernel = ctx && ctx.session && ctx.session.kernel;
  const cells = [];
  const errors = [];
  if (panel && panel.content && panel.content.model) {
    const model = panel.content.model;
    for (let i = 0; i < model.cells.length; i++) {
      const cell = model.cells.get(i);
      if (cell.type !== 'code') continue;
      cells.push(cell.executionCount);
      for (const out of cell.outputs.toJSON()) {
        if (out.output_type === 'error') errors.push(`${out.ename}: ${out.evalue}`);
      }
    }
  }
  return {
    kernel: kernel ? kernel.status : null,
    kernelName: kernel ? kernel.name : null,
    cells: cells,
    errors: errors,
  };
}"""

# Done: the kernel is idle and every code cell's DOM prompt shows ``[n]:``.
DONE_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
    && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
  return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
}"""

# Drawn Vega views (vega marks ``svg.marks``/``canvas.marks``) in the output areas, shadow roots included
# (Panel draws its app inside Bokeh's shadow DOM), and widgets that failed to load their JavaScript.
CHARTS_JS = """() => {
  const deep = (root, sel) => {
    let found = [...root.querySelectorAll(sel)];
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) found = found.concat(deep(el.shadowRoot, sel));
    return found;
  };
  const outputs = [...document.querySelectorAll('.jp-OutputArea-output')];
  return {
    charts: outputs.map(o => deep(o, 'svg.marks, canvas.marks').length).reduce((a, b) => a + b, 0),
    broken: outputs.filter(o => o.textContent.includes('Click to show javascript error')).length,
  };
}"""


def _get_json(url: str):
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


def _start_lab(root: Path, home: Path, log: Path):
    """A JupyterLab on a free port with private config/data/runtime dirs; the venv's kernelspecs stay visible."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    env.update(
        BOURBON_LAB_QUICK="1",
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        PYTHONUNBUFFERED="1",
    )
    for name, values in LAB_SETTINGS.items():
        path = home / "settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--IdentityProvider.token=",  # ``--ServerApp.token=`` is deprecated since jupyter_server 2
        "--ServerApp.password=",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--ServerApp.open_browser=False",
    ]
    if os.geteuid() == 0:  # CI containers run as root; jupyter_server refuses that without this flag
        cmd.append("--allow-root")
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    return proc, f"http://127.0.0.1:{port}"


def _wait_ready(proc, base: str, log: Path) -> float:
    started = time.perf_counter()
    while time.perf_counter() - started < 60:
        if proc.poll() is not None:
            pytest.fail(f"jupyter lab exited with {proc.returncode}:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            _get_json(f"{base}/api/status")
            return time.perf_counter() - started
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"jupyter lab did not answer /api/status in 60 s:\n{log.read_text(errors='replace')[-3000:]}")


def _stop(proc) -> list[int]:
    """Stop the server (it shuts its kernels down on SIGTERM); kill whatever it started that is left."""
    if proc.poll() is not None:
        return []
    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        children = []
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
    _, alive = psutil.wait_procs(children, timeout=10)
    for child in alive:
        try:
            child.kill()
        except psutil.Error:
            pass
    return [c.pid for c in alive]


class Recorder:
    """Every request, websocket and console error of one page."""

    def __init__(self, page):
        self.urls: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda r: self.urls.append(r.url))
        page.on("websocket", lambda ws: self.urls.append(ws.url))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def foreign(self) -> list[str]:
        return [u for u in self.urls if offsite(u)]


def _stderr_tracebacks(page) -> list[str]:
    stderr = page.locator('.jp-OutputArea-output .jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]')
    texts = [stderr.nth(i).text_content() or "" for i in range(stderr.count())]
    return [t[-1500:] for t in texts if "Traceback" in t]


@pytest.mark.parametrize("name", list(NOTEBOOKS))
def test_notebook_renders_offline_in_jupyterlab(name, tmp_path):

    expect = NOTEBOOKS[name]
    root, home = tmp_path / "root", tmp_path / "jupyter"
    root.mkdir()
    home.mkdir()
    if name in GENERATED:
        import nbformat

        cells = [nbformat.v4.new_code_cell(src) for src in GENERATED[name]]
        kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": kernel}), root / name)
    else:
        shutil.copy(ROOT / "notebooks" / name, root / name)
    ARTIFACTS.mkdir(exist_ok=True)
    log = tmp_path / "jupyter.log"
    started = time.perf_counter()
    proc, base = _start_lab(root, home, log)
    try:
        print(f"{name}: server answered in {_wait_ready(proc, base, log):.1f} s")
        assert "python3" in _get_json(f"{base}/api/kernelspecs")["kernelspecs"]
        with sync_playwright() as p:
            browser = launch(p)
            try:
                width, height = SIZES[0]
                page = browser.new_page(viewport={"width": width, "height": height})
                rec = Recorder(page)
                try:
                    _run_and_check(page, rec, base, name, expect)
                    faults = []
                    for width, height in SIZES:
                        page.set_viewport_size({"width": width, "height": height})
                        faults += [f"{width}x{height}: {f}" for f in _layout_faults(page, name, width, height)]
                    assert faults == [], "layout faults:\n" + "\n".join(faults)
                finally:
                    if rec.errors:
                        print(f"{name}: {len(rec.errors)} console errors, first: {rec.errors[:3]}")
            finally:
                browser.close()
    finally:
        leftovers = _stop(proc)
        print(f"{name}: total {time.perf_counter() - started:.1f} s")
    assert leftovers == [], f"processes still alive after the server stopped: {leftovers}"


def _layout_faults(page, name: str, width: int, height: int) -> list[str]:
    """Check every output's layout at this window size, and keep what a reader sees of each output as PNGs."""
    page.wait_for_timeout(500)  # JupyterLab and the widgets reflow on the resize
    assert page.locator("#filebrowser").is_visible(), "the file browser should be open beside the notebook"
    faults = page.evaluate(LAYOUT_JS)
    tabs = page.locator(".bl-tab-bar button")  # the RulesEditor's groups: each page is checked shown
    for i in range(tabs.count()):
        tabs.nth(i).click()
        page.wait_for_timeout(150)
        faults += [f"(group {tabs.nth(i).text_content()!r}) {f}" for f in page.evaluate(LAYOUT_JS) if f not in faults]
    for bar in page.locator(".bl-tab-bar").all():
        bar.locator("button").first.click()  # back to the first group for the screenshots
    cells = page.locator(".jp-Notebook .jp-CodeCell").filter(has=page.locator(".jp-OutputArea-output"))
    stem = f"jupyterlab-{name[:2]}-{width}x{height}"
    for i in range(cells.count()):
        cell = cells.nth(i)
        if cell.locator(".jupyter-widgets, .vega-embed, .bk-root, .bk-Column, iframe").count() == 0:
            continue  # plain text outputs: nothing to lay out
        cell.locator(".jp-OutputArea-output").first.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(ARTIFACTS / f"{stem}-out{i:02d}.png"))
    print(f"{name}: {width}x{height} layout checked, {len(faults)} faults; screenshots {stem}-out*.png")
    return faults


def _run_and_check(page, rec, base: str, name: str, expect: dict) -> None:
    t0 = time.perf_counter()
    page.goto(f"{base}/lab/tree/{quote(name)}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget", timeout=60_000)
    first = page.locator(".jp-Notebook .jp-Cell").first
    first.wait_for(timeout=60_000)
    # The kernel named in the notebook (the venv's ``python3``) starts without a "select kernel" dialog.
    page.wait_for_function(
        "() => { const k = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel;"
        " return k && k.status === 'idle'; }",
        timeout=60_000,
    )
    state = page.evaluate(STATE_JS)
    assert state["kernelName"] == "python3", state
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").first.inner_text()
    print(f"{name}: lab open, kernel idle after {time.perf_counter() - t0:.1f} s")

    first.click()
    t1 = time.perf_counter()
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    problems: list[str] = []
    try:
        page.wait_for_function(DONE_JS, timeout=RUN_TIMEOUT_MS, polling=500)
    except PlaywrightTimeout:
        problems.append(f"not every cell ran within {RUN_TIMEOUT_MS // 1000} s")
    # Wait for the charts to draw, or for a widget to show its "javascript error" box instead.
    enough = f"() => {{ const s = ({CHARTS_JS})(); return s.charts >= {expect['charts']} || s.broken > 0; }}"
    try:
        page.wait_for_function(enough, timeout=30_000, polling=500)
    except PlaywrightTimeout:
        pass  # reported below with the count
    for text in expect["texts"]:
        try:
            page.get_by_text(text, exact=True).first.wait_for(state="visible", timeout=30_000)
        except PlaywrightTimeout:
            problems.append(f"{text!r} never shown")
    print(f"{name}: ran all cells in {time.perf_counter() - t1:.1f} s")

    state = page.evaluate(STATE_JS)
    prompts = [p.strip() for p in page.locator(".jp-CodeCell .jp-InputArea-prompt").all_text_contents()]
    drawn = page.evaluate(CHARTS_JS)
    print(f"{name}: prompts {prompts}, {drawn['charts']} charts drawn, {drawn['broken']} widgets failed to load")
    if not (len(prompts) == len(state["cells"]) and all(c is not None for c in state["cells"])):
        problems.append(f"cells not all executed: DOM prompts {prompts}, model counts {state['cells']}")
    problems += [f"error output {e}" for e in state["errors"]]
    problems += [f"traceback on stderr: {t}" for t in _stderr_tracebacks(page)]
    if drawn["charts"] < expect["charts"]:
        problems.append(f"{drawn['charts']} charts drawn, expected at least {expect['charts']}")
    for text in FAILURE_TEXTS:  # Playwright's text locators also look inside Bokeh's shadow DOM
        shown = page.get_by_text(text)
        problems += list(dict.fromkeys(f"shown: {shown.nth(i).text_content()!r}" for i in range(shown.count())))
    problems += [f"request to another host: {u}" for u in dict.fromkeys(rec.foreign())]
    assert problems == [], "\n".join(problems)
