"""RulesEditor: every tunable number of any game's ruleset as controls, generated from its schema.

A designer changes a number and gets a valid ruleset at once, or, for a bad
combination, the ruleset's own message beside the control while ``.rules`` keeps
the last valid value. Observers of ``rules`` fire only on a real change. Each
field is marked *book* (printed in the rulebook) or *ours*; variants are dropdowns.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Any

import ipywidgets as w
import traitlets

from ..core import DEFAULT_GAME, FieldSpec, RulesetError, default_rules
from ..core.house import defaults_of as house_defaults
from .controls import FieldControl, make_control
from .labels import field_specs, groups_of, name_label, tab_order
from .mainloop import HomeLoop


class RulesEditor(w.VBox):
    """Controls for every ruleset field, grouped by area as tabs, with reset and a 'what changed' list.

    Parameters
    ----------
    rules : ruleset, optional
        Where to start, of any game (default: ``game``'s defaults); its content (Bourbonomics'
        mash bills, demand deck, distilleries) is kept, and "what changed" is measured against
        the defaults.
    game : str, optional
        The game whose defaults to start from when ``rules`` is not given (default Bourbonomics).

    Examples
    --------
    >>> editor = RulesEditor()
    >>> editor.set_value("zone_multipliers", (1, 2, 4))
    >>> editor.changes()
    {'zone_multipliers': (1, 2, 4)}
    """

    rules = traitlets.Any()

    def __init__(self, rules: Any = None, game: str | None = None, **kwargs):
        origin = rules if rules is not None else default_rules(game or DEFAULT_GAME)
        self._origin = origin
        self._problems: dict[str, str] = {}
        self.specs = field_specs(origin)
        self.controls: dict[str, FieldControl] = {
            f.name: make_control(_bounded(f, origin), getattr(origin, f.name)) for f in self.specs
        }
        self._home = HomeLoop()  # a control moved in JupyterLab may reach the kernel on a subshell's thread
        for control in self.controls.values():
            control.on_change(self._changed)
        self.status = w.HTML()
        self.changed = w.HTML()
        self.reset_button = w.Button(
            description="Reset to default", icon="undo", tooltip="Every field back to its default"
        )
        self.reset_button.on_click(lambda _: self.reset())
        self.reset_button.layout = w.Layout(width="auto", align_self="flex-start")
        self.tabs = self._tabs(origin)
        super().__init__(children=[self.reset_button, self.status, self.tabs, self.changed], rules=origin, **kwargs)
        self.add_class("bl-rules-editor")
        self._show_changes()

    def _tabs(self, rules: Any) -> GroupTabs:
        pages, titles = [], []
        summary = _content_summary(rules)
        groups = groups_of(self.specs, tab_order(rules))  # the game's own tab order (its ``TABS``)
        if summary is not None and "content" not in groups:
            groups.append("content")
        for group in groups:
            rows = [c.widget for c in self.controls.values() if c.spec.group == group]
            if group == "content" and summary is not None:
                self.content = w.HTML(summary)
                rows.append(self.content)
            if rows:
                pages.append(w.VBox(rows))
                titles.append(group.replace("_", " ").capitalize())
        return GroupTabs(pages, titles)

    # --- public
    def observe(self, handler, names="rules", type="change"):  # noqa: A002 (traitlets' own name)
        """Call ``handler(change)`` when ``names`` change (default: the valid ``rules``)."""
        return super().observe(handler, names=names, type=type)

    def changes(self) -> dict:
        """The fields whose current valid value differs from the defaults."""
        if hasattr(self.rules, "changes"):
            return self.rules.changes()
        default = type(self.rules).default()
        return {
            s.name: getattr(self.rules, s.name)
            for s in self.specs
            if getattr(self.rules, s.name) != getattr(default, s.name)
        }

    def reset(self) -> None:
        """Every control back to its default value; observers fire once."""
        default = type(self._origin).default()
        house = house_defaults(self._origin)
        self.set_values({s.name: house[s.name] if s.name in house else getattr(default, s.name) for s in self.specs})

    def set_value(self, name: str, value) -> None:
        """Move one control as a person would (validated; an invalid value is shown, not applied)."""
        self.set_values({name: value})

    def set_values(self, values: dict) -> None:
        """Move several controls at once, then validate the combination once."""
        for name, value in values.items():
            if name in self.controls:
                self.controls[name].set(value)
        self._revalidate()

    @property
    def problems(self) -> dict[str, str]:
        """Field -> the validation message shown beside it now (empty when the controls are valid)."""
        return dict(self._problems)

    # --- validation
    def _changed(self) -> None:
        """A control moved: validate on the editor's own thread (now, when already there)."""
        if not self._home.run(self._revalidate):
            self._revalidate()

    def _revalidate(self) -> None:
        values = {name: c.value for name, c in self.controls.items()}
        unread = {name: c.problem for name, c in self.controls.items() if c.problem}
        try:
            if unread:
                raise RulesetError(list(unread.items()))
            candidate = self._origin.replace(**values)
        except (RulesetError, TypeError, ValueError) as exc:
            self._problems = {}
            for name, why in getattr(exc, "problems", None) or [("rules", str(exc))]:
                self._problems[name] = f"{self._problems[name]}; {why}" if name in self._problems else why
            self._show_problems()
            return
        self._problems = {}
        self._show_problems()
        if candidate != self.rules:
            self.rules = candidate
        self._show_changes()

    def _show_problems(self) -> None:
        for name, control in self.controls.items():
            control.show(self._problems.get(name))
        if self._problems:
            items = "".join(
                f"<li><b>{html.escape(name_label(k))}</b>: {html.escape(why)}</li>" for k, why in self._problems.items()
            )
            self.status.value = (
                "<div class='bl-invalid' style='color:#b3261e'>⚠ Not applied; the last valid rules stay in use."
                f"<ul style='margin:2px 0'>{items}</ul></div>"
            )
        else:
            self.status.value = "<span style='color:#1f6b35'>✓ valid</span>"
        notes = [note for control in self.controls.values() for note in control.notes]
        if notes:  # a typed number set to its range's end: said here too, where it is seen without scrolling
            items = "".join(f"<li>{html.escape(note)}</li>" for note in notes)
            box = "<div class='bl-note' style='color:#8a5300'>ⓘ<ul style='margin:2px 0'>"
            self.status.value += f"{box}{items}</ul></div>"

    @property
    def notes(self) -> dict[str, list[str]]:
        """Field -> why a number typed into it was set to its range's nearest end (shown beside it and above)."""
        return {name: c.notes for name, c in self.controls.items() if c.notes}

    def _show_changes(self) -> None:
        changed = self.changes()
        if not changed:
            self.changed.value = "<i>No changes: these are the default rules.</i>"
            return
        default = type(self._origin).default()
        items = "".join(
            f"<li><b>{html.escape(name_label(k))}</b>: {html.escape(_short(getattr(default, k)))} → "
            f"{html.escape(_short(v))}</li>"
            for k, v in changed.items()
        )
        self.changed.value = f"<b>What changed</b> (against the defaults)<ul class='bl-changes'>{items}</ul>"


