"""Knobs: the ruleset numbers a sensitivity or tuning run may move, each with its range.

A knob is written ``name=low:high``. ``name`` is a ruleset field (``round_limit``), one element of
a list field (``zone_multipliers[2]``, ``age_values[Legendary][1]``, ``sales_per_quality[Rare]``)
or a content-wide scaling (``scale:demand_prestige`` = every demand card's Prestige × k). Whole
number fields take the rounded value. A field the schema marks as the book's is refused unless
named in ``allow_book``: tuning must not quietly rewrite the rulebook.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import BourbonLabError
from ..core.house import specs_of
from ..games.bourbonomics.content import QUALITIES

_KNOB = re.compile(r"^\s*([A-Za-z_][\w:.]*)((?:\[[A-Za-z0-9_]+\])*)\s*=\s*([-+0-9.eE]+)\s*:\s*([-+0-9.eE]+)\s*$")
_INDEX = re.compile(r"\[([A-Za-z0-9_]+)\]")


class KnobError(BourbonLabError, ValueError):
    """A knob that cannot be used (unknown field, bad range, a book number not allowed)."""


BOOK_ELEMENTS: dict[str, dict[tuple[int, ...], str]] = {
    "age_values": {
        (0, 1): "A Common in its prime (value 2)",
        (0, 2): "That same Common sold older (value 1)",
        (4, 1): "A Legendary in its prime (value 8)",
    },
    "sales_per_quality": {(0,): "Common sells once", (4,): "up to 3 times at Legendary"},
}
"""Book numbers inside fields the schema marks as ours (the rulebook gives a few entries of the table)."""

SCALINGS: dict[str, dict[str, tuple[Callable, str, bool, float]]] = {}
"""Content-wide scalings by game: ``scale:NAME`` -> (fn(rules, k) -> rules, what it does, moves a book number,
the k that changes nothing)."""


def scaling(name: str, game: str, description: str, book: bool = False, identity: float = 1.0):
    """Register ``fn(rules, k)`` as the knob ``scale:name`` of ``game`` (a decorator).

    ``book`` says the scaling also moves numbers the rulebook prints, so it needs ``allow_book``;
    ``identity`` is the k that leaves the content as it is (1 for a factor, 0 for a shift).
    """

    def add(fn: Callable) -> Callable:
        SCALINGS.setdefault(game, {})[name] = (fn, description, book, identity)
        return fn

    return add


@dataclass(frozen=True)
class Knob:
    """One thing to move: a field (or element of one, or a scaling) between ``lo`` and ``hi``."""

    name: str
    lo: float
    hi: float
    field: str
    path: tuple[int, ...] = ()
    integer: bool = False
    book: bool = False
    identity: float = 1.0
    """A scaling's k that changes nothing (where a tune starts)."""

    @property
    def scaling(self) -> bool:
        return self.field.startswith("scale:")

    def value(self, x: float) -> float | int:
        """The value the ruleset gets for the sampled ``x`` (rounded for whole-number fields)."""
        return int(round(x)) if self.integer else float(x)


def parse_knobs(rules, knobs, allow_book=()) -> list[Knob]:
    """Knobs from ``"a=1:2,b[0]=3:4"``, a list of such strings, or ``Knob`` objects; checked against ``rules``."""
    if isinstance(knobs, str):
        knobs = [k for k in re.split(r",(?![^\[]*\])", knobs) if k.strip()]
    out = [k if isinstance(k, Knob) else _parse(rules, str(k)) for k in knobs]
    if not out:
        raise KnobError("knobs: give at least one knob, e.g. round_limit=20:60")
    names = [k.name for k in out]
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup:
        raise KnobError(f"knobs: {dup} is given twice")
    allowed = set(allow_book)
    for k in out:
        if k.book and k.field not in allowed and k.name not in allowed:
            raise KnobError(f"knobs: {k.name} is the rulebook's number; name it in allow_book to move it anyway")
    return out


