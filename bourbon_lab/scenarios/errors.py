"""The one error a scenario file can raise: it names the file, the line or script step, and why."""

from __future__ import annotations

import difflib

from ..core.errors import BourbonLabError


class ScenarioError(BourbonLabError, ValueError):
    """A scenario that cannot be loaded or played, on one line: ``file line N: why``.

    ``file``, ``line`` (1-based, or None), ``step`` (1-based script step, or None) and
    ``why`` are kept apart so tools can point at the place.
    """

    def __init__(self, file: str, line: int | None, why: str, *, step: int | None = None):
        self.file, self.line, self.why, self.step = str(file), line, why, step
        where = self.file
        if step is not None:
            where += f" script step {step}"
            where += f" (line {line})" if line else ""
        elif line:
            where += f" line {line}"
        super().__init__(f"{where}: {why}")


def did_you_mean(name, known) -> str:
    """`` (did you mean 'seed'?)`` when a close match exists, else an empty text."""
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
