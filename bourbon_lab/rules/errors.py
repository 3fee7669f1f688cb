"""Errors a designer or a player can meet, each naming what was wrong and where."""

from __future__ import annotations


class BourbonLabError(Exception):
    """Base of every error this package raises on bad input."""


class RulesetError(BourbonLabError, ValueError):
    """A ruleset was refused whole; ``problems`` lists (field, why) for each fault."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = list(problems)
        lines = [f"  {name}: {why}" for name, why in self.problems]
        super().__init__("invalid ruleset, nothing was changed:\n" + "\n".join(lines))

    @property
    def fields(self) -> list[str]:
        return [name for name, _ in self.problems]


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
