"""Rules-engine speed: random-legal games per second, per-decision cost, snapshot and clone.

Printed, never asserted. Each figure is the median of several repeats; the checked path is
also given as a ratio against the trusted path measured in the same run, which cancels most
of the machine's noise.
"""

from __future__ import annotations

import json
import random
import statistics
import time

import bourbon_lab as bl
from bourbon_lab import native

REPEATS = 5


def play(rules, players: int, seed: int, check: bool) -> int:
    g = bl.new_game(rules, players=players, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_over:
        acts = g.legal_actions()
        ends = [a for a in acts if a.verb in ("end_turn", "pass_dice", "stop_rolling")]
        a = rng.choice(ends) if ends and rng.random() < 0.2 else rng.choice(acts)
        g.apply(a, check=check)
        n += 1
    return n


def timed(fn, repeats: int = REPEATS) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def main() -> None:
    rules = bl.Ruleset.default()
    print("bourbon_lab rules engine benchmark (medians of", REPEATS, "repeats)")
    print(f"  rules engine: {native.status()}")
    for players in (2, 4, 6):
        games = 10
        trusted, decisions = timed(lambda p=players, k=games: sum(play(rules, p, s, False) for s in range(k)))
        checked, _ = timed(lambda p=players, k=games: sum(play(rules, p, s, True) for s in range(k)))
        print(
            f"  {players} players, random policy, {rules.round_limit}-round cap: "
            f"{trusted / games * 1000:7.1f} ms/game trusted, {trusted / decisions * 1e6:6.1f} us/decision, "
            f"checked/trusted = {checked / trusted:4.2f}"
        )
    g = bl.new_game(rules, players=4, seed=1)
    rng = random.Random(1)
    for _ in range(400):
        g.apply(rng.choice(g.legal_actions()), check=False)
    snap_t, snap = timed(lambda: json.dumps(g.snapshot()), 20)
    restore_t, _ = timed(lambda: bl.Game.restore(json.loads(snap)), 20)
    clone_t, _ = timed(g.clone, 20)
    print(
        f"  snapshot->JSON {snap_t * 1000:.2f} ms ({len(snap) / 1024:.0f} KiB), restore {restore_t * 1000:.2f} ms, "
        f"clone {clone_t * 1000:.3f} ms (clone/restore = {clone_t / restore_t:.3f})"
    )


if __name__ == "__main__":
    main()
