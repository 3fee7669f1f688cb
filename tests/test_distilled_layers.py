"""Distilled through every layer of the lab (issue 17, item 9): the command line, the dashboard,
LiveStudy, the Stepper, scenarios and the RulesEditor, each with ``--game distilled`` or ``game=``.

Small samples: these check that each layer takes the game and shows its own things (its board,
its sentences, its rules), not the game's balance.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import bourbon_lab as bl
from bourbon_lab.cli import main
from bourbon_lab.dashboard import Study, StudySetup, load_setup, parse_upload
from bourbon_lab.dashboard.app import GameApp
from bourbon_lab.widgets import BoardView, LiveStudy, RulesEditor, Stepper, simulated_game

RULES = bl.default_rules("distilled")
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "distilled"


# --- the command line ----------------------------------------------------------------------------


def test_cli_simulate_and_ladder_play_distilled(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["simulate", "--game", "distilled", "--games", "4", "--workers", "1", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "4 games of distilled, 4 players" in printed and "ended by: rounds 4" in printed
    assert {p.name for p in out.glob("*.parquet")} >= {"games.parquet", "events.parquet", "score_parts.parquet"}
    assert main(["ladder", "--game", "distilled", "--games", "2", "--bots", "ager,seller", "--workers", "1"]) == 0
    assert "ager" in capsys.readouterr().out


def test_cli_check_replay_and_rules(capsys):
    assert main(["check", "--game", "distilled", str(SCENARIOS)]) == 0
    printed = capsys.readouterr().out
    assert printed.count("PASS") == len(list(SCENARIOS.glob("*.yaml"))) and "FAIL" not in printed
    assert main(["replay", "--game", "distilled", str(SCENARIOS / "tasting-only-without-a-sale.yaml")]) == 0
    replay = capsys.readouterr().out
    assert "offers a tasting" in replay and "Washbacks revealed" in replay  # the game's own sentences
    assert main(["rules", "--game", "distilled", "--all"]) == 0
    rules = capsys.readouterr().out
    assert "full_warehouse" in rules and "flavour_bonus" in rules


def test_cli_refuses_a_bad_player_count_in_one_line(capsys):
    assert main(["simulate", "--game", "distilled", "--players", "6", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "6" in err and "\n" not in err


def test_cli_publish_writes_a_distilled_report(tmp_path):
    assert main(["publish", "--game", "distilled", "--games", "4", "--players", "3", "--out", str(tmp_path)]) == 0
    page = (tmp_path / "index.html").read_text()
    assert "Distilled study" in page
    assert (tmp_path / "charts" / "score_by_source.svg").read_text().lstrip().startswith("<svg")


# --- the dashboard -------------------------------------------------------------------------------


def test_dashboard_defaults_and_study_tab_run_distilled():
    setup = load_setup(None, "distilled")  # what `bourbon-lab dashboard --game distilled` starts from
    assert setup.game == "distilled" and setup.bots == ("heuristic",) and setup.rules.to_dict() == RULES.to_dict()
    s = Study.from_setup(dataclasses.replace(setup, games=6))
    assert s.param.players.bounds == (2, 5)
    assert s.run() and s.result.game == "distilled" and s.result.games.height == 6
    assert set(s.result.games["rounds"].to_list()) == {7}


def test_dashboard_game_tab_draws_distilleds_own_board():
    app = GameApp(dataclasses.replace(StudySetup.for_game("distilled"), games=4), served=False)
    study, _ab, table = app.tabs.stores
    assert study.game == table.game_name == "distilled"
    state = table.state
    assert state["title"] == "Distilled" and {"market", "awards", "players"} <= set(state)
    assert json.loads(json.dumps(state)) == state


def test_a_distilled_scenario_sets_up_a_dashboard_study():
    setup = parse_upload((SCENARIOS / "heuristic-games-keep-the-rules.yaml").read_bytes(), "h.yaml")
    assert setup.game == "distilled" and setup.players == 4


# --- the notebook widgets ------------------------------------------------------------------------


def test_board_view_uses_distilleds_own_files():
    board = BoardView(bl.new_game(RULES, 3, seed=2), bots={1: "heuristic", 2: "seller"})
    esm = Path(bl.games.distilled.__file__).with_name("board.js").read_text()
    assert board._esm.endswith(esm) and "market" in board.state
    assert not board.play("distill") and board.error.startswith("Not allowed: distill")
    assert board.play(board.legal_actions()[0]) and board.error == ""


def test_live_study_takes_distilled():
    study = LiveStudy(game="distilled", players=2, games=4, workers=1, debounce=0.05)
    assert study.done.wait(300) and study.comparison is not None
    assert study.comparison.a.games.height == 4


def test_stepper_narrates_in_distilleds_sentences():
    stepper = Stepper(simulated_game(RULES, players=2, bots="heuristic", seed=3))
    told = []
    while stepper.forward():
        told += stepper.step_events()
    assert stepper.game.is_over and stepper.game.round == 7
    assert any(t.startswith("Washbacks revealed:") for t in told)
    assert any(" distils: " in t for t in told) and any(" sells " in t for t in told)
    assert not any("(hidden)" in t for t in told)  # a designer replaying reads everything


def test_rules_editor_has_a_control_for_every_field_and_refuses_a_bad_value():
    editor = RulesEditor(RULES)
    names = [s.name for s in editor.specs]
    assert set(names) == {s.name for s in type(RULES).FIELDS} and set(names) <= set(editor.controls)
    editor.set_values({})
    assert editor.problems == {} and editor.changes() == {}
    box = editor.controls["cube_cost"].inputs[0]  # a kind of the game's own: a JSON text box
    box.value = '{"bronze": 2, "silver": 4, "gold": 99}'
    assert "gold: 99 is outside 0-12" in editor.problems["cube_cost"] and editor.rules.cube_cost == RULES.cube_cost
    box.value = '{"bronze": 2, "silver": 4, "gold": 7}'
    assert editor.problems == {} and editor.rules.cube_cost["gold"] == 7
    editor.set_values({"cut_top": 2, "cut_bottom": 2})  # each in range; together the book's washback is empty
    assert "cut_bottom" in editor.problems and editor.rules.cut_top == RULES.cut_top


@pytest.mark.parametrize("variant", [v["name"] for v in RULES.variants()])
def test_every_variant_has_a_menu(variant):
    editor = RulesEditor(RULES)
    menu = editor.controls[variant].inputs[0]
    choices = next(v for v in RULES.variants() if v["name"] == variant)["choices"]
    assert [value for _label, value in menu.options] == list(choices)
