"""One game of any kind stepped through by hand: a bot per seat, step controls, and the checked path for a click."""

from __future__ import annotations

from typing import Any

import param

from ..bots import make_bot
from ..core import BourbonLabError, game_of, get_game, new_game
from ..games.bourbonomics.rules import Ruleset
from .store import one_line

STEP_LIMIT = 5000
"""Bot moves in one 'to the end of the round' jump before giving up."""


def _board_state(game) -> dict[str, Any]:
    from ..widgets.board import board_state

    return board_state(game, viewer=None)


class GameTable(param.Parameterized):
    """A live game and what the board view draws of it; every change goes through ``game.apply``."""

    rules = param.Parameter(default=Ruleset.default(), doc="The ruleset, of any game.")
    players = param.Integer(4, bounds=(1, 12))
    seed = param.Integer(0, bounds=(0, 2**31 - 1))
    bot = param.String("heuristic", doc="The bot that moves for the player to act when you press Step.")
    state = param.Dict(default={})
    error = param.String("")

    def __init__(self, **params):
        info = get_game(game_of(params.get("rules", Ruleset.default()))).info
        if "bot" not in params:
            from ..widgets.study import default_bot

            params["bot"] = default_bot(info.name)
        super().__init__(**params)
        self.param.players.bounds = (info.min_players, info.max_players)
        self.game = None
        self.restart()

    @property
    def game_name(self) -> str:
        """The name of the game on the table."""
        return game_of(self.rules)

    @param.depends("rules", "players", "seed", "bot", watch=True)
    def restart(self) -> None:
        """A new game from the rules, player count and seed (again whenever one of them changes)."""
        try:
            self.game = new_game(self.rules, players=self.players, seed=self.seed)
        except BourbonLabError as exc:
            self.error = one_line(exc)
            return
        self._bots = [make_bot(self.bot, seed=self.seed * 97 + s, game=self.game_name) for s in range(self.players)]
        self.error = ""
        self.state = _board_state(self.game)

    def step(self, moves: int = 1) -> int:
        """Let the bot play ``moves`` actions for whoever is to act; returns how many were played."""
        g = self.game
        played = 0
        while played < moves and g is not None and not g.is_over:
            seat = g.decision.actor
            g.apply(self._bots[seat].choose(g.observe(seat), g.legal_actions()))
            played += 1
        self.error = ""
        self.state = _board_state(g)
        return played

    def to_round_end(self) -> int:
        """Bots play until the round number changes or the game ends."""
        g = self.game
        start, played = g.round, 0
        while not g.is_over and g.round == start and played < STEP_LIMIT:
            played += self.step(1)
        return played

    def play(self, text: str) -> bool:
        """A person's action through the checked path; a refused one leaves the game as it was and says why."""
        if not text:
            return False
        try:
            self.game.apply(text)
        except (BourbonLabError, ValueError) as exc:
            self.error = one_line(exc)
            return False
        self.error = ""
        self.state = _board_state(self.game)
        return True
