"""The deep soak: thousands of random legal games, every book invariant checked after every ``apply``.

Each game's table (2-6 players, distilleries, one choice of every named variant) and its players'
random streams come from the run's seed and the game's number, so any game can be played again
alone. A broken invariant, an engine error or a snapshot that does not continue identically is a
``Break``: it prints what reproduces it and is saved as a playtest file ``bourbon-lab replay`` opens.
The soak's tables and players are Bourbonomics' (distilleries, Ultimates); it reaches the game only
through the registry, its laws through the game's folder (``invariants.laws_of``) and what a soak should
reach through its ``soak`` part (``SoakResult.unreached``). ``bourbon-lab soak`` plays it for a game that
declares that part; any other game is soaked by the protocol harness (``testing/commands.py``).
"""

from __future__ import annotations

import collections
import hashlib
import json
import random
import time
import traceback
from concurrent.futures import as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import BourbonLabError, default_rules, game_of, get_game, new_game
from .invariants import laws_of, watch
from .policy import SoakPlayer

ACTIONS_PER_PLAYER_ROUND = 150
"""A game that takes more chosen actions than this per player and round is stuck: a break."""
CHUNK = 20
"""Games per task on the worker pool (small enough for a smooth progress bar)."""
FULL_LENGTH, SHORT_ROUND_LIMIT = 4, 20
"""One game in four keeps the ruleset's round limit and mostly ends by orders (soak games do around round 40);
the others stop after round 20, which plays every rule but the end and makes the soak about twice as fast."""
RESTORE_WINDOW = 60
"""Chosen actions the restored copy plays alongside the game before their whole states are compared."""


class SoakError(BourbonLabError, ValueError):
    """A soak that cannot start (a bad game or worker count)."""


@dataclass(frozen=True)
class Table:
    """One soak game: everything that reproduces it."""

    index: int
    seed: int
    players: int
    distilleries: tuple[str, ...]
    variants: tuple[tuple[str, Any], ...]
    snapshot_at: int
    """After this many chosen actions the game is saved and restored, and the copy must play on identically."""

    def rules(self, base: Any) -> Any:
        return base.replace(**dict(self.variants)) if self.variants else base


