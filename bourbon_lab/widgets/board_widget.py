"""BoardView: the live table as an anywidget, playable by clicks or ``.play(...)``.

The front end (``widgets/board.js``) only draws ``state`` and sets ``action``;
every rule stays in Python. A refused action leaves the game as it was and puts
the reason in ``error``, which the widget shows where the player is looking.
"""

from __future__ import annotations

import anywidget
import traitlets

from ..games.bourbonomics.rules.errors import BourbonLabError
from .assets import BOARD_CSS, BOARD_ESM
from .session import TableSession, error_text


class BoardView(anywidget.AnyWidget):
    """The Bourbonomics table drawn in the notebook, updated in place.

    Parameters
    ----------
    game : bourbon_lab.Game
        The game to show and play (changed in place by clicks).
    bots : dict of int to str, optional
        Seats played by bots, e.g. ``{1: "heuristic", 2: "greedy"}``; they move on their own
        after each human action (and at once, if a bot opens).
    viewer : int, optional
        The seat whose view is drawn; default the only human seat, else whoever is to act.

    Examples
    --------
    >>> import bourbon_lab as bl
    >>> board = BoardView(bl.new_game(bl.Ruleset.default(), 2, seed=1), bots={1: "random"})
    >>> board.state["zone"]
    'Low'
    """

    _esm = BOARD_ESM
    _css = BOARD_CSS
    state = traitlets.Dict().tag(sync=True)
    action = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game, bots: dict[int, str] | None = None, viewer: int | None = None, **kwargs):
        self.session = TableSession(game, bots, viewer)
        self.session.run_bots()
        super().__init__(state=self.session.state(), **kwargs)

    @property
    def game(self):
        return self.session.game

    @traitlets.observe("action")
    def _on_action(self, change) -> None:
        text = change["new"]
        if text:
            self.play(text)
            self.action = ""

    def play(self, action_text: str) -> bool:
        """Play an action as a click would; the bots answer, the board redraws.

        Returns
        -------
        bool
            True if it was played; False if refused (the reason is in ``error``, game unchanged).
        """
        try:
            self.session.play(action_text)
        except BourbonLabError as exc:
            self.error = error_text(exc)
            return False
        self.error = ""
        self.refresh()
        return True

    def refresh(self) -> None:
        """Redraw from the game (after changing it outside the widget)."""
        self.state = self.session.state()

    def legal_actions(self) -> list[str]:
        """The actions the board offers now (empty while a bot or nobody is to act)."""
        return list(self.state.get("legal", []))
