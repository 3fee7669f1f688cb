"""Simulation for any registered game: common tables with ``game_name``, ``score_parts``, per-game bots.

Tip Jar (tests/toygame.py) stands in for a second game: it has no heuristic, a commit group,
an out-of-turn challenge and payments to another player, so a table builder or bot that
leans on Bourbonomics fails here.
"""

from __future__ import annotations

import polars as pl
import pytest
import toygame

import bourbon_lab as bl
from bourbon_lab.bots import UnknownBot, bot_names, make_bot
from bourbon_lab.bots.generic import FlatSearch, UniformRandom
from bourbon_lab.sim import tables

TIP = toygame.TipRules()
COMMON = {
    "games": ["game", "game_name", "seed", "players", "rounds", "decisions", "ended_by", "winner", "winners", "error"],
    "players": ["game", "player", "seat", "turn_order", "bot", "score", "rank", "won"],
    "events": ["game", "seq", "round", "phase", "player", "seat", "kind", "amount", "source"],
    "score_parts": ["game", "player", "source", "points"],
}


def tip_run(**kw):
    args = {"players": 3, "games": 24, "bots": "random", "seed": 2, "workers": 1, "progress": False}
    return bl.simulate(TIP, **{**args, **kw})


@pytest.fixture(scope="module")
def tip():
    return tip_run()


@pytest.fixture(scope="module")
def bourbon():
    bots = ["heuristic", "random", "greedy"]
    return bl.simulate(bl.Ruleset.default(), players=3, games=6, bots=bots, seed=8, workers=1, progress=False)


def _assert_parts_sum_to_scores(result):
    sums = result.score_parts.group_by("game", "player").agg(pl.col("points").sum())
    joined = result.players.join(sums, on=["game", "player"], how="left")
    assert joined["points"].null_count() == 0, "a player without score_parts rows"
    assert (joined["points"] == joined["score"]).all()


@pytest.mark.parametrize("which", ["tip", "bourbon"])
def test_every_game_has_the_common_columns(which, request):
    result = request.getfixturevalue(which)
    for table, cols in COMMON.items():
        missing = [c for c in cols if c not in getattr(result, table).columns]
        assert not missing, f"{which}.{table} lacks {missing}"
    name = {"tip": "tipjar", "bourbon": "bourbonomics"}[which]
    assert result.games["game_name"].unique().to_list() == [name]
    assert result.stamp["game"] == name == result.game
    assert (result.games["decisions"] > 0).all()


def test_tipjar_tables_hold_its_games(tip):
    """Tip Jar: "Reaching the target ends the game once the round finishes" (tests/toygame.py)."""
    assert not tip.failures and tip.games.height == 24 and tip.players.height == 72
    assert set(tip.games["ended_by"]) <= {"target", "rounds"} and "target" in set(tip.games["ended_by"])
    # per game, turn_order is a permutation of 0..2, and the winners column counts the won rows
    orders = tip.players.group_by("game").agg(pl.col("turn_order").sort())
    assert all(o == [0, 1, 2] for o in orders["turn_order"].to_list())
    won = tip.players.group_by("game").agg(pl.col("won").sum().alias("w")).join(tip.games, on="game")
    assert (won["w"] == won["winners"]).all()
    assert tip.events.filter(pl.col("kind") == "bids_revealed").height >= 24


def test_tipjar_payments_name_payer_and_payee_as_players(tip):
    """Tip Jar: "each bid is paid to the player on the bidder's left" -- the payee is the event's player."""
    tips = tip.events.filter((pl.col("kind") == "income") & (pl.col("source") == "tip"))
    assert tips.height > 0 and tips["from_player"].null_count() == 0
    seats = tip.players.select("game", "player", "seat")
    payer = tips.join(seats, left_on=["game", "from_player"], right_on=["game", "player"]).rename({"seat_right": "ps"})
    assert ((payer["ps"] + 1) % 3 == payer["seat"]).all(), "a tip goes to the seat on the payer's left"


def test_score_parts_sum_to_each_players_score(tip, bourbon):
    """Rulebook: "Final score = Capital + Prestige. Most points wins." -- the parts Bourbonomics' score splits into."""
    _assert_parts_sum_to_scores(tip)
    _assert_parts_sum_to_scores(bourbon)
    assert set(bourbon.score_parts["source"]) == {"capital", "prestige"}
    cap = bourbon.players.select("game", "player", "capital").join(
        bourbon.score_parts.filter(pl.col("source") == "capital"), on=["game", "player"]
    )
    assert (cap["capital"] == cap["points"]).all()
    assert set(tip.score_parts["source"]) == set(toygame.SOURCES)


def test_bourbonomics_income_and_points_rows_stand_for_its_sales_and_orders(bourbon):
    """Rulebook: "Capital from a sale = bourbon's age value × zone multiplier"; orders give Prestige."""
    ev = bourbon.events
    for kind, generic, col in (("sale", "income", "capital"), ("order_completed", "points", "prestige")):
        src = ev.filter(pl.col("kind") == kind).select("game", "seq", "player", pl.col(col).cast(pl.Int64).alias("v"))
        got = ev.filter((pl.col("kind") == generic) & (pl.col("source") != "warehouse_tasting"))
        got = got.select("game", "seq", "player", pl.col("amount").alias("v"))
        assert src.height > 0 and src.sort("game", "seq").equals(got.sort("game", "seq")), kind


