"""Bots: registry, legal full games, what a bot may see, strength against ``random``, determinism."""

from __future__ import annotations

import random
from collections import Counter

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.bots import REGISTRY, Bot, UnknownBot, bot_names, make_bot
from bourbon_lab.bots.base import bots_for, check_bot
from bourbon_lab.games.bourbonomics.observation import PlayerView, PublicPlayer

RULES = bl.Ruleset.default()
HEURISTICS = ["rush", "prime", "hot", "specialist", "heuristic", "greedy"]
EXPECTED_NAMES = {"random", "greedy", "rush", "prime", "hot", "specialist", "heuristic", "search"}
# The search bot's default budget is far too slow for a unit test; every other bot plays as named.
PLAY_SPEC = {"search": "search:budget=4,horizon=1,width=2"}


def play_checked(specs: list[str], seed: int, rules=RULES, max_actions: int = 20_000, record=None):
    """A full game where each seat's bot picks from ``legal_actions`` and ``apply`` checks the choice.

    An illegal choice raises ``bl.IllegalAction`` (so the test fails); ``record`` collects every
    (seat, view type, chosen action) for the tests that look at what bots receive.
    """
    n = len(specs)
    g = bl.new_game(rules, players=n, seed=seed)
    bots = [make_bot(s, seed=seed * 31 + i) for i, s in enumerate(specs)]
    for _ in range(max_actions):
        if g.is_over:
            break
        seat = g.current_player
        view = g.observe(seat)
        legal = g.legal_actions()
        action = bots[seat].choose(view, legal)
        assert action in legal, f"{specs[seat]} chose {action} which is not among the legal actions"
        if record is not None:
            record.append((seat, type(view), str(action)))
        g.apply(action)  # checked: an illegal action raises IllegalAction
    assert g.is_over, f"game did not finish within {max_actions} actions ({g!r})"
    return g


# --- registry -------------------------------------------------------------------------------


def test_registry_has_the_documented_bots():
    assert EXPECTED_NAMES <= set(bot_names())
    assert bot_names() == sorted(bot_names())


@pytest.mark.parametrize("name", bot_names())
def test_make_bot_by_name(name):
    bot = make_bot(name)
    assert isinstance(bot, Bot)
    assert bot.name == name
    assert type(bot) is bots_for()[name]  # Bourbonomics' own, or a generic one it does not replace
    check_bot(name)  # no exception


def test_default_heuristic_is_a_heuristic_strategy():
    from bourbon_lab.games.bourbonomics.bots.heuristic import Heuristic

    assert isinstance(make_bot("heuristic"), Heuristic)


def test_unknown_bot_lists_known_bots():
    with pytest.raises(UnknownBot) as info:
        make_bot("nope")
    msg = str(info.value)
    assert "unknown bot 'nope' for bourbonomics" in msg  # the default game is named like any other
    assert "bots" in msg  # the field is named
    for name in ("random", "heuristic", "search", "learned"):
        assert name in msg  # known bots are listed as the hint
    assert isinstance(info.value, bl.BourbonLabError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("typo", "meant"),
    [("heuristc", "heuristic"), ("Random", "random"), ("serch:budget=8", "search"), ("rushh", "rush")],
)
def test_unknown_bot_did_you_mean(typo, meant):
    with pytest.raises(UnknownBot, match=rf"did you mean '{meant}'\?"):
        make_bot(typo)


def test_search_spec_parameters_are_applied():
    bot = make_bot("search:budget=8,horizon=3,width=2,margin=5")
    assert (bot.name, bot.budget, bot.horizon, bot.width, bot.margin) == ("search", 8, 3, 2, 5)
    default = make_bot("search")
    assert default.budget > 8


@pytest.mark.parametrize("spec", ["search:budgt=8", "random:budget=3", "search:budget=x"])
def test_bad_bot_parameters_raise_a_clear_error(spec):
    """A misspelt or meaningless parameter is a user error (UnknownBot, a BourbonLabError), not a TypeError."""
    with pytest.raises(UnknownBot) as info:
        make_bot(spec)
    assert spec.split(":")[1].split("=")[0] in str(info.value)


