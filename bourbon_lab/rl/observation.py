"""A fixed-size numeric encoding of any game's ``view(player)``: the JSON view, flattened and hashed.

Every leaf of the view gets a *path*: the keys and list positions leading to it. The seats in it
are turned to the viewer, where the game's ``ViewSeats`` (``GameDef.view_seats``) says they are, so
one policy can play any seat: a list (or dict) indexed by seat is read from the viewer on
(``players.0`` and ``money.0`` are the viewer's, ``.1`` the next seat's), and a seat number is a
category counted from the viewer (``actor=seat+0``: the viewer acts; ``seat+1``: the next seat). Then

- a number (or a bool) adds its value at ``bucket(path)``;
- a text adds 1 at ``bucket(path + "=" + text)`` (a one-hot of the category);
- ``None`` and empty lists add nothing.

``bucket`` is CRC-32 modulo ``size`` (the same in every process, unlike ``hash``). This is the
hashing trick: a fixed size for views of any shape, at the price of rare collisions, which a
larger ``size`` makes rarer. A key named in ``skip`` is left out (``legal_actions``: the mask
carries it). Numbers are left as the game gives them (no scaling), so the Box is unbounded. The walk
is the core's (``bourbon_lab/core/viewhash.py``), shared with the learned bot's ``bots/features.py``.

``ViewStateEncoder`` puts it behind the same face as a game's own encoder (``GameDef.encoder``:
``size`` and ``encode(state, player, out)`` writing the non-zero cells), so the adapters take either.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.viewhash import BY_SEAT, SEAT_NUMBER, SKIP, ViewWalker, _matches, _turned

__all__ = ["BY_SEAT", "SEAT_NUMBER", "SIZE", "SKIP", "ViewEncoder", "ViewStateEncoder", "_matches", "_turned"]

SIZE = 2048
"""Length of the encoded view (a power of two well above the few hundred leaves of a view)."""


class ViewEncoder:
    """Turns ``view(player)`` into a ``float32`` vector of length ``size`` (see the module docstring).

    The walk is the core's (``bourbon_lab.core.viewhash.ViewWalker``), shared with the learned bot's features.
    """

    def __init__(
        self,
        size: int = SIZE,
        skip: frozenset[str] = SKIP,
        by_seat: tuple[str, ...] = ("players",),
        seat_numbers: tuple[str, ...] = (),
    ):
        self.size = size
        self.skip = skip
        self.walker = ViewWalker(size, skip, by_seat, seat_numbers)

    @classmethod
    def for_game(cls, game: Any, size: int = SIZE) -> ViewEncoder:
        """The encoder for a ``GameDef``: its ``view_seats`` turned to the viewer."""
        seats = game.view_seats
        return cls(size, by_seat=seats.by_seat, seat_numbers=seats.seat_numbers)

    def bucket(self, path: str) -> int:
        return self.walker.bucket(path)

    def encode(self, view: dict[str, Any], viewer: int, players: int) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        for b, value in self._cells(view, viewer, players).items():
            out[b] = value
        return out

    def _cells(self, view: dict[str, Any], viewer: int, players: int) -> dict[int, float]:
        """Bucket -> summed value, walking the view depth first (a view has a few hundred leaves)."""
        return self.walker.add(view, viewer, players, {})


class ViewStateEncoder:
    """The generic encoder as a state encoder: ``encode(state, player, out)`` hashes ``state.view(player)``."""

    def __init__(self, players: int, size: int = SIZE, game: Any = None):
        self.players = players
        self.size = size
        self.view = ViewEncoder(size) if game is None else ViewEncoder.for_game(game, size)

    def encode(self, state: Any, player: int, out: Any) -> None:
        """Write the non-zero cells of the hashed view into ``out`` (zeroed, ``size`` floats)."""
        for b, value in self.view._cells(state.view(player), player, self.players).items():
            out[b] = value
