"""Microbrew as people see it: its sentences (``narrate.py``) and its board model (``board.py``).

Whole bot games at 2-4 players, with the variant where players choose which secret reputation
to reveal, give every event kind the rules emit. Each gets a sentence for every seat, and a
sentence for a seat ``visible_to`` leaves out carries none of the hidden cards.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.games.microbrew import narrate
from bourbon_lab.games.microbrew.board import board_view
from bourbon_lab.widgets import BoardView
from bourbon_lab.widgets.narrate import describe_all

RULES = bl.default_rules("microbrew")
PACKAGE = Path(narrate.__file__).resolve().parent


def played(players: int, seed: int, rules=RULES):
    g = bl.new_game(rules, players=players, seed=seed)
    bots = [make_bot("heuristic" if s % 2 else "random", seed=seed * 10 + s, game="microbrew") for s in range(players)]
    while not g.is_over:
        d = g.decision
        seat = d.group[0] if d.group else d.actor
        g.apply(bots[seat].choose(g.observe(seat), g.legal_actions(player=seat)), player=seat)
    return g


@pytest.fixture(scope="module")
def games():
    choose = RULES.replace(reputation_reveal="choose")
    return [played(2, 1), played(3, 2), played(4, 3, choose), played(2, 4, choose)]


def test_every_kind_the_rules_emit_has_a_sentence_of_its_own():
    """Every ``emit("kind"`` in the rules package is a kind the narration knows."""
    emitted = set()
    for path in PACKAGE.glob("*.py"):
        emitted |= set(re.findall(r'emit\(\s*"(\w+)"', path.read_text()))
    known = set(narrate._SEEN) | set(narrate._PRIVATE)
    assert len(emitted) > 30 and emitted <= known, sorted(emitted - known)


def test_whole_games_are_told_in_the_books_words_for_every_seat(games):
    kinds = set()
    for g in games:
        for e in g.log:
            kinds.add(e.kind)
            for viewer in (None, *range(g.n)):
                text = narrate.describe(e, viewer)
                assert text and not text.startswith(f"P{e.player}: ") and text.endswith((".", "!")), (e, viewer)
    assert {"placement", "brew", "bottle", "serve", "beer_ready", "reveal_committed", "game_end"} <= kinds


def test_no_hidden_card_reaches_another_seats_sentence(games):
    hidden = 0
    for g in games:
        for e in g.log:
            if e.visible_to is None:
                continue
            cards = {v for v in e.data.values() if isinstance(v, str)} | {
                c for v in e.data.values() if isinstance(v, list) for c in v
            }
            for viewer in range(g.n):
                text = narrate.describe(e, viewer)
                if viewer in e.visible_to:
                    assert any(c in text for c in cards), (e, text)  # the owner reads their cards
                else:
                    hidden += 1
                    assert not any(c in text for c in cards), (e, text)
    assert hidden > 10


def test_a_serve_reads_its_rating_pay_and_loyalty():
    e = bl.core.Event(
        7,
        2,
        "work",
        1,
        "serve",
        {
            "recipe": "R04",
            "customer": "C04",
            "rating": 0,
            "pay": 10,
            "flavour_bonus": 2,
            "loyal_gained": True,
            "contaminated": False,
        },
    )
    assert (
        narrate.describe(e, 0) == "P1 serves R04 to C04: Perfect, $10 + $2 flavour bonus, and the customer turns loyal."
    )


def test_the_widgets_use_microbrews_sentences(games):
    g = games[0]
    rows = describe_all(g, g.log, viewer=1)
    texts = [r["text"] for r in rows]
    assert any(t.startswith("P0 places a brewer on ") for t in texts)
    assert "P0 is dealt a recipe face down." in texts


# --- the board model


def test_the_board_shows_brewery_coppers_bottles_customers_and_only_what_the_seat_may_see(games):
    g = bl.new_game(RULES, players=2, seed=5)
    while g.step in ("hop", "compensation", "return_recipe"):
        g.apply(g.legal_actions()[0])
    state = board_view(g, viewer=0)
    assert json.loads(json.dumps(state)) == state
    assert [j["job"] for j in state["brewery"]] == [
        "brew",
        "bottle",
        "serve",
        "mash",
        "flush",
        "advertise",
        "manage",
        "break",
    ]
    assert sum(j["brewmaster"] for j in state["brewery"]) == 1
    me, other = state["players"]
    assert len(me["copper"]) == g.rows and len(me["copper"][0]) == g.all_columns
    assert "".join(c["token"] for row in reversed(me["copper"]) for c in row) != ""
    assert {c["id"] for c in state["customers"]} == set(g.thirsty)
    secret = set(g.secret[1])
    assert secret and not secret & {r["id"] for r in other["hand"]}  # their face-down recipes stay hidden
    assert len(other["secret_flavours"]) == len(secret)
    assert set(g.hand[0]) == {r["id"] for r in me["hand"]} and me["secret_flavours"] == []
    assert {r["id"] for r in me["hand"] if r["secret"]} == set(g.secret[0])  # marked: the others see its back
    clicks = [s["click"] for j in state["brewery"] for s in j["spaces"] if s["legal"]]
    assert clicks and set(clicks) <= set(state["legal"]) and g.step == "place"


def test_a_person_plays_a_space_click_a_brew_swap_and_an_illegal_click_shows_the_rule():
    board = BoardView(bl.new_game(RULES, players=2, seed=5), bots={1: "heuristic"})
    assert type(board).__name__ == "MicrobrewBoard" and "Microbrew's board" in board._esm
    while board.game.step != "place":
        assert board.play(board.legal_actions()[0])
    snap = board.game.snapshot()
    assert not board.play("place nowhere.9")
    assert "Not allowed: place nowhere.9" in board.error and "assign a single brewer" in board.error
    assert board.game.snapshot() == snap
    assert board.play("place brew.1") and board.error == ""
    assert board.game.decision.actor == 0 and board.game.step == "brew_select"
    cells = [c for row in board.state["players"][0]["copper"] for c in row if c["click"]]
    assert len(cells) == board.game.rows * board.game.all_columns  # every slot answers a click
    assert {c["click"] for c in cells if c["legal"]} == set(board.legal_actions()) - {"stop"}
    closed = next(c for c in cells if not c["usable"])  # the side tank before the Copper Upgrade
    assert not board.play(closed["click"]) and "Select one token" in board.error
    assert board.play(next(c for c in cells if c["legal"])["click"])
    moving = [c for row in board.state["players"][0]["copper"] for c in row if c["moving"]]
    assert board.game.step == "brew_swap" and len(moving) == 1
    targets = [c for row in board.state["players"][0]["copper"] for c in row if c["click"]]
    assert {c["click"] for c in targets if c["legal"]} == set(board.legal_actions()) - {"stop"}
    assert 2 <= len(targets) <= 4 and all(
        c["click"].startswith("swap ") for c in targets
    )  # the moving token's neighbours
    while board.game.step == "brew_swap" and board.game.decision.actor == 0:
        assert all(a.startswith(("swap", "stop")) for a in board.legal_actions())
        assert board.play(board.legal_actions()[-1])
    assert any(e["kind"] == "brew" and e["text"].startswith("P0 ") for e in board.state["events"])


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_game_on_the_board_at_three_and_four_players(players):
    """Two copies of the cards (``R02b``), Break evictions and the chosen reveal all draw and play from the board."""
    rules = RULES.replace(reputation_reveal="choose")
    board = BoardView(bl.new_game(rules, players=players, seed=players), bots={s: "random" for s in range(1, players)})
    steps = set()
    for turn in range(2_000):
        if board.game.is_over:
            break
        steps.add(board.game.step)
        legal = board.legal_actions()
        assert legal and board.play(legal[turn % len(legal)]), board.error
        assert json.loads(json.dumps(board.state)) == board.state
    assert board.game.is_over and board.state["over"] and board.state["decision"] is None
    assert {"place", "reveal"} <= steps
    assert sum(p["won"] for p in board.state["players"]) >= 1


def test_the_board_marks_the_brewer_to_act_and_only_them():
    """``to_act`` lights the seat that decides (the board draws it ``bl-to-act``), and no other."""
    g = bl.new_game(RULES, players=2, seed=5)
    for _ in range(6):
        state = board_view(g, viewer=g.decision.actor)
        assert [p["to_act"] for p in state["players"]] == [s == g.decision.actor for s in range(2)]
        g.apply(g.legal_actions()[0])
