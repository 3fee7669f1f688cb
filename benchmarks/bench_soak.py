"""Soak speed: games per second of ``bourbon-lab soak`` (every invariant after every action).

Printed, never asserted. One worker in this process (CPU time per game, the least noisy figure)
and the kept two-worker pool (wall time), each the median of several repeats of the same games.
The release check, ``bourbon-lab soak --games 100000 --workers 2``, takes 100,000 / (the 2-worker
figure) seconds.
"""

from __future__ import annotations

import statistics
import time

import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.sim.runner import shutdown_pool
from bourbon_lab.testing.soak import run_chunk, soak

REPEATS = 3


def one_worker(games: int) -> tuple[float, float]:
    """(games per CPU second, µs per chosen action) over the same games, median of the repeats."""
    rules = bl.Ruleset.default()
    rates, per_action = [], []
    for _ in range(REPEATS):
        started = time.process_time()
        part = run_chunk(rules, 0, list(range(games)))
        spent = time.process_time() - started
        rates.append(part.games / spent)
        per_action.append(spent / part.actions * 1e6)
    return statistics.median(rates), statistics.median(per_action)


def two_workers(games: int) -> float:
    """Games per wall second on the kept pool of two workers (started before the timing)."""
    soak(4, workers=2, progress=False)
    rates = [soak(games, seed=1, workers=2, progress=False).games_per_second for _ in range(REPEATS)]
    shutdown_pool()
    return statistics.median(rates)


def main() -> None:
    print(f"rules engine: {native.status()}")
    rate, micro = one_worker(60)
    print(f"soak, 1 worker:  {rate:6.1f} games per CPU second ({micro:.0f} µs per chosen action, invariants included)")
    wall = two_workers(400)
    print(f"soak, 2 workers: {wall:6.1f} games/s; --games 100000 would take about {100_000 / wall / 60:.0f} min")


if __name__ == "__main__":
    main()
