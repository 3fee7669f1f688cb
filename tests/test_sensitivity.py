"""Sensitivity: SALib on common random numbers ranks a knob that must matter above one that cannot."""

from __future__ import annotations

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.design import KnobError, apply_knobs, parse_knobs
from bourbon_lab.games.bourbonomics import RulesetError

ROUND_LIMIT = "The game ends once a player has completed 8 orders."
"""The book's end; ``round_limit`` is the lab's safety net on top of it, so a low limit ends every game early."""

KNOBS = "round_limit=3:8,double_maturation_age=20:30"
BOOK = ["round_limit", "double_maturation_age"]
TINY = dict(games=4, players=2, bots="greedy", trajectories=3, allow_book=BOOK, progress=False, workers=1)


def test_morris_ranks_the_round_limit_above_a_knob_no_short_game_reaches():
    """Games capped at 3-8 rounds never reach age 20, so Double Maturation's age cannot move anything."""
    res = bl.sensitivity(bl.Ruleset.default(), KNOBS, ["rounds", "upgrades_per_player"], **TINY)
    rounds = res.table.filter(pl.col("metric") == "rounds")
    effect = dict(zip(rounds["knob"], rounds["effect"]))
    assert effect["round_limit"] > 2.0
    assert effect["double_maturation_age"] == 0.0
    assert res.drivers("rounds", 1) == ["round_limit"]
    assert res.samples.height == 3 * (2 + 1)
    assert (res.samples["rounds"] == res.samples["round_limit"].cast(pl.Float64)).all()
    assert res.chart("heatmap").to_dict()["layer"] and res.chart("tornado").to_dict()["facet"]


def test_same_seed_same_indices():
    a = bl.sensitivity(bl.Ruleset.default(), KNOBS, ["rounds"], **TINY)
    b = bl.sensitivity(bl.Ruleset.default(), KNOBS, ["rounds"], **TINY)
    assert a.table.equals(b.table) and a.samples.equals(b.samples)


def test_sobol_total_index_of_a_knob_that_cannot_matter_is_zero():
    res = bl.sensitivity(bl.Ruleset.default(), KNOBS, ["rounds"], method="sobol", **{**TINY, "trajectories": 4})
    effect = dict(zip(res.table["knob"], res.table["effect"]))
    assert effect["double_maturation_age"] == 0.0 and effect["round_limit"] > 0.0
    assert "S1" in res.table.columns


def test_a_knob_range_that_makes_an_invalid_ruleset_is_refused_before_any_game():
    with pytest.raises(KnobError, match="invalid ruleset.*mid_zone_from"):
        bl.sensitivity(bl.Ruleset.default(), "mid_zone_from=2:12", ["rounds"], **{**TINY, "allow_book": ()})


def test_book_numbers_are_refused_unless_named():
    with pytest.raises(KnobError, match="round_limit is the rulebook's number"):
        bl.sensitivity(bl.Ruleset.default(), KNOBS, ["rounds"], **{**TINY, "allow_book": ()})
    with pytest.raises(KnobError, match=r"age_values\[Legendary\]\[1\] is the rulebook's number"):
        parse_knobs(bl.Ruleset.default(), "age_values[Legendary][1]=6:12")
    assert parse_knobs(bl.Ruleset.default(), "age_values[Epic][1]=4:10")[0].integer
    with pytest.raises(KnobError, match="scale:age_values is the rulebook's number"):
        parse_knobs(bl.Ruleset.default(), "scale:age_values=0.5:2")


@pytest.mark.parametrize(
    ("knob", "says"),
    [
        ("foo=1:2", "unknown ruleset field 'foo'"),
        ("round_limit=9:2", "must be below"),
        ("zone_multipliers=1:2", "give an index"),
        ("age_values[Mythic][1]=1:2", "an index is a number or a quality"),
        ("scale:colour=1:2", "unknown scaling"),
        ("pile_size=1:500", "outside the field's range"),
        ("round_limit", "not name=low:high"),
    ],
)
def test_bad_knobs_are_named(knob, says):
    with pytest.raises(KnobError, match=says):
        parse_knobs(bl.Ruleset.default(), knob, allow_book=["round_limit"])


def test_content_scalings_change_only_what_they_name():
    rules = bl.Ruleset.default()
    ks = parse_knobs(rules, "scale:gated_prestige=0.5:3,sales_per_quality[Epic]=1:4")
    out = apply_knobs(rules, ks, [2.0, 3.4])
    for old, new in zip(rules.demand_cards, out.demand_cards):
        assert new.prestige == (old.prestige if old.is_open else 2 * old.prestige)
    assert out.sales_per_quality[3] == 3 and out.sales_per_quality[:3] == rules.sales_per_quality[:3]
    with pytest.raises(RulesetError):
        apply_knobs(rules, parse_knobs(rules, "mid_zone_from=2:12"), [12])
    opened = apply_knobs(rules, parse_knobs(rules, "scale:open_prestige=0.5:3"), [3.0])
    for old, new in zip(rules.demand_cards, opened.demand_cards):
        assert new.prestige == (3 * old.prestige if old.is_open else old.prestige)


