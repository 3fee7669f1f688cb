"""The widgets and the dashboard for a game that is not Bourbonomics: Tip Jar (tests/toygame.py).

Tip Jar has what Bourbonomics lacks (a hidden commit group, an out-of-turn challenge, payments to
another player), no board of its own and no sentences of its own, so everything here runs on the
generic layer: the generic board model, generic sentences, a RulesEditor from a bare schema, the
common charts. A few tests register a changed copy of Tip Jar to check that a game's own hooks win.
"""

from __future__ import annotations

import dataclasses
import json

import panel as pn
import pytest
import toygame

import bourbon_lab as bl
from bourbon_lab.core import BoardDef, FieldRuleset, FieldSpec, register_game, register_kind
from bourbon_lab.dashboard import GameTable, Study, StudySetup, load_setup, parse_upload, summary_tables
from bourbon_lab.dashboard.app import GameApp
from bourbon_lab.dashboard.board import board_component
from bourbon_lab.dashboard.controls import rule_controls
from bourbon_lab.widgets import BoardView, LiveStudy, RulesEditor, Stepper, board_state, simulated_game
from bourbon_lab.widgets.assets import BOARD_ESM, GENERIC_CSS, GENERIC_ESM, table_text
from bourbon_lab.widgets.session import TableSession

TIP = toygame.TipRules()


@pytest.fixture
def hooked_tipjar():
    """Register Tip Jar again with changes (its own hooks); the plain game comes back afterwards."""

    def register(**changes):
        return register_game(dataclasses.replace(toygame.GAME, **changes))

    yield register
    toygame.register()


def first_commit_round(seed: int = 2) -> bl.core.GameState:
    """A 3-player Tip Jar table in its first bidding round."""
    return bl.new_game(TIP, 3, seed=seed)


# --- the board --------------------------------------------------------------------------------------


def test_generic_board_shows_the_decision_panels_and_every_legal_action():
    g = first_commit_round()
    state = board_state(g, viewer=1)
    assert json.loads(json.dumps(state)) == state
    assert state["title"] == "Tip Jar (test-only)" and state["round"] == 1
    assert state["decision"] == {
        "actor": 0,
        "step": "bid",
        "turn_owner": None,
        "group": [0, 1, 2],
        "interrupt": None,
        "out_of_turn": False,
    }
    # seat 1 is in the commit group although seat 0 is the actor: it may commit now
    assert state["legal"] == [str(a) for a in g.legal_actions(player=1)] == ["bid 0", "bid 1", "bid 2"]
    assert [a["text"] for grp in state["actions"] for a in grp["actions"]] == state["legal"]
    assert [p["seat"] for p in state["players"]] == [0, 1, 2] and all(p["to_act"] for p in state["players"])
    assert ["Coins", "3"] in state["players"][2]["fields"]  # "coins" has one entry per seat: a player line
    assert ["Deck", "20"] in state["public"]
    # a score may count hidden things (Tip Jar's is imperfect information): shown once the game is over
    assert "score" not in state["players"][0]


def test_a_commit_stays_hidden_from_the_others_until_the_reveal():
    g = first_commit_round()
    g.apply("bid 2 @1", player=1)
    own = [e["text"] for e in board_state(g, viewer=1)["events"]]
    other = [e["text"] for e in board_state(g, viewer=0)["events"]]
    assert own == ["P1: bid committed (bid 2)."]
    assert other == ["P1: bid committed (hidden)."]
    assert board_state(g, viewer=0)["decision"]["group"] == [0, 2]


def test_a_hot_seat_board_reads_the_events_as_the_seat_to_act():
    """One screen passed round a table: "what happened" must not show the next seat another's hidden bid."""
    g = first_commit_round()
    g.apply("bid 2 @1", player=1)
    assert g.decision.actor == 0
    assert [e["text"] for e in board_state(g)["events"]] == ["P1: bid committed (hidden)."]


def test_out_of_turn_challenge_is_shown_with_its_reason():
    g = first_commit_round()
    for seat, bid in ((0, 2), (1, 0), (2, 1)):
        g.apply(f"bid {bid}", player=seat)
    state = board_state(g, viewer=2)  # seat 0 bid highest; the seat on its right may challenge
    assert state["decision"]["interrupt"] == "challenge" and state["decision"]["turn_owner"] == 0
    assert state["decision"]["actor"] == 2 and state["legal"] == ["allow", "challenge"]
    assert board_state(g, viewer=1)["legal"] == []
    payments = [e["text"] for e in state["events"] if e["kind"] == "income"]
    assert "P1: income (amount 2, source tip, from P0)." in payments