def _parse(rules, text: str) -> Knob:
    m = _KNOB.match(text)
    if not m:
        raise KnobError(f"knobs: {text.strip()!r} is not name=low:high (e.g. zone_multipliers[2]=2:5)")
    field, idx, lo, hi = m.group(1), m.group(2), float(m.group(3)), float(m.group(4))
    name = field + idx
    if not lo < hi:
        raise KnobError(f"knobs: {name}: low {lo:g} must be below high {hi:g}")
    game = getattr(rules, "game", "")
    if field.startswith("scale:"):
        if field[6:] not in SCALINGS.get(game, {}):
            known = ", ".join(f"scale:{s}" for s in SCALINGS.get(game, {})) or "none"
            raise KnobError(f"knobs: unknown scaling {field!r}; known for {game}: {known}")
        if idx or lo < 0:
            raise KnobError(f"knobs: {name}: a scaling takes no index and a factor of 0 or more")
        _, _, book, identity = SCALINGS[game][field[6:]]
        return Knob(name, lo, hi, field, book=book, identity=identity)
    spec = {getattr(s, "name", s): s for s in specs_of(rules)}.get(field)
    if spec is None:
        raise KnobError(f"knobs: unknown ruleset field {field!r}")
    path = tuple(_index(field, key, game) for key in _INDEX.findall(idx))
    _check_path(rules, field, path)
    _check_range(spec, name, lo, hi)
    integer = isinstance(_element(getattr(rules, field), path), int)
    book = bool(getattr(spec, "book", False)) or (game == "bourbonomics" and path in BOOK_ELEMENTS.get(field, {}))
    return Knob(name, lo, hi, field, path, integer, book)


def _index(field: str, key: str, game: str) -> int:
    """A list index: a number, or for Bourbonomics a quality's name (``age_values[Epic]``)."""
    if key.isdigit():
        return int(key)
    if game == "bourbonomics":
        if key in QUALITIES:
            return QUALITIES.index(key)
        raise KnobError(f"knobs: {field}[{key}]: an index is a number or a quality ({', '.join(QUALITIES)})")
    raise KnobError(f"knobs: {field}[{key}]: an index is a number")


def _element(value, path: tuple[int, ...]):
    for i in path:
        value = value[i]
    return value


def _check_path(rules, field: str, path: tuple[int, ...]) -> None:
    try:
        value = _element(getattr(rules, field), path)
    except (IndexError, TypeError, KeyError):
        raise KnobError(f"knobs: {field}{''.join(f'[{i}]' for i in path)} is not an element of {field}") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise KnobError(f"knobs: {field}: a knob moves one number; give an index, e.g. {field}[0]")


def _check_range(spec, name: str, lo: float, hi: float) -> None:
    slo, shi = getattr(spec, "lo", None), getattr(spec, "hi", None)
    if (slo is not None and lo < slo) or (shi is not None and hi > shi):
        raise KnobError(f"knobs: {name}: {lo:g}:{hi:g} is outside the field's range {slo:g}-{shi:g}")


def apply_knobs(rules, knobs: list[Knob], values) -> object:
    """A validated copy of ``rules`` with each knob set to its value (fields first, then scalings)."""
    changes: dict[str, object] = {}
    for k, x in zip(knobs, values):
        if k.scaling:
            continue
        current = changes.get(k.field, getattr(rules, k.field))
        changes[k.field] = _set(current, k.path, k.value(x))
    out = rules.replace(**changes) if changes else rules
    for k, x in zip(knobs, values):
        if k.scaling:
            fn = SCALINGS[getattr(rules, "game", "")][k.field[6:]][0]
            out = fn(out, float(x))
    return out


def _set(value, path: tuple[int, ...], new):
    if not path:
        return new
    items = list(value)
    items[path[0]] = _set(items[path[0]], path[1:], new)
    return tuple(items)


# --- Bourbonomics' content-wide scalings ----------------------------------------------------------


def _scaled(n: int, k: float) -> int:
    return max(0, int(round(n * k)))


@scaling("demand_prestige", "bourbonomics", "Every demand card's Prestige × k (rounded).")
def demand_prestige(rules, k: float):
    """Every demand card's Prestige × k."""
    from dataclasses import replace

    return rules.replace(demand_cards=[replace(c, prestige=_scaled(c.prestige, k)) for c in rules.demand_cards])


