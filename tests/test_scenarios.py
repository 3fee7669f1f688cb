"""The scenarios layer: every shipped file passes, bad input names file and line, playtests, forks, CLI."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.scenarios import Scenario, ScenarioError, fork, save_playtest
from bourbon_lab.scenarios import playtest as playtest_mod
from bourbon_lab.scenarios.checks import log_digest
from bourbon_lab.scenarios.commands import scenario_files
from bourbon_lab.scenarios.report import header

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "scenarios"
FILES = scenario_files([FOLDER])


def _cli(*args, cwd=ROOT):
    return subprocess.run(
        [sys.executable, "-m", "bourbon_lab.cli", *map(str, args)], capture_output=True, text=True, cwd=cwd
    )


def _error(text: str, tmp_path, name="bad.yaml") -> ScenarioError:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ScenarioError) as info:
        Scenario.load(path).run()
    assert str(path) in str(info.value)
    assert "\n" not in str(info.value)
    return info.value


# --- the shipped files


def test_at_least_twelve_lessons():
    assert len(FILES) >= 12


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_scenario_passes(path):
    result = Scenario.load(path).run()
    assert result.passed, str(result)
    assert Scenario.load(path).spec.expect, "a lesson must assert something"


def test_prepared_tables_are_reproducible():
    spec = importlib.util.spec_from_file_location("make_snapshots", FOLDER / "_make_snapshots.py")
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    for name, build in maker.TABLES.items():
        committed = (FOLDER / "snapshots" / f"{name}.json").read_text()
        assert maker.snapshot_text(build()) == committed, name


def test_a_broken_expectation_fails_with_its_line(tmp_path):
    text = (FOLDER / "hot-completion-reset.yaml").read_text().replace("capital: 44,", "capital: 45,")
    text = text.replace("snapshots/", f"{FOLDER}/snapshots/")
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    result = Scenario.load(path).run()
    assert not result.passed
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "after: {step: 1}" in t)
    assert f"line {line}, after step 1: player 0 capital is 44, expected 45" in str(result)


# --- bad input: one line naming file and line (or step), never a traceback


def test_malformed_yaml(tmp_path):
    err = _error("name: x\nplayers: [2\nseed: 1\n", tmp_path)
    assert err.line == 3 and "not valid YAML" in err.why


def test_unknown_key_did_you_mean(tmp_path):
    err = _error("name: x\nplayers: 2\nsed: 4\n", tmp_path)
    assert err.line == 3 and "unknown key 'sed'" in err.why and "did you mean 'seed'" in err.why


def test_an_unknown_game_names_its_line(tmp_path):
    err = _error("name: x\nplayers: 2\ngame: bourbonomix\n", tmp_path)
    assert err.line == 3 and "bourbonomix" in err.why


def test_a_key_given_twice_names_both_lines(tmp_path):
    err = _error("name: x\nplayers: 2\nplayers: 3\n", tmp_path)
    assert err.line == 3 and "key 'players' is given twice (first on line 2)" in err.why
    # written differently, the same once read: the reader's own check (the YAML text check sees two keys)
    err = _error("name: x\nplayers: 2\n1: a\n1.0: b\n", tmp_path)
    assert err.line == 4 and "key 1.0 is given twice (first on line 3)" in err.why


def test_value_out_of_range(tmp_path):
    err = _error("name: x\nbots: none\nplayers: 9\n", tmp_path)
    assert err.line == 3 and "out of range 2-6" in err.why


def test_bad_rules_field_names_its_line(tmp_path):
    err = _error("name: x\nrules:\n  zone_multiplers: [1, 2, 4]\n", tmp_path)
    assert err.line == 3 and "did you mean 'zone_multipliers'" in err.why


def test_ruleset_names_the_base_and_rules_change_it():
    sc = Scenario.from_text(
        "{name: x, players: 2, bots: none, ruleset: first-draft, rules: {zone_multipliers: [1, 2, 4]}}"
    )
    assert sc.spec.ruleset == "first-draft"
    assert sc.rules == bl.Ruleset.named("first-draft").replace(zone_multipliers=[1, 2, 4])
    assert sc.rules.mash_bills != bl.Ruleset.default().mash_bills  # the first draft's content, not only its numbers
    assert Scenario.from_text("{name: x, players: 2, bots: none}").rules == bl.Ruleset.default()
    shown = header(sc.spec, sc.game(), 0)[-1]
    assert "rules: the named ruleset first-draft with zone_multipliers=[1, 2, 4];" in shown


def test_unknown_ruleset_lists_the_known_ones(tmp_path):
    err = _error("name: x\nplayers: 2\nruleset: first-drft\n", tmp_path)
    assert err.line == 3 and "unknown named ruleset 'first-drft'" in err.why and "did you mean 'first-draft'" in err.why
    assert "known: " + ", ".join(bl.Ruleset.names()) in err.why
    err = _error("name: x\nplayers: 2\nruleset: [first-draft]\n", tmp_path)
    assert err.line == 3 and "unknown named ruleset" in err.why


def test_ruleset_is_refused_beside_a_snapshot_with_rules(tmp_path):
    snap = bl.new_game(bl.Ruleset.default(), players=2, seed=1).snapshot()
    (tmp_path / "table.json").write_text(json.dumps(snap))
    err = _error("name: x\nbots: none\nsnapshot: table.json\nruleset: first-draft\n", tmp_path)
    assert err.line == 4 and "snapshot holds its own ruleset" in err.why


def test_ruleset_is_a_bourbonomics_key(tmp_path):
    err = _error("name: x\ngame: microbrew\nruleset: first-draft\n", tmp_path)
    assert err.line == 3 and "ruleset: Microbrew has no named rulesets" in err.why


def test_lessons_on_the_first_draft_need_it():
    """A lesson naming first-draft really depends on it: its recorded script is not legal on the defaults."""
    named = [p for p in FILES if "ruleset: first-draft" in p.read_text()]
    assert len(named) == 6
    for path in named:
        text = path.read_text().replace("ruleset: first-draft\n", "")
        with pytest.raises(ScenarioError, match="is illegal here"):
            Scenario.from_text(text, base_dir=FOLDER).run()


def test_one_sale_a_round_is_the_first_drafts():
    """The defaults' Legendary lesson sells one barrel three times in a turn; the first draft refuses the 2nd sale."""
    text = (FOLDER / "legendary-sells-three-times-in-one-turn.yaml").read_text()
    assert Scenario.from_text(text, base_dir=FOLDER).run().passed
    with pytest.raises(ScenarioError, match="step 2 .*sells at most 1 time"):
        Scenario.from_text(text.replace("bots: none", "ruleset: first-draft\nbots: none"), base_dir=FOLDER).run()