def test_bots_commit_and_answer_and_a_person_commits_for_their_own_seat():
    g = first_commit_round()
    session = TableSession(g, bots={0: "random", 2: "random"})
    session.run_bots()
    assert session.viewer == 1 and sorted(g.bids) == [0, 2]  # both bots committed; seat 1 is waited for
    assert session.state()["legal"] == ["bid 0", "bid 1", "bid 2"]
    session.play("bid 1")
    revealed = [e for e in g.log if e.kind == "bids_revealed"]
    assert len(revealed) == 1 and revealed[0].data["bids"][1] == 1

    g = first_commit_round()
    session = TableSession(g, bots={2: "random"}, viewer=1)  # two people, one bot
    session.run_bots()
    assert g.decision.group == (0, 1) and g.decision.actor == 0
    session.play("bid 2")  # seat 1 commits before the actor, seat 0
    assert g.actions[-1] == "bid 2 @1" and g.bids[1] == 2 and g.decision.group == (0,)


def test_an_illegal_click_names_the_rule_and_leaves_the_game_unchanged():
    g = first_commit_round()
    board = BoardView(g, bots={0: "random", 2: "random"})
    before = json.dumps(g.snapshot(), sort_keys=True)
    assert not board.play("bid 9")
    assert board.error == "Not allowed: bid 9 — not possible now (bid)"
    assert json.dumps(g.snapshot(), sort_keys=True) == before
    assert board.play(board.legal_actions()[0]) and board.error == ""


def test_board_view_loads_the_games_own_esm_or_the_generic_one(hooked_tipjar, tmp_path):
    tip = BoardView(first_commit_round())
    bourbon = BoardView(bl.new_game(bl.Ruleset.default(), 2, seed=1))
    assert isinstance(tip, BoardView) and tip._esm == table_text(GENERIC_ESM, GENERIC_CSS)[0]
    # one class per set of files, so the two boards' styles never replace each other in a notebook
    assert isinstance(bourbon, BoardView) and tip._anywidget_id != bourbon._anywidget_id
    assert bourbon._esm.endswith(BOARD_ESM.read_text()) and "function blHandover" in bourbon._esm
    assert "handover" in bourbon.state and bourbon.take_screen()  # two people: the first one taps to start
    assert bourbon.state["zone"] == "Low"
    esm = tmp_path / "tip.js"
    esm.write_text("export default { render() {} };\n")
    hooked_tipjar(board=BoardDef(view=lambda g, viewer: {"jar": sum(g.coins)}, esm=esm))
    own = BoardView(first_commit_round())
    assert own.take_screen() and own._esm.endswith(esm.read_text())
    assert own.state["jar"] == 9 and "events" in own.state
    component, _css = board_component("tipjar")
    assert component._esm.endswith(esm.read_text())


# --- the stepper --------------------------------------------------------------------------------------


def test_stepper_narrates_a_tip_jar_game_in_generic_sentences():
    replay = simulated_game(TIP, players=3, bots="random", seed=4)
    stepper = Stepper(replay)
    seen = []
    while stepper.forward():
        seen += stepper.step_events()
    assert stepper.game.is_over and stepper.game.actions == list(replay.actions)
    assert any(t.startswith("The table: bids revealed (bids ") for t in seen)
    assert any(t.startswith("P0: bid committed (bid ") for t in seen)  # a designer reads the hidden bids
    assert any(t.startswith("The table: game end (ended by ") for t in seen)
    final = {r.player: r.score for r in stepper.game.score_rows()}
    assert {p["seat"]: p["score"] for p in stepper.board.state["players"]} == final  # scores shown at the end
    stepper.jump_to_round(2)
    assert stepper.game.round == 2 and stepper.board.state["round"] == 2
    assert stepper.board.state["legal"] == []  # the stepper's board is for looking, not playing


def test_a_games_own_sentences_come_first(hooked_tipjar):
    def narrate(event, viewer):
        return f"Coins change hands: {event.data['amount']}." if event.kind == "income" else None

    hooked_tipjar(narrate=narrate)
    g = first_commit_round()
    for seat in range(3):
        g.apply("bid 1", player=seat)
    texts = [e["text"] for e in board_state(g, viewer=None, since=0)["events"]]
    assert texts.count("Coins change hands: 1.") == 3
    assert "The table: bids revealed (bids 1, 1, 1)." in texts  # a kind the hook leaves to the generic sentence


