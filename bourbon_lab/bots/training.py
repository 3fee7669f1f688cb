"""Training the learned bot: a few rounds of expert iteration by self-play, on the exact rules it will play.

Round 0 plays the game's heuristic at every seat (a random move now and then) and fits a first value of
a state to the final rewards. Each later round seats the expert, the lookahead (``lookahead.py``: every
action played out on shared re-dealt worlds and judged by the value so far), against the heuristic,
and refits the value on every state so far: the value learns what the states its own search reaches
are worth, and the search it judges for improves with it.

The games of a round are cut into fixed chunks of ``CHUNK`` and their rows summed in game order, so
the model is the same on one worker, two, or a Dask cluster (``executor=``, like ``simulate``). Models
are kept by the ruleset's fingerprint (``models.py``): a second call for the same rules returns the
model at once, a changed rule trains anew.
"""

from __future__ import annotations

import multiprocessing
import os
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from ..core import get_game
from ..core.errors import BourbonLabError
from . import models
from .features import Features
from .selfplay import Plan, play_chunk, seed_of
from .value import Stats, fit

CHUNK = 2
"""Games per task: fixed, so a game's rows never depend on how many workers there are."""

DEFAULTS = {"rounds": 3, "games": 48, "warmup": 200, "depth": 20, "steps": 100, "seed": 0}
"""The default budget: 200 heuristic games, then 3 rounds of 48 games (12 seeds at each of the 4 margins) with
the lookahead at half the seats. The lookahead plays up to ``depth`` decisions after each action and spends
about ``steps`` thousand such rollout decisions on a whole game at its table (``reach``)."""

MOST_WORLDS = 8
"""The most re-dealt worlds a move is tried on, however short the game."""

LEAST_DEPTH = 4
"""The shortest rollout, however long the game."""

LEAF = 8
"""What judging a rollout's last state costs, in rollout decisions (reading the view and the score, pure Python):
counted when a long game's rollouts are cut to fit (a four-player Bourbonomics game of 1,700 decisions)."""

SIZE = 512
"""Buckets of the hashed view (plus the named columns and points by source)."""

KEEP = 100
"""States kept from each game (a reservoir over its decisions)."""

EPSILON = (0.10, 0.02)
"""Random moves: in the heuristics' round 0, and in the later rounds."""

MARGINS = (0.0, 0.05, 0.15, float("inf"))
"""The margins tried, in reward units: by how much another move must play out better than the heuristic's.
Each seed of a round is played once at each (``inf``: the heuristic's move always, the baseline on that
deal); ``choose_margin`` keeps one only on evidence."""

SURE = 1.5
"""Standard errors a margin's mean gain over the heuristic must stand above zero by (93 % one-sided)."""

HELD = 4
"""Every ``HELD``-th game is held out: it chooses the ridge penalty."""


class TrainingError(BourbonLabError, ValueError):
    """A training request that cannot start (a budget below its floor, a table the game does not seat)."""


def budget(rounds: int, games: int, warmup: int, depth: int, steps: int, seed: int) -> dict[str, int]:
    """The budget as a model's key holds it, checked."""
    floors = (("rounds", rounds, 0), ("games", games, len(MARGINS)), ("warmup", warmup, HELD), ("depth", depth, 0),
              ("steps", steps, 1))  # fmt: skip
    for name, value, low in floors:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise TrainingError(f"learned: {name} must be a whole number of at least {low}, got {value!r}")
    if games % len(MARGINS):
        raise TrainingError(
            f"learned: games must be a multiple of {len(MARGINS)} (each seed is played at every margin), got {games}"
        )
    return {"rounds": rounds, "games": games, "warmup": warmup, "depth": depth, "steps": steps, "seed": int(seed)}


