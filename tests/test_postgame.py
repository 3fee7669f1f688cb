"""Issue 30: a playtest records who was human, and its post-game page weighs each human decision.

Saved playtests of every game replay to the identical log and keep ``humans:``; ``bl.postgame`` gives
points by source as each round ended (the replayed game's own ``score_rows``), one row per human
decision with the strongest bot's choice and, where they differ, paired playout estimates whose
Student-t interval matches scipy's; a planted bad move shows up below zero; the CLI writes the page.
"""

from __future__ import annotations

import argparse
import doctest
import random
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
import scipy.stats
import yaml

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.scenarios import Scenario, ScenarioError, save_playtest
from bourbon_lab.scenarios import format as format_mod
from bourbon_lab.scenarios import playtest as playtest_mod
from bourbon_lab.scenarios import postgame as postgame_mod
from bourbon_lab.scenarios.checks import log_digest
from bourbon_lab.scenarios.commands import register
from bourbon_lab.scenarios.postgame import STRONGEST, paired_interval, postgame
from bourbon_lab.sim.stats import t_quantile

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("bourbonomics", "distilled", "gin_crafters", "microbrew")
HUMANS = [0, 1]
ROUNDS = {"bourbonomics": 1, "distilled": 2, "gin_crafters": 2, "microbrew": 2}


def _seat_of(game, text: str) -> int:
    """Who played ``text``: a peer game's out-of-turn commit says `` @seat``; otherwise the decision's actor."""
    head, at, seat = text.rpartition(" @")
    return int(seat) if at and seat.isdigit() else game.decision.actor


def _playtest(name: str, players: int = 3, seed: int = 4, humans=("random", "random"), rounds=None):
    """A game where seats 0 and 1 play as people might (``humans`` bots) and the rest are heuristic bots.

    In Distilled, seat 0 commits its identity before the actor (an out-of-turn commit, ``... @0``).
    """
    g = bl.new_game(bl.default_rules(name), players=players, seed=seed)
    bots = [make_bot(b, seed=i, game=name) for i, b in enumerate([*humans, *["heuristic"] * (players - 2)])]
    if name == "distilled":
        assert g.decision.actor != 0 and 0 in g.decision.group
        g.apply(bots[0].choose(g.observe(0), g.legal_actions(player=0)), player=0)
    while not g.is_over and g.round <= (rounds or ROUNDS[name]):
        seat = g.decision.actor
        g.apply(bots[seat].choose(g.observe(seat), g.legal_actions()))  # the checked path, as a person
    return g


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """Each game's short playtest, saved with seats 0 and 1 human, and its post-game (4 rollouts)."""
    folder = tmp_path_factory.mktemp("postgame")
    out = {}
    for name in GAMES:
        g = _playtest(name)
        path = save_playtest(g, folder / f"{name}.yaml", humans=[1, 0])
        out[name] = (g, path, postgame(path, rollouts=4))
    return out


# --- save_playtest, humans: and the loader


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_playtest_of_every_game_replays_to_the_identical_log_and_keeps_humans(saved, name):
    g, path, _ = saved[name]
    data = yaml.safe_load(path.read_text())
    assert data["humans"] == [0, 1] and "humans: [0, 1]" in path.read_text()
    assert data.get("game", "bourbonomics") == name and data["bots"] == "none"
    sc = Scenario.load(path)
    assert sc.spec.humans == [0, 1] and sc.rules == g.rules
    replayed = sc.game()
    assert [e.to_row() for e in replayed.log] == [e.to_row() for e in g.log]
    assert replayed.actions == g.actions and sc.run().passed


def test_the_out_of_turn_commit_is_saved_with_its_seat(saved):
    g, path, _ = saved["distilled"]
    assert g.actions[0].endswith(" @0") and yaml.safe_load(path.read_text())["script"][0] == g.actions[0]


def test_a_peer_game_saves_its_rule_changes_against_its_own_defaults(tmp_path):
    rules = bl.default_rules("gin_crafters").replace(end_vp=24)
    g = bl.new_game(rules, players=2, seed=3)
    bots = [make_bot("heuristic", seed=s, game="gin_crafters") for s in range(2)]
    while g.round <= 2:
        g.apply(bots[g.decision.actor].choose(g.observe(g.decision.actor), g.legal_actions()))
    path = save_playtest(g, tmp_path / "gin.yaml")
    data = yaml.safe_load(path.read_text())
    assert data["rules"] == {"end_vp": 24} and "humans" not in data and "ruleset" not in data
    sc = Scenario.load(path)
    assert sc.rules == rules and sc.spec.humans is None
    assert log_digest(sc.game().log) == log_digest(g.log)


