"""Gin Crafters' design-question charts build from a small run's tables and say what they measured."""

from __future__ import annotations

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.games.gin_crafters import charts

RULES = bl.default_rules("gin_crafters")


@pytest.fixture(scope="module")
def runs():
    kw = dict(players=4, games=8, seed=3, workers=1, progress=False)
    mixed = bl.simulate(RULES, bots=["tempo", "brand", "tempo", "brand"], **kw)
    other_reading = bl.simulate(RULES.replace(final_turns="others_once"), bots="heuristic", **kw)
    return mixed, other_reading


def test_tables_carry_the_game_columns(runs):
    mixed, _ = runs
    assert {"final_turns", "borrows", "turns"} <= set(mixed.games.columns)
    assert {"vp_brands", "lend_income", "borrowed", "n_side_business"} <= set(mixed.players.columns)
    lend = mixed.events.filter((pl.col("kind") == "income") & (pl.col("source") == "lend"))
    assert lend.height == mixed.games["borrows"].sum() and set(lend["amount"].to_list()) == {RULES.lend_fee}
    parts = mixed.score_parts.group_by("game", "player").agg(pl.col("points").sum())
    joined = parts.join(mixed.players.select("game", "player", "score"), on=["game", "player"])
    assert (joined["points"] == joined["score"]).all()


def test_each_chart_has_its_question_as_title(runs):
    mixed, other_reading = runs
    built = [
        charts.borrowing_value(mixed.players),
        charts.side_business_or_buy(mixed.players),
        charts.brand_weight(mixed.players),
        charts.seat_advantage(mixed, other_reading),
    ]
    titles = [c.to_dict()["title"]["text"] for c in built]
    assert titles == [
        "Is borrowing worth it, and for whom?",
        "Side Business or buy?",
        "How much do brand cards decide?",
        "Seat advantage under each final-turns reading",
    ]


def test_seat_advantage_keeps_each_reading(runs):
    data = charts.seat_advantage(*runs).to_dict()
    rows = next(iter(data["datasets"].values()))
    assert {r["final_turns"] for r in rows} == {"others_once", "complete_round"}


def test_brand_changes_counts_games_decided_by_brands():
    players = pl.DataFrame(
        {
            "game": [0, 0, 1, 1],
            "player": [0, 1, 0, 1],
            "score": [20, 22, 25, 20],
            "vp_brands": [0, 4, 0, 0],
            "won": [False, True, True, False],
        }
    )
    assert charts.brand_changes(players) == 0.5
