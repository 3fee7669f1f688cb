"""What if? Replay a game up to a step, change the rules there, and let the bots play on.

The first ``at`` actions are replayed under the original rules; then the game is restored
under the new rules from its own snapshot, which keeps every random stream, so draws, rolls
and shuffles still to come reuse the recorded outcomes wherever the new rules ask for the same
ones. The scenario's script is followed on while its actions stay legal, then its bots take
over (bots that already played are replayed alongside, so their state matches too). With
unchanged rules the fork is the original game, move for move.

Any game forks: a table is restored under the new rules by ``core.optional.restore_under``, every seat
acts as ``decision.actor`` (or the commit-group seat a recorded step names), the scores are its
``score_rows`` and the key events counted are those its scenario part names (``KEY_EVENTS``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..core import ActionParseError, BourbonLabError, RulesetError, game_of, get_game
from ..core.errors import one_line
from ..core.optional import acts_for, apply_as, restore_under, table_setup, why_illegal
from .checks import part_of
from .errors import ScenarioError
from .format import ScriptStep, Spec, default_bot
from .points import PhasePoint
from .run import make_bots, play, start_game
from .scenario import Scenario


@dataclass
class ForkDiff:
    """How the fork's end differs from the original's: scores per player and key events after the fork."""

    at: int
    round: int
    players: list = field(default_factory=list)
    events: dict = field(default_factory=dict)
    ended: tuple = ()
    winners: tuple = ()

    def __str__(self) -> str:
        lines = [f"Fork at step {self.at} (round {self.round}); original -> fork"]
        lines.append(f"  ended: {self.ended[0]} -> {self.ended[1]}; winners: {self.winners[0]} -> {self.winners[1]}")
        for r in self.players:
            lines.append(f"  P{r['player']}: score {r['original']} -> {r['fork']} ({r['delta']:+})")
        for kind, (a, b) in self.events.items():
            lines.append(f"  {kind} after the fork: {a} -> {b}")
        return "\n".join(lines)


class ForkResult(NamedTuple):
    """The original game, the forked game, and their ``ForkDiff``."""

    original: Any
    forked: Any
    diff: ForkDiff


def _source(source, bots, seed):
    """(spec, seed, original game) for a Scenario or a table of any game played through ``apply``."""
    if isinstance(source, Scenario):
        spec = source.spec
        seed = spec.seeds[0] if seed is None else seed
        if bots is not None or not spec.bots:
            spec = _with(spec, bots=_bots(bots, spec.players, spec.game))
        return spec, seed, play(spec, seed)[0]
    if _is_table(source):
        name = game_of(source.rules)
        players = len(source.score_rows())
        setup = table_setup(get_game(name), source)
        spec = Spec(file="<game>", name="fork", game=name, rules=source.rules, players=players, setup=setup)
        spec.bots = _bots(bots, players, name)
        return spec, source.seed, source
    raise ScenarioError("<fork>", None, f"fork takes a Game or a Scenario, got {type(source).__name__}")


def _is_table(source) -> bool:
    """A table of any game that can be replayed and restored: its snapshot, rules, seed and actions."""
    return all(hasattr(source, a) for a in ("snapshot", "rules", "seed", "actions"))


def _bots(bots, n: int, game: str) -> list[str]:
    if bots is None:
        return [default_bot(game)] * n
    return [bots] * n if isinstance(bots, str) else list(bots)


def _with(spec: Spec, **changes) -> Spec:
    new = Spec(**{**spec.__dict__})
    for k, v in changes.items():
        setattr(new, k, v)
    return new


def _new_rules(original: Any, rules, file: str) -> Any:
    if isinstance(rules, type(original)):
        return rules
    try:
        return original.replace(**dict(rules or {}))
    except RulesetError as exc:
        raise ScenarioError(file, None, f"fork rules: {exc.problems[0][0]}: {exc.problems[0][1]}") from None
    except (BourbonLabError, ValueError, TypeError) as exc:
        raise ScenarioError(file, None, f"fork rules: {one_line(exc)}") from None


def _resolve_at(at, spec: Spec, seed: int, original) -> int:
    """``at`` as a step: an int, or {"round": N} for the first decision of round N."""
    if isinstance(at, dict) and set(at) == {"round"}:
        return _first_step_of_round(spec, seed, at["round"])
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(original.actions):
        raise ScenarioError(spec.file, None, f"fork at={at!r}: give a step 0-{len(original.actions)} or {{'round': N}}")
    return at


def _first_step_of_round(spec: Spec, seed: int, round_no: int) -> int:
    steps = []
    game, _ = play(spec, seed, [PhasePoint(round_no)], lambda p, g: steps.append(len(g.actions)), steps.__len__)
    if not steps:
        raise ScenarioError(spec.file, None, f"fork: round {round_no} is never reached")
    return steps[0] - len(start_game(spec, seed).actions)


def _replay(spec: Spec, seed: int, original, at: int):
    """The original game after ``at`` actions, its bots in the state they were in then."""
    game, bots = start_game(spec, seed), make_bots(spec, seed)
    base = len(game.actions)
    for i in range(at):
        if i >= len(spec.script) and bots:
            seat = game.decision.actor
            bots[seat].choose(game.observe(seat), game.legal_actions())
        action, seat = acts_for(game, original.actions[base + i])
        apply_as(game, action, seat, check=False)
    rows = [e.to_row() for e in game.log]
    if rows != [e.to_row() for e in original.log[: len(rows)]]:
        why = f"fork needs a game started with new_game (seed + actions): its first {at} actions replay to another log"
        raise ScenarioError(spec.file, None, why)
    return game, bots


def _playable(game, text: str) -> tuple[str, int | None] | None:
    """A scripted step as ``(action, seat)`` if the game (under its new rules) allows it now, else None."""
    action, seat = acts_for(game, text)
    try:
        return (action, seat) if why_illegal(game, action, seat) is None else None
    except ActionParseError:  # the new rules have no such action
        return None


def _play_on(spec: Spec, game, bots, at: int) -> None:
    i = at
    while i < len(spec.script) and not game.is_over and (step := _playable(game, spec.script[i].text)) is not None:
        apply_as(game, *step, check=False)
        i += 1
    while not game.is_over:
        seat = game.decision.actor
        apply_as(game, bots[seat].choose(game.observe(seat), game.legal_actions()), seat, check=False)


def fork(source, at, rules=None, *, bots=None, seed: int | None = None) -> ForkResult:
    """Replay ``source`` to step ``at``, switch to ``rules``, play on; compare the two ends.

    Parameters
    ----------
    source : Scenario or game
        A scenario (played with its first seed unless ``seed``) or a table of any game started with
        ``new_game`` and played through ``apply``.
    at : int or dict
        How many of the game's actions to replay first, or ``{"round": N}`` for the start of round N.
    rules : ruleset or dict
        The rules from the fork on: a ruleset of the game, or changes as its ``replace`` takes them.
    bots : str or list of str, optional
        Who plays on (default: the scenario's bots, else the game's ``heuristic`` at every seat).

    Returns
    -------
    ForkResult
        ``(original, forked, diff)``.

    Examples
    --------
    >>> sc = Scenario.from_text("{name: demo, players: 2, seed: 1, bots: greedy}")
    >>> original, forked, diff = fork(sc, at={"round": 5}, rules={"zone_multipliers": [1, 2, 4]})
    >>> forked.rules.zone_multipliers
    (1, 2, 4)
    """
    spec, seed, original = _source(source, bots, seed)
    step = _resolve_at(at, spec, seed, original)
    new_rules = _new_rules(original.rules, rules, spec.file)
    if _is_table(source) and not isinstance(source, Scenario):
        spec = _with(spec, script=[ScriptStep(a, None) for a in original.actions[:step]])
    game, bot_list = _replay(spec, seed, original, step)
    mark = len(game.log)
    try:
        snap = json.loads(json.dumps(game.snapshot()))
        forked = restore_under(get_game(spec.game), snap, new_rules)
    except (BourbonLabError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise ScenarioError(spec.file, None, f"the game at step {step} does not fit the new rules: {exc!r}") from None
    _play_on(spec, forked, bot_list or make_bots(_with(spec, bots=_bots(None, spec.players, spec.game)), seed), step)
    return ForkResult(original, forked, _diff(original, forked, step, game.round, mark))


def _winners(game) -> list[int]:
    """Who won (the leaders so far, if the game is not over)."""
    return [r.player for r in game.score_rows() if (r.won if game.is_over else r.rank == 1)]


def _diff(original, forked, step: int, round_no: int, mark: int) -> ForkDiff:
    a = {r.player: r.score for r in original.score_rows()}
    b = {r.player: r.score for r in forked.score_rows()}
    players = [{"player": p, "original": a[p], "fork": b[p], "delta": b[p] - a[p]} for p in sorted(a)]
    events = {
        kind: (sum(e.kind == kind for e in original.log[mark:]), sum(e.kind == kind for e in forked.log[mark:]))
        for kind in part_of(game_of(original.rules)).key_events
    }
    winners = (_winners(original), _winners(forked))
    ended = (f"{original.ended_by} in round {original.round}", f"{forked.ended_by} in round {forked.round}")
    return ForkDiff(step, round_no, players, events, ended, winners)
