"""Microbrew speed and the issue's acceptance check, printed, never asserted.

``python benchmarks/bench_microbrew.py``: ms per heuristic game and games/s on one core at 2 and
4 players (in this process: compiled when Microbrew's build is there), the median of repeats; also a
random-legal game, ``clone`` and ``snapshot``. ``--acceptance`` plays the issue's 200 two-player
heuristic games and prints whether any hit the loop guard or the round limit and how each ended.
``--duels`` prints each heuristic's win rate against random and head to head. ``--calibrate`` prints
the lab's design metrics (turn-order spread, strategy dominance, ...) under each reading of who starts a round.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter

import bourbon_lab as bl
from bourbon_lab.bots import make_bot

RULES = bl.default_rules("microbrew")
REPEATS = 5
AIM = 200.0
"""Issue 19: two-player heuristic games per second on one core, compiled."""


def heuristic_game(names: list[str], seed: int, rules=RULES):
    g = bl.new_game(rules, players=len(names), seed=seed)
    bots = [make_bot(name, seed=seed * 10 + s, game="microbrew") for s, name in enumerate(names)]
    while not g.is_over:
        d = g.decision
        # unchecked, as the simulator plays a bot's legal move (a checked apply first copies the table)
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()), check=False)
    return g


def random_game(players: int, seed: int):
    g = bl.new_game(RULES, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def timed(fn, repeats: int = REPEATS) -> float:
    """The median CPU seconds of ``fn`` (CPU, not wall: the machine is shared, and a busy one only adds waiting)."""
    times = []
    for _ in range(repeats):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times)


def speed() -> None:
    games = 10
    how = bl.native.status("microbrew")
    print(f"Microbrew engine ({how}), one core, CPU time (median of {REPEATS} repeats of {games} games)")
    for label, names in (
        ("2p heuristic (perfect)", ["heuristic"] * 2),
        ("2p perfect vs advertise", ["perfect", "advertise"]),
        ("4p heuristic (perfect)", ["heuristic"] * 4),
        ("4p perfect vs advertise", ["perfect", "advertise"] * 2),
    ):
        t = timed(lambda n=names: [heuristic_game(n, s) for s in range(games)])
        aim = ""
        if names == ["heuristic"] * 2:  # issue 19's aim is for this table, compiled
            aim = f"  aim {AIM:.0f} games/s compiled: {'met' if games / t >= AIM else 'missed'}"
            aim += "" if bl.native.is_compiled("microbrew") else " (this process runs plain Python)"
        print(f"  {label:26s} {1000 * t / games:7.1f} ms/game  {games / t:7.1f} games/s{aim}")
    for n in (2, 4):
        t = timed(lambda n=n: [random_game(n, s) for s in range(games)])
        decisions = sum(len(random_game(n, s).actions) for s in range(games))
        print(
            f"  {f'{n}p random legal':26s} {1000 * t / games:7.1f} ms/game  {games / t:7.1f} games/s  "
            f"{1e6 * t / decisions:5.1f} us/decision"
        )
    g = heuristic_game(["heuristic"] * 4, 1)
    print(
        f"  clone {1e6 * timed(lambda: [g.clone() for _ in range(200)]) / 200:7.1f} us   "
        f"snapshot {1e6 * timed(lambda: [g.snapshot() for _ in range(200)]) / 200:7.1f} us (a finished 4p game)"
    )
    from compiled_vs_plain import compare  # the table, compiled and plain side by side

    compare("microbrew", 2)


def acceptance(total: int = 200) -> int:
    """The issue's check on ``total`` two-player heuristic games; returns how many broke it."""
    broken, ends, rounds = 0, Counter(), Counter()
    for i in range(total):
        names = [("perfect", "advertise", "heuristic")[(i + s) % 3] for s in range(2)]
        g = heuristic_game(names, 1000 + i)
        ends[g.ended_by] += 1
        rounds[g.round] += 1
        if g.cap_hit or g.ended_by not in ("deck_out", "all_loyal"):
            broken += 1
            print(f"  game {i} seed {1000 + i}: cap_hit={g.cap_hit} ended_by={g.ended_by}")
    print(f"Acceptance: {total} two-player heuristic games (perfect / advertise / heuristic seats)")
    print(f"  games that hit the loop guard or the round limit: {broken}")
    print(f"  ended by: {dict(ends)}; rounds: {dict(sorted(rounds.items()))}")
    print("  PASS" if broken == 0 else "  FAIL")
    return broken


def duels(games: int = 200) -> None:
    print(f"Win rates over {games} two-player games, seats alternating (shared wins split)")
    for a, b in (("perfect", "random"), ("advertise", "random"), ("perfect", "advertise")):
        share = 0.0
        for seed in range(games):
            seats = [a, b] if seed % 2 == 0 else [b, a]
            rows = heuristic_game(seats, 5000 + seed).score_rows()
            won = [r.player for r in rows if r.won]
            share += sum(1 for p in won if seats[p] == a) / len(won)
        print(f"  {a:10s} vs {b:10s} {100 * share / games:5.1f} %")


def calibrate(games: int = 200) -> None:
    """The lab's metrics (``bourbon_lab.design``) under each reading of who starts a round (rotate is the default)."""
    from bourbon_lab.design.metrics import measure

    names = ["turn_order_spread", "strategy_dominance", "rounds", "winner_margin", "largest_source_share"]
    print(f"Calibration: {games} two-player games, perfect vs advertise, seats rotating (one process)")
    for label, changes in (
        ("round_starter=first", {"round_starter": "first"}),
        ("round_starter=tracker (the first default)", {"round_starter": "tracker"}),
        ("round_starter=rotate (default)", {}),
    ):
        result = bl.simulate(
            RULES.replace(**changes), players=2, games=games, bots=["perfect", "advertise"], seed=9, workers=1
        )
        table = measure(result, names, game="microbrew")
        cells = [f"{r['metric']} {r['value']:.1f}" for r in table.iter_rows(named=True)]
        print(f"  {label:40s} " + " | ".join(cells))


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--calibrate" in args:
        calibrate()
        sys.exit(0)
    if "--acceptance" in args:
        sys.exit(1 if acceptance() else 0)
    if "--duels" in args:
        duels()
    else:
        speed()