def reach(steps: int, depth: int, options: float) -> tuple[int, int]:
    """Worlds a move is tried on and rollout depth, so that a whole game spends about ``steps`` thousand decisions.

    ``options``: legal actions summed over a game's decisions (every seat's, those with a choice), as the
    heuristics' games of round 0 played them; the lookahead tries each. A short game gets more worlds a
    move (up to ``MOST_WORLDS``), a long one shorter rollouts (down to ``LEAST_DEPTH``), which leave room for
    judging each one's last state (``LEAF``).
    """
    share = steps * 1000 / max(options, 1.0)
    if share >= depth:
        return max(1, min(MOST_WORLDS, int(share // max(depth, 1)))), depth
    return 1, max(min(LEAST_DEPTH, depth), int(share) - LEAF)


FITS = 0
"""Models this process has trained (a test counts them: a kept model is not trained again)."""


def train(
    rules: Any,
    players: int = 4,
    *,
    rounds: int = DEFAULTS["rounds"],
    games: int = DEFAULTS["games"],
    warmup: int = DEFAULTS["warmup"],
    depth: int = DEFAULTS["depth"],
    steps: int = DEFAULTS["steps"],
    seed: int = DEFAULTS["seed"],
    workers: int | None = None,
    executor: Any = None,
    progress: bool | None = None,
    retrain: bool = False,
) -> models.Model:
    """The learned bot's model for ``rules`` at ``players``: found (memory, then disk) or trained and saved.

    Parameters
    ----------
    rules : a ruleset of any game, house rules included; the model is for exactly these rules.
    players : the table size it learns at.
    rounds, games, warmup : ``warmup`` heuristic games, then ``rounds`` rounds of ``games`` games with the lookahead.
    depth, steps : the lookahead's rollout length and its thousands of rollout decisions a game (the bot plays
        with the same; the worlds a move is tried on follow from the game's length, measured in round 0).
    seed : the training seed; the same seed gives the same model in any process, on any number of workers.
    workers : local processes (default: one per CPU; 1 = in this process). ``executor``: a Dask client instead.
    progress : a tqdm bar (None: when it takes over a second). ``retrain``: train even when a model is kept.
    """
    game = get_game(rules.game)
    if isinstance(players, bool) or not isinstance(players, int) or players not in game.info.player_counts:
        lo, hi = game.info.min_players, game.info.max_players
        raise TrainingError(f"learned: players {players!r} is outside {game.name}'s {lo}-{hi}")
    spent = budget(rounds, games, warmup, depth, steps, seed)
    fingerprint = rules.fingerprint()
    if not retrain:
        found = models.find(game.name, fingerprint, players, spent, SIZE)
        if found is not None:
            return found
    with models.claim(game.name, players, models.model_key(game.name, fingerprint, players, spent, SIZE)):
        if not retrain:  # another process may have trained it while this one waited for the lock
            found = models.find(game.name, fingerprint, players, spent, SIZE)
            if found is not None:
                return found
        model = _train(rules, players, spent, fingerprint, workers, executor, progress)
        models.remember(model)
        try:
            models.save(model)
        except OSError as exc:  # a folder that cannot be written: the model still plays in this process
            warnings.warn(f"learned: could not save the model ({exc}); it is kept in memory only", stacklevel=2)
    return model


def _train(rules, players, spent, fingerprint, workers, executor, progress) -> models.Model:
    global FITS
    game = rules.game
    dim = Features(game, players, SIZE).dim
    states = (Stats(dim), Stats(dim))  # fitted on, held out
    weights = None
    worlds, depth = 1, spent["depth"]
    history: list[dict[str, Any]] = []
    edges: dict[tuple[int, int], dict[float, float]] = {}
    total = spent["warmup"] + spent["rounds"] * spent["games"]
    with _own_bar(total, progress, f"learning {game} at {players}") as bar:
        for r in range(spent["rounds"] + 1):
            start = time.perf_counter()
            count = spent["warmup"] if r == 0 else spent["games"]
            plan = Plan(SIZE, EPSILON[min(r, 1)], KEEP, weights, depth, worlds, MARGINS)
            tasks = [(i, seed_of(spent["seed"], r, i // len(MARGINS) if r else i)) for i in range(count)]
            chunks = [tasks[i : i + CHUNK] for i in range(0, count, CHUNK)]
            ours, theirs, cpu, moves, choices, options = [], [], 0.0, 0, 0, 0
            for index, played in enumerate(_run(rules, players, chunks, plan, workers, executor)):
                for k, p in enumerate(played):
                    states[(index * CHUNK + k) % HELD == HELD - 1].add_rows(p.cols, p.vals, p.targets)
                    cpu += p.cpu
                    moves += p.moves
                    choices += p.choices
                    options += p.options
                    if p.learned_reward is not None:
                        ours.append(p.learned_reward)
                        if p.other_reward is not None:
                            group = (r, (index * CHUNK + k) // len(MARGINS))
                            edges.setdefault(group, {})[p.margin] = p.learned_reward - p.other_reward
                    if p.other_reward is not None:
                        theirs.append(p.other_reward)
                bar.update(len(played))
            result = fit(*states)
            weights = result.weights
            if r == 0:
                worlds, depth = reach(spent["steps"], spent["depth"], options / count)
            history.append(
                {
                    "round": r,
                    "games": count,
                    "moves": moves,
                    "worlds": worlds,
                    "depth": depth,
                    "states": states[0].rows + states[1].rows,
                    "penalty": result.penalty,
                    "held_error": round(result.holdout_error, 5),
                    "held_baseline": round(result.baseline_error, 5),
                    "learned_reward": round(sum(ours) / len(ours), 4) if ours else None,
                    "heuristic_reward": round(sum(theirs) / len(theirs), 4) if theirs else None,
                    "seconds": round(time.perf_counter() - start, 2),
                    "cpu_seconds": round(cpu, 2),
                }
            )
    FITS += 1
    margin, gains = choose_margin(edges)
    history[-1].update({"margins": gains, "margin": margin})
    return models.Model(game, fingerprint, players, dict(spent), SIZE, weights, margin, worlds, depth, history)


@contextmanager
def _own_bar(total: int, progress: bool | None, desc: str) -> Iterator[Any]:
    """The training's own bar of ``total`` games (``sim.progress``), even inside a longer call's bar.

    A run that trains its bot first (``simulate`` with ``learned``) shows the training on a bar of its own:
    its games are not the run's, so they must not advance the run's bar.
    """
    from ..sim import progress as bars

    token = bars._OPEN.set(None)
    try:
        with bars.progress_bar(total, progress, desc=desc) as bar:
            yield bar
    finally:
        bars._OPEN.reset(token)


def choose_margin(edges: dict[tuple[int, int], dict[float, float]]) -> tuple[float, dict[str, list[float]]]:
    """The margin whose lookahead seats gained most over the heuristic on the same deals, with confidence.

    ``edges`` holds, for each seed played at every margin, the lookahead seats' reward minus their rivals' at
    each margin. A margin's gain on a seed is its edge minus the ``inf`` game's (the heuristic in the same
    seats, on the same deal); the margin kept is the one whose mean gain stands highest above zero by
    ``SURE`` standard errors, else ``inf``: the bot leaves the heuristic only when the evidence says so.
    """
    gains: dict[float, list[float]] = {}
    for by_margin in edges.values():
        base = by_margin.get(float("inf"))
        if base is None:
            continue
        for m, edge in by_margin.items():
            if m != float("inf"):
                gains.setdefault(m, []).append(edge - base)
    best, best_low, table = float("inf"), 0.0, {}
    for m in sorted(gains):
        g = gains[m]
        mean = sum(g) / len(g)
        spread = (sum((x - mean) ** 2 for x in g) / (len(g) - 1)) ** 0.5 if len(g) > 1 else float("inf")
        low = mean - SURE * spread / len(g) ** 0.5
        table[str(m)] = [round(mean, 4), round(low, 4)]
        if low > best_low + 1e-12:
            best, best_low = m, low
    return best, table


def _run(rules, players, chunks, plan, workers, executor) -> Iterator[list]:
    """Each chunk's games, in chunk order, from this process, a local pool or ``executor``."""
    if executor is not None:
        extra = {"pure": False} if hasattr(executor, "gather") else {}
        futures = [executor.submit(play_chunk, rules, players, c, plan, **extra) for c in chunks]
        for fut in futures:
            yield fut.result()
        return
    lanes = workers or os.cpu_count() or 1
    if multiprocessing.parent_process() is not None:
        lanes = 1  # already a worker (a simulation's): no pool inside a pool
    if lanes <= 1 or len(chunks) <= 1:
        for c in chunks:
            yield play_chunk(rules, players, c, plan)
        return
    with ProcessPoolExecutor(max_workers=lanes) as pool:
        futures = [pool.submit(play_chunk, rules, players, c, plan) for c in chunks]
        try:
            for fut in futures:
                yield fut.result()
        finally:
            for fut in futures:
                fut.cancel()
