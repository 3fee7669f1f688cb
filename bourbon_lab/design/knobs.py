"""Knobs: the ruleset numbers a sensitivity or tuning run may move, each with its range.

A knob is written ``name=low:high``. ``name`` is a ruleset field (``round_limit``), one element of
a list field (``zone_multipliers[2]``, ``age_values[Legendary][1]``, ``sales_per_quality[Rare]``)
or a content-wide scaling (``scale:demand_prestige`` = every demand card's Prestige × k). Whole
number fields take the rounded value. A field the schema marks as the book's is refused unless
named in ``allow_book``: tuning must not quietly rewrite the rulebook.

What is one game's own (its scalings, names for list indices such as a quality, book numbers inside
fields that are ours) lives in the game's folder and is read through the registry
(``GameDef.part("metrics")``: ``SCALINGS``, ``KNOB_INDEX``, ``BOOK_ELEMENTS``), so this module names no game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import BourbonLabError
from ..core.house import specs_of
from ..core.registry import games, get_game

_KNOB = re.compile(r"^\s*([A-Za-z_][\w:.]*)((?:\[[A-Za-z0-9_]+\])*)\s*=\s*([-+0-9.eE]+)\s*:\s*([-+0-9.eE]+)\s*$")
_INDEX = re.compile(r"\[([A-Za-z0-9_]+)\]")


class KnobError(BourbonLabError, ValueError):
    """A knob that cannot be used (unknown field, bad range, a book number not allowed)."""


SCALINGS: dict[str, dict[str, tuple[Callable, str, bool, float]]] = {}
"""Content-wide scalings filed by hand, by game: ``scale:NAME`` -> (fn(rules, k) -> rules, what it does, moves a
book number, the k that changes nothing). A game's own (its ``metrics.py`` ``SCALINGS``) join them in ``scalings``."""


def _own(game: str):
    """The game's design extras module (``GameDef.part("metrics")``), or None for a game with none or unknown."""
    return get_game(game).part("metrics") if game in games() else None


def scalings(game: str) -> dict[str, tuple[Callable, str, bool, float]]:
    """Every ``scale:`` knob of ``game``: the ones its own folder declares, then any filed with ``scaling``."""
    return {**getattr(_own(game), "SCALINGS", {}), **SCALINGS.get(game, {})}


def book_elements(game: str) -> dict[str, dict[tuple[int, ...], str]]:
    """Book numbers inside fields the schema marks as ours, by field and index (the game's ``BOOK_ELEMENTS``)."""
    return getattr(_own(game), "BOOK_ELEMENTS", {})


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
        known = scalings(game)
        if field[6:] not in known:
            names = ", ".join(f"scale:{s}" for s in known) or "none"
            raise KnobError(f"knobs: unknown scaling {field!r}; known for {game}: {names}")
        if idx or lo < 0:
            raise KnobError(f"knobs: {name}: a scaling takes no index and a factor of 0 or more")
        _, _, book, identity = known[field[6:]]
        return Knob(name, lo, hi, field, book=book, identity=identity)
    spec = {getattr(s, "name", s): s for s in specs_of(rules)}.get(field)
    if spec is None:
        raise KnobError(f"knobs: unknown ruleset field {field!r}")
    path = tuple(_index(field, key, game) for key in _INDEX.findall(idx))
    _check_path(rules, field, path)
    _check_range(spec, name, lo, hi)
    integer = isinstance(_element(getattr(rules, field), path), int)
    book = bool(getattr(spec, "book", False)) or path in book_elements(game).get(field, {})
    return Knob(name, lo, hi, field, path, integer, book)


def _index(field: str, key: str, game: str) -> int:
    """A list index: a number, or a name the game declares for one (Bourbonomics: a quality, ``age_values[Epic]``)."""
    if key.isdigit():
        return int(key)
    own = _own(game)
    names = tuple(getattr(own, "KNOB_INDEX", ()))
    if key in names:
        return names.index(key)
    if names:
        what = getattr(own, "KNOB_INDEX_NAME", "name")
        raise KnobError(f"knobs: {field}[{key}]: an index is a number or a {what} ({', '.join(names)})")
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
            fn = scalings(getattr(rules, "game", ""))[k.field[6:]][0]
            out = fn(out, float(x))
    return out


def _set(value, path: tuple[int, ...], new):
    if not path:
        return new
    items = list(value)
    items[path[0]] = _set(items[path[0]], path[1:], new)
    return tuple(items)
