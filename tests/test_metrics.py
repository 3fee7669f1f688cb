"""The design metric catalogue: hand-computed values on small tables, intervals that cover."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from bourbon_lab.design import Estimate, measure, metric, metrics_for
from bourbon_lab.design.metrics import CATALOGUE, get_metric, mean_of
from bourbon_lab.games.bourbonomics.metrics import lead_changes_by_game
from bourbon_lab.sim import SimResult, wilson
from bourbon_lab.sim.tables import EVENTS_SCHEMA, GAMES_SCHEMA, PLAYERS_SCHEMA

UPGRADES = "You'll only afford about 5–6 upgrades in a whole game, so you can't grow everything. Pick a direction."
"""The rulebook line the upgrades metric measures (Your distillery, upgrades)."""


def _frame(rows: list[dict], schema: dict) -> pl.DataFrame:
    return pl.DataFrame([{c: r.get(c) for c in schema} for r in rows], schema=schema, orient="row")


def _result(games: list[dict], players: list[dict], events: list[dict] = ()) -> SimResult:
    return SimResult(
        _frame(games, GAMES_SCHEMA), _frame(players, PLAYERS_SCHEMA), _frame(list(events), EVENTS_SCHEMA), {}
    )


def _player(game, player, won, score=10, prestige=0, orders=0, upgrades=0, seat=None, bot="rush", dist="standard"):
    return dict(
        game=game,
        player=player,
        seat=player if seat is None else seat,
        turn_order=player,
        won=won,
        score=score,
        prestige=prestige,
        capital=score - prestige,
        orders=orders,
        upgrades=upgrades,
        bot=bot,
        distillery=dist,
    )


def _small() -> SimResult:
    """Three 2-player games: rounds 10, 20, 40; player 0 wins games 0 and 1."""
    games = [
        dict(game=g, rounds=r, crashes=c, hot_resets=0, stalls=s, players=2)
        for g, r, c, s in ((0, 10, 1, 0), (1, 20, 0, 2), (2, 40, 2, 0))
    ]
    players = [
        _player(0, 0, True, score=30, prestige=6, orders=3, upgrades=5),
        _player(0, 1, False, score=20, prestige=0, orders=1, upgrades=7),
        _player(1, 0, True, score=40, prestige=4, orders=2, upgrades=6),
        _player(1, 1, False, score=10, prestige=0, orders=2, upgrades=6),
        _player(2, 0, False, score=10, prestige=0, orders=4, upgrades=4),
        _player(2, 1, True, score=50, prestige=10, orders=1, upgrades=8),
    ]
    return _result(games, players)


def test_rounds_is_the_median_game_length():
    est = get_metric("rounds", "bourbonomics").fn(_small())
    assert est.value == 20
    assert est.lo <= 20 <= est.hi and "bootstrap" in est.method


def test_upgrades_per_player_is_the_mean_over_players():
    """Measures the book's line about upgrades (UPGRADES): (5+7+6+6+4+8)/6 = 6."""
    est = get_metric("upgrades_per_player", "bourbonomics").fn(_small())
    assert est.value == pytest.approx(6.0)


def test_prestige_share_overall_and_for_winners():
    res = _small()
    overall = get_metric("prestige_share", "bourbonomics").fn(res)
    winners = get_metric("prestige_share_winners", "bourbonomics").fn(res)
    assert overall.value == pytest.approx(100 * 20 / 160)
    assert winners.value == pytest.approx(100 * 20 / 120)


def test_most_orders_edge_counts_only_games_with_one_order_leader():
    """Game 0: leader (3 orders) wins; game 1: tied on 2, left out; game 2: leader (4) loses. 1 of 2, even 50 %."""
    est = get_metric("most_orders_edge", "bourbonomics").fn(_small())
    lo, hi = wilson(1, 2)
    assert est.value == pytest.approx(0.0)
    assert (est.lo, est.hi) == pytest.approx((100 * (lo - 0.5), 100 * (hi - 0.5)))
    assert est.n == 2 and est.method.startswith("Wilson")


def test_seat_spread_is_the_largest_gap_from_an_even_share():
    """Seat 0 wins 2 of 3 (66.7 %), seat 1 wins 1 of 3: 16.7 points from 50 %."""
    assert get_metric("seat_spread", "bourbonomics").fn(_small()).value == pytest.approx(100 / 6)


def test_stall_rate_and_crashes():
    res = _small()
    assert get_metric("stall_rate", "bourbonomics").fn(res).value == pytest.approx(100 / 3)
    assert get_metric("crashes_per_game", "bourbonomics").fn(res).value == pytest.approx(1.0)