def test_same_seed_same_tables_in_a_process_pool(tip):
    again = tip_run(workers=2)
    for name in ("games", "players", "events", "score_parts"):
        assert getattr(tip, name).equals(getattr(again, name)), name


def test_the_bot_registry_is_per_game():
    assert bot_names("tipjar") == ["ismcts", "learned", "random", "search"]
    assert {"heuristic", "rush", "greedy", "random", "search"} <= set(bot_names())
    assert type(make_bot("random", game="tipjar")) is UniformRandom
    assert type(make_bot("search", game="tipjar")) is FlatSearch
    assert type(make_bot("random")) is not UniformRandom  # Bourbonomics keeps its own random bot
    known = "known bots: ismcts, learned, random, search"
    with pytest.raises(UnknownBot, match=rf"unknown bot 'heuristic' for tipjar.*{known}"):
        tip_run(bots="heuristic")


def test_search_plays_tipjar_through_the_protocol():
    """The generic search re-deals what it cannot see (``observe(p).determinise``) and plays on at random."""
    res = tip_run(players=2, games=4, bots=["search:budget=12", "random"])
    assert not res.failures and res.players.height == 8
    g = bl.new_game(TIP, players=2, seed=5)
    bot = make_bot("search:budget=12,horizon=1", seed=3, game="tipjar")
    before = g.snapshot()
    choice = bot.choose(g.observe(g.decision.actor), g.legal_actions())
    assert choice in g.legal_actions() and g.snapshot() == before  # thinking changes nothing at the table


def test_compare_sweep_and_ladder_run_tipjar():
    c = bl.compare(TIP, TIP.replace(target=2), players=2, games=16, bots="random", workers=1, progress=False)
    rounds = c.table.filter(pl.col("metric") == "rounds").row(0, named=True)
    assert rounds["diff"] < 0, "a lower target ends games sooner"
    s = bl.sweep(TIP, {"target": [2, 3]}, players=2, games=4, bots="random", workers=1, progress=False)
    assert s.games["game_name"].unique().to_list() == ["tipjar"] and s.score_parts.height > 0
    from bourbon_lab.sim.ladder import ladder

    table = ladder(TIP, ["random", "search:budget=6"], players=2, games=4, workers=1, progress=False)
    assert table.height == 2 and table["games"].to_list() == [4, 4]


@pytest.mark.parametrize(
    ("kw", "word"),
    [
        ({"players": 5}, "players: 5 is outside 2-4"),
        ({"distilleries": ["standard"] * 3}, "distilleries: .* has no setup choice 'distilleries'"),
    ],
)
def test_bad_input_for_another_game_is_refused_naming_the_field(kw, word):
    with pytest.raises(bl.SimulationError, match=word):
        tip_run(**kw)


def test_rulesets_of_two_games_are_not_compared():
    with pytest.raises(bl.SimulationError, match="rules_b: a tipjar ruleset"):
        bl.compare(bl.Ruleset.default(), TIP, players=2, games=2)


def test_bourbonomics_schemas_are_the_default_games():
    assert tables.GAMES_SCHEMA == tables.schemas("bourbonomics")[0]
    assert "crashes" in tables.GAMES_SCHEMA and "crashes" not in tables.schemas("tipjar")[0]


# --- the command line -----------------------------------------------------------------------


