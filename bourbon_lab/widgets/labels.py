"""The names a designer reads for a ruleset field and for the parts of a list field, for any game.

Shared by the notebook RulesEditor and the dashboard's rule controls, so both show the same words
("Zone multipliers": Low, Mid, Hot) for the same schema field. The words come from the game's own
schema, read the core's one way for every game: a ``FieldSpec`` may name its entries (``parts``,
``rows``, ``keys``, ``core.fields``) and a ruleset class its tab order (``TABS``, read by
``core.ruleset.tabs_of``), so this module knows no game. ``field_specs`` reads any game's schema.
Imports no UI library.
"""

from __future__ import annotations

import json
from typing import Any

from ..core import FieldSpec
from ..core.fields import entry_names
from ..core.house import specs_of
from ..core.ruleset import groups_in_tab_order, tabs_of


def label_of(spec: FieldSpec) -> str:
    """The name a designer reads: ``zone_multipliers`` -> ``Zone multipliers``."""
    return spec.name.replace("_", " ").capitalize()


def source_of(spec: FieldSpec) -> str:
    """``book`` for a number the rulebook prints, ``ours`` for the project's own default."""
    return "book" if spec.book else "ours"


def none_label(spec: FieldSpec) -> str:
    """What ``None`` reads as for a field ("unlimited"): its spec's ``none_label``, never a blank."""
    return getattr(spec, "none_label", "") or "unlimited"


class _NoneChoice:
    """Stands for ``None`` among a menu's values (ipywidgets and Panel show a menu holding None blank)."""

    def __repr__(self) -> str:
        return "None"


NONE_CHOICE = _NoneChoice()


def menu_value(value: Any) -> Any:
    """A choice as a menu holds it: ``None`` as ``NONE_CHOICE``."""
    return NONE_CHOICE if value is None else value


def choice_value(held: Any) -> Any:
    """A menu's value as the field's: ``NONE_CHOICE`` back to ``None``."""
    return None if held is NONE_CHOICE else held


def choice_label(spec: FieldSpec, value: Any) -> str:
    """How a menu shows one choice: ``None`` by the field's ``none_label``, yes/no, a small table as JSON.

    >>> from bourbon_lab.core import FieldSpec
    >>> spec = FieldSpec("sales", "optional_int", "economy", "", 1, 10, choices=(1, None))
    >>> [choice_label(spec, c) for c in (1, None, True, "iid")]
    ['1', 'unlimited', 'yes', 'iid']
    """
    if value is None:
        return none_label(spec)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict | list | tuple):  # a choice that is a small table (a game's own variant)
        return json.dumps(value, separators=(", ", ": "), default=str)
    return str(value)


def number_text(x: float) -> str:
    """A number as a designer reads it: ``-5`` as "−5" (a true minus), ``2.0`` as "2"."""
    text = f"{x:g}"
    return "\u2212" + text[1:] if text.startswith("-") else text


def range_text(spec: FieldSpec) -> str:
    """A field's range in words: "its range 0–20", "its minimum 1", or "" when it has none."""
    lo, hi = spec.lo, spec.hi
    if lo is not None and hi is not None:
        return f"its range {number_text(lo)}\u2013{number_text(hi)}"
    if lo is not None:
        return f"its minimum {number_text(lo)}"
    return f"its maximum {number_text(hi)}" if hi is not None else ""


def kept_in_range(spec: FieldSpec, value: float, part: str = "") -> tuple[float, str] | None:
    """The nearest value in the field's range, and why it replaced ``value``; None when ``value`` is in range.

    A number box takes what is typed and this says what happened, instead of a box that changes a
    typed −5 to 0 without a word. ``part`` names the box of a list field ("Hot").

    >>> from bourbon_lab.core import FieldSpec
    >>> kept_in_range(FieldSpec("min_sell_age", "int", "economy", "", 0, 12), -5)
    (0, 'Min sell age: −5 is below its range 0–12; set to 0')
    >>> kept_in_range(FieldSpec("min_sell_age", "int", "economy", "", 0, 12), 4) is None
    True
    """
    if spec.lo is not None and value < spec.lo:
        kept, side = spec.lo, "below"
    elif spec.hi is not None and value > spec.hi:
        kept, side = spec.hi, "above"
    else:
        return None
    kept = int(kept) if isinstance(value, int) else float(kept)
    name = label_of(spec) + (f", {part}" if part else "")
    return kept, f"{name}: {number_text(value)} is {side} {range_text(spec)}; set to {number_text(kept)}"