# --- full legal games -----------------------------------------------------------------------


CHEAP = {"ismcts": "ismcts:iterations=6,depth=6", "learned": "learned:rounds=0,warmup=4,depth=4,steps=1,margin=0"}
"""A search bot plays whole games here on a small budget: at its default, four seats of it take minutes a game.
``learned`` learns from 4 heuristic games only, and leaves the heuristic for any move that plays out better."""


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", [n for n in bot_names() if n != "search"])
def test_bot_plays_a_full_legal_game(name, players):
    spec = CHEAP.get(name, name)
    g = play_checked([spec] * players, seed=11 + players)
    assert g.ended_by in ("orders", "round_limit")
    scores = g.scores()
    assert len(scores) == players
    assert any(r["won"] for r in scores)


@pytest.mark.parametrize("players", [2, 4])
def test_mixed_table_plays_legally(players):
    specs = (["random", "greedy", "prime", "specialist"] if players == 4 else ["hot", "rush"])[:players]
    play_checked(specs, seed=5)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_search_bot_plays_a_full_legal_game_every_seat(players):
    """Every registered name, ``search`` included, plays a full game (with a tiny budget)."""
    play_checked([PLAY_SPEC["search"]] * players, seed=3)


@pytest.mark.slow
def test_search_bot_small_budget_two_player_game():
    g = play_checked(["search:budget=8", "heuristic"], seed=21)
    assert g.is_over


# --- what a bot may see ---------------------------------------------------------------------


class _Spy(Bot):
    name = "_test_spy"
    seen: list = []

    def choose(self, view, legal):
        type(self).seen.append(type(view))
        return legal[0]


def test_simulator_gives_bots_only_a_player_view(monkeypatch):
    monkeypatch.setitem(REGISTRY, _Spy.name, _Spy)
    _Spy.seen = []
    res = bl.simulate(RULES, players=2, games=2, bots=[_Spy.name, "random"], workers=1, progress=False)
    assert not res.failures
    assert _Spy.seen and set(_Spy.seen) == {PlayerView}


def test_bots_in_checked_games_receive_player_views():
    record = []
    play_checked(["heuristic", "random"], seed=2, record=record)
    assert {t for _, t, _ in record} == {PlayerView}


def play_trusted(bots: list, seed: int, actions: int = 20_000):
    """Up to ``actions`` decisions of a game between ``bots`` (one per seat), applied unchecked."""
    g = bl.new_game(RULES, players=len(bots), seed=seed)
    for _ in range(actions):
        if g.is_over:
            break
        seat = g.current_player
        g.apply(bots[seat].choose(g.observe(seat), g.legal_actions()))
    return g


def _midgame(seed=4, players=3, actions=400):
    """A game some way in, with cards in every warehouse and partly drawn piles."""
    g = play_trusted([make_bot("heuristic", seed=i) for i in range(players)], seed, actions)
    assert not g.is_over
    return g


def _find_with_cards(g, viewer):
    """A game state where the viewer and some other player both hold loose cards."""
    others = [p for p in g.players if p.seat != viewer]
    return bool(g.players[viewer].warehouse) and any(p.warehouse for p in others)


@pytest.fixture(scope="module")
def midgame():
    for actions in (400, 300, 500, 250, 600):
        g = _midgame(actions=actions)
        if _find_with_cards(g, 0):
            return g
    pytest.fail("could not reach a state where players hold loose cards")


def test_view_dict_hides_other_players_warehouse_qualities(midgame):
    g = midgame
    d = g.observe(0).to_dict()
    assert d["viewer"] == 0
    mine, others = d["players"][0], d["players"][1:]
    assert [w[1] for w in mine["warehouse"]] == [c.kind for c in g.players[0].warehouse]
    assert all(w[0] is not None and w[2] is not None for w in mine["warehouse"])
    hidden_any = False
    for p, real in zip(others, g.players[1:]):
        assert [w[1] for w in p["warehouse"]] == [c.kind for c in real.warehouse]  # types are public
        for card_id, _, quality in p["warehouse"]:
            assert card_id is None and quality is None
            hidden_any = True
    assert hidden_any
    # no pile order or quality: only pile sizes
    assert all(isinstance(v, int) for v in d["piles"].values())
    assert isinstance(d["demand_deck"], int) and isinstance(d["mash_bills_left"], int)