@pytest.mark.parametrize(
    ("humans", "why"),
    [
        ("[0, 3]", "humans: seat 3 is not at a 3-player table (seats 0-2)"),
        ("[-1]", "humans: seat -1 is not at a 3-player table"),
        ("[1, 1]", "humans: seat 1 is named twice"),
        ("[true]", "humans: takes a list of the seats people played"),
        ("0", "humans: takes a list of the seats people played"),
        ("[zero]", "humans: takes a list of the seats people played"),
    ],
)
@pytest.mark.parametrize("game", ["bourbonomics", "microbrew"])
def test_the_loader_refuses_bad_humans_naming_the_key_and_line(tmp_path, game, humans, why):
    text = f"name: t\ngame: {game}\nplayers: 3\nbots: none\nhumans: {humans}\nscript: []\n"
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as caught:
        Scenario.load(path)
    assert caught.value.line == 5 and why in str(caught.value) and "\n" not in str(caught.value)


def test_humans_are_kept_sorted_and_an_empty_list_is_allowed():
    sc = Scenario.from_text("{name: t, game: distilled, players: 3, bots: none, humans: [2, 0]}")
    assert sc.spec.humans == [0, 2]
    assert Scenario.from_text("{name: t, players: 2, bots: none, humans: []}").spec.humans == []


def test_save_refuses_bad_humans_and_writes_nothing(tmp_path):
    g = _playtest("gin_crafters", players=2, rounds=1)
    for bad in ([2], [0, 0], ["0"]):
        with pytest.raises(ScenarioError, match="humans:"):
            save_playtest(g, tmp_path / "p.yaml", humans=bad)
    assert list(tmp_path.iterdir()) == []


# --- points by source over the rounds


def _replayed_rounds(g) -> tuple[dict, object]:
    """Independently: each round's score rows as the round ended, and the last (as the game stopped)."""
    fresh = bl.new_game(g.rules, players=g.n, seed=g.seed, **_table(g))
    at = {}
    for text in g.actions:
        before = fresh.round
        fresh.apply(text)
        if fresh.round != before:
            at[before] = {r.player: r for r in fresh.score_rows()}
    at[fresh.log[-1].round] = {r.player: r for r in fresh.score_rows()}
    return at, fresh


def _table(g) -> dict:
    return {"distilleries": [p.distillery for p in g.players]} if g.rules.game == "bourbonomics" else {}


@pytest.mark.parametrize("name", GAMES)
def test_points_by_source_are_the_replayed_score_rows_at_each_round(saved, name):
    g, _, pg = saved[name]
    at, _ = _replayed_rounds(g)
    assert sorted(pg.points["round"].unique().to_list()) == sorted(at)
    assert pg.points.columns == ["round", "player", "source", "points"]
    for (rnd, player), rows in pg.points.group_by("round", "player"):
        parts = dict(zip(rows["source"], rows["points"]))
        row = at[rnd][player]
        assert {s: parts[s] for s in row.parts} == dict(row.parts), (rnd, player)
        assert all(v == 0 for s, v in parts.items() if s not in row.parts)
        assert sum(parts.values()) == pytest.approx(row.score)
    assert len(at) >= 2 and set(pg.points["player"]) == set(range(g.n))
    final = pg.points.filter(pl.col("round") == pg.points["round"].max())
    totals = dict(final.group_by("player").agg(pl.col("points").sum()).iter_rows())
    assert totals == pytest.approx(pg.scores)


# --- one row per human decision


@pytest.mark.parametrize("name", GAMES)
def test_a_decision_row_appears_exactly_at_each_human_decision(saved, name):
    g, path, pg = saved[name]
    fresh = bl.new_game(g.rules, players=g.n, seed=g.seed, **_table(g))
    expected = []
    for i, text in enumerate(g.actions):
        seat = _seat_of(fresh, text) if name != "bourbonomics" else fresh.current_player
        if seat in HUMANS:
            expected.append((i, seat, text.rpartition(" @")[0] if " @" in text else text))
        fresh.apply(text)
    got = list(pg.decisions.select("step", "seat", "human").iter_rows())
    assert got == expected and {s for _, s, _ in got} == set(HUMANS)
    assert pg.decisions.filter(pl.col("agree") != (pl.col("human") == pl.col("bot"))).height == 0
    sc = Scenario.load(path)
    for r in pg.decisions.head(3).iter_rows(named=True):  # ``step``: the table the person looked at
        at = sc.game_at(step=r["step"])
        assert len(at.actions) == r["step"] and at.round == r["round"]
        assert r["seat"] == at.decision.actor or r["seat"] in at.decision.group


