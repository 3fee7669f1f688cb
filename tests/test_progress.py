"""Issue 50 part 5: every long call shows one progress bar with a total (so tqdm gives the time left).

A call that plays several runs (``compare`` at skill levels, the ladder, restricted play, targets at a
table) opens one bar over all their games; the runs inside advance it instead of opening their own.
The bars are tqdm's, recorded here: each writes to its own text buffer and prints every update.
"""

from __future__ import annotations

import re

import pytest
from tqdmbars import shown

import bourbon_lab as bl
from bourbon_lab.dashboard.store import Study
from bourbon_lab.design import check_targets
from bourbon_lab.design.check import play_run, run_games
from bourbon_lab.design.restricted import choose_mechanics, restricted_across
from bourbon_lab.design.targets import Run, as_targets
from bourbon_lab.sim.progress import progress_bar, time_left

MICRO = bl.default_rules("microbrew")
QUICK = {"players": 2, "workers": 1}


def one_bar(bars, total: int, desc: str):
    """The one bar shown: it counted ``total`` games of ``total``, said what ran, and estimated the time left."""
    (bar,) = shown(bars)
    text = bar.fp.getvalue()
    assert (bar.total, bar.n) == (total, total)
    assert f"{desc}:" in text and f"| 0/{total} [" in text and f"| {total}/{total} [" in text
    assert {int(t) for t in re.findall(r"\| \d+/(\d+) \[", text)} == {total}  # no inner run's bar of its own
    assert re.search(r"\| [1-9]\d*/\d+ \[\d\d:\d\d<\d\d:\d\d", text)  # elapsed<left once a game is in
    return bar


def test_the_ladder_shows_one_bar_over_every_tables_games(bars):
    bl.ladder("microbrew", ["random", "heuristic", "advertise"], games=9, progress=True, **QUICK)
    one_bar(bars, 9, "ladder")  # 3 tables of 2 from 3 bots, 3 games each


def test_compare_at_skill_levels_shows_one_bar_over_both_rulesets_at_every_level(bars):
    other = MICRO.replace(advertise_per_loyal=MICRO.advertise_per_loyal + 1)
    c = bl.compare(MICRO, other, games=3, metrics=["rounds"], skill=["random", "heuristic"], progress=True, **QUICK)
    assert list(c.levels) == ["random", "heuristic"]
    one_bar(bars, 2 * 3 * 2, "compare at skill levels")


def test_compare_shows_one_bar_over_both_runs(bars):
    bl.compare(MICRO, MICRO, games=4, bots="random", progress=True, **QUICK)
    one_bar(bars, 8, "compare")


def test_restricted_play_across_levels_shows_one_bar_over_every_level_and_mechanic(bars):
    barred = [m.name for m in choose_mechanics("microbrew") if m.actions][:2]
    restricted_across(MICRO, levels=["random", "heuristic"], games=2, mechanics=barred, progress=True, **QUICK)
    one_bar(bars, 2 * 2 * (1 + len(barred)), "restricted play")  # levels x games x (baseline + each mechanic)


def test_targets_at_a_table_show_one_bar_over_every_run(bars):
    runs = as_targets(None, "microbrew").needed_runs()
    report = check_targets(MICRO, table="random", games=2, progress=True, workers=1)
    assert set(report.played_by.values()) == {"2 x random"}
    one_bar(bars, 2 * len(runs), "targets")


def test_a_run_split_between_lineups_counts_every_lineups_games(bars):
    lineups = (("standard", "hollow_creek"), ("copper_kettle", "standard"), ("hollow_creek", "copper_kettle"))
    run = Run("lineups", players=2, bots=("heuristic",), lineups=lineups)
    assert run_games(run, 7) == 6  # 7 games split 3 ways: 2 a lineup
    result = play_run(bl.Ruleset.default(), run, games=7, seed=0, workers=1, progress=True)
    assert result.games.height == 6
    (bar,) = shown(bars)
    assert (bar.total, bar.n) == (6, 6)


def test_simulate_alone_still_shows_its_own_bar(bars):
    bl.simulate(MICRO, games=5, bots="random", progress=True, **QUICK)
    (bar,) = shown(bars)
    assert (bar.total, bar.n) == (5, 5)


@pytest.mark.parametrize(
    "call",
    [
        lambda: bl.ladder("microbrew", ["random", "heuristic"], games=2, progress=False, **QUICK),
        lambda: bl.compare(MICRO, MICRO, games=2, skill=["random"], metrics=["rounds"], progress=False, **QUICK),
        lambda: restricted_across(MICRO, levels=["random"], games=2, mechanics=["job_brew"], progress=False, **QUICK),
        lambda: check_targets(MICRO, table="random", games=2, progress=False, workers=1),
    ],
    ids=["ladder", "compare", "restricted", "targets"],
)
def test_progress_false_prints_nothing(call, capsys):
    call()
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


def test_progress_true_prints_to_the_terminal(capsys):
    """Without the recorder: the real tqdm bar reaches stderr, named, with its total."""
    bl.ladder("microbrew", ["random", "heuristic"], games=2, progress=True, **QUICK)
    err = capsys.readouterr().err
    assert "ladder:" in err and "/2 [" in err


def test_a_bar_inside_another_is_the_outer_one(bars):
    with progress_bar(5, True, desc="outer") as outer:
        with progress_bar(2, True, desc="inner") as inner:
            inner.update(2)
    assert inner is outer and len(shown(bars)) == 1 and outer.n == 2


def test_time_left_says_how_far_and_tqdms_estimate():
    assert time_left(12, 40, 45.0) == "12 of 40 games, 00:45 so far, about 01:45 left"
    assert time_left(0, 40, 3.0) == "0 of 40 games, 00:03 so far"  # no estimate before the first game
    assert time_left(40, 40, 150.0) == "40 of 40 games, 02:30 so far"


def test_the_dashboards_run_says_how_far_it_is():
    """The dashboard's runs (a search bot's study is long) report progress in words with the time left."""
    study = Study(rules=MICRO, players=2, games=4, bots="random", auto_run=False)
    seen = []
    study.param.watch(lambda e: seen.append(e.new), "eta")
    assert study.run()
    assert seen and seen[-1].startswith("4 of 4 games, ") and "so far" in seen[-1]
    assert all(re.fullmatch(r"\d of 4 games, \d\d:\d\d so far(, about \d\d:\d\d left)?", s) for s in seen)
