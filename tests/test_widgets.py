"""Widgets, Python side: state sync, a click plays exactly that action, refusals, the editor's validation."""

from __future__ import annotations

import json
import time

import pytest
from fakecomm import FakeComm

import bourbon_lab as bl
from bourbon_lab.widgets import BoardView, LiveStudy, RulesEditor, Stepper, board_state, simulated_game
from bourbon_lab.widgets.assets import BOARD_CSS, BOARD_ESM
from bourbon_lab.widgets.controls import rebalance

RULES = bl.Ruleset.default()


def test_assets_found_in_an_editable_install():
    assert BOARD_ESM.is_file() and BOARD_CSS.is_file()
    assert "export default" in BOARD_ESM.read_text()


def test_board_state_is_json_safe_and_complete():
    g = bl.new_game(RULES, 4, seed=3)
    state = board_state(g)
    assert json.loads(json.dumps(state)) == state
    assert state["zone"] == "Low" and state["multiplier"] == 1 and state["crash_in"] == RULES.crash_size - 1
    assert state["table"][0]["requirement"] == "any bourbon"
    assert len(state["players"]) == 4 and state["players"][0]["capital"] == 5
    assert [a["text"] for grp in state["actions"] for a in grp["actions"]] == [str(a) for a in g.legal_actions()]


def test_other_seats_warehouse_qualities_stay_hidden():
    g = bl.new_game(RULES, 2, seed=5)
    while not any(p.warehouse for p in g.players):
        g.apply(g.legal_actions()[0])
    owner = next(p.seat for p in g.players if p.warehouse)
    other = 1 - owner
    assert all(c["quality"] for c in board_state(g, viewer=owner)["players"][owner]["warehouse"])
    assert not any(c["quality"] for c in board_state(g, viewer=other)["players"][owner]["warehouse"])
    assert board_state(g, viewer=other)["legal"] == [] or g.current_player == other


def connected_board(game, **kwargs):
    """A board with a fake comm; at a table of people, the first person's tap is sent first, as a click."""
    board = BoardView(game, **kwargs)
    board.comm = comm = FakeComm()
    if board.handing_over is not None:
        assert board.legal_actions() == [] and "players" not in board.state  # nobody's view before the tap
        comm.click(f"@screen {board.handing_over}")
        assert board.handing_over is None and board.legal_actions()
    return board, comm


def test_state_trait_syncs_after_a_click_message():
    g = bl.new_game(RULES, 2, seed=1)
    board, comm = connected_board(g)
    first = board.legal_actions()[0]
    before = len(g.actions)
    comm.click(first)
    assert g.actions[before:] == [first]
    assert board.action == "" and board.error == ""
    updates = [m["state"] for m in comm.sent if m.get("method") in ("update", "echo_update")]
    pushed = [u["state"] for u in updates if "state" in u]
    assert pushed and pushed[-1] == board.state
    assert pushed[-1]["legal"] == [str(a) for a in g.legal_actions()]
    assert pushed[-1]["events"][-1]["seq"] == g.log[-1].seq


def test_an_illegal_click_shows_an_error_and_leaves_the_game_unchanged():
    g = bl.new_game(RULES, 2, seed=1)
    board, comm = connected_board(g)
    snap = g.snapshot()
    comm.click("end turn")
    assert "Not allowed: end turn" in board.error
    assert any(m.get("state", {}).get("error", "").startswith("Not allowed") for m in comm.sent)
    assert g.snapshot() == snap
    comm.click("fly to the moon")
    assert board.error.startswith("Not an action")
    assert g.snapshot() == snap
    assert board.play(board.legal_actions()[0]) and board.error == ""


def test_bots_move_on_their_own_until_a_human_is_to_act():
    g = bl.new_game(RULES, 3, seed=2)
    board = BoardView(g, bots={1: "heuristic", 2: "random"})
    assert g.current_player == 0
    for _ in range(40):
        assert board.play(board.legal_actions()[0])
        assert g.is_over or g.current_player == 0
    assert any(e.player in (1, 2) for e in g.log if e.kind in ("bill_kept", "turn_end", "bills_returned"))


