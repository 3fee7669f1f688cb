"""The cards of Gin Crafters, read from ``data/*.yaml`` and checked whole: one bad entry refuses the content.

The book lists no cards, so every card here is ours (the design notes, ``peer-games.md``). Cards are named
by short ids: gins ``G01``, botanicals ``B01``, junipers ``J01``, brands ``K01`` (brand cards, K for
the brand's *kind* of gin; ``B`` is taken by botanicals).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from ...core import RulesetError, yamlfile
from .ruleset import BRANDS, SHAPES, TYPES

DATA = Path(__file__).parent / "data"

EFFECTS = {
    "coins": ("amount",),
    "coins_per_gin": (),
    "coins_per_owned": ("of",),
    "vp": ("amount",),
    "vp_if_botanicals": ("min", "amount"),
    "vp_if_type": ("of", "amount"),
    "vp_per_type_beyond_first": ("amount",),
    "vp_per_owned": ("of",),
    "vp_and_coins": ("amount", "coins"),
    "inspire": ("deck",),
    "free_juniper": (),
    "free_botanical": (),
    "buy_botanical": ("amount",),
    "extra_action": ("amount",),
}
"""Key botanical effects and the parameters each needs (``max`` is optional for the per-count ones)."""

CONDITIONS = {c: ("of",) if c == "gins_with_type" else () for c in BRANDS}
"""Brand card conditions and the parameter each names on the card; their numbers are the ruleset's."""


@dataclass(frozen=True)
class Gin:
    """A gin card: its shape and the botanical types its recipe needs."""

    id: str
    shape: str
    recipe: tuple[str, ...]
    """Botanical types needed, one card each (empty for a double-juniper gin)."""
    junipers: int = 1


@dataclass(frozen=True)
class Botanical:
    """A botanical card: its type and the effect it has as a key botanical."""

    id: str
    name: str
    type: str
    effect: str
    params: dict = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Juniper:
    """A juniper berry card: the type whose presence in a recipe earns its bonus."""

    id: str
    origin: str
    bonus: str | None
    level: str


@dataclass(frozen=True)
class Brand:
    """A condition checked at the end; its VP and count are the ruleset's (``brand_vp``, ``brand_counts``)."""

    id: str
    condition: str
    params: dict = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Content:
    """Every card of the game by id."""

    gins: dict[str, Gin]
    botanicals: dict[str, Botanical]
    junipers: dict[str, Juniper]
    brands: dict[str, Brand]

    def card_type(self, card: str) -> str | None:
        """A botanical's type; None for a juniper."""
        b = self.botanicals.get(card)
        return b.type if b else None


def _recipes(shape: str, size: int | None) -> list[tuple[str, ...]]:
    if shape == "double_juniper":
        return [()]
    if shape == "same_pair":
        return [(t, t) for t in TYPES]
    if shape == "pair_plus_next":
        return [(t, t, TYPES[(i + 1) % len(TYPES)]) for i, t in enumerate(TYPES)]
    sizes = {"single": 1, "distinct_pair": 2, "distinct_triple": 3, "distinct_quad": 4, "all_five": 5}
    return list(combinations(TYPES, sizes[shape]))


class _Checker:
    """Collects (field, why) problems over all files, so the content is refused whole."""

    def __init__(self):
        self.problems: list[tuple[str, str]] = []

    def entries(self, folder: Path, name: str) -> list[tuple[str, dict]]:
        data = yamlfile.load(yamlfile.read_text(folder / name), str(folder / name))
        if not isinstance(data, list) or not data:
            self.problems.append((name, "expected a non-empty list of entries"))
            return []
        out = []
        for i, entry in enumerate(data):
            where = f"{name}[{i}]"
            if isinstance(entry, dict):
                out.append((where, entry))
            else:
                self.problems.append((where, f"expected a mapping, got {entry!r:.40}"))
        return out

    def need(self, where: str, entry: dict, key: str, ok, what: str) -> Any:
        value = entry.get(key)
        if not ok(value):
            self.problems.append((f"{where}.{key}", f"expected {what}, got {value!r:.40}"))
            return None
        return value

    def copies(self, where: str, entry: dict) -> int:
        n = entry.get("copies", 1)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 20:
            self.problems.append((f"{where}.copies", f"expected a whole number 1-20, got {n!r:.40}"))
            return 0
        return n

    def params(self, where: str, entry: dict, wanted: tuple[str, ...], skip: set[str]) -> dict:
        out = {}
        for key in wanted:
            if key in ("of", "deck"):
                choices = TYPES if key == "of" else ("gin", "brand")
                out[key] = self.need(where, entry, key, lambda v, c=choices: v in c, f"one of {list(choices)}")
            else:
                out[key] = self.need(where, entry, key, _whole, "a whole number 0-20")
        if "max" in entry:
            out["max"] = self.need(where, entry, "max", _whole, "a whole number 0-20")
        extra = sorted(set(entry) - set(wanted) - skip - {"max", "copies"})
        if extra:
            self.problems.append((f"{where}.{extra[0]}", f"unknown key; keys are {sorted({*wanted, *skip})}"))
        return out


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 20


