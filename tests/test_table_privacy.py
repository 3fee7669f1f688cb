"""Privacy by construction at the table (issue 50): what syncs to the browser carries a seat's secrets only
while that seat's person holds the screen.

"A bot that acts first shows its secrets to the table, in every game": the screen nobody held yet was drawn
for whoever was to act (the bot), and its narration read everything. Here pass-and-play sessions of every
built-in game, with a bot first, last and between people, are followed state by state: every ``state()`` a
``TableSession`` gives after each bot move and each tap, and the synced traits of the notebook's
``BoardView`` and the dashboard's ``GameTable`` (``state``, ``error``). While nobody holds the screen (bots
open the game, or a hand-over waits) a state must show nothing of any seat's; while a person holds it,
nothing of anybody else's. Three ways of looking, each of which the old table failed:

- re-dealt worlds (as ``test_secrets.py``): for each seat p, ``observe(p).determinise`` re-deals all p may
  not see; the synced state must be the same in that world, for every p while nobody holds the screen and
  for the holder while one does;
- private items (``tableview.private_items``): no text of a seat's own board that the seats on screen
  cannot read;
- narration: a line told of an event hidden from the screen's holder (from every seat, when nobody holds
  it) names no value a secret of another seat holds now.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest
from tableview import private_items, text_of
from test_secrets import _texts, _words_hidden_from

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.games import BUILTIN
from bourbon_lab.widgets import BoardView
from bourbon_lab.widgets.narrate import PUBLIC_READER, describe_all
from bourbon_lab.widgets.session import TableSession

GAMES = sorted(BUILTIN)
SEED = 2
HAND_OVERS = 12
"""Hand-overs between people each session is followed through (after the first person's tap)."""
PERSON_MOVES = 240
"""Most moves the people make in one session (a game that hands over rarely still stops)."""

PLACES = {
    "first": (3, (0,)),
    "between": (3, (1,)),
    "last": (3, (2,)),
    "first and between": (4, (0, 2)),
}
"""Where the bots sit, counted from the seat that decides first: (players, bot places)."""


def seating(game: str, place: str) -> tuple[Any, dict[int, str]]:
    """A fresh game and its bots, sat by ``place`` around the seat that decides first."""
    n, places = PLACES[place]
    g = bl.new_game(bl.default_rules(game), n, seed=SEED)
    first = g.decision.actor
    return g, {(first + k) % n: "heuristic" for k in places}


# --- what a synced state shows


def _lines(session: TableSession, state: dict) -> list[tuple[Any, str]]:
    """The narrated lines of a synced state, each with the event it tells."""
    g, out = session.game, []
    by_seq = {e.seq: e for e in g.log[-80:]}
    seating = state.get("seating") or {}
    if seating.get("last"):
        out += list(zip(session.last_bot_move, seating["last"]["lines"], strict=True))
    if seating.get("since"):
        seat = seating["since"]["seat"]
        events = g.log[session.turn_marks[seat] :][-len(seating["since"]["lines"]) :]
        out += list(zip(events, seating["since"]["lines"], strict=True))
    out += [(by_seq[row["seq"]], row["text"]) for row in state.get("events", []) if row["seq"] in by_seq]
    return out


def _named_secrets(gd, session: TableSession, state: dict, holder: int | None) -> list[str]:
    """Lines told of events hidden from the holder (from anybody, if nobody holds) naming a secret hidden from them."""
    g, out = session.game, []
    hidden: dict[str, str] = {}
    for seat in range(g.n) if holder is None else (holder,):
        hidden |= _words_hidden_from(gd, g, seat)
    for event, line in _lines(session, state):
        seats = g.visible_to(event)
        if seats is None or (holder is not None and holder in seats):
            continue
        for word in _texts(event.data):
            if word in hidden and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", line):
                out.append(f"{line!r} (of hidden {event.kind} #{event.seq}) names {hidden[word]}")
    return out


def _world_state(session: TableSession, world) -> dict:
    """The same session's synced state over another world (same log, same screen)."""
    other = copy.copy(session)
    other.game = world
    return other.state()


def leaks(session: TableSession, state: dict, error: str = "") -> list[str]:
    """Everything of a seat not holding the screen that a synced ``state`` (and ``error``) shows now."""
    g = session.game
    if g.is_over:
        return []  # the game is over: everything is shown to everyone
    gd = bl.get_game(session.name)
    holder = None if "handover" in state else session.holder
    where = f"{session.name}, {g.n} players, bots {sorted(session.bots)}, log {len(g.log)}, holder {holder}"
    out = []
    if holder is None and (set(state) != {"handover", "actions", "legal", "seating"} or state["legal"]):
        out.append(f"{where}: nobody holds the screen, yet it draws {sorted(state)[:6]}, legal {state['legal'][:3]}")
    rng = random.Random(len(g.log))
    for seat in range(g.n) if holder is None else (holder,):
        world = g.observe(seat).determinise(random.Random(rng.getrandbits(32)))
        if _world_state(session, world) != state:
            out.append(f"{where}: the state differs where what P{seat} may not see is re-dealt")
    shown = text_of(state) + "\n" + error
    for seat in range(g.n):
        if seat != holder:
            on_screen = set(range(g.n)) - {seat} if holder is None else {holder}
            out += [f"{where}: P{seat}'s {item!r}" for item in private_items(g, seat, on_screen) if item in shown]
    out += [f"{where}: {named}" for named in _named_secrets(gd, session, state, holder)]
    return out


# --- the sessions


def _person_moves(session: TableSession, people: dict, check) -> int:
    """The people play (a random bot's choice for each), tapping on every hand-over; ``check()`` after each
    step, bot moves one at a time as a paced front end plays them. Returns the hand-overs between people."""
    g, hand_overs = session.game, 0
    for _ in range(PERSON_MOVES):
        if g.is_over or hand_overs >= HAND_OVERS:
            break
        if session.waiting_for is not None:
            hand_overs += 1
            assert session.take_screen()
            check()
            continue
        seat = session.next_person()
        legal = g.legal_actions() if seat == g.decision.actor else g.legal_actions(player=seat)
        session.play(str(people[seat].choose(g.observe(seat), legal)), bots=False)
        check()
        while session.bot_step() is not None:
            check()
    return hand_overs


def _opening(session: TableSession, check) -> int:
    """The bots' moves before anybody taps, one at a time, ``check()`` at the start and after each; how many."""
    check()
    moved = 0
    while session.bot_step() is not None:
        moved += 1
        check()
    return moved


@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize("game", GAMES)
def test_nothing_of_anybodys_syncs_before_a_person_takes_the_screen(game, place):
    """With nobody tapping, every state the table syncs (the bots opening the game, then the first person's
    hand-over) shows no secret of any seat: the first person's view comes only after their tap."""
    g, bots = seating(game, place)
    session = TableSession(g, bots=bots)
    opens = session.bots_to_move  # a bot decides first (or commits first, in a commit group)
    assert opens or 0 not in PLACES[place][1]
    found: list[str] = []
    moved = _opening(session, lambda: found.extend(leaks(session, session.state())))
    assert (moved > 0) == opens, "a bot that decides first moves before anybody taps"
    assert session.holder is None and session.waiting_for in session.people, "the first person taps to start"
    assert session.state()["handover"]["seat"] == session.waiting_for
    assert found == []


@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize("game", GAMES)
def test_after_the_taps_only_the_screen_holders_own_secrets_sync(game, place):
    """Played on through hand-overs: the holder's own secrets are on screen, nobody else's, and every
    hand-over screen shows nobody's."""
    g, bots = seating(game, place)
    session = TableSession(g, bots=bots)
    session.run_bots()
    found: list[str] = []
    own = []

    def check() -> None:
        state = session.state()
        found.extend(leaks(session, state))
        if "handover" not in state and not g.is_over:
            others = set(range(g.n)) - {session.holder}
            own.append(any(item in text_of(state) for item in private_items(g, session.holder, others)))

    people = {s: make_bot("random", seed=s, game=session.name) for s in session.people}
    hand_overs = _person_moves(session, people, check)
    assert found[:5] == []
    assert hand_overs >= 2 or g.is_over, hand_overs
    assert any(own), "a holder's own secrets were never on screen: the check would prove nothing"


@pytest.mark.parametrize("game", GAMES)
def test_the_notebook_and_dashboard_boards_sync_nothing_of_a_bot_that_opens(game):
    """``BoardView`` and the dashboard's ``GameTable`` at a bot-first start, nobody tapping: their synced traits."""
    from bourbon_lab.dashboard import GameTable

    g, bots = seating(game, "first")
    board = BoardView(g, bots=bots, pace=0.8)  # no event loop here: the bots move at once
    assert board.handing_over in board.session.people and board.legal_actions() == []
    assert leaks(board.session, board.state, board.error) == []
    people = [s for s in range(g.n) if s not in bots]
    table = GameTable(rules=bl.default_rules(game), players=g.n, seed=SEED, people=people, pace=0.5)
    assert table.session.bot_specs == bots
    found = leaks(table.session, table.state, table.error)
    moves = 0
    while True:  # the dashboard's periodic callback at the pace
        more = table.bot_step()
        moves += 1
        found += leaks(table.session, table.state, table.error)
        if not more:
            break
    assert found == [] and moves >= 1
    assert table.state["handover"]["seat"] == board.handing_over
    assert not table.play(table.state["legal"][0] if table.state["legal"] else "pass")
    assert "the screen goes to" in table.error and leaks(table.session, table.state, table.error) == []
    assert table.play(f"@screen {board.handing_over}") and table.state["viewer"] == board.handing_over


@pytest.mark.parametrize("game", GAMES)
def test_a_hot_seat_follows_the_people_and_never_shows_a_bots_view(game):
    """``pass_and_play=False`` with two people: no hand-over, but the screen is never a bot's. Nobody's while the
    bot opens the game, then the person to decide (no tap), who keeps it while the bots answer."""
    g, bots = seating(game, "first")
    session = TableSession(g, bots=bots, pass_and_play=False)
    assert session.hot_seat and not session.pass_and_play
    found = []

    def check() -> None:
        state = session.state()
        assert session.waiting_for is None and state.get("viewer", session.holder) == session.holder
        assert session.holder not in bots
        found.extend(leaks(session, state))

    assert _opening(session, check) > 0
    assert session.holder in session.people and "handover" not in session.state()
    people = {s: make_bot("random", seed=s, game=session.name) for s in session.people}
    for _ in range(40):
        if g.is_over:
            break
        seat = session.next_person()
        assert seat == session.holder, "the screen follows the person to decide, with no tap"
        legal = g.legal_actions() if seat == g.decision.actor else g.legal_actions(player=seat)
        session.play(str(people[seat].choose(g.observe(seat), legal)), bots=False)
        check()
        while session.bot_step() is not None:
            check()
    assert found[:5] == []


def test_a_bot_that_opens_is_told_in_words_every_seat_may_read():
    """The hand-over screen tells the bots' moves as a reader at no seat reads them (not a designer's None)."""
    g, bots = seating("bourbonomics", "first")
    session = TableSession(g, bots=bots)
    told = []
    while session.bot_step() is not None:
        state = session.state()
        if state["seating"]["last"]:
            told.append((list(session.last_bot_move), state["seating"]["last"]["lines"]))
    assert told, "the opening bot's moves were never told"
    for events, lines in told:
        assert lines == [r["text"] for r in describe_all(g, events, PUBLIC_READER)]
    drawn = [line for _events, lines in told for line in lines if " draws " in line]
    # neither a quality nor a card id (``cask41``) in them: "Player 2 draws a corn card from the corn pile."
    assert drawn and all("(" not in line and re.search(r"\b[a-z]+\d+\b", line) is None for line in drawn), drawn


# --- Bourbonomics: a card id tells its quality


def test_a_bourbonomics_resource_card_id_tells_its_quality_so_only_its_owner_reads_it():
    """A pile is built in quality order before it is shuffled, so ``cask41`` is as good as its quality: the
    sentences another seat (or a screen nobody holds) reads of a draw, a staging or a take-back name no card."""
    gd = bl.get_game("bourbonomics")
    rules = bl.default_rules("bourbonomics")
    g = bl.new_game(rules, 3, seed=SEED)
    rng, named, drawn = random.Random(5), [], []
    while len(g.actions) < 600 and not g.is_over:
        start = len(g.log)
        g.apply(rng.choice(g.legal_actions()))
        for e in g.log[start:]:
            if e.kind not in ("card_drawn", "card_staged", "card_unstaged"):
                continue
            card = str(e.data["card"])
            if e.kind == "card_drawn":
                drawn.append((card, e.data["quality"]))
            for reader in [PUBLIC_READER, *(s for s in range(g.n) if s != e.player)]:
                text = gd.narrate(e, reader) or ""
                if re.search(rf"(?<!\w){re.escape(card)}(?!\w)", text):
                    named.append(f"P{reader} reads {text!r}")
            assert card in (gd.narrate(e, e.player) or ""), "the owner still reads their own card"
    # why: the cards of a pile's first build are numbered through the qualities in order
    order = ("Common", "Uncommon", "Rare", "Epic", "Legendary")
    first = sorted(
        (int(card.lstrip("abcdefghijklmnopqrstuvwxyz")), card.rstrip("0123456789"), order.index(q))
        for card, q in drawn
        if int(card.lstrip("abcdefghijklmnopqrstuvwxyz")) <= rules.pile_size
    )
    for kind in {k for _n, k, _q in first}:
        qualities = [q for _n, k, q in first if k == kind]
        assert qualities == sorted(qualities), (kind, first)
    assert len({q for _n, _k, q in first}) >= 3, "too few qualities drawn to show the order"
    assert named == []
