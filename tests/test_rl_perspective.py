"""Whose perspective an RL observation is written from: the observing seat's, in both adapters, for every game.

``docs/rl-adapters.md``: the observation is "what the player may see"; the game's own encoder "must
show what ``view(player)`` shows and nothing more"; the generic one hashes ``view(p)``: "a list (or dict)
indexed by seat is read from the viewer on", "a seat number ... becomes a category counted from the
viewer"; Bourbonomics' and Gin Crafters' encoders put the viewer's seat block first ("per seat from
the viewer on"). OpenSpiel's strings are "the player's view as JSON (``p<seat> {...}``)".

So for every seat k, whoever is deciding: k's own secrets change k's observation and nobody else's,
another seat's secrets never change k's, a re-deal of what k cannot see leaves k's observation as it
was, and k's own block is block 0 (checked on hand-set numbers). Each is checked through PettingZoo's
``observe`` and OpenSpiel's tensors and strings, on states where someone other than k is deciding
(an observation written for the acting seat, or for seat 0, fails them).

The games' secrets (their rulebooks, as the views implement them): a Bourbonomics resource card's
quality (its owner sees it); a Gin Crafters hand; a Microbrew secret reputation; a Distilled goal.
"""

from __future__ import annotations

import functools
import json
import random
import zlib

import numpy as np
import pytest

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.games import BUILTIN
from bourbon_lab.games.bourbonomics.state import ResourceCard
from bourbon_lab.rl import openspiel as ops
from bourbon_lab.rl import pettingzoo as pz
from bourbon_lab.rl.observation import SIZE, ViewEncoder, _matches

N = 3
GAMES = ["bourbonomics", "distilled", "gin_crafters", "microbrew"]
ADAPTERS = ["pettingzoo", "openspiel"]


def test_every_built_in_game_is_covered():
    assert sorted(BUILTIN) == GAMES


# --- one secret per seat, and a state where every seat holds one


def _bourbonomics_secret(state, seat: int) -> None:
    """Another quality for the seat's first warehouse card (its type, which everyone sees, kept)."""
    p = state.players[seat]
    card = p.warehouse[0]
    p.warehouse[0] = ResourceCard(card.id, card.kind, (card.quality + 1) % 5)


def _gin_secret(state, seat: int) -> None:
    """Another gin card in the seat's hand, swapped with the top of the gin deck (the hand's size kept)."""
    hand, deck = state.players[seat]["gins"], state.decks["gin"]
    hand[0], deck[0] = deck[0], hand[0]


def _microbrew_secret(state, seat: int) -> None:
    """Another secret reputation for the seat, swapped with a set-aside one (how many it holds kept)."""
    reps, aside = state.secret_reps[seat], state.aside_reps
    reps[0], aside[0] = aside[0], reps[0]


def _distilled_secret(state, seat: int) -> None:
    """Another goal for the seat, swapped with the top of the goal deck (how many it keeps kept)."""
    goals, deck = state.goals[seat], state.goal_deck
    goals[0], deck[0] = deck[0], goals[0]


SECRET = {
    "bourbonomics": _bourbonomics_secret,
    "gin_crafters": _gin_secret,
    "microbrew": _microbrew_secret,
    "distilled": _distilled_secret,
}

HOLDS_SECRETS = {
    "bourbonomics": lambda s: all(p.warehouse for p in s.players),
    "gin_crafters": lambda s: all(p["gins"] for p in s.players) and s.decks["gin"],
    "microbrew": lambda s: all(s.secret_reps) and s.aside_reps,
    "distilled": lambda s: s.phase != "over" and all(s.goals) and s.goal_deck,
}


@functools.cache
def _held(game: str, skip: int = 25):
    """A state of a random 3-player game, at least ``skip`` decisions in, where every seat holds a secret."""
    rng = random.Random(7)
    state = bl.new_game(bl.default_rules(game), N, 7)
    steps = 0
    while steps < skip or not HOLDS_SECRETS[game](state):
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert not state.is_over and steps < 2000
    return state


def _state(game: str):
    return _held(game).clone()


# --- the observation of seat k through each adapter


@functools.cache
def _env(game: str):
    env = pz.env(game=game, players=N)
    env.reset(seed=0)
    return env


@functools.cache
def _spiel(game: str):
    return ops.load(game, players=N)


