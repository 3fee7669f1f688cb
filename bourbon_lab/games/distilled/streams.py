"""Seeded chance streams small enough to live in every snapshot (one integer each).

SplitMix64: a fixed, documented generator, so the same seed deals the same game in any Python,
and a snapshot carries the whole stream as one number instead of Mersenne Twister's 625.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


class Stream:
    """One named source of chance: ``below(n)``, ``shuffle(list)``; ``state`` is all it is."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in 0..n-1."""
        return self.next() % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next() % (i + 1)
            items[i], items[j] = items[j], items[i]


def seeded(seed: int, name: str) -> Stream:
    """The stream ``name`` of a game dealt with ``seed`` (independent of the other names)."""
    salt = sum((i + 1) * ord(c) for i, c in enumerate(name))
    s = Stream(seed * 1_000_003 + salt)
    s.next()
    return s
