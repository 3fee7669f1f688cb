"""Seeded chance streams whose whole state is one integer, so a snapshot carries them for free.

SplitMix64: fast, reproducible in any process, and enough for shuffles and blind draws.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


class Stream:
    """One named source of chance (the tin, the decks); ``state`` is all there is to it."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & MASK

    @classmethod
    def derive(cls, seed: int, name: str) -> Stream:
        """A stream for ``name`` under ``seed``, independent of the others (no ``hash()``: it varies by process)."""
        s = seed & MASK
        for ch in name.encode():
            s = (s * 0x100000001B3 ^ ch) & MASK
        return cls(s ^ 0x9E3779B97F4A7C15)

    def next(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in ``0 .. n-1`` (n >= 1)."""
        return self.next() % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
