"""Microbrew through every layer of the lab (issue 19, item 9): the CLI with ``--game microbrew``, the
dashboard's Study and Game tabs, LiveStudy, the Stepper in Microbrew's own sentences, the scenarios,
and the RulesEditor built from its schema. Small samples: each layer is checked to work on this
game, not measured (``benchmarks/bench_microbrew.py`` measures).
"""

from __future__ import annotations

import re

import pytest

import bourbon_lab as bl
from bourbon_lab.cli import main
from bourbon_lab.dashboard import GameTable, Study, StudySetup, load_setup
from bourbon_lab.dashboard.app import GameApp
from bourbon_lab.design import Targets
from bourbon_lab.games.microbrew.ruleset import DATA
from bourbon_lab.widgets import LiveStudy, RulesEditor, Stepper, simulated_game

RULES = bl.default_rules("microbrew")
TARGETS = DATA / "targets.yaml"
SMALL = StudySetup(rules=RULES, players=2, bots=("heuristic",), games=4)


# --- the command line


def test_simulate_and_ladder_play_microbrew(capsys):
    assert main(["simulate", "--game", "microbrew", "--players", "2", "--games", "4", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "ended by:" in out and "round_limit" not in out
    bots = "perfect,advertise,random"
    assert main(["ladder", "--game", "microbrew", "--games", "4", "--bots", bots, "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert all(b in out for b in bots.split(","))


def test_check_and_replay_run_microbrews_lessons(capsys):
    assert main(["check", "--game", "microbrew"]) == 0
    out = capsys.readouterr().out
    passed = re.search(r"(\d+) of (\d+) scenario\(s\) passed", out)
    assert "FAIL" not in out and "ERROR" not in out and passed[1] == passed[2] and int(passed[1]) >= 6
    assert main(["replay", "--game", "microbrew", "scenarios/microbrew/the-free-brew.yaml"]) == 0
    out = capsys.readouterr().out
    assert "P1 takes the free Brew." in out  # the game's own sentence, not kind and data


def test_rules_lists_microbrews_fields_and_variants_and_refuses_another_games_scenario(capsys):
    assert main(["rules", "--game", "microbrew", "--all"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ("brew_chain", "ferment_match", "replacement", "advertise_per_loyal"))
    assert main(["replay", "--game", "microbrew", "scenarios/ultimates-warehouse.yaml"]) == 2
    assert "not microbrew" in capsys.readouterr().err


def test_publish_writes_a_microbrew_report(tmp_path, capsys):
    args = ["publish", "--game", "microbrew", "--games", "4", "--players", "2", "--out", str(tmp_path)]
    assert main(args) == 0
    page = (tmp_path / "index.html").read_text()
    assert "Microbrew study" in page and (tmp_path / "charts" / "win_rate.svg").is_file()
    assert main([*args[:-4], "--players", "5", "--out", str(tmp_path)]) == 2
    assert "--players: 5 is outside 2-4" in capsys.readouterr().err


def test_targets_file_holds_the_issues_seat_and_path_targets():
    """Issue 19, item 7: "the second seat within ±5 points of even, both of the book's paths viable (neither
    above 65 % head to head)" - seat targets for both mirrors and the mixed table, dominance for the mixed one."""
    t = Targets.load(TARGETS)
    assert t.game == "microbrew" and all(x.source == "ours" and x.why for x in t.targets)
    seats = {t.runs[x.run].bots: x.hi for x in t.targets if x.metric == "turn_order_spread"}
    assert seats == {("heuristic",): 5, ("advertise",): 5, ("perfect", "advertise"): 5}
    paths = [(t.runs[x.run].bots, x.hi) for x in t.targets if x.metric == "strategy_dominance"]
    assert paths == [(("perfect", "advertise"), 65)]
    assert {r.players for r in t.runs.values()} == {2}


def test_targets_command_checks_microbrews_file_on_real_games(capsys):
    assert main(["targets", str(TARGETS), "--game", "microbrew", "--games", "4", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    floors = [x for x in Targets.load(TARGETS).targets if x.group == "fires:*"]  # issue 29: one a mechanic
    assert "runs perfect, advertise, mixed" in out and f"of {4 + len(floors)} hold" in out
    statuses = re.findall(r"^ +(holds|fails|undecided|not measured) +(?!fires:)", out, re.M)
    assert len(statuses) == 4 and "not measured" not in statuses
    assert "fires:*: " in out and f" of {len(floors)} hold, each ≥ 1" in out


def test_dashboard_refuses_a_bad_game_in_one_line(capsys):
    assert main(["dashboard", "--game", "microbrews", "--no-show"]) == 2
    assert "microbrews" in capsys.readouterr().err
    assert load_setup(None, "microbrew").rules.to_dict() == RULES.to_dict()


# --- the dashboard


def test_study_tab_runs_microbrew_and_the_game_tab_draws_its_board():
    s = Study.from_setup(SMALL)
    assert s.run() and s.result.game == "microbrew" and s.result.games.height == 4
    assert set(s.result.games["ended_by"].unique()) <= {"deck_out", "all_loyal"}
    app = GameApp(SMALL, served=False)
    assert app.game == "microbrew" and "Microbrew" in app.title.object
    assert all(pane.object is not None for pane in app.tabs.views[0].panes.values())
    table = app.tabs.stores[2]
    assert table.state["title"] == "Microbrew" and [j["job"] for j in table.state["brewery"]][0] == "brew"


def test_game_table_steps_bots_and_refuses_an_illegal_click():
    t = GameTable(rules=RULES, players=2, seed=3)
    while t.game.step != "place":
        t.step(1)
    snapshot = t.game.snapshot()
    assert not t.play("place nowhere.1") and "assign a single brewer" in t.error
    assert t.game.snapshot() == snapshot
    assert t.play(t.game.legal_actions()[0]) and t.error == ""


# --- the notebook widgets


def test_live_study_takes_microbrew_and_sees_a_rule_change():
    study = LiveStudy(game="microbrew", players=2, games=4, bots="heuristic", workers=1, debounce=0.05)
    assert study.done.wait(300) and study.comparison is not None
    study.editor.set_value("advertise_per_loyal", 8)
    study.refresh(wait=True)
    a, b = study.comparison.a, study.comparison.b
    assert a.game == b.game == "microbrew" and study.editor.rules.advertise_per_loyal == 8
    assert set(study.charts(study.comparison)) == {"difference", "before", "after"}


def test_stepper_tells_a_whole_game_in_microbrews_sentences():
    replay = simulated_game(RULES, players=2, bots="heuristic", seed=2)
    stepper = Stepper(replay)
    told = []
    while stepper.forward():
        told += stepper.step_events()
    assert stepper.game.is_over and stepper.game.actions == list(replay.actions)
    assert any(t.startswith("P0 places a brewer on ") for t in told)
    assert any(" slides a " in t for t in told) and any(t.startswith("Final loyal customers ") for t in told)
    assert not any(t.startswith(("P0: ", "P1: ", "The table: ")) for t in told)  # no generic sentence left
    assert stepper.board.state["title"] == "Microbrew" and stepper.board.state["legal"] == []


def test_rules_editor_gives_every_field_a_control_and_refuses_a_bad_value():
    editor = RulesEditor(game="microbrew")
    names = [spec.name for spec in RULES.schema()]
    assert sorted(editor.controls) == sorted(names) and len(names) > 40
    editor.set_values({})
    assert editor.problems == {} and editor.changes() == {}
    editor.set_value("advertise_per_loyal", 99)  # the box keeps to the field's range (0-8)
    assert editor.problems == {} and editor.rules.advertise_per_loyal == 8
    editor.set_value("advertise_per_loyal", 6)
    assert editor.problems == {} and editor.rules.advertise_per_loyal == 6
    editor.set_value("brew_chain", "may_stop" if RULES.brew_chain != "may_stop" else "must_continue")
    assert editor.problems == {} and editor.rules.brew_chain != RULES.brew_chain


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"tin": [2, 2, 2, 6]}, {"tin"}),
        ({"copper_rows": 3}, {"customers", "recipes"}),
        ({"brewers_start": 3, "brewers_max": 2}, {"brewers_max"}),
    ],
)
def test_a_combination_the_ruleset_refuses_is_shown_beside_its_field_and_not_applied(changes, named):
    editor = RulesEditor(game="microbrew")
    editor.set_values(changes)
    assert set(editor.problems) == named and editor.rules.to_dict() == RULES.to_dict()


def test_a_microbrew_study_starts_at_its_own_first_table():
    """Issue 30: "The dashboard starts Microbrew at 4 players; the game's own default table size should be its
    first"."""
    assert StudySetup.for_game("microbrew").players == 2
    assert StudySetup.for_game("distilled").players == 4 and StudySetup.for_game("gin_crafters").players == 4
