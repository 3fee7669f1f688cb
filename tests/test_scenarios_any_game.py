"""Issue 52: one scenario path for every game, so another game gets what Bourbonomics gets.

A peer game's scenario starts from its snapshot (its rules changed by ``rules:``), refuses the keys it has no
part for by name (``ruleset:``, ``distilleries:``), quotes an illegal script step with its round, phase and
player, forks under changed rules (unchanged rules: the original, move for move), and saves a playtest that
replays. The fifth game (``tests/fifthgame``) declares setup choices and a named ruleset, and its scenarios,
playtests and forks take them with no layer naming it. Bourbonomics' own files keep their old spellings.
"""

from __future__ import annotations

import json
from pathlib import Path

import fifthreg
import pytest
import yaml

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.scenarios import Scenario, ScenarioError, fork, save_playtest
from bourbon_lab.scenarios.checks import log_digest
from bourbon_lab.scenarios.format import Spec
from bourbon_lab.scenarios.run import start_game

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
AWARD_TIE = SCENARIOS / "distilled" / "snapshots" / "award-tie.json"


def _refusal(text: str, file: str = "bad.yaml") -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        Scenario.from_text(text, file).run()
    assert "\n" not in str(caught.value) and str(caught.value).startswith(file)
    return caught.value


def _bot_game(name: str, players: int, seed: int, rounds: int, rules=None):
    """A game of ``name`` played by its heuristic bots through the checked path until round ``rounds`` is over."""
    g = bl.new_game(rules or bl.default_rules(name), players=players, seed=seed)
    bots = [make_bot("heuristic", seed=s, game=name) for s in range(players)]
    while not g.is_over and g.round <= rounds:
        seat = g.decision.actor
        g.apply(bots[seat].choose(g.observe(seat), g.legal_actions()))
    return g


# --- a peer game's snapshot, its rules changed on the snapshot's own


DISTILLED = f"""name: the award tie, with dearer labels
game: distilled
snapshot: {AWARD_TIE}
rules: {{label_money: 7}}
bots: none
script: [pass, pass, skip, skip, sell s94 c100, label 1, sell s95 c102, label 1]
expect:
  - after: {{step: 0}}
    round: 1
  - at: end
    round: 2
"""


def test_a_distilled_scenario_starts_from_its_snapshot_under_changed_rules():
    sc = Scenario.from_text(DISTILLED)
    snap = json.loads(AWARD_TIE.read_text())
    assert sc.spec.players == snap["n"] == 2 and sc.spec.setup == {}
    assert sc.rules == bl.default_rules("distilled").replace(label_money=7) and sc.spec.changes == {"label_money": 7}
    run = sc.run()
    assert run.passed, str(run)
    labels = [e.data["amount"] for e in run.games[0].log if e.kind == "income" and e.data["source"] == "label"]
    assert labels == [7, 7]  # the shipped lesson, on the snapshot's own rules, pays 5 a label
    start = start_game(sc.spec, 0)
    assert start.rules.label_money == 7 and len(start.log) == len(snap["log"])


def test_a_peer_snapshot_gives_the_players_and_a_wrong_one_names_its_file(tmp_path):
    err = _refusal(DISTILLED.replace("bots: none", "players: 3\nbots: none"))
    assert err.line == 5 and "players: comes from the snapshot; leave it out" in err.why
    gin = SCENARIOS / "gin_crafters" / "snapshots" / "borrowing.json"
    err = _refusal(DISTILLED.replace(str(AWARD_TIE), str(gin)))
    assert err.line == 3 and f"snapshot {gin}: game: " in err.why
    broken = json.loads(AWARD_TIE.read_text())
    del broken["streams"]
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    err = _refusal(DISTILLED.replace(str(AWARD_TIE), str(tmp_path / "broken.json")))
    assert f"snapshot {tmp_path / 'broken.json'}: streams: missing" in err.why


# --- keys a game has no part for are refused by name


@pytest.mark.parametrize(
    ("key", "says"),
    [
        ("ruleset: first-draft", "ruleset: Distilled has no named rulesets"),
        ("distilleries: standard", "distilleries: Distilled has no setup choice 'distilleries'"),
        ("distilleries: [standard, standard]", "(it declares no setup choices)"),
    ],
)
def test_a_distilled_scenario_refuses_a_part_it_lacks_by_name(key, says):
    err = _refusal(f"name: x\ngame: distilled\nplayers: 2\n{key}\nbots: none\n")
    assert err.line == 4 and says in err.why


