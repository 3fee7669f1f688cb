"""An action index from a fixed list of action texts: the number of an action is its text's position.

The RL adapters number a game's legal actions through an *action index* (``GameDef.action_index``,
``docs/rl-adapters.md``): an object with ``size`` and ``numbers(state, legal)``. A game that can list
every action text it may ever offer declares ``TextIndex(game, texts)``. It lives in the core so a
game package may build one (a game imports only ``bourbon_lab.core`` and itself);
``bourbon_lab.rl.actions`` re-exports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import ActionIndexError


class TextIndex:
    """Every action text the game may list, in a fixed order: the number of an action is its position.

    >>> index = TextIndex("rickhouse_nim", ["roll 1", "roll 2", "roll 3"])
    >>> index.size, index.numbers(None, ["roll 3", "roll 1"]), index.describe(1)
    (3, [2, 0], 'roll 2')
    """

    def __init__(self, game: str, texts: Sequence[str]):
        self.game = game
        self.texts = tuple(texts)
        self.position = {t: i for i, t in enumerate(self.texts)}
        if len(self.position) != len(self.texts):
            raise ValueError(f"{game}: the action index lists a text twice")
        self.size = len(self.texts)

    def numbers(self, state: Any, legal: Sequence[Any]) -> list[int]:
        try:
            return [self.position[str(a)] for a in legal]
        except KeyError as e:
            raise ActionIndexError(
                f"{self.game}: legal action {e.args[0]!r} is not in the game's action index"
            ) from None

    def describe(self, number: int) -> str:
        return self.texts[number]