def test_unknown_check_and_event_kind(tmp_path):
    err = _error("name: x\nbots: none\nexpect:\n  - at: end\n    zoen: Hot\n", tmp_path)
    assert err.line == 5 and "did you mean 'zone'" in err.why
    err = _error("name: x\nbots: none\nexpect:\n  - at: end\n    event: {kind: crsh}\n", tmp_path)
    assert err.line == 5 and "did you mean 'crash'" in err.why


def test_unknown_bot(tmp_path):
    err = _error("name: x\nplayers: 2\nbots: [greedy, heuristc]\n", tmp_path)
    assert err.line == 3 and "did you mean 'heuristic'" in err.why


def test_illegal_script_step_names_step_and_line(tmp_path):
    err = _error("name: x\nplayers: 2\nseed: 1\nbots: none\nscript:\n  - keep bill M99\n", tmp_path)
    assert err.step == 1 and err.line == 6 and "is illegal here (round 1, collect" in err.why
    assert "script step 1 (line 6)" in str(err)


def test_unreadable_action_names_step(tmp_path):
    err = _error("name: x\nplayers: 2\nscript:\n  - end turn\n  - sel B1 D01\n", tmp_path)
    assert err.step == 2 and err.line == 5 and "cannot read action" in err.why


def test_unreached_point_is_a_failure():
    sc = Scenario.from_text("{name: x, players: 2, bots: none, expect: [{after: {round: 5}, zone: Low}]}")
    result = sc.run()
    assert not result.passed and "never reached" in str(result)


# --- Python API


def test_game_at_is_a_live_game_at_that_point():
    sc = Scenario.load(FOLDER / "private-card-survives-a-wipe.yaml")
    g = sc.game_at(round=2, phase="collect")
    assert (g.round, g.phase, len(g.table)) == (2, "collect", 1)
    g.apply(g.legal_actions()[0])  # still playable
    assert sc.game_at(step=3).players[2].private is not None


def test_after_round_is_before_the_next_demand_card():
    sc = Scenario.load(FOLDER / "crash-at-the-7th-card.yaml")
    seen = {}
    from bourbon_lab.scenarios.points import RoundEndPoint
    from bourbon_lab.scenarios.run import play

    play(sc.spec, 0, [RoundEndPoint(1)], lambda p, g: seen.update(size=len(g.table), kinds=[e.kind for e in g.log]))
    assert seen["size"] == 6 and "crash" not in seen["kinds"]


# --- playtests


def _people_game(rounds=4, base=None):
    g = bl.new_game((base or bl.Ruleset.default()).replace(upgrade_cost_first=2), players=3, seed=21)
    players = [make_bot("greedy", seed=s) for s in range(3)]
    while g.round <= rounds:
        s = g.current_player
        g.apply(players[s].choose(g.observe(s), g.legal_actions()))  # the checked path, as a person
    return g


