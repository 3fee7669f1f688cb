"""Skill as a design metric and verdicts across skill levels (issue 41), at answers known in advance.

Known answers: a bot that always wins a 2-player table is 50 points above its fair share, and 75 at a
4-player table; a coin-flip game shows no skill (0 inside the interval); a win shared with the weaker bot
is half a win. A verdict whose interval touches 0 is unclear; two clear verdicts of opposite signs are a
sign change. Targets and coverage play at the table they are given, and say which table that was.
"""

from __future__ import annotations

import random

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.cli import main
from bourbon_lab.design import check_targets, measure
from bourbon_lab.design.coverage import coverage
from bourbon_lab.design.metrics import get_metric
from bourbon_lab.design.skill import SkillComparison, flag, table_of, verdict
from bourbon_lab.sim import SimResult, simulate

MICRO = bl.default_rules("microbrew")


def _result(winners: list[list[int]], bots: list[str], seed_turns: int = 0) -> SimResult:
    """A finished run: game i's winners are the players listed; player p plays ``bots[p]``, seats rotate."""
    n = len(bots)
    rng = random.Random(seed_turns)
    games = pl.DataFrame({"game": list(range(len(winners))), "error": [None] * len(winners)})
    rows = []
    for g, won in enumerate(winners):
        turns = list(range(n))
        rng.shuffle(turns)
        for p in range(n):
            rows.append(
                {"game": g, "player": p, "seat": (p + g) % n, "turn_order": turns[p], "bot": bots[p], "won": p in won}
            )
    return SimResult(games, pl.DataFrame(rows), pl.DataFrame(), {"game": "microbrew", "bots": bots, "players": n})


def _value(result, name: str):
    return get_metric(name, "microbrew").fn(result)


@pytest.mark.parametrize(
    ("bots", "expected"),
    [(["strong", "weak"], 50.0), (["strong", "weak", "weak", "weak"], 75.0), (["strong", "weak", "weak"], 66.666667)],
)
def test_a_bot_that_always_wins_is_one_minus_its_fair_share_above_it(bots, expected):
    est = _value(_result([[0]] * 30, bots), "skill_expression")
    assert est.value == pytest.approx(expected) and est.lo == pytest.approx(expected)
    weak = _value(_result([[0]] * 30, bots), "skill:weak")
    assert weak.value == pytest.approx(-100 / len(bots))  # never wins: minus its fair share


def test_a_coin_flip_game_shows_no_skill():
    rng = random.Random(7)
    est = _value(_result([[rng.randrange(2)] for _ in range(400)], ["strong", "weak"]), "skill_expression")
    assert est.lo < 0 < est.hi and abs(est.value) < 5
    assert est.method == "bootstrap over 400 games"


def test_a_shared_win_is_a_share_so_a_tie_every_game_is_no_skill():
    est = _value(_result([[0, 1]] * 20, ["strong", "weak"]), "skill_expression")
    assert est.value == pytest.approx(0.0)


def test_skill_needs_a_mixed_table_and_names_why():
    est = _value(_result([[0]] * 5, ["heuristic", "heuristic"]), "skill_expression")
    assert not est.measured and "name the stronger bot first" in est.method


def test_first_player_and_seat_advantage_read_turn_order_and_seat_not_player():
    result = _result([[0]] * 12, ["a", "b", "c"])  # player 0 always wins; seats rotate, turns shuffle
    assert _value(result, "seat_advantage:0").value == pytest.approx(100 * (4 - 12 / 3) / 12)  # 4 of 12 at seat 0
    turn0 = sum(1 for r in result.players.iter_rows(named=True) if r["player"] == 0 and r["turn_order"] == 0)
    assert _value(result, "first_player_advantage").value == pytest.approx(100 * (turn0 - 4) / 12)


def test_a_real_table_shows_the_heuristic_above_random():
    result = simulate(MICRO, players=2, games=16, bots=["heuristic", "random"], seed=3, workers=1, progress=False)
    table = measure(result, ["skill_expression", "skill:random"], game="microbrew")
    strong, weak = table["value"].to_list()
    assert table["ci_low"][0] > 0 and strong == pytest.approx(-weak)


