"""BoardView: the live table of any game as an anywidget, playable by clicks or ``.play(...)``.

The front end only draws ``state`` and sets ``action``; every rule stays in Python. The ESM is
the table's (hand-over screen, bot moves in words) followed by the game's own (``BoardDef.esm``)
or the generic board's. A refused action leaves the game as it was and puts the reason in
``error``, which the widget shows where the player is looking. What syncs to the browser
(``state``, ``error``) is the session's: at a shared screen, nobody's secrets until their tap.
"""

from __future__ import annotations

import anywidget
import traitlets

from ..core import BourbonLabError, game_of
from .assets import GENERIC_CSS, GENERIC_ESM, board_files, table_text
from .mainloop import HomeLoop
from .session import TableSession, bot_error_text, error_text

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
        after each human action (and at once, if a bot opens). Every other seat is a person.
    viewer : int, optional
        A fixed seat whose view is always drawn; default the only person, or with two or more
        people pass and play: a hand-over screen whenever the screen must go to another person,
        and before the first person's view (bots that open the game move behind it).
    pace : float
        Seconds between bot moves, each shown with its sentence and what it changed lit up;
        0 plays them at once. Pacing needs the notebook's event loop; without one bots move at once.
    pass_and_play : bool, optional
        Force the hand-over between people on or off (default: on with two or more people).

    Examples
    --------
    >>> import bourbon_lab as bl
    >>> board = BoardView(bl.new_game(bl.Ruleset.default(), 2, seed=1), bots={1: "random"})
    >>> board.state["zone"]
    'Low'
    """

    _esm, _css = table_text(GENERIC_ESM, GENERIC_CSS)
    state = traitlets.Dict().tag(sync=True)
    action = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __new__(cls, game=None, *args, **kwargs):
        if cls is BoardView and game is not None:
            cls = board_class(game_of(game.rules))
        return super().__new__(cls)

    def __init__(
        self,
        game,
        bots: dict[int, str] | None = None,
        viewer: int | None = None,
        pace: float = 0.0,
        pass_and_play: bool | None = None,
        **kwargs,
    ):
        if pace < 0:
            raise ValueError(f"pace: {pace} seconds between bot moves must be 0 or more")
        self.session = TableSession(game, bots, viewer, pass_and_play)
        self.pace = float(pace)
        self._pacing = False
        self._home = HomeLoop()  # clicks may arrive on a kernel subshell's thread; the game changes here
        super().__init__(state=self.session.state(), **kwargs)
        self._answer()

    @property
    def game(self):
        return self.session.game

    @traitlets.observe("action")
    def _on_action(self, change) -> None:
        text = change["new"]
        if text and not self._home.run(self._clicked, text):
            self._clicked(text)

    def _clicked(self, text: str) -> None:
        self.play(text)
        self.action = ""

    def play(self, action_text: str) -> bool:
        """Play an action as a click would; the bots answer, the board redraws.

        Returns
        -------
        bool
            True if it was played; False if refused (the reason is in ``error``, game unchanged).
        """
        if self._pacing:
            self.error = "Not allowed: the bots are still moving — wait for your turn"
            return False
        try:
            self.session.play(action_text, bots=False)
        except (BourbonLabError, ValueError) as exc:
            self.error = error_text(exc)
            return False
        self.error = ""
        self._answer()
        return True

    def _answer(self) -> None:
        """The bots' moves: one every ``pace`` seconds on the running event loop, else all at once."""
        if self.pace <= 0 or not self._home.alive or not self.session.bots_to_move:
            self.session.run_bots()
            self.refresh()
            return
        self._pacing = True
        self.refresh()
        self._home.later(self.pace, self._tick)

    def _tick(self) -> None:
        try:
            moved = self.session.bot_step()
        except BourbonLabError as exc:  # a bot's move refused: say so (not the move), stop pacing
            self.error, moved = bot_error_text(exc), None
        self._pacing = moved is not None and self.session.bots_to_move
        self.refresh()
        if self._pacing:
            self._home.later(self.pace, self._tick)

    def refresh(self) -> None:
        """Redraw from the game (after changing it outside the widget)."""
        self.state = self.session.state()

    def legal_actions(self) -> list[str]:
        """The actions the board offers now (empty while a bot, nobody or a hand-over is waited for)."""
        return list(self.state.get("legal", []))

    @property
    def handing_over(self) -> int | None:
        """The person the screen must go to now (the hand-over screen is shown), else None."""
        return self.session.waiting_for

    def save_playtest(self, path, name: str | None = None, description: str = ""):
        """Save the game as a playtest file that replays, with who was human (``bl.save_playtest``)."""
        from ..scenarios import save_playtest

        return save_playtest(self.game, path, name, description, humans=list(self.session.people))

    def postgame(self, **kw):
        """The post-game page of this table's game: points by source, each person's decisions (``bl.postgame``)."""
        from ..scenarios.postgame import postgame

        return postgame(self.game, humans=list(self.session.people), **kw)

    def take_screen(self) -> bool:
        """The tap on the hand-over screen, as a click on its button would."""
        return self.play(f"@screen {self.session.waiting_for}") if self.session.waiting_for is not None else False


def board_class(game: str) -> type[BoardView]:
    """The ``BoardView`` subclass that loads ``game``'s front-end files (made once per set of files)."""
    esm, css = board_files(game)
    if (esm, css) == (GENERIC_ESM, GENERIC_CSS):
        return BoardView
    key = (str(esm), str(css))
    if key not in _CLASSES:
        name = f"{game.title().replace('_', '')}Board"
        esm_text, css_text = table_text(esm, css)
        _CLASSES[key] = type(name, (BoardView,), {"_esm": esm_text, "_css": css_text, "__module__": __name__})
    return _CLASSES[key]
