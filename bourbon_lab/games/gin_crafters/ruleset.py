"""Gin Crafters' ruleset: every number the book prints or we chose, with kind, range and book/ours.

Defaults are in ``data/ruleset.yaml``. The fields marked ``variant`` are where the rulebook reads
two ways (the design notes, ``peer-games.md``); ``docs/games/gin_crafters-rules-decisions.md`` says why.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...core import FieldRuleset, FieldSpec, register_kind
from ...core.errors import short

TYPES = ("herbal", "fruit", "spice", "floral", "oriental")
"""The five botanical types (book)."""

SHAPES = (
    "double_juniper",
    "single",
    "distinct_pair",
    "same_pair",
    "distinct_triple",
    "pair_plus_next",
    "distinct_quad",
    "all_five",
)
"""Gin card shapes (ours): the book names only the double-juniper gin and shows two recipes."""


BRANDS = (
    "most_gins",
    "most_coins",
    "most_botanicals",
    "most_key_types",
    "most_gin_vp",
    "gins_with_type",
    "gin_with_botanicals",
    "juniper_bonuses",
    "double_juniper_gins",
    "gins",
    "never_borrowed",
    "lent",
    "all_types",
    "coins",
)
"""Brand card conditions (ours: the book lists no brand cards); ``brands.yaml`` deals them, ``brand_vp`` scores them."""

COUNTED = ("gins_with_type", "gin_with_botanicals", "juniper_bonuses", "double_juniper_gins", "gins", "lent", "coins")
"""The brand conditions met at a count (``brand_counts``): at least that many gins, lendings, coins, …"""


def _table(keys: tuple[str, ...], what: str) -> Callable[[FieldSpec, Any], tuple[tuple[str, int], ...]]:
    """A coercer for a mapping of exactly ``keys`` to whole numbers, frozen in ``keys`` order."""

    def coerce(spec: FieldSpec, value: Any) -> tuple[tuple[str, int], ...]:
        if not isinstance(value, (dict, tuple, list)):
            raise TypeError(f"expected a mapping of {what} to a whole number, got {short(value)}")
        given = dict(value)
        missing = [k for k in keys if k not in given]
        unknown = [k for k in given if k not in keys]
        if missing or unknown:
            raise TypeError(f"{what}s must be exactly {list(keys)} (missing {missing}, unknown {unknown})")
        out = []
        for k in keys:
            v = given[k]
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"{k}: expected a whole number, got {short(v)}")
            out.append((k, v))
        return tuple(out)

    return coerce


def _check_table(spec: FieldSpec, value: tuple) -> str | None:
    for k, v in value:
        if not spec.lo <= v <= spec.hi:
            return f"{k}: {v} outside {spec.lo:g}-{spec.hi:g}"
    return None


def _table_yaml(spec: FieldSpec, value: tuple) -> dict:
    return dict(value)


register_kind("gin_shape_vp", _table(SHAPES, "gin shape"), _check_table, _table_yaml)
register_kind("brand_vp", _table(BRANDS, "brand condition"), _check_table, _table_yaml)
register_kind("brand_counts", _table(COUNTED, "counted brand condition"), _check_table, _table_yaml)


def _f(name, kind, group, text, lo=None, hi=None, **kw) -> FieldSpec:
    return FieldSpec(name, kind, group, text, lo, hi, **kw)


def _variant(name: str, choices: tuple[str, ...], text: str) -> FieldSpec:
    return FieldSpec(name, "choice", "variants", text, choices=choices, variant=True)


FIELDS = (
    _f("actions_per_turn", "int", "turn", "Actions in a turn (book: two).", 1, 3, book=True),
    _f("start_coins", "int", "setup", "Coins each player starts with (book: 3).", 0, 10, book=True),
    _f("side_business", "int", "actions", "Coins a Side Business pays (book: 3).", 1, 6, book=True),
    _f("lend_fee", "int", "borrowing", "Coins a lender gets from the stock (book: 2).", 0, 4, book=True),
    _f(
        "max_borrow",
        "int",
        "borrowing",
        "Botanicals one distillation may borrow (book: 1; 0 forbids).",
        0,
        1,
        book=True,
    ),
    _f("refresh_botanical", "int", "market", "Fee to refresh the botanical market (book: 3).", 0, 6, book=True),
    _f("refresh_juniper", "int", "market", "Fee to refresh the juniper market (book: 2).", 0, 6, book=True),
    _f("botanical_prices", "int_tuple", "market", "Price of each botanical position, cheapest first.", 0, 6, length=4),
    _f("juniper_prices", "int_tuple", "market", "Price of each juniper position, cheapest first.", 0, 6, length=2),
    _f("end_vp", "int", "end", "Victory points that signal the end (book: 30).", 15, 60, book=True),
    _f("bonus_thresholds", "int_tuple", "bonus", "VP marks that give a bonus Inspiration once each.", 1, 59, book=True),
    _f("start_gin", "int", "setup", "Gin cards dealt to each hand (book: 2).", 0, 4, book=True),
    _f("start_brand", "int", "setup", "Brand cards dealt to each hand (book: 2).", 0, 4, book=True),
    _f("inspiration_look", "int", "actions", "Cards looked at by an Inspiration (book: 2).", 1, 4, book=True),
    _f("gin_vp", "gin_shape_vp", "scoring", "VP of a gin card by its shape.", 0, 15),
    _f("brand_vp", "brand_vp", "scoring", "VP of a brand card met at the end, by its condition.", 0, 10),
    _f("brand_counts", "brand_counts", "scoring", "The count a counted brand condition needs.", 1, 20),
    _f("juniper_bonus_low", "int", "scoring", "VP of a common juniper's bonus.", 0, 4),
    _f("juniper_bonus_high", "int", "scoring", "VP of a rare juniper's bonus.", 0, 4),
    _f("hand_limit", "optional_int", "actions", "Most cards of one deck in hand (none: no limit).", 1, 10),
    _f(
        "coin_supply",
        "int",
        "setup",
        "Coins in the box (book: 24 x 1 + 8 x 3), when coins = finite.",
        10,
        200,
        book=True,
    ),
    _f("round_limit", "int", "end", "A safety stop: the game ends after this many rounds.", 10, 200),
    _variant("end_at", ("30_or_more", "over_30"), "The end signal: reaching end_vp, or passing it."),
    _variant(
        "final_turns",
        ("complete_round", "others_once"),
        "After the signal: each other player once (the book read literally), or the round played out (default).",
    ),
    _variant(
        "refresh_price",
        ("fee_only", "fee_plus_position"),
        "Refresh & Purchase: the fee only, or the fee plus the position.",
    ),
    _variant("borrow", ("only_if_short", "any_time"), "Borrow only a botanical you lack, or any recipe type."),
    _variant("lender", ("borrower_picks", "may_refuse"), "The lender has no say, or may refuse out of turn."),
    _variant("double_bonus", ("both", "one"), "Crossing two bonus marks in one action: both bonuses, or one."),
    _variant(
        "coins", ("unlimited", "finite"), "Coins from the stock never run out, or the box's coins are all there is."
    ),
)


class Ruleset(FieldRuleset):
    """Gin Crafters' rules as data: immutable, validated whole."""

    game = "gin_crafters"
    FIELDS = FIELDS
    TABS = ("market", "end")
    """Groups the editors show first as tabs; the rest follow in the order of ``FIELDS``."""
    DEFAULTS = Path(__file__).parent / "data" / "ruleset.yaml"

    def __init__(self, *args: Any, **values: Any):
        super().__init__(*args, **values)
        for name, value in self._values.items():  # plain attributes: the engine reads them on its hot path
            object.__setattr__(self, name, value)

    def check_together(self, values: dict[str, Any]) -> list[tuple[str, str]]:
        """Bonus marks below the end, rising, at most 3; a brand count a recipe can reach; rare junipers no cheaper."""
        out = []
        marks = values["bonus_thresholds"]
        if len(marks) > 3 or list(marks) != sorted(set(marks)) or any(m >= values["end_vp"] for m in marks):
            out.append(("bonus_thresholds", f"{list(marks)}: at most 3 rising marks, each below end_vp"))
        if dict(values["brand_counts"])["gin_with_botanicals"] > len(TYPES):
            out.append(("brand_counts", f"gin_with_botanicals: no recipe holds more than {len(TYPES)} botanicals"))
        if values["juniper_bonus_high"] < values["juniper_bonus_low"]:
            out.append(("juniper_bonus_high", "below juniper_bonus_low"))
        return out
