"""One game of any kind at the dashboard's table: bots stepped by hand, or people playing with bots.

With no people seated, a designer steps the bots (Step, Step 10, To end of round). With people
seated (``people``), the seats left over are bots that answer on their own, one move every
``pace`` seconds, and two or more people pass the screen with a hand-over in between
(``TableSession``), the first person's included. ``state`` and ``error`` sync to the browser, so
they come from the session: nobody's secrets but the screen holder's. Every change goes through the
game's checked ``apply``.
"""

from __future__ import annotations

from typing import Any

import param

from ..bots import make_bot
from ..core import DEFAULT_GAME, BourbonLabError, default_rules, game_of, get_game, new_game
from ..widgets.session import TableSession, bot_error_text, error_text
from .store import one_line

STEP_LIMIT = 5000
"""Bot moves in one 'to the end of the round' jump before giving up."""


def _board_state(game) -> dict[str, Any]:
    from ..widgets.board import board_state

    return board_state(game, viewer=None)


class GameTable(param.Parameterized):
    """A live game and what the board view draws of it; every change goes through ``game.apply``."""

    rules = param.Parameter(default=default_rules(), doc="The ruleset, of any game (the default game's unless told).")
    players = param.Integer(4, bounds=(1, 12))
    seed = param.Integer(0, bounds=(0, 2**31 - 1))
    bot = param.String("heuristic", doc="The bot that plays every seat nobody sits at.")
    people = param.List(default=[], item_type=int, doc="Seats played by people at this screen; the rest are bots.")
    pace = param.Number(0.8, bounds=(0, 10), doc="Seconds between bot moves while people play (0: at once).")
    state = param.Dict(default={})
    error = param.String("")

    def __init__(self, **params):
        info = get_game(game_of(params["rules"]) if "rules" in params else DEFAULT_GAME).info
        if "bot" not in params:
            from ..widgets.study import default_bot

            params["bot"] = default_bot(info.name)
        super().__init__(**params)
        self.param.players.bounds = (info.min_players, info.max_players)
        self.game = None
        self.session: TableSession | None = None
        self.restart()

    @property
    def game_name(self) -> str:
        """The name of the game on the table."""
        return game_of(self.rules)

    @property
    def paced(self) -> bool:
        """Whether bots answer people one move at a time (the front end calls ``bot_step`` at the pace)."""
        return self.session is not None and self.pace > 0

    @param.depends("rules", "players", "seed", "bot", "people", watch=True)
    def restart(self) -> None:
        """A new game from the rules, player count, seed and seats (again whenever one of them changes)."""
        wrong = [s for s in self.people if not 0 <= s < self.players]
        if wrong:
            self.error = f"people: seat {wrong[0]} is not at this {self.players}-player table"
            return
        try:
            self.game = new_game(self.rules, players=self.players, seed=self.seed)
            bots = {s: self.bot for s in range(self.players) if s not in self.people}
            self.session = TableSession(self.game, bots=bots) if self.people else None
        except BourbonLabError as exc:
            self.error = one_line(exc)
            return
        self._bots = [make_bot(self.bot, seed=self.seed * 97 + s, game=self.game_name) for s in range(self.players)]
        self.error = ""
        if self.session is not None and self.paced:
            self.session.settle()  # the bots' first moves come at the pace
        elif self.session is not None:
            self.session.run_bots()
        self._draw()

    def _draw(self) -> None:
        self.state = self.session.state() if self.session is not None else _board_state(self.game)

    def step(self, moves: int = 1) -> int:
        """Let the bot play ``moves`` actions for whoever is to act; returns how many were played.

        With people seated, only bot seats move (one move per step), never a person's.
        """
        g = self.game
        played = 0
        while played < moves and g is not None and not g.is_over:
            if self.session is not None:
                if self.session.bot_step() is None:
                    break
            else:
                seat = g.decision.actor
                g.apply(self._bots[seat].choose(g.observe(seat), g.legal_actions()))
            played += 1
        self.error = ""
        self._draw()
        return played

    def bot_step(self) -> bool:
        """One bot move at the pace (people seated); False when no bot is to move any more."""
        if self.session is None:
            return False
        try:
            moved = self.session.bot_step() is not None
        except BourbonLabError as exc:  # not the move: it may name the bot's hidden cards
            self.error, moved = bot_error_text(exc), False
        self._draw()
        return moved and self.session.bots_to_move

    def to_round_end(self) -> int:
        """Bots play until the round number changes or the game ends."""
        g = self.game
        start, played = g.round, 0
        while not g.is_over and g.round == start and played < STEP_LIMIT:
            moved = self.step(1)
            if not moved:
                break
            played += moved
        return played

    def play(self, text: str) -> bool:
        """A person's action (or a tap on the hand-over screen) through the checked path.

        A refused one leaves the game as it was and says why. With people seated and no pace,
        the bots answer at once; with a pace, the front end steps them.
        """
        if not text:
            return False
        try:
            if self.session is not None:
                if self.paced and self.session.bots_to_move:
                    raise BourbonLabError("the bots are still moving — wait for your turn")
                self.session.play(text, bots=not self.paced)
            else:
                self.game.apply(text)
        except (BourbonLabError, ValueError) as exc:
            self.error = error_text(exc) if self.session is not None else one_line(exc)
            return False
        self.error = ""
        self._draw()
        return True