def test_editor_is_generated_from_the_schema():
    from bourbon_lab.games.bourbonomics.schema import FIELDS

    editor = RulesEditor()
    assert set(editor.controls) == {f.name for f in FIELDS}
    assert editor.rules == RULES and editor.changes() == {}
    titles = editor.tabs.titles
    assert titles[:4] == ["Economy", "Market", "Departments", "Resources"] and "Content" in titles
    editor.tabs.buttons[2].value = True  # a click on "Departments"
    assert editor.tabs.selected_index == 2 and [b.value for b in editor.tabs.buttons].count(True) == 1
    editor.tabs.buttons[2].value = False  # clicking the shown group again keeps it shown
    assert editor.tabs.selected_index == 2 and editor.tabs.buttons[2].value
    variants = {v["name"] for v in bl.Ruleset.variants()}
    assert all(type(editor.controls[n]).__name__ == "ChoiceControl" for n in variants)


def test_editor_change_fires_observers_and_lists_it():
    editor = RulesEditor()
    seen = []
    editor.observe(lambda change: seen.append(change["new"]))
    editor.set_value("zone_multipliers", (1, 2, 4))
    assert editor.rules.zone_multipliers == (1, 2, 4)
    assert len(seen) == 1 and seen[0] is editor.rules
    assert "Zone multipliers" in editor.changed.value
    editor.reset()
    assert editor.rules == RULES and len(seen) == 2


def test_editor_refuses_an_invalid_combination_and_keeps_the_last_valid_rules():
    editor = RulesEditor()
    seen = []
    editor.observe(lambda change: seen.append(change))
    editor.set_value("mid_zone_from", 6)
    assert editor.rules == RULES and not seen
    assert "must be below Hot" in editor.controls["mid_zone_from"].message.value
    assert "Not applied" in editor.status.value
    editor.set_value("hot_zone_from", 6)
    editor.set_value("crash_size", 9)
    editor.set_value("hot_zone_from", 8)
    assert editor.problems == {}
    assert (editor.rules.mid_zone_from, editor.rules.hot_zone_from, editor.rules.crash_size) == (6, 8, 9)
    assert editor.controls["mid_zone_from"].message.value == ""


def test_start_capital_is_bounded_by_the_distilleries_and_refused_in_the_games_words():
    """Issue 13 item 4: start capital 0 was offered, then refused as "distilleries[hollow_creek] ... 0-3"."""
    lowest = min(d.capital for d in RULES.distilleries)
    weakest = min(RULES.distilleries, key=lambda d: d.capital)
    editor = RulesEditor()
    control = editor.controls["start_capital"].input
    assert control.min == -lowest == RULES.allowed_range("start_capital")[0] > 0
    editor.set_value("start_capital", 0)  # a control cannot go below its minimum: it stops at the lowest valid value
    assert editor.rules.start_capital == -lowest and editor.problems == {}
    with pytest.raises(bl.RulesetError) as refused:
        RULES.replace(start_capital=0)
    assert "start_capital" in refused.value.fields
    assert f"{weakest.name} would start with \u2212{-lowest} Capital" in str(refused.value)
    assert "distilleries[" not in str(refused.value)


def test_editor_lists_every_problem_in_words_and_keeps_reset_whole():
    editor = RulesEditor()
    editor.set_values({"mid_zone_from": 6, "min_players": 6, "max_players": 2})
    assert "Mid zone from" in editor.status.value and "Min players" in editor.status.value
    assert "Not applied" in editor.status.value and editor.reset_button.description == "Reset to default"
    assert editor.children[:2] == (editor.reset_button, editor.status)  # the message never squeezes the button
    editor.reset()
    assert editor.problems == {} and "valid" in editor.status.value


def test_quality_odds_stay_summing_to_100():
    editor = RulesEditor()
    odds = editor.controls["quality_odds"]
    odds.sliders[4].value = 20
    assert sum(odds.value) == 100 and odds.value[4] == 20
    assert editor.rules.quality_odds == odds.value
    assert rebalance([0, 0, 0, 0, 100], 4, 40) == [15, 15, 15, 15, 40]


