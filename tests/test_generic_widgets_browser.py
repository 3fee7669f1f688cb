"""Tip Jar (tests/toygame.py) in real headless Chromium: the generic board and the dashboard's game picker.

Two Panel apps are served from 127.0.0.1, each registering Tip Jar first as the tests do: the
generic board ESM run by Panel's AnyWidgetComponent (as the dashboard's Game tab runs it), and
the whole dashboard. No request may leave 127.0.0.1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import toygame
from browsing import ARTIFACTS, board_app, offsite, open_page, serve_panel

import bourbon_lab as bl
from bourbon_lab.widgets.session import TableSession

pytestmark = pytest.mark.slow

TESTS = Path(__file__).resolve().parent
SEED, PLAYERS, BOTS = 2, 3, {0: "random", 2: "random"}

BOARD_APP = board_app(
    "toygame.TipRules()",
    PLAYERS,
    SEED,
    BOTS,
    "tipjar",
    preamble=f"import sys\nsys.path.insert(0, {str(TESTS)!r})\nimport toygame",
)


DASHBOARD_APP = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
import toygame
from bourbon_lab.dashboard.app import GameApp
from bourbon_lab.dashboard.setup import StudySetup

GameApp(StudySetup(players=2, games=4)).servable()
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    with serve_panel(tmp_path_factory.mktemp("apps"), {"tip_board": BOARD_APP, "tip_dashboard": DASHBOARD_APP}) as base:
        yield base


def _shown(page) -> list[str]:
    return [b.get_attribute("data-action") for b in page.locator(".bl-generic .bl-action").all()]


def test_generic_board_shows_tip_jar_and_plays_a_clicked_bid(served, browser):
    from playwright.sync_api import expect

    session = TableSession(bl.new_game(toygame.TipRules(), PLAYERS, seed=SEED), bots=BOTS)
    session.run_bots()
    before = session.state()
    page, requests, errors = open_page(browser)
    page.goto(f"{served}/tip_board")
    decision = page.locator(".bl-generic [data-testid=decision]")
    decision.wait_for(timeout=30_000)
    assert "Commit group: P1 still to choose" in decision.text_content()
    assert _shown(page) == before["legal"] == ["bid 0", "bid 1", "bid 2"]
    assert page.locator(".bl-generic .bl-player").count() == PLAYERS
    assert page.locator(".bl-ev").first.text_content() == "P2: bid committed (hidden)."  # newest first

    session.play("bid 2")
    after = session.state()
    page.locator('.bl-action[data-action="bid 2"]').click()
    expect(page.locator(".bl-ev", has_text="bids revealed")).to_have_count(1, timeout=15_000)
    expect(page.locator(".bl-generic .bl-action")).to_have_count(len(after["legal"]), timeout=15_000)
    assert _shown(page) == after["legal"]
    assert page.locator(".bl-generic .bl-error").is_hidden()
    assert page.locator(".bl-jserror").count() == 0 and not errors
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "generic_board_tipjar.png"), full_page=True)
    page.close()
    assert not [u for u in requests if offsite(u)]


def test_dashboard_game_picker_switches_to_tip_jar(served, browser):
    page, requests, errors = open_page(browser)
    page.goto(f"{served}/tip_dashboard")
    page.locator(".chart-market_events svg.marks").first.wait_for(timeout=60_000)  # Bourbonomics' own chart
    page.locator(".bl-game-picker select").select_option("tipjar")
    page.locator(".chart-score_by_source svg.marks").first.wait_for(timeout=60_000)
    page.get_by_text("Tip Jar (test-only) study").first.wait_for(timeout=10_000)
    assert page.locator(".chart-market_events").count() == 0
    page.locator(".bk-tab", has_text="Game").first.click()
    decision = page.locator(".bl-generic [data-testid=decision]").first
    decision.wait_for(timeout=20_000)
    first = page.locator(".bl-generic .bl-action").first
    text = first.get_attribute("data-action")
    first.click()
    page.locator(".bl-generic .bl-ev").first.wait_for(timeout=15_000)
    assert text.startswith("bid ")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dashboard-tipjar.png"), full_page=True)
    assert page.locator(".bl-jserror").count() == 0 and not errors
    page.close()
    assert not [u for u in requests if offsite(u)]
