"""Events in words for any game: the game's own sentence (``GameDef.narrate``), else a generic one.

A game supplies its sentences through its ``narrate(event, viewer)`` hook; it is asked about
every event and keeps to itself what ``viewer`` may not see. For a game without one, or a kind
it has no sentence for, the sentence is made from the event's kind and data ("P2: bought
(card juniper, cost 3)."), and an event the viewer may not see (``state.visible_to``) says only
that it happened.
"""

from __future__ import annotations

from typing import Any

from ..core import DEFAULT_GAME, game_of, get_game
from ..core.house import sentence as house_sentence

_LONG = 60
"""Longest value text in a generic sentence; a longer one is cut with an ellipsis."""

PUBLIC_READER = -1
"""A reader at no seat: reads only what every seat may see (a shared screen nobody holds).

Not ``None``, which is a designer replaying, who reads everything. Every game's ``narrate`` hook
treats a seat it is not told of as another seat, so this one is told nothing private."""


def who(player: int | None) -> str:
    """``P2``, or ``The table`` for an event of nobody in particular."""
    return "The table" if player is None else f"P{player}"


def value_text(key: str, value: Any, limit: int = _LONG) -> str:
    """A value as a designer reads it: seats as ``P1``, lists joined, nesting in words, cut at ``limit``.

    >>> value_text("pantry", [["c105", "yeast"], ["c106", "water"]])
    'c105 yeast; c106 water'
    >>> value_text("vp", {"gin": 0, "brand": 2}), value_text("rows", {"items": [["c1", "oak"]]})
    ('gin 0, brand 2', 'items: c1 oak')
    """
    if key.endswith("player") and isinstance(value, int) and not isinstance(value, bool):
        return f"P{value}"
    text = _words(value) or "none"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _words(value: Any, depth: int = 0) -> str:
    """Scalars as they are; a list of scalars joined by commas, of lists by semicolons; a dict as ``key value``."""
    if value is None:
        return "—"
    if isinstance(value, dict):
        sep = ", " if all(not isinstance(x, dict | list | tuple) for x in value.values()) else "; "
        colon = " " if sep == ", " else ": "
        return sep.join(f"{str(k).replace('_', ' ')}{colon}{_words(x, depth + 1)}" for k, x in value.items())
    if isinstance(value, list | tuple):
        if depth > 0 and all(not isinstance(x, dict | list | tuple) for x in value):
            return " ".join(_words(x, depth + 1) for x in value)
        nested = any(isinstance(x, dict | list | tuple) for x in value)
        return ("; " if nested else ", ").join(_words(x, depth + 1) for x in value)
    return str(value)


def _key_text(key: str, value: Any) -> str:
    """A data key in words; a seat key drops its "player" (``from_player`` 0 reads "from P0")."""
    if key.endswith("player") and isinstance(value, int) and not isinstance(value, bool):
        key = key[: -len("player")].rstrip("_") or "player"
    return key.replace("_", " ")


def generic_sentence(event: Any, hidden: bool = False) -> str:
    """The sentence any event gets from its kind and data.

    >>> from bourbon_lab.core import Event
    >>> generic_sentence(Event(3, 1, "bid", 1, "income", {"amount": 2, "from_player": 0}))
    'P1: income (amount 2, from P0).'
    """
    head = f"{who(event.player)}: {str(event.kind).replace('_', ' ')}"
    if hidden:
        return f"{head} (hidden)."
    data = getattr(event, "data", None) or {}
    details = ", ".join(f"{_key_text(k, v)} {value_text(k, v)}" for k, v in data.items())
    return f"{head} ({details})." if details else f"{head}."


def describe(event: Any, viewer: int | None = None, game: str = DEFAULT_GAME, visible: bool = True) -> str:
    """One sentence for an event of ``game``.

    Parameters
    ----------
    event
        A record from ``state.log`` (``player``, ``kind``, ``data``).
    viewer : int, optional
        The seat reading it; None reads everything (a designer replaying), ``PUBLIC_READER``
        only what every seat may see.
    game : str
        The game the event is of (its ``narrate`` hook speaks first).
    visible : bool
        Whether ``viewer`` may see the event (only the generic sentence needs to be told).
    """
    said = house_sentence(event)
    if said:
        return said
    hook = get_game(game).narrate
    if hook is not None:
        text = hook(event, viewer)
        if text:
            return text
    return generic_sentence(event, hidden=not visible)


def can_see(state: Any, event: Any, viewer: int | None) -> bool:
    """Whether ``viewer`` (None: a designer) may see ``event``, as the game's ``visible_to`` says."""
    if viewer is None:
        return True
    seats = state.visible_to(event)
    return seats is None or viewer in seats


def describe_all(state: Any, events: list, viewer: int | None = None) -> list[dict[str, Any]]:
    """Events of ``state``'s game as JSON-safe rows with their sentence, for the front ends."""
    game = game_of(state.rules)
    return [
        {
            "seq": e.seq,
            "round": e.round,
            "kind": e.kind,
            "player": e.player,
            "text": describe(e, viewer, game, can_see(state, e, viewer)),
        }
        for e in events
    ]
