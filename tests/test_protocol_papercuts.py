"""Small protocol promises a newcomer relies on, for every registered game (issue 27)."""

from __future__ import annotations

import random

import pytest

import bourbon_lab as bl
from bourbon_lab.core import ScoreRow, rank_rows


@pytest.mark.parametrize("name", ["bourbonomics", "distilled", "gin_crafters", "microbrew"])
def test_top_level_restore_any_game_and_no_winner_before_the_end(name):
    g = bl.new_game(bl.default_rules(name), players=2, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        g.apply(rng.choice(list(g.legal_actions())))
    back = bl.restore(g.snapshot())
    assert type(back) is type(g) and back.snapshot() == g.snapshot()
    rows = g.score_rows()
    assert not g.is_over and not any(r.won for r in rows)
    assert all(len(r.tiebreak_names) == len(r.tiebreak) for r in rows)
    while not g.is_over:
        g.apply(rng.choice(list(g.legal_actions())))
    rows = g.score_rows()
    assert any(r.won for r in rows) and all(r.won == (r.rank == 1) for r in rows)


def test_rank_rows_marks_winners_only_once_over():
    rows = [ScoreRow(0, 5, (1,)), ScoreRow(1, 5, (2,)), ScoreRow(2, 7, (0,))]
    during = rank_rows(rows, over=False, names=("money",))
    assert [r.rank for r in during] == [3, 2, 1] and not any(r.won for r in during)
    assert all(r.tiebreak_names == ("money",) for r in during)
    after = rank_rows(rows)
    assert [r.won for r in after] == [False, False, True]


def test_a_game_name_where_a_ruleset_goes_deals_its_default_rules():
    """Issue 42: ``bl.new_game("distilled", players=3, seed=1)`` used to fail with a Bourbonomics SetupError."""
    g = bl.new_game("distilled", players=3, seed=1)
    same = bl.new_game(bl.default_rules("distilled"), players=3, seed=1)
    assert g.rules.game == "distilled" and g.snapshot() == same.snapshot()
    with pytest.raises(bl.core.UnknownGame, match="did you mean 'distilled'"):
        bl.new_game("distiled", players=3)
