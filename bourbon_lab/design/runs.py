"""A run of games a design tool reads: players, bots and distillery lineups, and how it is played.

``Run`` is how a targets file (``design.targets``) and coverage (``design.coverage``) describe the games
they read; ``play_run`` plays one (split between its lineups, joined into one result), ``run_games`` says
how many games that is. Every call takes ``workers`` (local processes) or ``executor`` (a
``dask.distributed.Client``), handed to each ``simulate``: the tables are the same either way.

This module sits low in the design layer (it imports no other design module): ``check`` (the targets'
verdict), ``coverage`` and ``tuning`` all play runs through it; ``design.check`` and ``design.targets``
re-export its names (issue 52: design imports in one direction).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

from ..sim import SimResult, game_seed, simulate
from ..sim.progress import progress_bar


@dataclass(frozen=True)
class Run:
    """How to play the games a target's metric reads: players, bots and distillery lineups."""

    name: str
    players: int = 4
    bots: tuple[str, ...] = ("heuristic",)
    lineups: tuple[tuple[str, ...], ...] = ()

    def bot_list(self) -> list[str] | str:
        return list(self.bots) if len(self.bots) > 1 else self.bots[0]


def on(executor) -> dict[str, Any]:
    """The keyword a ``simulate`` call is given for ``executor``: none without one.

    A ``simulate_fn`` of the caller's own (a wrapper, a stub) need not know ``executor`` until one is used.
    """
    return {} if executor is None else {"executor": executor}


def run_games(run: Run, games: int) -> int:
    """How many games ``play_run`` plays for ``run``: ``games``, split evenly between its lineups."""
    return max(1, games // len(run.lineups)) * len(run.lineups) if run.lineups else games


def play_run(
    rules, run: Run, games: int, seed: int, workers=None, progress=None, simulate_fn=simulate, executor=None
) -> SimResult:
    """Play one run's games; with distillery lineups the games are split between them and joined.

    ``executor``: a ``dask.distributed.Client`` every ``simulate`` runs on instead of local processes.
    """
    if not run.lineups:
        return simulate_fn(
            rules,
            players=run.players,
            games=games,
            bots=run.bot_list(),
            seed=seed,
            workers=workers,
            progress=progress,
            **on(executor),
        )
    per = max(1, games // len(run.lineups))
    with progress_bar(run_games(run, games), progress):
        parts = [
            simulate_fn(
                rules,
                players=run.players,
                games=per,
                bots=run.bot_list(),
                seed=game_seed(seed, 10_000 + i),
                workers=workers,
                progress=progress,
                distilleries=list(lineup),
                **on(executor),
            )
            for i, lineup in enumerate(run.lineups)
        ]
    return join_results(parts)


def join_results(parts: list[SimResult]) -> SimResult:
    """One result from several, game numbers shifted so they stay distinct."""
    games, players, events, sources, failures, offset = [], [], [], [], [], 0
    for r in parts:
        games.append(r.games.with_columns(pl.col("game") + offset))
        players.append(r.players.with_columns(pl.col("game") + offset))
        events.append(r.events.with_columns((pl.col("game") + offset).cast(r.events.schema["game"])))
        sources.append(r.score_parts.with_columns(pl.col("game") + offset))
        failures.extend(r.failures)
        offset += r.games.height
    stamp = {**parts[0].stamp, "parts": [p.stamp for p in parts], "games": offset}
    return SimResult(
        pl.concat(games), pl.concat(players), pl.concat(events), stamp, failures, score_parts=pl.concat(sources)
    )