def test_stepper_goes_forward_back_and_jumps_to_a_round():
    replay = simulated_game(RULES, players=2, bots="random", seed=0, game=0)
    stepper = Stepper(replay)
    assert stepper.position == 0 and stepper.steps == len(replay.actions)
    stepper.forward()
    assert stepper.position == 1 and stepper.step_events()
    assert replay.actions[0] in stepper.where.value
    stepper.jump_to_round(3)
    assert stepper.game.round == 3
    at = stepper.position
    stepper.back()
    assert stepper.position == at - 1 and stepper.game.round <= 3
    assert stepper.board.state["legal"] == []


def test_stepper_round_box_follows_the_game():
    """Issue 13 item 5: the round box showed round 1 while the board was at round 30."""
    stepper = Stepper(simulated_game(RULES, players=2, bots="random", seed=0, game=0))
    stepper.show(stepper.steps)
    assert stepper.game.round > 1 and stepper.round_box.value == stepper.game.round
    stepper.jump_to_round(2)
    assert stepper.round_box.value == stepper.game.round == 2
    stepper.show(0)
    assert stepper.round_box.value == 1


def test_stepper_over_a_live_game_and_an_action_list_replays_it_exactly():
    g = bl.new_game(RULES, 2, seed=4)
    for _ in range(30):
        g.apply(g.legal_actions()[-1])
    stepper = Stepper(g)
    stepper.show(stepper.steps)
    assert stepper.game.snapshot()["log"] == g.snapshot()["log"]
    listed = Stepper(list(g.actions), rules=RULES, seed=4, players=2)
    listed.show(30)
    assert listed.game.actions == g.actions


def test_stepper_plays_at_a_speed_and_pauses():
    stepper = Stepper(simulated_game(RULES, players=2, bots="random", seed=1))
    stepper.speed.value = 30
    stepper.play()
    time.sleep(0.4)
    stepper.pause()
    time.sleep(0.1)
    reached = stepper.position
    assert reached > 2
    time.sleep(0.2)
    assert stepper.position == reached


def test_live_study_redraws_after_a_change():
    study = LiveStudy(players=2, games=4, bots="random", workers=1, debounce=0.05)
    assert study.done.wait(60)
    assert study.comparison.table.height > 0
    study.editor.set_value("zone_multipliers", (1, 2, 6))
    time.sleep(0.1)
    assert study.done.wait(60)
    assert study.comparison.b.stamp != study.comparison.a.stamp
    assert "Zone multipliers" in study.label.value and study.progress.value == 2


def test_live_study_draws_a_quarter_of_the_games_first_then_all():
    study = LiveStudy(players=2, games=8, bots="random", workers=1, debounce=0.05)
    assert study.done.wait(60)
    labels = []
    study.label.observe(lambda change: labels.append(change["new"]), names="value")
    study.editor.set_value("zone_multipliers", (1, 2, 6))
    time.sleep(0.1)
    assert study.done.wait(60)
    partial = [text for text in labels if "refining" in text]
    assert partial and "of 8 games" in partial[0], labels
    drawn_first = int(partial[0].split("first ")[1].split(" of")[0])
    assert 2 <= drawn_first < 8
    assert labels.index(partial[0]) < len(labels) - 1 and "8 games" in labels[-1]
    assert study.comparison.table["games"].to_list()[0] == 8
    assert 0 < study.first_seconds <= study.last_seconds


def test_altair_renderer_is_offline():
    import altair as alt

    assert alt.renderers.active == "jupyter"


def test_warehouse_cards_carry_the_ids_the_board_clicks_by():
    """The board marks a warehouse card clickable by its ``id`` (``data-target``): each is the card's own id."""
    g = bl.new_game(RULES, 2, seed=5)
    while not any(p.warehouse for p in g.players):
        g.apply(g.legal_actions()[0])
    owner = next(p.seat for p in g.players if p.warehouse)
    shown = board_state(g, viewer=owner)["players"][owner]["warehouse"]
    assert [c["id"] for c in shown] == [c.id for c in g.players[owner].warehouse]
    assert [c["kind"] for c in shown] == [c.kind for c in g.players[owner].warehouse]
