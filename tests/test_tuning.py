"""Tuning: Optuna moves a knob toward a target, reproducibly, refusing book numbers unless named."""

from __future__ import annotations

import re

import pytest
import yaml

import bourbon_lab as bl
from bourbon_lab.cli import main
from bourbon_lab.design import KnobError, Targets

BIGGER_WITH_QUALITY = (
    "These amounts get bigger with quality — a Legendary in its prime is worth far more than a Common."
)
"""Book (Selling): a ruleset whose sale values do not rise with quality is no ruleset, so no trial may propose one."""

ROUND_LIMIT = "The game ends once a player has completed 8 orders."
"""The book's end; the lab's ``round_limit`` caps it, so tuning the cap must pull the game length to a target."""

TARGETS = {
    "game": "bourbonomics",
    "runs": {"default": {"players": 2, "bots": "greedy"}},
    "targets": [{"metric": "rounds", "range": [5, 6], "source": "ours", "why": "a test target"}],
}
TINY = dict(budget=6, games=4, rungs=2, final_games=6, allow_book=["round_limit"], progress=False, workers=1)


@pytest.fixture(scope="module")
def tuned():
    return bl.tune(bl.Ruleset.default(), "round_limit=3:12", Targets.from_dict(TARGETS), seed=1, **TINY)


def test_tuning_moves_the_knob_toward_the_target(tuned):
    assert tuned.best.round_limit in (5, 6)
    before = tuned.before.table.row(0, named=True)
    after = tuned.after.table.row(0, named=True)
    assert before["status"] == "fails" and after["status"] == "holds"
    assert after["distance"] < before["distance"]
    assert tuned.trials.height == 6 and tuned.trials["trial"][0] == 0
    assert tuned.trials["round_limit"][0] == 12  # trial 0 tries the start (60, clipped into the range)
    assert set(tuned.charts()) == {"history", "importance", "targets"}


def test_same_seed_and_budget_same_result(tuned):
    again = bl.tune(bl.Ruleset.default(), "round_limit=3:12", Targets.from_dict(TARGETS), seed=1, **TINY)
    assert again.trials.equals(tuned.trials)
    assert again.best == tuned.best
    assert again.after.table.equals(tuned.after.table)


def test_book_numbers_are_refused_unless_named():
    with pytest.raises(KnobError, match="round_limit is the rulebook's number"):
        bl.tune(bl.Ruleset.default(), "round_limit=3:12", Targets.from_dict(TARGETS), **{**TINY, "allow_book": ()})


def test_report_and_ruleset_open_from_disk(tuned, tmp_path):
    page = tuned.save(tmp_path)
    text = page.read_text()
    assert "<svg" in text and "Targets before and after" in text
    assert not re.search(r"""(src|href)\s*=\s*["']?https?:""", text), "the report must fetch nothing"
    assert "<script" not in text
    assert bl.Ruleset.load(tmp_path / "tuned.yaml") == tuned.best


def test_cli_tune_writes_the_ruleset_and_report(tmp_path, capsys):
    targets = tmp_path / "targets.yaml"
    targets.write_text(yaml.safe_dump(TARGETS))
    out = tmp_path / "out"
    argv = [
        "tune",
        "--targets",
        str(targets),
        "--knobs",
        "round_limit=3:12",
        "--allow-book",
        "round_limit",
        "--budget",
        "3",
        "--games",
        "4",
        "--rungs",
        "1",
        "--final-games",
        "4",
        "--out",
        str(out),
        "--quiet",
        "--workers",
        "1",
    ]
    assert main(argv) == 0
    assert (out / "tuned.yaml").is_file() and (out / "report.html").is_file() and (out / "trials.csv").is_file()
    assert "after:" in capsys.readouterr().out
    assert main(["tune", "--targets", str(targets), "--knobs", "round_limit=3:12", "--out", str(out)]) == 2
    assert "allow_book" in capsys.readouterr().err


def test_a_bad_budget_is_named():
    with pytest.raises(bl.BourbonLabError, match="budget"):
        bl.tune(bl.Ruleset.default(), "round_limit=3:12", Targets.from_dict(TARGETS), **{**TINY, "budget": 0})


def test_an_invalid_trial_is_recorded_with_its_named_error():
    """mid_zone_from at or above hot_zone_from (6) is no ruleset: such trials score INVALID_LOSS, never win."""
    res = bl.tune(
        bl.Ruleset.default(),
        "round_limit=3:12,mid_zone_from=2:12",
        Targets.from_dict(TARGETS),
        seed=2,
        **{**TINY, "budget": 8, "final_games": 2},
    )
    bad = res.trials.filter(res.trials["state"] == "invalid")
    assert bad.height >= 1 and all("mid_zone_from" in e for e in bad["error"])
    assert res.best.mid_zone_from < res.best.hot_zone_from


def test_a_missing_design_extra_is_one_line_naming_it(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "optuna", None)
    with pytest.raises(bl.BourbonLabError, match=r"optuna is not installed: pip install 'bourbon_lab\[design\]'"):
        bl.tune(bl.Ruleset.default(), "round_limit=3:12", Targets.from_dict(TARGETS), **TINY)


def test_sale_values_that_do_not_rise_with_quality_are_refused_naming_the_field():
    """The tuning candidate kept in docs/findings put Epic's prime (5) below Rare's (6): the ruleset refuses it."""
    rules = bl.Ruleset.named("first-draft")  # Rare prime 5, Epic (4, 6, 4)
    ladder = list(rules.age_values)
    ladder[3] = (4, 5, 4)  # Epic prime 5 against Rare's 5: not bigger
    refused = r"age_values: prime value Epic 5 is not above Rare 5 .*get bigger with quality"
    with pytest.raises(bl.RulesetError, match=refused):
        rules.replace(age_values=tuple(ladder))
    with pytest.raises(bl.RulesetError, match="sales_per_quality: Epic sells 1 time"):
        rules.replace(sales_per_quality=(1, 1, 2, 1, 3))
    with pytest.raises(bl.RulesetError, match="age_values: Rare: older value 6 is above the prime value 5"):
        rules.replace(age_values=((1, 2, 1), (2, 3, 2), (3, 5, 6), (4, 6, 7), (5, 8, 8)))
    with pytest.raises(bl.RulesetError, match="age_values"):
        bl.Ruleset.load("docs/findings/tuned-candidate.yaml")


def test_tuning_never_proposes_a_ladder_out_of_order():
    """Epic's prime sampled over 4-10 crosses Rare's 5 and Legendary's 8: those trials are refused, quoting the book."""
    res = bl.tune(
        bl.Ruleset.named("first-draft"),
        "round_limit=3:12,age_values[Epic][1]=4:10",
        Targets.from_dict(TARGETS),
        seed=3,
        **{**TINY, "budget": 8, "final_games": 2},
    )
    bad = res.trials.filter(res.trials["state"] == "invalid")
    assert bad.height >= 1 and all("get bigger with quality" in e for e in bad["error"])
    assert res.trials.filter(res.trials["state"] != "invalid")["age_values[Epic][1]"].is_between(6, 7).all()
    assert 5 < res.best.age_values[3][1] < 8