def test_the_out_of_turn_commit_is_weighed_for_its_own_seat(saved):
    _, _, pg = saved["distilled"]
    first = pg.decisions.row(0, named=True)
    assert (first["step"], first["seat"], first["decision"]) == (0, 0, "identity")


def test_when_the_person_played_the_bots_choice_it_agrees_and_the_difference_is_zero():
    """Seats played by the advisor itself (same bot, same seed): every row agrees, with no estimate."""
    g = _playtest("gin_crafters", humans=("tempo", "tempo"), rounds=3)
    pg = postgame(g, humans=[0, 1], advisor="tempo", rollouts=4, seed=0)
    d = pg.decisions
    assert d.height > 10 and d["agree"].all() and (d["human"] == d["bot"]).all()
    assert d["difference"].to_list() == [0.0] * d.height
    assert d["ci_low"].to_list() == d["ci_high"].to_list() == [0.0] * d.height
    assert d["human_worth"].null_count() == d.height and pg.playouts.height == 0


def test_where_they_differ_both_worths_are_estimated_and_paired(saved):
    _, _, pg = saved["distilled"]
    differ = pg.decisions.filter(~pl.col("agree"))
    assert differ.height >= 5 and differ["difference"].null_count() == 0
    for r in differ.iter_rows(named=True):
        runs = pg.playouts.filter(pl.col("step") == r["step"])
        assert runs.height == pg.rollouts and runs["seat"].to_list() == [r["seat"]] * pg.rollouts
        assert r["human_worth"] == pytest.approx(runs["human"].mean())
        assert r["bot_worth"] == pytest.approx(runs["bot"].mean())
        assert r["difference"] == pytest.approx(r["human_worth"] - r["bot_worth"])


# --- the estimate and its interval


def test_the_interval_is_scipys_paired_t_interval_on_the_same_playouts(saved):
    checked = 0
    for name in GAMES:
        _, _, pg = saved[name]
        for r in pg.decisions.filter(~pl.col("agree")).iter_rows(named=True):
            runs = pg.playouts.filter(pl.col("step") == r["step"])
            h, b = runs["human"].to_list(), runs["bot"].to_list()
            if len({x - y for x, y in zip(h, b)}) < 2:
                assert r["ci_low"] == r["ci_high"] == pytest.approx(r["difference"])  # no spread: a point
                continue
            low, high = scipy.stats.ttest_rel(h, b).confidence_interval(0.95)
            assert (r["ci_low"], r["ci_high"]) == pytest.approx((low, high), rel=1e-9, abs=1e-9)
            checked += 1
    assert checked >= 3


def test_t_quantiles_and_paired_intervals_match_scipy():
    for df in (1, 2, 3, 5, 7, 15, 31, 120):
        for p in (0.9, 0.975, 0.995):
            assert t_quantile(p, df) == pytest.approx(scipy.stats.t.ppf(p, df), rel=1e-9)
    rng = random.Random(5)
    for n in (2, 3, 8, 30):
        a = [rng.gauss(0, 3) for _ in range(n)]
        b = [x + rng.gauss(0.5, 1) for x in a]
        mean, low, high = paired_interval(a, b)
        test = scipy.stats.ttest_rel(a, b)
        assert (low, high) == pytest.approx(tuple(test.confidence_interval(0.95)), rel=1e-9)
        assert mean == pytest.approx(sum(a) / n - sum(b) / n)


def test_the_interval_covers_a_known_difference_about_95_percent_of_the_time():
    rng, hits, trials = random.Random(0), 0, 2000
    for _ in range(trials):
        a = [rng.gauss(0, 2) for _ in range(8)]
        b = [x - 1.5 + rng.gauss(0, 1.5) for x in a]  # a - b has mean +1.5
        _, low, high = paired_interval(a, b)
        hits += low <= 1.5 <= high
    assert 0.935 <= hits / trials <= 0.965


def test_a_planted_bad_move_is_estimated_below_zero_with_its_interval():
    """Bourbonomics' final round: ending the turn with a sale on offer throws its Capital away for good."""
    g = bl.new_game(bl.Ruleset.default(), players=2, seed=4)
    bots = [make_bot("heuristic", seed=s) for s in range(2)]
    while not g.is_over:
        legal = g.legal_actions()
        final = any(e.kind == "final_round" for e in g.log)
        if final and g.current_player == 0 and any(a.verb == "sell" for a in legal):
            break
        g.apply(bots[g.current_player].choose(g.observe(g.current_player), legal))
    assert not g.is_over, "seed 4 offers seat 0 a sale in the final round"
    g.apply("end turn")
    pg = postgame(g, humans=[0], rollouts=6)
    planted = pg.decisions.row(-1, named=True)
    assert planted["human"] == "end turn" and planted["bot"].startswith("sell ") and not planted["agree"]
    assert planted["difference"] < 0 and planted["ci_high"] < 0
    assert planted["human_worth"] < planted["bot_worth"]


