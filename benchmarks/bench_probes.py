"""Probe house rules (``probes.py``): does the learned bot play the rules it is given? (issue 51)

For each game and each of its three probes (a profitable new action, the heuristic's favourite made
worthless, an ignored mechanic made strong), ``bl.behaviour(base, changed, players=2, games=N)`` at a
table of ``learned`` bots and at a table of heuristics: the affected mechanic's firings a game under each
ruleset, the difference with its 95 % interval (percentile bootstrap over whole games), and whether it moved
the way the probe says it should (``right``: the interval excludes 0 on that side; ``wrong``: on the other;
``-``: it holds 0). For the new action also: the learned bot's wins against the heuristic (one learned seat,
seats rotated, the same seeds) under the base rules and under the probe, with Wilson 95 % intervals.

``python benchmarks/bench_probes.py [--games 40] [--game GAME ...] [--budget full|short|quick|SPEC] [--workers 2]``

``--budget full`` is the learned bot's default (``learned:rounds=3,games=48,warmup=200,depth=20,steps=100``,
its own margin); ``short`` one round of 16 self-play games after 100 heuristic ones, at 30 thousand rollout
decisions a game (what a shared two-core machine measures all twelve probes with in an hour); ``quick`` a
tiny one for a look at the wiring in minutes (its figures mean little); any other value is a learned spec as
written. Models are kept in ``$BOURBON_LAB_MODELS`` (a second run reuses them).
``--out FILE`` appends each probe's figures as a JSON line.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parent))

from probes import PROBES, Probe  # noqa: E402

import bourbon_lab as bl  # noqa: E402
from bourbon_lab.sim.stats import wilson  # noqa: E402

BUDGETS = {
    "full": "learned",
    "short": "learned:rounds=1,games=16,warmup=100,depth=20,steps=30",
    "quick": "learned:rounds=1,games=8,warmup=24,depth=6,steps=20",
}


def spec_of(budget: str) -> str:
    """The learned bot spec a ``--budget`` names."""
    if budget in BUDGETS:
        return BUDGETS[budget]
    if not budget.startswith("learned"):
        raise SystemExit(f"--budget: full, short, quick or a learned spec ('learned:rounds=1,...'), got {budget!r}")
    return budget


def moved(probe: Probe, base, changed, bots: str, players: int, games: int, workers: int, seed: int) -> dict:
    """The affected mechanic's use under both rulesets at a table of ``bots``, and its verdict."""
    b = bl.behaviour(base, changed, bots=bots, players=players, games=games, seed=seed, workers=workers, progress=False)
    row = b.table.filter(pl.col("mechanic") == probe.mechanic).row(0, named=True)
    lo, hi = row["ci_low"], row["ci_high"]
    if math.isnan(lo) or (lo <= 0 <= hi):
        verdict = "-"
    else:
        verdict = "right" if (lo > 0) == (probe.direction == "more") else "wrong"
    return {
        "base": row["base"],
        "changed": row["changed"],
        "diff": row["diff"],
        "lo": lo,
        "hi": hi,
        "verdict": verdict,
        "played": list(b.played),
        "moved": [  # every mechanic whose use moved at this table, most moved first
            [r["mechanic"], round(r["base"], 2), round(r["changed"], 2), round(r["ci_low"], 2), round(r["ci_high"], 2)]
            for r in b.moved.iter_rows(named=True)
        ],
    }


def wins(rules, spec: str, players: int, games: int, workers: int, seed: int) -> dict:
    """Seat 0's wins (``spec``) against heuristics, seats rotated: wins, games, Wilson 95 %."""
    res = bl.simulate(
        rules,
        players=players,
        games=games,
        bots=[spec] + ["heuristic"] * (players - 1),
        seed=seed,
        workers=workers,
        progress=False,
    )
    done = res.players.join(res.games.filter(pl.col("error").is_null()).select("game"), on="game")
    mine = done.filter(pl.col("player") == 0)
    w, n = int(mine["won"].sum()), mine.height
    lo, hi = wilson(w, n)
    return {"wins": w, "n": n, "lo": lo, "hi": hi}


def _use(m: dict) -> str:
    return (
        f"{m['base']:6.2f} -> {m['changed']:6.2f}  {m['diff']:+7.2f} [{m['lo']:+7.2f}, {m['hi']:+7.2f}] "
        f"{m['verdict']:>5}"
    )


def _rate(w: dict) -> str:
    return f"{100 * w['wins'] / max(w['n'], 1):4.0f} % [{100 * w['lo']:.0f}, {100 * w['hi']:.0f}] of {w['n']}"


def run(probe: Probe, spec: str, players: int, games: int, workers: int, seed: int) -> dict:
    base, changed = probe.base(), probe.rules()
    start = time.perf_counter()
    out = {
        "game": probe.game,
        "probe": probe.name,
        "kind": probe.kind,
        "mechanic": probe.mechanic,
        "direction": probe.direction,
        "spec": spec,
        "players": players,
        "games": games,
        "seed": seed,
        "heuristic": moved(probe, base, changed, "heuristic", players, games, workers, seed),
    }
    for rules in (base, changed):  # trained once each, in this process, before the games
        bl.train(rules, players, spec, workers=workers, progress=False)
    out["learned"] = moved(probe, base, changed, spec, players, games, workers, seed)
    if probe.kind == "new":
        out["wins_base"] = wins(base, spec, players, games, workers, seed)
        out["wins_probe"] = wins(changed, spec, players, games, workers, seed)
    out["seconds"] = round(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="+", default=list(PROBES), choices=list(PROBES))
    parser.add_argument("--kind", nargs="+", default=["new", "worthless", "strong"])
    parser.add_argument("--games", type=int, default=40, help="games a side (default 40)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--budget", default="full", help="full, short, quick or a learned spec (default full)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="append each probe's figures to this file as a JSON line")
    args = parser.parse_args()
    spec = spec_of(args.budget)
    print(
        f"probes at {args.players} players, {args.games} games a side, seed {args.seed}, learned = {spec}\n"
        "use a game of the affected mechanic: base -> changed, difference [95 % CI], verdict "
        "(right/wrong: the interval excludes 0 that way; -: it holds 0)",
        flush=True,
    )
    for game in args.game:
        for probe in PROBES[game]:
            if probe.kind not in args.kind:
                continue
            r = run(probe, spec, args.players, args.games, args.workers, args.seed)
            print(
                f"\n{game} {probe.kind}: {probe.name}, {probe.mechanic} should be used {probe.direction} "
                f"({r['seconds']} s)",
                flush=True,
            )
            print(f"  learned   {_use(r['learned'])}", flush=True)
            print(f"  heuristic {_use(r['heuristic'])}", flush=True)
            others = [m for m in r["learned"]["moved"] if m[0] != probe.mechanic][:4]
            if others:
                print(
                    "  learned's other moves: " + "; ".join(f"{m} {a} -> {b}" for m, a, b, _, _ in others), flush=True
                )
            if probe.kind == "new":
                print(
                    f"  learned's wins vs heuristic: base {_rate(r['wins_base'])}; probe {_rate(r['wins_probe'])}",
                    flush=True,
                )
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
