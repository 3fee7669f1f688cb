"""Gin Crafters as people read it: its sentences (``narrate``) and its board's view model.

The sentences are checked on whole heuristic games against the game's own ``visible_to``: every kind
of the log gets one, and no card a seat may not see (another hand, another seat's Inspiration) is
named in that seat's sentence. The board is checked through the same ``TableSession`` the notebook
widget and the dashboard use: it shows the markets with prices, the viewer's hand only, the areas
and the VP track, plays a clicked legal move, and refuses an illegal one naming the rule.
"""

from __future__ import annotations

import json
import re

import pytest

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.games.gin_crafters import CONTENT, GAME
from bourbon_lab.games.gin_crafters.board import board_view
from bourbon_lab.games.gin_crafters.narrate import describe
from bourbon_lab.widgets import BoardView
from bourbon_lab.widgets.narrate import generic_sentence
from bourbon_lab.widgets.session import TableSession

RULES = bl.default_rules("gin_crafters")
CARD = re.compile(r"\b[GBJK]\d\d\b")


def heuristic_game(players: int, seed: int, rules=RULES):
    g = bl.new_game(rules, players, seed=seed)
    bots = [make_bot("tempo" if s % 2 else "brand", seed=seed * 10 + s, game="gin_crafters") for s in range(players)]
    while not g.is_over:
        d = g.decision
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
    return g


def _games():
    refusing = RULES.replace(lender="may_refuse")
    return [heuristic_game(n, seed) for n in (2, 3, 4) for seed in (1, 2)] + [heuristic_game(4, 3, refusing)]


GAMES = _games()


def test_the_hook_is_registered():
    assert GAME.narrate is describe and GAME.board is not None and GAME.board.esm.name == "board.js"


def test_every_kind_of_the_log_has_a_sentence_of_its_own():
    kinds = {e.kind for g in GAMES for e in g.log}
    assert {"distill", "lend", "purchase", "threshold_bonus", "end_trigger", "brand_scored", "game_end"} <= kinds
    assert {"borrow_asked", "borrow_refused", "refresh", "inspiration_keep", "key_effect"} <= kinds
    for g in GAMES:
        for e in g.log:
            for viewer in (None, *range(g.n)):
                text = describe(e, viewer)
                assert text and text != generic_sentence(e), (e.kind, viewer)
                assert "None" not in text, (e.kind, text)


def test_no_hidden_card_is_named_to_another_seat():
    """Book: "You may check the contents of the cards" (one's own hand); brand cards are "revealed at the end
    of the game". An Inspiration's cards are seen only by the one who looks (ours, the decisions file)."""
    hidden = 0
    for g in GAMES:
        for e in g.log:
            if e.visible_to is None:
                continue
            for viewer in range(g.n):
                text = describe(e, viewer)
                if viewer in e.visible_to:
                    continue
                hidden += 1
                assert not CARD.findall(text), (e.kind, text)
            own = describe(e, e.visible_to[0])
            assert CARD.findall(own), (e.kind, own)  # the seat itself reads its cards
    assert hidden > 0


def test_the_sentences_say_the_books_facts():
    g = GAMES[-1]
    lend = next(e for e in g.log if e.kind == "lend")
    assert describe(lend) == (
        f"P{lend.player} lends a {lend.data['type']} botanical to P{lend.data['borrower']} for gin {lend.data['gin']}."
    )
    paid = next(e for e in g.log if e.kind == "income" and e.data.get("source") == "lend")
    assert describe(paid).endswith(f"(lend from P{paid.data['borrower']}'s borrowing).")
    took = next(e for g in GAMES for e in g.log if e.kind == "purchase" and e.data["refresh"])
    market = took.data["market"]
    assert describe(took).endswith(f"refreshed {market} market, at no further cost (the refresh fee paid for it).")
    end = next(e for e in g.log if e.kind == "end_trigger")
    assert end.data["variant"] == "complete_round"
    assert "the round is played out so every player has had as many turns" in describe(end)
    literal = end._replace(data={**end.data, "variant": "others_once"})
    assert "every other player takes one more turn" in describe(literal)