def _observe(adapter: str, game: str, state, seat: int) -> tuple:
    """Everything the adapter gives seat ``seat`` of ``state``: its vectors, and OpenSpiel's strings."""
    if adapter == "pettingzoo":
        env = _env(game).unwrapped
        env.state = state
        env._select()  # a new decision: the environment forgets the last one's observations
        return (env.observe(f"player_{seat}")["observation"],)
    spiel = _spiel(game)
    s = ops.State(spiel, ops._Held(spiel.table, 0, state))
    return (
        np.asarray(s.observation_tensor(seat), np.float32),
        np.asarray(s.information_state_tensor(seat), np.float32),
        s.observation_string(seat),
        s.information_state_string(seat),
    )


def _same(a: tuple, b: tuple) -> bool:
    return all(np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y for x, y in zip(a, b))


def _reference(game: str, state, seat: int) -> np.ndarray:
    """Seat's observation, made without the adapters: the game's own encoder, else its view hashed by hand."""
    declared = bl.get_game(game).encoder
    if declared is None:
        return ViewEncoder.for_game(bl.get_game(game)).encode(state.view(seat), seat, N)
    enc = declared(bl.default_rules(game), N)
    out = np.zeros(enc.size, np.float32)
    enc.encode(state, seat, memoryview(out))
    return out


def _view_text(state, seat: int) -> str:
    view = {k: v for k, v in state.view(seat).items() if k != "legal_actions"}
    return f"p{seat} " + json.dumps(view, sort_keys=True, separators=(",", ":"))


# --- the tests


@pytest.mark.parametrize("adapter", ADAPTERS)
@pytest.mark.parametrize("game", GAMES)
def test_a_seats_secret_changes_its_own_observation_and_no_one_elses(game, adapter):
    state = _state(game)
    assert state.decision is not None  # someone decides: the other two seats observe out of turn
    before = {k: _observe(adapter, game, state, k) for k in range(N)}
    for owner in range(N):
        changed = _state(game)
        SECRET[game](changed, owner)
        for viewer in range(N):
            after = _observe(adapter, game, changed, viewer)
            if viewer == owner:
                # every vector and string: the owner sees its own secret
                assert all(not _same((x,), (y,)) for x, y in zip(after, before[viewer])), (owner, viewer)
            else:
                assert _same(after, before[viewer]), (owner, viewer)


@pytest.mark.parametrize("adapter", ADAPTERS)
@pytest.mark.parametrize("game", GAMES)
def test_a_redeal_of_what_a_seat_cannot_see_leaves_its_observation(game, adapter):
    """``observe(k).determinise``: the hidden cards re-dealt; seat k cannot tell, the others (some) can."""
    state = _state(game)
    before = {k: _observe(adapter, game, state, k) for k in range(N)}
    others_noticed = 0
    for seat in range(N):
        redealt = state.observe(seat).determinise(random.Random(seat))
        assert _same(_observe(adapter, game, redealt, seat), before[seat]), seat
        others_noticed += sum(not _same(_observe(adapter, game, redealt, k), before[k]) for k in range(N) if k != seat)
    assert others_noticed > 0  # the re-deal did change someone's secrets, so the equality means something


@pytest.mark.parametrize("game", GAMES)
def test_along_a_game_each_seat_is_observed_as_itself_in_both_adapters(game):
    """At every decision of a short random game, every seat, asked in turn and again: its own observation.

    PettingZoo's action mask is the actor's alone; OpenSpiel's strings are each seat's view.
    """
    env = pz.env(game=game, players=N)
    env.reset(seed=3)
    spiel = _spiel(game)
    s = spiel.new_initial_state()
    s.apply_action(3)  # the deal: outcome 3 is the lab's game of seed 3, as the environment's
    rng = np.random.default_rng(3)
    for _ in range(30):
        lab = env.unwrapped.state
        actor = lab.decision.actor
        assert s.lab_state.snapshot() == lab.snapshot()
        for seat in [*range(N), actor, *reversed(range(N))]:  # asked in any order, repeatedly, at one decision
            want = _reference(game, lab, seat)
            obs = env.observe(f"player_{seat}")
            assert np.array_equal(obs["observation"], want), seat
            assert obs["action_mask"].any() == (seat == actor)
            assert np.array_equal(np.asarray(s.observation_tensor(seat), np.float32), want), seat
            assert np.array_equal(np.asarray(s.information_state_tensor(seat), np.float32), want), seat
            assert s.observation_string(seat) == s.information_state_string(seat) == _view_text(lab, seat)
        number = int(rng.choice(np.flatnonzero(env.observe(f"player_{actor}")["action_mask"])))
        env.step(number)
        s.apply_action(number)


