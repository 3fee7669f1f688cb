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
    NAMED = {"short-rickhouse": {"barrels": 7}}
    """Named rulesets (an optional part): an earlier draft kept by name, as changes to the defaults."""

    @staticmethod
    def names() -> list[str]:
        return sorted(Ruleset.NAMED)

    @classmethod
    def named(cls, name: str) -> "Ruleset":
        if name not in cls.NAMED:
            raise KeyError(f"no named ruleset {name!r}; known: {', '.join(cls.names())}")
        return cls.default().replace(**cls.NAMED[name])
