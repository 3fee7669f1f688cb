"""Playing a scenario: the start (fresh table or snapshot), the script, then the bots.

One playthrough calls back at each point an expectation names; ``Scenario`` builds
``run``, ``game`` and ``game_at`` on top of it.
"""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..core import DEFAULT_GAME, BourbonLabError, IllegalAction, new_game
from .checks import scenario_part
from .errors import ScenarioError
from .format import Spec, check_snapshot
from .points import Watch

MAX_ACTIONS = 200_000
"""A safety stop; the round limit ends every real game long before."""


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat``, the same formula the simulator uses."""
    return seed * 31 + seat


def start_game(spec: Spec, seed: int):
    """The table a scenario starts from: its snapshot, or a fresh setup with this seed."""
    if spec.snapshot is not None:
        return check_snapshot(spec)
    if spec.game != DEFAULT_GAME:
        return new_game(spec.rules, spec.players, seed)
    try:
        return new_game(spec.rules, spec.players, seed, distilleries=spec.distilleries)
    except BourbonLabError as exc:
        if not isinstance(exc, ValueError):  # a refused setup is bad input (a ValueError); a rule's fault is not
            raise
        raise ScenarioError(spec.file, None, str(exc)) from None


def make_bots(spec: Spec, seed: int):
    """One bot per seat (seeded by seat), or None when the scenario has no bots."""
    if not spec.bots:
        return None
    return [make_bot(name, seed=bot_seed(seed, seat), game=spec.game) for seat, name in enumerate(spec.bots)]


def script_action(spec: Spec, game, i: int) -> Any:
    """Script step ``i`` (0-based), checked against the game: an illegal one names its step and line."""
    step = spec.script[i]
    if spec.game != DEFAULT_GAME:
        return step.text  # checked as it is applied (``_apply``): each game parses its own actions
    action = scenario_part(spec.game).parse_action(step.text)
    why = game.why_illegal(action)
    if why:
        who = "" if game.current_player is None else f", player {game.current_player}"
        where = f"round {game.round}, {game.phase}{who}"
        raise ScenarioError(spec.file, step.line, f"{step.text!r} is illegal here ({where}): {why}", step=i + 1)
    return action


def next_action(spec: Spec, game, i: int, bots):
    """The scenario's action number ``i``: scripted first, then the bots' choice; None = stop."""
    if i < len(spec.script):
        return script_action(spec, game, i)
    if bots is None:
        return None
    seat = game.current_player if spec.game == DEFAULT_GAME else game.decision.actor
    return bots[seat].choose(game.observe(seat), game.legal_actions())


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
        action = next_action(spec, game, i, bots)
        if action is None:
            break
        watch.before(game, action)
        _apply(spec, game, action, i)
        i += 1
    if i < len(spec.script):
        step = spec.script[i]
        raise ScenarioError(spec.file, step.line, f"{step.text!r}: the game is already over", step=i + 1)
    return game, watch.finish(game, i)


def _apply(spec: Spec, game, action, i: int) -> None:
    """The default game's checked script and trusted bots skip the re-check; another game checks every action."""
    if spec.game == DEFAULT_GAME:
        game.apply(action, check=False)
        return
    try:
        game.apply(action)
    except IllegalAction as exc:
        if i >= len(spec.script):
            raise
        step = spec.script[i]
        raise ScenarioError(spec.file, step.line, f"{step.text!r} is illegal here: {exc.rule}", step=i + 1) from None
