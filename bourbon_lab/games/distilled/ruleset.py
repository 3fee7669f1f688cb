"""Distilled's ruleset: every number a designer may tune, with its range and whether the book prints it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core import FieldRuleset, FieldSpec, register_kind
from ...core.errors import short

TIERS = ("bronze", "silver", "gold")


def _as_int_map(spec: FieldSpec, v: Any) -> dict[str, int]:
    """A mapping of the spec's ``choices`` (every one, nothing else) to whole numbers."""
    if not isinstance(v, dict):
        raise TypeError(f"expected a mapping of {list(spec.choices)} to whole numbers, got {short(v)}")
    if sorted(v) != sorted(spec.choices):
        raise TypeError(f"expected exactly the keys {list(spec.choices)}, got {sorted(map(str, v))}")
    out = {}
    for k in spec.choices:
        x = v[k]
        if isinstance(x, bool) or not isinstance(x, (int, float)) or int(x) != x:
            raise TypeError(f"{k}: expected a whole number, got {short(x)}")
        out[k] = int(x)
    return out


def _check_int_map(spec: FieldSpec, v: dict[str, int]) -> str | None:
    for k, x in v.items():
        if (spec.lo is not None and x < spec.lo) or (spec.hi is not None and x > spec.hi):
            return f"{k}: {x} is outside {spec.lo:g}-{spec.hi:g}"
    return None


register_kind("int_map", _as_int_map, _check_int_map, lambda spec, v: dict(v))


def _f(name, kind, group, text, lo=None, hi=None, **kw) -> FieldSpec:
    return FieldSpec(name, kind, group, text, lo, hi, **kw)