def test_a_peer_scenario_checks_only_its_points_and_its_checks():
    err = _refusal("name: x\ngame: microbrew\nplayers: 2\nexpect:\n  - after: {round: 2}\n    over: false\n")
    assert err.line == 5 and err.why == "a microbrew scenario checks at: end or after: {step: K}"
    err = _refusal("name: x\ngame: microbrew\nplayers: 2\nexpect:\n  - at: end\n    zone: Hot\n")
    assert err.line == 6 and "unknown check 'zone'; checks are round, over, winner, log_digest" in err.why
    assert "(zone: a Bourbonomics check)" in err.why


# --- the script: checked as it plays, an illegal step quoted with where the game stood


def test_a_peer_games_illegal_step_is_quoted_with_its_round_phase_and_player():
    text = DISTILLED.replace("skip, skip, sell s94 c100", "sell s94 c100").replace("rules: {label_money: 7}\n", "")
    err = _refusal(text)
    assert err.step == 3 and err.line == 5
    assert err.why.startswith("'sell s94 c100' is illegal here (round 1, distill, player 0): not a legal distill")
    assert "script step 3 (line 5)" in str(err)


def test_a_peer_games_unreadable_step_names_its_step():
    err = _refusal("name: x\ngame: gin_crafters\nplayers: 2\nbots: none\nscript:\n  - fly away\n")
    assert err.step == 1 and err.line == 6 and "unknown action 'fly away'" in err.why


def test_a_peer_game_pauses_at_a_round_and_refuses_a_phase():
    sc = Scenario.from_text("{name: x, game: gin_crafters, players: 2, seed: 3, bots: heuristic}")
    g = sc.game_at(round=3)
    assert g.round == 3 and not g.is_over
    with pytest.raises(ScenarioError, match="game_at: a gin_crafters scenario names no phases"):
        sc.game_at(round=3, phase="play")


# --- fork: any game


GIN = "{name: gin, game: gin_crafters, players: 3, seed: 2, bots: heuristic}"


def test_a_gin_crafters_fork_under_unchanged_rules_is_the_original_move_for_move():
    original, forked, diff = fork(Scenario.from_text(GIN), at=30, rules={})
    assert forked is not original and forked.actions == original.actions
    assert log_digest(forked.log) == log_digest(original.log)
    assert all(r["delta"] == 0 for r in diff.players) and diff.events == {}


def test_a_gin_crafters_fork_under_changed_rules_plays_on_under_them():
    original, forked, diff = fork(Scenario.from_text(GIN), at=30, rules={"end_vp": 24})
    assert forked.rules.end_vp == 24 and original.rules.end_vp == bl.default_rules("gin_crafters").end_vp
    assert forked.actions[:30] == original.actions[:30] and forked.is_over
    assert forked.round < original.round  # the lower mark ends the game sooner
    assert max(r.score for r in forked.score_rows()) >= 24
    assert [r["fork"] for r in diff.players] == [r.score for r in forked.score_rows()]
    assert str(diff).startswith("Fork at step 30 (round ") and "P0: score" in str(diff)


def test_a_fork_of_a_microbrew_table_played_by_people():
    g = _bot_game("microbrew", players=2, seed=5, rounds=2)
    original, forked, _ = fork(g, at=len(g.actions), rules={}, bots="heuristic")
    assert original is g and forked.is_over and forked.actions[: len(g.actions)] == g.actions
    _, played_on, _ = fork(g, at=10, rules={}, bots="heuristic")
    assert played_on.round > 5  # these bots play past round 5 under the defaults
    _, forked, _ = fork(g, at=10, rules={"round_limit": 5}, bots="heuristic")
    assert forked.rules.round_limit == 5 and forked.actions[:10] == g.actions[:10]
    assert (forked.round, forked.ended_by) == (5, "round_limit")


def test_a_fork_replays_a_commit_out_of_turn_for_its_seat():
    g = bl.new_game(bl.default_rules("distilled"), players=3, seed=4)
    bots = [make_bot("heuristic", seed=s, game="distilled") for s in range(3)]
    g.apply(bots[0].choose(g.observe(0), g.legal_actions(player=0)), player=0)
    assert g.actions[0].endswith(" @0")
    _, forked, _ = fork(g, at=1, rules={}, bots="heuristic")
    assert forked.actions[0] == g.actions[0] and forked.is_over


# --- playtests: any game saves, setup choices and named rulesets included


