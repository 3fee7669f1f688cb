"""Ruleset fields every game describes the same way, so one editor, one dashboard and one tuner serve all games.

A game's ``Ruleset.schema()`` returns ``FieldSpec``s. Each names a value's ``kind``; the kind
says how YAML or Python input becomes the frozen value (``coerce``), how the value is written
back (``to_yaml``) and what makes it out of range (``check``). The common kinds live here; a game
adds its own with ``register_kind`` (Bourbonomics adds quality tables, for example).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import short


@dataclass(frozen=True)
class FieldSpec:
    """How one ruleset field looks to a designer and how its value is checked.

    ``book`` marks a number the rulebook prints (tuning leaves it alone unless asked by name);
    every other number is ours. ``variant`` marks a choice where the book reads two ways.
    ``none_label`` is what a ``None`` value means to a designer (an ``optional_int``'s "unlimited"):
    the editors show it, since an empty box or menu reads as a value missing.

    The entries of a list field may have names, which the editors (the notebook's and the
    dashboard's) label its boxes with instead of 1, 2, 3: ``parts`` names a list's entries (a
    table's columns: Low/Mid/Hot), ``rows`` a table's rows (the qualities), ``keys`` the keys a keyed
    table may hold, in order (the piles); ``start`` is what an entry newly given a key starts from.
    Any game may set them; ``entry_names`` reads them with numbers where a name is missing.

    >>> FieldSpec("zone_multipliers", "int_tuple", "market", "", 1, 9, length=3, parts=("Low", "Mid", "Hot")).parts
    ('Low', 'Mid', 'Hot')
    """

    name: str
    kind: str
    group: str
    description: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[Any, ...] = ()
    length: int | None = None
    variant: bool = False
    book: bool = False
    none_label: str = "unlimited"
    parts: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()
    start: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for name in LABELS:  # a list given for a tuple (a game's YAML, a hand-made spec) kept hashable
            value = getattr(self, name)
            if not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))

    def coerce(self, value: Any) -> Any:
        """Turn YAML or Python input into the field's frozen Python value."""
        return _kind(self.kind).coerce(self, value)

    def to_yaml(self, value: Any) -> Any:
        return _kind(self.kind).to_yaml(self, value)

    def check(self, value: Any) -> str | None:
        """Why the (coerced) value is out of range, or None when it is fine."""
        return _kind(self.kind).check(self, value)


LABELS = ("parts", "rows", "keys", "start")
"""The ``FieldSpec`` attributes that name (or start) a list field's entries."""


def entry_names(given: tuple[str, ...], length: int) -> tuple[str, ...]:
    """``length`` names for a list's entries: the ``given`` ones (a spec's ``parts`` or ``rows``), else numbers.

    >>> entry_names(("Low", "Mid", "Hot"), 3), entry_names(("Low", "Mid", "Hot"), 4)
    (('Low', 'Mid', 'Hot'), ('1', '2', '3', '4'))
    """
    return tuple(given[:length]) if len(given) >= length else tuple(str(i + 1) for i in range(length))


@dataclass(frozen=True)
class Kind:
    """What a field kind does: coerce input, write YAML, check range."""

    coerce: Callable[[FieldSpec, Any], Any]
    to_yaml: Callable[[FieldSpec, Any], Any]
    check: Callable[[FieldSpec, Any], str | None]


KINDS: dict[str, Kind] = {}


def register_kind(
    name: str,
    coerce: Callable[[FieldSpec, Any], Any],
    check: Callable[[FieldSpec, Any], str | None] | None = None,
    to_yaml: Callable[[FieldSpec, Any], Any] | None = None,
) -> None:
    """Add a field kind (a game's own table shape); registering a name again replaces it."""
    KINDS[name] = Kind(coerce, to_yaml or plain, check or no_check)


def _kind(name: str) -> Kind:
    try:
        return KINDS[name]
    except KeyError:
        raise TypeError(f"unknown field kind {name!r}; kinds are {sorted(KINDS)}") from None


def as_int(spec: FieldSpec, v: Any) -> int:
    """A whole number (``3.0`` is 3; ``True`` is not a number)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or int(v) != v:
        raise TypeError(f"expected a whole number, got {short(v)}")
    return int(v)


def as_float(spec: FieldSpec, v: Any) -> float:
    """A finite number."""
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise TypeError(f"expected a number, got {short(v)}")
    return float(v)


def as_bool(spec: FieldSpec, v: Any) -> bool:
    """Exactly true or false (YAML ``yes`` is already a bool; ``1`` is not)."""
    if not isinstance(v, bool):
        raise TypeError(f"expected true or false, got {short(v)}")
    return v


def as_choice(spec: FieldSpec, v: Any) -> Any:
    """One of the spec's ``choices``."""
    if v not in spec.choices:
        raise TypeError(f"expected one of {list(spec.choices)}, got {short(v)}")
    return v


def as_optional_int(spec: FieldSpec, v: Any) -> int | None:
    """A whole number or None (no limit)."""
    return None if v is None else as_int(spec, v)


def as_int_tuple(spec: FieldSpec, v: Any) -> tuple[int, ...]:
    """A list of whole numbers, of the spec's ``length`` when it has one."""
    if not isinstance(v, (list, tuple)):
        raise TypeError(f"expected a list of {spec.length or ''} whole numbers, got {short(v)}".replace("  ", " "))
    out = tuple(as_int(spec, x) for x in v)
    if spec.length is not None and len(out) != spec.length:
        raise TypeError(f"expected {spec.length} numbers, got {len(out)}")
    return out


def as_text(spec: FieldSpec, v: Any) -> str:
    """A non-empty string."""
    if not isinstance(v, str) or not v.strip():
        raise TypeError(f"expected a non-empty text, got {short(v)}")
    return v


def plain(spec: FieldSpec, v: Any) -> Any:
    """Tuples back to lists, so YAML writes them plainly."""
    return list(v) if isinstance(v, tuple) else v


def no_check(spec: FieldSpec, v: Any) -> str | None:
    """Any coerced value is in range."""
    return None


def in_range(spec: FieldSpec, x: float) -> str | None:
    """Why ``x`` is outside ``lo``..``hi``, or None."""
    if spec.lo is not None and x < spec.lo:
        return f"{short(x)} is below the minimum {spec.lo:g}"
    if spec.hi is not None and x > spec.hi:
        return f"{short(x)} is above the maximum {spec.hi:g}"
    return None


def check_number(spec: FieldSpec, v: float | None) -> str | None:
    """A number (or None) within the range."""
    return None if v is None else in_range(spec, v)


def check_each(spec: FieldSpec, v: tuple) -> str | None:
    """Every number in a (possibly nested) tuple within the field's range."""
    for x in v:
        for y in x if isinstance(x, tuple) else (x,):
            why = in_range(spec, y)
            if why:
                return why
    return None


register_kind("int", as_int, check_number)
register_kind("float", as_float, check_number)
register_kind("bool", as_bool)
register_kind("choice", as_choice)
register_kind("text", as_text)
register_kind("optional_int", as_optional_int, check_number)
register_kind("int_tuple", as_int_tuple, check_each)
