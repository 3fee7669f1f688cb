"""Pass and play in real headless Chromium, for every game (issue 30's acceptance).

The dashboard's Game tab view (``GameView`` over a ``GameTable``) with seats 0 and 1 people and
the last seat a heuristic bot, served by Panel on 127.0.0.1. The test clicks as the people would
and keeps a mirror of the table in this process (same seed, same clicks, so the same game) to
know each seat's private items (``tableview.private_items``). At every moment the page's whole
text, shadow roots included, must hold no private item of a seat other than the one whose turn
is on screen, and none of either person's during a hand-over. No request may leave 127.0.0.1.

Issue 50: a table whose first decision is a bot's, with nobody tapping, shows only the hand-over screen
(the bots' moves in words every seat may read, then the first person's button), screenshot per game; and
every board's ESM loads through anywidget's own loader with no "Direct export of 'render'" warning.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browsing import ARTIFACTS, offsite, open_page, serve_panel
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tableview import TWO_PEOPLE, private_items

import bourbon_lab as bl
from bourbon_lab.games import BUILTIN
from bourbon_lab.widgets.session import TableSession

pytestmark = pytest.mark.slow

SEED = 3
HAND_OVERS = 3  # the first person's tap, the first hand-over and the next: "to its first hand-over and beyond"

APP = """
import bourbon_lab as bl
from bourbon_lab.dashboard.board import GameView
from bourbon_lab.dashboard.table import GameTable

table = GameTable(rules=bl.default_rules({game!r}), players={players}, seed={seed}, people=[0, 1], pace=0)
GameView(table).servable()
"""

PAGE_TEXT = """() => {
  const out = [];
  const walk = (node) => {
    if (node.shadowRoot) walk(node.shadowRoot);
    for (const child of node.childNodes) {
      if (child.nodeType === 3) out.push(child.textContent);
      else if (child.nodeType === 1 && !["SCRIPT", "STYLE"].includes(child.tagName)) walk(child);
    }
  };
  walk(document.body);
  return out.join(" ");
}"""


PACED = """
import bourbon_lab as bl
from bourbon_lab.dashboard.board import GameView
from bourbon_lab.dashboard.table import GameTable

table = GameTable(rules=bl.default_rules("gin_crafters"), players=3, seed={seed}, people=[0], pace=0.4)
GameView(table).servable()
"""


BOT_FIRST = """
import bourbon_lab as bl
from bourbon_lab.dashboard.board import GameView
from bourbon_lab.dashboard.table import GameTable

table = GameTable(rules=bl.default_rules({game!r}), players={players}, seed={seed}, people={people!r}, pace=0.25)
GameView(table).servable()
"""
BOT_FIRST_SEED, BOT_FIRST_PLAYERS = 2, 3


def bot_first(game: str) -> tuple[list[int], dict[int, str]]:
    """The people and the bot of a 3-seat table of ``game`` whose first decision is the bot's."""
    first = bl.new_game(bl.default_rules(game), BOT_FIRST_PLAYERS, seed=BOT_FIRST_SEED).decision.actor
    people = [s for s in range(BOT_FIRST_PLAYERS) if s != first]
    return people, {first: "heuristic"}  # the dashboard seats its default bot, each game's heuristic


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    apps = {f"table_{g}": APP.format(game=g, players=n, seed=SEED) for g, n in TWO_PEOPLE.items()}
    apps["paced"] = PACED.format(seed=SEED)
    for g in TWO_PEOPLE:
        people, _bots = bot_first(g)
        apps[f"first_{g}"] = BOT_FIRST.format(game=g, players=BOT_FIRST_PLAYERS, seed=BOT_FIRST_SEED, people=people)
    with serve_panel(tmp_path_factory.mktemp("apps"), apps) as base:
        yield base