def table(base: Any, run_seed: int, index: int) -> Table:
    """Game ``index`` of a run: its players, distilleries and variants drawn from the run's seed."""
    digest = hashlib.sha256(f"bourbon_lab.soak:{run_seed}:{index}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    players = rng.randint(max(2, base.min_players), min(6, base.max_players))
    dists = tuple(rng.choice([d.id for d in base.distilleries]) for _ in range(players))
    variants = [(v["name"], rng.choice(v["choices"])) for v in type(base).variants()]
    if index % FULL_LENGTH:
        variants.append(("round_limit", min(SHORT_ROUND_LIMIT, base.round_limit)))
    return Table(index, rng.getrandbits(32), players, dists, tuple(variants), rng.randrange(1, 600))


@dataclass
class Break:
    """A broken invariant (or an engine error) in one soak game, with what reproduces it."""

    invariant: str
    message: str
    table: Table
    actions: list[str]
    """The chosen actions up to and including the one after which the invariant broke."""
    round: int = 0
    file: str | None = None

    def __str__(self) -> str:
        t = self.table
        changes = ", ".join(f"{k}={v!r}" for k, v in t.variants)
        lines = [
            f"BROKEN {self.invariant} in soak game {t.index} (round {self.round}): {self.message}",
            f"  seed {t.seed}, {t.players} players, seats 0-{t.players - 1} play distilleries {list(t.distilleries)}",
            f"  rules: Ruleset.default().replace({changes})",
            f"  {len(self.actions)} actions: {'; '.join(self.actions)}",
        ]
        if self.file:
            lines.append(f"  saved: {self.file} (bourbon-lab replay {self.file})")
        return "\n".join(lines)


class CheckedGame:
    """A game whose every ``apply`` is followed by the invariants; the first one broken is kept.

    The game's own ``Watch`` (its folder's ``invariants``) builds each action's ``step`` and tries the laws
    (default: ``laws_of`` the game), in the order given, each only after a step with an event it asks for.
    """

    def __init__(self, base: Any, t: Table, invariants=None):
        self.table = t
        self.invariants = laws_of(game_of(base)) if invariants is None else invariants
        self.game = new_game(t.rules(base), players=t.players, seed=t.seed, distilleries=list(t.distilleries))
        self.watch = watch(self.game, self.invariants)
        self.step = self.watch.step
        self.broken: Break | None = None

    def apply(self, action) -> Break | None:
        """Play one action (trusted path) and check every invariant; returns the break, if any."""
        g = self.game
        try:
            g.apply(action, check=False)
        except Exception as exc:
            why = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            return self._break("engine_error", why)
        found = self.watch.after(g, first=True)
        if found:
            return self._break(*found[0])
        if not g.is_over and not g._legal_list():
            return self._break("always_a_legal_action", f"no legal action at {g!r} step {g.step}")
        return None

    def _break(self, name: str, why: str) -> Break:
        self.broken = Break(name, why, self.table, list(self.game.actions), self.game.round)
        return self.broken


def play_game(base: Any, t: Table, invariants=None) -> tuple[CheckedGame, Break | None]:
    """Play one soak game out with the soak's players, checking after every action."""
    checked = CheckedGame(base, t, invariants)
    g = checked.game
    rng = random.Random(t.seed ^ 0x5EED)
    seats = [SoakPlayer(random.Random(rng.getrandbits(64))) for _ in range(t.players)]
    snap: dict | None = None
    for _ in range(ACTIONS_PER_PLAYER_ROUND * t.players * g.rules.round_limit):
        if g.is_over:
            break
        if len(g.actions) == t.snapshot_at:
            snap = json.loads(json.dumps(g.snapshot()))
        elif snap is not None and len(g.actions) == t.snapshot_at + RESTORE_WINDOW:
            why = continues_identically(g, snap)
            if why:
                return checked, checked._break("snapshot_continues_identically", why)
            snap = None
        broken = checked.apply(seats[g.current_player].choose(g, g._legal_list()))
        if broken:
            return checked, broken
    if not g.is_over:
        return checked, checked._break("the_game_ends", f"not over after {len(g.actions)} actions: {g!r}")
    if snap is not None:
        why = continues_identically(g, snap)
        if why:
            return checked, checked._break("snapshot_continues_identically", why)
    return checked, None


def continues_identically(g: Any, snap: dict) -> str | None:
    """Why a game restored from a JSON copy of ``snap`` and given the same actions differs from ``g``; or None.

    architecture.md: "game.snapshot() JSON-safe dict of the whole state; bl.Game.restore(snapshot) rebuilds it".
    """
    restored = type(g).restore(snap, g.rules)  # the game's own class, with the very rules (house rules too)
    start = len(restored.actions)
    for text in g.actions[start:]:
        restored.apply(text, check=False)
    mine, theirs = g.snapshot(), restored.snapshot()
    if mine != theirs:
        differ = sorted(k for k in mine if mine[k] != theirs.get(k))
        return f"restored after action {start}, {len(g.actions) - start} actions on: {', '.join(differ)} differ"
    return None


@dataclass
class ChunkResult:
    """What a chunk of soak games reached, and its breaks."""

    games: int = 0
    actions: int = 0
    cpu_seconds: float = 0.0
    ended_by: collections.Counter = field(default_factory=collections.Counter)
    ultimates: collections.Counter = field(default_factory=collections.Counter)
    distilleries: collections.Counter = field(default_factory=collections.Counter)
    players: collections.Counter = field(default_factory=collections.Counter)
    variants: collections.Counter = field(default_factory=collections.Counter)
    breaks: list[Break] = field(default_factory=list)

    def add(self, other: ChunkResult) -> None:
        self.games += other.games
        self.actions += other.actions
        self.cpu_seconds += other.cpu_seconds
        for name in ("ended_by", "ultimates", "distilleries", "players", "variants"):
            getattr(self, name).update(getattr(other, name))
        self.breaks.extend(other.breaks)


def run_chunk(base: Any, run_seed: int, indices: list[int], invariants=None) -> ChunkResult:
    """Play the soak games ``indices`` of a run (in a worker, or here)."""
    out = ChunkResult()
    started = time.process_time()
    for i in indices:
        t = table(base, run_seed, i)
        checked, broken = play_game(base, t, invariants)
        g = checked.game
        out.games += 1
        out.actions += len(g.actions)
        out.ended_by[g.ended_by or "broken"] += 1
        out.players[t.players] += 1
        out.distilleries.update(t.distilleries)
        out.variants.update(f"{k}={v}" for k, v in t.variants)
        out.ultimates.update(e.data["ultimate"] for e in g.log if e.kind == "upgrade" and "ultimate" in e.data)
        if broken:
            out.breaks.append(broken)
    out.cpu_seconds = time.process_time() - started
    return out


@dataclass
class SoakResult:
    """A whole soak: games played, what they reached, every break, and the speed."""

    games: int
    seed: int
    seconds: float
    totals: ChunkResult
    invariants: tuple[str, ...] = ()
    """The names of the invariants checked, in the order tried."""

    @property
    def breaks(self) -> list[Break]:
        return self.totals.breaks

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def unreached(self, rules: Any) -> dict[str, list[str]]:
        """What of ``rules`` no game reached (what the soak failed to cover), as the game's ``soak`` part says.

        Bourbonomics names its Ultimates and distilleries; a game that declares no ``unreached`` names nothing.
        """
        own = getattr(get_game(game_of(rules)).part("soak"), "unreached", None)
        return own(rules, self.totals) if own is not None else {}

    def summary(self) -> str:
        t = self.totals
        lines = [
            f"soak: {self.games} games (seed {self.seed}) in {self.seconds:.1f} s = "
            f"{self.games_per_second:.1f} games/s; {t.actions} chosen actions, each followed by the invariants",
            f"  ended by: {_counts(t.ended_by)}; players: {_counts(t.players)}",
            f"  Ultimates reached: {len(t.ultimates)} ({_counts(t.ultimates)})",
            f"  distilleries played: {len(t.distilleries)} ({_counts(t.distilleries)})",
            f"  {t.games / t.cpu_seconds if t.cpu_seconds else 0:.1f} games per CPU second of the workers "
            "(on a machine with nothing else running, games/s is about that times the workers)",
            f"  invariants checked: {', '.join(self.invariants)}",
        ]
        if "the_box_holds" in self.invariants:
            lines.append("  the box (data/box.yaml) after every action: nothing created, lost or in two places")
        lines.append(f"  broken invariants: {len(self.breaks)}")
        return "\n".join(lines)


def _counts(counter) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counter.items()))


