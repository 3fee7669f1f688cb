"""The Ruleset's schema: every tunable field with its type, range, group and one-line description.

UIs (the notebook editor, the dashboard) are generated from ``FIELDS``; the
``Ruleset`` coerces and checks each value through the same specs. The words a designer reads
for a list field's entries (Low/Mid/Hot, the qualities, the piles) are part of its spec (the core
``FieldSpec``'s ``parts``, ``rows``, ``keys``, ``start``), and ``TABS`` orders the groups as tabs
(``Ruleset.TABS``, read by ``core.ruleset.tabs_of``), so the generic editors hold no Bourbonomics words.
"""

from __future__ import annotations

from typing import Any

from ...core.fields import FieldSpec, as_int, as_int_tuple, check_each, register_kind
from .content import QUALITIES, RESOURCES
from .errors import short


def _by_quality(spec: FieldSpec, v: Any, item) -> tuple:
    if isinstance(v, dict):
        unknown = set(v) - set(QUALITIES)
        if unknown:
            raise TypeError(f"unknown quality {short(min(unknown, key=str))}; qualities are {list(QUALITIES)}")
        missing = [q for q in QUALITIES if q not in v]
        if missing:
            raise TypeError(f"missing quality {missing[0]!r}")
        v = [v[q] for q in QUALITIES]
    if not isinstance(v, (list, tuple)) or len(v) != len(QUALITIES):
        raise TypeError(f"expected one entry per quality {list(QUALITIES)}, got {short(v)}")
    return tuple(item(x) for x in v)


def _odds(spec: FieldSpec, v: Any) -> tuple[int, ...]:
    return _by_quality(spec, v, lambda x: as_int(spec, x))


def _age_values(spec: FieldSpec, v: Any) -> tuple[tuple[int, int, int], ...]:
    def triple(x):
        t = as_int_tuple(FieldSpec("", "int_tuple", "", "", length=3), x)
        return t

    return _by_quality(spec, v, triple)


