"""The design commands work on any registered game (issue 15, item 8): "metrics and targets are per game;
sensitivity and tuning take any game's ruleset" — from the shell as from Python."""

from __future__ import annotations

import pytest

from bourbon_lab.cli import main
from bourbon_lab.core import RulesetError, load_rules
from bourbon_lab.games.distilled.content import DATA as DISTILLED
from bourbon_lab.games.gin_crafters.content import DATA as GIN
from bourbon_lab.games.microbrew.ruleset import DATA as MICROBREW


def _count(data) -> int:
    """Targets in a game's file, its floors under every mechanic (``fires:*``) each counted."""
    from bourbon_lab.design.targets import Targets

    return len(Targets.load(data / "targets.yaml").targets)


def test_targets_plays_the_game_its_file_names(capsys):
    assert main(["targets", str(DISTILLED / "targets.yaml"), "--games", "2", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "runs ager, mixed" in out and "identity_sp_spread" in out and "fallback_share" in out
    assert f"of {_count(DISTILLED)} hold" in out  # 8 of issue 17 and a floor under each mechanic (issue 29)


def test_targets_refuses_a_file_of_another_game_in_one_line(capsys):
    args = ["targets", str(GIN / "targets.yaml"), "--game", "microbrew", "--games", "1", "--quiet"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert "targets for gin_crafters" in err and "microbrew" in err and "\n" not in err


def test_sensitivity_takes_another_games_ruleset(capsys):
    args = ["sensitivity", "--game", "gin_crafters", "--knobs", "juniper_bonus_high=1:3", "--metrics", "rounds"]
    assert main([*args, "--players", "2", "--games", "2", "--trajectories", "2", "--workers", "1", "--quiet"]) == 0
    assert "rounds: juniper_bonus_high" in capsys.readouterr().out


def test_sensitivity_refuses_a_book_number_of_another_game_by_name(capsys):
    args = ["sensitivity", "--game", "gin_crafters", "--knobs", "end_vp=25:35", "--metrics", "rounds", "--quiet"]
    assert main([*args, "--games", "1", "--trajectories", "2", "--workers", "1"]) == 2
    assert "end_vp" in capsys.readouterr().err


def test_tune_writes_another_games_tuned_ruleset_that_targets_reads_back(tmp_path, capsys):
    """Issue 15, item 5: "bourbon-lab tune ... --out DIR (writes the tuned ruleset YAML ...)" — for any game."""
    targets = str(GIN / "targets.yaml")
    args = ["tune", "--game", "gin_crafters", "--targets", targets, "--knobs", "juniper_bonus_high=1:3"]
    opts = ["--budget", "1", "--rungs", "1", "--games", "1", "--final-games", "1", "--workers", "1", "--quiet"]
    assert main([*args, *opts, "--out", str(tmp_path)]) == 0
    tuned = tmp_path / "tuned.yaml"
    best = load_rules("gin_crafters", str(tuned))
    assert 1 <= best.juniper_bonus_high <= 3
    capsys.readouterr()
    assert main(["targets", targets, "--ruleset", str(tuned), "--games", "1", "--workers", "1", "--quiet"]) == 0
    assert f"of {_count(GIN)} hold" in capsys.readouterr().out


def test_a_microbrew_ruleset_file_changes_only_the_fields_it_names(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("game: microbrew\npay_lower: [4, 3, 1]\n")
    mine = load_rules("microbrew", str(path))
    assert mine.pay_lower == (4, 3, 1) or list(mine.pay_lower) == [4, 3, 1]
    assert mine.changes() == {"pay_lower": mine.pay_lower}


def test_a_ruleset_file_for_another_game_or_missing_is_refused_naming_it(tmp_path):
    path = tmp_path / "gin.yaml"
    path.write_text("game: gin_crafters\n")
    with pytest.raises(RulesetError, match="another game"):
        load_rules("microbrew", str(path))
    with pytest.raises(RulesetError, match="no such microbrew ruleset file"):
        load_rules("microbrew", str(tmp_path / "missing.yaml"))


def test_targets_reads_a_microbrew_ruleset_file(tmp_path, capsys):
    path = tmp_path / "two-bottles.yaml"
    path.write_text("game: microbrew\nspaces_2p: [2, 2, 1, 1, 1, 1, 1, 1]\n")
    file = str(MICROBREW / "targets.yaml")
    assert main(["targets", file, "--ruleset", str(path), "--games", "2", "--workers", "1", "--quiet"]) == 0
    assert f"of {_count(MICROBREW)} hold" in capsys.readouterr().out