STEP_AND_TEXT = f"""() => {{
  const find = (node) => {{
    if (node.getAttribute && node.getAttribute('data-step') !== null) return node;
    if (node.shadowRoot) {{ const hit = find(node.shadowRoot); if (hit) return hit; }}
    for (const child of node.children || []) {{ const hit = find(child); if (hit) return hit; }}
    return null;
  }};
  const board = find(document.body);
  return [board ? board.getAttribute('data-step') : null, ({PAGE_TEXT})()];
}}"""
"""The log length the board drew (its ``data-step``) and the page's whole text, read at one instant."""


def _leaks(text: str, game, on_screen: int | None) -> list[str]:
    """Private items in the page text of any person other than the one on screen (all of them at a hand-over)."""
    others = [s for s in (0, 1) if s != on_screen]
    found = []
    for seat in others:
        found += [f"P{seat}: {item}" for item in private_items(game, seat, {1 - seat}) if item in text]
    return found


def _settled(page, mirror: TableSession) -> str:
    """Wait until the page draws the mirror's current screen (its log's length, hand-over or not); its text."""
    page.locator(f'[data-step="{len(mirror.game.log)}"]').wait_for(state="attached", timeout=60_000)
    if mirror.waiting_for is not None:
        page.locator("[data-testid=handover-button]").wait_for(timeout=60_000)
    else:
        page.locator("[data-testid=handover]").wait_for(state="detached", timeout=60_000)
        page.locator("[data-action]").first.wait_for(timeout=60_000)
    return page.evaluate(PAGE_TEXT)


def _click_a_legal_move(page, mirror: TableSession, settle: bool = False) -> str:
    """Click the first legal action the page shows; with ``settle``, wait for the mirror's screen first.

    Panel may draw the same screen again while a click is on its way (the button it aimed at is
    detached). Playwright then has dispatched nothing, so the move is tried again on the new drawing,
    at most three times; a page that never shows a legal action fails with what it does show.
    """
    for _ in range(3):
        if settle:
            _settled(page, mirror)
        for action in mirror.state()["legal"]:
            target = page.locator(f'[data-action="{action}"]')
            if target.count() and target.first.is_visible():
                try:
                    target.first.click(timeout=10_000)
                except PlaywrightTimeout:
                    break
                return action
        else:
            break
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pass-and-play-no-legal-action.png"), full_page=True)
    shown = page.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    raise AssertionError(f"no legal action could be clicked: legal {mirror.state()['legal'][:8]}, shown {shown[:8]}")


@pytest.mark.parametrize("game", sorted(TWO_PEOPLE))
def test_a_two_person_table_never_shows_the_other_persons_secrets(served, browser, game):
    n = TWO_PEOPLE[game]
    mirror = TableSession(bl.new_game(bl.default_rules(game), n, seed=SEED), bots={n - 1: "heuristic"})
    mirror.run_bots()
    page, requests, errors = open_page(browser, 1400, 1100)
    page.goto(f"{served}/table_{game}")
    hand_overs, shown_own, clicks = 0, 0, 0
    while hand_overs < HAND_OVERS:
        text = _settled(page, mirror)
        g = mirror.game
        if mirror.waiting_for is not None:
            assert f"Pass to P{mirror.waiting_for} — tap when P{mirror.waiting_for} holds the screen" in text
            assert _leaks(text, g, None) == [], "the hand-over screen shows a person's secrets"
            if not hand_overs:
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"pass-and-play-{game}-hand-over.png"))
            page.locator("[data-testid=handover-button]").click()
            mirror.play(f"@screen {mirror.waiting_for}")
            hand_overs += 1
            continue
        on_screen = mirror.holder
        assert _leaks(text, g, on_screen) == [], f"P{on_screen}'s turn is on screen"
        shown_own += any(item in text for item in private_items(g, on_screen, {1 - on_screen}))
        action = _click_a_legal_move(page, mirror, settle=True)
        mirror.play(action)
        clicks += 1
        assert clicks < 80, "no hand-over after 80 clicks"
    text = _settled(page, mirror)
    assert _leaks(text, mirror.game, mirror.holder) == []
    assert shown_own > 0, "a person's own secrets were never on their screen: the check would prove nothing"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"pass-and-play-{game}.png"), full_page=True)
    page.close()
    assert [u for u in requests if offsite(u)] == [] and errors == []