def _pile_odds(spec: FieldSpec, v: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
    if v is None:
        return ()
    items = v.items() if isinstance(v, dict) else v
    if not isinstance(items, list | tuple | type({}.items())):
        raise TypeError(f"expected a mapping of pile: odds, got {short(v)}")
    out = []
    for pile, odds in items:
        if pile not in RESOURCES:
            raise TypeError(f"unknown pile {short(pile)}; piles are {list(RESOURCES)}")
        out.append((pile, _odds(spec, odds)))
    return tuple(sorted(out, key=lambda kv: RESOURCES.index(kv[0])))


def _quality_map_yaml(spec: FieldSpec, v: Any) -> dict:
    return {q: (list(x) if isinstance(x, tuple) else x) for q, x in zip(QUALITIES, v)}


def _pile_odds_yaml(spec: FieldSpec, v: Any) -> dict:
    return {pile: _quality_map_yaml(spec, odds) for pile, odds in v}


def _check_levels(spec: FieldSpec, v: tuple) -> str | None:
    why = check_each(spec, v)
    if why:
        return why
    if any(b < a for a, b in zip(v, v[1:])):
        return f"levels must not go down: {list(v)}"
    return None


def _check_odds(spec: FieldSpec, v: tuple) -> str | None:
    why = check_each(spec, v)
    if why:
        return why
    if sum(v) != 100:
        return f"quality odds must sum to 100 %, they sum to {sum(v)} %"
    return None


def _check_pile_odds(spec: FieldSpec, v: tuple) -> str | None:
    for pile, odds in v:
        why = _check_odds(spec, odds)
        if why:
            return f"{pile}: {why}"
    return None


BIGGER_WITH_QUALITY = "These amounts get bigger with quality"
"""Book (Selling): the younger, prime and older values each rise from Common to Legendary."""

PRIME_IS_BEST = "Prime — inside its window: the best value"
"""Book (Selling): no barrel is worth more younger or older than in its prime."""

_BANDS = ("younger", "prime", "older")


def _check_age_values(spec: FieldSpec, v: tuple) -> str | None:
    why = check_each(spec, v)
    if why:
        return why
    for band, name in enumerate(_BANDS):
        for q in range(1, len(v)):
            if v[q][band] <= v[q - 1][band]:
                return (
                    f"{name} value {QUALITIES[q]} {v[q][band]} is not above {QUALITIES[q - 1]} {v[q - 1][band]}"
                    f' (book: "{BIGGER_WITH_QUALITY}")'
                )
    for q, row in enumerate(v):
        for band in (0, 2):
            if row[band] > row[1]:
                return (
                    f"{QUALITIES[q]}: {_BANDS[band]} value {row[band]} is above the prime value {row[1]}"
                    f' (book: "{PRIME_IS_BEST}")'
                )
    return None


FEWER_SALES_NEVER = "Common sells once, up to 3 times at Legendary"
"""Book (Resources): a better barrel never sells fewer times than a worse one."""


def _check_sales(spec: FieldSpec, v: tuple) -> str | None:
    why = check_each(spec, v)
    if why:
        return why
    for q in range(1, len(v)):
        if v[q] < v[q - 1]:
            return (
                f"{QUALITIES[q]} sells {v[q]} time(s), fewer than {QUALITIES[q - 1]} ({v[q - 1]})"
                f' (book: "{FEWER_SALES_NEVER}")'
            )
    return None


for _name, _coerce, _check, _yaml in (
    ("levels", as_int_tuple, _check_levels, None),
    ("odds", _odds, _check_odds, _quality_map_yaml),
    ("sales", _odds, _check_sales, _quality_map_yaml),
    ("pile_odds", _pile_odds, _check_pile_odds, _pile_odds_yaml),
    ("age_values", _age_values, _check_age_values, _quality_map_yaml),
):
    register_kind(_name, _coerce, _check, _yaml)


FIRST_DRAFT_ODDS = (50, 25, 15, 8, 2)
"""The first draft's quality odds: where a pile given its own odds in an editor starts."""


def _levels(n: int) -> tuple[str, ...]:
    return ("Base", "+1", "+2", "+3")[:n]


def _f(name, kind, group, description, lo=None, hi=None, **kw) -> FieldSpec:
    return FieldSpec(name, kind, group, description, lo, hi, **kw)


FIELDS: tuple[FieldSpec, ...] = (
    # --- table and setup
    _f("min_players", "int", "table", "Fewest players at the table.", 2, 6, book=True),
    _f("max_players", "int", "table", "Most players at the table.", 2, 6, book=True),
    _f("start_capital", "int", "economy", "Capital each player starts with.", 0, 50, book=True),
    _f("start_prestige", "int", "economy", "Prestige each player starts with.", 0, 50, book=True),
    # --- economy
    _f("upgrade_cost_first", "int", "economy", "Capital cost of a player's 1st upgrade.", 0, 20, book=True),
    _f(
        "upgrade_cost_step",
        "int",
        "economy",
        "How much each later upgrade costs more than the one before.",
        0,
        20,
        book=True,
    ),
    _f("min_sell_age", "int", "economy", "Youngest age at which a built barrel may be sold.", 0, 12, book=True),
    _f(
        "age_values",
        "age_values",
        "economy",
        "Sale value by quality: younger / prime / older than the prime window.",
        0,
        100,
        rows=QUALITIES,
        parts=_BANDS,
    ),
    _f(
        "sales_per_quality",
        "sales",
        "economy",
        "How many times a barrel of each quality can be sold.",
        1,
        10,
        parts=QUALITIES,
    ),
    _f(
        "barrel_sales_per_round",
        "optional_int",
        "economy",
        "Most sales one barrel may make in a round (none = unlimited).",
        1,
        10,
        variant=True,
        choices=(1, None),
    ),
    # --- resources
    _f(
        "quality_odds",
        "odds",
        "resources",
        "Share of each quality in every resource pile, in %.",
        0,
        100,
        parts=QUALITIES,
    ),
    _f(
        "pile_quality_odds",
        "pile_odds",
        "resources",
        "Per-pile quality odds that replace the common odds.",
        0,
        100,
        parts=QUALITIES,
        keys=RESOURCES,
        start=FIRST_DRAFT_ODDS,
    ),
    _f("pile_size", "int", "resources", "Cards in each resource pile (a finite shuffled deck).", 5, 200),
    _f(
        "piles",
        "choice",
        "resources",
        "'deck': piles are finite shuffled decks; 'iid': every draw samples a quality from the odds.",
        variant=True,
        choices=("deck", "iid"),
    ),
    _f("free_rerolls", "int", "resources", "Rerolls every player gets in each Collect turn.", 0, 5, book=True),
    # --- market
    _f(
        "zone_multipliers",
        "int_tuple",
        "market",
        "Sale multiplier in the Low, Mid and Hot zones.",
        0,
        20,
        length=3,
        book=True,
        parts=("Low", "Mid", "Hot"),
    ),
    _f("mid_zone_from", "int", "market", "Cards on the shared table from which the zone is Mid.", 1, 30),
    _f("hot_zone_from", "int", "market", "Cards on the shared table from which the zone is Hot.", 1, 30, book=True),
    _f(
        "crash_size",
        "int",
        "market",
        "The new card that would be this many cards on the table crashes the market.",
        2,
        31,
        book=True,
    ),
    _f(
        "slots_per_player",
        "int",
        "market",
        "Slots on each shared demand card, per player at the table.",
        1,
        6,
        book=True,
    ),
    _f("private_card_slots", "int", "market", "Slots on a Private Demand Card.", 1, 12),
    _f(
        "opening_round_adds_card",
        "bool",
        "market",
        "Whether round 1 adds a demand card beside the 'any bourbon' opener.",
        variant=True,
        choices=(False, True),
    ),
    _f(
        "demand_draw",
        "choice",
        "market",
        "'first_player_picks': the first player reveals Marketing-many cards and adds one; 'top_card': the top card.",
        variant=True,
        choices=("first_player_picks", "top_card"),
    ),
    # --- departments
    _f(
        "rickhouse_levels",
        "levels",
        "departments",
        "Barrel slots at Base, +1, +2.",
        1,
        20,
        length=3,
        book=True,
        parts=_levels(3),
    ),
    _f(
        "supply_levels",
        "levels",
        "departments",
        "Dice on your table at Base, +1, +2.",
        1,
        20,
        length=3,
        book=True,
        parts=_levels(3),
    ),
    _f(
        "warehouse_levels",
        "levels",
        "departments",
        "Loose resource cards held at Base, +1, +2.",
        1,
        30,
        length=3,
        book=True,
        parts=_levels(3),
    ),
    _f(
        "mash_floor_levels",
        "levels",
        "departments",
        "Mash bills revealed per draw at Base, +1, +2.",
        1,
        10,
        length=3,
        book=True,
        parts=_levels(3),
    ),
    _f(
        "marketing_levels",
        "levels",
        "departments",
        "Demand cards drawn in the Demand phase at Base, +1.",
        1,
        10,
        length=2,
        book=True,
        parts=_levels(2),
    ),
    # --- ultimates
    _f("mega_expansion_slots", "int", "ultimates", "Mega Expansion: extra barrel slots.", 0, 10, book=True),
    _f(
        "climate_controlled_extra_age",
        "int",
        "ultimates",
        "Climate Controlled: extra years the chosen barrel ages.",
        0,
        5,
        book=True,
    ),
    _f(
        "char_and_toast_start_age",
        "int",
        "ultimates",
        "Char & Toast: the age a newly built barrel starts at.",
        0,
        5,
        book=True,
    ),
    _f(
        "double_maturation_age",
        "int",
        "ultimates",
        "Double Maturation: the age whose first reaching grants extra sales.",
        1,
        30,
        book=True,
    ),
    _f("double_maturation_extra_sales", "int", "ultimates", "Double Maturation: extra sales granted.", 0, 5, book=True),
    _f(
        "warehouse_tasting_min_barrels",
        "int",
        "ultimates",
        "Warehouse Tasting: built barrels needed at an ageing step.",
        1,
        10,
        book=True,
    ),
    _f("warehouse_tasting_capital", "int", "ultimates", "Warehouse Tasting: Capital gained.", 0, 10, book=True),
    _f("second_reroll_rerolls", "int", "ultimates", "Second Reroll: extra rerolls each Collect turn.", 0, 5, book=True),
    _f("overflow_roll_dice", "int", "ultimates", "Overflow Roll: extra dice on your table.", 0, 10, book=True),
    _f(
        "prospector_draws",
        "int",
        "ultimates",
        "Prospector: cards drawn (keep the best) from the named pile.",
        1,
        5,
        book=True,
    ),
    _f(
        "triple_threat_dice",
        "int",
        "ultimates",
        "Triple Threat: dice returned to take one die of any face.",
        1,
        5,
        book=True,
    ),
    _f("grand_warehouse_cap", "int", "ultimates", "Grand Warehouse: extra Warehouse cap.", 0, 10, book=True),
    _f("quality_sort_draws", "int", "ultimates", "Quality Sort: free draws each round.", 0, 5, book=True),
    _f("master_recipe_bills", "int", "ultimates", "Master Recipe: extra mash bills shown each draw.", 0, 5, book=True),
    _f(
        "house_blend_slots",
        "int",
        "ultimates",
        "House Blend: slots per recipe that accept any resource.",
        0,
        3,
        book=True,
    ),
    _f("open_bill_draws", "int", "ultimates", "Open Bill: extra mash-bill draws each round.", 0, 3, book=True),
    # --- end
    _f(
        "orders_to_end",
        "int",
        "end",
        "Completed orders that end the game (after the round finishes).",
        1,
        40,
        book=True,
    ),
    _f("round_limit", "int", "end", "Safety net: the game stops after this many rounds.", 1, 500, book=True),
    # --- content conventions (ours: the book names the tags, not what earns them)
    _f(
        "high_corn_corn",
        "int",
        "content",
        "Corn cards the recipe of a mash bill tagged High-Corn must have at least.",
        1,
        10,
    ),
)

CONTENT_FIELDS = ("mash_bills", "demand_cards", "distilleries")

SPECS = {f.name: f for f in FIELDS}
GROUPS = tuple(dict.fromkeys(f.group for f in FIELDS))

TABS = ("economy", "market", "departments", "resources", "ultimates", "end", "table", "content")
"""The groups as the editors' tabs: what designers tune most first, the table and the content counts last."""
