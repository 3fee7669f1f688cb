"""Playing a scenario: the start (fresh table or snapshot), the script, then the bots.

One playthrough calls back at each point an expectation names; ``Scenario`` builds
``run``, ``game`` and ``game_at`` on top of it. Every game plays the same way: the seat to act is
``game.decision.actor`` (a script step may name a commit-group seat, ``"bid 2 @2"``), a script step is
applied through the checked path and a bot's move through the trusted one.
"""

from __future__ import annotations

from ..bots import make_bot
from ..core import ActionParseError, BourbonLabError, IllegalAction, new_game
from ..core.optional import SetupChoiceError, acts_for, apply_as
from .errors import ScenarioError
from .format import Spec, check_snapshot
from .points import Watch

MAX_ACTIONS = 200_000
"""A safety stop; the round limit ends every real game long before."""


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat``, the same formula the simulator uses."""
    return seed * 31 + seat


def start_game(spec: Spec, seed: int):
    """The table a scenario starts from: its snapshot, or a fresh setup with this seed and its setup choices."""
    if spec.snapshot is not None:
        return check_snapshot(spec)
    try:
        return new_game(spec.rules, spec.players, seed, **spec.setup)
    except (SetupChoiceError, ValueError) as exc:  # a refused setup is bad input; a rule's fault is not
        raise ScenarioError(spec.file, None, str(exc)) from None


def make_bots(spec: Spec, seed: int):
    """One bot per seat (seeded by seat), or None when the scenario has no bots."""
    if not spec.bots:
        return None
    return [make_bot(name, seed=bot_seed(seed, seat), game=spec.game) for seat, name in enumerate(spec.bots)]


def script_step(spec: Spec, game, i: int) -> tuple[str, int | None]:
    """Script step ``i`` (0-based) as ``(action, seat)``: the actor's, or a commit-group seat's (``... @2``)."""
    return acts_for(game, spec.script[i].text)


def illegal_step(spec: Spec, i: int, exc: BourbonLabError) -> ScenarioError:
    """Script step ``i`` refused by the game: its text, where the game stood and the rule, with its step and line."""
    step = spec.script[i]
    if isinstance(exc, IllegalAction):
        who = "" if exc.player is None else f", player {exc.player}"
        why = f"{step.text!r} is illegal here (round {exc.round}, {exc.phase}{who}): {exc.rule}"
    else:
        why = str(exc)
    return ScenarioError(spec.file, step.line, why, step=i + 1)


def apply_step(spec: Spec, game, i: int, action: str, seat: int | None) -> None:
    """Play script step ``i`` through the checked path; an illegal (or unreadable) step names its step and line."""
    try:
        apply_as(game, action, seat, check=True)
    except (IllegalAction, ActionParseError) as exc:
        raise illegal_step(spec, i, exc) from None


def play(spec: Spec, seed: int, points=(), on_point=None, stop=None):
    """Play one game of the scenario; returns ``(game, points never reached)``.

    Parameters
    ----------
    spec : Spec
        The validated scenario.
    seed : int
        The game's seed (with a snapshot: the bots' seed only).
    points : iterable
        Points to watch; ``on_point(point, game)`` is called as each is reached.
    stop : callable, optional
        Checked at each decision; True stops the game there.
    """
    game, bots = start_game(spec, seed), make_bots(spec, seed)
    watch = Watch(points, on_point or (lambda point, g: None))
    i = 0
    while not game.is_over and i < MAX_ACTIONS:
        watch.decision(game, i)
        if stop is not None and stop():
            return game, []
        if i < len(spec.script):
            action, seat = script_step(spec, game, i)
            watch.before(game, action, seat)
            apply_step(spec, game, i, action, seat)
        elif bots is not None:
            seat = game.decision.actor
            action = bots[seat].choose(game.observe(seat), game.legal_actions())
            watch.before(game, action, seat)
            apply_as(game, action, seat, check=False)  # a bot chooses among the legal actions
        else:
            break
        i += 1
    if i < len(spec.script):
        step = spec.script[i]
        raise ScenarioError(spec.file, step.line, f"{step.text!r}: the game is already over", step=i + 1)
    return game, watch.finish(game, i)
