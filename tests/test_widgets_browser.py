"""The BoardView ESM in real headless Chromium, served by Panel's AnyWidgetComponent (as the dashboard does).

Asserts on what a person sees — the zone label, the cards, the barrels, a player's Capital —
then clicks a legal action and waits for the view to update. No request may leave 127.0.0.1.
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

import pytest
from browsing import ARTIFACTS, free_port, launch, offsite

import bourbon_lab as bl
from bourbon_lab.widgets.session import TableSession

pytestmark = pytest.mark.slow

SEED, PLAYERS, BOTS = 1, 2, {1: "heuristic"}

APP = f"""
import param
import panel as pn

import bourbon_lab as bl
from bourbon_lab.games.bourbonomics.rules.errors import BourbonLabError
from bourbon_lab.widgets.assets import BOARD_CSS, BOARD_ESM
from bourbon_lab.widgets.session import TableSession, error_text


class Board(pn.custom.AnyWidgetComponent):
    _esm = BOARD_ESM
    _stylesheets = [BOARD_CSS.read_text(encoding="utf-8")]
    state = param.Dict(default={{}})
    action = param.String(default="")
    error = param.String(default="")


session = TableSession(bl.new_game(bl.Ruleset.default(), {PLAYERS}, seed={SEED}), bots={BOTS!r})
session.run_bots()
board = Board(state=session.state(), sizing_mode="stretch_width")


def on_action(event):
    if not event.new:
        return
    try:
        session.play(event.new)
        board.error = ""
    except BourbonLabError as exc:
        board.error = error_text(exc)
    board.state = session.state()
    board.action = ""


board.param.watch(on_action, "action")
board.servable()
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    app = tmp_path_factory.mktemp("app") / "board_app.py"
    app.write_text(APP, encoding="utf-8")
    port = free_port()
    cmd = [sys.executable, "-m", "panel", "serve", str(app), "--address", "127.0.0.1", "--port", str(port)]
    cmd += ["--allow-websocket-origin", f"127.0.0.1:{port}"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/board_app"
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                urllib.request.urlopen(url, timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(proc.stdout.read().decode()) from None
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


def expected_session() -> TableSession:
    session = TableSession(bl.new_game(bl.Ruleset.default(), PLAYERS, seed=SEED), bots=BOTS)
    session.run_bots()
    return session


def test_board_in_chromium_shows_the_table_and_plays_a_click(served):
    from playwright.sync_api import expect, sync_playwright

    session = expected_session()
    state = session.state()
    barrels = sum(len(p["barrels"]) for p in state["players"])
    requests = []
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("request", lambda r: requests.append(r.url))
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(served)
        zone = page.locator(".bl-zone")
        zone.wait_for(timeout=30_000)
        assert zone.text_content() == f"{state['zone']} ×{state['multiplier']}" == "Low ×1"
        assert page.locator(".bl-market .bl-card").count() == len(state["table"])
        assert page.locator(".bl-barrel").count() == barrels
        capital = page.locator('.bl-player[data-seat="0"] .bl-capital').text_content()
        assert capital == str(state["players"][0]["capital"])

        button = page.locator(".bl-action").first
        text = button.get_attribute("data-action")
        assert text in state["legal"]
        session.play(text)
        after = session.state()
        button.click()
        expect(page.locator(".bl-barrel")).to_have_count(barrels + 1, timeout=15_000)
        assert sum(len(pl["barrels"]) for pl in after["players"]) == barrels + 1
        shown = [b.get_attribute("data-action") for b in page.locator(".bl-action").all()]
        assert shown == after["legal"]
        assert page.locator(".bl-error").is_hidden()
        assert page.locator(".bl-jserror").count() == 0 and not errors
        page.screenshot(path=str(ARTIFACTS / "board_view.png"), full_page=True)
        browser.close()
    away = sorted(u for u in requests if offsite(u))
    assert not away, f"external requests: {away}"
