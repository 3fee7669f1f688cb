"""A view hashed to a fixed number of cells: the one walk the RL observation and the learned bot's features share.

Every leaf of a JSON-safe ``view(player)`` gets a *path*: the keys and list positions leading to it
(``.players.0.money``). The seats in it are turned to the viewer, where the game's ``ViewSeats``
(``GameDef.view_seats``) says they are, so one model can read any seat: a list (or dict) indexed by
seat is read from the viewer on (``players.0`` is the viewer's, ``.1`` the next seat's), and a seat
number is a category counted from the viewer (``actor=seat+0``: the viewer acts). Then

- a number (or a bool) adds its value at ``bucket(path)``;
- a text adds 1 at ``bucket(path + "=" + text)`` (a one-hot of the category);
- ``None``, zero and empty lists add nothing.

``bucket`` is CRC-32 modulo ``size`` (the same in every process, unlike ``hash``): the hashing trick,
a fixed size for views of any shape at the price of rare collisions. A key named in ``skip`` is left
out. Paths are built and hashed once and cached, since a view repeats its shape step after step; the
caches are bounded (``max_paths`` entries in all, ``max_texts`` texts per path) and never change a cell.

Used by ``bourbon_lab.rl.observation`` (``ViewEncoder``) and ``bourbon_lab.bots.features``.
"""

from __future__ import annotations

import zlib
from typing import Any

BY_SEAT, SEAT_NUMBER = 1, 2
"""A path's role: a container indexed by seat, or a seat number (or a list of them)."""

SKIP = frozenset({"legal_actions", "viewer"})
"""View keys left out by default: the legal list is the decision's (a mask carries it), the viewer is the reader."""

MAX_PATHS = 200_000
"""Cached paths and texts before the caches start afresh (a view whose keys never repeat, ids in keys)."""

MAX_TEXTS = 5_000
"""Texts cached per path: free text (a log line) must not grow the cache without end."""


def crc(text: str) -> int:
    """The same number in every process (``hash`` is salted per process)."""
    return zlib.crc32(text.encode())


def _matches(parts: tuple[str, ...], pattern: tuple[str, ...]) -> bool:
    return len(parts) == len(pattern) and all(q == "*" or q == p for p, q in zip(parts, pattern))


def _turned(key: Any, viewer: int, players: int) -> Any:
    """A dict key that is a seat number ("2"), counted from the viewer; any other key as it is."""
    if type(key) is str and key.isdigit() and int(key) < players:
        return str((int(key) - viewer) % players)
    return key


class ViewWalker:
    """Adds a view's cells ``{bucket: value}`` into a dict (see the module docstring).

    ``by_seat`` and ``seat_numbers`` are dotted paths (``"players"``, ``"spaces.*"``), as a game's
    ``ViewSeats`` gives them.
    """

    def __init__(
        self,
        size: int,
        skip: frozenset[str] = SKIP,
        by_seat: tuple[str, ...] = ("players",),
        seat_numbers: tuple[str, ...] = (),
        *,
        max_paths: int = MAX_PATHS,
        max_texts: int = MAX_TEXTS,
    ):
        self.size = size
        self.skip = frozenset(skip)
        self.max_paths, self.max_texts = max_paths, max_texts
        self._by_seat = [tuple(p.split(".")) for p in by_seat]
        self._seat_numbers = [tuple(p.split(".")) for p in seat_numbers]
        # Parent path -> key -> (child path, its bucket, its role); child path -> text -> bucket of "path=text".
        self._children: dict[str, dict[Any, tuple[str, int, int]]] = {}
        self._texts: dict[str, dict[str, int]] = {}
        self._cached = 0

    def bucket(self, path: str) -> int:
        """The cell of a path (a number's) or of ``path=text`` (a text's)."""
        return crc(path) % self.size

    def add(self, view: Any, viewer: int, players: int, out: dict[int, float], offset: int = 0) -> dict[int, float]:
        """Add the cells of ``view`` as ``viewer`` reads it (``players`` seats), shifted by ``offset``, to ``out``."""
        if self._cached > self.max_paths:
            self._children.clear()
            self._texts.clear()
            self._cached = 0
        self._walk("", view, out, viewer, players, 0, offset)
        return out

    def _role(self, path: str) -> int:
        parts = tuple(path.split(".")[1:])
        if any(_matches(parts, p) for p in self._by_seat):
            return BY_SEAT
        if any(_matches(parts, p) for p in self._seat_numbers):
            return SEAT_NUMBER
        return 0

    def _walk(self, path: str, node: Any, out: dict[int, float], viewer: int, players: int, role: int, at: int) -> None:
        children = self._children.get(path)
        if children is None:
            children = self._children[path] = {}
        for key, value in self._items(node, viewer, players, role):
            entry = children.get(key)
            if entry is None:
                child = f"{path}.{key}"
                # The items of a list of seat numbers are seat numbers too.
                inherited = SEAT_NUMBER if role == SEAT_NUMBER and type(node) is list else 0
                entry = children[key] = (child, crc(child) % self.size, self._role(child) or inherited)
                self._cached += 1
            kind = type(value)
            seat = entry[2]
            if kind is dict or kind is list:
                self._walk(entry[0], value, out, viewer, players, seat, at)
            elif kind is str:
                b = at + self._text(entry[0], value)
                out[b] = out.get(b, 0.0) + 1.0
            elif seat == SEAT_NUMBER and kind is int and 0 <= value < players:
                b = at + self._text(entry[0], f"seat+{(value - viewer) % players}")
                out[b] = out.get(b, 0.0) + 1.0
            elif value and (kind is int or kind is float or kind is bool):
                b = at + entry[1]
                out[b] = out.get(b, 0.0) + float(value)

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

    def _text(self, path: str, text: str) -> int:
        texts = self._texts.get(path)
        if texts is None:
            texts = self._texts[path] = {}
        b = texts.get(text)
        if b is None:
            b = crc(f"{path}={text}") % self.size
            if len(texts) < self.max_texts:
                texts[text] = b
                self._cached += 1
        return b
