"""What an expectation can say about a game, each check written as data in the scenario file.

Every check is a pair: ``parse(value, where)`` validates the YAML once when the file loads,
and ``run(game, spec)`` returns None when the game agrees or a sentence saying what it saw.
The checks here read only the protocol, so any game has them (``GENERIC``); a game's own checks
live in its folder (``scenario_checks.checks(KIT)``), which imports only the core, so the check
language is handed to it as ``KIT``. What else a game's scenario part may declare (the points its
table supports, how its script reads, its report...) is read once, by ``part_of``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..core import DEFAULT_GAME, GameDef, get_game
from .errors import ScenarioError, did_you_mean
from .marked import line_of
from .match import COMPARISONS, describe, is_comparison, matches

SCENARIO_PART = "scenario_checks"
"""The module of a game's folder that holds its own scenario checks (``GameDef.part``)."""


class Where:
    """A place in a scenario file, for errors: the file and the line of the value being read."""

    def __init__(self, file: str, line: int | None):
        self.file, self.line = file, line

    def at(self, value, key=None) -> Where:
        return Where(self.file, line_of(value, key, self.line))

    def fail(self, why: str) -> ScenarioError:
        return ScenarioError(self.file, self.line, why)


def log_digest(log) -> str:
    """A short fingerprint of a whole event log: equal digests, identical logs."""
    rows = [e.to_row() for e in log]
    blob = json.dumps(rows, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def scenario_part(game: str) -> Any:
    """``game``'s own scenario module (its checks, how its script reads), or ``None`` if it has none."""
    return get_game(game).part(SCENARIO_PART)


# --- small readers


def _mapping(value, where: Where, what: str) -> dict:
    if not isinstance(value, dict):
        raise where.fail(f"{what} takes a mapping like {{key: value}}, got {value!r}")
    return value


def _keys(value: dict, known, where: Where, what: str) -> None:
    for key in value:
        if key not in known and key not in COMPARISONS:
            hint = did_you_mean(key, known)
            raise where.at(value, key).fail(f"unknown {what} key {key!r}{hint}; known: {', '.join(known)}")


# --- checks on the table


def _parse_choice(choices):
    def parse(value, where: Where):
        if not is_comparison(value) and value not in choices:
            hint = did_you_mean(value, choices)
            raise where.fail(f"expected one of {', '.join(map(str, choices))}, got {value!r}{hint}")
        return value

    return parse


def _parse_any(value, where: Where):
    return value


def _simple(read, noun: str):
    def run(game, expected):
        actual = read(game)
        return None if matches(actual, expected) else f"{noun} is {actual}, expected {describe(expected)}"

    return run


# --- events


def event_fields(e) -> dict:
    """An event as one flat mapping: seq, round, phase, player, kind and its data."""
    return e.to_row()


def _pattern_parser(kinds):
    """Reads an event pattern whose ``kind:`` is one of ``kinds`` (the game's own)."""

    def parse(value, where: Where, extra=()) -> dict:
        value = _mapping(value, where, "an event pattern")
        kind = value.get("kind")
        if kind not in kinds:
            hint = did_you_mean(kind, kinds) if kind else ""
            raise where.at(value, "kind").fail(f"event needs a known 'kind:', got {kind!r}{hint}")
        return {k: v for k, v in value.items() if k not in extra}

    return parse


def _find(log, pattern: dict, start: int = 0) -> int | None:
    for i in range(start, len(log)):
        row = event_fields(log[i])
        if all(k in row and matches(row[k], v) for k, v in pattern.items()):
            return i
    return None


def _show(pattern: dict) -> str:
    return ", ".join(f"{k} {describe(v)}" for k, v in pattern.items())


def _unknown_field(log, pattern: dict) -> str | None:
    """The first pattern field that no event of its kind in the log has: a slip, refused.

    Unrefused it would never match, so ``no_event`` would pass and ``count`` find 0, silently. While the
    kind has not happened its fields are unknown, and nothing is refused.
    """
    fields: set[str] = set()
    for e in log:
        if e.kind == pattern["kind"]:
            fields |= set(event_fields(e))
    for key in pattern if fields else ():
        if key not in fields:
            return (
                f"the pattern's field {key!r} is not a field of a {pattern['kind']!r} event"
                f"{did_you_mean(key, sorted(fields))}; its fields are {', '.join(sorted(fields))}"
            )
    return None


def _run_event(game, pattern):
    if why := _unknown_field(game.log, pattern):
        return why
    return None if _find(game.log, pattern) is not None else f"no event with {_show(pattern)}"


def _run_no_event(game, pattern):
    if why := _unknown_field(game.log, pattern):
        return why
    i = _find(game.log, pattern)
    return None if i is None else f"unexpected event: {game.log[i]}"


_COUNT_WORDS = ("at_least", "at_most", "exactly")


def _run_count(game, spec):
    pattern, limits = spec
    if why := _unknown_field(game.log, pattern):
        return why
    n = 0
    i = _find(game.log, pattern)
    while i is not None:
        n += 1
        i = _find(game.log, pattern, i + 1)
    return None if matches(n, limits) else f"{n} events with {_show(pattern)}, expected {describe(limits)}"


def _run_sequence(game, patterns):
    i = 0
    for n, pattern in enumerate(patterns):
        if why := _unknown_field(game.log, pattern):
            return f"sequence item {n + 1}: {why}"
        found = _find(game.log, pattern, i)
        if found is None:
            return f"sequence broken at item {n + 1}: no event with {_show(pattern)} after the ones before it"
        i = found + 1
    return None


def event_checks(kinds) -> dict[str, tuple]:
    """``event``, ``no_event``, ``count`` and ``sequence``: patterns over the log, each ``kind:`` one of ``kinds``."""
    pattern = _pattern_parser(tuple(kinds))

    def parse_pattern(value, where: Where):
        return pattern(value, where)

    def parse_count(value, where: Where):
        value = _mapping(value, where, "count")
        limits = {k: value[k] for k in _COUNT_WORDS if k in value}
        if not limits:
            raise where.fail("count needs at_least, at_most or exactly")
        return pattern(value, where, extra=_COUNT_WORDS), limits

    def parse_sequence(value, where: Where):
        if not isinstance(value, list) or not value:
            raise where.fail("sequence takes a list of event patterns, in the order they must happen")
        return [pattern(item, where.at(value, i)) for i, item in enumerate(value)]

    return {
        "event": (parse_pattern, _run_event),
        "no_event": (parse_pattern, _run_no_event),
        "count": (parse_count, _run_count),
        "sequence": (parse_sequence, _run_sequence),
    }


def _parse_digest(value, where: Where):
    if not isinstance(value, str):
        raise where.fail(f"log_digest is a text like 'a1b2c3d4e5f60718', got {value!r}")
    return value


def _winners(game):
    if not game.is_over:
        return None
    won = [r.player for r in game.score_rows() if r.won]  # the protocol's rows: any game
    return won[0] if len(won) == 1 else won


GENERIC = {
    "round": (_parse_any, _simple(lambda g: g.round, "the round")),
    "over": (_parse_choice((True, False)), _simple(lambda g: g.is_over, "game over")),
    "winner": (_parse_any, _simple(_winners, "the winner")),
    "log_digest": (_parse_digest, _simple(lambda g: log_digest(g.log), "the log digest")),
}
"""The checks any game's scenario may use: they read only the protocol."""


@dataclass(frozen=True)
class CheckKit:
    """The check language a game's ``scenario_checks.checks(kit)`` builds its own checks with.

    Handed in, not imported: a game package imports only the core. ``mapping`` and ``keys`` refuse a
    value that is not a mapping or holds an unknown key; ``choice(choices)`` and ``anything`` are
    parsers; ``simple(read, noun)`` compares ``read(game)`` with the expected value.
    """

    matches: Callable[[Any, Any], bool]
    describe: Callable[[Any], str]
    did_you_mean: Callable[[Any, Any], str]
    mapping: Callable[..., dict]
    keys: Callable[..., None]
    choice: Callable[[Any], Callable]
    anything: Callable[[Any, Any], Any]
    simple: Callable[[Callable, str], Callable]
    events: Callable[[Any], dict]
    generic: Mapping[str, tuple]


KIT = CheckKit(
    matches=matches,
    describe=describe,
    did_you_mean=did_you_mean,
    mapping=_mapping,
    keys=_keys,
    choice=_parse_choice,
    anything=_parse_any,
    simple=_simple,
    events=event_checks,
    generic=GENERIC,
)


def game_checks(game: str) -> dict[str, tuple]:
    """Every check a scenario of ``game`` may use: its folder's ``scenario_checks.checks(KIT)``, else ``GENERIC``."""
    part = scenario_part(game)
    own = getattr(part, "checks", None)
    return dict(GENERIC) if own is None else dict(own(KIT))


POINT_KINDS = ("end", "step", "round_end", "phase")
"""The points an expectation may name, by kind: ``end`` (``at: end``), ``step`` (``after: {step: K}``),
``round_end`` (``after: {round: N}``: caught on a clone whose ``on_round_end`` hook stops it, so the game's
table must call that hook) and ``phase`` (``at: {round: N, phase: P}``: the game's ``ROUND_PHASES``)."""

LIMITED_POINTS = ("end", "step")
"""The points every game's table supports through the protocol alone: a game's part declares more (``POINTS``)."""


@dataclass(frozen=True)
class GamePart:
    """What a game's scenario part (``scenario_checks.py``) declares, with the defaults of a game that declares none.

    ``checks``: every check its expectations may use (``GENERIC`` plus its own ``checks(kit)``); ``points``:
    the point kinds its table supports (``POINTS``, default ``LIMITED_POINTS``); ``round_phases``: its phases in
    round order (``ROUND_PHASES``) and ``point_phases`` those a phase point may name (``POINT_PHASES``), the
    first being a round's start; ``parse_action``: reads a script step as the file loads, so a typo fails
    there (the checked script; without it a step is checked as it plays); ``key_events``: the event kinds a
    fork's diff counts (``KEY_EVENTS``); ``report``: its replay report (``report(spec, game, seed, start)``,
    else its events one a line); ``players``: a scenario's table when the file gives none (``PLAYERS``, else
    the game's fewest); ``action_example`` and ``check_example``: an action and a check quoted in errors
    (``ACTION_EXAMPLE``, ``CHECK_EXAMPLE``).
    """

    game: str
    title: str
    checks: Mapping[str, tuple]
    points: tuple[str, ...] = LIMITED_POINTS
    round_phases: tuple[str, ...] = ()
    point_phases: tuple[str, ...] = ()
    parse_action: Callable[[Any], Any] | None = None
    key_events: tuple[str, ...] = ()
    report: Callable[..., str] | None = None
    players: int = 2
    action_example: str | None = None
    check_example: str = "over: true or round: 2"


_PARTS: dict[tuple[str, int], GamePart] = {}


def part_of(game: str | GameDef) -> GamePart:
    """``game``'s scenario part read once: what its scenarios may do (``GamePart``)."""
    gd = game if isinstance(game, GameDef) else get_game(game)
    key = (gd.name, id(gd))
    if key not in _PARTS:
        part = gd.part(SCENARIO_PART)
        phases = tuple(getattr(part, "ROUND_PHASES", ()))
        points = tuple(getattr(part, "POINTS", LIMITED_POINTS))
        unknown = [p for p in points if p not in POINT_KINDS]
        if unknown or ("phase" in points and not phases):
            why = f"unknown point kinds {unknown}" if unknown else "the phase point needs ROUND_PHASES"
            raise ValueError(f"{gd.name}: {SCENARIO_PART}.POINTS: {why}")
        _PARTS[key] = GamePart(
            game=gd.name,
            title=gd.info.title,
            checks=game_checks(gd.name),
            points=points,
            round_phases=phases,
            point_phases=tuple(getattr(part, "POINT_PHASES", phases)),
            parse_action=getattr(part, "parse_action", None),
            key_events=tuple(getattr(part, "KEY_EVENTS", ())),
            report=getattr(part, "report", None),
            players=getattr(part, "PLAYERS", None) or gd.info.min_players,
            action_example=getattr(part, "ACTION_EXAMPLE", None),
            check_example=getattr(part, "CHECK_EXAMPLE", GamePart.check_example),
        )
    return _PARTS[key]


class _Checks(Mapping):
    """A game's checks, gathered on first use: importing the scenarios imports no game."""

    def __init__(self, game: str):
        self.game = game
        self._table: dict | None = None

    def _checks(self) -> dict:
        if self._table is None:
            self._table = game_checks(self.game)
        return self._table

    def __getitem__(self, name: str) -> tuple:
        return self._checks()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._checks())

    def __len__(self) -> int:
        return len(self._checks())


CHECKS: Mapping[str, tuple] = _Checks(DEFAULT_GAME)
"""The default game's checks (``GENERIC`` with its own), as before; a scenario reads its own game's
(``part_of(game).checks``)."""
