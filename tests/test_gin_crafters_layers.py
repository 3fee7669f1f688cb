"""Every layer of the lab with Gin Crafters (issue #18 item 9): the command line, the dashboard, LiveStudy,
the Stepper, the scenarios and the RulesEditor, each on small real runs.

The board in a real browser is tests/test_gin_crafters_browser.py (slow); its view model and sentences are
tests/test_gin_crafters_presentation.py.
"""

from __future__ import annotations

import json

import pytest

import bourbon_lab as bl
from bourbon_lab.cli import main
from bourbon_lab.dashboard import GameTable, Study, StudySetup, load_setup
from bourbon_lab.dashboard.app import GameApp
from bourbon_lab.dashboard.board import board_component
from bourbon_lab.dashboard.controls import rule_controls
from bourbon_lab.games.gin_crafters import BOARD
from bourbon_lab.games.gin_crafters.narrate import describe
from bourbon_lab.widgets import LiveStudy, RulesEditor, Stepper, simulated_game

GAME = "gin_crafters"
RULES = bl.default_rules(GAME)


def _cli(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# --- the command line ----------------------------------------------------------------------------------


def test_cli_rules_simulate_and_ladder(capsys):
    code, out, _ = _cli(capsys, "rules", "--game", GAME)
    assert code == 0 and out.startswith("Rule variants") and "final_turns" in out
    code, out, _ = _cli(capsys, "simulate", "--game", GAME, "--games", "6", "--players", "3")
    assert code == 0 and "ended by: target 6" in out
    code, out, _ = _cli(capsys, "ladder", "--game", GAME, "--games", "4", "--bots", "tempo,random")
    assert code == 0 and "tempo" in out and "random" in out


def test_cli_check_and_replay_use_the_games_scenarios_and_sentences(capsys):
    code, out, _ = _cli(capsys, "check", "--game", GAME)
    assert code == 0 and out.rstrip().endswith("of 8 scenario(s) passed") and "ERROR" not in out
    code, out, _ = _cli(capsys, "replay", "--game", GAME, "scenarios/gin_crafters/borrowing-pays-the-lender.yaml")
    assert code == 0 and "P1 lends a herbal botanical to P0 for gin G20." in out
    assert "P1 receives 2 coins (lend from P0's borrowing)." in out
    code, _, err = _cli(capsys, "replay", "--game", "microbrew", "scenarios/gin_crafters/two-juniper-gin.yaml")
    assert code != 0 and "a gin_crafters scenario, not microbrew" in err


def test_cli_publish_and_dashboard_start_from_the_games_defaults(capsys, tmp_path, monkeypatch):
    code, _, err = _cli(capsys, "publish", "--game", GAME, "--games", "4", "--players", "2", "--out", str(tmp_path))
    assert code == 0, err
    assert "<h1>Gin Crafters study: defaults</h1>" in (tmp_path / "index.html").read_text()
    served = {}
    monkeypatch.setattr("bourbon_lab.dashboard.app.serve", lambda *a, **k: served.update(k))
    assert main(["dashboard", "--game", GAME, "--no-show"]) == 0
    assert served["game"] == GAME and served["show"] is False
    setup = load_setup(None, GAME)
    assert setup.game == GAME and setup.rules.to_dict() == RULES.to_dict()


# --- the dashboard -------------------------------------------------------------------------------------


def test_dashboard_study_tab_runs_and_game_tab_draws_the_games_board():
    s = Study.from_setup(StudySetup.for_game(GAME))
    assert s.bots == "heuristic" and s.param.players.bounds == (2, 4)
    assert s.run() and s.result.game == GAME and s.result.games["ended_by"].to_list() == ["target"] * s.games
    component, css = board_component(GAME)
    assert component._esm.endswith(BOARD.esm.read_text()) and css.endswith(BOARD.css.read_text())
    app = GameApp(StudySetup.for_game(GAME), served=False)
    study_view = app.tabs.views[0]
    assert all(pane.object is not None for pane in study_view.panes.values())
    table = app.tabs.stores[2]
    assert table.game_name == GAME and table.state["title"] == "Gin Crafters"
    assert [m["kind"] for m in table.state["markets"]] == ["botanical", "juniper"]


def test_game_table_steps_and_refuses_an_illegal_click():
    t = GameTable(rules=RULES, players=2, seed=3)
    t.step(5)
    before = t.game.snapshot()
    assert not t.play("distill G99") and "Distillation: all the ingredients" in t.error
    assert t.game.snapshot() == before


# --- LiveStudy and the Stepper -------------------------------------------------------------------------


def test_live_study_takes_gin_crafters_and_sees_a_rule_change():
    study = LiveStudy(game=GAME, players=2, games=6, workers=1, debounce=0.05)
    assert study.done.wait(240) and study.comparison is not None
    study.editor.set_value("end_vp", 21)
    study.refresh(wait=True)
    assert study.editor.problems == {} and study.editor.rules.end_vp == 21
    a, b = study.comparison.a, study.comparison.b
    assert b.games["rounds"].mean() < a.games["rounds"].mean()  # a shorter race ends sooner


def test_stepper_narrates_with_the_games_own_sentences():
    replay = simulated_game(RULES, players=3, bots="heuristic", seed=2)
    stepper = Stepper(replay)
    told = []
    while stepper.forward():
        told += stepper.step_events()
    g = stepper.game
    assert g.is_over and g.actions == list(replay.actions)
    assert set(told) <= {describe(e, None) for e in g.log} and any(" distils gin " in t for t in told)
    assert any(t.startswith("Game over (target); winner") for t in told)
    assert stepper.board.state["markets"] and stepper.board.state["legal"] == []


# --- the RulesEditor -----------------------------------------------------------------------------------


def test_rules_editor_has_a_control_for_every_field_and_takes_them_back_unchanged():
    editor = RulesEditor(RULES)
    assert set(editor.controls) == {s.name for s in RULES.schema()}
    editor.set_values({})
    assert editor.problems == {} and editor.changes() == {}
    assert type(editor.controls["gin_vp"]).__name__ == "JsonControl"
    assert type(editor.controls["final_turns"]).__name__ == "ChoiceControl"
    acc = rule_controls(RULES, lambda n, v: None, print)
    assert set(acc.rule_widgets) == {s.name for s in RULES.schema()}


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("end_vp", 20, "bonus_thresholds"),  # the 20-point bonus mark would no longer be below the end
        ("bonus_thresholds", (20, 10), "bonus_thresholds"),
        ("final_turns", "whenever", "final_turns"),
    ],
)
def test_rules_editor_refuses_a_bad_value_and_keeps_the_rules(field, value, why):
    editor = RulesEditor(RULES)
    editor.set_value(field, value)
    assert why in editor.problems and editor.rules.to_dict() == RULES.to_dict()


def test_rules_editor_json_box_refuses_a_gin_vp_table_missing_shapes():
    editor = RulesEditor(RULES)
    box = editor.controls["gin_vp"].input
    box.value = json.dumps({"single": 3})
    assert "gin_vp" in editor.problems and editor.rules.gin_vp == RULES.gin_vp
    box.value = json.dumps({**dict(RULES.gin_vp), "all_five": 12})
    assert editor.problems == {} and dict(editor.rules.gin_vp)["all_five"] == 12
