"""Mechanic coverage (issue 29, started): the mechanics file is checked whole, and counts are exact on a
hand-made table whose answer is known."""

from __future__ import annotations

import math

import polars as pl
import pytest

from bourbon_lab.core.mechanics import MechanicsError, parse_mechanics
from bourbon_lab.core.registry import get_game
from bourbon_lab.design.coverage import coverage, estimate, share
from bourbon_lab.design.metrics import get_metric
from bourbon_lab.sim import SimResult

KINDS = ("sale", "crash", "hot_reset")


def _mechanics():
    return parse_mechanics(
        {
            "mechanics": [
                {"name": "hot", "kind": "sale", "where": {"zone": "Hot"}, "rule": "Hot ×3"},
                {"name": "shared", "kind": "sale", "where": {"private": False}, "rule": "a sale"},
                {"name": "wipe", "kind": ["crash", "hot_reset"], "rule": "What you lose on a wipe"},
                {"name": "big", "kind": "sale", "where": {"capital": {"at_least": 6}}, "rule": "big sale"},
            ]
        },
        "test",
        KINDS,
    )


def _result():
    """Four games of 10 rounds: game 0 has 2 Hot sales and a crash, game 1 one Mid sale, games 2-3 nothing."""
    games = pl.DataFrame({"game": [0, 1, 2, 3], "rounds": [10, 10, 10, 10], "error": [None] * 4})
    events = pl.DataFrame(
        {
            "game": [0, 0, 0, 1],
            "kind": ["sale", "sale", "crash", "sale"],
            "zone": ["Hot", "Hot", None, "Mid"],
            "private": [False, False, None, False],
            "capital": [6, 5, None, 6],
        }
    )
    return SimResult(games, pl.DataFrame(), events, {"game": "bourbonomics"})


def test_each_mechanic_is_counted_exactly_on_a_known_table():
    hot, shared, wipe, big = _mechanics()
    res = _result()
    assert estimate(res, hot, "fires").value == 25.0
    assert estimate(res, hot, "per_game").value == 0.5
    assert math.isclose(estimate(res, hot, "per_round").value, 2 / 40)
    assert estimate(res, wipe, "fires").value == 25.0
    assert estimate(res, big, "per_game").value == 0.5  # at_least 6: 6 counts, 5 does not
    assert math.isclose(share(res, hot, shared).value, 100 * 2 / 3)
    est = estimate(res, hot, "per_game")
    assert est.lo <= est.value <= est.hi


def test_a_bad_mechanics_file_is_refused_naming_the_entry_and_field():
    with pytest.raises(MechanicsError, match=r"mechanics\[0\]\.kind: 'sail' is not an event kind"):
        parse_mechanics({"mechanics": [{"name": "x", "kind": "sail", "rule": "r"}]}, "test", KINDS)
    with pytest.raises(MechanicsError, match=r"mechanics\[0\]\.rule"):
        parse_mechanics({"mechanics": [{"name": "x", "kind": "sale"}]}, "test", KINDS)
    with pytest.raises(MechanicsError, match=r"mechanics\[1\]\.name: 'x' is listed twice"):
        parse_mechanics({"mechanics": [{"name": "x", "kind": "sale", "rule": "r"}] * 2}, "test", KINDS)


def test_bourbonomics_declares_the_market_and_targets_can_name_it():
    names = {m.name for m in get_game("bourbonomics").mechanics}
    assert {"sale_low", "sale_mid", "sale_hot", "crash", "hot_reset", "wipe", "reroll"} <= names
    assert get_metric("share:sale_hot/shared_sale", "bourbonomics").unit == "%"
    assert get_metric("fires:crash", "bourbonomics").unit == "%"
    with pytest.raises(KeyError, match="fires:<m>"):
        get_metric("fires:no_such_rule", "bourbonomics")


def test_a_mechanic_that_never_fires_is_flagged_dead():
    res = _result()
    table = coverage(res, game="bourbonomics")
    flags = dict(zip(table["mechanic"], table["flag"]))
    assert flags["crash"] == "" and flags["hot_reset"] == "dead"