# --- seat rotation: seat k's own block first, checked on hand-set numbers

ROTATED = {0: [11, 22, 33], 1: [22, 33, 11], 2: [33, 11, 22]}
"""Seats 0, 1, 2 hold 11, 22 and 33: what viewer k reads in blocks 0, 1, 2 (its own first, then on round)."""


def _cells(adapter: str, game: str, state, seat: int) -> np.ndarray:
    return _observe(adapter, game, state, seat)[0]


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_bourbonomics_puts_the_viewers_seat_block_first(adapter):
    state = _state("bourbonomics")
    for seat, capital in enumerate(ROTATED[0]):
        state.players[seat].capital = capital
    enc = _spiel("bourbonomics").table.encoder
    capital, _ = enc.blocks["seat.capital"]
    by_kind, kinds = enc.blocks["seat.warehouse"]
    by_quality, cells = enc.blocks["seat.warehouse_quality"]
    actor = state.decision.actor
    for viewer in range(N):
        obs = _cells(adapter, "bourbonomics", state, viewer)
        blocks = [obs[capital + i * enc.seat_size] for i in range(N)]
        assert blocks == ROTATED[viewer]
        for i in range(N):  # every seat's cards by type, from the viewer on; by quality, the viewer's only
            owner = state.players[(viewer + i) % N]
            at = by_kind + i * enc.seat_size
            assert obs[at : at + kinds].sum() == len(owner.warehouse)
            qualities = obs[by_quality + i * enc.seat_size : by_quality + i * enc.seat_size + cells]
            assert qualities.sum() == (len(owner.warehouse) if i == 0 else 0)
        assert obs[enc.blocks["actor"][0] + (actor - viewer) % N] == 1  # who decides, counted from the viewer


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_gin_crafters_puts_the_viewers_seat_block_first_and_shows_its_hand(adapter):
    state = _state("gin_crafters")
    for seat, coins in enumerate(ROTATED[0]):
        state.players[seat]["coins"] = coins
    enc = _spiel("gin_crafters").table.encoder
    coins, _ = enc.blocks["seat.coins"]
    hand, size = enc.blocks["hand.gins"]
    owner, _ = enc.blocks["turn_owner"]
    for viewer in range(N):
        obs = _cells(adapter, "gin_crafters", state, viewer)
        assert [obs[coins + i * enc.seat_size] for i in range(N)] == ROTATED[viewer]
        held = [enc.gins[g] for g in state.players[viewer]["gins"]]
        assert sorted(np.flatnonzero(obs[hand : hand + size]).tolist()) == sorted(held)
        assert obs[owner + (state.turn_owner - viewer) % N] == 1


def _bucket(path: str) -> int:
    return zlib.crc32(path.encode()) % SIZE


def _seat_cell(obs: np.ndarray, path: str, seat: int, viewer: int) -> float:
    """The hashed cell saying that the seat number at ``path`` is ``seat`` (counted from the viewer)."""
    return obs[_bucket(f"{path}=seat+{(seat - viewer) % N}")]


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_the_hashed_view_turns_the_players_list_to_the_viewer(adapter):
    """Microbrew, hashed (no encoder of its own): ``players.0`` is the viewer, and who acts is counted from it."""
    state, broke = _state("microbrew"), _state("microbrew")
    state.cash, broke.cash = list(ROTATED[0]), [0] * N
    actor = state.decision.actor
    for viewer in range(N):
        obs = _cells(adapter, "microbrew", state, viewer)
        cash = obs - _cells(adapter, "microbrew", broke, viewer)  # another path may share a cash cell's bucket
        assert [cash[_bucket(f".players.{i}.cash")] for i in range(N)] == ROTATED[viewer]
        assert _seat_cell(obs, ".decision.actor", actor, viewer) == 1
        assert [_seat_cell(obs, ".decision.actor", s, viewer) for s in range(N)].count(1) == 1
        assert obs[_bucket(".decision.actor")] == 0  # not the seat's number as a value


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_distilled_turns_its_lists_by_seat_to_the_viewer(adapter):
    """Distilled's view keeps a list per seat (``money``, ``identity``...): each is read from the viewer on, the
    seat to act and the first player are counted from the viewer, and ``me`` is the viewer's (its goals)."""
    state, broke = _state("distilled"), _state("distilled")
    state.money, broke.money = list(ROTATED[0]), [0] * N
    for viewer in range(N):
        obs = _cells(adapter, "distilled", state, viewer)
        own = obs - _cells(adapter, "distilled", broke, viewer)  # another path may share a bucket
        assert [own[_bucket(f".money.{i}")] for i in range(N)] == ROTATED[viewer]
        for i in range(N):  # each seat's identity, a text, from the viewer on
            assert obs[_bucket(f".identity.{i}={state.identity[(viewer + i) % N]}")] >= 1
        assert _seat_cell(obs, ".actor", state.actor, viewer) == 1
        assert _seat_cell(obs, ".first", state.first, viewer) == 1
        goals = state.goals[viewer]
        assert all(obs[_bucket(f".me.goals.{i}={goal}")] >= 1 for i, goal in enumerate(goals))
        assert obs[_bucket(".player")] == viewer  # the viewer's seat number (0 adds nothing)


