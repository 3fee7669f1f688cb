"""One ipywidgets control per ruleset field kind, built from its ``FieldSpec``, for any game.

The editor never lists fields by hand: each spec's kind picks a control, its
range bounds it and its description becomes the tooltip, so a field added to
the schema shows up in the editor with no change here. A kind no control knows
(a game's own table shape) gets a JSON text box; the ruleset validates what is typed.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import ipywidgets as w
import traitlets

from ..core import FieldSpec
from .labels import (
    choice_label,
    choice_value,
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
)

SLIDER_SPAN = 60
"""Ranges up to this wide get a slider beside the number box; wider ones only the box (a slider would be too coarse)."""

_LABEL = w.Layout(width="190px", min_width="150px")

_SOURCE_TIPS = {"book": "printed in the rulebook", "ours": "the project's own default (the rulebook is silent)"}


class NumberBox(w.IntText):
    """A whole-number box that takes whatever is typed, so its control can say why a number was not kept.

    ipywidgets' bounded boxes (and a slider's readout) clamp in the browser: a typed −5 became 0 with no
    word. ``min`` and ``max`` stay on the Python side, for the control's check.
    """

    min = traitlets.Int(None, allow_none=True)
    max = traitlets.Int(None, allow_none=True)


class FractionBox(w.FloatText):
    """A number box for a fraction, checked by its control like ``NumberBox``."""

    min = traitlets.Float(None, allow_none=True)
    max = traitlets.Float(None, allow_none=True)


class FieldControl:
    """A control for one field: its widget row, its current value, and a place for its message.

    A number typed outside the field's range is set to the range's nearest end, and a note beside the
    control (``notes``; the editor's status repeats it) names the field, the number and the range.
    """

    def __init__(self, spec: FieldSpec, value: Any):
        self.spec = spec
        self.message = w.HTML(layout=w.Layout(margin="0 0 0 8px"))
        self._callbacks: list[Callable[[], None]] = []
        self._quiet = False
        self._clamping = False
        self._ranged: dict[int, str] = {}  # id of a number box -> the part it stands for ("" for a single box)
        self._notes: dict[int, str] = {}
        self._problem_shown: str | None = None
        self.problem: str | None = None
        """Why the typed text is not a value at all (a JSON box); the editor shows it and applies nothing."""
        self.inputs = self.build(value)
        tip = html.escape(spec.description, quote=True)
        source = source_of(spec)
        mark = f" <small class='bl-source bl-{source}' title='{_SOURCE_TIPS[source]}'>{source}</small>"
        title = w.HTML(f"<span title='{tip}'><b>{html.escape(label_of(spec))}</b></span>{mark}", layout=_LABEL)
        # Wraps instead of running past a narrow notebook: the message or the boxes go to the next line.
        self.widget = w.HBox(
            [title, *self.inputs, self.message], layout=w.Layout(align_items="center", flex_flow="row wrap")
        )
        self.widget.add_class("bl-field")
        for child in self.watched():
            child.observe(self._changed, names="value")

    # --- overridden by each kind
    def build(self, value: Any) -> list[w.Widget]:
        raise NotImplementedError

    def watched(self) -> list[w.Widget]:
        return list(self.inputs)

    @property
    def value(self) -> Any:
        raise NotImplementedError

    def write(self, value: Any) -> None:
        raise NotImplementedError

    def follow(self) -> None:
        """A watched box moved (and is in range): bring any other view of it along (a slider)."""

    # --- number boxes
    def box(self, value: Any, part: str = "", width: str = "72px", fraction: bool = False) -> w.Widget:
        """A number box for this field (or one part of it) whose typed value is checked against the range."""
        spec = self.spec
        kind = FractionBox if fraction else NumberBox
        cast = float if fraction else int
        box = kind(
            value=value,
            description=part,
            tooltip=_tip(spec),
            layout=w.Layout(width=width),
            min=None if spec.lo is None else cast(spec.lo),
            max=None if spec.hi is None else cast(spec.hi),
        )
        self._ranged[id(box)] = part
        return box

    @property
    def notes(self) -> list[str]:
        """Why a number typed here was not kept as typed (each names the field, the number and the range)."""
        return list(self._notes.values())

    def _kept_in_range(self, change) -> bool:
        """Set a box typed out of range to the range's nearest end, with a note; True when it was set."""
        box = change["owner"]
        if self._clamping or id(box) not in self._ranged or not isinstance(change["new"], int | float):
            return False
        kept = kept_in_range(self.spec, change["new"], self._ranged[id(box)])
        if kept is None:
            self._notes.pop(id(box), None)
            return False
        value, self._notes[id(box)] = kept
        self._clamping = True
        try:
            box.value = value  # observed again, now in range: that change tells the editor
        finally:
            self._clamping = False
        return True

    # --- shared
    def set(self, value: Any) -> None:
        """Show ``value`` without telling the editor (it revalidates once after a bulk change)."""
        self._quiet = True
        try:
            self.write(value)
        finally:
            self._quiet = False

    def on_change(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _changed(self, change=None) -> None:
        if change is not None and self._kept_in_range(change):
            return
        self.follow()
        if not self._quiet:
            for cb in self._callbacks:
                cb()
            if self.notes and not self._callbacks:  # no editor to show the note: show it here
                self.show(self._problem_shown)

    def show(self, message: str | None) -> None:
        """Put a validation message next to the control (None clears it), and any note on a typed number."""
        self._problem_shown = message
        parts = [f"<span class='bl-invalid' style='color:#b3261e'>⚠ {html.escape(message)}</span>"] if message else []
        parts += [f"<span class='bl-note' style='color:#8a5300'>ⓘ {html.escape(note)}</span>" for note in self.notes]
        self.message.value = "<br>".join(parts)


def _tip(spec: FieldSpec) -> str:
    """A box's tooltip: the field's description and its range."""
    span = range_text(spec)
    return f"{spec.description} ({span.replace('its ', '')})" if span else spec.description


class IntControl(FieldControl):
    """A whole number: a number box, with a slider beside it for narrow ranges."""

    def build(self, value):
        spec = self.spec
        self.slider = None
        if spec.lo is not None and spec.hi is not None and spec.hi - spec.lo <= SLIDER_SPAN:
            self.input = self.box(value)
            # No readout: it would clamp a typed number in the browser, silently; the box beside it is the readout.
            self.slider = w.IntSlider(
                value=min(max(value, int(spec.lo)), int(spec.hi)),
                min=int(spec.lo),
                max=int(spec.hi),
                readout=False,
                tooltip=_tip(spec),
                layout=w.Layout(width="220px", max_width="100%"),
            )
            self.slider.observe(self._slid, names="value")
            return [self.slider, self.input]
        self.input = self.box(value, width="110px")
        return [self.input]

    def watched(self):
        return [self.input]

    def _slid(self, change) -> None:
        self.input.value = change["new"]

    def follow(self) -> None:
        if self.slider is not None and self.slider.value != self.input.value:
            self.slider.value = self.input.value

    @property
    def value(self):
        return self.input.value

    def write(self, value):
        self.input.value = value


class FloatControl(FieldControl):
    """A number with a fraction: a number box checked against the range."""

    def build(self, value):
        self.input = self.box(value, width="110px", fraction=True)
        return [self.input]

    @property
    def value(self):
        return self.input.value

    def write(self, value):
        self.input.value = value


class TextControl(FieldControl):
    """A word or a line of text."""

    def build(self, value):
        self.input = w.Text(value=str(value), tooltip=self.spec.description, continuous_update=False)
        return [self.input]

    @property
    def value(self):
        return self.input.value

    def write(self, value):
        self.input.value = str(value)


class OptionalIntControl(FieldControl):
    """A whole number or none (None): a box, and a checkbox named by the field's ``none_label`` ("unlimited")."""

    def build(self, value):
        self.unlimited = w.Checkbox(
            value=value is None, description=none_label(self.spec), indent=False, tooltip=self.spec.description
        )
        self.unlimited.layout = w.Layout(width="auto")
        self.input = self.box(self.spec.lo if value is None and self.spec.lo is not None else value or 0)
        self.input.disabled = value is None
        return [self.unlimited, self.input]

    @property
    def value(self):
        return None if self.unlimited.value else self.input.value

    def write(self, value):
        self.unlimited.value = value is None
        self.input.disabled = value is None
        if value is not None:
            self.input.value = value

    def follow(self):
        self.input.disabled = self.unlimited.value


class JsonControl(FieldControl):
    """Any other kind (a game's own table shape): its YAML value as JSON text, validated by the ruleset."""

    def build(self, value):
        self._last = value
        text = json.dumps(self.spec.to_yaml(value) if self.spec.kind != "json" else value)
        self.input = w.Textarea(value=text, tooltip=self.spec.description, continuous_update=False, rows=2)
        self.input.layout = w.Layout(width="320px", max_width="100%")
        return [self.input]

    @property
    def value(self):
        try:
            self._last, self.problem = json.loads(self.input.value), None
        except ValueError as exc:
            self.problem = f"not JSON ({exc.msg} at column {exc.colno})"
        return self._last

    def write(self, value):
        self.input.value = json.dumps(self.spec.to_yaml(value) if self.spec.kind != "json" else value)


class ChoiceControl(FieldControl):
    """A named variant or a choice: a dropdown of its choices (the current value kept if off-list).

    ``None`` shows by the field's ``none_label`` ("unlimited"), never as an empty menu.
    """

    def build(self, value):
        choices = list(self.spec.choices)
        if value not in choices:
            choices.append(value)
        options = [(choice_label(self.spec, c), menu_value(c)) for c in choices]
        self.input = w.Dropdown(options=options, value=menu_value(value), tooltip=self.spec.description)
        return [self.input]

    @property
    def value(self):
        return choice_value(self.input.value)

    def write(self, value):
        if menu_value(value) not in [v for _, v in self.input.options]:
            self.input.options = [*self.input.options, (choice_label(self.spec, value), menu_value(value))]
        self.input.value = menu_value(value)


class BoolControl(FieldControl):
    """Yes or no."""

    def build(self, value):
        self.input = w.Checkbox(value=bool(value), indent=False, tooltip=self.spec.description)
        return [self.input]

    @property
    def value(self):
        return self.input.value

    def write(self, value):
        self.input.value = bool(value)


class TupleControl(FieldControl):
    """A fixed list of whole numbers, each box named by the spec's parts (Low/Mid/Hot, Base/+1/+2…)."""

    def build(self, value):
        names = part_names(self.spec, len(value))
        self.boxes = [self.box(v, n, width="auto") for v, n in zip(value, names)]
        for b in self.boxes:
            b.style.description_width = "initial"  # the whole part name ("Legendary"), never "Legen…"
            b.layout.max_width = "190px"
        return [w.HBox(self.boxes, layout=w.Layout(flex_flow="row wrap"))]

    def watched(self):
        return self.boxes

    @property
    def value(self):
        return tuple(b.value for b in self.boxes)

    def write(self, value):
        for b, v in zip(self.boxes, value):
            b.value = v


class AgeValuesControl(FieldControl):
    """A table of whole numbers (sale value by quality and age band): a grid named by the spec's rows and parts."""

    def build(self, value):
        width = max((len(row) for row in value), default=0)
        columns = part_names(self.spec, width)
        names = row_names(self.spec, len(value))
        self.rows = [[self.box(x, width="56px") for x in triple] for triple in value]
        for q, row in zip(names, self.rows):  # a note names a box by its row and column ("Rare, prime")
            for c, b in zip(columns, row):
                self._ranged[id(b)] = f"{q}, {c}"
        head = w.HBox(
            [w.Label("", layout=w.Layout(width="90px"))] + [w.Label(n, layout=w.Layout(width="56px")) for n in columns]
        )
        lines = [w.HBox([w.Label(q, layout=w.Layout(width="90px")), *row]) for q, row in zip(names, self.rows)]
        return [w.VBox([head, *lines])]

    def watched(self):
        return [b for row in self.rows for b in row]

    @property
    def value(self):
        return tuple(tuple(b.value for b in row) for row in self.rows)

    def write(self, value):
        for row, triple in zip(self.rows, value):
            for b, x in zip(row, triple):
                b.value = x


def rebalance(odds: list[int], changed: int, new: int, total: int = 100) -> list[int]:
    """Set one share and spread the rest over the others in proportion, keeping the total.

    >>> rebalance([50, 25, 15, 8, 2], 0, 60)
    [60, 20, 12, 6, 2]
    >>> sum(rebalance([50, 25, 15, 8, 2], 4, 100))
    100
    """
    new = max(0, min(total, new))
    others = [i for i in range(len(odds)) if i != changed]
    rest = total - new
    weights = [odds[i] for i in others]
    if sum(weights) == 0:
        weights = [1] * len(others)
    raw = [rest * x / sum(weights) for x in weights]
    shares = [int(r) for r in raw]
    by_remainder = sorted(range(len(raw)), key=lambda k: raw[k] - shares[k], reverse=True)
    for k in by_remainder[: rest - sum(shares)]:
        shares[k] += 1
    out = list(odds)
    out[changed] = new
    for i, s in zip(others, shares):
        out[i] = s
    return out


class OddsControl(FieldControl):
    """Shares in % (quality odds) as linked sliders, named by the spec's parts, that always sum to 100 %.

    Each share is typed in the box beside its slider (a slider's own readout would clamp a typed share
    in the browser, silently); the boxes hold the value and the sliders follow them.
    """

    def build(self, value):
        names = part_names(self.spec, len(value))
        self.sliders = [
            w.IntSlider(
                value=min(max(v, 0), 100),
                min=0,
                max=100,
                description=q,
                readout=False,
                tooltip=self.spec.description,
                style={"description_width": "80px"},
                layout=w.Layout(width="250px", max_width="100%"),
            )
            for v, q in zip(value, names)
        ]
        self.boxes = [self.box(v, q, width="64px") for v, q in zip(value, names)]
        for slider, box in zip(self.sliders, self.boxes):
            box.description = ""  # the slider beside it says which share it is
            slider.observe(lambda change, box=box: setattr(box, "value", change["new"]), names="value")
        self.total = w.HTML()
        self._last = list(value)
        self._show_total()
        rows = [w.HBox([s, b], layout=w.Layout(align_items="center")) for s, b in zip(self.sliders, self.boxes)]
        return [w.VBox([*rows, self.total])]

    def watched(self):
        return self.boxes

    def follow(self) -> None:
        for slider, box in zip(self.sliders, self.boxes):
            if slider.value != box.value:
                slider.value = box.value

    def _changed(self, change=None):
        if self._quiet or change is None:
            return super()._changed(change)
        if self._kept_in_range(change):
            return
        i = self.boxes.index(change["owner"])
        balanced = rebalance(self._last, i, change["new"])
        self.set(balanced)
        super()._changed(change)

    def _show_total(self):
        self.total.value = f"<small>sum {sum(b.value for b in self.boxes)} %</small>"

    @property
    def value(self):
        return tuple(b.value for b in self.boxes)

    def write(self, value):
        for b, v in zip(self.boxes, value):
            b.value = v
        self._last = list(value)
        self._show_total()


class PileOddsControl(FieldControl):
    """Odds per key (per pile): pick a key of the spec's ``keys``, tick 'own odds', and move its linked sliders."""

    def build(self, value):
        self.odds = {pile: list(o) for pile, o in value}
        self.piles = key_names(self.spec)
        self.start = list(new_entry(self.spec))
        self.pile = w.ToggleButtons(
            options=list(self.piles), tooltip=self.spec.description, style={"button_width": "auto"}
        )
        self.own = w.Checkbox(value=False, description="own odds for this pile", indent=False)
        one = replace(self.spec, kind="odds", lo=0, hi=100)  # one key's odds, its shares named alike
        self.editor = OddsControl(one, list(self.start))
        self.editor.on_change(self._odds_moved)
        self.pile.observe(self._show_pile, names="value")
        self.own.observe(self._toggled, names="value")
        self._show_pile()
        return [w.VBox([self.pile, self.own, self.editor.inputs[0]])]

    def watched(self):
        return []

    @property
    def notes(self) -> list[str]:
        return self.editor.notes

    def _show_pile(self, _change=None):
        odds = self.odds.get(self.pile.value)
        self._quiet = True
        self.own.value = odds is not None
        self._quiet = False
        self.editor.set(odds or self.start)
        for s in (*self.editor.sliders, *self.editor.boxes):
            s.disabled = odds is None

    def _toggled(self, change):
        if self._quiet:
            return
        if change["new"]:
            self.odds[self.pile.value] = list(self.editor.value)
        else:
            self.odds.pop(self.pile.value, None)
        self._show_pile()
        self._changed()

    def _odds_moved(self):
        if self.pile.value in self.odds:
            self.odds[self.pile.value] = list(self.editor.value)
            self._changed()

    @property
    def value(self):
        return tuple((p, tuple(self.odds[p])) for p in self.piles if p in self.odds)

    def write(self, value):
        self.odds = {pile: list(o) for pile, o in value}
        self._show_pile()


_BY_KIND: dict[str, type[FieldControl]] = {
    "int": IntControl,
    "float": FloatControl,
    "text": TextControl,
    "optional_int": OptionalIntControl,
    "bool": BoolControl,
    "choice": ChoiceControl,
    "int_tuple": TupleControl,
    "levels": TupleControl,
    "sales": TupleControl,
    "age_values": AgeValuesControl,
    "odds": OddsControl,
    "pile_odds": PileOddsControl,
}


def make_control(spec: FieldSpec, value: Any) -> FieldControl:
    """The control for a field: variants and fields with choices get a dropdown, the rest by kind.

    A kind no control here knows gets a ``JsonControl``.
    """
    if spec.variant or (spec.choices and spec.kind in ("choice", "optional_int", "int", "text")):
        return ChoiceControl(spec, value)
    return _BY_KIND.get(spec.kind, JsonControl)(spec, value)
