"""The game's one seeded stream of chance: a SplitMix64 generator whose whole state is one integer.

A Mersenne Twister's state is 625 numbers; this one fits in a snapshot as a single int, so
``clone`` and ``snapshot`` stay cheap for the search bot, and no global random state is read.
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class Stream:
    """SplitMix64 (Steele, Lea and Flood 2014): fast, 64-bit state, good enough for shuffling cards."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & MASK

    @classmethod
    def seeded(cls, seed: int, name: str) -> Stream:
        """A stream for ``name`` from a game seed, the same in every process (no ``hash()``)."""
        mix = seed & MASK
        for ch in name.encode():
            mix = (mix * 31 + ch) & MASK
        s = cls(mix ^ GOLDEN)
        s.next()
        return s

    def next(self) -> int:
        self.state = z = (self.state + GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in 0..n-1 (the modulo bias is below 1e-17 for a deck)."""
        return self.next() % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next() % (i + 1)
            items[i], items[j] = items[j], items[i]
