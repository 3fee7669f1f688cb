"""RL adapter speed: PettingZoo steps per second with random legal actions, for every registered game.

Printed, never asserted. Run with ``.venv/bin/python benchmarks/bench_rl.py`` (a few minutes on
2 cores). Loops per game, each the median of repeats of a few seeded games:

- ``full``: the PettingZoo loop an RL library runs (``last()`` with the encoded observation and the
  mask, a random legal number, ``step()``), through ``env()``, with the game's own observation
  encoder (``GameDef.encoder``; a game without one gets the hashed view);
- ``view``: the same loop with ``encoding="view"`` (the generic hashed view), and ``x`` = full / view;
- ``mask``: the same game on ``raw_env`` reading only the legal numbers (no observation encoded);
- ``openspiel``: ``legal_actions()`` and ``apply_action()`` on the OpenSpiel state;
- ``engine``: the lab's own ``legal_actions()`` and ``apply()``, the ceiling of any adapter.

Steps per CPU second of this process (``time.process_time``): on a shared machine the wall clock
measures the neighbours. The random choice is the agent's, made with Python's ``random`` from the
mask's non-zero numbers (numpy's ``Generator.choice`` alone costs about as much as a step).
The engine runs compiled when a build matches the sources (``bourbon-lab compile``); with
``--both`` the script also runs itself with ``BOURBON_LAB_PURE=1`` for the plain-Python figures.
Name games to run only those (``bench_rl.py bourbonomics --both``).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time

import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.games import BUILTIN
from bourbon_lab.rl import openspiel as ops
from bourbon_lab.rl import pettingzoo as pz

AIM = 20_000
"""Issue 16's aim for Bourbonomics compiled: the steps per second RLCard's card games reach."""

PLAYERS = 4
REPEATS = 5
STEPS = 3_000
"""Steps per repeat (a repeat plays seeded games until it has this many)."""


def _engine(game: str) -> str:
    """How the game's rules run in this process (``native.status`` per game, once the builds are per game)."""
    try:
        return native.status(game)
    except TypeError:  # a single build for Bourbonomics only
        return native.status() if game == "bourbonomics" else "pure Python"


def _players(game: str) -> int:
    info = bl.get_game(game).info
    return min(max(PLAYERS, info.min_players), info.max_players)


def full_loop(game: str, seed: int, encoding: str = "game") -> float:
    env = pz.env(game=game, players=_players(game), encoding=encoding)
    rng = random.Random(seed)
    steps, start = 0, time.process_time()
    while steps < STEPS:
        env.reset(seed=seed + steps)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
            else:
                legal = obs["action_mask"].nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def view_loop(game: str, seed: int) -> float:
    return full_loop(game, seed, encoding="view")


def mask_loop(game: str, seed: int) -> float:
    env = pz.raw_env(game=game, players=_players(game))
    rng = random.Random(seed)
    steps, start = 0, time.process_time()
    while steps < STEPS:
        env.reset(seed=seed + steps)
        while not env.state.is_over:
            env.step(rng.choice(list(env.legal())))
            steps += 1
    return steps / (time.process_time() - start)


def openspiel_loop(game: str, seed: int) -> float:
    rng = random.Random(seed)
    steps, start = 0, time.process_time()
    while steps < STEPS:
        state = ops.load(game, players=_players(game), seed=seed + steps).new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


def engine_loop(game: str, seed: int) -> float:
    rules, rng = bl.default_rules(game), random.Random(seed)
    steps, start = 0, time.process_time()
    while steps < STEPS:
        state = bl.new_game(rules, _players(game), seed + steps)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


LOOPS = (full_loop, view_loop, mask_loop, openspiel_loop, engine_loop)


def main() -> None:
    print(f"RL adapters, random legal actions, steps per CPU second, {STEPS:,} steps a repeat, median of {REPEATS}")
    print(f"  aim: {AIM:,} steps/s for Bourbonomics compiled (issue 16), in the full loop")
    head = ["full", "view", "x", "mask", "openspiel", "engine"]
    print(f"  {'game':>13} {'players':>7} {'own encoder':>11} " + " ".join(f"{h:>9}" for h in head) + "  rules run as")
    named = [a for a in sys.argv[1:] if not a.startswith("-")]
    for game in named or [g for g in bl.games() if g in BUILTIN]:
        full, view, mask, spiel, engine = (
            statistics.median(loop(game, seed) for seed in range(REPEATS)) for loop in LOOPS
        )
        own = "yes" if bl.get_game(game).encoder is not None else "no"
        cells = [f"{full:>9,.0f}", f"{view:>9,.0f}", f"{full / view:>8.1f}x", f"{mask:>9,.0f}", f"{spiel:>9,.0f}"]
        cells.append(f"{engine:>9,.0f}")
        print(f"  {game:>13} {_players(game):>7} {own:>11} " + " ".join(cells) + f"  {_engine(game)}")
    if "--both" in sys.argv and not os.environ.get("BOURBON_LAB_PURE"):
        print("\nthe same as plain Python:", flush=True)
        env = {**os.environ, "BOURBON_LAB_PURE": "1"}
        subprocess.run([sys.executable, __file__, *named], env=env, check=True)


if __name__ == "__main__":
    main()
