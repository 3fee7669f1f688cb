"""Design targets as data: which metric should land in which range, how much it matters, and why.

A targets file (YAML) names the game, the runs its metrics are read from (players, bots,
distillery lineups) and the targets. Each target cites its source: ``book`` with the rulebook
quote, or ``ours`` with the reason (and the quote it rests on, if any). ``check_targets`` reads
a run's tables and says, target by target, whether it holds.

A target **holds** when the metric's whole 95 % interval lies inside the range, **fails** when
the whole interval lies outside it, and is **undecided** when the interval straddles an end
(more games will settle it). A metric the run cannot measure is **not measured**.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import BourbonLabError
from ..core.registry import DEFAULT_GAME
from ..core.yamlfile import load as load_yaml
from ..core.yamlfile import read_text
from . import coverage
from .metrics import Estimate, get_metric
from .runs import Run


def __getattr__(name: str):
    """``BOOK_TARGETS``: the default game's own targets file (``games/<game>/data/targets.yaml`` since issue 42)."""
    if name == "BOOK_TARGETS":
        return targets_file(DEFAULT_GAME)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class TargetsError(BourbonLabError, ValueError):
    """A targets file or request that cannot be used; the message names the field."""


@dataclass(frozen=True)
class Target:
    """One design intent: ``metric`` within ``[lo, hi]`` (an open end is None), with weight and source."""

    metric: str
    lo: float | None
    hi: float | None
    weight: float = 1.0
    source: str = "ours"
    quote: str = ""
    why: str = ""
    run: str = "default"
    rising: tuple[str, ...] = ()
    group: str = ""
    """Targets written as one entry (``fires:*``, a floor under every mechanic): one objective when tuning."""

    @property
    def runs(self) -> tuple[str, ...]:
        """The runs this target reads: its run, or each run of a ``rising`` trend."""
        return self.rising or (self.run,)

    def estimate(self, results, game: str) -> Estimate:
        """The metric on ``results`` (a result, or a dict by run name); for a trend, its smallest step."""
        fn = get_metric(self.metric, game).fn
        pick = (lambda r: results[r]) if isinstance(results, dict) else (lambda r: results)
        if not self.rising:
            return fn(pick(self.run))
        return smallest_step([fn(pick(r)) for r in self.rising])

    @property
    def range_text(self) -> str:
        if self.rising:
            return f"rising over {' → '.join(self.rising)} (each step ≥ {self.lo:g})"
        if self.hi is None:
            return f"≥ {self.lo:g}"
        if self.lo is None:
            return f"≤ {self.hi:g}"
        return f"{self.lo:g}–{self.hi:g}"

    def status(self, est: Estimate) -> str:
        """Holds / fails / undecided / not measured, by the rule in this module's docstring."""
        if not est.measured:
            return "not measured"
        lo = -math.inf if self.lo is None else self.lo
        hi = math.inf if self.hi is None else self.hi
        if math.isnan(est.lo) or math.isnan(est.hi):
            inside = lo <= est.value <= hi
            return "holds" if inside else "fails"
        if lo <= est.lo and est.hi <= hi:
            return "holds"
        if est.hi < lo or est.lo > hi:
            return "fails"
        return "undecided"

    def distance(self, value: float) -> float:
        """How far ``value`` is outside the range, in units of the range's scale (0 inside)."""
        if math.isnan(value):
            return 1.0
        lo = -math.inf if self.lo is None else self.lo
        hi = math.inf if self.hi is None else self.hi
        gap = max(lo - value, value - hi, 0.0)
        return gap / self.scale

    @property
    def scale(self) -> float:
        """The yardstick a miss is measured in: the range's width, or its end's size when one-sided."""
        if self.lo is not None and self.hi is not None and self.hi > self.lo:
            return self.hi - self.lo
        end = self.lo if self.lo is not None else self.hi
        return max(abs(end or 0.0), 1.0)


