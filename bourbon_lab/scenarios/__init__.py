"""Scenario files: a playtest written down once and replayed forever.

``Scenario.load(path).run()`` plays a file and checks its expectations; ``fork`` replays a
game under changed rules from a step on; ``save_playtest`` writes a game played by people
as a scenario that replays to the identical log. The file format is in ``scenarios/README.md``.
"""

from .errors import ScenarioError
from .fork import ForkDiff, ForkResult, fork
from .playtest import save_playtest
from .scenario import Failure, Scenario, ScenarioRun

__all__ = [
    "Failure",
    "ForkDiff",
    "ForkResult",
    "Scenario",
    "ScenarioError",
    "ScenarioRun",
    "fork",
    "save_playtest",
]
