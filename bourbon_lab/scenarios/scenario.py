"""``Scenario``: a scenario file loaded once, played as often as wanted."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..core import FileFormatError, yamlfile
from .checks import part_of
from .errors import ScenarioError
from .format import Spec, read_spec
from .points import PhasePoint, StepPoint
from .run import play


@dataclass(frozen=True)
class Failure:
    """One expectation that did not hold in one game."""

    seed: int
    line: int | None
    where: str
    why: str
    note: str = ""

    def __str__(self) -> str:
        line = f"line {self.line}, " if self.line else ""
        note = f" ({self.note})" if self.note else ""
        return f"seed {self.seed}: {line}{self.where}: {self.why}{note}"


@dataclass
class GameResult:
    """One game of a scenario and the expectations it broke."""

    seed: int
    game: object
    failures: list = field(default_factory=list)


@dataclass
class ScenarioRun:
    """Every game of a scenario; ``passed`` when no expectation failed in any of them."""

    scenario: Scenario
    results: list

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def failures(self) -> list[Failure]:
        return [f for r in self.results for f in r.failures]

    @property
    def games(self) -> list:
        return [r.game for r in self.results]

    def __str__(self) -> str:
        sc = self.scenario
        n, checks = len(self.results), len(sc.spec.expect)
        head = f"{'PASS' if self.passed else 'FAIL'} {sc.name} ({sc.file}): {checks} expectations, {n} game(s)"
        return "\n".join([head, *(f"    {f}" for f in self.failures)])


class Scenario:
    """A scenario file: rules, table, seeds, bots, an optional script and expectations.

    >>> sc = Scenario.from_text("{name: demo, players: 2, bots: greedy, expect: [{at: end, over: true}]}")
    >>> sc.run().passed
    True
    """

    def __init__(self, spec: Spec):
        self.spec = spec

    @classmethod
    def load(cls, path: str | os.PathLike) -> Scenario:
        """Read and validate a scenario file; any fault is a one-line ``ScenarioError``."""
        path = Path(path)
        try:
            text = yamlfile.read_text(path)
        except FileFormatError as exc:
            raise ScenarioError(str(path), exc.line, exc.why) from None
        return cls(read_spec(text, str(path), path.parent))

    @classmethod
    def from_text(cls, text: str, file: str = "<scenario>", base_dir=None) -> Scenario:
        """A scenario from YAML text (``base_dir`` resolves a snapshot path)."""
        return cls(read_spec(text, file, Path(base_dir) if base_dir else Path.cwd()))

    name = property(lambda self: self.spec.name)
    description = property(lambda self: self.spec.description)
    file = property(lambda self: self.spec.file)
    rules = property(lambda self: self.spec.rules)
    seeds = property(lambda self: list(self.spec.seeds))

    def game(self, seed: int | None = None):
        """Play the scenario once (its first seed unless given) and return the game where it stopped."""
        return play(self.spec, self._seed(seed))[0]

    def run(self, seeds=None) -> ScenarioRun:
        """Play every seed and check every expectation.

        Returns
        -------
        ScenarioRun
            ``passed``, ``failures`` (one line each) and the ``games``.
        """
        results = [self._run_one(seed) for seed in (seeds if seeds is not None else self.spec.seeds)]
        return ScenarioRun(self, results)

    def _run_one(self, seed: int) -> GameResult:
        failures: list[Failure] = []
        by_point: dict = {}
        for e in self.spec.expect:
            by_point.setdefault(e.point, []).append(e)

        def on_point(point, game):
            for e in by_point[point]:
                failures.extend(Failure(seed, e.line, point.label(), why, e.note) for why in e.evaluate(game))

        game, missed = play(self.spec, seed, list(by_point), on_point)
        for point in missed:
            for e in by_point[point]:
                seen = f"the run stopped in round {game.round} ({game.phase})"
                failures.append(Failure(seed, e.line, point.label(), f"never reached: {seen}", e.note))
        failures.sort(key=lambda f: f.line or 0)
        return GameResult(seed, game, failures)

    def game_at(self, round: int | None = None, phase: str | None = None, step: int | None = None, seed=None):
        """The game paused at a point, ready to be stepped on by hand.

        Parameters
        ----------
        round, phase : int, str
            The first decision of that round (any game), or of that round's phase, for a game whose
            scenario part names its phases (Bourbonomics: "demand", "collect" or "play"; without ``phase``,
            the first of them). The Demand phase usually needs no decision, so its new card is already out.
        step : int
            Or: after the scenario's ``step``-th action.
        seed : int, optional
            Which game (default: the scenario's first seed).
        """
        if (round is None) == (step is None):
            raise ScenarioError(self.file, None, "game_at: give round= (with phase=) or step=")
        point = StepPoint(step) if step is not None else self._round_point(round, phase)
        caught = []
        game, missed = play(self.spec, self._seed(seed), [point], lambda p, g: caught.append(g.clone()), caught.__len__)
        if not caught:
            raise ScenarioError(self.file, None, f"{point.label()} is never reached (stopped in round {game.round})")
        return caught[0]

    def _round_point(self, round: int, phase: str | None) -> PhasePoint:
        part = part_of(self.spec.game)
        if not part.point_phases:
            if phase is not None:
                raise ScenarioError(self.file, None, f"game_at: a {part.game} scenario names no phases; give round=")
            return PhasePoint(round)
        phase = part.point_phases[0] if phase is None else phase
        if phase not in part.point_phases:
            why = f"game_at: phase is one of {', '.join(part.point_phases)}, not {phase!r}"
            raise ScenarioError(self.file, None, why)
        return PhasePoint(round, phase, part.round_phases)

    def _seed(self, seed):
        return self.spec.seeds[0] if seed is None else seed

    def __repr__(self) -> str:
        return f"<Scenario {self.name!r} from {self.file}>"
