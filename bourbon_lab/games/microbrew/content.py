"""Microbrew's words and card shapes: colours, jobs, and the customer, recipe and reputation cards as ruleset kinds.

The cards are ruleset fields (so a designer edits them like any number); each card kind is
registered with the core so YAML input is checked whole and written back plainly.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core import FieldSpec, register_kind
from ...core.errors import short

MALTS = ("L", "M", "D")
"""Light, medium and dark malt, lightest first (a malt is darker than another further along)."""
HOP = "H"
TOKENS = (*MALTS, HOP)
EMPTY = "."
DARKNESS = {"L": 0, "M": 1, "D": 2}
FLAVOURS = ("malty", "spicy", "sweet")
JOBS = ("brew", "bottle", "serve", "mash", "flush", "advertise", "manage", "break")
MANAGE = ("overtime", "research", "upgrade", "hire")
RATINGS = ("Perfect", "Smooth", "Rough", "Muddled")
BREWMASTER_PATH = ("flush", "advertise", "manage")
"""The Brewmaster moves Flush -> Advertise -> Manage -> Flush (book); it starts on Manage."""


class Customer(NamedTuple):
    """A customer card: favourite colours, region flag, and the flavour they pay extra for."""

    id: str
    favourite: str
    flag: str
    likes: str | None
    bonus: int


class Recipe(NamedTuple):
    """A recipe card: its colours and its flavour (the icon on its back)."""

    id: str
    colours: str
    flavour: str


class Reputation(NamedTuple):
    """A reputation card: a region's flag or a flavour, scored by the single leader."""

    id: str
    kind: str
    target: str


def _cards(spec: FieldSpec, value: Any, cls: type, check_one) -> tuple:
    if not isinstance(value, (list, tuple)) or not value:
        raise TypeError(f"expected a list of cards, got {short(value)}")
    out, seen = [], set()
    for i, card in enumerate(value):
        if isinstance(card, cls):
            card = card._asdict()
        if not isinstance(card, dict) or set(card) != set(cls._fields):
            raise TypeError(f"card {i + 1}: expected the keys {list(cls._fields)}, got {short(card)}")
        why = check_one(card)
        if why:
            raise TypeError(f"card {i + 1} ({card.get('id')}): {why}")
        if card["id"] in seen:
            raise TypeError(f"card {i + 1}: the id {card['id']!r} is used twice")
        seen.add(card["id"])
        out.append(cls(**card))
    return tuple(out)


def _colours_ok(text: Any) -> str | None:
    if not isinstance(text, str) or not text or any(c not in MALTS for c in text):
        return f"colours must be letters L, M, D, got {short(text)}"
    return None


def _customer(card: dict) -> str | None:
    if not isinstance(card["id"], str):
        return "id must be text"
    if card["likes"] is not None and card["likes"] not in FLAVOURS:
        return f"likes must be one of {list(FLAVOURS)} or null"
    if isinstance(card["bonus"], bool) or not isinstance(card["bonus"], int) or not 0 <= card["bonus"] <= 6:
        return "bonus must be a whole number 0-6"
    if not isinstance(card["flag"], str):
        return "flag must be text"
    return _colours_ok(card["favourite"])


def _recipe(card: dict) -> str | None:
    if not isinstance(card["id"], str):
        return "id must be text"
    if card["flavour"] not in FLAVOURS:
        return f"flavour must be one of {list(FLAVOURS)}"
    return _colours_ok(card["colours"])


def _reputation(card: dict) -> str | None:
    if card["kind"] not in ("region", "flavour"):
        return "kind must be region or flavour"
    if card["kind"] == "flavour" and card["target"] not in FLAVOURS:
        return f"a flavour reputation's target must be one of {list(FLAVOURS)}"
    return None if isinstance(card["target"], str) else "target must be text"


def _to_yaml(spec: FieldSpec, value: tuple) -> list:
    return [dict(card._asdict()) for card in value]


register_kind("mb_customers", lambda s, v: _cards(s, v, Customer, _customer), to_yaml=_to_yaml)
register_kind("mb_recipes", lambda s, v: _cards(s, v, Recipe, _recipe), to_yaml=_to_yaml)
register_kind("mb_reputations", lambda s, v: _cards(s, v, Reputation, _reputation), to_yaml=_to_yaml)
