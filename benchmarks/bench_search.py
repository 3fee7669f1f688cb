"""What a search bot pays per world (issue 41): a clone against an apply, and one IS-MCTS decision.

For every game, compiled and plain (each a fresh process, the builds alternating): four-player
heuristic games (seeds 1-3), every move applied unchecked as the simulator does. Per game:

- ``apply``: the mean unchecked ``apply`` of the game's moves;
- ``clone``: the mean ``clone()`` at each of those decisions (replayed, so the timed game is never cloned);
- ``clone+5``: what a clone costs once it is played on: a clone and its next five moves, less those
  five moves on the table itself, in applies (a table may defer copying until a clone first draws);
- ``decision``: one ``ismcts:200`` decision (the bot's default settings) on one core, CPU time, at
  eight decisions of seed 1 with a real choice, median and slowest.

The aims: clone at most 3 applies, a 200-iteration decision at most 0.5 s. Medians over the three
games (clone ratios) and the eight decisions. ``python benchmarks/bench_search.py [GAME ...] [--repeats N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

_RUN = """
import json, sys, time
import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.bots import make_bot

game = sys.argv[1]
rules = bl.default_rules(game)
perf = time.perf_counter


def moves(seed):
    g = bl.new_game(rules, players=4, seed=seed)
    bots = [make_bot("heuristic", seed=seed * 10 + s, game=game) for s in range(4)]
    spent, played = 0.0, []
    while not g.is_over:
        d = g.decision
        a = bots[d.actor].choose(g.observe(d.actor), g.legal_actions())
        t = perf()
        g.apply(a, check=False)
        spent += perf() - t
        played.append(a)
    return spent / len(played), played


def clones(seed, played):
    g = bl.new_game(rules, players=4, seed=seed)
    spent, extra = 0.0, []
    for i, a in enumerate(played):
        t = perf()
        c = g.clone()
        spent += perf() - t
        if i % 7 == 0 and i + 5 < len(played):
            ahead = played[i : i + 5]
            t = perf()
            for b in ahead:
                c.apply(b, check=False)
            with_clone = perf() - t
            c = g.clone()
            t = perf()
            for b in ahead:
                c.apply(b, check=False)
            warm = perf() - t
            extra.append(with_clone - warm)
        g.apply(a, check=False)
    return spent / len(played), extra


def decisions(seed, played, count=8):
    g = bl.new_game(rules, players=4, seed=seed)
    spots = []
    for a in played:
        if len(g.legal_actions()) > 1:
            spots.append(g.clone())
        g.apply(a, check=False)
    step = max(1, len(spots) // count)
    times = []
    for k, s in enumerate(spots[::step][:count]):
        bot = make_bot("ismcts:200", seed=k, game=game)
        d = s.decision
        view, legal = s.observe(d.actor), s.legal_actions()
        t = time.process_time()
        bot.choose(view, legal)
        times.append(time.process_time() - t)
    return times


moves(1000)  # imports and caches warm
out = {"apply": [], "clone": [], "extra": [], "status": native.status(game)}
for seed in (1, 2, 3):
    apply_s, played = moves(seed)
    clone_s, extra = clones(seed, played)
    out["apply"].append(apply_s)
    out["clone"].append(clone_s)
    out["extra"].append(sum(extra) / len(extra))
    if seed == 1:
        out["decisions"] = decisions(seed, played)
print(json.dumps(out))
"""


def run(game: str, pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "BOURBON_LAB_PURE"}
    if pure:
        env["BOURBON_LAB_PURE"] = "1"
    args = [sys.executable, "-c", _RUN, game]
    return json.loads(subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout)


def row(game: str, build: str, r: dict) -> str:
    ratio = statistics.median(c / a for c, a in zip(r["clone"], r["apply"]))
    deferred = statistics.median(x / a for x, a in zip(r["extra"], r["apply"]))
    apply_us = 1e6 * statistics.median(r["apply"])
    clone_us = 1e6 * statistics.median(r["clone"])
    dec = r["decisions"]
    med, worst = statistics.median(dec), max(dec)
    aims = f"clone {'met' if ratio <= 3 else 'MISSED'}, decision {'met' if med <= 0.5 else 'MISSED'}"
    return (
        f"| {game} | {build} | {apply_us:.1f} µs | {clone_us:.1f} µs | {ratio:.2f} | {deferred:.2f} "
        f"| {med:.3f} s (slowest {worst:.3f} s) | {aims} |"
    )


def main(argv: list[str] | None = None) -> None:
    import bourbon_lab as bl

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    ap.add_argument("--repeats", type=int, default=1, help="runs per game and build; medians over all")
    args = ap.parse_args(argv)
    games = args.games or bl.games()
    print("| game | build | apply | clone | clone / apply | clone+5 extra / apply | ismcts:200 decision, 4p | aims |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for game in games:
        for pure in (False, True):
            merged: dict = {"apply": [], "clone": [], "extra": [], "decisions": []}
            status = ""
            for _ in range(args.repeats):
                r = run(game, pure)
                for k in merged:
                    merged[k] += r[k]
                status = r["status"]
            build = "plain" if pure else ("compiled" if "compiled" in status else f"plain ({status})")
            print(row(game, build, merged), flush=True)


if __name__ == "__main__":
    main()
