"""The names a designer reads for a ruleset field and for the parts of a list field, for any game.

Shared by the notebook RulesEditor and the dashboard's rule controls, so both show the same words
("Zone multipliers": Low, Mid, Hot) for the same schema field. ``field_specs`` reads any game's
schema. Imports no UI library.
"""

from __future__ import annotations

from typing import Any

from ..core import FieldSpec
from ..core.house import specs_of
from ..games.bourbonomics.content import QUALITIES

PREFERRED_GROUPS = ("economy", "market", "departments", "resources", "ultimates", "end", "table", "content")
"""Tab order where these groups exist (Bourbonomics' most tuned first); other groups follow in schema order."""

PARTS = {
    "zone_multipliers": ("Low", "Mid", "Hot"),
    "levels": ("Base", "+1", "+2", "+3"),
    "sales": QUALITIES,
    "odds": QUALITIES,
    "age_values": ("younger", "prime", "older"),
}
"""Part names by field name, then by field kind."""


def label_of(spec: FieldSpec) -> str:
    """The name a designer reads: ``zone_multipliers`` -> ``Zone multipliers``."""
    return spec.name.replace("_", " ").capitalize()


def source_of(spec: FieldSpec) -> str:
    """``book`` for a number the rulebook prints, ``ours`` for the project's own default."""
    return "book" if spec.book else "ours"


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


def groups_of(specs: tuple[FieldSpec, ...]) -> list[str]:
    """The fields' groups in tab order: the preferred ones first, the rest as the schema lists them."""
    found = list(dict.fromkeys(s.group for s in specs))
    return [g for g in PREFERRED_GROUPS if g in found] + [g for g in found if g not in PREFERRED_GROUPS]


def part_names(spec: FieldSpec, length: int) -> tuple[str, ...]:
    """What each number of a list field stands for, e.g. Low/Mid/Hot, Base/+1/+2/+3, the qualities.

    >>> from bourbon_lab.games.bourbonomics.schema import SPECS
    >>> part_names(SPECS["zone_multipliers"], 3)
    ('Low', 'Mid', 'Hot')
    """
    names = PARTS.get(spec.name) or PARTS.get(spec.kind) or ()
    return tuple(names[:length]) if len(names) >= length else tuple(str(i + 1) for i in range(length))


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
