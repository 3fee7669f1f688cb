"""Distilled's charts draw from a small run's tables and show what they claim."""

from __future__ import annotations

import pytest

import bourbon_lab as bl
from bourbon_lab.games.distilled import charts


@pytest.fixture(scope="module")
def run():
    return bl.simulate(bl.default_rules("distilled"), games=6, players=3, bots=["ager", "seller", "ager"], seed=4,
                       workers=1, progress=False)  # fmt: skip


def _data(chart):
    spec = chart.to_dict()
    return next(iter(spec["datasets"].values()))


def test_sp_by_source(run):
    rows = _data(charts.sp_by_source(run.players))
    assert {r["bot"] for r in rows} == {"ager", "seller"}
    assert {r["source"] for r in rows} == set(charts.SOURCES)
    ager = sum(r["sp"] for r in rows if r["bot"] == "ager")
    mean = run.players.filter(run.players["bot"] == "ager")["score"].mean()
    assert ager == pytest.approx(mean)


def test_recipes_distilled(run):
    rows = _data(charts.recipes_distilled(run.events))
    assert sum(r["distillations"] for r in rows) == run.games["distillations"].sum()
    assert "fell back" in str(charts.recipes_distilled(run.events).to_dict()["title"])


def test_age_or_sell_and_awards_timing(run):
    rows = _data(charts.age_or_sell(run.events))
    assert {r["what"] for r in rows} == {"sp", "money"}
    assert sum(r["sales"] for r in rows if r["what"] == "sp") == run.games["sales"].sum()
    timing = _data(charts.awards_timing(run.events, run.games.height))
    assert sum(r["per_game"] for r in timing) * run.games.height == pytest.approx(run.games["awards_claimed"].sum())


def test_income_and_points_counts_only_what_is_gained():
    """Issue 30: Distilled's "Income and points" chart plotted purchases (income rows below zero) as negative
    income under the title "Gained". A round with +5 earned and -3 spent gains 5."""
    import polars as pl

    from bourbon_lab.charts import income_and_points

    events = pl.DataFrame(
        {
            "game": [0, 0, 0, 0],
            "round": [1, 1, 1, 2],
            "player": [0, 0, 1, 0],
            "kind": ["income", "income", "points", "income"],
            "amount": [5.0, -3.0, 2.0, 4.0],
        }
    )
    rows = next(iter(income_and_points(events).to_dict()["datasets"].values()))
    income = {r["round"]: r["per_player"] for r in rows if r["kind"] == "income"}
    assert income == {1: 2.5, 2: 4.5}  # two players: 5 / 2 by round 1, (5 + 4) / 2 by round 2; the -3 is no gain
    assert [r["per_player"] for r in rows if r["kind"] == "points"] == [1.0]