# --- sources, advisors, determinism, output


def test_a_path_a_scenario_and_the_game_give_the_same_tables(saved):
    g, path, pg = saved["microbrew"]
    for source in (Scenario.load(path), g):
        other = postgame(source, humans=[0, 1], rollouts=4)
        assert other.points.equals(pg.points) and other.decisions.equals(pg.decisions)


def test_the_same_seed_gives_the_same_tables_and_another_seed_other_playouts(saved):
    _, path, pg = saved["distilled"]
    again = postgame(path, rollouts=4)
    assert again.decisions.equals(pg.decisions) and again.playouts.equals(pg.playouts)
    other = postgame(path, rollouts=4, seed=1)
    assert not other.playouts.equals(pg.playouts)


def test_the_advisor_is_the_strongest_bot_by_default_and_can_be_overridden(saved):
    assert set(STRONGEST) == set(GAMES)
    for name in GAMES:
        assert saved[name][2].advisor.startswith(STRONGEST[name])
    _, path, _ = saved["gin_crafters"]
    assert postgame(path, advisor="brand", rollouts=2).advisor == "brand"
    with pytest.raises(bl.BourbonLabError, match="unknown bot"):
        postgame(path, advisor="grandmaster")


def test_humans_come_from_the_argument_before_the_file_and_are_required(saved):
    g, path, _ = saved["gin_crafters"]
    assert set(postgame(path, humans=[2], rollouts=2).decisions["seat"]) == {2}
    with pytest.raises(ScenarioError, match="humans"):
        postgame(g)
    with pytest.raises(ScenarioError, match="rollouts"):
        postgame(path, rollouts=0)


def test_the_summary_counts_each_human_seats_decisions_and_agreement(saved):
    _, _, pg = saved["distilled"]
    text = str(pg)
    for s in pg.summary():
        chosen = pg.decisions.filter((pl.col("seat") == s["seat"]) & (pl.col("choices") > 1))
        assert s["with_choice"] == chosen.height and s["agreed"] == chosen["agree"].sum()
        assert f"Seat {s['seat']}: {s['decisions']} decisions, {chosen.height} with a choice" in text
    assert "seller" in text and "re-dealt" in text and pg._repr_markdown_().startswith("**Post-game")


def test_the_chart_and_the_offline_page(saved, tmp_path):
    _, _, pg = saved["distilled"]
    spec = pg.chart().to_dict()
    facet, layer = spec["vconcat"]
    assert facet["facet"]["field"] == "seat" and layer["layer"][2]["encoding"]["y"]["field"] == "difference"
    drawn = [r for rows in spec["datasets"].values() for r in rows if "difference" in r]
    assert len(drawn) == pg.decisions.filter(pl.col("choices") > 1).height
    html = pg.page(tmp_path / "p.html")
    assert (tmp_path / "p.html").read_text() == html
    assert html.count("<svg") == 2 and "<script" not in html and "cdn" not in html.lower()
    assert "Seat 0 (person)" in html and "Decisions with a choice" in html


def test_the_cli_prints_the_summary(saved):
    _, path, _ = saved["gin_crafters"]
    cli = [sys.executable, "-m", "bourbon_lab.cli", "postgame", str(path), "--rollouts", "2", "--humans", "1"]
    out = subprocess.run(cli, capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Post-game: gin_crafters") and "Seat 1:" in out.stdout and "Seat 0:" not in out.stdout


def test_the_postgame_command_writes_the_page_and_refuses_a_bad_seat(saved, tmp_path, capsys):
    _, path, _ = saved["gin_crafters"]
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["postgame", str(path), "--rollouts", "2", "--html", str(tmp_path / "p.html")])
    assert args.func(args) == 0
    assert "Seat 0:" in capsys.readouterr().out and "<svg" in (tmp_path / "p.html").read_text()
    args = parser.parse_args(["postgame", str(path), "--humans", "0,9"])
    with pytest.raises(ScenarioError, match="humans: seat 9 is not at a 3-player table"):
        args.func(args)


@pytest.mark.parametrize("module", [postgame_mod, format_mod, playtest_mod], ids=["postgame", "format", "playtest"])
def test_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
