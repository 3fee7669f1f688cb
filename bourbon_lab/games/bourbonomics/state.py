"""The changing pieces of a game: resource cards, barrels, demand cards on the table, players.

Each piece turns into JSON-safe data and back, so a whole game can be snapshotted.
"""

from __future__ import annotations

from typing import NamedTuple


class ResourceCard(NamedTuple):
    """One resource card: its id (``rye17``), its pile and its hidden quality (0 = Common)."""

    id: str
    kind: str
    quality: int


def base_id(instance_id: str) -> str:
    """``D07.2`` (a later copy of a card) -> ``D07`` (its printed definition)."""
    return instance_id.split(".", 1)[0]


_BARREL_SLOTS = (
    "id",
    "bill",
    "staged",
    "wild",
    "built",
    "age",
    "quality",
    "sales_left",
    "sold_round",
    "sold_count",
    "matured",
)
_PLAYER_SLOTS = (
    "seat",
    "distillery",
    "capital",
    "levels",
    "ultimates",
    "prospector_pile",
    "warehouse",
    "barrels",
    "completed",
    "private",
    "upgrades",
    "sorts_used",
    "stalls",
)


class Barrel:
    """A mash bill in the rickhouse: resting while its recipe is staged, then built and ageing."""

    __slots__ = _BARREL_SLOTS

    def __init__(self, id: str, bill: str):
        self.id = id
        self.bill = bill
        self.staged: list[ResourceCard] = []
        self.wild: list[ResourceCard] = []
        self.built = False
        self.age = 0
        self.quality = 0
        self.sales_left = 0
        self.sold_round = 0
        self.sold_count = 0
        self.matured = False

    @property
    def cards(self) -> list[ResourceCard]:
        return self.staged + self.wild

    def to_data(self) -> dict:
        return {
            "id": self.id,
            "bill": self.bill,
            "staged": [list(c) for c in self.staged],
            "wild": [list(c) for c in self.wild],
            "built": self.built,
            "age": self.age,
            "quality": self.quality,
            "sales_left": self.sales_left,
            "sold_round": self.sold_round,
            "sold_count": self.sold_count,
            "matured": self.matured,
        }

    @classmethod
    def from_data(cls, d: dict) -> Barrel:
        b = cls(d["id"], d["bill"])
        b.staged = [ResourceCard(*c) for c in d["staged"]]
        b.wild = [ResourceCard(*c) for c in d["wild"]]
        for k in ("built", "age", "quality", "sales_left", "sold_round", "sold_count", "matured"):
            setattr(b, k, d[k])
        return b

    def clone(self) -> Barrel:
        b = Barrel(self.id, self.bill)  # not Barrel.__new__: breaks under mypyc
        # Field by field, not a setattr loop: mypyc makes these direct slot copies (a search clones often).
        b.built, b.age, b.quality, b.matured = self.built, self.age, self.quality, self.matured
        b.sales_left, b.sold_round, b.sold_count = self.sales_left, self.sold_round, self.sold_count
        b.staged = list(self.staged)
        b.wild = list(self.wild)
        return b


class OrderCard:
    """A demand card in play: on the shared table or as a player's private card."""

    __slots__ = ("id", "slots", "filled")

    def __init__(self, id: str, slots: int, filled: list[int] | None = None):
        self.id = id
        self.slots = slots
        self.filled: list[int] = filled or []

    @property
    def open_slots(self) -> int:
        return self.slots - len(self.filled)

    def to_data(self) -> dict:
        return {"id": self.id, "slots": self.slots, "filled": list(self.filled)}

    @classmethod
    def from_data(cls, d: dict) -> OrderCard:
        return cls(d["id"], d["slots"], list(d["filled"]))

    def clone(self) -> OrderCard:
        return OrderCard(self.id, self.slots, list(self.filled))


class PlayerState:
    """One distillery: Capital, departments, warehouse, rickhouse and the orders it completed."""

    __slots__ = _PLAYER_SLOTS

    def __init__(self, seat: int, distillery: str, capital: int, levels: dict[str, int]):
        self.seat = seat
        self.distillery = distillery
        self.capital = capital
        self.levels = levels
        self.ultimates: dict[str, str] = {}
        self.prospector_pile: str | None = None
        self.warehouse: list[ResourceCard] = []
        self.barrels: list[Barrel] = []
        self.completed: list[tuple[str, int]] = []
        self.private: OrderCard | None = None
        self.upgrades = 0
        self.sorts_used = 0
        self.stalls = 0

    @property
    def prestige_from_orders(self) -> int:
        return sum(p for _, p in self.completed)

    def has(self, ultimate: str) -> bool:
        return bool(self.ultimates) and ultimate in self.ultimates.values()

    def barrel(self, barrel_id: str) -> Barrel | None:
        for b in self.barrels:
            if b.id == barrel_id:
                return b
        return None

    def to_data(self) -> dict:
        return {
            "seat": self.seat,
            "distillery": self.distillery,
            "capital": self.capital,
            "levels": dict(self.levels),
            "ultimates": dict(self.ultimates),
            "prospector_pile": self.prospector_pile,
            "warehouse": [list(c) for c in self.warehouse],
            "barrels": [b.to_data() for b in self.barrels],
            "completed": [list(c) for c in self.completed],
            "private": self.private.to_data() if self.private else None,
            "upgrades": self.upgrades,
            "sorts_used": self.sorts_used,
            "stalls": self.stalls,
        }

    @classmethod
    def from_data(cls, d: dict) -> PlayerState:
        p = cls(d["seat"], d["distillery"], d["capital"], dict(d["levels"]))
        p.ultimates = dict(d["ultimates"])
        p.prospector_pile = d["prospector_pile"]
        p.warehouse = [ResourceCard(*c) for c in d["warehouse"]]
        p.barrels = [Barrel.from_data(b) for b in d["barrels"]]
        p.completed = [tuple(c) for c in d["completed"]]
        p.private = OrderCard.from_data(d["private"]) if d["private"] else None
        p.upgrades = d["upgrades"]
        p.sorts_used = d["sorts_used"]
        p.stalls = d["stalls"]
        return p

    def clone(self) -> PlayerState:
        p = PlayerState(self.seat, self.distillery, self.capital, dict(self.levels))  # not __new__ (mypyc)
        p.prospector_pile, p.upgrades, p.sorts_used, p.stalls = (
            self.prospector_pile,
            self.upgrades,
            self.sorts_used,
            self.stalls,
        )
        p.ultimates = dict(self.ultimates)
        p.warehouse = list(self.warehouse)
        p.barrels = [b.clone() for b in self.barrels]
        p.completed = list(self.completed)
        p.private = self.private.clone() if self.private else None
        return p