def test_bots_play_at_the_pace_with_their_sentence_and_what_changed_lit_up(served, browser):
    """One person and two bots at 0.4 s a move: each bot move is drawn on its own, told, and lit up."""
    game = bl.new_game(bl.default_rules("gin_crafters"), 3, seed=SEED)
    mirror = TableSession(game, bots={1: "heuristic", 2: "heuristic"})
    mirror.run_bots()
    page, requests, errors = open_page(browser, 1400, 1100)
    page.goto(f"{served}/paced")
    page.locator("[data-action]").first.wait_for(timeout=30_000)
    told = []
    while mirror.game.decision.actor == 0:
        mirror.play(_click_a_legal_move(page, mirror), bots=False)
        page.wait_for_timeout(150)
    last = page.locator("[data-testid=last-move]")
    for _ in range(200):
        if last.count():
            told.append(last.first.text_content())
        if len(set(told)) >= 2 and page.locator(".bl-changed").count():
            break
        page.wait_for_timeout(100)
    titles = {t.split("just played")[0] for t in told}
    assert len(set(told)) >= 2, "the bots' moves were not shown one at a time"
    assert titles <= {"P1 (heuristic) ", "P2 (heuristic) "}, titles
    assert page.locator(".bl-changed").count() > 0, "nothing a bot changed was lit up"
    page.locator("[data-testid=since]").wait_for(timeout=30_000)  # the person's turn comes back with a summary
    assert page.locator("[data-testid=since] h3").text_content() == "Since your last turn, P0"
    assert [u for u in requests if offsite(u)] == [] and errors == []


@pytest.mark.parametrize("game", sorted(TWO_PEOPLE))
def test_a_bot_that_opens_leaves_the_screen_on_the_hand_over_until_the_first_person_taps(served, browser, game):
    """Issue 50's acceptance: a bot decides first, nobody taps. The page shows the bots' moves in words every seat
    may read, then "Pass to P… — tap when P… holds the screen" with its button, and nothing of anybody's."""
    people, bots = bot_first(game)
    mirror = TableSession(bl.new_game(bl.default_rules(game), BOT_FIRST_PLAYERS, seed=BOT_FIRST_SEED), bots=bots)
    secrets: dict[int, set[str]] = {}  # by the log's length: every seat's private items then

    def note() -> None:
        g, seats = mirror.game, set(range(BOT_FIRST_PLAYERS))
        secrets[len(g.log)] = {i for s in seats for i in private_items(g, s, seats - {s})}

    note()
    while mirror.bot_step() is not None:
        note()
    assert mirror.waiting_for in people and all(secrets.values()), "nothing private: the check would prove nothing"
    page, requests, errors = open_page(browser, 1400, 1100)
    page.goto(f"{served}/first_{game}")
    seen = []  # (log length drawn, page text) at every reading
    button = page.locator("[data-testid=handover-button]")
    for _ in range(600):  # the bots play at 0.25 s a move; read the page until the button shows
        seen.append(page.evaluate(STEP_AND_TEXT))
        if button.count():
            break
        page.wait_for_timeout(100)
    text = _settled(page, mirror)
    seen.append(page.evaluate(STEP_AND_TEXT))
    who = f"P{mirror.waiting_for}"
    assert f"Pass to {who} — tap when {who} holds the screen" in text
    assert page.locator("[data-action]").count() == 0, "an action button on a screen nobody holds"
    drawn = [(int(step), t) for step, t in seen if step is not None]
    assert drawn and {step for step, _t in drawn} <= set(secrets), drawn[:3]  # only states of the bots' opening
    shown = [f"at {step}: {item!r}" for step, t in drawn for item in secrets[step] if item in t]
    assert shown == [], f"secrets on a screen nobody holds: {shown[:5]}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"bot-first-{game}-hand-over.png"))
    box = page.locator("[data-testid=handover]").bounding_box()
    assert box and box["width"] > 200 and box["height"] > 80 and box["y"] < 1100, box
    # the tap: the first person's own view, and still nothing of the other seats'
    button.click()
    mirror.take_screen()
    text = _settled(page, mirror)
    holder = mirror.holder
    others = [s for s in range(BOT_FIRST_PLAYERS) if s != holder]
    theirs = [i for s in others for i in private_items(mirror.game, s, {holder}) if i in text]
    assert theirs == [] and page.locator("[data-action]").count() > 0
    page.close()
    assert [u for u in requests if offsite(u)] == [] and errors == []


