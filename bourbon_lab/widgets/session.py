"""A table in progress: one game, the seats given to bots, and the checked way a person plays.

Shared by the notebook BoardView and the Panel dashboard so that a click, a
notebook's ``.play(...)`` and a test all go through the same path: the rules'
checked ``apply``, then the bots move until a person is to act.
"""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..games.bourbonomics.rules.errors import ActionParseError, IllegalAction
from .board import board_state

BOT_STEP_LIMIT = 20_000
"""Bot moves per call before giving up: a guard against a bot that never ends its turn."""


class TableSession:
    """A game, its bots by seat, and the seat whose eyes the board uses.

    Parameters
    ----------
    game : bourbon_lab.Game
        The game to play (changed in place).
    bots : dict of int to str, optional
        Seat -> bot spec (``"heuristic"``, ``"search:budget=16"``); those seats move on their own.
    viewer : int, optional
        The seat the board shows. Default: the only human seat if there is exactly one,
        otherwise whoever is to act (hot-seat).
    """

    def __init__(self, game, bots: dict[int, str] | None = None, viewer: int | None = None):
        self.game = game
        self.bot_specs = {int(seat): spec for seat, spec in (bots or {}).items()}
        for seat in self.bot_specs:
            if not 0 <= seat < game.n:
                raise ValueError(f"bots: seat {seat} is not at this {game.n}-player table")
        self.bots = {seat: make_bot(spec, seed=game.seed * 97 + seat) for seat, spec in self.bot_specs.items()}
        humans = [s for s in range(game.n) if s not in self.bots]
        self.viewer = viewer if viewer is not None else (humans[0] if len(humans) == 1 else None)
        self.mark = len(game.log)

    @property
    def human_to_act(self) -> bool:
        """Whether the game waits for a person (not over, and the seat to act has no bot)."""
        return not self.game.is_over and self.game.current_player not in self.bots

    def play(self, text: str) -> list:
        """Play one action for the person to act, then let the bots move.

        Parameters
        ----------
        text : str
            The action's canonical text, e.g. ``"sell B3 -> D07"``.

        Returns
        -------
        list of Event
            Everything that happened, the bots' moves included.

        Raises
        ------
        IllegalAction
            When the action breaks a rule now, or it is a bot's seat to act; the game is unchanged.
        ActionParseError
            When the text is not an action at all.
        """
        g = self.game
        if g.current_player in self.bots:
            raise IllegalAction(
                text,
                f"seat {g.current_player} is played by a bot",
                round=g.round,
                phase=g.phase,
                player=g.current_player,
            )
        self.mark = len(g.log)
        events = g.apply(text)
        return events + self.run_bots()

    def run_bots(self, limit: int = BOT_STEP_LIMIT) -> list:
        """Let bot seats move until a person is to act or the game ends."""
        g = self.game
        start = len(g.log)
        for _ in range(limit):
            if g.is_over or g.current_player not in self.bots:
                break
            seat = g.current_player
            g.apply(self.bots[seat].choose(g.observe(seat), g.legal_actions()), check=False)
        return g.log[start:]

    def state(self) -> dict[str, Any]:
        """The board as ``board_state`` draws it, listing the events since the last person's move."""
        return board_state(self.game, self.viewer, since=max(0, self.mark - 4))


def error_text(exc: Exception) -> str:
    """A short message for the widget: the rule an illegal action breaks, or why the text is unreadable."""
    if isinstance(exc, IllegalAction):
        return f"Not allowed: {exc.action} — {exc.rule}"
    if isinstance(exc, ActionParseError):
        return f"Not an action: {exc}"
    return f"{type(exc).__name__}: {exc}"
