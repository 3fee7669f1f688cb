"""Issue 51, item 5: what a rule change does to play, mechanic by mechanic (``bl.behaviour``).

Cheap tables only (heuristic bots, 2 players, 24 games a side in one process): the default ``learned`` bot
trains once per ruleset. Bourbonomics deals six boards, so 24 games are 4 for each rotation of them.
"""

from __future__ import annotations

import argparse
import json

import numpy as np
import polars as pl
import pytest
from scipy import stats

import bourbon_lab as bl
from bourbon_lab.core.chartinput import ChartInputError
from bourbon_lab.design import behaviour as module
from bourbon_lab.design.behaviour import Behaviour, behaviour, behaviour_chart, how_often
from bourbon_lab.design.metrics import BOOTSTRAP, BOOTSTRAP_SEED

TABLE = dict(bots="heuristic", players=2, games=24, seed=0, workers=1, progress=False)


@bl.house_rule("bourbonomics")
def no_rerolls(rule):
    "Nobody rerolls dice."

    @rule.forbid
    def never(h, player, action):
        return "no rerolls at this table" if str(action).startswith("reroll") else None


@pytest.fixture(scope="module")
def base():
    return bl.Ruleset.default()


@pytest.fixture(scope="module")
def same(base) -> Behaviour:
    return behaviour(base, base, **TABLE)


@pytest.fixture(scope="module")
def forbidden(base) -> Behaviour:
    return behaviour(base, base.with_house_rules(no_rerolls()), **TABLE)


@pytest.fixture(scope="module")
def more(base) -> Behaviour:
    return behaviour(base, base.replace(free_rerolls=3), **TABLE)


def _row(result: Behaviour, mechanic: str) -> dict:
    return result.table.filter(pl.col("mechanic") == mechanic).row(0, named=True)


def test_the_same_ruleset_both_sides_plays_the_same_games_and_nothing_moves(same):
    t = same.table
    assert t.height == len(bl.get_game("bourbonomics").mechanics)
    assert (t["diff"] == 0).all() and (t["base"] == t["changed"]).all()  # same seeds, same games: exactly 0
    assert not t["moved"].any() and (t["direction"] == "").all()
    assert ((t["ci_low"] <= 0) & (t["ci_high"] >= 0)).all()
    never = t.filter(pl.col("base") == 0)
    assert ((never["ci_low"] == 0) & (never["ci_high"] == 0)).all()  # a mechanic that never fires: [0, 0]
    assert same.label == "the same ruleset"
    assert "No mechanic's use moved clearly" in same.summary()


def test_a_house_rule_that_forbids_rerolls_moves_reroll_to_never_and_says_so(forbidden):
    r = _row(forbidden, "reroll")
    assert r["base"] > 10 and r["changed"] == 0
    assert r["moved"] and r["direction"] == "less" and r["ci_high"] < 0 < -r["ci_low"]
    assert forbidden.table["mechanic"][0] == "reroll"  # the most moved comes first
    assert forbidden.moved["mechanic"].to_list() == ["reroll"]
    assert "house-no_rerolls" in forbidden.table["mechanic"].to_list()  # the house rule's own mechanic is counted
    words = forbidden.summary()
    assert forbidden.label == "no_rerolls"
    assert "Under no_rerolls, players never choose reroll (“Reroll any dice you don't like" in words
    assert f"from {r['base']:.3g} a game" in words
    assert str(forbidden) == words


def test_a_field_change_that_gives_more_rerolls_moves_reroll_up(more):
    r = _row(more, "reroll")
    assert r["moved"] and r["direction"] == "more" and r["ci_low"] > 0
    assert r["ratio"] == pytest.approx(r["changed"] / r["base"]) and r["ratio"] > 1.5
    assert more.table["mechanic"][0] == "reroll"
    assert more.label == "free_rerolls=3"
    assert "Under free_rerolls=3, players choose reroll" in more.summary()
    assert how_often(r["base"], r["changed"]) in more.summary()


def test_the_interval_is_the_two_sample_percentile_bootstrap_of_the_per_game_counts(more):
    """Counted by hand off the events tables, resampled by hand with numpy, and against scipy's bootstrap."""

    def per_game(result) -> np.ndarray:
        games = result.games.filter(pl.col("error").is_null()).select(pl.col("game").cast(pl.Int64))
        hits = result.events.filter(pl.col("kind").cast(pl.Utf8) == "dice_rerolled").group_by("game").len()
        hits = hits.with_columns(pl.col("game").cast(pl.Int64))
        return games.join(hits, on="game", how="left")["len"].fill_null(0).to_numpy().astype(float)

    a, b = per_game(more.base_result), per_game(more.changed_result)
    r = _row(more, "reroll")
    assert (len(a), len(b)) == more.played == (24, 24)
    assert r["base"] == pytest.approx(a.mean()) and r["changed"] == pytest.approx(b.mean())
    assert r["diff"] == pytest.approx(b.mean() - a.mean())
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    ia, ib = rng.integers(0, len(a), (BOOTSTRAP, len(a))), rng.integers(0, len(b), (BOOTSTRAP, len(b)))
    lo, hi = np.percentile(b[ib].mean(axis=1) - a[ia].mean(axis=1), [2.5, 97.5])
    assert (r["ci_low"], r["ci_high"]) == pytest.approx((lo, hi))
    ref = stats.bootstrap(
        (a, b),
        lambda x, y, axis: y.mean(axis=axis) - x.mean(axis=axis),
        method="percentile",
        n_resamples=9999,
        paired=False,
        random_state=np.random.default_rng(1),
    ).confidence_interval
    width = hi - lo
    assert abs(r["ci_low"] - ref.low) < 0.1 * width and abs(r["ci_high"] - ref.high) < 0.1 * width


