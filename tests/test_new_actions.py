"""A house rule's new action is a first-class action in every game and for every bot (issue 50).

docs/house-rules.md promises that a new action "is listed with the engine's own actions, so bots, boards
and the RL adapters see it like any other", and that the heuristics "ignore what they do not know". Every
registered game (the fifth, ``tests/fifthgame``, too) plays full games at 2 and 4 players (its range) with
every bot it has, offered texts a designer might pick that share no word with its book (or start with
another game's verb, or end like a seat, "toast @2"): listed at every decision of the actor until played
a few times, or at every third action for every seat (a commit group's out-of-turn seats too), doing a
small thing through the game's own effect function or just saying so. ``apply`` plays them checked and
unchecked, replays them, and the plain-Python build plays a sample alike.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import fifthreg
import pytest

import bourbon_lab as bl
from bourbon_lab.bots import bots_for, make_bot
from bourbon_lab.bots.generic import FlatSearch
from bourbon_lab.core import ActionParseError, IllegalAction
from bourbon_lab.core.bots import is_new_action
from bourbon_lab.core.house import HouseRuleError, house_rule, param
from bourbon_lab.games import BUILTIN

HERE = Path(__file__).resolve().parent
FIFTH = "rickhouse_nim"
GAMES = (*sorted(BUILTIN), FIFTH)
TEXTS = ("raise a glass", "toast @2", "sell the barn", "place a bet")
"""A new action's text: no word of any book; "toast @2" ends like an out-of-turn seat; "sell" and "place"
begin another game's book actions (and Bourbonomics', Distilled's and Microbrew's own)."""
CAP = 2
"""Plays of the often-offered action per seat (counted over the table): a search that finds it worth playing
every time cannot stall a game with it."""
SEARCH = {
    "ismcts": "ismcts:iterations=4,depth=2",
    "search": "search:budget=6,horizon=0",
    "learned": "learned:rounds=0,warmup=4,depth=2,steps=1,margin=0",
}
"""The search bots at tiny budgets: how they play a new action is the point here, not how well. ``learned``
learns the very rules, the new action too, from 4 heuristic games, and leaves the heuristic for any better move."""
BLIND = ("random", "search", "ismcts", "learned")
"""Bots that choose among all legal actions; every other bot is written for its book."""
HANDLED: Counter = Counter()
"""How often the new action's handler ran, by game: in the games played and in the searches' worlds."""


@house_rule(
    text=param("raise a glass", description="the new action's text"),
    often=param(True, description="offered at every decision of the actor (else at every third action)"),
    effect=param("note", description="the game's effect it calls with 1 (note: a line in the log)"),
)
def cheers(rule):
    "A new action of the designer's own naming; it does one small thing."

    def legal(h, player):
        g = h.game
        if h.often:
            mine = player == g.current_player and g.actions.count(h.text) < CAP * len(h.seats)
            return [h.text] if mine else []
        return [h.text] if len(g.actions) % 3 == 0 else []

    @rule.action(legal)
    def do(h, player, text):
        HANDLED[h.game.rules.game] += 1
        if h.effect == "note":
            h.note(player, f"{text}!")
        else:
            getattr(h, h.effect)(player, 1)


def effect_of(game: str) -> str:
    """The game's own effect for a point, a coin or a barrel: the last it offers besides ``note``."""
    return [name for name in bl.hooks(game).effects if name != "note"][-1]


def rules_for(game: str, text: str, often: bool):
    chosen = cheers(text=text, often=often, effect=effect_of(game) if often else "note")
    return bl.default_rules(game).with_house_rules(chosen)


def specs(game: str) -> list[str]:
    """Every bot the game has: random, its heuristic and each named strategy, and its searches (tiny budgets).

    The generic flat search is tried on its own (below): at a budget this small its rollouts wander in
    Microbrew's brew chain past the decision guard, house rule or not.
    """
    bots = bots_for(game)
    return [SEARCH.get(name, name) for name in sorted(bots) if bots[name] is not FlatSearch]