def soak(
    games: int = 1000,
    *,
    seed: int = 0,
    workers: int | None = None,
    rules: Any = None,
    out: str | Path | None = None,
    progress: bool | None = None,
    invariants=None,
    keep: int = 20,
) -> SoakResult:
    """Play ``games`` random legal games and check every book invariant after every action.

    Parameters
    ----------
    games : int
        How many games; game ``i`` of a run depends only on ``seed``, ``i`` and ``rules``.
    seed : int
        The run's seed.
    workers : int, optional
        Processes on the kept worker pool (default: one per CPU; 1 = in this process).
    rules : Ruleset, optional
        The base ruleset (default: the default game's, ``default_rules()``); every game picks one choice of each
        variant.
    out : str or Path, optional
        A folder where each broken game is saved as a playtest file (at most ``keep`` of them).
    progress : bool, optional
        A tqdm bar; None shows it when the run takes over a second.
    invariants : tuple of callables, optional
        The checks, ``f(game, step) -> why or None`` (default: every invariant of the book and the box law,
        ``laws_of`` the game).

    Returns
    -------
    SoakResult
        Counts, coverage (Ultimates and distilleries reached), the breaks and games per second.
    """
    import os

    from tqdm.auto import tqdm

    base = rules or default_rules()
    invariants = laws_of(game_of(base)) if invariants is None else invariants
    if isinstance(games, bool) or not isinstance(games, int) or games <= 0:
        raise SoakError(f"games: {games!r} must be a whole number above 0")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise SoakError(f"workers: {workers!r} must be a whole number of processes, 1 or more")
    workers = workers or os.cpu_count() or 1
    chunks = [list(range(i, min(games, i + CHUNK))) for i in range(0, games, CHUNK)]
    totals = ChunkResult()
    started = time.perf_counter()
    bar = tqdm(total=games, unit="game", disable=progress is False, delay=0 if progress else 1.0, leave=False)
    try:
        for part in _parts(base, seed, chunks, workers, invariants):
            totals.add(part)
            bar.update(part.games)
            bar.set_postfix(broken=len(totals.breaks), refresh=False)
    finally:
        bar.close()
    seconds = time.perf_counter() - started
    totals.breaks.sort(key=lambda b: b.table.index)
    if out is not None:
        for b in totals.breaks[:keep]:
            b.file = str(save_break(base, b, Path(out)))
    return SoakResult(games, seed, seconds, totals, tuple(f.__name__ for f in invariants))


def _parts(base: Any, seed: int, chunks: list[list[int]], workers: int, invariants):
    if workers <= 1 or len(chunks) == 1:
        for c in chunks:
            yield run_chunk(base, seed, c, invariants)
        return
    from ..sim.runner import submit

    futures = [submit(workers, run_chunk, base, seed, c, invariants) for c in chunks]
    try:
        for fut in as_completed(futures):
            yield fut.result()
    finally:
        for fut in futures:
            fut.cancel()


def replay_break(base: Any, b: Break) -> Any:
    """The broken game rebuilt from its table and actions (an action that raised is left out)."""
    t = b.table
    g = new_game(t.rules(base), players=t.players, seed=t.seed, distilleries=list(t.distilleries))
    actions = b.actions[:-1] if b.invariant == "engine_error" else b.actions
    for text in actions:
        g.apply(text, check=False)
    return g


def save_break(base: Any, b: Break, folder: Path) -> Path:
    """Save the broken game as a playtest file (seed + script) that ``bourbon-lab replay`` opens."""
    from ..scenarios.playtest import save_playtest

    folder.mkdir(parents=True, exist_ok=True)
    g = replay_break(base, b)
    note = f"Soak game {b.table.index}: {b.invariant} broke after its last action: {b.message}"
    if b.invariant == "engine_error":
        note = f"Soak game {b.table.index}: the action after this script raised ({b.actions[-1]}): {b.message}"
    return save_playtest(g, folder / f"soak-{b.table.index}-{b.invariant}.yaml", description=note)


def recheck(path: str | Path, invariants=None) -> tuple[str, str] | None:
    """Play a saved playtest's script again with the invariants: the first (invariant, why) broken, or None."""
    from ..scenarios.scenario import Scenario

    spec = Scenario.load(path).spec
    seed = spec.seeds[0]
    t = Table(-1, seed, spec.players, tuple(spec.distilleries), (), 0)
    checked = CheckedGame(spec.rules or default_rules(), t, invariants)
    for line in spec.script:
        broken = checked.apply(getattr(line, "text", line))
        if broken:
            return broken.invariant, broken.message
    return None
