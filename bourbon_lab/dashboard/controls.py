"""Rule controls generated from ``Ruleset.schema()``: the same fields, names, ranges and help as the notebook editor.

Every number is a number box checked against its range (narrowed by the content, as in the notebook):
a number typed outside it is set to the nearest end, with a note under the box naming the field, the
number and the range (a bounded box would change it in the browser without a word). A list field is a
row of boxes named like the notebook's, by the spec's own parts (Low/Mid/Hot, Base/+1/…, the qualities),
a table a small grid named by its rows; yes/no fields a checkbox; variants and choices a menu, ``None``
shown by the field's ``none_label`` ("unlimited"); a number that may be none a box and that checkbox.
Any game's schema works: a word is a text box, and a kind no control knows (a game's own table shape)
is JSON text that the ruleset validates. A refused value shows the ruleset's own reason in the page and
changes nothing.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import panel as pn
import param

from ..core import FieldSpec
from ..widgets.labels import (
    choice_label,
    choice_value,
    field_specs,
    groups_of,
    kept_in_range,
    key_names,
    label_of,
    menu_value,
    new_entry,
    none_label,
    part_names,
    range_text,
    row_names,
    source_of,
    tab_order,
)

BOX_WIDTH = 74
"""Width of one number box of a list field: five fit the rules column."""

_NOTE_STYLE = {"color": "#8a5300", "font-size": "0.9em"}

_KNOWN = frozenset(
    {"int", "float", "bool", "text", "optional_int", "choice", "int_tuple", "levels", "sales", "odds"}
    | {"age_values", "pile_odds"}
)
"""Kinds with their own boxes here; any other kind (a game's own table shape) is JSON text."""


def label(spec: FieldSpec) -> str:
    """A field's name as a designer reads it (the notebook editor's own label)."""
    return label_of(spec)


def help_of(spec: FieldSpec) -> str:
    """A field's help: its description, its range, then whether the number is the book's or ours."""
    source = "printed in the rulebook" if source_of(spec) == "book" else "ours (the rulebook is silent)"
    menu = spec.variant or spec.choices
    span = "" if menu or spec.kind in _UNRANGED else range_text(spec).replace("its ", "")
    said = "; ".join(x for x in (span, source) if x)
    return f"{spec.description} ({said})" if spec.description else said[0].upper() + said[1:]


_UNRANGED = frozenset({"bool", "text", "choice"})
"""Kinds whose ``lo``/``hi`` mean no range a designer types against."""


def _number(name: str, value: int, help_text: str | None = None, width: int | None = BOX_WIDTH):
    """A number box; the help goes on a single field's box, or once on a list field's title.

    Not bounded: Panel's ``start``/``end`` clamp a typed number in the browser, silently. The control
    checks the range and says what it did (``RuleInput``).
    """
    sizing = {"width": width} if width else {"sizing_mode": "stretch_width"}
    return pn.widgets.IntInput(label=name, value=value, description=help_text, **sizing)


def _rows(boxes: list, per_row: int = 4) -> pn.Column:
    """Number boxes in rows that fit the rules column, names whole ("Legendary", not "Legen…").

    Plain rows, not a ``FlexBox``: Panel draws a FlexBox as a ReactiveHTML model, several times slower
    to show in a notebook when there are dozens of them.
    """
    if len(boxes) == 5:
        per_row = 3  # the qualities: 3 + 2
    return pn.Column(*[pn.Row(*boxes[i : i + per_row], margin=0) for i in range(0, len(boxes), per_row)], margin=0)


class RuleInput(pn.viewable.Viewer):
    """One field's control: ``value`` holds the field's Python value, whatever boxes show it.

    Parameters
    ----------
    spec : FieldSpec
        The field, with its range already narrowed to what the content allows.
    value : Any
        The value to show first.
    """

    value = param.Parameter()

    def __init__(self, spec: FieldSpec, value: Any, on_error: Callable[[str], Any] | None = None, **params):
        super().__init__(value=value, **params)
        self.spec = spec
        self._quiet = False
        self._on_error = on_error
        self._json = spec.kind not in _KNOWN and not spec.variant and not spec.choices
        self._menu = spec.variant or bool(spec.choices)
        self._maybe_none = spec.kind == "optional_int" and not self._menu  # a checkbox and a box
        self._single = self._json or self._menu or spec.kind in _SINGLE
        self.parts: list[pn.widgets.Widget] = []
        self.ranged: dict[int, str] = {}  # id of a number box -> the part it stands for ("" for a single box)
        self._notes: dict[int, str] = {}
        self._clamping = False
        self.note = pn.pane.HTML("", visible=False, css_classes=["bl-note"], margin=(0, 10), styles=_NOTE_STYLE)
        self._layout = pn.Column(self._build(value), self.note, margin=0, sizing_mode="stretch_width")
        for part in self.parts:
            part.param.watch(self._read, "value")
        self.param.watch(self._write, "value")

    @property
    def notes(self) -> list[str]:
        """Why a number typed here was not kept as typed (each names the field, the number and the range)."""
        return list(self._notes.values())

    def _box(self, name: str, value: int, help_text: str | None = None, width: int | None = BOX_WIDTH, part=None):
        """A number box whose typed value is checked against the field's range (``part`` names it in a note)."""
        box = _number(name, value, help_text, width)
        self.ranged[id(box)] = name if part is None else part
        return box

    # --- building, by kind
    def _build(self, value: Any) -> pn.viewable.Viewable:
        spec, name, helptext = self.spec, label(self.spec), help_of(self.spec)
        if self._menu:  # None held as ``NONE_CHOICE``: Panel sends a Select whose value is None as blank
            choices = (*spec.choices, *(() if value in spec.choices else (value,)))
            options = {choice_label(spec, c): menu_value(c) for c in choices}
            self.parts = [pn.widgets.Select(label=name, options=options, value=menu_value(value), description=helptext)]
            return self.parts[0]
        if self._maybe_none:
            none = pn.widgets.Checkbox(label=none_label(spec), value=value is None, margin=(5, 10, 0, 10))
            start = value if value is not None else int(spec.lo) if spec.lo is not None else 0
            box = self._box(name, start, helptext, width=None, part="")
            box.disabled = value is None
            self.parts = [none, box]
            return pn.Column(none, box, margin=0, sizing_mode="stretch_width")
        if spec.kind == "int":
            self.parts = [self._box(name, value, helptext, width=None, part="")]
            return self.parts[0]
        if spec.kind == "float":  # unbounded for the same reason as ``_number``; the range is checked here
            self.parts = [pn.widgets.FloatInput(label=name, value=value, description=helptext)]
            self.ranged[id(self.parts[0])] = ""
            return self.parts[0]
        if spec.kind == "text":
            self.parts = [pn.widgets.TextInput(label=name, value=value, description=helptext)]
            return self.parts[0]
        if spec.kind == "bool":
            self.parts = [pn.widgets.Checkbox(label=name, value=value)]
            return pn.Row(self.parts[0], pn.widgets.TooltipIcon(value=helptext))
        if self._json:
            text = json.dumps(_plain(spec, value))
            self.parts = [pn.widgets.TextAreaInput(label=f"{name} (JSON)", value=text, description=helptext)]
            return self.parts[0]
        return pn.Column(self._title(), self._grid(value), sizing_mode="stretch_width")

    def _title(self) -> pn.Row:
        head = pn.pane.Markdown(f"**{label(self.spec)}**", margin=(0, 5))
        return pn.Row(head, pn.widgets.TooltipIcon(value=help_of(self.spec)), margin=0)

    def _grid(self, value: Any) -> pn.viewable.Viewable:
        spec = self.spec
        if spec.kind == "age_values":
            rows = []
            self._width = max((len(triple) for triple in value), default=0)
            columns = part_names(spec, self._width)
            for quality, triple in zip(row_names(spec, len(value)), value):
                boxes = [self._box(n, v, part=f"{quality}, {n}") for n, v in zip(columns, triple)]
                self.parts += boxes
                name = pn.pane.Markdown(quality, width=80, margin=(22, 5, 0, 5))
                rows.append(pn.Row(name, *boxes, margin=0))
            return pn.Column(*rows, margin=0)
        names = part_names(spec, len(value))
        if spec.kind == "odds":  # shares in %, whatever range the schema gives the field
            self.spec = replace(spec, lo=0, hi=100)
        self.parts = [self._box(n, v) for n, v in zip(names, value)]
        return _rows(self.parts)

    # --- boxes <-> value
    def _compose(self) -> Any:
        if self._json:
            return json.loads(self.parts[0].value)
        values = [p.value for p in self.parts]
        kind = self.spec.kind
        if self._menu:
            return choice_value(values[0])
        if self._maybe_none:
            return None if values[0] else values[1]
        if kind == "age_values":
            return tuple(tuple(values[i : i + self._width]) for i in range(0, len(values), self._width))
        return values[0] if self._single else tuple(values)

    def _spread(self, value: Any) -> list[Any]:
        if self._json:
            return [json.dumps(_plain(self.spec, value))]
        kind = self.spec.kind
        if self._menu:
            return [menu_value(value)]
        if self._maybe_none:
            return [True] if value is None else [False, value]
        if kind == "age_values":
            return [x for triple in value for x in triple]
        return [value] if self._single else list(value)

    def _kept_in_range(self, event) -> bool:
        """Set a box typed out of range to the range's nearest end, with a note; True when it was set."""
        if event is None or self._clamping or id(event.obj) not in self.ranged:
            return False
        if not isinstance(event.new, int | float):
            return False
        kept = kept_in_range(self.spec, event.new, self.ranged[id(event.obj)])
        if kept is None:
            if self._notes.pop(id(event.obj), None) is not None:
                self._show_notes()
            return False
        value, self._notes[id(event.obj)] = kept
        self._show_notes()
        self._clamping = True
        try:
            event.obj.value = value  # watched again, now in range: that change is read
        finally:
            self._clamping = False
        return True

    def _show_notes(self) -> None:
        text = "<br>".join(f"ⓘ {html.escape(n)}" for n in self._notes.values())
        self.note.param.update(object=text, visible=bool(text))

    def _read(self, event=None) -> None:
        if self._kept_in_range(event):
            return
        if self._maybe_none:  # the box is greyed while the field is none ("unlimited")
            self.parts[1].disabled = self.parts[0].value
        if self._quiet:
            return
        try:
            self.value = self._compose()
        except ValueError as exc:  # a JSON box holding something that is not JSON: say so, change nothing
            if self._on_error is not None:
                self._on_error(f"{label(self.spec)}: not JSON ({getattr(exc, 'msg', exc)})")

    def _write(self, event) -> None:
        self._quiet = True
        try:
            for part, v in zip(self.parts, self._spread(event.new)):
                if part.value != v:
                    part.value = v
        finally:
            self._quiet = False

    def __panel__(self):
        return self._layout


class PileOddsInput(RuleInput):
    """Odds per key as in the notebook: pick a pile (the spec's ``keys``), tick "own odds", type its shares."""

    def _grid(self, value: Any) -> pn.viewable.Viewable:
        self.odds = {pile: list(o) for pile, o in value}
        self.piles = key_names(self.spec)
        self.start = new_entry(self.spec)
        self.spec = replace(self.spec, lo=0, hi=100)  # each share in %
        first = self.piles[0]
        self.pile = pn.widgets.Select(label="Pile", options=list(self.piles), value=first, width=160)
        self.own = pn.widgets.Checkbox(label="own odds for this pile", value=first in self.odds)
        shares = self.odds.get(first, self.start)
        self.boxes = [self._box(q, v) for q, v in zip(part_names(self.spec, len(shares)), shares)]
        self.parts = [self.pile, self.own, *self.boxes]
        self._show_pile()
        return pn.Column(self.pile, self.own, _rows(self.boxes), margin=0)

    def _show_pile(self) -> None:
        odds = self.odds.get(self.pile.value)
        self.own.value = odds is not None
        for box, v in zip(self.boxes, odds or self.start):
            box.param.update(value=v, disabled=odds is None)

    def _read(self, event=None) -> None:
        if self._kept_in_range(event) or self._quiet:
            return
        self._quiet = True
        try:
            pile = self.pile.value
            if event is not None and event.obj is self.pile:
                self._show_pile()
                return
            if self.own.value:
                self.odds[pile] = [b.value for b in self.boxes]
            else:
                self.odds.pop(pile, None)
            for box in self.boxes:
                box.disabled = not self.own.value
        finally:
            self._quiet = False
        self.value = self._compose()

    def _compose(self) -> Any:
        return tuple((p, tuple(self.odds[p])) for p in self.piles if p in self.odds)

    def _write(self, event) -> None:
        self.odds = {pile: list(o) for pile, o in event.new}
        self._quiet = True
        try:
            self._show_pile()
        finally:
            self._quiet = False


_SINGLE = ("int", "float", "text", "bool", "optional_int")


def _plain(spec: FieldSpec, value: Any) -> Any:
    """A value as JSON-safe data (its YAML form when the kind is registered)."""
    try:
        return spec.to_yaml(value)
    except TypeError:  # a kind only the editor knows (a bare-names schema)
        return list(value) if isinstance(value, tuple) else value


def rule_widget(spec: FieldSpec, value: Any, rules: Any = None, on_error: Callable[[str], Any] | None = None):
    """The control for one field, bounded by its range narrowed to what ``rules``' content allows."""
    if rules is not None and hasattr(rules, "allowed_range"):
        lo, hi = rules.allowed_range(spec.name)
        if (lo, hi) != (spec.lo, spec.hi):
            spec = replace(spec, lo=lo, hi=hi)
    return (PileOddsInput if spec.kind == "pile_odds" else RuleInput)(spec, value, on_error)


def rule_controls(rules: Any, on_change: Callable[[str, Any], Any], on_error: Callable[[str], Any]) -> pn.Accordion:
    """Every schema field as a control, grouped like the ruleset file; variants open first.

    Parameters
    ----------
    rules : ruleset
        Values to start from, of any game (and the content that narrows the ranges).
    on_change : callable
        ``on_change(field, value)`` when a control changes.
    on_error : callable
        ``on_error(text)`` for a problem found before the ruleset sees the value (text in a JSON box
        that is not JSON; the other boxes are bounded and typed).

    Returns
    -------
    panel.Accordion
        With ``rule_widgets``: field name -> its ``RuleInput``.
    """
    sections: dict[str, list] = {"variants": []}
    widgets = {}
    specs = field_specs(rules)
    for spec in specs:
        w = rule_widget(spec, getattr(rules, spec.name), rules, on_error)
        widgets[spec.name] = w
        sections.setdefault("variants" if spec.variant else spec.group, []).append(w)
        w.param.watch(lambda event, name=spec.name: on_change(name, event.new), "value")
    order = ["variants", *[g for g in groups_of(specs, tab_order(rules)) if g in sections]]
    # A group's boxes reach the page when it is first opened: Panel shows a notebook output's models
    # in time that grows with the square of their number, and three full sets made the app take minutes.
    shown = {"variants"}  # open at first
    acc = pn.Accordion(
        *[
            (
                g.replace("_", " ").capitalize(),
                pn.Column(*(sections[g] if g in shown else []), sizing_mode="stretch_width"),
            )
            for g in order
        ],
        active=[0],
        sizing_mode="stretch_width",
    )

    def fill(event) -> None:
        for i in event.new:
            if not acc.objects[i].objects:
                acc.objects[i].objects = sections[order[i]]

    acc.param.watch(fill, "active")
    acc.rule_widgets = widgets
    return acc


def refresh(acc: pn.Accordion, rules: Any) -> None:
    """Show ``rules``' values in the controls (after a scenario was loaded or uploaded)."""
    for spec in field_specs(rules):
        w = acc.rule_widgets[spec.name]
        value = getattr(rules, spec.name)
        if w.value != value:
            w.value = value


def run_inputs(store) -> pn.Param:
    """Players, games, bots and seed of a study as number boxes (never a slider over 0–2³¹)."""
    from .setup import MAX_GAMES

    top = store.param.seed.bounds[1]
    lo, hi = store.param.players.bounds
    return pn.Param(
        store.param,
        parameters=["players", "games", "bots", "seed"],
        widgets={
            "players": {"type": pn.widgets.IntInput, "start": lo, "end": hi},
            "games": {"type": pn.widgets.IntInput, "start": 1, "end": MAX_GAMES},
            "seed": {"type": pn.widgets.IntInput, "start": 0, "end": top},
        },
        show_name=False,
    )
