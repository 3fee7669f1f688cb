"""Simulate with a progress count: the same tasks, chunks and tables as ``simulate(workers=1)``.

``simulate`` reports progress only through tqdm; the dashboard needs a number it can show,
so it drives the runner's public steps (validate, make_tasks, run_chunk, to_frames) itself.
The tables are identical to ``simulate(..., workers=1)`` (a test holds this).
"""

from __future__ import annotations

from collections.abc import Callable

from ..sim import tables
from ..sim.runner import SimResult, make_tasks, run_chunk, run_stamp, validate


def simulate_with_progress(
    rules,
    players: int,
    games: int,
    bots,
    seed: int,
    on_progress: Callable[[int, int], None] | None = None,
    chunk: int = 4,
) -> SimResult:
    """Play the games in this process, calling ``on_progress(done, total)`` after every chunk.

    Parameters
    ----------
    rules : Ruleset
        The rules every game uses.
    players, games, seed : int
        As for ``bourbon_lab.simulate``.
    bots : str or list of str
        One bot name per player, or one name for all.
    on_progress : callable, optional
        Called with (games done, games in all).
    chunk : int
        Games between progress calls.

    Returns
    -------
    SimResult
    """
    bots = validate(rules, players, games, bots, None)
    tasks = make_tasks(players, games, bots, seed, True, None)
    rows: tuple[list, list, list, list] = ([], [], [], [])
    for start in range(0, len(tasks), chunk):
        for acc, part in zip(rows, run_chunk(rules, tasks[start : start + chunk])):
            acc.extend(part)
        if on_progress is not None:
            on_progress(min(start + chunk, len(tasks)), len(tasks))
    frames = tables.to_frames(rows[0], rows[1], rows[2])
    frames = tuple(f.sort(k) for f, k in zip(frames, tables.SORT_KEYS))
    stamp = run_stamp(rules, players, games, bots, seed, True, None)
    failures = sorted(rows[3], key=lambda f: f.game)
    return SimResult(*frames, stamp, failures)
