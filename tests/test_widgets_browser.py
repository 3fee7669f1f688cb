"""The BoardView ESM in real headless Chromium, served by Panel's AnyWidgetComponent (as the dashboard does).

Asserts on what a person sees — the zone label, the cards, the barrels, a player's Capital —
then clicks a legal action and waits for the view to update. No request may leave 127.0.0.1.
"""

from __future__ import annotations

import pytest
from browsing import ARTIFACTS, board_app, offsite, open_page, serve_panel

import bourbon_lab as bl
from bourbon_lab.widgets.session import TableSession

pytestmark = pytest.mark.slow

SEED, PLAYERS, BOTS = 1, 2, {1: "heuristic"}

APP = board_app("bl.Ruleset.default()", PLAYERS, SEED, BOTS, "bourbonomics")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    with serve_panel(tmp_path_factory.mktemp("apps"), {"board_app": APP}) as base:
        yield f"{base}/board_app"


def expected_session() -> TableSession:
    session = TableSession(bl.new_game(bl.Ruleset.default(), PLAYERS, seed=SEED), bots=BOTS)
    session.run_bots()
    return session


def test_board_in_chromium_shows_the_table_and_plays_a_click(served, browser):
    from playwright.sync_api import expect

    session = expected_session()
    state = session.state()
    barrels = sum(len(p["barrels"]) for p in state["players"])
    ARTIFACTS.mkdir(exist_ok=True)
    page, requests, errors = open_page(browser, 1400, 1000)
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
    away = sorted(u for u in requests if offsite(u))
    assert not away, f"external requests: {away}"
