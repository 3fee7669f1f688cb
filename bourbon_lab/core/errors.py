"""The errors every game shares: a game package raises these, the layers above catch them.

The core imports no game, so these live here and each game's own error module re-exports them.
"""

from __future__ import annotations


class BourbonLabError(Exception):
    """Base of every error this package raises on bad input."""


class ActionParseError(BourbonLabError, ValueError):
    """The text is not an action at all (a typo, an unknown verb)."""


class IllegalAction(BourbonLabError):
    """A well-formed action that the rules do not allow now; the game is unchanged."""

    def __init__(self, action, rule: str, *, round: int, phase: str, player: int | None):
        self.action = action
        self.rule = rule
        self.round = round
        self.phase = phase
        self.player = player
        who = "" if player is None else f", player {player}"
        super().__init__(f"illegal action {str(action)!r} (round {round}, {phase}{who}): {rule}")


class UnknownGame(BourbonLabError, ValueError):
    """A game name that is not registered, or a ruleset that names none."""
