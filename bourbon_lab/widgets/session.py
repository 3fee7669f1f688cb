"""A table in progress: one game of any kind, the seats given to bots, and the checked way a person plays.

Shared by the notebook BoardView and the Panel dashboard so that a click, a
notebook's ``.play(...)`` and a test all go through the same path: the game's
checked ``apply``, then the bots move until a person is to act. In a commit group
every bot member commits at once; a person then commits for their own seat.

Pass and play: with two or more people at one screen, the screen belongs to one of them at
a time (``holder``). Privacy by construction: ``state()`` (what a front end syncs to the browser)
carries a seat's secrets only while that seat's person holds the screen. Before anybody holds it
(bots opening the game) and whenever the next person to decide is somebody else, it is only the
hand-over screen (``waiting_for``): whose turn, a button, the round and the bots' last move as every
seat may read it. The first person taps too; a view is drawn only after its person's tap
(``take_screen``). Bots may be stepped one move at a time (``bot_step``) so a front end can play
them at a pace, each move with its sentence.
"""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..core import ActionParseError, IllegalAction, game_of
from .board import board_state
from .narrate import PUBLIC_READER, describe_all, who

BOT_STEP_LIMIT = 20_000
"""Bot moves per call before giving up: a guard against a bot that never ends its turn."""

SINCE_LINES = 40
"""Most sentences in a person's "since your last turn" summary (the latest ones)."""