def test_board_shows_markets_hand_areas_and_the_track_as_the_seat_sees_it():
    g = bl.new_game(RULES, 3, seed=5)
    session = TableSession(g, bots={1: "heuristic", 2: "heuristic"})
    session.run_bots()
    state = session.state()
    assert json.loads(json.dumps(state)) == state
    botanical, juniper = state["markets"]
    assert [c["price"] for c in botanical["cards"]] == list(RULES.botanical_prices)
    assert [c["price"] for c in juniper["cards"]] == list(RULES.juniper_prices)
    assert [c["id"] for c in botanical["cards"]] == g.market["botanical"]
    assert [c["id"] for c in state["hand"]["gins"]] == g.players[0]["gins"]
    assert state["track"] == {"end": 30, "bonuses": [10, 20], "end_at": "30_or_more"}
    for seat, p in enumerate(state["players"]):
        assert [c["id"] for c in p["area"]] == g.players[seat]["area"]
        assert p["track"] == g.track(seat) and p["hand_gins"] == len(g.players[seat]["gins"])
    others = {c for s in (1, 2) for c in g.players[s]["gins"] + g.players[s]["brands"]}
    assert not others & set(CARD.findall(json.dumps({k: v for k, v in state.items() if k != "events"})))
    assert state["legal"] == g.legal_actions() and state["decision"]["actor"] == 0


def test_a_clicked_purchase_plays_and_the_bots_answer():
    board = BoardView(bl.new_game(RULES, 2, seed=7), bots={1: "heuristic"})
    cell = board.state["markets"][0]["cards"][0]
    assert cell["action"] == "purchase botanical 1"
    assert board.play(cell["action"]) and board.play(board.legal_actions()[0])
    g = board.game
    assert cell["id"] in g.players[0]["area"] and board.error == ""
    assert g.decision.actor == 0 and g.turns >= 2  # the bot's turn was played on its own


@pytest.mark.parametrize("text", ["distill G99", "take 1", "juniper J01"])
def test_an_illegal_click_names_the_rule_and_changes_nothing(text):
    board = BoardView(bl.new_game(RULES, 2, seed=7), bots={1: "heuristic"})
    before = board.game.snapshot()
    assert not board.play(text)
    assert board.error.startswith(f"Not allowed: {text} — ") and "now (action) the choices are" in board.error
    assert board.game.snapshot() == before


def test_the_juniper_and_key_choices_of_a_distillation_are_the_cards_in_the_area():
    """Book: "select one juniper berry to use ..." then "select one key botanical from the ingredient botanical
    cards": on the board these are the cards of the distiller's own botanical area, and a click plays them."""
    g = bl.new_game(RULES, 2, seed=3)
    bots = [make_bot("tempo", seed=s, game="gin_crafters") for s in range(2)]
    chosen = set()
    while not g.is_over and len(chosen) < 2:
        d = g.decision
        if d.step in ("juniper", "key"):
            state = board_view(g, viewer=d.actor)
            area = {c["action"] for c in state["players"][d.actor]["area"] if c["action"]}
            assert area == set(g.legal_actions()), d.step
            assert not any(c["action"] for c in state["players"][1 - d.actor]["area"])
            chosen.add(d.step)
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
    assert chosen == {"juniper", "key"}


def test_a_bot_asks_the_person_to_lend_and_the_board_waits_for_their_answer():
    """Variant ``lender = may_refuse`` (ours): the asked lender answers out of turn; on the board the person
    at that seat gets "lend" and "refuse" while the bot's turn waits, and "lend" pays the book's 2 coins."""
    rules = RULES.replace(lender="may_refuse")
    board = BoardView(bl.new_game(rules, 2, seed=1), bots={1: "tempo"})
    me, g = make_bot("tempo", seed=5, game="gin_crafters"), board.game
    while not g.is_over and not (g.decision.step == "lend" and g.decision.actor == 0):
        assert board.play(me.choose(g.observe(0), g.legal_actions()))
    assert board.state["decision"] == {"actor": 0, "step": "lend", "interrupt": "lend"}
    assert board.state["turn_owner"] == 1 and board.legal_actions() == ["lend", "refuse"]
    coins = g.players[0]["coins"]
    assert board.play("lend") and g.players[0]["coins"] == coins + rules.lend_fee


def test_a_brand_card_on_the_board_shows_the_rulesets_numbers():
    """Book: "victory points are awarded if the conditions on the card are met." Ours: the board shows a brand
    card's VP and count from the ruleset (brand_vp, brand_counts), so an edited ruleset reads right."""
    vp = {c: v + 1 for c, v in RULES.brand_vp}
    counts = {c: v + 1 for c, v in RULES.brand_counts}
    rules = RULES.replace(brand_vp=vp, brand_counts=counts)
    seen = set()
    for seed in range(12):
        g = bl.new_game(rules, 2, seed=seed)
        shown = board_view(g, viewer=0)["hand"]["brands"]
        assert [c["id"] for c in shown] == g.players[0]["brands"]
        for c in shown:
            condition = CONTENT.brands[c["id"]].condition
            seen.add(condition in counts)
            assert c["vp"] == vp[condition]
            assert ("count" in c["text"]) == (condition in counts)
            assert condition not in counts or f"count {counts[condition]}" in c["text"]
    assert seen == {True, False}
