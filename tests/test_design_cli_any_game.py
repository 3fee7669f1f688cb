"""The design commands work on any registered game (issue 15, item 8): "metrics and targets are per game;
sensitivity and tuning take any game's ruleset" — from the shell as from Python."""

from __future__ import annotations

from bourbon_lab.cli import main
from bourbon_lab.games.distilled.content import DATA as DISTILLED
from bourbon_lab.games.gin_crafters.content import DATA as GIN


def test_targets_plays_the_game_its_file_names(capsys):
    assert main(["targets", str(DISTILLED / "targets.yaml"), "--games", "2", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "runs ager, mixed" in out and "identity_sp_spread" in out and "fallback_share" in out
    assert "of 8 hold" in out


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