@dataclass(frozen=True)
class Targets:
    """A whole targets file: the game, its runs and its targets."""

    game: str
    runs: dict[str, Run]
    targets: tuple[Target, ...]
    source: str = "targets"
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | Path) -> Targets:
        """Read and check a targets YAML file; a bad one is refused whole, naming the field."""
        text = read_text(path)
        return cls.from_dict(load_yaml(text, str(path)), source=str(path))

    @classmethod
    def book(cls) -> Targets:
        """The default game's shipped targets (Bourbonomics': the rulebook's quotes, and ours where it is silent)."""
        return cls.load(targets_file(DEFAULT_GAME))

    @classmethod
    def from_dict(cls, data: Any, source: str = "targets") -> Targets:
        if not isinstance(data, dict):
            raise TargetsError(f"{source}: expected a mapping with game, runs and targets")
        unknown = set(data) - {"game", "runs", "targets", "notes"}
        if unknown:
            raise TargetsError(
                f"{source}: unknown key {sorted(map(str, unknown))[0]!r} (known: game, runs, targets, notes)"
            )
        game = data.get("game", DEFAULT_GAME)
        if not isinstance(game, str):
            raise TargetsError(f"{source}: game: expected a game name, got {game!r}")
        runs = _runs(data.get("runs") or {"default": {}}, source)
        raw = data.get("targets")
        if not isinstance(raw, list) or not raw:
            raise TargetsError(f"{source}: targets: expected a non-empty list of targets")
        targets = tuple(_target(t, where, game, runs) for where, t in _every_mechanic(raw, source, game))
        return cls(game, runs, targets, source, {"notes": data.get("notes", "")})

    def needed_runs(self) -> list[Run]:
        """The runs some target reads, in file order."""
        names = {r for t in self.targets for r in t.runs}
        return [r for n, r in self.runs.items() if n in names]


def _runs(raw: Any, source: str) -> dict[str, Run]:
    if not isinstance(raw, dict):
        raise TargetsError(f"{source}: runs: expected a mapping of run name to players/bots/lineups")
    return {str(name): _run(str(name), spec, f"{source}: runs.{name}") for name, spec in raw.items()}


def _run(name: str, spec: Any, where: str) -> Run:
    spec = spec or {}
    if not isinstance(spec, dict) or set(spec) - {"players", "bots", "lineups"}:
        raise TargetsError(f"{where}: expected players, bots and (optionally) lineups")
    players = spec.get("players", 4)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise TargetsError(f"{where}.players: {players!r} is not a player count 2-6")
    bots = spec.get("bots", "heuristic")
    bots = [bots] if isinstance(bots, str) else bots
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots):
        raise TargetsError(f"{where}.bots: expected a bot name or a list of names")
    if len(bots) not in (1, players):
        raise TargetsError(f"{where}.bots: {len(bots)} names for {players} players (give one, or one per player)")
    lineups = spec.get("lineups") or []
    if not isinstance(lineups, list) or any(not isinstance(x, list) or len(x) != players for x in lineups):
        raise TargetsError(f"{where}.lineups: expected a list of lineups, each {players} distillery ids")
    return Run(name, players, tuple(bots), tuple(tuple(str(d) for d in x) for x in lineups))


_TARGET_KEYS = {"metric", "at_least", "at_most", "range", "weight", "source", "quote", "why", "run", "rising"}
EVERY = "*"
"""``fires:*`` (or ``per_game:*``, ``per_round:*``) stands for one target per mechanic the game declares."""


def _every_mechanic(raw: list, source: str, game: str):
    """Each entry with where it stands; a ``<kind>:*`` entry once per declared mechanic of the game.

    A mechanic the book itself makes rare (``expect_rare``) gets no floor; each expanded target quotes
    its mechanic's rule and belongs to the group ``<kind>:*``.
    """
    for i, t in enumerate(raw):
        where = f"{source}: targets[{i}]"
        metric = t.get("metric") if isinstance(t, dict) else None
        if not (isinstance(metric, str) and metric.endswith(":" + EVERY)):
            yield where, t
            continue
        kind = metric[: -len(EVERY) - 1]
        if t.get("rising"):
            raise TargetsError(f"{where}.metric: {metric!r} stands for every mechanic and cannot be rising")
        mechanics = [m for m in coverage.mechanics_of(game) if not m.expect_rare]
        if not mechanics:
            raise TargetsError(f"{where}.metric: {game} declares no mechanics for {metric!r}")
        for m in mechanics:
            yield f"{where} ({m.name})", {**t, "metric": f"{kind}:{m.name}", "quote": m.rule, "group": metric}


def smallest_step(ests: list[Estimate]) -> Estimate:
    """The step between consecutive runs' estimates with the lowest interval end (a rising trend's weakest link).

    Runs are independent games, so a step's interval is the normal one from the two intervals' half-widths.
    """
    if any(not e.measured for e in ests):
        return Estimate.missing("a run of the trend is not measured")
    steps = []
    for a, b in zip(ests, ests[1:]):
        half = math.hypot((a.hi - a.lo) / 2, (b.hi - b.lo) / 2) if _number(a.lo) and _number(b.lo) else math.nan
        d = b.value - a.value
        steps.append(Estimate(d, d - half, d + half, "step between independent runs", min(a.n, b.n)))
    return min(steps, key=lambda e: e.lo if _number(e.lo) else e.value)


