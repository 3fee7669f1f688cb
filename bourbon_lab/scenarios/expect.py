"""The expectation language: at a named point of the game, a few checks that must hold.

An expectation is one mapping in the scenario's ``expect:`` list::

    - after: {round: 5}        # or after: {step: 12} / at: {round: 6, phase: play} / at: end
      note: the market is full  # optional, printed with a failure
      zone: Hot
      player: {seat: 2, capital: {at_least: 11}}
      event: {kind: crash, round: 6}

The checks themselves live in ``checks.py``; this module reads the point and dispatches.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .checks import CHECKS, Where
from .errors import did_you_mean
from .points import PHASES, EndPoint, PhasePoint, RoundEndPoint, StepPoint

_POINT_HELP = "say where: at: end, after: {round: N}, after: {step: K} or at: {round: N, phase: play}"


@dataclass(frozen=True)
class Expectation:
    """Checks that must hold at one point; ``line`` is where it starts in the file."""

    point: object
    checks: tuple = ()
    line: int | None = None
    note: str = ""
    names: tuple = field(default=())

    def evaluate(self, game) -> list[str]:
        """The failures of this expectation on ``game`` (empty when all checks hold)."""
        out = []
        for name, spec in zip(self.names, self.checks):
            why = CHECKS[name][1](game, spec)
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


def parse_point(word: str, value, where: Where):
    """``at``/``after`` and its value -> a point object."""
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
    phase = value.get("phase", "demand")
    if phase not in PHASES[:3]:
        raise where.at(value, "phase").fail(
            f"phase must be demand, collect or play, got {phase!r}{did_you_mean(phase, PHASES)}"
        )
    return PhasePoint(rnd, phase)


def parse_expectation(item, where: Where) -> Expectation:
    """One item of ``expect:``, validated; errors name the file and line."""
    if not isinstance(item, dict):
        raise where.fail(f"an expectation is a mapping with at:/after: and checks, got {item!r}")
    words = [w for w in ("at", "after") if w in item]
    if len(words) != 1:
        raise where.fail(("give only one of at:/after:; " if words else "") + _POINT_HELP)
    point = parse_point(words[0], item[words[0]], where.at(item, words[0]))
    names, specs = [], []
    for key, value in item.items():
        if key in ("at", "after", "note"):
            continue
        w = where.at(item, key)
        if key not in CHECKS:
            raise w.fail(f"unknown check {key!r}{did_you_mean(key, CHECKS)}; checks are {', '.join(CHECKS)}")
        names.append(key)
        specs.append(CHECKS[key][0](value, w))
    if not names:
        raise where.fail("this expectation checks nothing; add e.g. zone: Hot or event: {kind: crash}")
    return Expectation(point, tuple(specs), where.line, str(item.get("note", "")), tuple(names))
