"""Notebook widgets: the rules editor, the playable board, the stepper and the live study.

Importing this package chooses Altair's offline renderer, so charts show in
JupyterLab on a machine with no network instead of a blank cell.
"""

from .board import board_state
from .board_widget import BoardView
from .editor import RulesEditor
from .session import TableSession
from .stepper import Replay, Stepper, simulated_game
from .study import LiveStudy


def use_offline_renderer() -> str:
    """Make Altair charts render in JupyterLab with no network (the ``jupyter`` renderer, offline)."""
    try:
        from ..charts import use_offline_renderer as chosen
    except ImportError:
        import altair as alt

        alt.renderers.enable("jupyter", offline=True)
        return alt.renderers.active
    return chosen()


use_offline_renderer()

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
