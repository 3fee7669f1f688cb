"""Rule controls generated from ``Ruleset.schema()``: the same fields, ranges and help as the notebook RulesEditor.

Numbers get bounded inputs, yes/no fields a checkbox, choices a menu; lists and per-quality
tables are typed as short YAML (``[1, 2, 3]``, ``{Common: 40, ...}``) and parsed as data only.
A refused value shows the Ruleset's own reason in the page and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import yaml

from ..rules import Ruleset
from ..rules.schema import GROUPS, FieldSpec

TEXT_KINDS = ("int_tuple", "levels", "odds", "sales", "age_values", "pile_odds")


def label(spec: FieldSpec) -> str:
    """A field's name as a designer reads it: ``zone_multipliers`` -> ``Zone multipliers``."""
    text = spec.name.replace("_", " ")
    return text[:1].upper() + text[1:]


def _choice_label(value: Any) -> str:
    return (
        {None: "unlimited", True: "yes", False: "no"}.get(value, str(value))
        if not isinstance(value, int) or isinstance(value, bool)
        else str(value)
    )


def as_text(spec: FieldSpec, value: Any) -> str:
    """A list or table value as one line of YAML flow text."""
    return yaml.safe_dump(spec.to_yaml(value), default_flow_style=True, sort_keys=False, width=10_000).strip()


def parse_text(text: str) -> Any:
    """Typed YAML back to data (safe loader: data only, nothing executed)."""
    return yaml.safe_load(text)


def rule_widget(spec: FieldSpec, value: Any) -> pn.widgets.Widget:
    """The input for one field, bounded by its range and carrying its description as help."""
    common = {"label": label(spec), "description": spec.description, "sizing_mode": "stretch_width"}
    if spec.kind == "int":
        return pn.widgets.IntInput(value=value, start=int(spec.lo), end=int(spec.hi), **common)
    if spec.kind == "bool":
        return pn.widgets.Checkbox(value=value, label=label(spec))
    if spec.choices:
        return pn.widgets.Select(options={_choice_label(c): c for c in spec.choices}, value=value, **common)
    if spec.kind == "optional_int":
        return pn.widgets.TextInput(value="none" if value is None else str(value), **common)
    return pn.widgets.TextInput(value=as_text(spec, value), **common)


def widget_value(spec: FieldSpec, widget: pn.widgets.Widget) -> Any:
    """What the widget holds, as a value ``Ruleset.replace`` takes (text fields parsed as YAML data)."""
    if isinstance(widget, pn.widgets.TextInput):
        text = widget.value.strip()
        if spec.kind == "optional_int" and text.lower() in ("none", "unlimited", ""):
            return None
        return parse_text(text)
    return widget.value


def rule_controls(rules: Ruleset, on_change: Callable[[str, Any], Any], on_error: Callable[[str], Any]) -> pn.Accordion:
    """Every schema field as a control, grouped like the ruleset file; variants open first.

    Parameters
    ----------
    rules : Ruleset
        Values to start from.
    on_change : callable
        ``on_change(field, value)`` when a control changes.
    on_error : callable
        ``on_error(text)`` when typed text is not readable YAML.

    Returns
    -------
    panel.Accordion
    """
    sections: dict[str, list] = {"variants": []}
    widgets = {}
    for spec in Ruleset.schema():
        w = rule_widget(spec, getattr(rules, spec.name))
        widgets[spec.name] = w
        sections.setdefault("variants" if spec.variant else spec.group, []).append(w)
        w.param.watch(_forward(spec, w, on_change, on_error), "value")
    order = ["variants", *[g for g in GROUPS if g in sections]]
    acc = pn.Accordion(
        *[(g.capitalize(), pn.Column(*sections[g])) for g in order], active=[0], sizing_mode="stretch_width"
    )
    acc.rule_widgets = widgets
    return acc


def _forward(spec: FieldSpec, widget, on_change, on_error):
    def changed(event) -> None:
        try:
            value = widget_value(spec, widget)
        except yaml.YAMLError:
            on_error(f"{spec.name}: {widget.value!r} is not readable (write numbers like [1, 2, 3])")
            return
        on_change(spec.name, value)

    return changed


def refresh(acc: pn.Accordion, rules: Ruleset) -> None:
    """Show ``rules``' values in the controls (after a scenario was loaded or uploaded)."""
    for spec in Ruleset.schema():
        w = acc.rule_widgets[spec.name]
        value = getattr(rules, spec.name)
        if isinstance(w, pn.widgets.TextInput):
            value = ("none" if value is None else str(value)) if spec.kind == "optional_int" else as_text(spec, value)
        if w.value != value:
            w.value = value
