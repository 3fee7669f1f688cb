"""Distilled's design targets and its own metrics (issue 17, item 7: calibration of our content)."""

from __future__ import annotations

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.design import Targets, check_targets, measure
from bourbon_lab.games.distilled.metrics import ENDGAME, TARGETS


@pytest.fixture(scope="module")
def mixed():
    return bl.simulate(
        bl.default_rules("distilled"), players=4, games=12, bots=["ager", "seller", "ager", "seller"], seed=3,
        workers=1, progress=False,
    )  # fmt: skip


def test_targets_file_names_the_issues_targets():
    t = Targets.load(TARGETS)
    assert t.game == "distilled"
    issues = [x for x in t.targets if x.group != "fires:*"]  # the fires:* floors: every mechanic fires (issue 29)
    assert {x.metric for x in issues} == {
        "identity_sp_spread",
        "seat_sp_spread",
        "strategy_dominance",
        "least_decisive_endgame_source",
        "fallback_share",
    }
    assert all(x.why for x in t.targets if x.source == "ours")
    assert {r.name for r in t.needed_runs()} == {"ager", "mixed"}


def test_fallback_share_is_the_games_tables_share(mixed):
    """'If it matches none specifically, it defaults to Vodka (if any sugar remains) or Moonshine (no sugars).'"""
    value = measure(mixed, ["fallback_share"], game="distilled")["value"][0]
    g = mixed.games
    assert value == pytest.approx(100 * g["fallbacks"].sum() / g["distillations"].sum())
    assert 0 < value < 100


def test_identity_spread_is_the_largest_gap_from_the_table_mean(mixed):
    p = mixed.players
    mean = p["score"].mean()
    gaps = p.group_by("identity").agg((pl.col("score").mean() - mean).abs().alias("gap"))
    row = measure(mixed, ["identity_sp_spread", "seat_sp_spread"], game="distilled")
    assert row["value"][0] == pytest.approx(gaps["gap"].max())
    assert row["ci_low"][0] < row["ci_high"][0]  # a bootstrap interval (a largest gap's may lie above the estimate)
    assert row["value"][1] < row["value"][0]  # 4 turn positions of 48 players each vary less than 12 identities


def test_endgame_source_decides_a_game_only_when_the_winner_changes_without_it(mixed):
    value = measure(mixed, ["least_decisive_endgame_source"], game="distilled")["value"][0]
    hand = []
    for (_,), part in mixed.players.group_by("game"):
        score, money = part["score"].to_list(), part["money"].to_list()
        top = {i for i, k in enumerate(zip(score, money)) if k == max(zip(score, money))}
        row = []
        for s in ENDGAME:
            alt = list(zip([t - x for t, x in zip(score, part[f"sp_{s}"].to_list())], money))
            row.append({i for i, a in enumerate(alt) if a == max(alt)} != top)
        hand.append(row)
    assert value == pytest.approx(100 * min(sum(r[i] for r in hand) / len(hand) for i in range(len(ENDGAME))))


@pytest.mark.parametrize("money,winners", [([5, 4], {0}), ([5, 5], {0, 1}), ([5, 6], {1})])
def test_a_source_decides_by_the_books_tie_break(money, winners):
    """'Highest SP wins. Tiebreaker: most money remaining. Further tie: shared victory.' Two players tied
    on 10 SP, money at, below and above the other's: without seat 0's 1 SP of bottles seat 1 wins alone,
    which decides the game unless seat 1 had already won it on money."""
    from bourbon_lab.games.distilled.metrics import _decided, _winners

    assert _winners([10, 10], money) == winners
    game = {"score": [10, 10], "money": money, **{f"sp_{s}": [0, 0] for s in ENDGAME}, "sp_bottles": [1, 0]}
    decided = _decided(game)
    assert decided["bottles"] == (winners != {1})
    assert not any(decided[s] for s in ENDGAME if s != "bottles")  # no SP from them: the winners stay


def test_check_targets_reads_both_runs(mixed):
    ager = bl.simulate(bl.default_rules("distilled"), players=4, games=8, bots="heuristic", seed=4, workers=1,
                       progress=False)  # fmt: skip
    report = check_targets({"ager": ager, "mixed": mixed}, TARGETS)
    assert report.table.height == len(Targets.load(TARGETS).targets)
    assert set(report.table["status"]) <= {"holds", "undecided", "fails"}
    with pytest.raises(ValueError, match="run 'ager'"):
        check_targets({"mixed": mixed}, TARGETS)