def play(game: str, rules, bots: list[str], players: int, seed: int, check: bool):
    """A full game, each seat its bot; a commit group's last seat acts first (out of turn).

    Returns the table, how often the new action was offered and played, and the book-written bots' picks of it
    while a book action was legal (which must not happen).
    """
    g = bl.new_game(rules, players=players, seed=seed)
    seats = [make_bot(bots[i % len(bots)], seed=seed * 10 + i, game=game) for i in range(players)]
    names = [bots[i % len(bots)].partition(":")[0] for i in range(players)]
    offered = played = 0
    wilful: list[str] = []
    while not g.is_over:
        d = g.decision
        seat = d.group[-1] if getattr(d, "group", ()) else d.actor
        legal = g.legal_actions(player=seat) if seat != d.actor else g.legal_actions()
        own = set(g.house.own_texts(g, seat))
        assert {str(a) for a in legal if is_new_action(a)} == own, "the legal list marks exactly the new actions"
        action = seats[seat].choose(g.observe(seat), legal)
        assert str(action) in {str(a) for a in legal}, f"{names[seat]} chose {action!r}, not a legal action"
        offered += bool(own)
        if str(action) in own:
            played += 1
            if names[seat] not in BLIND and len(own) < len(legal):
                wilful.append(f"{names[seat]} at {d.step}")
        if seat != d.actor:
            g.apply(action, player=seat, check=check)
        else:
            g.apply(action, check=check)
    return g, offered, played, wilful


@pytest.fixture(scope="module", autouse=True)
def fifth_game():
    """Rickhouse Nim registered for this module, and forgotten after (``tests/fifthreg.py``)."""
    with fifthreg.fifth_game():
        yield


# --- every game x every bot, full games


