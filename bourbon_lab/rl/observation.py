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
carries it). Numbers are left as the game gives them (no scaling), so the Box is unbounded.

``ViewStateEncoder`` puts it behind the same face as a game's own encoder (``GameDef.encoder``:
``size`` and ``encode(state, player, out)`` writing the non-zero cells), so the adapters take either.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

SIZE = 2048
"""Length of the encoded view (a power of two well above the few hundred leaves of a view)."""

SKIP = frozenset({"legal_actions", "viewer"})
"""View keys left out of the encoding."""


BY_SEAT, SEAT_NUMBER = 1, 2
"""A path's role: a container indexed by seat, or a seat number (or a list of them)."""


def _matches(parts: tuple[str, ...], pattern: tuple[str, ...]) -> bool:
    return len(parts) == len(pattern) and all(q == "*" or q == p for p, q in zip(parts, pattern))


class ViewEncoder:
    """Turns ``view(player)`` into a ``float32`` vector of length ``size`` (see the module docstring)."""

    def __init__(
        self,
        size: int = SIZE,
        skip: frozenset[str] = SKIP,
        by_seat: tuple[str, ...] = ("players",),
        seat_numbers: tuple[str, ...] = (),
    ):
        self.size = size
        self.skip = skip
        self._by_seat = [tuple(p.split(".")) for p in by_seat]
        self._seat_numbers = [tuple(p.split(".")) for p in seat_numbers]
        self._buckets: dict[str, int] = {}
        # Parent path -> key -> (child path, its bucket, its role); child path -> text -> bucket of "path=text".
        # Views repeat their shapes step after step, so paths are built and hashed once, not per leaf.
        self._children: dict[str, dict[Any, tuple[str, int, int]]] = {}
        self._texts: dict[str, dict[str, int]] = {}

    @classmethod
    def for_game(cls, game: Any, size: int = SIZE) -> ViewEncoder:
        """The encoder for a ``GameDef``: its ``view_seats`` turned to the viewer."""
        seats = game.view_seats
        return cls(size, by_seat=seats.by_seat, seat_numbers=seats.seat_numbers)

    def bucket(self, path: str) -> int:
        b = self._buckets.get(path)
        if b is None:
            if len(self._buckets) > 500_000:
                self._buckets.clear()
                self._children.clear()
                self._texts.clear()
            b = self._buckets[path] = zlib.crc32(path.encode()) % self.size
        return b

    def _role(self, path: str) -> int:
        parts = tuple(path.split(".")[1:])
        if any(_matches(parts, p) for p in self._by_seat):
            return BY_SEAT
        if any(_matches(parts, p) for p in self._seat_numbers):
            return SEAT_NUMBER
        return 0

    def encode(self, view: dict[str, Any], viewer: int, players: int) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        for b, value in self._cells(view, viewer, players).items():
            out[b] = value
        return out

    def _cells(self, view: dict[str, Any], viewer: int, players: int) -> dict[int, float]:
        """Bucket -> summed value, walking the view depth first (a view has a few hundred leaves)."""
        cells: dict[int, float] = {}
        self._walk("", view, cells, viewer, players, 0)
        return cells

    def _walk(self, path: str, node: Any, cells: dict[int, float], viewer: int, players: int, role: int) -> None:
        children = self._children.get(path)
        if children is None:
            children = self._children[path] = {}
        for key, value in self._items(node, viewer, players, role):
            entry = children.get(key)
            if entry is None:
                child = f"{path}.{key}"
                # The items of a list of seat numbers are seat numbers too.
                inherited = SEAT_NUMBER if role == SEAT_NUMBER and type(node) is list else 0
                entry = children[key] = (child, self.bucket(child), self._role(child) or inherited)
            kind = type(value)
            seat = entry[2]
            if kind is dict or kind is list:
                self._walk(entry[0], value, cells, viewer, players, seat)
            elif kind is str:
                b = self._text_bucket(entry[0], value)
                cells[b] = cells.get(b, 0.0) + 1.0
            elif seat == SEAT_NUMBER and kind is int and 0 <= value < players:
                b = self._text_bucket(entry[0], f"seat+{(value - viewer) % players}")
                cells[b] = cells.get(b, 0.0) + 1.0
            elif value and kind in (int, float, bool):
                b = entry[1]
                cells[b] = cells.get(b, 0.0) + value

    def _items(self, node: Any, viewer: int, players: int, role: int) -> Any:
        """A node's (key, value) pairs: a dict's without the skipped keys; one indexed by seat from the viewer on."""
        if type(node) is dict:
            skip = self.skip
            if role == BY_SEAT:
                return [(_turned(k, viewer, players), v) for k, v in node.items() if k not in skip]
            return [(k, v) for k, v in node.items() if k not in skip]
        if role == BY_SEAT and len(node) == players:
            return enumerate(node[viewer:] + node[:viewer])  # position i: the seat i after the viewer
        return enumerate(node)

    def _text_bucket(self, path: str, text: str) -> int:
        texts = self._texts.get(path)
        if texts is None:
            texts = self._texts[path] = {}
        b = texts.get(text)
        if b is None:
            b = texts[text] = self.bucket(f"{path}={text}")
        return b


def _turned(key: Any, viewer: int, players: int) -> Any:
    """A dict key that is a seat number ("2"), counted from the viewer; any other key as it is."""
    if type(key) is str and key.isdigit() and int(key) < players:
        return str((int(key) - viewer) % players)
    return key


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
