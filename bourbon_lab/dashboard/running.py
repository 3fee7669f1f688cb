"""Simulate with a progress count the dashboard can show: ``simulate`` in this process, reporting each chunk."""

from __future__ import annotations

from collections.abc import Callable

from ..sim.runner import SimResult, simulate


def simulate_with_progress(
    rules,
    players: int,
    games: int,
    bots,
    seed: int,
    on_progress: Callable[[int, int], None] | None = None,
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

    Returns
    -------
    SimResult
    """
    return simulate(
        rules, players=players, games=games, bots=bots, seed=seed, workers=1, progress=False, on_progress=on_progress
    )