BIGGER_WITH_QUALITY = (
    "These amounts get bigger with quality — a Legendary in its prime is worth far more than a Common."
)
"""Book (Selling): the value curve moves only our middle of the table and keeps it rising."""


@pytest.mark.parametrize("k", [0.3, 0.5, 1.0, 1.7, 3.0, 8.0])
def test_the_value_curve_keeps_the_books_ends_and_a_rising_ladder(k):
    rules = bl.Ruleset.default()
    values = apply_knobs(rules, parse_knobs(rules, "scale:value_curve=0.3:8"), [k]).age_values
    assert values[0] == rules.age_values[0] and values[4] == rules.age_values[4]
    for band in range(3):
        column = [row[band] for row in values]
        assert column == sorted(set(column))
    flat, steep = (apply_knobs(rules, parse_knobs(rules, "scale:value_curve=0.3:8"), [x]) for x in (0.3, 8.0))
    assert sum(r[1] for r in steep.age_values) < sum(r[1] for r in flat.age_values)


def test_any_registered_game_is_screened_through_the_protocol():
    """Tip Jar (a test-only game) ends after ``rounds`` rounds unless a player reaches the target first."""
    import toygame  # noqa: F401  (registers Tip Jar)

    rules = bl.default_rules("tipjar").replace(target=99)
    tiny = dict(games=4, players=2, bots="random", trajectories=3, progress=False, workers=1)
    res = bl.sensitivity(rules, "rounds=2:8,coins=3:5", ["rounds", "seat_spread"], **tiny)
    rounds = res.table.filter(pl.col("metric") == "rounds")
    assert res.drivers("rounds", 1) == ["rounds"] and rounds["effect"].max() > 2.0
    with pytest.raises(KeyError, match="upgrades_per_player"):
        bl.sensitivity(rules, "rounds=2:8", ["upgrades_per_player"], **tiny)


def test_cli_sensitivity_prints_the_drivers_and_writes_an_offline_report(tmp_path, capsys):
    import re

    from bourbon_lab.cli import main

    argv = [
        "sensitivity",
        "--knobs",
        KNOBS,
        "--allow-book",
        ",".join(BOOK),
        "--metrics",
        "rounds",
        "--games",
        "2",
        "--players",
        "2",
        "--bots",
        "greedy",
        "--trajectories",
        "2",
        "--workers",
        "1",
        "--quiet",
        "--out",
        str(tmp_path),
    ]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("  rounds: round_limit")
    page = (tmp_path / "sensitivity.html").read_text()
    assert "<svg" in page and not re.search(r"""(src|href)\s*=\s*["']?https?:""", page)
    assert main(["sensitivity", "--knobs", "round_limit=3:8", "--metrics", "rounds"]) == 2
    assert "allow_book" in capsys.readouterr().err


@pytest.mark.parametrize("k", [0.0, 0.5, 1.0, 2.0])
def test_younger_values_stay_rising_and_below_prime(k):
    rules = bl.Ruleset.named("first-draft")  # younger 1-5
    values = apply_knobs(rules, parse_knobs(rules, "scale:younger_values=0:2"), [k]).age_values
    younger = [row[0] for row in values]
    assert younger == sorted(set(younger)) and all(row[0] <= row[1] for row in values)
    assert [row[1:] for row in values] == [row[1:] for row in rules.age_values]
    assert (younger == [0, 1, 2, 3, 4]) == (k <= 0.5)  # the lowest rising column


@pytest.mark.parametrize("k", [0.3, 0.6, 1.0, 1.5])
def test_common_odds_move_common_and_keep_the_sum_and_legendary(k):
    """Book: "Legendary is rare" — the knob moves Common's share only, the rest follows, odds still sum to 100."""
    rules = bl.Ruleset.default()
    odds = apply_knobs(rules, parse_knobs(rules, "scale:common_odds=0.3:1.5"), [k]).quality_odds
    assert sum(odds) == 100 and odds[-1] == rules.quality_odds[-1]
    assert odds[0] == round(rules.quality_odds[0] * k)
    assert (odds[1] > rules.quality_odds[1]) == (k < 1)


def test_progress_names_the_sensitivity_run_and_counts_its_points(capsys):
    """With ``progress=True`` the bar says what is running and counts the design points (3 trajectories of
    2 knobs + 1 = 9, shown from 0/9); without it nothing is printed."""
    bl.sensitivity(bl.Ruleset.default(), KNOBS, ["rounds"], **{**TINY, "progress": True})
    shown = capsys.readouterr().err
    assert "sensitivity: " in shown and "| 0/9 [" in shown and "point/s" in shown
    bl.sensitivity(bl.Ruleset.default(), KNOBS, ["rounds"], **TINY)
    assert capsys.readouterr().err == ""
