"""The BoardView's layout in real headless Chromium, at the widths a notebook gives it.

The ESM is imported as it ships, into a blank page, with the smallest host anywidget gives a
widget (``model.get/set/save_changes/on/off``); the state is a real game's ``board_state`` made as
crowded as the content allows: every player owns the longest Ultimate of every department and
sits at the distillery with the longest name, with many events to list. The checks are what a
person would see go wrong: a badge over a label, text cut off, a box outside the board.
"""

from __future__ import annotations

import copy
import functools
import json

import pytest
from browsing import ARTIFACTS, launch

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.widgets.assets import BOARD_CSS, BOARD_ESM, table_text
from bourbon_lab.widgets.board import board_state

pytestmark = pytest.mark.slow

WIDTHS = (1400, 1000, 640, 420)
"""A full-width notebook, a 1000 px window with the file browser open, a split pane, a phone."""

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>{css}</style></head>
<body style="margin:0"><div id="host"></div></body></html>"""

MOUNT_JS = """async ([src, state]) => {
  const url = URL.createObjectURL(new Blob([src], {type: 'text/javascript'}));
  const mod = await import(url);
  const values = {state: state, error: '', action: ''};
  const model = {get: k => values[k], set: (k, v) => { values[k] = v; }, save_changes() {}, on() {}, off() {}};
  mod.default.render({model, el: document.getElementById("host")});
}"""

# Every overlap or clipping a reader would notice, as text; empty when the layout is clean.
CHECK_JS = """() => {
  const faults = [];
  const box = el => el.getBoundingClientRect();
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5
    && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const board = box(document.querySelector('.bl-board'));
  for (const dept of document.querySelectorAll('.bl-dept')) {
    const ult = dept.querySelector('.bl-ult');
    if (!ult) { faults.push(`no Ultimate badge in ${dept.dataset.target}`); continue; }
    for (const part of document.querySelectorAll('.bl-dept-name, .bl-lvls, .bl-dept-num')) {
      if (overlap(box(ult), box(part))) {
        faults.push(`badge "${ult.textContent}" over ${part.className} "${part.textContent}"`);
      }
    }
    if (!inside(box(ult), box(dept))) faults.push(`badge "${ult.textContent}" outside its department`);
  }
  const depts = [...document.querySelectorAll('.bl-dept')];
  for (let i = 0; i < depts.length; i++) for (let j = i + 1; j < depts.length; j++) {
    if (overlap(box(depts[i]), box(depts[j]))) {
      faults.push(`${depts[i].dataset.target} overlaps ${depts[j].dataset.target}`);
    }
  }
  for (const el of document.querySelectorAll('.bl-board *')) {
    const text = el.textContent.trim();
    const block = getComputedStyle(el).display !== 'inline';
    if (!el.children.length && text && block && el.scrollWidth > el.clientWidth + 1) {
      faults.push(`text cut off: "${text}" (${el.scrollWidth} > ${el.clientWidth})`);
    }
    const b = box(el);
    if (b.width && !inside(b, board) && !el.closest('ol')) {
      faults.push(`${el.className || el.tagName} "${text.slice(0, 30)}" outside the board`);
    }
  }
  const ol = document.querySelector('.bl-events ol');
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = getComputedStyle(ol).font;
  const widest = ctx.measureText(`${ol.children.length}.`).width;
  if (parseFloat(getComputedStyle(ol).paddingLeft) < widest + 4) {
    faults.push(`event numbers (${widest}px) wider than the list's margin`);
  }
  return faults;
}"""


def crowded_state() -> dict:
    """A fresh copy of the crowded board (the game is played once per session)."""
    return copy.deepcopy(_crowded())


@functools.cache
def _crowded() -> dict:
    """A real mid-game board, then every Ultimate owned (the longest of each department) and the longest names."""
    rules = bl.Ruleset.default()
    game = bl.new_game(rules, 4, seed=3)
    bots = [make_bot("heuristic", seed=seat) for seat in range(4)]
    for _ in range(400):  # far enough for barrels in rickhouses and resources in warehouses
        seat = game.current_player
        game.apply(bots[seat].choose(game.observe(seat), game.legal_actions()))
    state = board_state(game, None, since=0)
    longest = max((d.name for d in rules.distilleries), key=len)
    for p in state["players"]:
        p["distillery"] = longest
        for d in p["departments"]:
            d["ultimate"] = max(d["ultimates"], key=len)
    return state


@pytest.fixture(scope="module")
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        yield browser.new_page(viewport={"width": 1400, "height": 900})
        browser.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_board_with_every_ultimate_owned_has_no_overlap_or_clipped_text(page, width):
    state = crowded_state()
    assert len(state["events"]) >= 10  # two-digit numbers in "What happened"
    page.set_viewport_size({"width": width, "height": 900})
    page.set_content(PAGE.format(css=table_text(BOARD_ESM, BOARD_CSS)[1]))
    page.evaluate(MOUNT_JS, [table_text(BOARD_ESM, BOARD_CSS)[0], json.loads(json.dumps(state))])
    page.locator(".bl-player").first.wait_for()
    assert page.locator(".bl-jserror").count() == 0
    assert page.locator(".bl-ult").count() == 4 * len(state["players"][0]["departments"])
    assert page.locator(".bl-icon svg").count() > 0 and "🛢" not in page.content()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"board-crowded-{width}.png"), full_page=True)
    faults = page.evaluate(CHECK_JS)
    assert faults == [], "\n".join(faults)


@pytest.mark.parametrize(("crash_in", "words"), [(2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (21, "21st")])
def test_crash_meter_counts_in_english_ordinals(page, crash_in, words):
    """Issue 13 item 9: the meter read "crash on the 3th new card" and "2th"."""
    state = crowded_state()
    state["crash_in"] = crash_in
    page.set_content(PAGE.format(css=table_text(BOARD_ESM, BOARD_CSS)[1]))
    page.evaluate(MOUNT_JS, [table_text(BOARD_ESM, BOARD_CSS)[0], json.loads(json.dumps(state))])
    assert f"crash on the {words} new card" in page.locator(".bl-crash-text").text_content()