# --- the rules editor ---------------------------------------------------------------------------------

register_kind(
    "tip_table",
    lambda spec, v: tuple(int(x) for x in v) if isinstance(v, list | tuple) else _refuse(v),
    check=lambda spec, v: None if sum(v) == 10 else f"the shares add up to {sum(v)}, not 10",
)


def _refuse(v):
    raise TypeError(f"expected a list of whole numbers, got {v!r}")


class JarRules(FieldRuleset):
    """A data-driven ruleset with a kind of its own (a table no editor control knows)."""

    game = "tipjar"
    FIELDS = (
        FieldSpec("coins", "int", "table", "Coins each player starts with.", 1, 9, book=True),
        FieldSpec("share", "tip_table", "jar", "How the jar is split, in tenths."),
        FieldSpec("ties", "choice", "jar", "Tied top bids.", choices=("nobody", "both"), variant=True),
        FieldSpec("rate", "float", "jar", "Tip rate.", 0, 1),
    )
    DEFAULTS = {"coins": 3, "share": [5, 3, 2], "ties": "nobody", "rate": 0.5}


def test_editor_for_a_bare_schema_and_its_variant():
    editor = RulesEditor(game="tipjar")
    assert editor.rules == TIP or editor.rules.to_dict() == TIP.to_dict()
    assert {n: type(c).__name__ for n, c in editor.controls.items()} == {
        "coins": "IntControl",
        "target": "IntControl",
        "rounds": "IntControl",
        "ties": "ChoiceControl",
    }
    editor.set_value("ties", "both")
    assert editor.rules.ties == "both" and editor.changes() == {"ties": "both"}
    editor.reset()
    assert editor.changes() == {}


def test_editor_gives_an_unknown_kind_a_json_box_the_ruleset_validates():
    editor = RulesEditor(JarRules.default())
    assert editor.tabs.titles == ["Table", "Jar"]
    share = editor.controls["share"]
    assert type(share).__name__ == "JsonControl" and json.loads(share.input.value) == [5, 3, 2]
    assert type(editor.controls["rate"]).__name__ == "FloatControl"
    assert "book</small>" in editor.controls["coins"].widget.children[0].value
    assert "ours</small>" in editor.controls["share"].widget.children[0].value
    share.input.value = "[5, 3"  # not JSON at all
    assert "not JSON" in editor.problems["share"] and editor.rules.share == (5, 3, 2)
    share.input.value = "[5, 3, 3]"  # JSON, but the ruleset refuses it
    assert editor.problems == {"share": "the shares add up to 11, not 10"} and editor.rules.share == (5, 3, 2)
    share.input.value = "[6, 2, 2]"
    assert editor.problems == {} and editor.rules.share == (6, 2, 2)


def test_dashboard_rule_controls_for_a_games_own_kind():
    said, calls = [], []
    acc = rule_controls(JarRules.default(), lambda n, v: calls.append((n, v)), said.append)
    share = acc.rule_widgets["share"]
    assert isinstance(share.parts[0], pn.widgets.TextAreaInput)
    share.parts[0].value = "[4, 4, 2]"
    assert calls[-1] == ("share", [4, 4, 2])
    share.parts[0].value = "[4, 4"
    assert said and said[-1].startswith("Share: not JSON") and calls[-1] == ("share", [4, 4, 2])
    assert "printed in the rulebook" in acc.rule_widgets["coins"].parts[0].description


# --- the live study -----------------------------------------------------------------------------------


def test_live_study_takes_any_game():
    study = LiveStudy(game="tipjar", players=3, games=8, workers=1, debounce=0.05)
    assert study.done.wait(120) and study.comparison is not None
    assert study.params["bots"] == "random" and "same seeds" in study.label.value
    study.editor.set_value("target", 1)
    study.refresh(wait=True)
    a, b = study.comparison.a, study.comparison.b
    assert b.games["rounds"].mean() < a.games["rounds"].mean()  # one point ends the game sooner
    assert set(study.charts(study.comparison)) == {"difference", "before", "after"}


# --- the dashboard ------------------------------------------------------------------------------------


