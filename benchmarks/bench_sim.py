"""Batch-simulation speed and memory: games per second, ms per game, the live loop, table memory.

Printed, never asserted. Run with ``.venv/bin/python benchmarks/bench_sim.py`` (under a minute
on 2 cores). Timings are wall-clock on whatever else the machine is doing, so they are noisy:
per-game cost is the median of individually timed games and the live loop is the median of
repeats; throughput figures are single runs and include process-pool start-up for 2 workers.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time

import polars as pl

import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.sim import runner

RULES = bl.Ruleset.default()

# (players, bots) -> games per throughput run; sized so each run takes a few seconds on one core.
THROUGHPUT_GAMES = {
    (2, "random"): 60,
    (4, "random"): 60,
    (2, "heuristic"): 80,
    (4, "heuristic"): 24,
}
PER_GAME_SAMPLES = 25
LIVE_GAMES, LIVE_REPEATS = 200, 3
MEMORY_TARGET, MEMORY_GAMES = 10_000, 1_000


def simulate(players: int, games: int, bots: str, workers: int, seed: int = 0):
    return bl.simulate(RULES, players=players, games=games, bots=bots, seed=seed, workers=workers, progress=False)


def maxrss_mib(who=resource.RUSAGE_SELF) -> float:
    """Peak resident set size so far (Linux reports KiB, macOS bytes)."""
    rss = resource.getrusage(who).ru_maxrss
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


def throughput() -> None:
    print("\n2. throughput: games per second (one run each; 2 workers includes pool start-up)")
    print(f"   {'players':>7}  {'bots':<10} {'games':>5}  {'workers=1':>10}  {'workers=2':>10}  speed-up")
    for (players, bots), games in THROUGHPUT_GAMES.items():
        rates = []
        for workers in (1, 2):
            runner.shutdown_pool()  # so each workers=2 row includes starting its workers
            t = time.perf_counter()
            res = simulate(players, games, bots, workers)
            dt = time.perf_counter() - t
            assert_ok(res)
            rates.append(games / dt)
        print(
            f"   {players:>7}  {bots:<10} {games:>5}  {rates[0]:>8.1f}/s  {rates[1]:>8.1f}/s  "
            f"{rates[1] / rates[0]:.2f}x"
        )


_PER_GAME = """
import statistics, sys, time
import bourbon_lab as bl
from bourbon_lab.sim.runner import GameTask, game_seed, play_one

rules = bl.Ruleset.default()
times, rounds = [], []
for i in range(int(sys.argv[1])):
    task = GameTask(i, game_seed(0, i), tuple(range(4)), ("heuristic",) * 4, None)
    t = time.perf_counter()
    g = play_one(rules, task)
    times.append((time.perf_counter() - t) * 1000)
    rounds.append(g.round)
