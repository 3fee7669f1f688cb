"""The example's ruleset: every number with a type and a range, so widgets and the tuner can offer it."""

from pathlib import Path

from bourbon_lab.core import FieldRuleset, FieldSpec


class Ruleset(FieldRuleset):
    game = "rickhouse_nim"
    FIELDS = (
        FieldSpec("barrels", "int", "rickhouse", "Barrels in the rickhouse at the start.", 1, 60),
        FieldSpec("most", "int", "rickhouse", "The most barrels one turn may roll out.", 1, 6),
    )
    DEFAULTS = Path(__file__).parent / "data" / "ruleset.yaml"