def test_a_gin_crafters_playtest_saves_and_replays(tmp_path):
    rules = bl.default_rules("gin_crafters").replace(end_vp=24)
    g = _bot_game("gin_crafters", players=3, seed=6, rounds=2, rules=rules)
    path = save_playtest(g, tmp_path / "gin.yaml", humans=[2])
    data = yaml.safe_load(path.read_text())
    assert data["game"] == "gin_crafters" and data["rules"] == {"end_vp": 24} and data["players"] == 3
    assert "ruleset" not in data and data["humans"] == [2] and data["script"] == g.actions
    sc = Scenario.load(path)
    assert sc.run().passed and sc.rules == rules
    assert [e.to_row() for e in sc.game().log] == [e.to_row() for e in g.log]


def test_a_bourbonomics_playtest_names_its_game_and_an_old_one_without_it_still_loads(tmp_path):
    g = bl.new_game(bl.Ruleset.named("first-draft"), players=2, seed=3, distilleries=["standard", "standard"])
    for _ in range(12):
        g.apply(g.legal_actions()[0])
    path = save_playtest(g, tmp_path / "b.yaml")
    text = path.read_text()
    data = yaml.safe_load(text)
    assert data["game"] == "bourbonomics" and data["ruleset"] == "first-draft"
    assert list(data)[list(data).index("players") + 1] == "distilleries"  # setup choices after players
    old = tmp_path / "old.yaml"
    old.write_text(text.replace("game: bourbonomics\n", ""))
    for p in (path, old):
        sc = Scenario.load(p)
        assert sc.spec.game == "bourbonomics" and sc.spec.distilleries == ["standard", "standard"]
        assert sc.run().passed


def test_a_save_that_does_not_replay_is_refused_clearly(tmp_path):
    g = _bot_game("microbrew", players=2, seed=1, rounds=1)
    g.seed = 2  # no longer the deal its actions were chosen on
    with pytest.raises(ScenarioError, match="this game does not replay from its seed and actions") as caught:
        save_playtest(g, tmp_path / "m.yaml")
    assert "only a game dealt by new_game and played through apply" in str(caught.value)
    assert list(tmp_path.iterdir()) == []


def test_spec_keeps_the_old_distilleries_spelling():
    spec = Spec(file="f", name="n", distilleries=["standard", "standard"])
    assert spec.setup == {"distilleries": ["standard", "standard"]} and spec.distilleries == ["standard", "standard"]
    spec.distilleries = None
    assert spec.setup == {} and spec.distilleries is None


# --- the fifth game: setup choices and a named ruleset, through every part of the scenario layer


@pytest.fixture
def nim():
    with fifthreg.fifth_game() as name:
        yield name


NIM = "{name: nim, game: rickhouse_nim, players: 2, ruleset: short-rickhouse, casks: [cedar, oak], bots: heuristic}"


def test_the_fifth_games_scenario_takes_its_setup_choice_and_named_ruleset(nim):
    sc = Scenario.from_text(NIM)
    assert sc.spec.setup == {"casks": ["cedar", "oak"]} and sc.spec.ruleset == "short-rickhouse"
    assert sc.rules == bl.get_game(nim).ruleset.named("short-rickhouse")
    g = sc.game()
    assert g.is_over and g.casks == ["cedar", "oak"] and g.rules.barrels == 7
    err = _refusal(NIM.replace("[cedar, oak]", "[teak, oak]"))
    assert "casks: unknown cask wood 'teak'" in err.why
    err = _refusal(NIM.replace("casks: [cedar, oak]", "caskz: oak"))
    assert "unknown key 'caskz' (did you mean 'casks'?)" in err.why and "players, casks, bots" in err.why
    err = _refusal(NIM.replace("short-rickhouse", "short-rickhose"))
    assert "unknown named ruleset 'short-rickhose' (did you mean 'short-rickhouse'?)" in err.why


def test_the_fifth_games_playtest_and_fork_keep_its_setup(nim, tmp_path):
    rules = bl.get_game(nim).ruleset.named("short-rickhouse").replace(most=2)
    g = bl.new_game(rules, players=3, seed=3, casks=["hickory", "oak", "cedar"])
    g.apply("roll 1")
    g.apply("roll 2")
    path = save_playtest(g, tmp_path / "nim.yaml")
    data = yaml.safe_load(path.read_text())
    assert (data["ruleset"], data["rules"], data["casks"]) == (
        "short-rickhouse",
        {"most": 2},
        ["hickory", "oak", "cedar"],
    )
    assert Scenario.load(path).run().passed
    pg = bl.postgame(path, humans=[1], rollouts=2)
    assert pg.decisions["seat"].to_list() == [1] and pg.decisions["human"].to_list() == ["roll 2"]
    _, forked, diff = fork(g, at=1, rules={"most": 3})
    assert forked.casks == ["hickory", "oak", "cedar"] and forked.rules.most == 3 and forked.is_over
    assert forked.actions[0] == "roll 1" and len(diff.players) == 3