def _anywidget_loader() -> str:
    """The installed anywidget's own ESM loader (``loadWidget`` and what it calls), as a module to import.

    Read from anywidget's front-end bundle, so the warning checked is the one a notebook would print.
    """
    import anywidget

    bundle = (Path(anywidget.__file__).parent / "nbextension" / "index.js").read_text(encoding="utf-8")
    parts = []
    for name in ("assert", "isHref", "loadEsm", "warnRenderDeprecation", "loadWidget"):
        start = re.search(rf"^(?:async )?function {name}\(", bundle, re.M)
        assert start, f"anywidget's bundle has no function {name} any more: update this test"
        parts.append(bundle[start.start() : bundle.index("\n}\n", start.start()) + 3])
    return "\n".join(parts) + "\nexport { loadWidget };\n"


LOAD_JS = """async ([loader, esm, state]) => {
  const url = URL.createObjectURL(new Blob([loader], {type: 'text/javascript'}));
  const { loadWidget } = await import(url);
  const widget = await loadWidget(esm, 'bl-test');
  const values = {state: state, error: '', action: ''};
  const model = {get: k => values[k], set: (k, v) => { values[k] = v; }, save_changes() {}, on() {}, off() {}};
  const el = document.getElementById('host');
  el.replaceChildren();
  await widget.render({model, el});
  return el.innerText;
}"""


def test_every_board_loads_in_anywidget_with_no_render_export_warning(browser):
    """``export default { render }``: anywidget's loader warns "Direct export of a 'render'" for a module that
    exports ``render`` itself. Each game's board (and the generic one) loads with no warning and draws the
    hand-over screen of a bot-first table; a board in the old style is caught, so the check can fail."""
    from bourbon_lab.widgets.assets import GENERIC_CSS, GENERIC_ESM, board_text, table_text

    loader = _anywidget_loader()
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.set_content('<!doctype html><html><body><div id="host"></div></body></html>')
    boards = {game: board_text(game)[0] for game in sorted(BUILTIN)}  # not the toys other test files register
    boards["generic"] = table_text(GENERIC_ESM, GENERIC_CSS)[0]
    for name, esm in boards.items():
        game = name if name != "generic" else "bourbonomics"
        _people, bots = bot_first(game)
        session = TableSession(bl.new_game(bl.default_rules(game), BOT_FIRST_PLAYERS, seed=BOT_FIRST_SEED), bots=bots)
        session.run_bots()
        console.clear()
        drawn = page.evaluate(LOAD_JS, [loader, esm, session.state()])
        assert [m for m in console if "Direct export" in m or m.startswith("error")] == [], (name, console[:3])
        assert f"Pass to P{session.waiting_for}" in drawn, (name, drawn[:200])
    old_style = boards["generic"].replace("function render(", "export function render(", 1)
    console.clear()
    page.evaluate(LOAD_JS, [loader, old_style, session.state()])
    assert any("Direct export of a 'render'" in m for m in console), console[:3]
    page.close()