def test_player_view_object_exposes_no_hidden_state(midgame):
    view = midgame.observe(0)
    for attr in ("piles", "demand", "bills", "players", "rngs", "log", "actions", "snapshot", "clone"):
        assert not hasattr(view, attr), f"PlayerView exposes {attr!r}"
    for other in view.others:
        assert isinstance(other, PublicPlayer)
        assert not hasattr(other, "warehouse")
        assert other.warehouse_kinds == [c.kind for c in midgame.players[other.seat].warehouse]
    assert all(o.seat != 0 for o in view.others)


def _hidden_qualities(g, viewer):
    """Per kind: the multiset of qualities the viewer cannot see (piles, others' loose and staged cards)."""
    out: dict[str, Counter] = {}
    for kind, pile in g.piles.piles.items():
        out.setdefault(kind, Counter()).update(c.quality for c in pile)
    for p in g.players:
        if p.seat != viewer:
            staged = [c for b in p.barrels if not b.built for c in b.cards]
            for c in p.warehouse + staged:
                out.setdefault(c.kind, Counter()).update([c.quality])
    return {k: +v for k, v in out.items()}


def test_determinise_redeals_hidden_cards_consistently(midgame):
    g = midgame
    before = g.snapshot()
    view = g.observe(0)
    world = view.determinise(random.Random(1))
    assert g.snapshot() == before, "determinise changed the real game"
    # same hidden multiset of qualities per kind
    assert _hidden_qualities(world, 0) == _hidden_qualities(g, 0)
    # pile sizes and the public part are unchanged
    assert {k: len(v) for k, v in world.piles.piles.items()} == {k: len(v) for k, v in g.piles.piles.items()}
    assert world.view(1)["table"] == g.view(1)["table"]
    # ...but the order is not the real one
    real_order = {k: [c.id for c in v] for k, v in g.piles.piles.items()}
    new_order = {k: [c.id for c in v] for k, v in world.piles.piles.items()}
    assert new_order != real_order
    real_q = {k: [c.quality for c in v] for k, v in g.piles.piles.items()}
    new_q = {k: [c.quality for c in v] for k, v in world.piles.piles.items()}
    assert new_q != real_q
    # the viewer's own loose cards are exactly what they are
    assert world.players[0].warehouse == g.players[0].warehouse
    # others keep the same number and types of loose cards
    for p, q in zip(world.players[1:], g.players[1:]):
        assert [c.kind for c in p.warehouse] == [c.kind for c in q.warehouse]


def test_determinise_is_seeded(midgame):
    view = midgame.observe(1)
    a = view.determinise(random.Random(7)).snapshot()
    b = view.determinise(random.Random(7)).snapshot()
    c = view.determinise(random.Random(8)).snapshot()
    assert a == b
    assert a["piles"] != c["piles"]


def test_determinised_world_plays_on(midgame):
    before = midgame.snapshot()
    world = midgame.observe(0).determinise(random.Random(3))
    assert world.view(0) == midgame.view(0), "the re-dealt world must look the same to its viewer"
    start = (world.round, len(world.log))
    bot = make_bot("heuristic")
    for _ in range(200):
        if world.is_over:
            break
        legal = world.legal_actions()
        action = bot.choose(world.observe(world.current_player), legal)
        assert action in legal
        world.apply(action)
    assert world.round > start[0] or world.is_over
    assert len(world.log) > start[1]
    assert midgame.snapshot() == before, "playing the determinised copy changed the real game"