def test_the_coverage_command_prints_every_mechanic_and_writes_an_offline_chart(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "cov"
    done = subprocess.run(
        [sys.executable, "-m", "bourbon_lab.cli", "coverage", "--games", "12", "--quiet", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    names = [m.name for m in get_game("bourbonomics").mechanics]
    assert all(f"  {n} " in done.stdout for n in names)
    assert "never or almost never fire" in done.stdout
    page = (out / "coverage.html").read_text(encoding="utf-8")
    assert "<svg" in page and "<script" not in page and "cdn" not in page
    assert pl.read_csv(out / "coverage.csv").height == len(names)


def _wipes(per_game: list[int]) -> SimResult:
    """Games of 10 rounds, game i with per_game[i] crashes."""
    n = len(per_game)
    games = pl.DataFrame({"game": list(range(n)), "rounds": [10] * n, "error": [None] * n})
    rows = [i for i, k in enumerate(per_game) for _ in range(k)]
    events = pl.DataFrame({"game": rows, "kind": ["crash"] * len(rows)}, schema={"game": pl.Int64, "kind": pl.Utf8})
    return SimResult(games, pl.DataFrame(), events, {"game": "bourbonomics"})


_TREND = {
    "game": "bourbonomics",
    "runs": {"two": {"players": 2}, "four": {"players": 4}, "six": {"players": 6}},
    "targets": [
        {
            "metric": "per_round:wipe",
            "rising": ["two", "four", "six"],
            "source": "book",
            "quote": "More players means the market fills and crashes faster",
        },
        {"metric": "fires:wipe", "at_least": 80, "run": "four", "source": "ours", "why": "a wipe in most games"},
    ],
}


def test_a_rising_target_holds_only_when_every_step_rises_beyond_its_interval():
    from bourbon_lab.design import Targets, check_targets

    t = Targets.from_dict(_TREND)
    assert {r.name for r in t.needed_runs()} == {"two", "four", "six"}
    rising = {"two": _wipes([0, 1] * 100), "four": _wipes([1, 2] * 100), "six": _wipes([2, 3] * 100)}
    report = check_targets(rising, t)
    rows = dict(zip(report.table["metric"], report.table["status"]))
    assert rows == {"per_round:wipe": "holds", "fires:wipe": "holds"}
    assert math.isclose(report.table["value"][0], 0.1)  # each step: +1 crash a game over 10 rounds
    flat = {**rising, "six": _wipes([1, 2] * 100)}  # four -> six does not rise
    assert check_targets(flat, t).table["status"][0] == "undecided"
    falling = {**rising, "six": _wipes([0, 0] * 100)}
    assert check_targets(falling, t).table["status"][0] == "fails"
    # fires:wipe at its edge: 80 % of games with a wipe is inside "at least 80" only if the interval is
    edge = {**rising, "four": _wipes([1] * 160 + [0] * 40)}
    assert check_targets(edge, t).table["status"][1] == "undecided"
    above = {**rising, "four": _wipes([1] * 195 + [0] * 5)}
    below = {**rising, "four": _wipes([1] * 100 + [0] * 100)}
    assert [check_targets(x, t).table["status"][1] for x in (above, below)] == ["holds", "fails"]


def test_a_bad_rising_target_is_refused_naming_the_field():
    from bourbon_lab.design import Targets, TargetsError

    bad = {**_TREND, "targets": [{**_TREND["targets"][0], "rising": ["two", "eight"]}]}
    with pytest.raises(TargetsError, match=r"targets\[0\]\.rising: unknown run 'eight'"):
        Targets.from_dict(bad)
    bad = {**_TREND, "targets": [{**_TREND["targets"][0], "rising": ["two"]}]}
    with pytest.raises(TargetsError, match=r"targets\[0\]\.rising: expected a list of two or more"):
        Targets.from_dict(bad)
    bad = {**_TREND, "targets": [{**_TREND["targets"][0], "at_most": 3}]}
    with pytest.raises(TargetsError, match="a rising target takes at_least"):
        Targets.from_dict(bad)
