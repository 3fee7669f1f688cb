"""The printed components of Bourbonomics: qualities, resources, mash bills, demand cards, distilleries.

These are plain frozen values built from the YAML files in ``data/``; the
``Ruleset`` validates them as a whole so a bad file is refused before play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

QUALITIES = ("Common", "Uncommon", "Rare", "Epic", "Legendary")
"""Quality tiers, worst to best (book: grey → green → blue → purple → orange)."""

QUALITY_COLOURS = ("grey", "green", "blue", "purple", "orange")

RESOURCES = ("cask", "corn", "rye", "wheat", "barley")
"""The five resource piles, and the five named die faces."""

GRAINS = ("rye", "wheat", "barley")
"""'At least 1 grain (rye, wheat, or barley)' in every recipe."""

ANY_FACE = "any"
DIE_FACES = RESOURCES + (ANY_FACE,)

TAGS = ("Rye", "Wheat", "High-Corn", "Four-Grain", "Classic")

DEPARTMENTS = ("rickhouse", "supply", "warehouse", "mash_floor", "marketing")

ULTIMATES = {
    "rickhouse": (
        "mega_expansion",
        "climate_controlled",
        "char_and_toast",
        "double_maturation",
        "warehouse_tasting",
    ),
    "supply": ("second_reroll", "overflow_roll", "prospector", "triple_threat"),
    "warehouse": ("grand_warehouse", "quality_sort", "long_cellar"),
    "mash_floor": ("master_recipe", "house_blend", "open_bill"),
    "marketing": ("private_demand_card",),
}
"""The book's 16 Ultimates by department, under their names in snake_case."""

ULTIMATE_DEPARTMENT = {u: d for d, us in ULTIMATES.items() for u in us}


def quality_index(name: str) -> int:
    """Position of a quality name in ``QUALITIES`` (0 = Common)."""
    return QUALITIES.index(name)


@dataclass(frozen=True)
class MashBill:
    """A recipe card: exact resource counts, the tags it gives, its prime window."""

    id: str
    name: str
    recipe: tuple[tuple[str, int], ...]
    tags: tuple[str, ...]
    prime: tuple[int, int]
    bonus_sales: int = 0

    @cached_property
    def counts(self) -> dict[str, int]:
        return dict(self.recipe)

    @cached_property
    def size(self) -> int:
        return sum(n for _, n in self.recipe)

    @cached_property
    def tagset(self) -> frozenset[str]:
        return frozenset(self.tags)

    def to_data(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "recipe": dict(self.recipe),
            "tags": list(self.tags),
            "prime": list(self.prime),
            "bonus_sales": self.bonus_sales,
        }

    @classmethod
    def from_data(cls, d: dict) -> MashBill:
        recipe = tuple((k, int(v)) for k, v in dict(d.get("recipe") or {}).items())
        return cls(
            id=str(d["id"]),
            name=str(d.get("name", d["id"])),
            recipe=recipe,
            tags=tuple(d.get("tags") or ()),
            prime=tuple(d.get("prime") or (6, 8)),
            bonus_sales=int(d.get("bonus_sales", 0)),
        )


@dataclass(frozen=True)
class DemandCard:
    """An order: what a bourbon must be to fill a slot, and the Prestige for the finish."""

    id: str
    name: str
    tags: tuple[str, ...] = ()
    min_age: int = 0
    min_quality: str = "Common"
    prestige: int = 1

    @cached_property
    def tagset(self) -> frozenset[str]:
        return frozenset(self.tags)

    @cached_property
    def min_quality_index(self) -> int:
        return QUALITIES.index(self.min_quality) if self.min_quality in QUALITIES else 0

    @property
    def is_open(self) -> bool:
        """An 'any bourbon' card: no requirement at all."""
        return not self.tags and self.min_age == 0 and self.min_quality == QUALITIES[0]

    def requirement_text(self) -> str:
        parts = ["+".join(self.tags) if self.tags else "any bourbon"]
        if self.min_age:
            parts.append(f"age {self.min_age}+")
        if self.min_quality != QUALITIES[0]:
            parts.append(f"{self.min_quality}+")
        return ", ".join(parts)

    def to_data(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "tags": list(self.tags),
            "min_age": self.min_age,
            "min_quality": self.min_quality,
            "prestige": self.prestige,
        }

    @classmethod
    def from_data(cls, d: dict) -> DemandCard:
        return cls(
            id=str(d["id"]),
            name=str(d.get("name", d["id"])),
            tags=tuple(d.get("tags") or ()),
            min_age=int(d.get("min_age", 0)),
            min_quality=str(d.get("min_quality", QUALITIES[0])),
            prestige=int(d.get("prestige", 1)),
        )


@dataclass(frozen=True)
class Distillery:
    """A player board: one strength, one weakness, and its own set of Ultimates."""

    id: str
    name: str
    strength: str = ""
    weakness: str = ""
    capital: int = 0
    levels: tuple[tuple[str, int], ...] = ()
    caps: tuple[tuple[str, int], ...] = ()
    ultimates: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())

    def level(self, department: str) -> int:
        return dict(self.levels).get(department, 0)

    def cap_change(self, department: str) -> int:
        for name, change in self.caps:
            if name == department:
                return change
        return 0

    def offers(self, department: str) -> tuple[str, ...]:
        return dict(self.ultimates).get(department, ())

    def to_data(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "strength": self.strength,
            "weakness": self.weakness,
            "capital": self.capital,
            "levels": dict(self.levels),
            "caps": dict(self.caps),
            "ultimates": {d: list(u) for d, u in self.ultimates},
        }

    @classmethod
    def from_data(cls, d: dict) -> Distillery:
        return cls(
            id=str(d["id"]),
            name=str(d.get("name", d["id"])),
            strength=str(d.get("strength", "")),
            weakness=str(d.get("weakness", "")),
            capital=int(d.get("capital", 0)),
            levels=tuple((k, int(v)) for k, v in dict(d.get("levels") or {}).items()),
            caps=tuple((k, int(v)) for k, v in dict(d.get("caps") or {}).items()),
            ultimates=tuple((k, tuple(v or ())) for k, v in dict(d.get("ultimates") or {}).items()),
        )