FIELDS = (
    _f("rounds", "int", "round", "Rounds in a game.", 3, 12, book=True),
    _f("flight", "choice", "setup", "The tasting flight every player's clipboard shows.", choices=("A", "B")),
    _f("cut_top", "int", "distill", "Cards the cut removes from the top of the spirit stack.", 0, 2, book=True),
    _f("cut_bottom", "int", "distill", "Cards the cut removes from the bottom of the spirit stack.", 0, 2, book=True),
    _f("alcohol_per_sugar", "int", "distill", "Alcohol cards added per card in the sugar slot.", 0, 2, book=True),
    _f(
        "flavour_bonus",
        "int_tuple",
        "sell",
        "SP for an aged spirit sold with 1, 2, 3, 4 flavour cards.",
        0,
        20,
        length=4,
        book=True,
    ),
    _f(
        "flavour_bonus_beyond_table",
        "choice",
        "sell",
        "A 5th flavour card and more: the table's top, or the triangular numbers the table follows (15, 21, ...).",
        choices=("cap", "triangular"),
        variant=True,
    ),
    _f("unsold_flavour_sp", "int", "endgame", "SP per flavour card on an unsold spirit at the end.", 0, 5, book=True),
    _f(
        "unsold_flavour",
        "choice",
        "endgame",
        "Unsold spirits at the end: 1 SP per flavour card, or also the cards' own values.",
        choices=("flat", "flat_plus_face"),
        variant=True,
    ),
    _f(
        "empty_flavour_supply",
        "choice",
        "age",
        "No flavour card left in the deck or its discards: a spirit that has aged a round still counts as aged and "
        "may be sold (aged), or it waits for a flavour card to be drawn first (wait).",
        choices=("aged", "wait"),
    ),
    _f("warehouse_spaces", "int", "age", "Spirits a warehouse can age at once.", 1, 4, book=True),
    _f(
        "full_warehouse",
        "choice",
        "age",
        "A new aged spirit and a full warehouse: sell one from the warehouse first, or lose the new spirit.",
        choices=("sell_first", "discard_new"),
        variant=True,
    ),
    _f("basic_buys_per_round", "int", "market", "Basic market cards a player may buy per round.", 0, 5, book=True),
    _f(
        "basic_items",
        "choice",
        "market",
        "The metal barrel and glass bottle piles: finite or unlimited.",
        choices=("finite", "unlimited"),
        variant=True,
    ),
    _f("basic_item_copies", "int", "market", "Cards in each basic item pile when finite.", 1, 30),
    _f("max_upgrades", "int", "market", "Distillery upgrades a board holds.", 1, 5, book=True),
    _f("premium_row_size", "int", "market", "Face-up cards in each premium row.", 2, 6, book=True),
    _f(
        "truck_discards",
        "int",
        "market",
        "Rightmost cards of each premium row sent to the truck after the market (3+ players).",
        0,
        3,
        book=True,
    ),
    _f("truck_discards_2p", "int", "market", "The same at 2 players.", 0, 3, book=True),
    _f("yeast_money", "int", "market", "Money a basic yeast gives on purchase.", 0, 3, book=True),
    _f("trades_per_distill", "int", "distill", "Trades for a basic ingredient per Distill phase.", 0, 3, book=True),
    _f("cube_cost", "int_map", "market", "Cost of a recipe cube by tier.", 0, 12, choices=TIERS),
    _f(
        "cubes",
        "choice",
        "market",
        "Recipe cubes: unlimited markers, or the box's 37.",
        choices=("unlimited", "finite"),
        variant=True,
    ),
    _f(
        "cube_supply",
        "int_map",
        "market",
        "Cubes of each tier when finite (15 / 12 / 10 is the box's 37).",
        0,
        40,
        choices=TIERS,
    ),
    _f(
        "recipe_sp",
        "int_map",
        "sell",
        "SP a recipe scores, by tier (Moonshine and Vodka on their own).",
        0,
        15,
        choices=("moonshine", "vodka", *TIERS),
    ),
    _f("signature_sp", "int", "sell", "SP an unaged signature recipe scores.", 0, 15),
    _f("signature_sp_aged", "int", "sell", "SP an aged signature recipe scores (it needs wood and a round).", 0, 15),
    _f(
        "labels",
        "choice",
        "distill",
        "Spirit labels: limited (2 per player for Moonshine and Vodka, 1 per player for the others), or unlimited.",
        choices=("limited", "unlimited"),
        variant=True,
    ),
    _f("label_money", "int", "sell", "Money of the 'take 5 money' label bonus.", 0, 10, book=True),
    _f(
        "truck_bonus",
        "choice",
        "sell",
        "The truck label bonus: return one of your cards and take a truck card, or just take one.",
        choices=("swap", "free"),
        variant=True,
    ),
    _f(
        "bottle_region_sp",
        "int_tuple",
        "endgame",
        "SP for premium bottles from 1, 2, 3 regions.",
        0,
        10,
        length=3,
        book=True,
    ),
    _f("money_per_sp", "int", "endgame", "Money per SP at the end.", 1, 10, book=True),
    _f("tasting_max", "int", "round_end", "SP a tasting may turn into money.", 0, 10, book=True),
    _f("tasting_room_max", "int", "round_end", "The same with a tasting room upgrade.", 0, 12),
    _f("awards_extra", "int", "setup", "Awards in play beyond one per player.", 0, 4, book=True),
    _f("goals_dealt", "int", "setup", "Distillery goals dealt to each player.", 1, 5, book=True),
    _f(
        "goal_discard_after_round",
        "int",
        "round_end",
        "The round after which each player discards a goal (0: never).",
        0,
        12,
        book=True,
    ),
    _f(
        "goal_ties",
        "choice",
        "endgame",
        "Goals tied for most: every tied player scores, or none.",
        choices=("all", "none"),
        variant=True,
    ),
    _f(
        "identities_dealt", "int", "setup", "Distiller identities dealt to each player to choose from.", 1, 3, book=True
    ),
    _f("truck_buy_discount", "int", "market", "Discount of the truck-buyer identity power.", 0, 5),
    _f("free_sugar_every", "int", "round", "The free-sugar identity power gives its card in every k-th round.", 1, 7),
)


class Ruleset(FieldRuleset):
    """Distilled's rules as values: immutable, validated whole, with the variants where the book reads two ways."""

    game = "distilled"
    FIELDS = FIELDS
    TABS = ("market",)
    """Groups the editors show first as tabs; the rest follow in the order of ``FIELDS``."""
    DEFAULTS = Path(__file__).parent / "data" / "ruleset.yaml"

    def check_together(self, values: dict[str, Any]) -> list[tuple[str, str]]:
        problems = []
        bonus = values["flavour_bonus"]
        if any(b > a for a, b in zip(bonus[1:], bonus)):
            problems.append(("flavour_bonus", f"{list(bonus)} must not fall with more flavour cards"))
        if values["cut_top"] + values["cut_bottom"] > 3:
            problems.append(("cut_bottom", "a cut of more than 3 cards leaves a 3-card washback nothing"))
        return problems
