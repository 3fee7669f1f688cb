"""BoardView: the live table of any game as an anywidget, playable by clicks or ``.play(...)``.

The front end only draws ``state`` and sets ``action``; every rule stays in Python. The ESM is
the game's own (``BoardDef.esm``) or the generic board's. A refused action leaves the game as
it was and puts the reason in ``error``, which the widget shows where the player is looking.
"""

from __future__ import annotations

import anywidget
import traitlets

from ..core import BourbonLabError, game_of
from .assets import GENERIC_CSS, GENERIC_ESM, board_files
from .session import TableSession, error_text

_CLASSES: dict[tuple, type] = {}


class BoardView(anywidget.AnyWidget):
    """A game's table drawn in the notebook, updated in place.

    ``BoardView(game)`` gives a board of the game's own class (one per set of front-end files,
    so two games' styles never mix in one notebook); each is a ``BoardView``.

    Parameters
    ----------
    game : GameState
        The game to show and play (changed in place by clicks), of any registered game.
    bots : dict of int to str, optional
        Seats played by bots, e.g. ``{1: "heuristic", 2: "random"}``; they move on their own
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

    _esm = GENERIC_ESM
    _css = GENERIC_CSS
    state = traitlets.Dict().tag(sync=True)
    action = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __new__(cls, game=None, *args, **kwargs):
        if cls is BoardView and game is not None:
            cls = board_class(game_of(game.rules))
        return super().__new__(cls)

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
        except (BourbonLabError, ValueError) as exc:
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


def board_class(game: str) -> type[BoardView]:
    """The ``BoardView`` subclass that loads ``game``'s front-end files (made once per set of files)."""
    esm, css = board_files(game)
    if (esm, css) == (GENERIC_ESM, GENERIC_CSS):
        return BoardView
    key = (str(esm), str(css))
    if key not in _CLASSES:
        name = f"{game.title().replace('_', '')}Board"
        _CLASSES[key] = type(name, (BoardView,), {"_esm": esm, "_css": css, "__module__": __name__})
    return _CLASSES[key]
