"""RL adapter speed: PettingZoo steps per second with random legal actions, for every registered game.

Printed, never asserted. Run with ``.venv/bin/python benchmarks/bench_rl.py`` (a minute or two on
2 cores). Three loops per game, each the median of repeats of a few seeded games:

- ``full``: the PettingZoo loop an RL library runs (``last()`` with the encoded observation and the
  mask, a random legal number, ``step()``), through the wrapped ``env()``;
- ``mask``: the same game on ``raw_env`` reading only the legal numbers (no observation encoded),
  the ceiling of the adapter without the view encoding;
- ``openspiel``: ``legal_actions()`` and ``apply_action()`` on the OpenSpiel state.

The engine runs compiled when a build matches the sources (``bourbon-lab compile``); with
``--both`` the script also runs itself with ``BOURBON_LAB_PURE=1`` for the plain-Python figures.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time

import numpy as np

import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.games import BUILTIN
from bourbon_lab.rl import openspiel as ops
from bourbon_lab.rl import pettingzoo as pz

PLAYERS = 4
REPEATS = 3
STEPS = 3_000
"""Steps per repeat (a repeat plays seeded games until it has this many)."""


def _players(game: str) -> int:
    info = bl.get_game(game).info
    return min(max(PLAYERS, info.min_players), info.max_players)


def full_loop(game: str, seed: int) -> float:
    env = pz.env(game=game, players=_players(game))
    rng = np.random.default_rng(seed)
    steps, start = 0, time.perf_counter()
    while steps < STEPS:
        env.reset(seed=seed + steps)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - start)


def mask_loop(game: str, seed: int) -> float:
    env = pz.raw_env(game=game, players=_players(game))
    rng = random.Random(seed)
    steps, start = 0, time.perf_counter()
    while steps < STEPS:
        env.reset(seed=seed + steps)
        while not env.state.is_over:
            env.step(rng.choice(list(env.legal())))
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel_loop(game: str, seed: int) -> float:
    rng = random.Random(seed)
    steps, start = 0, time.perf_counter()
    while steps < STEPS:
        state = ops.load(game, players=_players(game), seed=seed + steps).new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    print(f"RL adapters, random legal actions, {STEPS:,} steps a repeat, median of {REPEATS}")
    print(f"  rules engine: {native.status()} (bourbon-lab compile builds it; BOURBON_LAB_PURE=1 ignores it)")
    print(f"  {'game':>14} {'players':>7} {'full steps/s':>13} {'mask steps/s':>13} {'openspiel/s':>12}")
    for game in [g for g in bl.games() if g in BUILTIN]:
        figures = [
            statistics.median(loop(game, seed) for seed in range(REPEATS))
            for loop in (full_loop, mask_loop, openspiel_loop)
        ]
        print(f"  {game:>14} {_players(game):>7} " + " ".join(f"{f:>13,.0f}" for f in figures))
    if "--both" in sys.argv and native.is_compiled():
        print("\nthe same as plain Python:", flush=True)
        env = {**os.environ, "BOURBON_LAB_PURE": "1"}
        subprocess.run([sys.executable, __file__], env=env, check=True)


if __name__ == "__main__":
    main()
