"""What a bot is, and the registry of bots by game: in the core so a game's own bots live in its folder.

A game's package declares its bots in its ``bots`` module (``GameDef.part("bots")``), which registers
them here with ``register(cls, game)``; the lab's bots layer (``bourbon_lab.bots``) adds the generic
ones for every game and makes bots by name.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from .house import NEW_VERB, NewAction
from .registry import DEFAULT_GAME


class Bot:
    """A policy for one seat. It sees only its player's view (never hidden cards) and the legal actions."""

    name: ClassVar[str] = "bot"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: list[Any]) -> Any:
        raise NotImplementedError

    def forget(self) -> None:
        """Drop what the bot remembers of the table it played (a plan under way); a search calls it between worlds.

        A search reuses one policy bot a seat over many re-dealt worlds: a plan made in one world must not be
        played in the next, where its moves may be legal but mean something else.
        """

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


ANY_GAME = "*"
"""The registry of bots that play any game through the protocol alone (``random``, ``search``, ``ismcts``)."""

REGISTRIES: dict[str, dict[str, type[Bot]]] = {DEFAULT_GAME: {}, ANY_GAME: {}}
"""Bots by game, then by name. A game's own bot of a name (its ``heuristic``, a better ``random``)
comes before the generic one of that name."""

REGISTRY = REGISTRIES[DEFAULT_GAME]
"""The default game's own bots, as the registry has always been."""


def register(cls: type[Bot], game: str = DEFAULT_GAME) -> type[Bot]:
    """Make a bot available by its ``name`` for ``game`` (``ANY_GAME``: for every game); a class decorator."""
    REGISTRIES.setdefault(game, {})[cls.name] = cls
    return cls


def is_new_action(action: Any) -> bool:
    """Whether ``action`` is a house rule's own: a ``NewAction`` text, or an action value whose verb is ``house``."""
    if isinstance(action, str):
        return isinstance(action, NewAction)
    return getattr(action, "verb", None) == NEW_VERB


def book_actions(legal: list) -> list:
    """``legal`` without the house rules' new actions: what a bot written for the book knows (may be empty).

    A heuristic reads each action as the book has it (a card to buy, a space to place on); a new action's
    text means nothing to it, so it ignores it. New actions come last in a legal list (``HouseBook.legal``
    adds them after the engine's, and a part of the list in its order keeps them last), so the last one
    tells: a list without any comes back itself, at the cost of one look.
    """
    if not legal or not is_new_action(legal[-1]):
        return legal
    return [a for a in legal if not is_new_action(a)]
