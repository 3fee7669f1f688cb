"""Self-play games for training: each game a plain picklable task, so it runs on any worker alike.

A game is dealt from its own seed and played to the end by the lookahead on the value so far at some
seats and the game's heuristic at the others (at every seat before there is a value), each move replaced
by a random legal one with probability ``epsilon`` (the value must see states the policies would not
reach). A reservoir keeps ``keep`` of its states, evenly over the game, each read from one seat's side
(drawn at random: a rollout's last state is judged from the searching seat's side, whoever moves
next); when the game ends, each state's target is that seat's final reward. Nothing here depends on
which process runs it, so the rows are the same on one worker or many.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core import new_game
from .features import Features
from .ismcts import rewards
from .lookahead import Lookahead, heuristics


@dataclass(frozen=True)
class Plan:
    """How one round's games are played: the value so far (None: the heuristics alone) and the lookahead's settings."""

    size: int
    epsilon: float
    keep: int
    weights: Any = None
    depth: int = 20
    worlds: int = 1
    margins: tuple[float, ...] = (0.0,)
    """Game ``i``'s lookahead seats leave the heuristic's move only for one better by ``margins[i % len]``."""
    share: int = 50
    """Per cent of seats the lookahead plays (at least one) once there is a value."""


@dataclass
class Played:
    """One game's states (columns and values), their targets, and how the lookahead's seats fared."""

    cols: list[np.ndarray] = field(default_factory=list)
    vals: list[np.ndarray] = field(default_factory=list)
    targets: np.ndarray = field(default_factory=lambda: np.zeros(0))
    moves: int = 0
    choices: int = 0
    """Decisions with more than one legal action."""
    options: int = 0
    """Legal actions summed over those decisions (the lookahead tries each)."""
    learned_reward: float | None = None
    other_reward: float | None = None
    margin: float = 0.0
    cpu: float = 0.0


def seed_of(seed: int, round_: int, index: int) -> int:
    """Game ``index`` of training round ``round_``: stable across processes and runs."""
    digest = hashlib.sha256(f"bourbon_lab.learned:{seed}:{round_}:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def learned_seats(players: int, index: int, plan: Plan) -> list[bool]:
    """Which seats the lookahead plays in game ``index``: a share of them (at least one).

    They rotate with each group of ``len(margins)`` games, which share a seed: the margins are compared on the
    same deals and seats.
    """
    if plan.weights is None:
        return [False] * players
    count = max(1, round(players * plan.share / 100))
    turn = index // len(plan.margins)
    return [((s - turn) % players) < count for s in range(players)]


def play(rules: Any, players: int, seed: int, index: int, plan: Plan) -> Played:
    """One training game (see the module docstring)."""
    cpu = time.process_time()
    game = rules.game
    g = new_game(rules, players, seed)
    rng = random.Random(seed)  # random moves and the reservoir
    look = random.Random(seed + 1)  # the lookahead's worlds: games paired on a seed agree until a move differs
    features = Features(game, players, plan.size)
    margin = plan.margins[index % len(plan.margins)]
    policy = Lookahead(features, plan.weights, plan.depth, plan.worlds, margin)
    own = heuristics(game, players, seed)
    rollout = heuristics(game, players, seed + 1)
    learned = learned_seats(players, index, plan)
    kept: list[tuple[int, dict[int, float]]] = []
    seen = options = 0
    while not g.is_over:
        seat = g.decision.actor
        legal = list(g.legal_actions())
        if len(legal) == 1:
            g.apply(legal[0], check=False)
            continue
        options += len(legal)
        view = g.observe(seat)
        h = own[seat]
        fav = _index(legal, h.choose(view, legal)) if h is not None else None
        if rng.random() < plan.epsilon:
            i = rng.randrange(len(legal))
        elif learned[seat]:
            i = policy.best(view, seat, legal, rollout, fav, look)
        else:
            i = fav if fav is not None else rng.randrange(len(legal))
        if h is not None and i != fav:
            h.forget()  # its plan assumed its own move
        g.apply(legal[i], check=False)
        seen += 1
        slot = seen - 1 if seen <= plan.keep else rng.randrange(seen)
        if slot < plan.keep:
            reader = rng.randrange(players)
            entry = (reader, features.row(g, reader))
            if slot < len(kept):
                kept[slot] = entry
            else:
                kept.append(entry)
    final = rewards(g, players, 0.2)
    out = Played(moves=len(g.actions), choices=seen, options=options, margin=margin)
    for _, row in kept:
        out.cols.append(np.fromiter(row.keys(), dtype=np.int32, count=len(row)))
        out.vals.append(np.fromiter(row.values(), dtype=np.float64, count=len(row)))
    out.targets = np.array([final[reader] for reader, _ in kept], dtype=np.float64)
    ours = [final[s] for s in range(players) if learned[s]]
    theirs = [final[s] for s in range(players) if not learned[s]]
    out.learned_reward = sum(ours) / len(ours) if ours else None
    out.other_reward = sum(theirs) / len(theirs) if theirs else None
    out.cpu = time.process_time() - cpu
    return out


def _index(legal: list, action: Any) -> int | None:
    text = str(action)
    for i, a in enumerate(legal):
        if str(a) == text:
            return i
    return None


def play_chunk(rules: Any, players: int, tasks: list[tuple[int, int]], plan: Plan) -> list[Played]:
    """Several games, ``(index, seed)`` each: one task for a worker."""
    return [play(rules, players, seed, index, plan) for index, seed in tasks]
