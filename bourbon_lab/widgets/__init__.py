"""Notebook widgets: the rules editor, the playable board, the stepper and the live study.

Importing this package chooses Altair's offline renderer, so charts show in JupyterLab on a
machine with no network instead of a blank cell. The choice is the charts package's, made when it
is imported; this package also bundles Vega for the charts built as widgets (``use_offline_renderer``).
"""

from ..charts import use_offline_renderer
from .board import board_state
from .board_widget import BoardView
from .editor import RulesEditor
from .session import TableSession
from .stepper import Replay, Stepper, simulated_game
from .study import LiveStudy

use_offline_renderer()  # whole: the widgets' own charts (LiveStudy) load Vega locally from the start

__all__ = [
    "BoardView",
    "LiveStudy",
    "Replay",
    "RulesEditor",
    "Stepper",
    "TableSession",
    "board_state",
    "simulated_game",
    "use_offline_renderer",
]