def _target(t: Any, where: str, game: str, runs: dict[str, Run]) -> Target:
    if not isinstance(t, dict):
        raise TargetsError(f"{where}: expected a mapping with metric, a range, weight and source")
    unknown = set(t) - _TARGET_KEYS - {"group"}
    if unknown:
        raise TargetsError(f"{where}: unknown key {sorted(map(str, unknown))[0]!r}")
    name = t.get("metric")
    try:
        get_metric(str(name), game)
    except KeyError as exc:
        raise TargetsError(f"{where}.metric: {exc.args[0].removeprefix('metric: ')}") from None
    lo, hi = (None, None) if t.get("rising") and not ({"range", "at_least", "at_most"} & set(t)) else _bounds(t, where)
    weight = t.get("weight", 1)
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight <= 100:
        raise TargetsError(f"{where}.weight: {weight!r} must be a number above 0 (at most 100)")
    source = t.get("source")
    if source not in ("book", "ours"):
        raise TargetsError(f"{where}.source: {source!r} must be 'book' (with its quote) or 'ours' (with why)")
    quote, why = str(t.get("quote") or ""), str(t.get("why") or "")
    if source == "book" and not quote:
        raise TargetsError(f"{where}.quote: a book target needs the rulebook quote it rests on")
    if source == "ours" and not why:
        raise TargetsError(f"{where}.why: a target of ours needs the reason for it")
    run, rising_runs = _target_runs(t, where, runs, hi)
    lo = 0.0 if rising_runs and lo is None else lo
    group = str(t.get("group") or "")
    return Target(str(name), lo, hi, float(weight), source, quote, why, run, rising_runs, group)


def _target_runs(t: dict, where: str, runs: dict[str, Run], hi) -> tuple[str, tuple[str, ...]]:
    """The run a target reads, or the runs of a ``rising`` trend (in the order it should rise)."""
    rising = t.get("rising") or []
    if not isinstance(rising, list) or len(rising) == 1:
        raise TargetsError(f"{where}.rising: expected a list of two or more run names, in the order it rises")
    if rising and hi is not None:
        raise TargetsError(f"{where}: a rising target takes at_least (the smallest step), not at_most or range")
    key = "rising" if rising else "run"
    for r in rising or [t.get("run", "default")]:
        if str(r) not in runs:
            raise TargetsError(f"{where}.{key}: unknown run {r!r}; runs: {', '.join(runs)}")
    named = tuple(str(r) for r in rising)
    return (named[0] if named else str(t.get("run", "default"))), named


def _bounds(t: dict, where: str) -> tuple[float | None, float | None]:
    if "range" in t:
        r = t["range"]
        if not isinstance(r, list) or len(r) != 2 or not all(_number(x) for x in r) or r[0] > r[1]:
            raise TargetsError(f"{where}.range: expected [low, high] numbers with low ≤ high, got {r!r}")
        return float(r[0]), float(r[1])
    lo, hi = t.get("at_least"), t.get("at_most")
    for key, v in (("at_least", lo), ("at_most", hi)):
        if v is not None and not _number(v):
            raise TargetsError(f"{where}.{key}: expected a number, got {v!r}")
    if lo is None and hi is None:
        raise TargetsError(f"{where}: give range: [low, high], at_least or at_most")
    if lo is not None and hi is not None and lo > hi:
        raise TargetsError(f"{where}: at_least {lo} is above at_most {hi}")
    return (None if lo is None else float(lo)), (None if hi is None else float(hi))


def _number(x: Any) -> bool:
    return not isinstance(x, bool) and isinstance(x, (int, float)) and math.isfinite(x)


def targets_file(game: str = DEFAULT_GAME) -> Path:
    """A game's own targets file (``GameDef.targets_file``, in the game's ``data/``; Bourbonomics' are the book's)."""
    from ..core.registry import get_game

    found = get_game(game).targets_file
    if found is not None:
        return found
    raise TargetsError(f"{game} declares no targets file (GameDef.targets_file); give one")


def as_targets(targets: Targets | str | Path | None, game: str = DEFAULT_GAME) -> Targets:
    """A ``Targets`` from a path, a loaded file or None (the game's own targets file)."""
    if targets is None:
        return Targets.load(targets_file(game))
    if isinstance(targets, Targets):
        return targets
    return Targets.load(targets)