@pytest.mark.parametrize("game", GAMES)
def test_every_bot_plays_full_games_with_a_new_action_on_offer(game):
    """2 players checked, 4 (or the most the game seats) unchecked, every bot in every seat; the new action's
    texts and both ways of offering it rotate over the bots. The heuristics never play it while a book action
    is legal; random play plays it; a replay gives the same table."""
    info = bl.get_game(game).info
    problems, random_plays = [], 0
    for k, spec in enumerate(specs(game)):
        for players, check in ((max(2, info.min_players), True), (min(4, info.max_players), False)):
            text, often = TEXTS[(k + players) % len(TEXTS)], (k + players // 2) % 2 == 0
            rules = rules_for(game, text, often)
            seed = 11 * k + players
            try:
                g, offered, played, wilful = play(game, rules, [spec], players, seed, check)
            except Exception as exc:  # noqa: BLE001  (every bot is tried; all failures are reported at once)
                problems.append(f"{spec} at {players} ({text!r}): {type(exc).__name__}: {exc}")
                continue
            where = f"{spec} at {players} ({text!r})"
            if not offered:
                problems.append(f"{where}: the new action was never offered")
            if wilful:
                problems.append(f"{where}: played the new action on purpose: {wilful[:3]}")
            if spec == "random":
                random_plays += played
            replay = bl.new_game(rules, players=players, seed=seed)
            for action in g.actions:
                replay.apply(action)  # checked: the recorded text, out-of-turn seats and all, plays again
            if replay.snapshot() != g.snapshot():
                problems.append(f"{where}: a replay of its actions gives another table")
    assert not problems, "\n".join(problems)
    assert random_plays > 0, "random play never played the new action"


def test_the_new_action_does_what_its_rule_says_through_the_game():
    """Microbrew's heuristic at a placement with "place a bet" listed (issue 50: `_place` crashed): it places;
    played, the new action gives its loyal customer, in an event with the rule's name, and the turn goes on."""
    rules = rules_for("microbrew", "place a bet", often=True)
    g = bl.new_game(rules, players=2, seed=3)
    while g.step != "place":
        g.apply(g.legal_actions()[0])
    seat, legal = g.current_player, g.legal_actions()
    assert legal[-1] == "place a bet" and is_new_action(legal[-1])
    pick = make_bot("heuristic", seed=1, game="microbrew").choose(g.observe(seat), legal)
    assert str(pick).startswith("place ") and pick != "place a bet"
    before = g.score_rows()[seat].score
    events = g.apply("place a bet")
    assert [(e.kind, e.player, e.data["rule"]) for e in events] == [("points", seat, "cheers")]
    assert g.score_rows()[seat].score == before + 1 and g.current_player == seat and g.step == "place"


def _decision_with_the_new_action(game: str, most: int, in_turn: bool):
    """A 3-player table at a decision where "raise a glass" is legal among at most ``most`` choices; the seat to
    choose is a commit group's last (choosing out of turn) where there is one, unless ``in_turn``."""
    g = bl.new_game(rules_for(game, "raise a glass", often=False), players=3, seed=6)
    for _ in range(300):
        d = g.decision
        seat = d.group[-1] if getattr(d, "group", ()) and not in_turn else d.actor
        legal = g.legal_actions(player=seat) if seat != d.actor else g.legal_actions()
        if "raise a glass" in [str(a) for a in legal] and 1 < len(legal) <= most:
            return g, seat, legal
        g.apply(legal[0], player=seat) if seat != d.actor else g.apply(legal[0])
    raise AssertionError(f"{game}: no decision with the new action among at most {most} choices")


@pytest.mark.parametrize("game", GAMES)
def test_the_searches_try_a_new_action_in_their_worlds(game):
    """The generic flat search and IS-MCTS weigh every legal action, the new one too, by playing it in re-dealt
    worlds (its handler runs there). In a commit group the flat search's seat choosing before its turn plays
    its own choice in its worlds (it used to play it for the actor)."""
    flat = FlatSearch(seed=1, budget=12, horizon=1)  # every game's "search" but Bourbonomics' own; it plays any
    g, seat, legal = _decision_with_the_new_action(game, flat.width, in_turn=False)
    before = HANDLED[game]
    assert flat.choose(g.observe(seat), legal) in legal and HANDLED[game] > before

    g, seat, legal = _decision_with_the_new_action(game, 6, in_turn=True)
    search = make_bot(f"ismcts:iterations={2 * len(legal)},depth=2,prior=0", seed=1, game=game)
    before = HANDLED[game]
    root = search.search(g.observe(seat), legal)
    assert root.children["raise a glass"].visits >= 1 and HANDLED[game] > before


# --- checked apply: a refused text changes nothing and is named


@pytest.mark.parametrize("game", GAMES)
def test_a_new_action_not_legal_now_is_refused_by_name_and_changes_nothing(game):
    g = bl.new_game(rules_for(game, "raise a glass", often=False), players=2, seed=2)
    g.apply(g.legal_actions()[0])  # one action in: not a third one, so the new action is not offered
    assert "raise a glass" not in [str(a) for a in g.legal_actions()]
    before = json.dumps(g.snapshot(), sort_keys=True)
    with pytest.raises((IllegalAction, ActionParseError)):
        g.apply("raise a glass")
    assert json.dumps(g.snapshot(), sort_keys=True) == before


def test_a_new_action_text_no_engine_reads_back_is_a_named_error():
    @house_rule("gin_crafters")
    def spaced(rule):
        "A text with two spaces in it."

        @rule.action(lambda h, player: ["raise  a glass"])
        def do(h, player, text):
            pass

    g = bl.new_game(bl.default_rules("gin_crafters").with_house_rules(spaced), players=2, seed=1)
    with pytest.raises(HouseRuleError, match="spaced.*single spaces"):
        g.legal_actions()


# --- the RL index numbers a new action


@pytest.mark.parametrize("game", GAMES)
def test_the_rl_action_index_numbers_a_new_action(game):
    from bourbon_lab.rl.actions import action_index, numbered

    rules = rules_for(game, "toast @2", often=True)
    g = bl.new_game(rules, players=2, seed=4)
    index = action_index(game, rules, 2)
    numbers = numbered(index, g, g.legal_actions())
    assert "toast @2" in [str(a) for a in numbers.values()]
    assert index.describe(max(numbers)).startswith("house-rule action")


# --- the plain-Python build plays a sample alike

_PLAIN = """
import json, sys
sys.path.insert(0, sys.argv[1])
from bourbon_lab import native
from bourbon_lab.core import register_lazy
import test_new_actions as t

register_lazy(t.FIFTH, "fifthgame")
out = {}
for k, game in enumerate(t.GAMES):
    rules = t.rules_for(game, t.TEXTS[k % len(t.TEXTS)], often=k % 2 == 0)
    g = t.play(game, rules, ["heuristic", "random"], 2, 8, check=True)[0]
    status = native.status(game) if game in native.GROUPS else ""
    out[game] = {"actions": g.actions, "log": [e.to_row() for e in g.log], "status": status}
print(json.dumps(out, default=str))
"""


def test_a_sample_plays_alike_in_plain_python():
    here = str(HERE)
    proc = subprocess.run(
        [sys.executable, "-c", _PLAIN, here],
        env={**os.environ, "BOURBON_LAB_PURE": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    plain = json.loads(proc.stdout)
    assert sorted(plain) == sorted(GAMES)
    for k, game in enumerate(GAMES):
        rules = rules_for(game, TEXTS[k % len(TEXTS)], often=k % 2 == 0)
        g = play(game, rules, ["heuristic", "random"], 2, 8, check=True)[0]
        here_log = json.loads(json.dumps([e.to_row() for e in g.log], default=str))
        assert plain[game]["actions"] == g.actions and plain[game]["log"] == here_log, game
        text = TEXTS[k % len(TEXTS)]
        assert any(a == text or a.startswith(text + " @") for a in g.actions), f"{game}: {text!r} never played"
        if game != FIFTH:
            assert "BOURBON_LAB_PURE" in plain[game]["status"], plain[game]["status"]