def test_rulesets_of_two_games_are_refused_naming_both(base):
    with pytest.raises(bl.BourbonLabError, match="changed: a distilled ruleset, but base is a bourbonomics one"):
        behaviour(base, bl.default_rules("distilled"), **TABLE)


def test_a_bad_bot_is_refused_before_any_game_plays(base, monkeypatch):
    def played(*args, **kw):
        raise AssertionError("a game was played")

    monkeypatch.setattr(module, "play_coverage", played)
    with pytest.raises(bl.BourbonLabError, match="unknown bot 'heuristik'.*did you mean 'heuristic'"):
        behaviour(base, base.replace(free_rerolls=0), **{**TABLE, "bots": "heuristik"})
    with pytest.raises(bl.BourbonLabError, match="players"):
        behaviour(base, base, **{**TABLE, "players": 9})


def test_the_chart_draws_each_difference_most_moved_first(forbidden):
    chart = forbidden.chart()
    spec = json.loads(json.dumps(chart.to_dict(), allow_nan=False))  # the browser gets JSON: no NaN
    assert spec["title"]["text"] == "What no_rerolls does to play"
    assert any("heuristic at every seat" in s for s in spec["title"]["subtitle"])
    data = next(d for d in spec["datasets"].values() if d and "mechanic" in d[0])
    assert data[0]["mechanic"] == "reroll" and data[0]["verdict"] == "less often"
    fires = forbidden.table.filter((pl.col("base") > 0) | (pl.col("changed") > 0)).height
    assert len(data) == fires  # mechanics firing under neither ruleset are left out
    assert behaviour_chart(forbidden.table, "mine").to_dict()["title"]["text"] == "mine"
    with pytest.raises(ChartInputError, match="^behaviour_chart: result takes a Behaviour"):
        behaviour_chart(forbidden.base_result)


def test_the_summary_names_the_table_that_played_it(forbidden, same):
    first = forbidden.summary().splitlines()[0]
    assert first == (
        "What no_rerolls does to play: bourbonomics, 2 players, heuristic at every seat, 24 games a side, "
        "seed 0, every board through every seat."
    )
    assert "Base: the game's defaults." in forbidden.summary()
    assert (same.bots, same.players, same.games, same.seed) == (("heuristic", "heuristic"), 2, 24, 0)
    assert "reroll" in forbidden.text().splitlines()[1] and "moved" in forbidden.text().splitlines()[1]


def test_how_often_in_words():
    assert how_often(2.0, 6.2) == "3.1× as often"
    assert how_often(2.0, 1.0) == "half as often"
    assert how_often(2.0, 4.0) == "twice as often"
    assert how_often(4.0, 2.4) == "40 % less often"
    assert how_often(1.0, 12.0) == "12× as often"
    assert how_often(1.0, 1.04) == "1.04× as often"
    assert how_often(2.4, 0.0) == "never, from 2.4 a game"
    assert how_often(0.0, 0.4) == "0.4 times a game, from never"


def test_a_changed_ruleset_is_named_by_its_house_rules_and_fields(base):
    changed = base.with_house_rules(no_rerolls()).replace(free_rerolls=0, zone_multipliers=(1, 2, 4))
    assert module.changes_label(changed, base) == "no_rerolls, free_rerolls=0, zone_multipliers=[1, 2, 4]"
    assert module.changes_label(base, changed) == "without no_rerolls, free_rerolls=1, zone_multipliers=[1, 2, 3]"


def test_bl_behaviour_and_the_command(capsys, tmp_path):
    assert bl.behaviour is behaviour and "behaviour" in bl.__all__
    parser = argparse.ArgumentParser()
    module.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(
        ["behaviour", "--set", "free_rerolls=3", "--bots", "heuristic", "--players", "2", "--games", "12"]
        + ["--workers", "1", "--quiet", "--out", str(tmp_path)]
    )
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("What free_rerolls=3 does to play: bourbonomics, 2 players, heuristic at every seat")
    assert (tmp_path / "behaviour.csv").exists() and "<svg" in (tmp_path / "behaviour.html").read_text()
    args = parser.parse_args(["behaviour", "--bots", "heuristic"])
    with pytest.raises(bl.BourbonLabError, match="name the changed ruleset"):
        args.func(args)
