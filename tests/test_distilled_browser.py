"""Distilled's own board in real headless Chromium: drawn by its ESM, a clicked move played, bots answering.

A Panel app serves the board as the dashboard's Game tab runs it (Panel's AnyWidgetComponent with
the game's board.js and board.css), and the dashboard itself is opened on Distilled. No request
may leave 127.0.0.1.
"""

from __future__ import annotations

import pytest
from browsing import ARTIFACTS, board_app, offsite, open_page, serve_panel

import bourbon_lab as bl
from bourbon_lab.widgets.session import TableSession

pytestmark = pytest.mark.slow

SEED, PLAYERS, BOTS = 2, 3, {1: "heuristic", 2: "seller"}

BOARD_APP = board_app('bl.default_rules("distilled")', PLAYERS, SEED, BOTS, "distilled")


DASHBOARD_APP = """
from bourbon_lab.dashboard.app import GameApp
from bourbon_lab.dashboard.setup import StudySetup

import dataclasses

GameApp(dataclasses.replace(StudySetup.for_game("distilled"), games=4)).servable()
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    apps = {"distilled_board": BOARD_APP, "distilled_dashboard": DASHBOARD_APP}
    with serve_panel(tmp_path_factory.mktemp("apps"), apps) as base:
        yield base


def _shown(page) -> list[str]:
    return [b.get_attribute("data-action") for b in page.locator(".dl-board .dl-action").all()]


def test_distilled_board_plays_a_clicked_identity_and_the_bots_answer(served, browser):
    from playwright.sync_api import expect

    session = TableSession(bl.new_game(bl.default_rules("distilled"), PLAYERS, seed=SEED), bots=BOTS)
    session.run_bots()
    before = session.state()
    page, requests, errors = open_page(browser)
    page.goto(f"{served}/distilled_board")
    decision = page.locator(".dl-board [data-testid=decision]")
    decision.wait_for(timeout=30_000)
    assert "Commit group (identity): P0 still to choose" in decision.text_content()  # the bots chose first
    assert _shown(page) == before["legal"] and len(before["legal"]) == 2
    assert page.locator(".dl-board .dl-player").count() == PLAYERS
    assert page.locator(".dl-board [data-testid=market] .dl-card").count() > 10
    assert page.locator(".bl-ev", has_text="has chosen an identity (hidden until the reveal)").count() == 2

    choice = before["legal"][0]
    session.play(choice)
    after = session.state()
    page.locator(f'.dl-action[data-action="{choice}"]').click()
    expect(page.locator(".bl-ev", has_text="Identities revealed")).to_have_count(1, timeout=15_000)
    expect(page.locator(".dl-board .dl-action")).to_have_count(len(after["legal"]), timeout=15_000)
    assert _shown(page) == after["legal"]
    assert page.locator(".dl-board .dl-error").is_hidden()
    assert page.locator(".bl-jserror").count() == 0 and not errors
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "distilled_board.png"), full_page=True)
    page.close()
    assert not [u for u in requests if offsite(u)]


def test_dashboard_on_distilled_draws_its_board_in_the_game_tab(served, browser):
    page, requests, errors = open_page(browser)
    page.goto(f"{served}/distilled_dashboard")
    page.locator(".chart-score_by_source svg.marks").first.wait_for(timeout=90_000)
    page.locator(".bk-tab", has_text="Game").first.click()
    board = page.locator(".dl-board [data-testid=decision]").first
    board.wait_for(timeout=30_000)
    first = page.locator(".dl-board .dl-action").first
    first.click()
    page.locator(".dl-board .bl-ev").first.wait_for(timeout=15_000)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dashboard-distilled.png"), full_page=True)
    assert page.locator(".bl-jserror").count() == 0 and not errors
    page.close()
    assert not [u for u in requests if offsite(u)]