@pytest.mark.parametrize(
    ("lo", "hi", "expected"),
    [
        (0.0, 2.0, "unclear"),
        (0.001, 2.0, "up"),
        (-0.001, 2.0, "unclear"),
        (-2.0, 0.0, "unclear"),
        (-2.0, -0.001, "down"),
    ],
)
def test_a_verdict_is_clear_only_when_its_interval_leaves_zero(lo, hi, expected):
    assert verdict(1.0, lo, hi) == expected
    assert verdict(1.0, float("nan"), hi) == "unmeasured"


@pytest.mark.parametrize(
    ("verdicts", "expected"),
    [
        (["up", "down"], "changes sign"),
        (["down", "unclear", "up"], "changes sign"),
        (["up", "unclear"], "loses significance"),
        (["unclear", "down"], "loses significance"),
        (["up", "up"], ""),
        (["unclear", "unclear"], ""),
        (["up", "unmeasured"], ""),
    ],
)
def test_a_verdict_is_flagged_when_it_changes_sign_or_loses_significance(verdicts, expected):
    assert flag(verdicts) == expected


def test_a_level_is_a_bot_for_every_seat_or_one_a_seat():
    assert table_of("ismcts:100", 3) == ["ismcts:100"] * 3
    assert table_of(["a", "b"], 2) == ["a", "b"]
    with pytest.raises(ValueError, match="names 1 bots for 2 players"):
        table_of(["a"], 2)


def test_compare_across_skill_levels_gives_each_level_and_flags():
    c = bl.compare(MICRO, MICRO, players=2, games=6, metrics=["rounds"], skill=["random", "heuristic"], workers=1)
    assert isinstance(c, SkillComparison)
    assert list(c.levels) == ["random", "heuristic"]
    assert c.table.filter(pl.col("metric") == "rounds")["level"].to_list() == ["random", "heuristic"]
    assert c.table["diff"].to_list() == [0.0, 0.0]  # the same rules: nothing moves at any level
    assert c.flags.height == 0 and "every verdict holds at every level" in str(c)
    assert c.levels["random"].a.stamp["bots"] == ["random"] * 2
    assert c.levels["heuristic"].b.stamp["bots"] == ["heuristic"] * 2


def test_targets_play_at_the_table_given_and_name_it():
    report = check_targets(MICRO, table="random", games=4, workers=1)
    assert set(report.played_by.values()) == {"2 x random"}
    assert "played by" in str(report) and "2 x random" in str(report)
    own = check_targets(MICRO, games=4, workers=1)
    assert "random" not in " ".join(own.played_by.values())


def test_coverage_plays_at_the_table_given():
    played = coverage(MICRO, table="random", players=2, games=4, workers=1)
    direct = coverage(simulate(MICRO, players=2, games=4, bots="random", seed=0, workers=1, progress=False), MICRO)
    assert played.equals(direct)


def test_the_ladder_command_prints_openskill_ratings_and_pairs_on_request(capsys, tmp_path):
    args = ["ladder", "--game", "microbrew", "--players", "2", "--games", "6", "--bots", "random,heuristic"]
    assert main([*args, "--workers", "1", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "openskill Plackett-Luce ratings" in out and "heuristic" in out
    page = (tmp_path / "ladder.html").read_text()
    assert "vega" in page and 'src="http' not in page  # the chart's libraries are inside the page, not fetched
    assert main([*args, "--workers", "1", "--pairs"]) == 0
    assert "row bot's win rate against column bot" in capsys.readouterr().out


def test_bl_ladder_is_the_skill_ladder():
    rated = bl.ladder("microbrew", ["random", "heuristic"], players=2, games=8, workers=1, progress=False)
    assert isinstance(rated, bl.SkillLadder)
    assert rated.ratings["bot"].to_list()[0] == "heuristic"
