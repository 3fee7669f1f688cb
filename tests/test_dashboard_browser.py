"""The served dashboard and the published report in real headless Chromium, offline."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from browsing import ARTIFACTS, free_port, offsite
from playwright.sync_api import expect

pytestmark = pytest.mark.slow

SCENARIO = "name: browser\nplayers: 3\ngames: 6\nseed: 2\nbots: heuristic\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    scenario = tmp_path_factory.mktemp("sc") / "browser.yaml"
    scenario.write_text(SCENARIO)
    port = free_port()
    cmd = [sys.executable, "-m", "bourbon_lab.cli", "dashboard", "--scenario", str(scenario), "--port", str(port)]
    proc = subprocess.Popen([*cmd, "--no-show"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    started = time.perf_counter()
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        proc.kill()
        pytest.fail(f"server did not listen: {proc.communicate()[0].decode()}")
    urllib.request.urlopen(url, timeout=60)
    print(f"server answered in {time.perf_counter() - started:.1f} s")
    yield url
    proc.terminate()
    proc.wait(timeout=10)


class Recorder:
    """Every request and every console error of one page."""

    def __init__(self, page):
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def foreign(self) -> list[str]:
        return [u for u in self.requests if offsite(u)]


def _chart_text(page, name: str) -> str:
    return page.locator(f".chart-{name} svg.marks").first.text_content()


def _open(browser, url):
    page = browser.new_page(viewport={"width": 1500, "height": 1400})
    rec = Recorder(page)
    started = time.perf_counter()
    page.goto(url)
    page.locator(".chart-win_rate svg.marks").first.wait_for(timeout=60_000)
    print(f"first chart after {time.perf_counter() - started:.1f} s")
    return page, rec


def test_app_loads_offline_and_a_control_reruns_the_study(server, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    page, rec = _open(browser, server)
    page.locator(".chart-score_distribution svg.marks").filter(has_text="6 games").first.wait_for(timeout=60_000)
    before = _chart_text(page, "score_distribution")
    assert "6 games" in before
    games = page.get_by_label("Games", exact=True).first  # the Study tab's; the A/B tab has its own
    games.fill("9")
    games.press("Enter")
    started = time.perf_counter()
    page.locator(".chart-score_distribution svg.marks").filter(has_text="9 games").first.wait_for(timeout=60_000)
    print(f"control -> chart update {time.perf_counter() - started:.2f} s")
    page.screenshot(path=str(ARTIFACTS / "dashboard-study.png"), full_page=True)
    assert rec.foreign() == [], rec.foreign()
    assert rec.errors == []


def test_bad_input_shows_a_message_and_the_app_keeps_serving(server, browser, tmp_path):
    page, rec = _open(browser, server)
    bad = tmp_path / "bad.yaml"
    bad.write_text("rules:\n  zone_multipliers: [1, 2\n")
    page.locator(".bl-upload input[type=file]").set_input_files(str(bad))
    page.get_by_text("not valid YAML").first.wait_for(timeout=20_000)
    big = tmp_path / "big.yaml"
    big.write_text("#" * (300 * 1024))
    page.locator(".bl-upload input[type=file]").set_input_files(str(big))
    page.get_by_text("over the 256 KB limit").first.wait_for(timeout=20_000)
    page.get_by_text("Market", exact=True).first.click()
    mid = page.get_by_label("Mid zone from", exact=True).first  # a number box bounded by the schema
    mid.fill("9")  # within its own range, but not below Hot: the Ruleset refuses the combination
    mid.press("Enter")
    page.get_by_text("must be below Hot").first.wait_for(timeout=20_000)
    page.screenshot(path=str(ARTIFACTS / "dashboard-bad-input.png"), full_page=True)
    assert "Traceback" not in page.content()
    other, rec2 = _open(browser, server)  # another session still works
    assert _chart_text(other, "win_rate")
    assert rec.foreign() == [] and rec2.foreign() == []


def test_a_none_default_shows_its_label_and_a_number_typed_out_of_range_is_said(server, browser):
    """Issue 50: "Barrel sales per round" showed blank at its default (None, "unlimited"); −5 typed into an
    age box became 0 with no message."""
    page, rec = _open(browser, server)
    sales = page.get_by_label("Barrel sales per round", exact=True).first
    assert sales.locator("option:checked").text_content() == "unlimited"
    page.get_by_text("Economy", exact=True).first.click()
    age = page.get_by_label("Min sell age", exact=True).first
    age.fill("-5")
    age.press("Enter")
    page.get_by_text("Min sell age: \u22125 is below its range 0\u201312; set to 0").first.wait_for(timeout=20_000)
    expect(age).to_have_value("0", timeout=20_000)  # the note and the box come back in two messages
    page.screenshot(path=str(ARTIFACTS / "dashboard-range-note.png"), full_page=True)
    assert rec.foreign() == [] and rec.errors == []


def test_game_tab_draws_the_board(server, browser):
    page, rec = _open(browser, server)
    page.locator(".bk-tab", has_text="Game").first.click()
    board = page.locator("[data-testid=zone]").first
    board.wait_for(timeout=20_000)
    page.get_by_role("button", name="Step", exact=True).click()
    page.get_by_role("button", name="To end of round").click()
    page.get_by_text("Round 2").first.wait_for(timeout=20_000)
    page.screenshot(path=str(ARTIFACTS / "dashboard-game.png"), full_page=True)
    assert rec.foreign() == []
    assert rec.errors == []


def test_published_report_renders_from_disk_with_no_network(tmp_path, browser):
    from bourbon_lab.dashboard.publish import publish_site
    from bourbon_lab.dashboard.setup import parse_upload

    setup = parse_upload((SCENARIO + "rules:\n  zone_multipliers: [1, 2, 4]\n").encode(), "report.yaml")
    index = publish_site(setup, tmp_path / "site")
    size = sum(f.stat().st_size for f in index.parent.rglob("*") if f.is_file())
    print(f"published site {size / 1024:.0f} KB, page {index.stat().st_size / 1024:.0f} KB")
    context = browser.new_context()
    blocked: list[str] = []

    def block(route):
        blocked.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith("file://"), block)
    page = context.new_page()
    rec = Recorder(page)
    page.goto(index.as_uri())
    figures = page.locator("div.chart")
    count = figures.count()
    assert count == 10
    for i in range(count):
        figures.nth(i).locator("svg.marks, svg").first.wait_for(timeout=20_000)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "published.png"), full_page=True)
    assert "chart failed" not in page.locator("body").inner_text()
    assert blocked == [] and rec.errors == []
    context.close()
