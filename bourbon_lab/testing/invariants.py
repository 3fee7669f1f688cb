"""The soak's laws: each game's own, found in its folder through the registry, and the box law every game shares.

A law takes the game and the ``Step`` one action made and returns why it is broken, or None. A game's laws
live in its folder (``games/<game>/invariants.py``: ``LAWS``, and the ``Watch`` that builds each step);
the box law is the lab's, read from the game's box file (``core.box``). Nothing here names a game.
"""

from __future__ import annotations

from typing import Any

from ..core import DEFAULT_GAME, game_of, get_game
from ..core.box import check_box


def the_box_holds(g, s) -> str | None:
    """Every component of the box is where it may be, once: nothing created, lost or past its place's ceiling.

    Book (Components): the game's box, as declared in its box file (``core/box.py``).
    """
    broken = check_box(get_game(game_of(g.rules)), g)
    return "; ".join(broken[:5]) or None


def laws_of(game: str = DEFAULT_GAME) -> tuple[Any, ...]:
    """Every law the soak tries after each action of ``game``, in order: the game's own, then the box law."""
    gamedef = get_game(game)
    own = gamedef.part("invariants")
    return (*getattr(own, "LAWS", ()), *((the_box_holds,) if gamedef.box_file is not None else ()))


def watch(g: Any, laws: tuple[Any, ...]) -> Any:
    """The game's ``Watch`` on the table ``g`` (from its folder's ``invariants``), trying ``laws`` after each action."""
    return get_game(game_of(g.rules)).part("invariants").Watch(g, laws)


def __getattr__(name: str) -> Any:
    """``INVARIANTS`` (the default game's laws, as ``laws_of`` gives them) and its ``Step``, read on first use."""
    if name == "INVARIANTS":
        return laws_of(DEFAULT_GAME)
    if name == "Step":
        return get_game(DEFAULT_GAME).part("invariants").Step
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