def _gins(c: _Checker, folder: Path) -> dict[str, Gin]:
    out: list[Gin] = []
    for where, e in c.entries(folder, "gin_cards.yaml"):
        shape = c.need(where, e, "shape", lambda v: v in SHAPES, f"one of {list(SHAPES)}")
        n = c.copies(where, e)
        if shape is None or set(e) - {"shape", "copies"}:
            if shape is not None:
                c.problems.append((where, "unknown key; keys are ['copies', 'shape']"))
            continue
        for recipe in _recipes(shape, None):
            for _ in range(n):
                out.append(Gin(f"G{len(out) + 1:02d}", shape, recipe, 2 if shape == "double_juniper" else 1))
    return {g.id: g for g in out}


def _botanicals(c: _Checker, folder: Path) -> dict[str, Botanical]:
    out: list[Botanical] = []
    for where, e in c.entries(folder, "botanicals.yaml"):
        name = c.need(where, e, "name", lambda v: isinstance(v, str) and v.strip(), "a name")
        kind = c.need(where, e, "type", lambda v: v in TYPES, f"one of {list(TYPES)}")
        effect = c.need(where, e, "effect", lambda v: v in EFFECTS, f"one of {sorted(EFFECTS)}")
        params = c.params(where, e, EFFECTS.get(effect, ()), {"name", "type", "effect"})
        n = c.copies(where, e)
        if None in (name, kind, effect) or None in params.values():
            continue
        for _ in range(n):
            out.append(Botanical(f"B{len(out) + 1:02d}", name, kind, effect, params))
    return {b.id: b for b in out}


def _junipers(c: _Checker, folder: Path) -> dict[str, Juniper]:
    out: list[Juniper] = []
    for where, e in c.entries(folder, "junipers.yaml"):
        origin = c.need(where, e, "origin", lambda v: isinstance(v, str) and v.strip(), "a name")
        level = c.need(where, e, "level", lambda v: v in ("low", "high", "none"), "low, high or none")
        bonus = e.get("bonus")
        if (level == "none") != (bonus is None) or (bonus is not None and bonus not in TYPES):
            c.problems.append((f"{where}.bonus", f"expected one of {list(TYPES)} (null only with level none)"))
            continue
        c.params(where, e, (), {"origin", "level", "bonus"})
        n = c.copies(where, e)
        if None in (origin, level):
            continue
        for _ in range(n):
            out.append(Juniper(f"J{len(out) + 1:02d}", origin, bonus, level))
    return {j.id: j for j in out}


def _brands(c: _Checker, folder: Path) -> dict[str, Brand]:
    out: list[Brand] = []
    for where, e in c.entries(folder, "brands.yaml"):
        cond = c.need(where, e, "condition", lambda v: v in CONDITIONS, f"one of {sorted(CONDITIONS)}")
        moved = [k for k in ("vp", "count") if k in e]
        if moved:
            why = "a brand card's numbers are the ruleset's brand_vp / brand_counts"
            c.problems.append((f"{where}.{moved[0]}", why))
            continue
        params = c.params(where, e, CONDITIONS.get(cond, ()), {"condition"})
        n = c.copies(where, e)
        if cond is None or None in params.values():
            continue
        for _ in range(n):
            out.append(Brand(f"K{len(out) + 1:02d}", cond, params))
    return {b.id: b for b in out}


def load_content(folder: str | Path = DATA) -> Content:
    """Every card from ``folder``'s YAML files; any fault refuses the whole content (``RulesetError``)."""
    folder = Path(folder)
    c = _Checker()
    content = Content(_gins(c, folder), _botanicals(c, folder), _junipers(c, folder), _brands(c, folder))
    if c.problems:
        raise RulesetError(c.problems, source=str(folder))
    return content


CONTENT = load_content()
"""The shipped cards, read once."""
