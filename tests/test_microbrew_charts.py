"""Microbrew's charts answer the issue's three questions from a small simulated run's tables."""

from __future__ import annotations

import polars as pl

import bourbon_lab as bl
from bourbon_lab.games.microbrew import charts

RUN = None


def run():
    global RUN
    if RUN is None:
        RUN = bl.simulate(bl.default_rules("microbrew"), players=2, games=6, bots=["perfect", "advertise"], workers=1)
    return RUN


def test_paths_are_read_from_how_customers_were_won():
    players = pl.DataFrame({"loyal_served": [3, 1, 0, 1], "loyal_advertised": [0, 1, 0, 3], "won": [1, 0, 0, 1]})
    assert charts.path_of(players)["path"].to_list() == ["perfect beers", "mixed", "won none", "advertise"]
    chart = charts.perfect_or_advertise(run().players).to_dict()
    assert "Perfect beers or Advertise?" in str(chart["title"])


def test_first_manage_purchase_per_player():
    r = run()
    first = charts.first_purchases(r.players, r.events)
    assert first.height == r.players.height
    assert set(first["first_buy"]) <= {"overtime", "research", "upgrade", "hire", "none"}
    assert charts.manage_purchases(r.players, r.events).to_dict()["layer"]


def test_second_player_recipe_chart_splits_the_seats():
    chart = charts.second_player_recipe(run().players).to_dict()
    seats = {row["seat"] for row in next(iter(chart["datasets"].values()))}
    assert "first player" in seats and seats <= {"first player", "took the extra recipe", "declined it"}