print(" ".join(f"{x:.3f}" for x in times), "|", " ".join(map(str, rounds)))
"""


def _game_times(pure: bool) -> tuple[list[float], list[int]]:
    """Each game timed on its own in a fresh process, compiled (if built) or as plain Python."""
    env = {k: v for k, v in os.environ.items() if k != "BOURBON_LAB_PURE"}
    if pure:
        env["BOURBON_LAB_PURE"] = "1"
    out = subprocess.run(
        [sys.executable, "-c", _PER_GAME, str(PER_GAME_SAMPLES)], env=env, capture_output=True, text=True, check=True
    ).stdout
    times, rounds = out.split("|")
    return [float(x) for x in times.split()], [int(x) for x in rounds.split()]


def per_game() -> None:
    print(f"\n3. one 4-player heuristic game on one core: each of {PER_GAME_SAMPLES} games timed on its own")
    runs = {"this process": _game_times(pure=False), "plain Python": _game_times(pure=True)}
    for label, (times, rounds) in runs.items():
        q = statistics.quantiles(times, n=4)
        print(
            f"   {label:>12}: median {statistics.median(times):.1f} ms per game (quartiles {q[0]:.1f}-{q[2]:.1f}, "
            f"mean {statistics.fmean(times):.1f}, max {max(times):.0f}); median {statistics.median(rounds):.0f} rounds"
        )
    ratio = statistics.median(runs["plain Python"][0]) / statistics.median(runs["this process"][0])
    print(f"   the engine in this process ({native.status()}) is {ratio:.2f}x plain Python, same games")


def live_loop() -> None:
    print(
        f"\n4. live loop: {LIVE_GAMES} four-player heuristic games -> tables, workers=2; the first run starts "
        f"the workers, later runs reuse them (as a live study does); median of {LIVE_REPEATS} later runs"
    )
    runner.shutdown_pool()
    times = []
    for r in range(LIVE_REPEATS + 1):
        t = time.perf_counter()
        res = simulate(4, LIVE_GAMES, "heuristic", workers=2, seed=r)
        times.append(time.perf_counter() - t)
        assert_ok(res)
    warm = times[1:]
    print(
        f"   first run {times[0]:.2f} s; later runs median {statistics.median(warm):.2f} s "
        f"({', '.join(f'{x:.2f}' for x in warm)} s), {LIVE_GAMES / statistics.median(warm):.1f} games/s"
    )


def memory() -> None:
    print(f"\n1. memory of the tables for {MEMORY_TARGET:,} games")
    rss_before = maxrss_mib()
    t = time.perf_counter()
    res = simulate(4, MEMORY_GAMES, "random", workers=2, seed=0)
    dt = time.perf_counter() - t
    assert_ok(res)
    rss_after = maxrss_mib()
    runner.shutdown_pool()  # kept workers are not yet children that have ended: their peak counts once they stop
    sizes = {name: getattr(res, name).estimated_size() / 2**20 for name in ("games", "players", "events")}
    rows = {name: getattr(res, name).height for name in ("games", "players", "events")}
    total = sum(sizes.values())
    scale = MEMORY_TARGET / MEMORY_GAMES
    print(
        f"   measured on {MEMORY_GAMES:,} four-player random-bot games ({dt:.1f} s with 2 workers; "
        f"{MEMORY_TARGET:,} would take ~{dt * scale / 60:.0f} min), extrapolated linearly x{scale:g}:"
    )
    for name in sizes:
        print(
            f"   {name:>8}: {rows[name]:>9,} rows {sizes[name]:8.2f} MiB  ->  "
            f"~{rows[name] * scale:>11,.0f} rows ~{sizes[name] * scale:8.1f} MiB"
        )
    print(f"   {'total':>8}: {'':>14}{total:8.2f} MiB  ->  {'':>16}~{total * scale:8.1f} MiB (polars estimated_size)")
    random_sales = res.events.filter(pl.col("kind") == "sale").height / MEMORY_GAMES
    heur = simulate(4, 20, "heuristic", workers=2, seed=0)
    heur_sales = heur.events.filter(pl.col("kind") == "sale").height / 20
    per_game_kib = {
        "random": total * 1024 / MEMORY_GAMES,
        "heuristic": sum(getattr(heur, n).estimated_size() for n in ("games", "players", "events")) / 1024 / 20,
    }
    print(
        f"   per game: random {per_game_kib['random']:.1f} KiB ({random_sales:.0f} sales), heuristic "
        f"{per_game_kib['heuristic']:.1f} KiB ({heur_sales:.0f} sales, from 20 games): heuristic tables for "
        f"{MEMORY_TARGET:,} games ~{per_game_kib['heuristic'] * MEMORY_TARGET / 1024:.0f} MiB"
    )
    print(
        f"   main-process peak RSS {rss_after:.0f} MiB (was {rss_before:.0f} MiB after imports; the rise is the "
        f"pickled chunk results, the row lists and the frames; tracemalloc is skipped: it cannot see polars' "
        f"Rust allocations); "
        f"largest worker peak RSS {maxrss_mib(resource.RUSAGE_CHILDREN):.0f} MiB"
    )


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def assert_ok(res) -> None:
    """Not an assertion on speed: a benchmark of failing games would be meaningless."""
    if res.failures:
        raise SystemExit(f"benchmark games failed: {res.failures[0]}")


def main() -> None:
    start = time.perf_counter()
    print("bourbon_lab batch-simulation benchmark")
    print(
        f"  {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, polars {pl.__version__}, "
        f"ruleset {RULES.fingerprint()}, {RULES.round_limit}-round cap"
    )
    print(f"  rules engine: {native.status()} (bourbon-lab compile builds it; BOURBON_LAB_PURE=1 ignores it)")
    print("  Figures are wall-clock and noisy (other load, CPU boost): per-game costs are medians of")
    print("  individually timed games, the live loop is a median of repeats, throughput rows are single runs.")
    print(f"  load average at start {load()} (other work on the machine slows every figure, most of all workers=2)")
    memory()  # first, so the main process's peak RSS is not already set by the other sections
    throughput()
    per_game()
    live_loop()
    print(f"\ntotal benchmark time {time.perf_counter() - start:.0f} s; load average at end {load()}")


if __name__ == "__main__":
    main()
