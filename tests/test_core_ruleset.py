"""The core's data-driven ruleset base: refused whole, immutable, round-trips, names the line."""

import pickle

import pytest

from bourbon_lab.core import FieldRuleset, FieldSpec, RulesetError


class Rules(FieldRuleset):
    game = "toy_ruleset"
    FIELDS = (
        FieldSpec("target", "int", "scoring", "Points that end the game.", 10, 60, book=True),
        FieldSpec("final_turns", "choice", "end", "Who plays on.", choices=("each_other", "none"), variant=True),
        FieldSpec("fees", "int_tuple", "economy", "Fees by size.", 0, 9, length=2),
        FieldSpec("odds", "float", "chance", "A chance.", 0, 1),
    )
    DEFAULTS = {"target": 30, "final_turns": "each_other", "fees": [1, 2], "odds": 0.5}


@pytest.fixture
def rules_class():
    return Rules


def test_defaults_come_from_the_yaml_file(rules_class):
    rules = rules_class.default()
    assert (rules.target, rules.final_turns, rules.fees, rules.odds) == (30, "each_other", (1, 2), 0.5)
    assert rules_class.variants() == [
        {
            "name": "final_turns",
            "choices": ["each_other", "none"],
            "default": "each_other",
            "description": "Who plays on.",
        }
    ]


def test_a_bad_ruleset_is_refused_whole_naming_every_field(rules_class):
    rules = rules_class.default()
    with pytest.raises(RulesetError) as err:
        rules.replace(target=99, fees=[1], odds=True)
    assert err.value.fields == ["target", "fees", "odds"]
    assert "99 is above the maximum 60" in str(err.value)
    assert rules.target == 30


def test_a_yaml_file_is_refused_with_its_lines(rules_class, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("target: 5\nbogus: 1\n")
    with pytest.raises(RulesetError) as err:
        rules_class.from_yaml(bad, base=rules_class.default())
    assert "bogus (line 2): unknown field" in str(err.value)
    assert "target (line 1): 5 is below the minimum 10" in str(err.value)
    other = tmp_path / "other.yaml"
    other.write_text("game: bourbonomics\ntarget: 20\n")
    with pytest.raises(RulesetError, match="another game"):
        rules_class.from_yaml(other, base=rules_class.default())


def test_immutable_hashable_and_pickled_by_value(rules_class):
    rules = rules_class.default().replace(target=40)
    with pytest.raises(AttributeError, match="immutable"):
        rules.target = 3
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert rules.fingerprint() != rules_class.default().fingerprint()
    assert rules.changes() == {"target": 40}
    assert "target: 40" in rules.to_yaml()
