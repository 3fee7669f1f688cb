"""The board view in Panel: the notebook widget's own ESM run by ``pn.custom.AnyWidgetComponent``.

The ESM is the game's own (``BoardDef.esm``) or the generic board's, one component class per file.
"""

from __future__ import annotations

from pathlib import Path

import panel as pn
import param

from ..widgets.assets import BOARD_ESM, board_files
from .table import GameTable


class BoardComponent(pn.custom.AnyWidgetComponent):
    """The same front end as ``BoardView``: draws ``state``, sets ``action`` on a click, shows ``error``."""

    _esm = BOARD_ESM

    state = param.Dict(default={})
    action = param.String(default="")
    error = param.String(default="")


_CLASSES: dict[Path, type[BoardComponent]] = {BOARD_ESM: BoardComponent}


def board_component(game: str) -> tuple[type[BoardComponent], Path]:
    """The component class that runs ``game``'s board ESM (one class per ESM file) and its CSS file."""
    esm, css = board_files(game)
    if esm not in _CLASSES:
        name = f"{game.title().replace('_', '')}BoardComponent"
        _CLASSES[esm] = type(name, (BoardComponent,), {"_esm": esm, "__module__": __name__})
    return _CLASSES[esm], css


class GameView(pn.viewable.Viewer):
    """Step controls over a ``GameTable`` and the board drawn from it."""

    def __init__(self, table: GameTable, **params):
        super().__init__(**params)
        self.table = table
        component, css = board_component(table.game_name)
        self.board = component(
            state=table.state, error=table.error, stylesheets=[css.read_text()], sizing_mode="stretch_width"
        )
        table.param.watch(self._sync, ["state", "error"])
        self.board.param.watch(self._clicked, "action")
        self.buttons = {
            "Step": lambda: table.step(1),
            "Step 10": lambda: table.step(10),
            "To end of round": table.to_round_end,
            "New game": table.restart,
        }

    def _sync(self, *_events) -> None:
        self.board.param.update(state=self.table.state, error=self.table.error)

    def _clicked(self, event) -> None:
        if event.new:
            self.table.play(event.new)
            self.board.action = ""

    def _button(self, text: str, callback) -> pn.widgets.Button:
        b = pn.widgets.Button(name=text, button_type="primary" if text == "Step" else "default")
        b.on_click(lambda _e: callback())
        return b

    def __panel__(self):
        seed = pn.widgets.IntInput.from_param(self.table.param.seed, name="Game seed", width=140)
        players = pn.widgets.IntInput.from_param(self.table.param.players, name="Players", width=100)
        row = pn.Row(players, seed, *[self._button(t, cb) for t, cb in self.buttons.items()])
        return pn.Column(row, self.board, sizing_mode="stretch_width")