# --- determinism ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["random", "greedy", "heuristic", "hot"])
def test_same_seed_same_choices(name):
    a = play_checked([name, "random"], seed=9)
    b = play_checked([name, "random"], seed=9)
    assert a.actions == b.actions
    assert [e.to_row() for e in a.log] == [e.to_row() for e in b.log]


def test_random_bot_seed_matters():
    a = play_checked(["random", "random"], seed=9)
    g = play_trusted([make_bot("random", seed=1000 + i) for i in range(2)], seed=9)
    assert g.is_over
    assert g.actions != a.actions


def test_search_bot_overrides_rush_only_for_a_clear_gain():
    """With an unreachable margin the search bot is exactly rush; with none it chooses differently."""

    def actions(spec):
        return play_trusted([make_bot(spec, seed=5), make_bot("rush", seed=6)], seed=17, actions=400).actions

    rush = actions("rush")
    assert actions("search:budget=6,horizon=1,margin=1000") == rush
    assert actions("search:budget=6,horizon=1,margin=0") != rush


def test_search_bot_same_seed_same_choices():
    def prefix(seed):
        return play_trusted([make_bot("search:budget=6,horizon=1", seed=s) for s in (1, 2)], seed, 250).actions

    assert prefix(13) == prefix(13)


# --- upgrades: what they pay back, no cap ----------------------------------------------------

AFFORD = "You'll only afford about 5–6 upgrades in a whole game, so you can't grow everything. Pick a direction."
"""Book (The Distillery): how many upgrades a player buys is the economy's doing, so no bot caps them."""


def _at_my_turn(capital: int, upgrades: int = 0):
    from tests.helpers import new_game, to_play

    g = to_play(new_game(players=4, seed=3))
    me = g.players[g.current_player]
    me.capital, me.upgrades = capital, upgrades
    return g


def test_no_heuristic_caps_its_upgrades():
    from bourbon_lab.games.bourbonomics.bots.heuristic import Heuristic

    assert all(getattr(REGISTRY[n], "max_upgrades", None) is None for n in HEURISTICS if n != "greedy")
    assert Heuristic.max_upgrades is None


def test_an_upgrade_is_bought_when_it_pays_back_and_not_when_the_game_is_ending():
    """Early, with the rounds ahead, the rush bot buys its favourite step (a 1-Capital upgrade). Once a rival
    has 7 of the 8 orders in round 20, even that step would not earn its cost back; once the end is
    triggered, no upgrade does."""
    bot = make_bot("rush", seed=0)
    g = _at_my_turn(capital=20)
    choice = bot.pick_upgrade(g.observe(g.current_player), g.legal_actions())
    assert choice is not None and choice.args[0] == "supply"
    rival = g.players[(g.current_player + 1) % 4]
    g.round, rival.completed = 20, [("D01", 1)] * 7
    assert bot.pick_upgrade(g.observe(g.current_player), g.legal_actions()) is None
    g.round, rival.completed = 1, []
    assert bot.pick_upgrade(g.observe(g.current_player), g.legal_actions()) == choice
    g.end_triggered = True
    assert bot.pick_upgrade(g.observe(g.current_player), g.legal_actions()) is None


def test_an_explicit_cap_still_caps():
    from bourbon_lab.games.bourbonomics.bots.heuristic import Rush

    capped = type("CappedRush", (Rush,), {"name": "capped_rush", "max_upgrades": 2})(seed=0)
    g = _at_my_turn(capital=20, upgrades=2)
    assert capped.pick_upgrade(g.observe(g.current_player), g.legal_actions()) is None


# --- strength -------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", HEURISTICS)
def test_heuristic_beats_three_random_bots(name):
    games = 40
    res = bl.simulate(
        RULES, players=4, games=games, bots=[name, "random", "random", "random"], seed=0, workers=1, progress=False
    )
    assert not res.failures
    me = res.players.filter(pl.col("player") == 0)
    assert me.height == games
    assert me["seat"].value_counts().height == 4  # seats rotated
    rate = me["won"].sum() / games
    assert rate >= 0.70, f"{name} won only {rate:.0%} of {games} games against three random bots"
