"""Issue 50 part 4: the rules editors (notebook and dashboard) show a ``None`` value by its label and say why a
typed number was not kept, naming the field and its range.

"Barrel sales per round" showed blank at its default (``None``, "unlimited"), and −5 typed into an age box
became 0 without a word: ipywidgets reads a menu whose value is None as nothing picked, and bounded boxes
clamp in the browser. Both editors are generated from the schema, so a toy ruleset checks the
``none_label`` is data, not a word in the editor.
"""

from __future__ import annotations

import ipywidgets as w
import panel as pn
import pytest
from fakecomm import FakeComm

import bourbon_lab as bl
from bourbon_lab.core import FieldRuleset, FieldSpec
from bourbon_lab.dashboard.controls import rule_controls
from bourbon_lab.widgets import RulesEditor

RULES = bl.Ruleset.default()
GIN = bl.default_rules("gin_crafters")


class ToyRules(FieldRuleset):
    game = "toy-editor"
    FIELDS = (
        FieldSpec("cap", "optional_int", "play", "Most cards a turn.", 1, 9, none_label="no cap"),
        FieldSpec("pace", "float", "play", "Seconds a move.", 0.5, 2.0),
    )
    DEFAULTS = {"cap": None, "pace": 1.0}


def dashboard(rules):
    calls = []
    acc = rule_controls(rules, lambda n, v: calls.append((n, v)), calls.append)
    return acc.rule_widgets, calls


# --- None shown by its label


def test_the_notebook_menu_shows_unlimited_at_the_default_and_sets_and_unsets_it():
    assert RULES.barrel_sales_per_round is None
    editor = RulesEditor()
    menu = editor.controls["barrel_sales_per_round"].input
    assert menu.label == "unlimited" and menu.index is not None  # not a blank menu
    assert [label for label, _ in menu.options] == ["1", "unlimited"]
    menu.index = 0
    assert editor.rules.barrel_sales_per_round == 1 and editor.changes() == {"barrel_sales_per_round": 1}
    menu.index = 1
    assert editor.rules.barrel_sales_per_round is None and editor.changes() == {}
    editor.set_value("barrel_sales_per_round", 1)
    editor.reset()
    assert menu.label == "unlimited" and editor.rules.barrel_sales_per_round is None


def test_the_dashboard_menu_shows_unlimited_at_the_default():
    widgets, calls = dashboard(RULES)
    control = widgets["barrel_sales_per_round"]
    menu = control.parts[0]
    assert control.value is None and menu.labels == ["1", "unlimited"]
    model = menu.get_root()  # what the browser is told: a value that is one of the options, shown as "unlimited"
    assert dict(model.options)[model.value] == "unlimited"
    menu.value = menu.options["1"]  # a person picks "1"
    assert calls[-1] == ("barrel_sales_per_round", 1) and control.value == 1
    menu.value = menu.options["unlimited"]
    assert calls[-1] == ("barrel_sales_per_round", None) and control.value is None
    control.value = 1  # a loaded scenario's value reaches the menu, and back
    assert menu.value == 1
    control.value = None
    assert menu.value is menu.options["unlimited"]


def test_a_number_that_may_be_none_has_a_checkbox_by_its_label_in_both_editors():
    """Gin Crafters' hand limit (none: no limit): the dashboard offered one choice, the current value."""
    editor = RulesEditor(GIN)
    control = editor.controls["hand_limit"]
    assert control.unlimited.description == "unlimited" and control.unlimited.value and control.input.disabled
    control.unlimited.value = False
    assert editor.rules.hand_limit == control.input.value and not control.input.disabled
    control.input.value = 4
    assert editor.rules.hand_limit == 4
    control.unlimited.value = True
    assert editor.rules.hand_limit is None and control.input.disabled

    widgets, calls = dashboard(GIN)
    none, box = widgets["hand_limit"].parts
    assert none.label == "unlimited" and none.value and box.disabled
    none.value = False
    box.value = 4
    assert calls[-1] == ("hand_limit", 4) and not box.disabled
    none.value = True
    assert calls[-1] == ("hand_limit", None) and box.disabled
    widgets["hand_limit"].value = 6  # a loaded scenario's value reaches the boxes
    assert (none.value, box.value, box.disabled) == (False, 6, False)


def test_the_label_for_none_is_the_schemas():
    rules = ToyRules.default()
    editor = RulesEditor(rules)
    assert editor.controls["cap"].unlimited.description == "no cap"
    widgets, _ = dashboard(rules)
    assert widgets["cap"].parts[0].label == "no cap"


# --- a typed number outside the range: set to the nearest end, and said


def test_a_number_typed_below_the_range_is_set_to_its_end_and_the_editor_says_so():
    editor = RulesEditor()
    control = editor.controls["min_sell_age"]  # 0-12: a slider and a box
    assert isinstance(control.input, w.IntText) and not isinstance(control.input, w.BoundedIntText)
    assert control.slider.readout is False  # a slider's readout clamps what is typed in the browser, silently
    control.input.value = -5  # a person types −5
    note = "Min sell age: \u22125 is below its range 0\u201312; set to 0"
    assert control.input.value == control.slider.value == editor.rules.min_sell_age == 0
    assert editor.notes == {"min_sell_age": [note]} and editor.problems == {}
    assert note in control.message.value and note in editor.status.value  # beside the box and at the top
    control.input.value = 3
    assert editor.rules.min_sell_age == 3 and editor.notes == {}
    assert control.message.value == "" and "below" not in editor.status.value
    control.slider.value = 5  # the slider moves the box
    assert control.input.value == editor.rules.min_sell_age == 5


