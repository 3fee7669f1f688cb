"""Distilled's cards, recipes, identities, upgrades, awards and goals, read once from ``data/*.yaml``.

A malformed file is refused whole with a ``RulesetError`` that names the file and the entry, so a
designer's edit never half-loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core import RulesetError, yamlfile

DATA = Path(__file__).parent / "data"
SUGARS = ("grain", "fruit", "plant")
KINDS = ("yeast", "water", "sugar", "alcohol", "barrel", "bottle")
SLOTS = ("yeast", "sugar", "water")
BASIC_INGREDIENTS = ("yeast", "water", "grain", "fruit", "plant")
BASIC_ITEMS = ("metal_barrel", "glass_bottle")
ROWS = ("ingredients", "items", "upgrades")
POWERS = ("money", "basic_buy", "free_sugar", "flavour_peek", "second_trade", "truck_buy")
EFFECTS = (
    "warehouse_space",
    "cut_top_only",
    "basic_buy",
    "cheap_wood",
    "tasting_plus",
    "sale_money",
    "keep_cut_card",
    "free_grain",
    "extra_alcohol",
    "none",
)
BONUSES = ("money", "signature", "premium", "either", "cube", "truck")


@dataclass(frozen=True)
class Card:
    """One kind of card: what it is, what it costs, sells for and scores."""

    name: str
    kind: str
    cost: int = 0
    value: int = 0
    sp: int = 0
    sugar: str | None = None
    premium: bool = False
    wood: bool = False
    region: str | None = None
    signature: bool = False
    upgrade: str | None = None  # an upgrade's effect
    row: str | None = None  # the premium row it is dealt to


@dataclass(frozen=True)
class Recipe:
    """A spirit: its tier, the sugars it needs after the cut, the sugars it forbids, and whether it ages."""

    name: str
    tier: str
    needs: tuple[tuple[str, int], ...]
    forbids: tuple[str, ...]
    aged: bool
    signature_of: str | None = None  # the identity whose signature recipe this is

    @property
    def sugar(self) -> str | None:
        """The sugar the recipe is made of (its first need), for goals and awards."""
        return self.needs[0][0] if self.needs else None


class Content:
    """Everything the YAML files define, checked, as plain lookups."""

    def __init__(self, folder: Path = DATA):
        self.folder = folder
        self.cards: dict[str, Card] = {}
        self.decks: dict[str, list[str]] = {}
        self.flavours: dict[str, tuple[int, int]] = {}
        self.flavour_deck: list[str] = []
        self._cards(self._read("cards.yaml"))
        self._upgrades(self._read("upgrades.yaml"))
        self._recipes(self._read("recipes.yaml"))
        self._identities(self._read("identities.yaml"))
        self.awards = self._scored(self._read("awards.yaml"), "awards.yaml", threshold=True)
        self.goals = self._scored(self._read("goals.yaml"), "goals.yaml", threshold=False)
        labels = self._read("labels.yaml")
        spaces = labels.get("spaces") if isinstance(labels, dict) else None
        if not isinstance(spaces, list) or not spaces or any(s not in BONUSES for s in spaces):
            self._fail("labels.yaml", "spaces", f"expected a list of bonuses from {list(BONUSES)}")
        self.label_spaces: tuple[str, ...] = tuple(spaces)

    # --- reading

    def _read(self, name: str) -> Any:
        path = self.folder / name
        data = yamlfile.load(yamlfile.read_text(path), str(path))
        if not isinstance(data, dict):
            self._fail(name, "(file)", "expected a mapping")
        return data

    def _fail(self, file: str, field: str, why: str):
        raise RulesetError([(field, why)], source=str(self.folder / file))

    def _int(self, file: str, where: str, entry: dict, key: str, lo: int, hi: int, default: int | None = None) -> int:
        v = entry.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self._fail(file, f"{where}.{key}", f"expected a whole number {lo}-{hi}, got {v!r}")
        return v

    def _card(self, file: str, where: str, name: str, e: Any, **extra: Any) -> Card:
        if not isinstance(e, dict):
            self._fail(file, where, "expected a mapping")
        kind = e.get("kind")
        if kind not in KINDS:
            self._fail(file, f"{where}.kind", f"expected one of {list(KINDS)}, got {kind!r}")
        sugar = e.get("sugar")
        if (kind == "sugar") != (sugar in SUGARS):
            self._fail(file, f"{where}.sugar", f"a sugar card needs a sugar of {list(SUGARS)}, others none")
        ints = {k: self._int(file, where, e, k, 0, 20, 0) for k in ("cost", "value", "sp")}
        known = {"kind", "sugar", "cost", "value", "sp", "copies", "wood", "region"}
        unknown = sorted(set(e) - known)
        if unknown:
            self._fail(file, f"{where}.{unknown[0]}", f"unknown key; keys are {sorted(known)}")
        return Card(name, kind, sugar=sugar, wood=bool(e.get("wood")), region=e.get("region"), **ints, **extra)

    def _cards(self, data: dict) -> None:
        f = "cards.yaml"
        for key in ("basic", "alcohol", "premium_ingredients", "premium_items", "flavour"):
            if key not in data:
                self._fail(f, key, "missing")
        basic = data["basic"]
        if not isinstance(basic, dict) or sorted(basic) != sorted(BASIC_INGREDIENTS + BASIC_ITEMS):
            self._fail(f, "basic", f"expected exactly the piles {list(BASIC_INGREDIENTS + BASIC_ITEMS)}")
        for name, e in basic.items():
            self.cards[name] = self._card(f, f"basic.{name}", name, e)
        self.cards["alcohol"] = self._card(f, "alcohol", "alcohol", data["alcohol"])
        for key, row in (("premium_ingredients", "ingredients"), ("premium_items", "items")):
            if not isinstance(data[key], dict):
                self._fail(f, key, "expected a mapping of card name to card")
            deck = self.decks.setdefault(row, [])
            for name, e in data[key].items():
                self.cards[name] = self._card(f, f"{key}.{name}", name, e, premium=True, row=row)
                deck += [name] * self._int(f, f"{key}.{name}", e, "copies", 1, 40, 1)
        self._flavours(data["flavour"])

    def _flavours(self, data: Any) -> None:
        f = "cards.yaml"
        if not isinstance(data, dict):
            self._fail(f, "flavour", "expected a mapping of flavour name to card")
        for name, e in data.items():
            where = f"flavour.{name}"
            if not isinstance(e, dict):
                self._fail(f, where, "expected a mapping")
            self.flavours[name] = (self._int(f, where, e, "money", 0, 10), self._int(f, where, e, "sp", 0, 10))
            self.flavour_deck += [name] * self._int(f, where, e, "copies", 1, 60, 1)

    def _upgrades(self, data: dict) -> None:
        f = "upgrades.yaml"
        deck = self.decks.setdefault("upgrades", [])
        for name, e in data.items():
            if not isinstance(e, dict) or e.get("effect") not in EFFECTS:
                self._fail(f, f"{name}.effect", f"expected one of {list(EFFECTS)}")
            cost, sp = self._int(f, name, e, "cost", 0, 20), self._int(f, name, e, "sp", 0, 20)
            self.cards[name] = Card(name, "upgrade", cost, 0, sp, premium=True, upgrade=e["effect"], row="upgrades")
            deck += [name] * self._int(f, name, e, "copies", 1, 20, 1)

    def _recipe(self, f: str, where: str, name: str, e: Any, signature_of: str | None = None) -> Recipe:
        if not isinstance(e, dict):
            self._fail(f, where, "expected a mapping")
        needs = e.get("needs", {})
        if not isinstance(needs, dict) or any(k not in SUGARS or not isinstance(v, int) for k, v in needs.items()):
            self._fail(f, f"{where}.needs", f"expected sugar: count with sugars from {list(SUGARS)}")
        forbids = e.get("forbids", [])
        if not isinstance(forbids, list) or any(s not in SUGARS or s in needs for s in forbids):
            self._fail(f, f"{where}.forbids", "expected a list of sugars it does not need")
        tier = e.get("tier", "signature")
        if tier not in ("known", "bronze", "silver", "gold", "signature"):
            self._fail(f, f"{where}.tier", "expected known, bronze, silver or gold")
        if not isinstance(e.get("aged"), bool):
            self._fail(f, f"{where}.aged", "expected true or false")
        return Recipe(name, tier, tuple(needs.items()), tuple(forbids), e["aged"], signature_of)

    def _recipes(self, data: dict) -> None:
        f = "recipes.yaml"
        spirits, flights = data.get("spirits"), data.get("flights")
        if not isinstance(spirits, dict) or "moonshine" not in spirits or "vodka" not in spirits:
            self._fail(f, "spirits", "expected a mapping of spirits with moonshine and vodka")
        self.recipes: dict[str, Recipe] = {n: self._recipe(f, f"spirits.{n}", n, e) for n, e in spirits.items()}
        if not isinstance(flights, dict) or sorted(flights) != ["A", "B"]:
            self._fail(f, "flights", "expected flights A and B")
        for fl, names in flights.items():
            bad = [n for n in names if n not in self.recipes or self.recipes[n].tier == "known"]
            if bad:
                self._fail(f, f"flights.{fl}", f"{bad[0]!r} is not a bronze, silver or gold spirit")
        self.flights: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in flights.items()}

    def _identities(self, data: dict) -> None:
        f = "identities.yaml"
        ids = data.get("identities")
        if not isinstance(ids, dict) or not ids:
            self._fail(f, "identities", "expected a mapping of identities")
        self.identities: dict[str, dict] = {}
        for key, e in ids.items():
            where = f"identities.{key}"
            if not isinstance(e, dict) or e.get("sugar") not in SUGARS:
                self._fail(f, f"{where}.sugar", f"expected one of {list(SUGARS)}")
            if e.get("power") not in POWERS:
                self._fail(f, f"{where}.power", f"expected one of {list(POWERS)}")
            cards = e.get("cards")
            if not isinstance(cards, list) or any(c not in BASIC_INGREDIENTS + BASIC_ITEMS for c in cards):
                self._fail(f, f"{where}.cards", "expected a list of basic cards")
            money = self._int(f, where, e, "money", 0, 30)
            ing, rec = e.get("signature_ingredient"), e.get("signature_recipe")
            if not isinstance(ing, str) or ing in self.cards:
                self._fail(f, f"{where}.signature_ingredient", "expected a new card name")
            self.cards[ing] = Card(ing, "sugar", 0, 2, 2, sugar=e["sugar"], premium=True, signature=True)
            if not isinstance(rec, dict) or not isinstance(rec.get("name"), str):
                self._fail(f, f"{where}.signature_recipe", "expected a mapping with a name")
            spec = {"needs": {e["sugar"]: rec.get("min_sugar", 2)}, "forbids": rec.get("forbids", [])}
            recipe = self._recipe(f, f"{where}.signature_recipe", rec["name"], {**spec, "aged": rec.get("aged")}, key)
            self.recipes[recipe.name] = recipe
            self.identities[key] = {**e, "money": money, "recipe": recipe.name, "number": int(key[1:])}
        flights = data.get("flights")
        if not isinstance(flights, dict) or sorted(flights) != ["A", "B"]:
            self._fail(f, "flights", "expected identity ranges for flights A and B")
        self.identity_flights = {
            fl: tuple(k for k, e in self.identities.items() if lo <= e["number"] <= hi)
            for fl, (lo, hi) in flights.items()
        }

    def _scored(self, data: dict, f: str, threshold: bool) -> dict[str, dict]:
        from .measures import MEASURES

        out = {}
        for key, e in data.items():
            if not isinstance(e, dict) or e.get("measure") not in MEASURES:
                self._fail(f, f"{key}.measure", f"expected one of {sorted(MEASURES)}")
            sp = self._int(f, key, e, "sp", 0, 30)
            at_least = self._int(f, key, e, "at_least", 1, 50) if threshold else 1
            out[key] = {"name": e.get("name", key), "measure": e["measure"], "sp": sp, "at_least": at_least}
        return out


_CONTENT: Content | None = None


def content() -> Content:
    """The shipped content, read once per process."""
    global _CONTENT
    if _CONTENT is None:
        _CONTENT = Content()
    return _CONTENT