def test_a_view_turned_by_the_encoder_matches_one_turned_by_hand():
    """A hand-made view: a list by seat, a dict keyed by seat, a seat number, a list of them, a wildcard path."""
    enc = ViewEncoder(by_seat=("money", "reveals"), seat_numbers=("actor", "group", "spaces.*"))
    view = {
        "money": [10, 20, 30],
        "reveals": {"0": 5, "2": 7},
        "actor": 2,
        "group": [2, 0],
        "spaces": {"brew": [1, None]},
        "round": 3,
        "tin": [4, 5, 6],  # three long, but not by seat
    }
    for viewer in range(N):

        def turned(seat: int, viewer: int = viewer) -> int:
            return (seat - viewer) % N

        by_hand = {
            ".money.0": [10, 20, 30][viewer],
            ".money.1": [10, 20, 30][(viewer + 1) % N],
            ".money.2": [10, 20, 30][(viewer + 2) % N],
            f".reveals.{turned(0)}": 5,
            f".reveals.{turned(2)}": 7,
            f".actor=seat+{turned(2)}": 1,
            f".group.0=seat+{turned(2)}": 1,
            f".group.1=seat+{turned(0)}": 1,
            f".spaces.brew.0=seat+{turned(1)}": 1,
            ".round": 3,
            ".tin.0": 4,
            ".tin.1": 5,
            ".tin.2": 6,
        }
        expected = np.zeros(SIZE, np.float32)
        for path, value in by_hand.items():
            expected[_bucket(path)] += value
        assert np.array_equal(enc.encode(view, viewer, N), expected), viewer


def _paths(node, path=""):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, f"{path}.{i}")
    yield path


@pytest.mark.parametrize("game", GAMES)
def test_every_list_by_seat_in_a_view_is_declared_and_every_declared_path_is_in_a_view(game):
    """A top-level list as long as the table in every view at every table size is indexed by seat: its
    ``view_seats`` declares it (or as seat numbers); and every declared path is met in games the bots play."""
    seats = bl.get_game(game).view_seats
    declared = set(seats.by_seat) | set(seats.seat_numbers)
    info = bl.get_game(game).info
    long, met = None, set()
    patterns = [tuple(p.split(".")) for p in declared]
    for n in range(max(2, info.min_players), info.max_players + 1):
        rng = random.Random(n)
        state = bl.new_game(bl.default_rules(game), n, n)
        bots = [make_bot("heuristic", seed=i, game=game) for i in range(n)]  # they sell and win awards
        views = []
        while not state.is_over:
            if len(views) < 300 or rng.random() < 0.1:  # Bourbonomics' long games: every tenth view after 300
                views.append(state.view(rng.randrange(n)))
            actor = state.current_player
            state.apply(bots[actor].choose(state.observe(actor), state.legal_actions()))
        these = {k for k in views[0] if all(isinstance(v.get(k), list) and len(v[k]) == n for v in views)}
        long = these if long is None else long & these
        for v in views:
            for path in _paths(v):
                parts = tuple(path.split(".")[1:])
                met |= {p for p in patterns if _matches(parts, p)}
    assert long - declared == set(), f"{game}: lists by seat not in view_seats"
    assert {".".join(p) for p in set(patterns) - met} == set(), f"{game}: declared, never met"
