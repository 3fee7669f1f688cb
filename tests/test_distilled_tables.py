"""Distilled in the simulation tables: its own columns, income/points rows, and the issue's acceptance check
(every game ends after exactly 7 rounds; score_parts shows every endgame source the book lists) on a small
sample. ``benchmarks/bench_distilled.py --acceptance`` runs the full 200 games."""

from __future__ import annotations

import polars as pl

import bourbon_lab as bl

ENDGAME = ("warehouse", "bottles", "upgrades", "goals", "money")
"""'SP from unsold spirits aging in warehouse ... Bottle collection ... Distillery upgrade SP values. Distillery
goal SP ... Money: 1 SP per 5 money remaining' (book, endgame scoring)."""


def test_heuristic_games_last_seven_rounds_and_show_every_endgame_source():
    res = bl.simulate(bl.default_rules("distilled"), games=16, players=4, bots="heuristic", seed=5, workers=1,
                      progress=False)  # fmt: skip
    assert res.failures == [] or len(res.failures) == 0
    assert res.games["rounds"].to_list() == [7] * 16
    assert set(res.games["ended_by"].to_list()) == {"rounds"}
    totals = dict(res.score_parts.group_by("source").agg(pl.col("points").sum()).iter_rows())
    assert all(totals.get(s, 0) > 0 for s in ENDGAME), totals
    sums = res.score_parts.group_by("game", "player").agg(pl.col("points").sum())
    joined = sums.join(res.players.select("game", "player", "score"), on=["game", "player"])
    assert (joined["points"] == joined["score"]).all()


def test_own_columns_and_events():
    res = bl.simulate(bl.default_rules("distilled"), games=4, players=3, bots="seller", seed=2, workers=1,
                      progress=False)  # fmt: skip
    assert {"awards_claimed", "fallbacks", "distillations", "sales"} <= set(res.games.columns)
    assert {"identity", "sp_warehouse", "sp_sale_flavour"} <= set(res.players.columns)
    kinds = set(res.events["kind"].cast(pl.String).to_list())
    assert {"income", "points", "distill", "spirit_sold", "purchase", "goal_scored"} <= kinds
    sold = res.events.filter(pl.col("kind") == "spirit_sold")
    assert sold["recipe"].null_count() == 0 and (sold["money"] > 0).all()
    distills = res.events.filter(pl.col("kind") == "distill")
    assert distills["fallback"].sum() == res.games["fallbacks"].sum()
