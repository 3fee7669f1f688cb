"""The errors every game shares: a game package raises these, the layers above catch them.

The core imports no game, so these live here and each game's own error module re-exports them.
"""

from __future__ import annotations

import reprlib


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


class ActionIndexError(BourbonLabError):
    """A legal action the game's action index cannot number (``GameDef.action_index``, the RL adapters)."""


class UnknownGame(BourbonLabError, ValueError):
    """A game name that is not registered, or a ruleset that names none."""


_SHORT = reprlib.Repr()  # Python 3.11's Repr takes no keyword arguments
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = 60
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 6
_SHORT.maxlevel = 3


def short(value) -> str:
    """A ``repr`` cut to a readable length, for messages that quote what a file said."""
    return _SHORT.repr(value)


def one_line(exc: BaseException) -> str:
    """An error's message on one line (a multi-line ``RulesetError`` joins its problems with ``;``)."""
    parts = [part.strip() for part in str(exc).splitlines() if part.strip()]
    if len(parts) <= 1:
        return parts[0] if parts else type(exc).__name__
    return f"{parts[0]} {'; '.join(parts[1:])}"


class FileFormatError(BourbonLabError, ValueError):
    """A file that is not readable data (not UTF-8, not YAML or JSON, too big or too deep), on one line."""

    def __init__(self, file: str, line: int | None, why: str):
        self.file, self.line, self.why = str(file), line, why
        super().__init__(f"{self.file}{f' line {line}' if line else ''}: {why}")


class RulesetError(BourbonLabError, ValueError):
    """A ruleset was refused whole; ``problems`` lists (field, why) for each fault.

    ``source`` names the file (or the place) it came from and ``lines`` maps a field to the
    line it is written on, when it was read from YAML.
    """

    def __init__(self, problems: list[tuple[str, str]], source: str | None = None, lines: dict | None = None):
        self.problems = list(problems)
        self.source = source
        self.lines = dict(lines or {})
        rows = [f"  {name}{self._at(name)}: {why}" for name, why in self.problems]
        where = f" {source}" if source else ""
        super().__init__(f"invalid ruleset{where}, nothing was changed:\n" + "\n".join(rows))

    def _at(self, name: str) -> str:
        line = self.lines.get(name) or self.lines.get(name.split("[")[0])
        if isinstance(line, str):  # 'mash_bills.yaml line 12': the defaults span several files
            return f" ({line})"
        return f" (line {line})" if line else ""

    @property
    def fields(self) -> list[str]:
        return [name for name, _ in self.problems]


class SnapshotError(BourbonLabError, ValueError):
    """A snapshot that does not describe a possible game; ``field`` is the path of the first fault."""

    def __init__(self, field: str, why: str):
        self.field, self.why = field, why
        super().__init__(f"snapshot {field}: {why}")
