"""What both adapters share: a game and player count, its action numbering, observation encoding and rewards.

``Table`` holds no game in play; it answers questions about a state (``GameState``) so that the
PettingZoo environment and the OpenSpiel game give the same numbers, masks, observations and
returns for the same state. The observation is the game's own encoder (``GameDef.encoder``, read
from the state) when it declares one, else the player's view hashed (``observation.py``);
``encoding="view"`` asks for the hashed view even so.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..core import get_game, new_game
from .actions import action_index, numbered
from .observation import ViewStateEncoder

REWARDS = ("win", "score")
"""``win``: 1 for each player ranked first (ties share it), else 0. ``score``: a player's score minus
the mean of the others' (the returns sum to zero)."""

ENCODINGS = ("game", "view")
"""``game``: the game's own encoder if it declares one, else the hashed view. ``view``: always the hashed view."""


class Table:
    """One game at one player count, as the adapters see it (see the module docstring)."""

    def __init__(
        self,
        game: str,
        players: int,
        rules: Any = None,
        reward: str = "win",
        encoding: str = "game",
        encoder: Any = None,
    ):
        self.game_def = get_game(game)
        info = self.game_def.info
        if not isinstance(players, int) or players not in info.player_counts:
            raise ValueError(f"players: {game} is played by {info.min_players}-{info.max_players}, got {players!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward: {reward!r} is not one of {', '.join(REWARDS)}")
        if encoding not in ENCODINGS:
            raise ValueError(f"encoding: {encoding!r} is not one of {', '.join(ENCODINGS)}")
        self.rules = self.game_def.default_rules() if rules is None else rules
        if getattr(self.rules, "game", game) != game:
            raise ValueError(f"rules: a ruleset of {self.rules.game!r}, not of {game!r}")
        self.game = game
        self.players = players
        self.reward = reward
        self.index = action_index(game, self.rules, players)
        self.encoding = encoding
        self.encoder = encoder or self._encoder(encoding)
        self._zeros = np.zeros(self.encoder.size, dtype=np.float32)
        self._mask = np.zeros(self.index.size, dtype=np.int8)

    def _encoder(self, encoding: str) -> Any:
        """The game's own encoder (``GameDef.encoder``) unless the hashed view is asked for or it has none."""
        declared = self.game_def.encoder
        if encoding == "view" or declared is None:
            return ViewStateEncoder(self.players, game=self.game_def)
        made = declared(self.rules, self.players)
        if not (isinstance(getattr(made, "size", None), int) and made.size > 0 and callable(made.encode)):
            raise ValueError(f"{self.game}: GameDef.encoder must give an object with a positive size and encode()")
        return made

    def deal(self, seed: int) -> Any:
        return new_game(self.rules, self.players, seed)

    def legal(self, state: Any) -> dict[int, Any]:
        """Number -> legal action of the actor (empty once the game is over)."""
        if state.is_over:
            return {}
        return numbered(self.index, state, state.legal_actions())

    def mask(self, legal: dict[int, Any]) -> np.ndarray:
        """Ones at the legal numbers (a new array: learners keep observations)."""
        out = self._mask.copy()
        if len(legal) > 16:
            out[list(legal)] = 1
        else:  # a few item writes cost less than building an index array
            for number in legal:
                out[number] = 1
        return out

    def observation(self, state: Any, player: int) -> np.ndarray:
        """What ``player`` sees of ``state``, encoded (a new ``float32`` array of ``encoder.size``)."""
        out = self._zeros.copy()
        self.encoder.encode(state, player, memoryview(out))  # a memoryview item write is half a numpy one
        return out

    def returns(self, state: Any) -> list[float]:
        """Each seat's reward for the game (zeros until it is over)."""
        if not state.is_over:
            return [0.0] * self.players
        rows = sorted(state.score_rows(), key=lambda r: r.player)
        if self.reward == "win":
            return [1.0 if r.won else 0.0 for r in rows]
        total = sum(float(r.score) for r in rows)
        return [float(r.score) - (total - float(r.score)) / (self.players - 1) for r in rows]

    def utility_range(self) -> tuple[float, float]:
        """Bounds of one return: 0..1 for ``win``; for ``score`` the game declares none, so a wide one."""
        return (0.0, 1.0) if self.reward == "win" else (-1e6, 1e6)

    def text(self, state: Any) -> str:
        """The board as text: where the game is, the spectator's view of each player, the scores."""
        view = state.view(None)
        lines = [f"{self.game_def.info.title} · round {state.round} · {state.phase} · {state.step}"]
        d = state.decision
        lines.append("game over" if d is None else f"to act: player {d.actor} ({d.step})")
        lines += [f"{k}: {_short(v)}" for k, v in view.items() if k != "players" and not isinstance(v, dict | list)]
        for seat, p in enumerate(view.get("players", [])):
            if isinstance(p, dict):
                lines.append(f"player {seat}: " + ", ".join(f"{k} {_short(v)}" for k, v in p.items() if k != "seat"))
        if state.is_over:
            lines.append("scores: " + ", ".join(f"player {r.player} {r.score}" for r in state.score_rows()))
        return "\n".join(lines)


def _short(value: Any, width: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
    return text if len(text) <= width else text[: width - 1] + "…"
