"""The board view in Panel: the notebook widget's own ESM run by ``pn.custom.AnyWidgetComponent``.

The ESM is the table's (hand-over screen, bot moves) and then the game's own (``BoardDef.esm``) or the
generic board's, one component class per file.
"""

from __future__ import annotations

import panel as pn
import param

from ..widgets.assets import BOARD_CSS, BOARD_ESM, board_files, table_text
from .table import GameTable


class BoardComponent(pn.custom.AnyWidgetComponent):
    """The same front end as ``BoardView``: draws ``state``, sets ``action`` on a click, shows ``error``."""

    _esm = table_text(BOARD_ESM, BOARD_CSS)[0]

    state = param.Dict(default={})
    action = param.String(default="")
    error = param.String(default="")


_CLASSES: dict[str, type[BoardComponent]] = {str(BOARD_ESM): BoardComponent}


def board_component(game: str) -> tuple[type[BoardComponent], str]:
    """The component class that runs ``game``'s board ESM (one class per ESM file) and its stylesheet's text."""
    esm, css = board_files(game)
    esm_text, css_text = table_text(esm, css)
    if str(esm) not in _CLASSES:
        name = f"{game.title().replace('_', '')}BoardComponent"
        _CLASSES[str(esm)] = type(name, (BoardComponent,), {"_esm": esm_text, "__module__": __name__})
    return _CLASSES[str(esm)], css_text


class GameView(pn.viewable.Viewer):
    """Seats, pace and step controls over a ``GameTable`` and the board drawn from it.

    With people seated the Step buttons only move bots; the bots answer people at the table's pace
    (a periodic callback on the server), and the board hands the screen over between people.
    """

    def __init__(self, table: GameTable, **params):
        super().__init__(**params)
        self.table = table
        component, css = board_component(table.game_name)
        self._drawings = 0
        self.board = component(state=table.state, error=table.error, stylesheets=[css], sizing_mode="stretch_width")
        table.param.watch(self._sync, ["state", "error"])
        table.param.watch(self._pace, ["people", "players", "seed", "rules", "bot"])
        self.board.param.watch(self._clicked, "action")
        self._callback = None
        self._settled = False
        self.after = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["bl-postgame"])
        self.buttons = {
            "Step": lambda: table.step(1),
            "Step 10": lambda: table.step(10),
            "To end of round": table.to_round_end,
            "New game": table.restart,
        }
        self._pace()

    def _sync(self, *_events) -> None:
        self._drawings += 1  # every push a new value, so pushing again re-sends the whole state (``_tick``)
        self.board.param.update(state={**self.table.state, "drawing": self._drawings}, error=self.table.error)

    def _clicked(self, event) -> None:
        if event.new:
            self.table.play(event.new)
            self.board.action = ""
            self._pace()

    def _pace(self, *_events) -> None:
        """Bots that answer people move one at a time, every ``pace`` seconds, until a person is to act."""
        t = self.table
        if not t.paced or not t.session.bots_to_move or self._callback is not None:
            return
        self._settled = False
        self._callback = pn.state.add_periodic_callback(self._tick, period=max(50, int(t.pace * 1000)))

    def _tick(self) -> None:
        """One bot move; on the tick after the last one, the callback stops and the state is pushed again.

        Panel 1.9 sometimes never sends the browser the drawing a periodic callback made last (the
        server's model has it, the page keeps the one before): the page then waits on a stale screen,
        without the hand-over's button. A second push of the whole state, a tick later, gets through.
        """
        if self._settled:
            if self._callback is not None:
                self._callback.stop()
                self._callback = None
            self._sync()
            self._pace()  # a new game seated meanwhile: its bots start
            return
        self._settled = not self.table.bot_step()

    def postgame(self, rollouts: int = 4) -> str:
        """The post-game page of the table's game (people seated): points by source, each person's decisions.

        Returns the page's HTML, also shown under the board; without people there is nobody to weigh.
        """
        from ..scenarios.postgame import postgame

        t = self.table
        if not t.people:
            self.after.object = "<p>Seat people at the table first: the post-game page weighs their decisions.</p>"
            return self.after.object
        self.after.loading = True
        try:
            self.after.object = postgame(t.game, humans=list(t.people), rollouts=rollouts, seed=t.seed).page()
        finally:
            self.after.loading = False
        return self.after.object

    def _button(self, text: str, callback) -> pn.widgets.Button:
        b = pn.widgets.Button(label=text, color="primary" if text == "Step" else "default")
        b.on_click(lambda _e: callback())
        return b

    def _seats(self) -> pn.widgets.MultiChoice:
        """Which seats people play; options follow the table size."""
        t = self.table
        choice = pn.widgets.MultiChoice(
            label="People at the table (the other seats are bots)",
            options={f"P{s}": s for s in range(t.players)},
            value=list(t.people),
            width=320,
            css_classes=["bl-people"],
        )

        def seated(event):
            t.people = sorted(event.new)

        def resized(event):
            choice.options = {f"P{s}": s for s in range(event.new)}
            choice.value = [s for s in choice.value if s < event.new]

        choice.param.watch(seated, "value")
        t.param.watch(resized, "players")
        return choice

    def __panel__(self):
        seed = pn.widgets.IntInput.from_param(self.table.param.seed, name="Game seed", width=140)
        players = pn.widgets.IntInput.from_param(self.table.param.players, name="Players", width=100)
        pace = pn.widgets.FloatInput.from_param(
            self.table.param.pace, name="Bot pace (s)", step=0.2, width=110, css_classes=["bl-pace"]
        )
        row = pn.Row(players, seed, *[self._button(t, cb) for t, cb in self.buttons.items()])
        seats = pn.Row(self._seats(), pace, self._button("Post-game page", self.postgame))
        return pn.Column(row, seats, self.board, self.after, sizing_mode="stretch_width")
