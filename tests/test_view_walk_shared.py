"""Issue 52 (item 4): one view walk in the core, shared by the RL observation and the learned bot's features.

``rl/observation.ViewEncoder`` and ``bots/features.Features`` hashed a view by the same walk, written twice.
It now lives once in ``bourbon_lab/core/viewhash.py``. The digests below were recorded from the two copies
*before* they were merged, on a few states of each built-in game (2 and 4 seats, random legal play), so
the shared walk must give every observation and every feature row bit for bit as before.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import random
import struct

import numpy as np
import pytest

import bourbon_lab as bl
from bourbon_lab.bots import features
from bourbon_lab.bots.features import Features
from bourbon_lab.games import BUILTIN
from bourbon_lab.rl import observation
from bourbon_lab.rl.observation import ViewEncoder, ViewStateEncoder

GAMES = ("bourbonomics", "distilled", "gin_crafters", "microbrew")

OBSERVATION = {
    "bourbonomics": "7c6ff7f3930943f869144653e207daecce073dec655f4294a5150ba02efb9891",
    "distilled": "f676e387b1a7a5cf1b6f72e8a082282122594e076b797b8535efe809fc44879f",
    "gin_crafters": "35500b915e3a4d2cad46655f670c6768575f98a69d7bed92e7d74f868dafff1c",
    "microbrew": "51d628f6f1626a0a2fb7f9fff0853755f8636f71eee2ca78047a515300507789",
}
"""sha256 over the float32 bytes of every ``ViewEncoder``/``ViewStateEncoder`` output below (old code)."""

FEATURES = {
    "bourbonomics": "462bd4b0963f84d35a1b1b549778e5f90104678017bb3c6f01fb6e2d7fc44618",
    "distilled": "96f81e00b045a3f2895f379cd81051d33a00b5caf1fef707d99355c816561679",
    "gin_crafters": "8483c0c8d3f7d669fc260609ee3aa366066d3901e910f8c89130130773eced98",
    "microbrew": "a7fb83c28c0653a623c4dcb9bb10143a2a830951c08aaf30a590fc6477038ce5",
}
"""sha256 over every ``Features.row`` below, as (column int64, value float64) pairs by column (old code)."""


def test_the_digests_cover_every_built_in_game():
    assert sorted(BUILTIN) == sorted(GAMES) == sorted(OBSERVATION) == sorted(FEATURES)


def _states(game: str, players: int, seed: int, steps=(0, 7, 19, 40)):
    """The table after 0, 7, 19 and 40 random legal actions (fewer if the game ends first)."""
    g = bl.new_game(bl.default_rules(game), players, seed)
    rng = random.Random(seed)
    done = 0
    for stop in steps:
        while done < stop and not g.is_over:
            g.apply(rng.choice(g.legal_actions()), check=False)
            done += 1
        yield g.clone()


TABLES = ((2, 3), (4, 11))
"""(players, seed) of the tables played."""


@pytest.mark.parametrize("game", GAMES)
def test_the_rl_observation_is_bit_identical_to_before(game):
    h = hashlib.sha256()
    gamedef = bl.get_game(game)
    for players, seed in TABLES:
        # One encoder of each shape, reused over the states (its path caches warm, as in training).
        own, plain, small = ViewEncoder.for_game(gamedef), ViewEncoder(), ViewEncoder.for_game(gamedef, 64)
        state_encoder = ViewStateEncoder(players, game=gamedef)
        for state in _states(game, players, seed):
            for seat in range(players):
                view = state.view(seat)
                for enc in (own, plain, small):
                    h.update(enc.encode(view, seat, players).astype(np.float32).tobytes())
                out = np.zeros(state_encoder.size, dtype=np.float32)
                state_encoder.encode(state, seat, out)
                h.update(out.tobytes())
    assert h.hexdigest() == OBSERVATION[game]


@pytest.mark.parametrize("game", GAMES)
def test_the_learned_bots_features_are_identical_to_before(game):
    h = hashlib.sha256()
    for players, seed in TABLES:
        rows = Features(game, players), Features(game, players, size=64)
        for state in _states(game, players, seed):
            for seat in range(players):
                for f in rows:
                    row = f.row(state, seat)
                    for k in sorted(row):
                        h.update(struct.pack("<qd", k, row[k]))
    assert h.hexdigest() == FEATURES[game]


def _defines(module, names: set[str]) -> set[str]:
    """The functions and methods among ``names`` that the module's own source defines."""
    tree = ast.parse(inspect.getsource(module))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)} & names


WALK = {"_walk", "_items", "_text", "_text_bucket", "_turned", "_role", "_matches"}


def test_neither_module_keeps_its_own_walk():
    """Both read the view through the core's walker; neither defines the walk, its items or its seat turning."""
    from bourbon_lab.core import viewhash

    assert _defines(features, WALK) == set()
    assert _defines(observation, WALK) == set()
    assert _defines(viewhash, {"_walk", "_items", "_turned"}) == {"_walk", "_items", "_turned"}
    for module in (features, observation):
        assert "bourbon_lab.core.viewhash" in {
            f"bourbon_lab.core.{node.module.split('.')[-1]}"
            for node in ast.walk(ast.parse(inspect.getsource(module)))
            if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("viewhash")
        }, module.__name__


def test_a_capped_cache_walks_the_same_cells():
    """The caches only save work: a walker that forgets its paths at once gives the same cells."""
    from bourbon_lab.core.viewhash import ViewWalker

    gamedef = bl.get_game("distilled")
    seats = gamedef.view_seats
    kept = ViewWalker(256, by_seat=seats.by_seat, seat_numbers=seats.seat_numbers)
    forgetful = ViewWalker(256, by_seat=seats.by_seat, seat_numbers=seats.seat_numbers, max_paths=1, max_texts=0)
    for state in _states("distilled", 3, 5):
        for seat in range(3):
            a: dict[int, float] = {}
            b: dict[int, float] = {}
            kept.add(state.view(seat), seat, 3, a)
            forgetful.add(state.view(seat), seat, 3, b, offset=10)
            assert a and b == {k + 10: v for k, v in a.items()}
