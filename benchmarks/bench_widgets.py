"""Widget latency: BoardView state -> redraw for 6 players, and RulesEditor change -> LiveStudy redraw.

Printed, never asserted. Run with ``.venv/bin/python benchmarks/bench_widgets.py``.
1. Python side: ``board_state`` for a mid-game 6-player table (median of 50).
2. Browser side: the same state pushed to the BoardView ESM in headless Chromium, time to the
   finished DOM (median of 20), through Panel's AnyWidgetComponent.
3. LiveStudy: one editor change -> "after" re-simulated (200 four-player games, 2 workers) and the
   charts rebuilt; the "before" run is cached, as in the widget. Two figures: the first redraw
   (from the first quarter of the games in) and the redraw from all 200.
"""

from __future__ import annotations

import statistics
import time

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.widgets import LiveStudy, board_state


def midgame(players: int = 6, seed: int = 3, steps: int = 900):
    g = bl.new_game(bl.Ruleset.default(), players, seed=seed)
    bots = [make_bot("heuristic", i) for i in range(players)]
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(bots[g.current_player].choose(g.observe(g.current_player), g.legal_actions()), check=False)
    return g


def bench_state() -> dict:
    g = midgame()
    times = []
    for _ in range(50):
        t = time.perf_counter()
        state = board_state(g)
        times.append(time.perf_counter() - t)
    print(f"1. board_state, 6 players, round {g.round}: median {statistics.median(times) * 1000:.2f} ms")
    return state


def bench_redraw(state: dict) -> None:
    from pathlib import Path

    from playwright.sync_api import sync_playwright

    from bourbon_lab.widgets.assets import BOARD_CSS, BOARD_ESM

    page_html = (
        "<html><head><style>" + BOARD_CSS.read_text() + "</style></head><body><div id=host></div>"
        "<script type=module>\n"
        + BOARD_ESM.read_text().replace("export default { render };", "")
        + "\nconst handlers = {}; const data = {state: {}, action: '', error: ''};"
        "\nconst model = {get: k => data[k], set: (k, v) => { data[k] = v; }, save_changes() {},"
        " on: (e, cb) => { handlers[e] = cb; }, off() {}};"
        "\nrender({model, el: document.getElementById('host')});"
        "\nwindow.push = s => { const t = performance.now(); data.state = s; handlers['change:state']();"
        " document.body.offsetHeight; return performance.now() - t; };\n</script></html>"
    )
    path = Path("/tmp/bl_bench_board.html")
    path.write_text(page_html)
    args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=args)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(path.as_uri())
        page.wait_for_function("typeof window.push === 'function'")
        times = [page.evaluate("s => window.push(s)", state) for _ in range(20)]
        browser.close()
    print(f"2. BoardView redraw in Chromium (DOM + layout), 6 players: median {statistics.median(times):.1f} ms")


def bench_study() -> None:
    study = LiveStudy(players=4, games=200, bots="heuristic", workers=2, debounce=0.0)
    study.done.wait(600)
    print(f"3. LiveStudy first draw (before + after, 200 games each): {study.last_seconds:.2f} s")
    full, first = [], []
    for multipliers in ((1, 2, 4), (1, 3, 4)) * 3:
        t = time.perf_counter()
        study.editor.set_value("zone_multipliers", multipliers)
        time.sleep(0.01)
        study.done.wait(600)
        full.append(time.perf_counter() - t)
        first.append(study.first_seconds)
    print(
        f"   change -> redraw, 200 four-player heuristic games, 2 workers, median of {len(full)} changes: "
        f"first (partial) redraw {statistics.median(first):.2f} s, all 200 games {statistics.median(full):.2f} s "
        f"(each: {', '.join(f'{x:.2f}' for x in full)} s)"
    )
    t = time.perf_counter()
    quick = LiveStudy(players=4, games=200, bots="random", workers=2, debounce=0.0)
    quick.done.wait(600)
    quick.editor.set_value("zone_multipliers", (1, 2, 4))
    time.sleep(0.01)
    t = time.perf_counter()
    quick.done.wait(600)
    print(f"   same with random bots: change -> redraw {quick.last_seconds:.2f} s")


if __name__ == "__main__":
    bench_redraw(bench_state())
    bench_study()
