"""Microbrew's own board in real headless Chromium: clicks on the Copper and the brewery, a bot answering.

A Panel app on 127.0.0.1 runs ``board.js`` in Panel's AnyWidgetComponent, as the dashboard's Game
tab does, for P0 against the heuristic bot. The same moves are played on a Python session beside
it, so every step of the page is checked against what the rules say. No request may leave 127.0.0.1.
"""

from __future__ import annotations

import pytest
from browsing import ARTIFACTS, board_app, offsite, open_page, serve_panel

import bourbon_lab as bl
from bourbon_lab.core import IllegalAction
from bourbon_lab.widgets.session import TableSession, error_text

pytestmark = pytest.mark.slow

SEED, BOTS = 5, {1: "heuristic"}

APP = board_app('bl.default_rules("microbrew")', 2, SEED, BOTS, "microbrew")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    with serve_panel(tmp_path_factory.mktemp("apps"), {"microbrew_board": APP}) as base:
        yield base


def test_a_person_places_a_hop_is_refused_a_taken_job_then_brews_by_clicking_the_copper(served, browser):
    from playwright.sync_api import expect

    session = TableSession(bl.new_game(bl.default_rules("microbrew"), 2, seed=SEED), bots=BOTS)
    session.run_bots()
    page, requests, errors = open_page(browser, 1400, 1100)
    page.goto(f"{served}/microbrew_board")
    page.locator(".mb-board [data-testid=brewery]").wait_for(timeout=30_000)
    assert page.locator(".mb-board .bl-player").count() == 2
    mine = page.locator("[data-testid=copper-0] .mb-slot")
    assert mine.count() == 20 and page.locator("[data-testid=copper-1] .mb-slot[data-action]").count() == 0

    hop = session.state()["legal"][0]  # the setup hop swap: a click on a slot of one's own Copper
    session.play(hop)
    mine.and_(page.locator(f'[data-action="{hop}"]')).click()
    expect(page.locator(".mb-board [data-testid=phase]")).to_contain_text("work · place", timeout=15_000)
    assert page.locator(".bl-ev", has_text="P0 swaps a hop into slot").count() == 1

    state = session.state()
    taken = next(s["click"] for j in state["brewery"] for s in j["spaces"] if s["click"] and not s["legal"])
    with pytest.raises(IllegalAction) as refused:
        session.play(taken)
    page.locator(f'.mb-space[data-action="{taken}"]').click()
    error = page.locator(".mb-board [data-testid=error]")
    expect(error).to_have_text(error_text(refused.value), timeout=15_000)  # the rule, word for word
    page.locator(f'.mb-space[data-action="{taken}"]').click()  # again: the same refusal changes no trait
    expect(page.locator(".mb-board.bl-busy")).to_have_count(0, timeout=15_000)
    expect(error).to_have_text(error_text(refused.value))

    session.play("place brew.1")
    page.locator('.mb-space[data-action="place brew.1"]').click()
    expect(page.locator(".mb-board [data-testid=phase]")).to_contain_text("brew_select", timeout=15_000)
    assert error.is_hidden()
    legal = page.locator("[data-testid=copper-0] .mb-slot.mb-legal")
    assert sorted(legal.evaluate_all("els => els.map(e => e.dataset.action)")) == sorted(
        a for a in session.state()["legal"] if a != "stop"
    )
    chosen = legal.first.get_attribute("data-action")
    session.play(chosen)
    legal.first.click()
    expect(page.locator("[data-testid=copper-0] .mb-slot.mb-moving")).to_have_count(1, timeout=15_000)
    swaps = page.locator(".mb-board .bl-action")
    assert swaps.count() and all(t.startswith(("swap", "stop")) for t in swaps.all_text_contents())

    swap = page.locator("[data-testid=copper-0] .mb-slot.mb-legal").first  # a neighbour of the sliding token
    direction = swap.get_attribute("data-action")
    assert direction.startswith("swap ") and direction in session.state()["legal"]
    session.play(direction)
    swap.click()
    after = session.state()
    if after["step"] == "brew_swap" and after["decision"]["actor"] == 0:
        expect(page.locator(".mb-board .bl-action")).to_have_count(len(after["legal"]), timeout=15_000)
    else:
        expect(page.locator(".bl-ev-brew").first).to_contain_text("P0 slides a ", timeout=15_000)

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "microbrew-board.png"), full_page=True)
    assert page.locator(".bl-jserror").count() == 0 and not errors
    assert not [u for u in requests if offsite(u)]
