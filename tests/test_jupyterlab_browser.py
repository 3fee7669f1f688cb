"""Tutorial notebooks in a real JupyterLab, driven by headless Chromium, offline.

A private JupyterLab serves a copy of the notebook from a temporary folder (the repo is never the
server's root and nothing is written back). Chromium opens it, runs every cell through the
``notebook:run-all-cells`` command and waits for what a reader would see: every code cell executed,
Vega charts drawn, the widgets shown and no traceback. No request may leave 127.0.0.1.
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
    # People against bots on the BoardView, the Stepper over the saved playtest.
    "04-playtest-walkthrough.ipynb": {"texts": ["Dice on the table"], "charts": 0},
    # The same sweep on a process pool and on a Dask LocalCluster, started from the kernel.
    "06-scaling-out.ipynb": {"texts": [], "charts": 0},
}

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
        PYTHONUNBUFFERED="1",
    )
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
    shutil.copy(ROOT / "notebooks" / name, root / name)
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"jupyterlab-{name[:2]}.png"
    log = tmp_path / "jupyter.log"
    started = time.perf_counter()
    proc, base = _start_lab(root, home, log)
    try:
        print(f"{name}: server answered in {_wait_ready(proc, base, log):.1f} s")
        assert "python3" in _get_json(f"{base}/api/kernelspecs")["kernelspecs"]
        with sync_playwright() as p:
            browser = launch(p)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 2400})
                rec = Recorder(page)
                try:
                    _run_and_check(page, rec, base, name, expect)
                finally:
                    page.screenshot(path=str(shot), full_page=True)
                    print(f"{name}: screenshot {shot.relative_to(ROOT)}")
                    if rec.errors:
                        print(f"{name}: {len(rec.errors)} console errors, first: {rec.errors[:3]}")
            finally:
                browser.close()
    finally:
        leftovers = _stop(proc)
        print(f"{name}: total {time.perf_counter() - started:.1f} s")
    assert leftovers == [], f"processes still alive after the server stopped: {leftovers}"


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
