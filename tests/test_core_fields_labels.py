"""Issue 52 (item 4): list-entry labels and tabs are the core's, and ``TextIndex`` is where every game may use it.

A list field's entry names (``parts``, ``rows``, ``keys``, ``start``) are on the core ``FieldSpec``, so any
game may label its boxes (Bourbonomics' own ``NamedSpec`` is gone); a ruleset's tab order is
``FieldRuleset.TABS`` (default ``()``), read by one core function, ``tabs_of``. The editor and the dashboard
(``widgets/labels.py``) read both through the core and show the same words in the same tabs as before.
``TextIndex`` moved from ``rl/actions.py`` into the core and is importable from both places.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import FrozenInstanceError

import pytest

import bourbon_lab as bl
from bourbon_lab.core import FieldRuleset, FieldSpec, RulesetError, TextIndex, tabs_of
from bourbon_lab.core.errors import ActionIndexError
from bourbon_lab.core.fields import LABELS, entry_names
from bourbon_lab.core.ruleset import groups_in_tab_order
from bourbon_lab.widgets import labels
from bourbon_lab.widgets.labels import field_specs, groups_of, key_names, new_entry, part_names, row_names, tab_order

# --- the labels on the core FieldSpec


def test_every_field_spec_may_name_its_entries():
    plain = FieldSpec("fees", "int_tuple", "economy", "Fees by size.", 0, 9, length=2)
    assert (plain.parts, plain.rows, plain.keys, plain.start) == ((), (), (), ())
    named = FieldSpec(
        "fees", "int_tuple", "economy", "", 0, 9, parts=["small", "large"], rows=("a",), keys=("x",), start=[60, 40]
    )
    assert (named.parts, named.rows, named.keys, named.start) == (("small", "large"), ("a",), ("x",), (60, 40))
    assert hash(named) != hash(plain)  # a list given is kept as a tuple: the spec stays hashable and frozen
    with pytest.raises(FrozenInstanceError):
        named.parts = ("x",)  # type: ignore[misc]
    assert LABELS == ("parts", "rows", "keys", "start")


def test_entry_names_fall_back_to_numbers():
    assert entry_names(("Low", "Mid", "Hot"), 3) == ("Low", "Mid", "Hot")
    assert entry_names(("Low", "Mid", "Hot"), 2) == ("Low", "Mid")
    assert entry_names(("Low", "Mid"), 3) == ("1", "2", "3")
    assert entry_names((), 2) == ("1", "2")


QUALITIES = ("Common", "Uncommon", "Rare", "Epic", "Legendary")

BOURBONOMICS_NAMED = {
    "age_values": (("younger", "prime", "older"), QUALITIES, (), ()),
    "sales_per_quality": (QUALITIES, (), (), ()),
    "quality_odds": (QUALITIES, (), (), ()),
    "pile_quality_odds": (QUALITIES, (), ("cask", "corn", "rye", "wheat", "barley"), (50, 25, 15, 8, 2)),
    "zone_multipliers": (("Low", "Mid", "Hot"), (), (), ()),
    "rickhouse_levels": (("Base", "+1", "+2"), (), (), ()),
    "supply_levels": (("Base", "+1", "+2"), (), (), ()),
    "warehouse_levels": (("Base", "+1", "+2"), (), (), ()),
    "mash_floor_levels": (("Base", "+1", "+2"), (), (), ()),
    "marketing_levels": (("Base", "+1"), (), (), ()),
}
"""Bourbonomics' named list fields and their (parts, rows, keys, start), as its NamedSpecs gave them."""


def test_bourbonomics_labels_its_lists_with_the_core_field_spec():
    from bourbon_lab.games.bourbonomics import schema

    assert not hasattr(schema, "NamedSpec")
    specs = bl.get_game("bourbonomics").ruleset.schema()
    assert {type(s) for s in specs} == {FieldSpec}
    named = {s.name: (s.parts, s.rows, s.keys, s.start) for s in specs if any(getattr(s, k) for k in LABELS)}
    assert named == BOURBONOMICS_NAMED


def test_the_editors_show_bourbonomics_lists_by_the_same_words():
    specs = {s.name: s for s in field_specs(bl.default_rules("bourbonomics"))}
    assert part_names(specs["zone_multipliers"], 3) == ("Low", "Mid", "Hot")
    assert part_names(specs["zone_multipliers"], 4) == ("1", "2", "3", "4")
    assert part_names(specs["age_values"], 3) == ("younger", "prime", "older")
    assert row_names(specs["age_values"], 5) == QUALITIES
    assert key_names(specs["pile_quality_odds"]) == ("cask", "corn", "rye", "wheat", "barley")
    assert new_entry(specs["pile_quality_odds"]) == (50, 25, 15, 8, 2)
    assert new_entry(specs["quality_odds"]) == (20, 20, 20, 20, 20)
    assert part_names(specs["start_capital"], 2) == ("1", "2")
    assert new_entry(specs["start_capital"]) == (100,)