def test_playtest_saves_and_replays_to_the_identical_log(tmp_path):
    g = _people_game()
    path = save_playtest(g, tmp_path / "table-3.yaml", description="Thursday playtest")
    sc = Scenario.load(path)
    assert sc.run().passed
    replayed = sc.game()
    assert [e.to_row() for e in replayed.log] == [e.to_row() for e in g.log]
    assert sc.rules == g.rules and replayed.actions == g.actions
    assert "Round 4" in _cli("replay", path).stdout


def test_a_playtest_on_the_first_draft_saves_as_that_ruleset_plus_its_one_change(tmp_path):
    """Saved against the closest base: ``ruleset: first-draft`` and one change, not the draft's whole content."""
    g = _people_game(rounds=2, base=bl.Ruleset.named("first-draft"))
    path = save_playtest(g, tmp_path / "draft.yaml")
    saved = yaml.safe_load(path.read_text())
    assert saved["ruleset"] == "first-draft" and saved["rules"] == {"upgrade_cost_first": 2}
    sc = Scenario.load(path)
    assert sc.rules == g.rules and sc.run().passed
    on_defaults = yaml.safe_load(save_playtest(_people_game(rounds=1), tmp_path / "today.yaml").read_text())
    assert "ruleset" not in on_defaults and on_defaults["rules"] == {"upgrade_cost_first": 2}


def test_interrupted_save_leaves_no_partial_file(tmp_path, monkeypatch):
    g = _people_game(rounds=2)
    target = tmp_path / "keep.yaml"
    target.write_text("old content\n")

    def half_then_fail(fh, text):
        fh.write(text[: len(text) // 2])
        raise KeyboardInterrupt

    monkeypatch.setattr(playtest_mod, "_write", half_then_fail)
    with pytest.raises(KeyboardInterrupt):
        save_playtest(g, target)
    with pytest.raises(KeyboardInterrupt):
        save_playtest(g, tmp_path / "new.yaml")
    assert target.read_text() == "old content\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.yaml"]


# --- fork


def test_fork_with_unchanged_rules_is_the_original():
    sc = Scenario.load(FOLDER / "bots-keep-the-rules.yaml")
    original, forked, diff = fork(sc, at=300, rules={})
    assert forked is not original
    assert log_digest(forked.log) == log_digest(original.log)
    assert all(r["delta"] == 0 for r in diff.players)


def test_fork_under_changed_rules():
    sc = Scenario.load(FOLDER / "bots-keep-the-rules.yaml")
    original, forked, diff = fork(sc, at={"round": 5}, rules={"zone_multipliers": [1, 2, 4]})
    assert forked.rules.zone_multipliers == (1, 2, 4) and original.rules.zone_multipliers == (1, 2, 3)
    assert forked.actions[: diff.at] == original.actions[: diff.at]
    assert diff.round == 5 and len(diff.players) == 4 and "hot_reset" in diff.events
    assert all(e.data["multiplier"] == 4 for e in forked.log if e.kind == "sale" and e.data["zone"] == "Hot")
    assert "P0: score" in str(diff)


def test_fork_of_a_game_played_by_people():
    g = _people_game(rounds=3)
    original, forked, _ = fork(g, at=len(g.actions), rules={}, bots="greedy")
    assert original is g and forked.is_over and forked.actions[: len(g.actions)] == g.actions


# --- the CLI


def test_cli_check_passes_the_folder():
    out = _cli("check", "scenarios/")
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.count("PASS ") == len(FILES)


def test_cli_check_broken_copy_one_line_and_goes_on(tmp_path):
    good = FOLDER / "crash-at-the-7th-card.yaml"
    text = good.read_text().replace("bots: none", "bots: none\nplayrs: 3")
    (tmp_path / "a-broken.yaml").write_text(text)
    (tmp_path / "b-good.yaml").write_text(good.read_text().replace("snapshots/", f"{FOLDER}/snapshots/"))
    out = _cli("check", tmp_path)
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("playrs"))
    assert lines[0] == (
        f"ERROR {tmp_path / 'a-broken.yaml'} line {line}: unknown key 'playrs' (did you mean 'players'?); "
        "keys are game, name, description, ruleset, rules, players, distilleries, bots, seed, seeds, games, snapshot, "
        "script, expect, house_rules, humans"
    )
    assert lines[1].startswith("PASS ") and "Traceback" not in out.stdout + out.stderr


def test_cli_replay_reads_like_a_report():
    out = _cli("replay", "scenarios/hot-completion-reset.yaml")
    assert out.returncode == 0
    text = out.stdout
    assert text.startswith("The Hot completion reset")
    assert "P0: sells B7 (Legendary, age 2, prime) into D01 at Hot: 8 x3 = 24 Capital" in text
    assert "COMPLETES D01" in text and "HOT RESET" in text


def test_cli_replay_bad_file_is_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nplayers: 1\n")
    out = _cli("replay", bad)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().count("\n") == 0 and f"{bad} line 2" in out.stderr
