"""The board as plain data for any game: the game's own view model, or the generic one, plus the events.

A game with a ``BoardDef`` draws its own model (``board.view(state, viewer)``); any other game
gets ``generic_board.generic_view``. Either way the latest events are added as sentences,
so the notebook and the dashboard show the same board with no UI library here.
"""

from __future__ import annotations

from typing import Any

from ..core import game_of, get_game
from .generic_board import generic_view
from .narrate import describe_all

RECENT_EVENTS = 12
"""How many events the board lists when no starting point is given."""

_MAX_EVENTS = 60


def board_state(game, viewer: int | None = None, since: int | None = None) -> dict[str, Any]:
    """The state the BoardView draws, as the ``viewer`` seat may see it.

    Parameters
    ----------
    game : GameState
        The table to draw, of any registered game.
    viewer : int, optional
        The seat whose eyes the board uses (their own private things, their legal actions).
        None follows the player to act (a hot-seat table).
    since : int, optional
        List the events from this log position on (at most 60); default the last 12.

    Returns
    -------
    dict
        JSON-safe: the game's own model (or the generic one) and ``events`` in words.
    """
    if viewer is not None and not 0 <= int(viewer) < game.n:
        raise ValueError(f"viewer: seat {viewer} is not at this {game.n}-player table")
    board = get_game(game_of(game.rules)).board
    state = board.view(game, viewer) if board is not None else generic_view(game, viewer)
    state["events"] = _events(game, since, viewer if viewer is not None else _hot_seat_reader(game))
    return state


def _hot_seat_reader(game) -> int | None:
    """Who reads a hot-seat board's events: the seat to act (the screen is theirs), everyone once it is over.

    A table passes one screen around, so "what happened" must not name another seat's hidden cards.
    """
    decision = getattr(game, "decision", None)
    return None if game.is_over or decision is None else decision.actor


def _events(game, since: int | None, viewer: int | None) -> list[dict[str, Any]]:
    log = game.log
    start = max(0, len(log) - RECENT_EVENTS) if since is None else max(since, len(log) - _MAX_EVENTS)
    return describe_all(game, log[start:], viewer)