# --- TABS on the core ruleset base, read by one function

TABS = {
    "bourbonomics": ("economy", "market", "departments", "resources", "ultimates", "end", "table", "content"),
    "distilled": ("market",),
    "gin_crafters": ("market", "end"),
    "microbrew": ("end", "content"),
}

GROUPS = {
    "bourbonomics": ["economy", "market", "departments", "resources", "ultimates", "end", "table", "content"],
    "distilled": ["market", "round", "setup", "distill", "sell", "endgame", "age", "round_end"],
    "gin_crafters": ["market", "end", "turn", "setup", "actions", "borrowing", "bonus", "scoring", "variants"],
    "microbrew": [
        *("end", "content", "tin", "copper", "brewers", "manage", "money"),
        *("rating", "brewery", "setup", "rest", "turns", "safety", "variants"),
    ],
}
"""Each game's editor tabs in order, as the editors showed them before the move."""


def test_tabs_are_declared_on_the_core_ruleset_base():
    assert "TABS" in vars(FieldRuleset) and FieldRuleset.TABS == ()
    assert tabs_of(FieldRuleset) == ()
    assert tabs_of(object()) == ()  # a ruleset class that declares none: the schema's order


@pytest.mark.parametrize("game", sorted(TABS))
def test_every_games_tabs_read_one_way_in_the_same_order(game):
    rules = bl.default_rules(game)
    assert tabs_of(rules) == tabs_of(type(rules)) == tab_order(rules) == TABS[game]
    assert groups_of(field_specs(rules), tab_order(rules)) == GROUPS[game]


def test_groups_follow_the_tabs_then_the_schema():
    assert groups_in_tab_order(["table", "economy", "end", "economy"], ("end", "market")) == ["end", "table", "economy"]
    assert groups_in_tab_order(["a", "b"]) == ["a", "b"]


class Cellar(FieldRuleset):
    """A game's ruleset written against the core alone: its own tabs, a labelled list."""

    game = "cellar_test"
    FIELDS = (
        FieldSpec("casks", "int", "setup", "Casks each distiller starts with.", 0, 9),
        FieldSpec(
            "racks", "int_tuple", "aging", "Barrels per rack by floor.", 0, 9, length=3, parts=("ground", "mid", "top")
        ),
    )
    DEFAULTS = {"casks": 2, "racks": [1, 2, 3]}
    TABS = ("aging",)


def test_any_game_labels_its_lists_and_orders_its_tabs_through_the_core():
    rules = Cellar.default()
    specs = field_specs(rules)
    assert groups_of(specs, tab_order(rules)) == ["aging", "setup"]
    racks = next(s for s in specs if s.name == "racks")
    assert part_names(racks, 3) == ("ground", "mid", "top")
    with pytest.raises(RulesetError):
        rules.replace(racks=[1, 2])


def test_the_editors_read_no_tabs_or_labels_by_attribute_of_their_own():
    """``widgets/labels.py`` (the notebook's and the dashboard's one reader) asks the core, not ``getattr``."""
    source = inspect.getsource(labels)
    names = {
        n.args[1].value
        for n in ast.walk(ast.parse(source))
        if isinstance(n, ast.Call)
        and getattr(n.func, "id", "") == "getattr"
        and len(n.args) > 1
        and isinstance(n.args[1], ast.Constant)
    }
    assert not names & {"TABS", *LABELS}


# --- TextIndex in the core


def test_text_index_lives_in_the_core_and_keeps_its_old_spelling():
    from bourbon_lab.core.textindex import TextIndex as in_core
    from bourbon_lab.rl.actions import TextIndex as in_rl

    assert in_core is in_rl is TextIndex
    assert TextIndex.__module__ == "bourbon_lab.core.textindex"
    index = TextIndex("rickhouse_nim", ["roll 1", "roll 2", "roll 3"])
    assert index.size == 3 and index.numbers(None, ["roll 3", "roll 1"]) == [2, 0] and index.describe(1) == "roll 2"
    with pytest.raises(ActionIndexError, match="'roll 4' is not in the game's action index"):
        index.numbers(None, ["roll 4"])
    with pytest.raises(ValueError, match="twice"):
        TextIndex("rickhouse_nim", ["roll 1", "roll 1"])


def test_the_rl_numbering_takes_a_core_text_index():
    from bourbon_lab.rl.actions import numbered

    index = TextIndex("rickhouse_nim", ["pass", "roll 1", "roll 2"])
    assert numbered(index, None, ["roll 2", "pass"]) == {2: "roll 2", 0: "pass"}
