"""Batch simulation: many bot games into polars tables, on local processes or a Dask cluster.

Games are cut into chunks; a chunk is a plain picklable task (ruleset, seeds, bot names), so
the same function runs in this process, in a process pool or on Dask workers, and the tables
come out identical whichever ran them. Any registered game runs: the ruleset names it, the
registry deals it and the protocol's decision point says who acts.
"""

from __future__ import annotations

import gc
import hashlib
import os
import threading
import traceback
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from .. import __version__
from ..bots.base import check_bot, make_bot, prepare_bots, registry_key
from ..core import DEFAULT_GAME, BourbonLabError, RulesetType, game_of, get_game
from ..core.optional import SetupChoiceError, check_setup, setup_choices
from . import tables
from .progress import progress_bar


class SimulationError(BourbonLabError, ValueError):
    """A simulation request that cannot start (bad counts, bots, players)."""


Setup = tuple[tuple[str, tuple[str, ...]], ...]
"""The game's setup choices as (choice, one value per player) pairs: picklable, and moving with their player."""


@dataclass(frozen=True)
class GameTask:
    """One game to play: everything needed to reproduce it exactly.

    ``setup`` holds the game's setup choices made for the run (``core.optional``), one value per player.
    """

    index: int
    seed: int
    seat_of: tuple[int, ...]
    bots: tuple[str, ...]
    setup: Setup | None = None
    game: str = DEFAULT_GAME