def test_study_tab_runs_tip_jar_and_draws_the_common_charts():
    s = Study.from_setup(StudySetup.for_game("tipjar"))
    assert s.param.players.bounds == (2, 4) and s.bots == "random"
    assert s.run() and s.result.games.height == 40 and s.result.game == "tipjar"
    per_game = summary_tables(s.result)["Per game"]
    assert per_game.columns == ["games", "mean rounds", "ended by target", "ended by rounds"]
    assert s.set_rule("target", 4) and s.rule_changes() == [{"rule": "target", "default": 3, "value": 4}]
    app = GameApp(StudySetup.for_game("tipjar"), served=False)
    view = app.tabs.views[0]
    assert list(view.panes) == ["win_rate", "score_distribution", "score_by_source", "game_length", "income_and_points"]
    assert all(pane.object is not None for pane in view.panes.values())


def test_game_picker_rebuilds_every_tab_for_the_picked_game():
    app = GameApp(StudySetup(players=2, games=2), served=False)
    assert app.game == "bourbonomics" and "tipjar" in app.picker.options
    assert "zone" in app.tabs.stores[2].state
    app.picker.value = "tipjar"
    study, ab, table = app.tabs.stores
    assert study.game == ab.game == table.game_name == "tipjar"
    assert study.result is not None and ab.comparison is not None
    assert table.state["title"] == "Tip Jar (test-only)" and "Tip Jar" in app.title.object
    assert app.body.objects == [app.tabs]


def test_game_table_steps_through_the_interrupt_and_refuses_an_illegal_click():
    t = GameTable(rules=TIP, players=3, seed=2)
    assert t.bot == "random"
    while t.game.decision.interrupt is None and t.game.round < 5:
        t.step(1)
    snapshot = t.game.snapshot()
    assert not t.play("bid 7") and "not possible now (challenge)" in t.error
    assert t.game.snapshot() == snapshot
    assert t.play("allow") and t.error == ""


def test_a_tip_jar_scenario_and_game_flag_set_up_a_study(tmp_path):
    setup = parse_upload(b"name: jar\ngame: tipjar\nplayers: 3\nrules:\n  target: 4\n", "jar.yaml")
    assert setup.game == "tipjar" and setup.rules.target == 4 and setup.players == 3
    defaults = load_setup(None, "tipjar")
    assert defaults.game == "tipjar" and defaults.rules.to_dict() == TIP.to_dict() and defaults.bots == ("random",)
    path = tmp_path / "jar.yaml"
    path.write_text("name: jar\ngame: tipjar\n")
    with pytest.raises(bl.BourbonLabError, match="a tipjar scenario, not bourbonomics"):
        load_setup(path, "bourbonomics")


def test_publish_with_game_flag_writes_a_tip_jar_report(tmp_path, capsys):
    from bourbon_lab.cli import main

    assert main(["publish", "--game", "tipjar", "--games", "4", "--players", "3", "--out", str(tmp_path)]) == 0
    page = (tmp_path / "index.html").read_text()
    assert "<h1>Tip Jar (test-only) study: defaults</h1>" in page
    assert (tmp_path / "charts" / "score_by_source.svg").read_text().lstrip().startswith("<svg")
    assert main(["publish", "--game", "tipjar", "--players", "6", "--out", str(tmp_path)]) == 2
    assert "--players: 6 is outside 2-4" in capsys.readouterr().err


# --- every registered game, the moment it registers -----------------------------------------------


@pytest.mark.parametrize("name", bl.games())
def test_every_registered_game_gets_a_board_an_editor_and_rule_controls(name):
    info = bl.core.get_game(name).info
    rules = bl.default_rules(name)
    n = max(2, info.min_players)
    board = BoardView(bl.new_game(rules, n, seed=1), bots={s: "random" for s in range(1, n)})
    assert json.loads(json.dumps(board.state)) == board.state and board.legal_actions()
    assert board.play(board.legal_actions()[0]) and board.error == ""
    assert all(isinstance(e["text"], str) and e["text"] for e in board.state["events"])
    editor = RulesEditor(rules)
    editor.set_values({})  # every control's value, read back as the ruleset takes it
    assert editor.problems == {} and editor.changes() == {}
    acc = rule_controls(rules, lambda n, v: None, print)
    for spec in editor.specs:
        value = acc.rule_widgets[spec.name].value
        assert rules.replace(**{spec.name: value}).to_dict() == rules.to_dict(), spec.name
    stepper = Stepper(simulated_game(rules, players=n, bots="random", seed=1))
    told = []
    while stepper.position < min(10, stepper.steps):
        stepper.forward()
        told += stepper.step_events()
    assert told and all(told) and stepper.board.state["round"] == stepper.game.round
