"""The fixed action numbering: ``Discrete(size)`` for PettingZoo, ``num_distinct_actions`` for OpenSpiel.

A game's legal actions are texts that parse back, and their ids (barrels, cards, orders) are dealt
during play, so the adapters need a finite, stable numbering. An *action index* is any object with

- ``size``: how many numbers there are;
- ``numbers(state, legal)``: one number in ``range(size)`` per legal action, in the same order.

A game supplies one with the optional ``GameDef.action_index(rules, players)``. Two shapes cover
most games: ``bourbon_lab.core.TextIndex`` (the game lists every action text it may ever list:
number = position; in the core, so a game may build one, and importable from here as before) and a
keyed index like Bourbonomics' (``games/bourbonomics/action_index.py``: ids replaced by what they
stand for, such as "the third barrel of the actor's rickhouse"). A game without one gets ``SlotIndex``:
number *i* is the *i*-th legal action in the order ``legal_actions()`` lists them. That works for
any game, but a number then means different things at different decisions.

Two legal actions may get the same number only when they are equivalent choices (the protocol
allows one representative per equivalent choice); the adapters keep the first one listed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import get_game
from ..core.errors import ActionIndexError
from ..core.textindex import TextIndex  # moved to the core, where a game may use it; kept importable here

__all__ = ["HOUSE_SLOTS", "SLOTS", "HouseActions", "SlotIndex", "TextIndex", "action_index", "numbered"]

SLOTS = 512
"""How many legal actions ``SlotIndex`` numbers (a game with more at one decision must declare an index)."""


class SlotIndex:
    """Number *i* is the *i*-th legal action as listed: the fallback for a game that declares no index."""

    def __init__(self, game: str, size: int = SLOTS):
        self.game = game
        self.size = size

    def numbers(self, state: Any, legal: Sequence[Any]) -> list[int]:
        if len(legal) > self.size:
            raise ActionIndexError(
                f"{self.game}: {len(legal)} legal actions at {state.step!r}, more than the {self.size} slots of "
                "the generic action index; declare GameDef.action_index (docs/rl-adapters.md)"
            )
        return list(range(len(legal)))

    def describe(self, number: int) -> str:
        return f"legal action #{number}"


class HouseActions:
    """A game's index with ``HOUSE_SLOTS`` numbers after it for house rules' own actions (core/house.py).

    The game's index numbers the engine's actions as always; number ``size + i`` is the *i*-th house-rule
    action legal now, in the order the rules list them.
    """

    def __init__(self, base: Any):
        self.base, self.game = base, getattr(base, "game", "")
        self.size = base.size + HOUSE_SLOTS

    def numbers(self, state: Any, legal: Sequence[Any]) -> list[int]:
        book = getattr(state, "house", None)
        own = book.own_texts(state, state.current_player) if book is not None else []
        engine = [a for a in legal if str(a) not in own]
        numbers = iter(self.base.numbers(state, engine))
        return [self.base.size + own.index(str(a)) if str(a) in own else next(numbers) for a in legal]

    def describe(self, number: int) -> str:
        if number >= self.base.size:
            return f"house-rule action #{number - self.base.size}"
        return self.base.describe(number)


HOUSE_SLOTS = 16
"""Numbers kept for house rules' own actions at one decision."""


def action_index(game: str, rules: Any, players: int) -> Any:
    """The action index of ``game`` at a table of ``players``: the game's own (``GameDef.action_index``), else slots."""
    declared = get_game(game).action_index
    index = declared(rules, players) if declared is not None else SlotIndex(game)
    if not (isinstance(getattr(index, "size", None), int) and index.size > 0 and callable(index.numbers)):
        raise ActionIndexError(f"{game}: action_index must give an object with a positive size and numbers()")
    if any(h.kind == "action" for r in getattr(rules, "house_rules", ()) for h in r.hooks):
        return HouseActions(index)
    return index


def numbered(index: Any, state: Any, legal: Sequence[Any]) -> dict[int, Any]:
    """Number -> legal action at ``state``; equivalent actions sharing a number keep the first listed."""
    out: dict[int, Any] = {}
    size = index.size
    for number, action in zip(index.numbers(state, legal), legal):
        if number not in out:
            if not 0 <= number < size:
                raise ActionIndexError(f"action {str(action)!r} numbered {number}, outside 0..{size - 1}")
            out[number] = action
    return out