SCREEN_TAP = "@screen"
"""The action text of a tap on the hand-over screen (``"@screen 1"``: P1 holds the screen now)."""


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
        A fixed seat the board always shows (a facilitator's screen). Default: the only person
        if there is exactly one; with two or more people, whoever holds the screen.
    pass_and_play : bool, optional
        Hand the screen over between people (default: on when two or more seats are people and
        no ``viewer`` is fixed). Off, the board follows the person to decide with no hand-over
        (never a bot: while bots move it stays with the last person, and shows nobody's before).
    """

    def __init__(self, game, bots: dict[int, str] | None = None, viewer: int | None = None, pass_and_play=None):
        self.game = game
        self.name = game_of(game.rules)
        self.bot_specs = {int(seat): spec for seat, spec in (bots or {}).items()}
        for seat in self.bot_specs:
            if not 0 <= seat < game.n:
                raise ValueError(f"bots: seat {seat} is not at this {game.n}-player table")
        if viewer is not None and not 0 <= int(viewer) < game.n:
            raise ValueError(f"viewer: seat {viewer} is not at this {game.n}-player table")
        self.bots = {
            seat: make_bot(spec, seed=game.seed * 97 + seat, game=self.name) for seat, spec in self.bot_specs.items()
        }
        self.people = tuple(s for s in range(game.n) if s not in self.bots)
        self.fixed_viewer = viewer
        many = len(self.people) > 1
        self.pass_and_play = bool(many and viewer is None) if pass_and_play is None else bool(pass_and_play)
        self.hot_seat = many and viewer is None and not self.pass_and_play
        """Several people, no hand-over: the screen follows the person to decide (never a bot)."""
        self.holder: int | None = viewer if viewer is not None else (self.people[0] if len(self.people) == 1 else None)
        self.waiting_for: int | None = None
        self.turn_marks = {s: len(game.log) for s in self.people}
        self._played: set[int] = set()
        self.last_bot_move: list = []
        self.mark = len(game.log)
        self.settle()  # a person to decide first waits for their tap like everyone after

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the board uses now.

        None: at a shared screen nobody holds yet, nobody's (the hand-over screen); once the game is
        over, everyone's; at a table of bots only, the seat to act (a designer watching).
        """
        return self.holder

    @property
    def shared(self) -> bool:
        """Whether people share this screen by turns (pass and play, or a hot seat): it shows no one's unheld."""
        return self.pass_and_play or self.hot_seat

    @property
    def human_to_act(self) -> bool:
        """Whether the game waits for a person (not over, and a seat to act has no bot)."""
        d = self.game.decision
        return d is not None and any(s not in self.bots for s in (d.group or (d.actor,)))

    @property
    def bots_to_move(self) -> bool:
        """Whether a bot seat must move before any person can (bots in a commit group commit first)."""
        d = self.game.decision
        return d is not None and any(s in self.bots for s in (d.group or (d.actor,)))

    def next_person(self) -> int | None:
        """The person who decides next: the screen's holder if they are among those to act, else the first."""
        d = self.game.decision
        if d is None or self.bots_to_move:
            return None
        waiting = [s for s in (d.group or (d.actor,)) if s not in self.bots]
        if not waiting:
            return None
        return self.holder if self.holder in waiting else waiting[0]

    def _seat_for_person(self) -> int | None:
        """The seat a person's action is for: the holder's (pass and play), theirs in a commit group, or the actor's."""
        d = self.game.decision
        if d is None:
            return None
        if self.pass_and_play:
            return self.next_person()
        if d.group and self.viewer in d.group:
            return self.viewer
        return d.actor

    def play(self, text: str, bots: bool = True) -> list:
        """Play one action for the person to act, then (``bots``) let the bots move.

        Parameters
        ----------
        text : str
            The action's canonical text, e.g. ``"sell B3 -> D07"`` or ``"bid 2"``; ``"@screen 1"``
            is the tap on the hand-over screen.
        bots : bool
            Let the bots answer at once (a paced front end steps them with ``bot_step`` instead).

        Returns
        -------
        list
            Everything that happened, the bots' moves included.

        Raises
        ------
        IllegalAction
            When the action breaks a rule now, it is a bot's seat to act, or the screen has not been
            handed to the person to act yet; the game is unchanged.
        ActionParseError
            When the text is not an action at all.
        """
        if text.startswith(SCREEN_TAP):
            self.take_screen(text)
            return []
        g = self.game
        if self.pass_and_play and self.holder is None and self.waiting_for is None:
            self.settle()  # the game moved outside the session: the first screen is still a tap away
        if self.waiting_for is not None:
            raise IllegalAction(
                text,
                f"pass and play: the screen goes to {who(self.waiting_for)} first (tap on the hand-over screen)",
                round=g.round,
                phase=g.phase,
                player=self.waiting_for,
            )
        seat = self._seat_for_person()
        if seat is None or seat in self.bots:
            why = "the game is over" if g.decision is None else f"seat {g.decision.actor} is played by a bot"
            raise IllegalAction(text, why, round=g.round, phase=g.phase, player=seat)
        self.mark = len(g.log)
        events = g.apply(text) if seat == g.decision.actor else g.apply(text, player=seat)
        self.turn_marks[seat] = len(g.log)
        self._played.add(seat)
        self.last_bot_move = []
        if not bots:
            self.settle()
            return list(events)
        return list(events) + self.run_bots()

    def take_screen(self, text: str = SCREEN_TAP) -> bool:
        """The tap on the hand-over screen: the person waited for holds the screen now.

        A tap naming another seat (a stale click) changes nothing and returns False.
        """
        seat = text[len(SCREEN_TAP) :].strip()
        if self.waiting_for is None or (seat and seat != str(self.waiting_for)):
            return False
        self.holder, self.waiting_for = self.waiting_for, None
        return True

    def bot_step(self) -> list | None:
        """One bot move (a front end's pace): the events it made (maybe none), or None when no bot is to move."""
        g = self.game
        d = g.decision
        movers = [] if d is None else [s for s in (d.group or (d.actor,)) if s in self.bots]
        if not movers:
            self.settle()
            return None
        start = len(g.log)
        seat = movers[0]
        if seat == d.actor:
            g.apply(self.bots[seat].choose(g.observe(seat), g.legal_actions()))
        else:
            g.apply(self.bots[seat].choose(g.observe(seat), g.legal_actions(player=seat)), player=seat)
        self.last_bot_move = g.log[start:]
        if not self.bots_to_move:
            self.settle()
        return self.last_bot_move

    def run_bots(self, limit: int = BOT_STEP_LIMIT) -> list:
        """Let bot seats move until a person is to act or the game ends (bots in a commit group commit first)."""
        start = len(self.game.log)
        for _ in range(limit):
            if self.bot_step() is None:
                break
        self.last_bot_move = []
        self.settle()
        return self.game.log[start:]

    def settle(self) -> None:
        """After the bots: wait on a hand-over when the next person is not the one holding the screen.

        The first person waits for their tap too: a screen nobody holds yet is a hand-over screen.
        """
        if self.game.is_over:
            self.waiting_for = None
            if self.shared:
                self.holder = None  # the game is over: everything is shown to everyone
            return
        person = self.next_person()
        if self.hot_seat and person is not None:
            self.holder = person
        if not self.pass_and_play or person is None or person == self.holder:
            return
        self.waiting_for = person

    def since_last_turn(self, seat: int) -> list[str]:
        """What happened since ``seat``'s last action, in that seat's words (nothing private of others)."""
        events = self.game.log[self.turn_marks.get(seat, len(self.game.log)) :]
        rows = describe_all(self.game, events[-SINCE_LINES:], seat)
        return [r["text"] for r in rows]

    def state(self) -> dict[str, Any]:
        """The board as ``board_state`` draws it, listing the events since the last person's move.

        While a hand-over is pending, or nobody holds a shared screen yet, it is only the hand-over
        screen: no seat's view at all.
        """
        if self.waiting_for is not None or (self.shared and self.holder is None and not self.game.is_over):
            return self._handover_state()
        state = board_state(self.game, self.viewer, since=max(0, self.mark - 4))
        mine = self.next_person() is not None and (not self.pass_and_play or self.next_person() == self.holder)
        if not mine:
            state.update(actions=[], legal=[])
        state["seating"] = self._table_info(mine)
        return state

    def _table_info(self, mine: bool) -> dict[str, Any]:
        """Who sits where, the last bot move in words, and the holder's summary when their turn has come."""
        seat = self.holder
        reader = seat if seat is not None else (None if self.game.is_over else PUBLIC_READER)
        info = self._seating(seat, reader)
        lines = self.since_last_turn(seat) if mine and seat is not None else []
        if lines:
            first = seat not in self._played
            title = f"Before your first turn, {who(seat)}" if first else f"Since your last turn, {who(seat)}"
            info["since"] = {"seat": seat, "title": title, "lines": lines}
        return info

    def _seating(self, holder: int | None, reader: int | None) -> dict[str, Any]:
        """Who sits where, whether bots are moving, and the last bot move as ``reader`` may read it."""
        last = describe_all(self.game, self.last_bot_move, reader) if self.last_bot_move else []
        return {
            "people": list(self.people),
            "bots": {str(s): spec for s, spec in self.bot_specs.items()},
            "holder": holder,
            "pass_and_play": self.pass_and_play,
            "moving": self.bots_to_move and not self.game.is_over,
            "step": len(self.game.log),
            "last": {"seat": self.last_bot_move[0].player, "lines": [r["text"] for r in last]} if last else None,
            "since": None,
        }

    def _handover_state(self) -> dict[str, Any]:
        """The hand-over screen: whose turn it is and a button, nothing of any seat's.

        With nobody to hand to yet (bots open the game) it has no button. The bots' last move is
        told as a reader at no seat reads it: only what every seat may see.
        """
        seat = self.waiting_for
        g = self.game
        if seat is None:
            text = "The bots move first — the screen goes to the first person to decide"
            note = f"Round {g.round}. Nothing of anybody's is on this screen until a person takes it."
        else:
            text = f"Pass to {who(seat)} — tap when {who(seat)} holds the screen"
            note = f"Round {g.round}. Nothing of anybody's is on this screen until {who(seat)} taps."
        return {
            "handover": {
                "seat": seat,
                "text": text,
                "note": note,
                "button": None if seat is None else f"{who(seat)} holds the screen — show my view",
                "action": None if seat is None else f"{SCREEN_TAP} {seat}",
                "round": g.round,
            },
            "actions": [],
            "legal": [],
            "seating": self._seating(None, PUBLIC_READER),
        }


def bot_error_text(exc: Exception) -> str:
    """A bot's refused move, without the move: its text may name cards only that bot's seat may see."""
    seat = getattr(exc, "player", None)
    bot = "a bot" if seat is None else f"{who(seat)}'s bot"
    return f"Not allowed: {bot} tried a move the rules refuse; the bots stop here"


def error_text(exc: Exception) -> str:
    """A short message for the widget: the rule an illegal action breaks, or why the text is unreadable."""
    if isinstance(exc, IllegalAction):
        return f"Not allowed: {exc.action} — {exc.rule}"
    if isinstance(exc, ActionParseError):
        return f"Not an action: {exc}"
    return f"{type(exc).__name__}: {exc}"
