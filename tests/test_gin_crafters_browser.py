"""Gin Crafters' own board in real headless Chromium, run by Panel's AnyWidgetComponent as the dashboard runs it.

A two-player table, seat 1 a bot: the board shows both markets with their prices, the person's hand, the
areas and the VP track; a click on a card the person cannot afford shows the rule and changes nothing; a
click on a legal card buys it. No request may leave 127.0.0.1.
"""

from __future__ import annotations

import pytest
from browsing import ARTIFACTS, board_app, offsite, open_page, serve_panel

import bourbon_lab as bl
from bourbon_lab.widgets.session import TableSession

pytestmark = pytest.mark.slow

SEED, PLAYERS, BOTS = 4, 2, {1: "heuristic"}

APP = board_app('bl.default_rules("gin_crafters")', PLAYERS, SEED, BOTS, "gin_crafters")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    with serve_panel(tmp_path_factory.mktemp("apps"), {"gin_board": APP}) as base:
        yield base


def test_gin_crafters_board_refuses_an_unaffordable_card_and_buys_a_clicked_one(served, browser):
    from playwright.sync_api import expect

    session = TableSession(bl.new_game(bl.default_rules("gin_crafters"), PLAYERS, seed=SEED), bots=BOTS)
    session.run_bots()
    state = session.state()
    coins = state["players"][0]["coins"]
    dear = next(c for c in state["markets"][0]["cards"] if c["price"] > coins)
    cheap = next(c for c in state["markets"][0]["cards"] if c["action"])
    page, requests, errors = open_page(browser, 1400, 1100)
    page.goto(f"{served}/gin_board")
    decision = page.locator(".gc-board [data-testid=decision]")
    decision.wait_for(timeout=30_000)
    assert decision.text_content().startswith("Turn of P0 · 2 actions left")
    prices = page.locator(".gc-market-botanical .gc-price").all_text_contents()
    assert prices == [
        f"{c['position']}: {c['price']} coin{'s' if c['price'] > 1 else ''}" for c in state["markets"][0]["cards"]
    ]
    hand = page.locator("[data-testid=hand-gins] .gc-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert hand == [g["id"] for g in state["hand"]["gins"]]
    assert page.locator(".gc-player").count() == PLAYERS and page.locator(".gc-pawn").count() == PLAYERS
    stats = page.locator(".gc-player[data-seat='0'] .gc-stats").first.text_content()
    assert stats.startswith(f"{coins} coin{'' if coins == 1 else 's'} · 0 VP (gin 0, juniper 0, key 0)"), stats
    # Issue 30: "pawns stacked at 0 are unreadable": every pawn has a row of its own.
    boxes = [page.locator(".gc-pawn").nth(i).bounding_box() for i in range(PLAYERS)]
    for a, b in zip(boxes, boxes[1:]):
        assert a["y"] + a["height"] <= b["y"], boxes

    page.locator(f'.gc-market-botanical .gc-card[data-card="{dear["id"]}"]').click()
    error = page.locator(".gc-board [data-testid=error]")
    expect(error).to_contain_text("Purchase: pay the price of a market position", timeout=15_000)
    assert page.locator(".gc-player[data-seat='0'] .gc-area .gc-card").count() == 0

    page.locator(f'.gc-market-botanical .gc-card[data-card="{cheap["id"]}"]').click()
    expect(page.locator(f'.gc-player[data-seat="0"] .gc-area .gc-card[data-card="{cheap["id"]}"]')).to_have_count(
        1, timeout=15_000
    )
    expect(error).to_be_hidden()
    expect(page.locator(".bl-ev", has_text=f"P0 takes {cheap['name']} ({cheap['id']})")).to_have_count(1)
    assert page.locator(".bl-jserror").count() == 0 and not errors
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "gin_crafters_board.png"), full_page=True)
    assert not [u for u in requests if offsite(u)]