def test_strategy_dominance_needs_mixed_tables():
    res = _small()
    assert not get_metric("strategy_dominance", "bourbonomics").fn(res).measured
    players = res.players.with_columns(
        pl.when(pl.col("player") == 0).then(pl.lit("prime")).otherwise(pl.col("bot")).alias("bot")
    )
    mixed = SimResult(res.games, players, res.events, {})
    assert get_metric("strategy_dominance", "bourbonomics").fn(mixed).value == pytest.approx(200 / 3)


def test_distillery_spread_against_standard():
    games = [dict(game=g, rounds=10, players=2) for g in range(4)]
    players = []
    for g in range(4):
        players += [_player(g, 0, g < 3, dist="standard"), _player(g, 1, g >= 3, dist="hollow_creek")]
    res = _result(games, players)
    assert get_metric("distillery_vs_standard", "bourbonomics").fn(res).value == pytest.approx(50.0)
    assert get_metric("distillery_spread", "bourbonomics").fn(res).value == pytest.approx(25.0)


def test_lead_changes_follow_the_points_after_each_round():
    """Round 1: player 0 leads (sale 4); round 2: player 1 overtakes (order Prestige 6); round 3: player 0's
    sale of 6 ties (10 vs 10: no sole leader, no change); round 4: player 0 pays an upgrade of 1, player 1 leads on."""
    ev = [
        dict(game=0, seq=1, round=1, player=0, kind="sale", capital=4),
        dict(game=0, seq=2, round=2, player=1, kind="order_completed", prestige=6),
        dict(game=0, seq=3, round=2, player=1, kind="sale", capital=4),
        dict(game=0, seq=4, round=3, player=0, kind="sale", capital=6),
        dict(game=0, seq=5, round=4, player=0, kind="upgrade", cost=1),
    ]
    events = _frame([{**e, "phase": "play", "seat": e["player"]} for e in ev], EVENTS_SCHEMA)
    assert lead_changes_by_game(events)["lead_changes"].to_list() == [1]


def test_measure_lists_every_metric_with_its_interval_method():
    table = measure(_small(), game="bourbonomics")
    assert set(table["metric"]) == set(metrics_for("bourbonomics"))
    assert table.filter(pl.col("metric") == "rounds")["value"].item() == 20


def test_bootstrap_interval_covers_the_true_mean():
    """Over 60 samples of 30 draws from a known distribution, the 95 % interval holds the mean in most."""
    rng = np.random.default_rng(3)
    hits = sum((lambda e: e.lo <= 5.0 <= e.hi)(mean_of(rng.normal(5.0, 2.0, 30).tolist())) for _ in range(60))
    assert hits >= 52


def test_same_tables_same_interval():
    a = get_metric("seat_spread", "bourbonomics").fn(_small())
    b = get_metric("seat_spread", "bourbonomics").fn(_small())
    assert a == b


def test_a_designer_adds_a_metric_for_a_game():
    @metric("long_games", game="toy-test-game", description="Share of games over 15 rounds.", unit="%")
    def long_games(result) -> Estimate:
        g = result.games
        from bourbon_lab.design.metrics import proportion

        return proportion(int((g["rounds"] > 15).sum()), g.height, scale=100)

    try:
        assert "long_games" in metrics_for("toy-test-game") and "rounds" in metrics_for("toy-test-game")
        assert "long_games" not in metrics_for("bourbonomics")
        est = get_metric("long_games", "toy-test-game").fn(_small())
        assert est.value == pytest.approx(200 / 3)
    finally:
        CATALOGUE.pop("toy-test-game", None)


def test_unknown_metric_is_named():
    with pytest.raises(KeyError, match="unknown metric 'rouds'"):
        get_metric("rouds", "bourbonomics")
    assert math.isnan(Estimate.missing("x").value)


def test_every_metric_is_documented_in_one_place():
    from pathlib import Path

    doc = (Path(__file__).parents[1] / "docs" / "design-tools.md").read_text()
    for name in metrics_for("bourbonomics"):
        assert f"| `{name}` |" in doc, name


def test_largest_source_share_reads_the_score_parts():
    """Capital 30 + 20 + 40, Prestige 10: the biggest source (Capital) is 90 % of all points."""
    res = _small()
    parts = pl.DataFrame(
        {
            "game": [0, 0, 1, 1],
            "player": [0, 1, 0, 1],
            "source": ["capital", "capital", "capital", "prestige"],
            "points": [30, 20, 40, 10],
        }
    )
    with_parts = SimResult(res.games, res.players, res.events, {}, score_parts=parts)
    assert get_metric("largest_source_share", "bourbonomics").fn(with_parts).value == pytest.approx(90.0)
    assert not get_metric("largest_source_share", "bourbonomics").fn(res).measured
