"""A fixed-size numeric encoding of any game's ``view(player)``: the JSON view, flattened and hashed.

Every leaf of the view gets a *path*: the keys and list positions leading to it, with the view's
own seat numbers made relative to the viewer (``players.0`` is always the viewer, ``players.1``
the next seat), so one policy can play any seat. Then

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


class ViewEncoder:
    """Turns ``view(player)`` into a ``float32`` vector of length ``size`` (see the module docstring)."""

    def __init__(self, size: int = SIZE, skip: frozenset[str] = SKIP):
        self.size = size
        self.skip = skip
        self._buckets: dict[str, int] = {}

    def bucket(self, path: str) -> int:
        b = self._buckets.get(path)
        if b is None:
            if len(self._buckets) > 500_000:
                self._buckets.clear()
            b = self._buckets[path] = zlib.crc32(path.encode()) % self.size
        return b

    def encode(self, view: dict[str, Any], viewer: int, players: int) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        for b, value in self._cells(view, viewer, players).items():
            out[b] = value
        return out

    def _cells(self, view: dict[str, Any], viewer: int, players: int) -> dict[int, float]:
        """Bucket -> summed value, walking the view with a stack (a view has a few hundred leaves)."""
        cells: dict[int, float] = {}
        bucket, skip = self.bucket, self.skip
        stack: list[tuple[str, Any]] = [("", view)]
        while stack:
            path, node = stack.pop()
            kind = type(node)
            if kind is dict:
                stack.extend((f"{path}.{k}", v) for k, v in node.items() if k not in skip)
            elif kind is list:
                if path.endswith(".players") and len(node) == players:
                    stack.extend((f"{path}.{(i - viewer) % players}", v) for i, v in enumerate(node))
                else:
                    stack.extend((f"{path}.{i}", v) for i, v in enumerate(node))
            elif kind is str:
                b = bucket(f"{path}={node}")
                cells[b] = cells.get(b, 0.0) + 1.0
            elif node and kind in (int, float, bool):
                b = bucket(path)
                cells[b] = cells.get(b, 0.0) + float(node)
        return cells


class ViewStateEncoder:
    """The generic encoder as a state encoder: ``encode(state, player, out)`` hashes ``state.view(player)``."""

    def __init__(self, players: int, size: int = SIZE):
        self.players = players
        self.size = size
        self.view = ViewEncoder(size)

    def encode(self, state: Any, player: int, out: Any) -> None:
        """Write the non-zero cells of the hashed view into ``out`` (zeroed, ``size`` floats)."""
        for b, value in self.view._cells(state.view(player), player, self.players).items():
            out[b] = value
