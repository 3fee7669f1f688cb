"""Shared supplies that never run out: the seeded dice, the five resource piles, and the two decks.

Each supply draws from its own named random stream, derived from the game seed, so a
rule change that alters how many dice are rolled does not reshuffle the piles: paired
comparisons and forks see the same shuffles where the rules allow.
"""

from __future__ import annotations

import hashlib
import random

from .content import DIE_FACES, RESOURCES
from .state import ResourceCard, base_id

STREAMS = ("setup", "dice", "piles", "demand", "bills")


def make_streams(seed: int) -> dict[str, random.Random]:
    """One independent generator per stream; stable across processes and machines."""
    out = {}
    for name in STREAMS:
        digest = hashlib.sha256(f"bourbon_lab:{seed}:{name}".encode()).digest()
        out[name] = random.Random(int.from_bytes(digest[:8], "big"))
    return out


def stream_state(rng: random.Random) -> list:
    """A generator's state as JSON-safe data, so snapshots carry their randomness."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def restore_stream(data: list) -> random.Random:
    """Inverse of ``stream_state``."""
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


def roll(rng: random.Random, n: int) -> list[str]:
    """Faces of ``n`` six-sided resource dice (cask, corn, rye, wheat, barley, anything)."""
    return [DIE_FACES[rng.randrange(6)] for _ in range(n)]


def apportion(odds: tuple[int, ...], total: int) -> list[int]:
    """Largest-remainder split of ``total`` cards by percentage ``odds`` (ties: better quality last)."""
    exact = [o * total / 100 for o in odds]
    counts = [int(x) for x in exact]
    order = sorted(range(len(odds)), key=lambda i: (-(exact[i] - counts[i]), i))
    for i in order[: total - sum(counts)]:
        counts[i] += 1
    return counts


class ResourcePiles:
    """Five face-down piles with hidden qualities, their discards, and fresh cards when both run dry."""

    __slots__ = ("piles", "discards", "serial", "rules")

    def __init__(self, rules):
        self.rules = rules
        self.piles: dict[str, list[ResourceCard]] = {k: [] for k in RESOURCES}
        self.discards: dict[str, list[ResourceCard]] = {k: [] for k in RESOURCES}
        self.serial: dict[str, int] = {k: 0 for k in RESOURCES}

    def _new_card(self, kind: str, quality: int) -> ResourceCard:
        self.serial[kind] += 1
        return ResourceCard(f"{kind}{self.serial[kind]}", kind, quality)

    def build(self, kind: str, rng: random.Random) -> None:
        """A fresh pile of ``pile_size`` cards with qualities in the pile's odds, shuffled."""
        counts = apportion(self.rules.odds_for(kind), self.rules.pile_size)
        cards = [self._new_card(kind, q) for q, n in enumerate(counts) for _ in range(n)]
        rng.shuffle(cards)
        self.piles[kind] = cards

    def draw(self, kind: str, rng: random.Random) -> tuple[ResourceCard, str | None]:
        """Top card of the pile; the second value names a reshuffle or rebuild if one happened."""
        if self.rules.piles == "iid":
            odds = self.rules.odds_for(kind)
            quality = rng.choices(range(len(odds)), weights=odds)[0]
            return self._new_card(kind, quality), None
        pile = self.piles[kind]
        note = None
        if not pile:
            if self.discards[kind]:
                pile.extend(self.discards[kind])
                self.discards[kind] = []
                rng.shuffle(pile)
                note = "reshuffled"
            else:
                self.build(kind, rng)
                pile = self.piles[kind]
                note = "rebuilt"
        return pile.pop(), note

    def discard(self, card: ResourceCard) -> None:
        if self.rules.piles != "iid":
            self.discards[card.kind].append(card)

    def to_data(self) -> dict:
        return {
            "piles": {k: [list(c) for c in v] for k, v in self.piles.items()},
            "discards": {k: [list(c) for c in v] for k, v in self.discards.items()},
            "serial": dict(self.serial),
        }

    @classmethod
    def from_data(cls, rules, d: dict) -> ResourcePiles:
        p = cls(rules)
        p.piles = {k: [ResourceCard(*c) for c in v] for k, v in d["piles"].items()}
        p.discards = {k: [ResourceCard(*c) for c in v] for k, v in d["discards"].items()}
        p.serial = dict(d["serial"])
        return p

    def clone(self) -> ResourcePiles:
        p = ResourcePiles(self.rules)  # not __new__ (mypyc)
        p.rules = self.rules
        p.piles = {k: list(v) for k, v in self.piles.items()}
        p.discards = {k: list(v) for k, v in self.discards.items()}
        p.serial = dict(self.serial)
        return p


class Deck:
    """A deck of card ids (top = end of list) that reshuffles its discards when it runs low.

    When deck and discards are both empty (every card is out in play), a fresh copy of the
    printed cards is shuffled in, with ids like ``D07.2``: the book says it never runs out.
    """

    __slots__ = ("cards", "discards", "printed", "copies")

    def __init__(self, printed: list[str]):
        self.printed = list(printed)
        self.cards: list[str] = []
        self.discards: list[str] = []
        self.copies = 1

    def shuffle_new(self, rng: random.Random) -> None:
        self.cards = list(self.printed)
        rng.shuffle(self.cards)

    def refill(self, need: int, rng: random.Random) -> str | None:
        """Make sure ``need`` cards can be drawn; names what was done, if anything."""
        note = None
        if len(self.cards) < need and self.discards:
            rng.shuffle(self.discards)
            self.cards = self.discards + self.cards
            self.discards = []
            note = "reshuffled"
        while len(self.cards) < need:
            self.copies += 1
            fresh = [f"{c}.{self.copies}" for c in self.printed]
            rng.shuffle(fresh)
            self.cards = fresh + self.cards
            note = "new copies"
        return note

    def to_bottom(self, ids: list[str]) -> None:
        self.cards[:0] = list(reversed(ids))

    def remove_first(self, predicate) -> str | None:
        """Take the topmost card whose printed id satisfies ``predicate``."""
        for i in range(len(self.cards) - 1, -1, -1):
            if predicate(base_id(self.cards[i])):
                return self.cards.pop(i)
        return None

    def to_data(self) -> dict:
        return {"cards": list(self.cards), "discards": list(self.discards), "copies": self.copies}

    @classmethod
    def from_data(cls, printed: list[str], d: dict) -> Deck:
        deck = cls(printed)
        deck.cards = list(d["cards"])
        deck.discards = list(d["discards"])
        deck.copies = d["copies"]
        return deck

    def clone(self) -> Deck:
        deck = Deck(self.printed)  # not __new__ (mypyc)
        deck.printed = self.printed
        deck.cards = list(self.cards)
        deck.discards = list(self.discards)
        deck.copies = self.copies
        return deck