def test_the_browser_is_told_the_number_kept_after_a_typed_one_out_of_range():
    """The whole round trip of a notebook box: −5 arrives from the browser, 0 goes back to it."""
    editor = RulesEditor()
    box = editor.controls["min_sell_age"].input
    box.comm = comm = FakeComm()
    comm.typed(-5)
    told = [m["state"]["value"] for m in comm.sent if m.get("method") == "update" and "value" in m.get("state", {})]
    assert told and told[-1] == 0 and box.value == editor.rules.min_sell_age == 0
    assert editor.notes["min_sell_age"] == ["Min sell age: \u22125 is below its range 0\u201312; set to 0"]


def test_a_part_of_a_list_or_a_table_is_named_in_the_note():
    editor = RulesEditor()
    hot = editor.controls["zone_multipliers"].boxes[2]
    hot.value = 999
    (note,) = editor.notes["zone_multipliers"]
    lo, hi = editor.controls["zone_multipliers"].spec.lo, editor.controls["zone_multipliers"].spec.hi
    assert note == f"Zone multipliers, Hot: 999 is above its range {lo:g}\u2013{hi:g}; set to {hi:g}"
    assert editor.rules.zone_multipliers[2] == hi
    ages = editor.controls["age_values"]
    ages.rows[4][1].value = -1  # Legendary, prime
    assert editor.notes["age_values"][0].startswith("Age values, Legendary, prime: \u22121 is below its range")


def test_a_value_set_from_code_out_of_range_is_set_to_its_end_with_the_note():
    editor = RulesEditor(game="microbrew")
    editor.set_value("advertise_per_loyal", 99)
    assert editor.rules.advertise_per_loyal == 8 and editor.problems == {}
    assert editor.notes == {"advertise_per_loyal": ["Advertise per loyal: 99 is above its range 0\u20138; set to 8"]}
    editor.reset()
    assert editor.notes == {}


def test_a_fraction_out_of_range_is_set_to_its_end_and_said_in_both_editors():
    editor = RulesEditor(ToyRules.default())
    editor.controls["pace"].input.value = 7.5
    assert editor.rules.pace == 2.0 and editor.notes == {"pace": ["Pace: 7.5 is above its range 0.5\u20132; set to 2"]}
    widgets, calls = dashboard(ToyRules.default())
    widgets["pace"].parts[0].value = 0.1
    assert calls[-1] == ("pace", 0.5) and widgets["pace"].notes == [
        "Pace: 0.1 is below its range 0.5\u20132; set to 0.5"
    ]


def test_the_dashboard_box_says_so_under_itself():
    widgets, calls = dashboard(RULES)
    age = widgets["min_sell_age"]
    box = age.parts[0]
    assert isinstance(box, pn.widgets.IntInput) and box.start is None and box.end is None  # no clamp in the browser
    assert "range 0\u201312" in box.description  # the help says the range before anything is typed
    box.value = -5
    assert box.value == age.value == 0 and calls[-1] == ("min_sell_age", 0)
    assert age.note.visible and "Min sell age: \u22125 is below its range 0\u201312; set to 0" in age.note.object
    box.value = 4
    assert not age.note.visible and calls[-1] == ("min_sell_age", 4)
    zones = widgets["zone_multipliers"]
    zones.parts[1].value = -2
    assert zones.value[1] == zones.spec.lo and zones.notes[0].startswith("Zone multipliers, Mid: \u22122 is below")


def test_a_share_typed_past_100_is_set_to_100_the_others_follow_and_it_is_said():
    editor = RulesEditor()
    odds = editor.controls["quality_odds"]
    odds.boxes[4].value = 150  # Legendary
    assert odds.value == editor.rules.quality_odds == (0, 0, 0, 0, 100) == tuple(s.value for s in odds.sliders)
    assert editor.notes == {"quality_odds": ["Quality odds, Legendary: 150 is above its range 0\u2013100; set to 100"]}
    odds.sliders[0].value = 40  # a slider moves its box, and the shares rebalance
    assert editor.rules.quality_odds == (40, 0, 0, 0, 60) and editor.notes == {}
    piles = editor.controls["pile_quality_odds"]
    piles.pile.value = "rye"
    piles.own.value = True
    piles.editor.boxes[0].value = -3
    assert editor.notes == {
        "pile_quality_odds": ["Pile quality odds, Common: \u22123 is below its range 0\u2013100; set to 0"]
    }
    assert dict(editor.rules.pile_quality_odds)["rye"][0] == 0


def _all(widget) -> list:
    return [widget, *(x for child in getattr(widget, "children", ()) for x in _all(child))]


@pytest.mark.parametrize("game", bl.games())
def test_every_number_box_of_every_game_takes_what_is_typed(game):
    """No bounded box anywhere: each would clamp a typed number in the browser without a word."""
    editor = RulesEditor(game=game)
    shown = [x for c in editor.controls.values() for x in _all(c.widget)]
    assert not [b for b in shown if isinstance(b, w.BoundedIntText | w.BoundedFloatText)]
    assert all(s.readout is False for s in shown if isinstance(s, w.IntSlider))  # a readout clamps what is typed
    widgets, _ = dashboard(bl.default_rules(game))
    inputs = [
        p for x in widgets.values() for p in x.parts if isinstance(p, pn.widgets.IntInput | pn.widgets.FloatInput)
    ]
    assert inputs and all(p.start is None and p.end is None for p in inputs)