def _cli(capsys, *argv):
    from bourbon_lab.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_simulate_and_rules_take_another_game(capsys, tmp_path):
    code, out, err = _cli(capsys, "simulate", "--game", "tipjar", "--players", "2", "--games", "6", "--workers", "1")
    assert code == 0, err
    assert "games of tipjar, 2 players" in out and "random" in out and "crashes" not in out
    out_dir = str(tmp_path)
    code, out, err = _cli(capsys, "simulate", "--game", "tipjar", "--games", "3", "--workers", "1", "--out", out_dir)
    assert code == 0 and pl.read_parquet(tmp_path / "score_parts.parquet").height > 0
    assert pl.read_parquet(tmp_path / "games.parquet")["game_name"].to_list() == ["tipjar"] * 3
    code, out, err = _cli(capsys, "rules", "--game", "tipjar", "--all")
    assert code == 0 and "ties" in out and "nobody | both" in out and "\ntarget " in out
    code, out, err = _cli(capsys, "games", "--game", "tipjar")
    assert code == 0 and "tipjar" in out and "bourbonomics" not in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("simulate", "--game", "tipjr"), ["unknown game 'tipjr'", "did you mean 'tipjar'", "bourbonomics"]),
        (("soak", "--game", "tipjr", "--games", "1"), ["unknown game 'tipjr'", "did you mean 'tipjar'"]),
        (("simulate", "--game", "tipjar", "--bots", "heuristic"), ["unknown bot 'heuristic' for tipjar"]),
    ],
)
def test_cli_refuses_a_game_in_one_line(capsys, argv, words):
    code, out, err = _cli(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    for w in words:
        assert w in err


# --- scenarios ------------------------------------------------------------------------------

TIP_SCENARIO = """
game: tipjar
name: tips at three
players: 3
bots: random
seeds: [1, 2, 3]
script: [bid 2, bid 0, bid 1]
expect:
  - after: {step: 3}
    round: 1
  - at: end
    over: true
"""


def test_a_scenario_of_another_game_plays_its_script_then_its_bots():
    """Tip Jar: "the single highest bid scores a point" -- seat 0's scripted top bid wins round 1."""
    sc = bl.Scenario.from_text(TIP_SCENARIO)
    assert sc.spec.game == "tipjar" and sc.rules.game == "tipjar"
    run = sc.run()
    assert run.passed, str(run)
    for g in run.games:
        assert g.is_over and g.actions[:3] == ["bid 2", "bid 0", "bid 1"]
        assert next(e for e in g.log if e.kind == "points").player == 0
    failing = bl.Scenario.from_text(TIP_SCENARIO.replace("round: 1", "round: 2")).run()
    assert not failing.passed and "the round is 1, expected 2" in str(failing)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("game: tipjar", "game: tipjr"), ["line 2", "unknown game 'tipjr'", "did you mean 'tipjar'"]),
        (("round: 1", "zone: Hot"), ["zone: a Bourbonomics check", "checks are round, over"]),
        (
            ("players: 3", "players: 3\ndistilleries: standard"),
            ["distilleries: Tip Jar (test-only) has no setup choice 'distilleries'"],
        ),
        (("bots: random", "bots: heuristic"), ["unknown bot 'heuristic' for tipjar"]),
        (("players: 3", "players: 9"), ["players: 9 is out of range 2-4"]),
    ],
)
def test_a_bad_scenario_of_another_game_is_refused_in_one_line(change, words):
    from bourbon_lab.scenarios import ScenarioError

    with pytest.raises(ScenarioError) as caught:
        bl.Scenario.from_text(TIP_SCENARIO.replace(*change), file="tips.yaml")
    text = str(caught.value)
    assert "\n" not in text and text.startswith("tips.yaml")
    for w in words:
        assert w in text


def test_an_illegal_scripted_step_of_another_game_names_its_step_and_line():
    from bourbon_lab.scenarios import ScenarioError

    sc = bl.Scenario.from_text(TIP_SCENARIO.replace("bid 0,", "bid 7,"), file="tips.yaml")
    with pytest.raises(ScenarioError, match=r"tips\.yaml.*'bid 7' is illegal here") as caught:
        sc.run()
    assert "step 2" in str(caught.value)


def test_cli_check_and_replay_run_a_tipjar_scenario(capsys, tmp_path):
    path = tmp_path / "tips.yaml"
    path.write_text(TIP_SCENARIO)
    code, out, err = _cli(capsys, "check", str(path))
    assert code == 0 and out.startswith("PASS tips at three"), out + err
    code, out, err = _cli(capsys, "replay", str(path), "--game", "tipjar")
    assert code == 0 and "bids_revealed" in out and "rank 1" in out
    code, out, err = _cli(capsys, "check", str(path), "--game", "bourbonomics")
    assert code == 1 and "a tipjar scenario, not bourbonomics" in out


# --- charts on any game's tables ------------------------------------------------------------


@pytest.mark.parametrize("which", ["tip", "bourbon"])
def test_the_common_charts_draw_any_games_tables(which, request):
    from bourbon_lab import charts

    result = request.getfixturevalue(which)
    share = charts.score_by_source(result.score_parts, result.players, by="seat").to_dict()
    rows = next(iter(share["datasets"].values()))
    for seat in {r["seat"] for r in rows}:  # each seat's shares add up to the whole score
        assert sum(r["share"] for r in rows if r["seat"] == seat) == pytest.approx(1.0)
    flow = charts.income_and_points(result.events).to_dict()
    points = [r for r in next(iter(flow["datasets"].values())) if r["kind"] == "points"]
    last = max(points, key=lambda r: r["round"])["per_player"]
    scored = result.events.filter(pl.col("kind") == "points")["amount"].sum()
    assert last == pytest.approx(scored / result.players.height), "the last point is the average total per player"
    for chart in (charts.win_rate(result.players), charts.game_length(result.games)):
        assert chart.to_dict()["title"]["text"]
    axis = charts.score_distribution(result.players).to_dict()["encoding"]["y"]["title"]
    assert axis == {"bourbon": "Final score (Capital + Prestige)", "tip": "Final score"}[which]


@pytest.mark.slow
def test_tipjar_on_a_dask_cluster_gives_the_same_tables(tip):
    """Workers learn the game from the ruleset they unpickle (its module registers it)."""
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = tip_run(executor=client)
    assert not on_dask.failures and on_dask.run_id == tip.run_id
    for name in ("games", "players", "events", "score_parts"):
        assert getattr(tip, name).equals(getattr(on_dask, name)), name