@dataclass
class Failure:
    """A game that raised: what reproduces it."""

    game: int
    seed: int
    bots: list[str]
    actions: list[str]
    error: str
    seat_of: list[int] = field(default_factory=list)
    setup: dict[str, list[str]] | None = None
    """The game's setup choices, one value per seat (``f.distilleries`` reads the choice of that name)."""

    def __getattr__(self, name: str):
        """A setup choice by its name (``failure.distilleries``), as the game was dealt it; else AttributeError."""
        setup = self.__dict__.get("setup") if not name.startswith("__") else None
        if setup and name in setup:
            return setup[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def replay(self, rules):
        """The game up to the failing point: ``new_game`` with this seed, seating and setup, then the actions."""
        g = _deal(rules, len(self.bots), self.seed, self.setup)
        for text in self.actions:
            g.apply(text)
        return g

    def __str__(self) -> str:
        n = len(self.actions)
        return f"game {self.game} (seed {self.seed}, bots {self.bots}) failed after {n} actions: {self.error}"


@dataclass
class SimResult:
    """The tables, the run stamp that reproduces them, and any failed games.

    ``score_parts`` is long: game, player, source, points (a player's rows sum to their score).
    """

    games: pl.DataFrame
    players: pl.DataFrame
    events: pl.DataFrame
    stamp: dict[str, Any]
    failures: list[Failure] = field(default_factory=list)
    score_parts: pl.DataFrame = field(default_factory=lambda: pl.DataFrame(schema=tables.SCORE_PARTS_SCHEMA))

    @property
    def game(self) -> str:
        """The name of the game these tables are of."""
        return self.stamp.get("game", DEFAULT_GAME)

    @property
    def run_id(self) -> str:
        return self.stamp["run_id"]

    def summary(self) -> str:
        from .stats import summary_text

        return summary_text(self)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: stable, and distinct runs don't share games."""
    digest = hashlib.sha256(f"bourbon_lab.sim:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def play_one(rules, task: GameTask):
    """Play one game with its bots through the public step API (trusted path)."""
    return _play(rules, task)[0]


def _deal(rules, n: int, seed: int, setup):
    """A new table through the registry, with the setup choices made (by seat; ``validate`` checked them)."""
    return get_game(game_of(rules)).new(rules, n, seed, **(setup or {}))


def _play(rules, task: GameTask):
    """The finished game and the seats in the order they first owned a turn.

    One loop for every game: the seat to act is ``current_player`` (the protocol's ``decision.actor``), and
    the trusted ``apply(check=False)`` skips re-checking a bot's legal choice. The decision's turn owner is
    read only while it can still tell something: for a game that declares no turn order of its own
    (``GameColumns.turn_order``), until every seat has owned a turn, so a game reads no more per decision
    than its actor.
    """
    n = len(task.bots)
    g = _deal(rules, n, task.seed, _by_seat(task))
    by_seat = [None] * n
    for player, seat in enumerate(task.seat_of):
        by_seat[seat] = make_bot(task.bots[player], seed=task.seed * 31 + player, game=task.game)
    first_turns: list[int] = []
    columns = get_game(task.game).columns
    watch = columns is None or columns.turn_order is None
    try:
        with _collector_paused():
            while not g.is_over:
                seat = g.current_player
                if watch:
                    owner = g.decision.turn_owner
                    if owner is not None and owner not in first_turns:
                        first_turns.append(owner)
                        watch = len(first_turns) < n
                g.apply(by_seat[seat].choose(g.observe(seat), g.legal_actions()), check=False)
    except Exception as exc:
        exc.bourbon_actions = list(g.actions)
        raise
    return g, first_turns


@contextmanager
def _collector_paused():
    """Hold off the cycle collector while games run.

    A game allocates tens of thousands of small objects and frees few, and a chunk's rows pile
    up; none hold cycles, so the collector would only walk them again and again (7 % of a game).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _by_seat(task: GameTask) -> dict[str, list[str]] | None:
    """The task's setup choices by seat (each player's value goes where they sit)."""
    if not task.setup:
        return None
    out = {}
    for name, by_player in task.setup:
        values = [""] * len(task.bots)
        for player, seat in enumerate(task.seat_of):
            values[seat] = by_player[player]
        out[name] = values
    return out


def run_chunk(rules, tasks: list[GameTask]):
    """Play a chunk of games into rows; a game that raises becomes a failure record.

    Workers stay free of polars (its thread pool does not survive a fork); the caller turns
    each chunk into frames as it arrives, so only one chunk's rows are ever held as objects.
    """
    games, players, events, parts, failures = [], [], [], [], []
    with _collector_paused():
        for task in tasks:
            try:
                g, first_turns = _play(rules, task)
            except Exception as exc:
                error = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                actions = getattr(exc, "bourbon_actions", [])
                failures.append(
                    Failure(task.index, task.seed, list(task.bots), actions, error, list(task.seat_of), _by_seat(task))
                )
                games.append(tables.failed_game_row(task.index, task.seed, len(task.bots), error, task.game))
                continue
            grow, prows, ecols = tables.game_rows(
                g, task.index, list(task.seat_of), list(task.bots), first_turns, parts
            )
            games.append(grow)
            players.extend(prows)
            events.append(ecols)
    return games, players, events, parts, failures, tasks[0].game if tasks else DEFAULT_GAME


def make_tasks(
    players: int, games: int, bots: list[str], seed: int, rotate_seats: bool, setup=None, game: str = DEFAULT_GAME
):
    """One task per game; with ``rotate_seats`` player ``p`` sits at seat ``(p + game) % players``.

    ``setup`` maps each setup choice to one value per player (as ``setup_of`` gives it); they move with their player.
    """
    frozen = tuple((name, tuple(values)) for name, values in setup.items()) if setup else None
    tasks = []
    for i in range(games):
        shift = i % players if rotate_seats else 0
        seat_of = tuple((p + shift) % players for p in range(players))
        tasks.append(GameTask(i, game_seed(seed, i), seat_of, tuple(bots), frozen, game))
    return tasks


def validate(rules, players, games, bots) -> list[str]:
    """Refuse a bad request before any game starts; returns the bot list, one per player (setup: ``setup_of``)."""
    game = get_game(game_of(rules))
    if not isinstance(rules, game.ruleset):
        raise SimulationError(f"rules must be a {game.name} ruleset, got {type(rules).__name__}")
    lo, hi = game.info.min_players, game.info.max_players
    if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
        raise SimulationError(f"players: {players!r} is outside {lo}-{hi}")
    rlo, rhi = getattr(rules, "min_players", lo), getattr(rules, "max_players", hi)
    if not rlo <= players <= rhi:
        raise SimulationError(f"players: {players} is outside this ruleset's {rlo}-{rhi}")
    if isinstance(games, bool) or not isinstance(games, int) or games <= 0:
        raise SimulationError(f"games: {games!r} must be a whole number above 0")
    bots = [bots] * players if isinstance(bots, str) else list(bots)
    if len(bots) != players:
        raise SimulationError(f"bots: {len(bots)} given for {players} players (give one per player, or one name)")
    for b in bots:
        check_bot(b, game.name)
    return bots


def setup_of(rules, players: int, setup) -> dict[str, list[str]]:
    """``setup`` checked against the game's setup choices (``core.optional.check_setup``): one list a choice.

    A fault is a ``SimulationError`` naming the choice (``distilleries: unknown distillery 'x' ...``).
    """
    if not setup:
        return {}
    if not isinstance(setup, Mapping):
        raise SimulationError(f"setup: expected each setup choice by name ({{'distilleries': [...]}}), got {setup!r}")
    try:
        return check_setup(get_game(game_of(rules)), rules, players, setup)
    except SetupChoiceError as exc:
        raise SimulationError(str(exc)) from None


def run_stamp(rules, players: int, games: int, bots, seed: int, rotate_seats: bool, setup=None) -> dict:
    """What identifies a run: same stamp, same tables.

    The ruleset's fingerprint stands for the game (the values of one game's ruleset are not another's), so the
    game's name is shown in the stamp but not hashed; each setup choice the game declares is hashed under its
    own name (``None`` when not made); ``setup`` maps a choice to its values, one per player.
    """
    game = game_of(rules)
    made = setup or {}
    stamp = {
        "ruleset": rules.fingerprint(),
        "players": players,
        "games": games,
        "seed": seed,
        "bots": list(bots),
        **{c.name: list(made[c.name]) if made.get(c.name) else None for c in setup_choices(get_game(game))},
        "rotate_seats": rotate_seats,
        "version": __version__,
    }
    blob = repr(sorted(stamp.items())).encode()
    stamp["run_id"] = hashlib.sha256(blob).hexdigest()[:12]
    return {"game": game, **stamp}


def simulate(
    rules: RulesetType,
    players: int = 4,
    games: int = 100,
    bots="heuristic",
    seed: int = 0,
    workers: int | None = None,
    executor=None,
    rotate_seats: bool = True,
    distilleries=None,
    progress: bool | None = None,
    on_progress=None,
    on_partial=None,
    setup=None,
) -> SimResult:
    """Play ``games`` bot games and return the ``games``, ``players``, ``events`` and ``score_parts`` tables.

    Parameters
    ----------
    rules : Ruleset
        The rules every game uses; ``rules.game`` names the game (any registered one).
    players : int
        Within the game's player counts (Bourbonomics: 2-6).
    games : int
        How many games, above 0.
    bots : str or list of str
        One bot name per player (or one name for all), e.g. ``["heuristic", "random"]``: the
        game's own bots (``heuristic`` is its default), or ``random`` and ``search`` for any game.
    seed : int
        The run's seed; game ``i`` uses ``game_seed(seed, i)``.
    workers : int, optional
        Local processes (default: one per CPU; 1 = in this process).
    executor : dask.distributed.Client, optional
        Run on this cluster instead (any object with ``submit`` works).
    rotate_seats : bool
        Move every player one seat on per game, so seat advantage averages out.
    distilleries : str or list of str, optional
        The old spelling of ``setup={"distilleries": ...}``: one distillery per player (or one for all).
    progress : bool, optional
        A tqdm bar (a widget in Jupyter) with the time left: True shows it at once, False never, None
        (the default) once the run has taken a second. Inside a longer call's bar, the run advances that one.
    on_progress : callable, optional
        Called with (games done, games in all) as each chunk finishes (the dashboard's progress bar).
    on_partial : callable, optional
        Called with a ``SimResult`` of the games finished so far as each chunk finishes, so a chart
        can show a first answer before the whole run is in (its stamp says ``partial``). Return
        False once it has what it needs: building each partial result costs the main process time.
    setup : dict, optional
        The game's setup choices (``bl.get_game(name).setup``), each one value per player (they move with their
        player) or one value for all: ``{"distilleries": ["standard", "hollow_creek"]}``. An unknown choice or
        value is a ``SimulationError`` naming the choice.
    """
    if distilleries is not None:
        if isinstance(setup, Mapping) and "distilleries" in setup:
            raise SimulationError("distilleries: given twice (as distilleries= and in setup=)")
        setup = {**(setup if isinstance(setup, Mapping) else {}), "distilleries": distilleries}
    bots = validate(rules, players, games, bots)
    made = setup_of(rules, players, setup)
    # once-a-run bot work before any worker starts: learned finds or trains its model here, and only here
    prepare_bots(rules, players, bots, workers=workers, executor=executor, progress=progress)
    tasks = make_tasks(players, games, bots, seed, rotate_seats, made, game_of(rules))
    chunks = _chunk(tasks, workers, executor)
    stamp = run_stamp(rules, players, games, bots, seed, rotate_seats, made)

    wants_partials = on_partial is not None

    def partial(parts: list) -> None:
        nonlocal wants_partials
        if wants_partials and len(parts) < len(chunks):
            answer = on_partial(_result(parts, {**stamp, "partial": f"{sum(p[0].height for p in parts)}/{games}"}))
            wants_partials = answer is not False

    parts = _execute(rules, chunks, workers, executor, progress, games, on_progress, partial)
    return _result(parts, stamp)


def _result(parts: list, stamp: dict) -> SimResult:
    failures = [f for part in parts for f in part[4]]
    games_df, players_df, events_df, parts_df = (
        pl.concat([part[i] for part in parts]).sort(key, maintain_order=True) for i, key in enumerate(tables.SORT_KEYS)
    )
    return SimResult(games_df, players_df, events_df, stamp, sorted(failures, key=lambda f: f.game), parts_df)


def _chunk(tasks: list[GameTask], workers, executor) -> list[list[GameTask]]:
    n = len(tasks)
    lanes = 8 if executor is not None else max(1, workers or os.cpu_count() or 1)
    size = max(1, min(50, -(-n // (lanes * 4))))
    return [tasks[i : i + size] for i in range(0, n, size)]


def _execute(rules, chunks, workers, executor, progress, total, on_progress=None, on_parts=None):
    results, done = [], 0
    with progress_bar(total, progress) as bar:  # an outer call's bar, when one plays this run among others
        for part in _parts(rules, chunks, workers, executor):
            results.append(part)
            done += part[0].height
            bar.update(part[0].height)
            if on_progress is not None:
                on_progress(done, total)
            if on_parts is not None:
                on_parts(results)
    return results


def _parts(rules, chunks, workers, executor):
    """Each chunk's frames as it finishes, on a Dask client, a process pool or in this process."""
    if executor is not None:
        extra = {"pure": False} if hasattr(executor, "gather") else {}
        futures = [executor.submit(run_chunk, rules, c, **extra) for c in chunks]
        for fut in _dask_as_completed(futures):
            yield _framed(fut.result())
    elif (workers or os.cpu_count() or 1) <= 1 or len(chunks) == 1:
        for c in chunks:
            yield _framed(run_chunk(rules, c))
    else:
        futures = _submit(workers or os.cpu_count() or 1, rules, chunks)
        try:
            for fut in as_completed(futures):
                yield _framed(fut.result())
        finally:
            for fut in futures:  # a run left early gives its queued chunks back
                fut.cancel()


_POOL: dict[tuple, ProcessPoolExecutor] = {}
_POOL_LOCK = threading.Lock()


def _submit(workers: int, rules, chunks) -> list:
    """Queue the chunks on a process pool kept between runs.

    A live study re-simulates each time a control moves, and starting the workers again costs
    about a tenth of a second each time. Workers are forked copies, so a bot registered since
    (say, one written in the notebook) gets a new pool, as does a pool whose worker died.
    """
    key = (workers, registry_key())
    with _POOL_LOCK:
        try:
            return [_pool(key).submit(run_chunk, rules, c) for c in chunks]
        except BrokenProcessPool:
            del _POOL[key]
            return [_pool(key).submit(run_chunk, rules, c) for c in chunks]


def submit(workers: int, fn, *args):
    """Queue one picklable task ``fn(*args)`` on the same kept pool (the soak's chunks run there too)."""
    key = (workers, registry_key())
    with _POOL_LOCK:
        try:
            return _pool(key).submit(fn, *args)
        except BrokenProcessPool:
            del _POOL[key]
            return _pool(key).submit(fn, *args)


def shutdown_pool() -> None:
    """Stop the worker processes kept between runs (the next run starts new ones)."""
    with _POOL_LOCK:
        for pool in _POOL.values():
            pool.shutdown()
        _POOL.clear()


def _pool(key: tuple) -> ProcessPoolExecutor:
    pool = _POOL.get(key)
    if pool is None:
        for old in _POOL.values():
            old.shutdown(wait=False, cancel_futures=True)
        _POOL.clear()
        pool = _POOL[key] = ProcessPoolExecutor(max_workers=key[0])
    return pool


def _framed(part):
    games, players, events, parts, failures, game = part
    return (*tables.to_frames(games, players, events, parts, game), failures)


def _dask_as_completed(futures):
    """Dask futures in the order they finish; any other executor's futures likewise."""
    if futures and type(futures[0]).__module__.startswith("distributed"):
        from dask.distributed import as_completed as dask_as_completed

        return dask_as_completed(futures)
    return as_completed(futures)
