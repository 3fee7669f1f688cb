"""``apply``'s promise: a step happens whole or not at all, whatever is raised inside it.

A checked ``apply`` (the default) clones the table before the step and, when anything escapes
the step, moves the clone's attributes back into the table, so the caller's object is exactly
as it was. Bots and the simulator pass ``check=False`` with actions from ``legal_actions`` and
skip the copy: a defect there ends the game anyway, and the copy would double a bot game's cost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .errors import BourbonLabError

T = TypeVar("T")


class StepError(BourbonLabError):
    """An unexpected exception inside a step; the game was put back as it was before the action."""

    def __init__(self, game: str, step: str, action: str, cause: BaseException):
        self.game, self.step, self.action, self.cause = game, step, action, cause
        super().__init__(
            f"{game}: {type(cause).__name__} inside step {step!r} while playing {action!r}: {cause} "
            "(the game is unchanged)"
        )


def attributes(obj: Any) -> list[str]:
    """Every attribute a table holds: a mypyc native class lists them, a plain one has ``__dict__``."""
    names: list[str] = []
    for klass in type(obj).__mro__:
        for name in getattr(klass, "__mypyc_attrs__", ()):
            if name not in names and name != "__dict__":
                names.append(name)
    names.extend(k for k in getattr(obj, "__dict__", {}) if k not in names)
    return names


def put_back(state: Any, before: Any) -> None:
    """Make ``state`` the table ``before`` is (``before`` is a private clone, so nothing is shared back)."""
    for name in attributes(before):
        try:
            value = getattr(before, name)
        except AttributeError:  # a native attribute never set
            continue
        setattr(state, name, value)


def atomic(state: Any, game: str, action: str, run: Callable[[], T]) -> T:
    """Run one step of ``state``; on any exception put the table back and raise a named lab error."""
    before = state.clone()
    try:
        return run()
    except BaseException as exc:
        put_back(state, before)
        if isinstance(exc, BourbonLabError) or not isinstance(exc, Exception):
            raise
        raise StepError(game, str(before.step), action, exc) from exc
