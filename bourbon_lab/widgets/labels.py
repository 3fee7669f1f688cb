"""The names a designer reads for a ruleset field and for the parts of a list field.

Shared by the notebook RulesEditor and the dashboard's rule controls, so both show the same words
("Zone multipliers": Low, Mid, Hot) for the same schema field. Imports no UI library.
"""

from __future__ import annotations

from ..games.bourbonomics.rules.content import QUALITIES
from ..games.bourbonomics.rules.schema import FieldSpec

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


def part_names(spec: FieldSpec, length: int) -> tuple[str, ...]:
    """What each number of a list field stands for, e.g. Low/Mid/Hot, Base/+1/+2/+3, the qualities.

    >>> from bourbon_lab.games.bourbonomics.rules.schema import SPECS
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