class GroupTabs(w.VBox):
    """Tabs whose names wrap onto a second line instead of being cut ("Econo", "Depart") when space is short.

    A row of toggle buttons, one per group, over a ``Stack`` that shows the chosen group's page.
    """

    def __init__(self, pages: list[w.Widget], titles: list[str]):
        self.titles = list(titles)
        self.pages = w.Stack(pages, selected_index=0)
        self.buttons = [
            w.ToggleButton(value=i == 0, description=t, tooltip=f"Show the {t} rules", layout=w.Layout(width="auto"))
            for i, t in enumerate(titles)
        ]
        for i, button in enumerate(self.buttons):
            button.observe(lambda change, i=i: self._picked(i, change["new"]), names="value")
        bar = w.HBox(self.buttons, layout=w.Layout(flex_flow="row wrap"))
        bar.add_class("bl-tab-bar")
        super().__init__([bar, self.pages])

    @property
    def selected_index(self) -> int:
        return self.pages.selected_index

    @selected_index.setter
    def selected_index(self, i: int) -> None:
        self.buttons[i].value = True

    def _picked(self, i: int, on: bool) -> None:
        if not on:  # the shown group's button stays down: one group is always shown
            if self.pages.selected_index == i:
                self.buttons[i].value = True
            return
        self.pages.selected_index = i
        for j, button in enumerate(self.buttons):
            if j != i:
                button.value = False


def _bounded(spec: FieldSpec, rules: Any) -> FieldSpec:
    """The field's spec with its range narrowed to what the content allows (no control offers a refused value)."""
    if not hasattr(rules, "allowed_range"):
        return spec
    lo, hi = rules.allowed_range(spec.name)
    return spec if (lo, hi) == (spec.lo, spec.hi) else replace(spec, lo=lo, hi=hi)


def _short(value) -> str:
    text = repr(value) if not isinstance(value, tuple) or len(repr(value)) < 80 else f"{len(value)} entries"
    return text


def _content_summary(rules: Any) -> str | None:
    """Bourbonomics' content counts (its content tab); None for a game without that content."""
    if not all(hasattr(rules, a) for a in ("mash_bills", "demand_cards", "distilleries")):
        return None
    gated = sum(1 for c in rules.demand_cards if not c.is_open)
    return (
        "<p>Content comes from the YAML files (edit a copy and load it with <code>Ruleset.load</code>):</p><ul>"
        f"<li>{len(rules.mash_bills)} mash bills</li>"
        f"<li>{len(rules.demand_cards)} demand cards ({len(rules.demand_cards) - gated} open, {gated} gated)</li>"
        f"<li>{len(rules.distilleries)} distilleries: {html.escape(', '.join(d.name for d in rules.distilleries))}</li>"
        "</ul>"
    )