def field_specs(rules: Any) -> tuple[FieldSpec, ...]:
    """A ruleset's fields as ``FieldSpec``s, from its ``schema()``.

    A schema that lists bare field names (a small hand-written ruleset) gets specs made from the
    current values and ``variants()``: a variant is a choice, a number an ``int`` or ``float``,
    a list of whole numbers an ``int_tuple``, anything else a ``json`` field.
    """
    variants = {v["name"]: v for v in type(rules).variants()}
    out = []
    for spec in specs_of(rules):
        if isinstance(spec, FieldSpec):
            out.append(spec)
            continue
        name = str(spec)
        v = variants.get(name)
        if v is not None:
            out.append(
                FieldSpec(name, "choice", "rules", v.get("description", ""), choices=tuple(v["choices"]), variant=True)
            )
        else:
            out.append(FieldSpec(name, _kind_of(getattr(rules, name)), "rules", ""))
    return tuple(out)


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple) and value and all(isinstance(x, int) and not isinstance(x, bool) for x in value):
        return "int_tuple"
    return "json"


def tab_order(rules: Any) -> tuple[str, ...]:
    """The groups a ruleset's game shows first as tabs, in that order (``()``: the schema's order).

    A game declares them as ``TABS`` on its ruleset class (``FieldRuleset.TABS``); ``core.ruleset.tabs_of``.
    """
    return tabs_of(rules)


def groups_of(specs: tuple[FieldSpec, ...], order: tuple[str, ...] = ()) -> list[str]:
    """The fields' groups in tab order: those in ``order`` first (``tab_order``), the rest as the schema lists them."""
    return groups_in_tab_order((s.group for s in specs), order)


def part_names(spec: FieldSpec, length: int) -> tuple[str, ...]:
    """What each number of a list field (each column of a table) stands for: the spec's ``parts``, else numbers.

    >>> from bourbon_lab.core import DEFAULT_GAME, get_game
    >>> spec = next(s for s in get_game(DEFAULT_GAME).ruleset.schema() if s.name == "zone_multipliers")
    >>> part_names(spec, 3), part_names(spec, 4)
    (('Low', 'Mid', 'Hot'), ('1', '2', '3', '4'))
    """
    return entry_names(spec.parts, length)


def row_names(spec: FieldSpec, length: int) -> tuple[str, ...]:
    """What each row of a table field stands for (the qualities of a sale-value table): its ``rows``, else numbers."""
    return entry_names(spec.rows, length)


def key_names(spec: FieldSpec) -> tuple[str, ...]:
    """The keys a keyed table field may hold, in order (the piles of per-pile odds): the spec's ``keys``."""
    return tuple(spec.keys)


def new_entry(spec: FieldSpec) -> tuple[int, ...]:
    """What an entry of a keyed table starts from when a designer gives a key its own: the spec's ``start``.

    Without one, equal shares of 100 over its parts (the remainder to the first).
    """
    if spec.start:
        return tuple(spec.start)
    n = max(len(spec.parts), 1)
    return (100 - (n - 1) * (100 // n), *([100 // n] * (n - 1)))


def name_label(name: str) -> str:
    """Readable label for a field or content entry named in a ``RulesetError``.

    >>> name_label("start_capital"), name_label("distilleries[hollow_creek]")
    ('Start capital', 'Distilleries: hollow creek')
    """
    field, _, entry = name.partition("[")
    label = field.replace("_", " ").capitalize()
    return f"{label}: {entry.rstrip(']').replace('_', ' ')}" if entry else label


def problems_in_words(problems: list[tuple[str, str]]) -> str:
    """A refused ruleset's problems on one line, each under its readable field name.

    >>> problems_in_words([("mid_zone_from", "Mid from 9 cards must be below Hot (6)")])
    'Not applied, nothing was changed: Mid zone from: Mid from 9 cards must be below Hot (6)'
    """
    return "Not applied, nothing was changed: " + "; ".join(f"{name_label(n)}: {why}" for n, why in problems)
