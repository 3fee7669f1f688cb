"""The printed components of Bourbonomics: qualities, resources, mash bills, demand cards, distilleries.

These are plain frozen values built from the YAML files in ``data/``; the
``Ruleset`` validates them as a whole so a bad file is refused before play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

from .errors import short

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
        prime = _texts_or_wholes(d, "prime", (6, 8), _whole)
        if len(prime) != 2:
            raise ValueError(f"prime: expected [first, last], got {short(d.get('prime'))}")
        return cls(
            id=_id(d),
            name=_text(d, "name", _id(d)),
            recipe=_counts(d, "recipe"),
            tags=_texts_or_wholes(d, "tags", (), _word),
            prime=(prime[0], prime[1]),
            bonus_sales=_whole(d.get("bonus_sales", 0), "bonus_sales"),
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
            id=_id(d),
            name=_text(d, "name", _id(d)),
            tags=_texts_or_wholes(d, "tags", (), _word),
            min_age=_whole(d.get("min_age", 0), "min_age"),
            min_quality=_text(d, "min_quality", QUALITIES[0]),
            prestige=_whole(d.get("prestige", 1), "prestige"),
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
        offered = _mapping(d, "ultimates")
        return cls(
            id=_id(d),
            name=_text(d, "name", _id(d)),
            strength=_text(d, "strength", ""),
            weakness=_text(d, "weakness", ""),
            capital=_whole(d.get("capital", 0), "capital"),
            levels=_counts(d, "levels"),
            caps=_counts(d, "caps"),
            ultimates=tuple((k, _texts_or_wholes(offered, k, (), _word)) for k in offered),
        )


# --- reading one entry of a content file: each fault names its key


CONTENT_LIMIT = 1000
"""No number on a printed card (Capital, Prestige, an age, a count) is this large; a bigger one is a typo."""


def _whole(v, key: str) -> int:
    if isinstance(v, float) and math.isfinite(v) and v == int(v):
        v = int(v)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{key}: expected a whole number, got {short(v)}")
    if abs(v) > CONTENT_LIMIT:
        raise ValueError(f"{key}: {short(v)} is outside -{CONTENT_LIMIT}-{CONTENT_LIMIT}")
    return v


def _word(v, key: str) -> str:
    if not isinstance(v, str):
        raise ValueError(f"{key}: expected text, got {short(v)}")
    return v


def _id(d: dict) -> str:
    if "id" not in d:
        raise ValueError("id: missing")
    v = d["id"]
    if isinstance(v, bool) or not isinstance(v, str | int) or str(v) == "":
        raise ValueError(f"id: expected a short text id, got {short(v)}")
    return str(v)


def _text(d: dict, key: str, default: str) -> str:
    v = d.get(key, default)
    return _word("" if v is None else v, key)


def _mapping(d: dict, key: str) -> dict:
    v = d.get(key) or {}
    if not isinstance(v, dict):
        raise ValueError(f"{key}: expected a mapping of name: value, got {short(v)}")
    bad = [k for k in v if not isinstance(k, str)]
    if bad:
        raise ValueError(f"{key}: {short(bad[0])} is not a name")
    return v


def _counts(d: dict, key: str) -> tuple[tuple[str, int], ...]:
    return tuple((k, _whole(v, f"{key}.{k}")) for k, v in _mapping(d, key).items())


def _texts_or_wholes(d: dict, key: str, default: tuple, item) -> tuple:
    v = d.get(key)
    if v is None:
        return default
    if not isinstance(v, list | tuple):
        raise ValueError(f"{key}: expected a list, got {short(v)}")
    return tuple(item(x, f"{key}[{i}]") for i, x in enumerate(v))
