"""Gin Crafters speed and the issue's acceptance check, printed, never asserted.

``python benchmarks/bench_gin_crafters.py``: ms per 4-player heuristic game and games/s on one
core (plain Python; the mypyc build covers only Bourbonomics), the median of repeats; also a
random-legal game, ``clone`` and ``snapshot``. ``--acceptance`` plays the issue's 200 heuristic
games (both final-turns readings, 2-4 players) and prints whether every one ended by the 30-point
signal with the final turns the variant says, and every lending event paid the lend fee.
``--duels`` prints each heuristic's win rate against random.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.games.gin_crafters.audit import audit

RULES = bl.default_rules("gin_crafters")
REPEATS = 5


def heuristic_game(rules, names: list[str], seed: int):
    g = bl.new_game(rules, players=len(names), seed=seed)
    bots = [make_bot(name, seed=seed * 10 + s, game="gin_crafters") for s, name in enumerate(names)]
    while not g.is_over:
        d = g.decision
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
    return g


def random_game(seed: int):
    g = bl.new_game(RULES, players=4, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def timed(fn, repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def speed() -> None:
    games = 20
    print(f"Gin Crafters engine, plain Python, one core (median of {REPEATS} repeats of {games} games)")
    for label, names in (("4p heuristic (tempo)", ["heuristic"] * 4), ("4p brand", ["brand"] * 4)):
        t = timed(lambda n=names: [heuristic_game(RULES, n, s) for s in range(games)])
        print(f"  {label:24s} {1000 * t / games:7.1f} ms/game  {games / t:7.1f} games/s")
    t = timed(lambda: [random_game(s) for s in range(games)])
    decisions = sum(len(random_game(s).actions) for s in range(games))
    print(
        f"  {'4p random legal':24s} {1000 * t / games:7.1f} ms/game  {games / t:7.1f} games/s  "
        f"{1e6 * t / decisions:5.1f} us/decision"
    )
    g = heuristic_game(RULES, ["heuristic"] * 4, 1)
    print(
        f"  clone {1e6 * timed(lambda: [g.clone() for _ in range(200)]) / 200:7.1f} us   "
        f"snapshot {1e6 * timed(lambda: [g.snapshot() for _ in range(200)]) / 200:7.1f} us (a finished game)"
    )


def acceptance(total: int = 200) -> int:
    """The issue's check on ``total`` heuristic games; returns how many games broke it."""
    broken, lends, turns = 0, 0, []
    for i in range(total):
        rules = RULES.replace(final_turns=("others_once", "complete_round")[i % 2])
        n = 2 + i % 3
        g = heuristic_game(rules, ["heuristic" if s % 2 == 0 else "brand" for s in range(n)], 1000 + i)
        problems = audit(g)
        lends += sum(e.kind == "lend" for e in g.log)
        turns.append(g.turns / n)
        if problems:
            broken += 1
            print(f"  game {i} ({n}p, {rules.final_turns}): {'; '.join(problems)}")
    print(
        f"acceptance: {total - broken}/{total} heuristic games ended by the {RULES.end_vp}-point signal with the "
        f"final turns their variant says; {lends} lending events, each paid the lend fee of {RULES.lend_fee}"
    )
    print(f"  turns per player: median {statistics.median(turns):.1f}, range {min(turns):.1f}-{max(turns):.1f}")
    return broken


def duels(games: int = 200) -> None:
    for bot in ("tempo", "brand"):
        for n in (2, 4):
            wins = 0
            for s in range(games):
                me = s % n
                rows = heuristic_game(RULES, [bot if k == me else "random" for k in range(n)], s).score_rows()
                wins += rows[me].won and sum(r.won for r in rows) == 1
            print(f"  {bot} vs {n - 1} random: won {wins}/{games} ({100 * wins / games:.1f} %)")


if __name__ == "__main__":
    if "--acceptance" in sys.argv:
        sys.exit(1 if acceptance() else 0)
    if "--duels" in sys.argv:
        duels()
    else:
        speed()
