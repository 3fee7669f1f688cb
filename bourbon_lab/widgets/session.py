"""A table in progress: one game of any kind, the seats given to bots, and the checked way a person plays.

Shared by the notebook BoardView and the Panel dashboard so that a click, a
notebook's ``.play(...)`` and a test all go through the same path: the game's
checked ``apply``, then the bots move until a person is to act. In a commit group
every bot member commits at once; a person then commits for their own seat.
"""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..core import ActionParseError, IllegalAction, game_of
from .board import board_state

BOT_STEP_LIMIT = 20_000
"""Bot moves per call before giving up: a guard against a bot that never ends its turn."""


class TableSession:
    """A game, its bots by seat, and the seat whose eyes the board uses.

    Parameters
    ----------
    game : GameState
        The game to play (changed in place), of any registered game.
    bots : dict of int to str, optional
        Seat -> bot spec (``"heuristic"``, ``"search:budget=16"``, ``"random"``) of that game;
        those seats move on their own.
    viewer : int, optional
        The seat the board shows. Default: the only human seat if there is exactly one,
        otherwise whoever is to act (hot-seat).
    """

    def __init__(self, game, bots: dict[int, str] | None = None, viewer: int | None = None):
        self.game = game
        self.name = game_of(game.rules)
        self.bot_specs = {int(seat): spec for seat, spec in (bots or {}).items()}
        for seat in self.bot_specs:
            if not 0 <= seat < game.n:
                raise ValueError(f"bots: seat {seat} is not at this {game.n}-player table")
        self.bots = {
            seat: make_bot(spec, seed=game.seed * 97 + seat, game=self.name) for seat, spec in self.bot_specs.items()
        }
        humans = [s for s in range(game.n) if s not in self.bots]
        self.viewer = viewer if viewer is not None else (humans[0] if len(humans) == 1 else None)
        self.mark = len(game.log)

    @property
    def human_to_act(self) -> bool:
        """Whether the game waits for a person (not over, and a seat to act has no bot)."""
        d = self.game.decision
        return d is not None and any(s not in self.bots for s in (d.group or (d.actor,)))

    def _seat_for_person(self) -> int | None:
        """The seat a person's action is for: their own in a commit group, else the actor."""
        d = self.game.decision
        if d is None:
            return None
        if d.group and self.viewer in d.group:
            return self.viewer
        return d.actor

    def play(self, text: str) -> list:
        """Play one action for the person to act, then let the bots move.

        Parameters
        ----------
        text : str
            The action's canonical text, e.g. ``"sell B3 -> D07"`` or ``"bid 2"``.

        Returns
        -------
        list
            Everything that happened, the bots' moves included.

        Raises
        ------
        IllegalAction
            When the action breaks a rule now, or it is a bot's seat to act; the game is unchanged.
        ActionParseError
            When the text is not an action at all.
        """
        g = self.game
        seat = self._seat_for_person()
        if seat is None or seat in self.bots:
            why = "the game is over" if seat is None else f"seat {seat} is played by a bot"
            raise IllegalAction(text, why, round=g.round, phase=g.phase, player=seat)
        self.mark = len(g.log)
        events = g.apply(text) if seat == g.decision.actor else g.apply(text, player=seat)
        return list(events) + self.run_bots()

    def run_bots(self, limit: int = BOT_STEP_LIMIT) -> list:
        """Let bot seats move until a person is to act or the game ends (bots in a commit group commit first)."""
        g = self.game
        start = len(g.log)
        for _ in range(limit):
            d = g.decision
            if d is None:
                break
            movers = [s for s in (d.group or (d.actor,)) if s in self.bots]
            if not movers:
                break
            seat = movers[0]
            if seat == d.actor:
                g.apply(self.bots[seat].choose(g.observe(seat), g.legal_actions()))
            else:
                g.apply(self.bots[seat].choose(g.observe(seat), g.legal_actions(player=seat)), player=seat)
        return g.log[start:]

    def state(self) -> dict[str, Any]:
        """The board as ``board_state`` draws it, listing the events since the last person's move."""
        state = board_state(self.game, self.viewer, since=max(0, self.mark - 4))
        if not self.human_to_act:
            state.update(actions=[], legal=[])
        return state


def error_text(exc: Exception) -> str:
    """A short message for the widget: the rule an illegal action breaks, or why the text is unreadable."""
    if isinstance(exc, IllegalAction):
        return f"Not allowed: {exc.action} — {exc.rule}"
    if isinstance(exc, ActionParseError):
        return f"Not an action: {exc}"
    return f"{type(exc).__name__}: {exc}"