@scaling("gated_prestige", "bourbonomics", "The Prestige of every gated demand card (not 'any bourbon') × k.")
def gated_prestige(rules, k: float):
    """Gated cards' Prestige × k; 'any bourbon' cards keep theirs."""
    from dataclasses import replace

    cards = [c if c.is_open else replace(c, prestige=_scaled(c.prestige, k)) for c in rules.demand_cards]
    return rules.replace(demand_cards=cards)


@scaling("age_values", "bourbonomics", "Every sale value in the age-value table × k (rounded).", book=True)
def age_values(rules, k: float):
    """The whole age-value table × k."""
    return rules.replace(age_values=tuple(tuple(_scaled(v, k) for v in row) for row in rules.age_values))


@scaling("open_prestige", "bourbonomics", "The Prestige of every 'any bourbon' demand card × k (gated keep theirs).")
def open_prestige(rules, k: float):
    """Open cards' Prestige × k; gated cards keep theirs (at least 1, so finishing one still counts)."""
    from dataclasses import replace

    cards = [replace(c, prestige=max(1, _scaled(c.prestige, k))) if c.is_open else c for c in rules.demand_cards]
    return rules.replace(demand_cards=cards)


@scaling(
    "value_curve",
    "bourbonomics",
    "Uncommon, Rare and Epic sale values on a curve between the book's Common and Legendary: k = 1 a straight "
    "line, k > 1 the middle qualities nearer Common, k < 1 nearer Legendary (always rising with quality).",
)
def value_curve(rules, k: float):
    """The middle of the age-value table on a curve between its ends (the book prints the ends' prime values).

    Each middle value is ``common + (legendary - common) * (q / 4) ** k``, rounded, then kept at least one
    above the quality below and one below the quality above, so the ladder always rises ("These amounts
    get bigger with quality").
    """
    table = [list(row) for row in rules.age_values]
    top = len(table) - 1
    for band in range(3):
        low, high = table[0][band], table[top][band]
        for q in range(1, top):
            v = int(round(low + (high - low) * (q / top) ** max(k, 1e-6)))
            table[q][band] = min(max(v, table[q - 1][band] + 1), high - (top - q))
    return rules.replace(age_values=tuple(tuple(r) for r in table))


@scaling(
    "younger_values",
    "bourbonomics",
    "Every younger (before prime) sale value × k, kept rising by at least one a quality and never above prime.",
)
def younger_values(rules, k: float):
    """The younger column of the age-value table × k (the book prints no younger value)."""
    table = [list(row) for row in rules.age_values]
    for q, row in enumerate(table):
        floor = table[q - 1][0] + 1 if q else 0
        row[0] = min(max(_scaled(row[0], k), floor), row[1])
    return rules.replace(age_values=tuple(tuple(r) for r in table))


@scaling(
    "common_odds",
    "bourbonomics",
    "Common's share of every pile × k; what it gives up goes to Uncommon, Rare and Epic in their proportions "
    "(Legendary stays rare).",
)
def common_odds(rules, k: float):
    """Common's odds × k, the difference shared out over Uncommon-Epic by largest remainder (sum stays 100)."""
    odds = list(rules.quality_odds)
    common = min(100, _scaled(odds[0], k))
    middle = odds[1:-1]
    spare = odds[0] - common
    total = sum(middle) or 1
    shares = [m + spare * m / total for m in middle]
    floors = [int(s) for s in shares]
    order = sorted(range(len(shares)), key=lambda i: floors[i] - shares[i])
    for i in order[: 100 - common - odds[-1] - sum(floors)]:
        floors[i] += 1
    return rules.replace(quality_odds=(common, *floors, odds[-1]))


@scaling(
    "gated_age",
    "bourbonomics",
    "Every gated demand card asks k more years of age (rounded; 'any bourbon' cards keep none): gated orders "
    "stay open longer, so the table fills toward Hot.",
    identity=0.0,
)
def gated_age(rules, k: float):
    """Gated cards' minimum age + k (the book: "the best ones also ask for higher quality or age")."""
    from dataclasses import replace

    step = int(round(k))
    cards = [c if c.is_open else replace(c, min_age=max(0, c.min_age + step)) for c in rules.demand_cards]
    return rules.replace(demand_cards=cards)
