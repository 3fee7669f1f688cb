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

from ..core import FieldSpec
from .labels import key_names, label_of, new_entry, part_names, row_names, source_of

SLIDER_SPAN = 60
"""Ranges up to this wide get a slider; wider ones a number box (a slider would be too coarse)."""

_LABEL = w.Layout(width="190px", min_width="150px")

_SOURCE_TIPS = {"book": "printed in the rulebook", "ours": "the project's own default (the rulebook is silent)"}


def _box(spec: FieldSpec, value: int, description: str = "", width: str = "72px") -> w.BoundedIntText:
    lo = -(10**6) if spec.lo is None else int(spec.lo)
    hi = 10**6 if spec.hi is None else int(spec.hi)
    return w.BoundedIntText(
        value=value, min=lo, max=hi, description=description, tooltip=spec.description, layout=w.Layout(width=width)
    )


class FieldControl:
    """A control for one field: its widget row, its current value, and a place for its message."""

    def __init__(self, spec: FieldSpec, value: Any):
        self.spec = spec
        self.message = w.HTML(layout=w.Layout(margin="0 0 0 8px"))
        self._callbacks: list[Callable[[], None]] = []
        self._quiet = False
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

    def _changed(self, _change=None) -> None:
        if not self._quiet:
            for cb in self._callbacks:
                cb()

    def show(self, message: str | None) -> None:
        """Put a validation message next to the control (None clears it)."""
        self.message.value = f"<span class='bl-invalid' style='color:#b3261e'>⚠ {message}</span>" if message else ""


class IntControl(FieldControl):
    """A whole number: a slider for narrow ranges, a number box otherwise."""

    def build(self, value):
        spec = self.spec
        if spec.lo is not None and spec.hi is not None and spec.hi - spec.lo <= SLIDER_SPAN:
            self.input = w.IntSlider(value=value, min=int(spec.lo), max=int(spec.hi), tooltip=spec.description)
        else:
            self.input = _box(spec, value, width="110px")
        return [self.input]

    @property
    def value(self):
        return self.input.value

    def write(self, value):
        self.input.value = value


class FloatControl(FieldControl):
    """A number with a fraction: a bounded number box."""

    def build(self, value):
        lo = -1e9 if self.spec.lo is None else float(self.spec.lo)
        hi = 1e9 if self.spec.hi is None else float(self.spec.hi)
        self.input = w.BoundedFloatText(value=value, min=lo, max=hi, tooltip=self.spec.description)
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
    """A whole number, or no limit at all (None)."""

    def build(self, value):
        self.unlimited = w.Checkbox(value=value is None, description="no limit", indent=False)
        self.input = _box(self.spec, self.spec.lo if value is None and self.spec.lo is not None else value or 0)
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

    def _changed(self, change=None):
        self.input.disabled = self.unlimited.value
        super()._changed(change)


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
    """A named variant or a choice: a dropdown of its choices (the current value kept if off-list)."""

    def build(self, value):
        choices = list(self.spec.choices)
        if value not in choices:
            choices.append(value)
        options = [("unlimited" if c is None else str(c), c) for c in choices]
        self.input = w.Dropdown(options=options, value=value, tooltip=self.spec.description)
        return [self.input]

    @property
    def value(self):
        return self.input.value

    def write(self, value):
        if value not in [v for _, v in self.input.options]:
            self.input.options = [*self.input.options, (str(value), value)]
        self.input.value = value


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
        self.boxes = [_box(self.spec, v, n, width="auto") for v, n in zip(value, names)]
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
        self.rows = [[_box(self.spec, x, width="56px") for x in triple] for triple in value]
        width = max((len(row) for row in value), default=0)
        head = w.HBox(
            [w.Label("", layout=w.Layout(width="90px"))]
            + [w.Label(n, layout=w.Layout(width="56px")) for n in part_names(self.spec, width)]
        )
        names = row_names(self.spec, len(self.rows))
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
    """Shares in % (quality odds) as linked sliders, named by the spec's parts, that always sum to 100 %."""

    def build(self, value):
        self.sliders = [
            w.IntSlider(
                value=v,
                min=0,
                max=100,
                description=q,
                tooltip=self.spec.description,
                style={"description_width": "80px"},
                layout=w.Layout(width="300px", max_width="100%"),
            )
            for v, q in zip(value, part_names(self.spec, len(value)))
        ]
        self.total = w.HTML()
        self._last = list(value)
        self._show_total()
        return [w.VBox([*self.sliders, self.total])]

    def watched(self):
        return self.sliders

    def _changed(self, change=None):
        if self._quiet or change is None:
            return super()._changed(change)
        i = self.sliders.index(change["owner"])
        balanced = rebalance(self._last, i, change["new"])
        self.set(balanced)
        super()._changed(change)

    def _show_total(self):
        self.total.value = f"<small>sum {sum(s.value for s in self.sliders)} %</small>"

    @property
    def value(self):
        return tuple(s.value for s in self.sliders)

    def write(self, value):
        for s, v in zip(self.sliders, value):
            s.value = v
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
        one = replace(self.spec, name="quality_odds", kind="odds", lo=0, hi=100)  # one key's odds, named alike
        self.editor = OddsControl(one, list(self.start))
        self.editor.on_change(self._odds_moved)
        self.pile.observe(self._show_pile, names="value")
        self.own.observe(self._toggled, names="value")
        self._show_pile()
        return [w.VBox([self.pile, self.own, self.editor.inputs[0]])]

    def watched(self):
        return []

    def _show_pile(self, _change=None):
        odds = self.odds.get(self.pile.value)
        self._quiet = True
        self.own.value = odds is not None
        self._quiet = False
        self.editor.set(odds or self.start)
        for s in self.editor.sliders:
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
