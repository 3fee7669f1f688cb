"""The expectation language: at a named point of the game, a few checks that must hold.

An expectation is one mapping in the scenario's ``expect:`` list::

    - after: {round: 5}        # or after: {step: 12} / at: {round: 6, phase: play} / at: end
      note: the market is full  # optional, printed with a failure
      zone: Hot
      player: {seat: 2, capital: {at_least: 11}}
      event: {kind: crash, round: 6}

The checks themselves live in ``checks.py``; this module reads the point and dispatches. Which checks
and points a file may use is what its game's scenario part declares (``checks.part_of``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import DEFAULT_GAME, games
from .checks import CHECKS, GamePart, Where, part_of
from .errors import did_you_mean
from .points import EndPoint, PhasePoint, RoundEndPoint, StepPoint

_POINT_HELP = "say where: at: end, after: {round: N}, after: {step: K} or at: {round: N, phase: play}"


@dataclass(frozen=True)
class Expectation:
    """Checks that must hold at one point; ``line`` is where it starts in the file."""

    point: object
    checks: tuple = ()
    line: int | None = None
    note: str = ""
    names: tuple = field(default=())
    runs: tuple = field(default=(), compare=False)
    """Each check's ``run`` (its game's), in the order of ``names``; empty: the default game's ``CHECKS``."""

    def evaluate(self, game) -> list[str]:
        """The failures of this expectation on ``game`` (empty when all checks hold)."""
        runs = self.runs or tuple(CHECKS[name][1] for name in self.names)
        out = []
        for run, spec in zip(runs, self.checks):
            why = run(game, spec)
            if why:
                out.append(why)
        return out


def _int(value, where: Where, what: str, lo: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise where.fail(f"{what} must be a whole number of at least {lo}, got {value!r}")
    return value


def _point_keys(value: dict, where: Where, allowed: tuple) -> None:
    for key in value:
        if key not in allowed:
            raise where.at(value, key).fail(f"unknown point key {key!r}{did_you_mean(key, allowed)}; {_POINT_HELP}")


def _either(words) -> str:
    """``a, b or c``."""
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


_POINT_WORDS = {
    "end": "at: end",
    "step": "after: {step: K}",
    "round_end": "after: {round: N}",
    "phase": "at: {round: N, phase: P}",
}


def _kind(point) -> str:
    if isinstance(point, EndPoint):
        return "end"
    if isinstance(point, StepPoint):
        return "step"
    return "round_end" if isinstance(point, RoundEndPoint) else "phase"


def parse_point(word: str, value, where: Where, part: GamePart | None = None):
    """``at``/``after`` and its value -> a point object (a phase named as ``part``'s game names it)."""
    part = part or part_of(DEFAULT_GAME)
    if word == "at" and value == "end":
        return EndPoint()
    if not isinstance(value, dict) or not value:
        raise where.fail(f"{word}: {value!r} is not a point; {_POINT_HELP}")
    _point_keys(value, where, ("step", "round", "phase"))
    if "step" in value:
        if len(value) > 1:
            raise where.fail("a step point takes only 'step:'")
        return StepPoint(_int(value["step"], where.at(value, "step"), "step", 0))
    if "round" not in value:
        raise where.fail(f"{word}: {dict(value)} names no round; {_POINT_HELP}")
    rnd = _int(value["round"], where.at(value, "round"), "round", 1)
    if word == "after":
        if "phase" in value:
            raise where.fail("after: {round: N} is the end of round N; for a phase use at: {round: N, phase: P}")
        return RoundEndPoint(rnd)
    return _phase_point(rnd, value, where, part)


def _phase_point(rnd: int, value: dict, where: Where, part: GamePart) -> PhasePoint:
    """``at: {round: N, phase: P}``; without a phase, the round's first phase the game names (or its first decision)."""
    named = part.point_phases
    if not named:  # a game without phases: the round's first decision (its part allows the point or not)
        if "phase" in value:
            raise where.at(value, "phase").fail(f"phase: a {part.game} scenario names no phases")
        return PhasePoint(rnd)
    phase = value.get("phase", named[0])
    if phase not in named:
        raise where.at(value, "phase").fail(
            f"phase must be {_either(named)}, got {phase!r}{did_you_mean(phase, part.round_phases)}"
        )
    return PhasePoint(rnd, phase, part.round_phases)


def _of_others(key, part: GamePart) -> str:
    """`` (zone: a Bourbonomics check)`` when another registered game's scenarios have check ``key``."""
    others = [part_of(g).title for g in games() if g != part.game and key in part_of(g).checks]
    return f" ({key}: a {' and '.join(others)} check)" if others else ""


def parse_expectation(item, where: Where, game: str = DEFAULT_GAME) -> Expectation:
    """One item of ``expect:`` of a ``game`` scenario, validated; errors name the file and line.

    The checks are ``game``'s (``part_of(game).checks``), the points those its scenario part supports.
    """
    part = part_of(game)
    checks = part.checks
    if not isinstance(item, dict):
        raise where.fail(f"an expectation is a mapping with at:/after: and checks, got {item!r}")
    words = [w for w in ("at", "after") if w in item]
    if len(words) != 1:
        raise where.fail(("give only one of at:/after:; " if words else "") + _POINT_HELP)
    point = parse_point(words[0], item[words[0]], where.at(item, words[0]), part)
    if _kind(point) not in part.points:
        allowed = [_POINT_WORDS[k] for k in _POINT_WORDS if k in part.points]
        raise where.fail(f"a {part.game} scenario checks {_either(allowed)}")
    names, specs = [], []
    for key, value in item.items():
        if key in ("at", "after", "note"):
            continue
        w = where.at(item, key)
        if key not in checks:
            known = f"checks are {', '.join(checks)}{_of_others(key, part)}"
            raise w.fail(f"unknown check {key!r}{did_you_mean(key, checks)}; {known}")
        names.append(key)
        specs.append(checks[key][0](value, w))
    if not names:
        raise where.fail(f"this expectation checks nothing; add e.g. {part.check_example}")
    runs = tuple(checks[name][1] for name in names)
    return Expectation(point, tuple(specs), where.line, str(item.get("note", "")), tuple(names), runs)
