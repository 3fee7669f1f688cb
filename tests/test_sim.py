"""Batch simulation: table contracts, reproducibility on every executor, input checks, failures, stats, CLI."""

from __future__ import annotations

import json
import multiprocessing
import subprocess
import sys
from collections import Counter

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.bots import REGISTRY, UnknownBot
from bourbon_lab.games.bourbonomics.bots.simple import RandomBot
from bourbon_lab.sim import game_seed

RULES = bl.Ruleset.default()

# Contract columns (architecture.md, "Tables that simulate returns") and the dtype each must have.
GAMES_CONTRACT = {
    "game": pl.Int64,
    "seed": pl.Int64,
    "players": pl.Int64,
    "rounds": pl.Int64,
    "ended_by": pl.Utf8,
    "winner": pl.Int64,
    "crashes": pl.Int64,
    "hot_resets": pl.Int64,
}
PLAYERS_CONTRACT = {
    "game": pl.Int64,
    "player": pl.Int64,
    "seat": pl.Int64,
    "distillery": pl.Utf8,
    "bot": pl.Utf8,
    "capital": pl.Int64,
    "prestige": pl.Int64,
    "score": pl.Int64,
    "orders": pl.Int64,
    "upgrades": pl.Int64,
    "rank": pl.Int64,
    "won": pl.Boolean,
}
EVENTS_CONTRACT = {
    "game": pl.Int64,
    "seq": pl.Int64,
    "round": pl.Int64,
    "phase": pl.Utf8,
    "player": pl.Int64,
    "kind": pl.Utf8,
    "table_size": pl.Int64,
    "barrel": pl.Utf8,
    "quality": pl.Utf8,
    "age": pl.Int64,
    "base_value": pl.Int64,
    "zone": pl.Utf8,
    "multiplier": pl.Int64,
    "capital": pl.Int64,
    "card": pl.Utf8,
    "private": pl.Boolean,
    "prestige": pl.Int64,
    "department": pl.Utf8,
    "level": pl.Int64,
    "cost": pl.Int64,
    "mash_bill": pl.Utf8,
}
# Per event kind, the columns that must be filled in (architecture.md).
KIND_COLUMNS = {
    "card_added": ["table_size"],
    "crash": ["table_size"],
    "hot_reset": ["table_size"],
    "sale": [
        "barrel",
        "quality",
        "age",
        "base_value",
        "zone",
        "multiplier",
        "capital",
        "table_size",
        "card",
        "private",
    ],
    "order_completed": ["card", "prestige", "private"],
    "upgrade": ["department", "level", "cost"],
    "barrel_built": ["barrel", "quality", "mash_bill"],
    "game_end": [],
}


def run(**kw):
    args = {"players": 4, "games": 12, "bots": "heuristic", "seed": 0, "workers": 1, "progress": False}
    args.update(kw)
    return bl.simulate(RULES, **args)


def assert_same_tables(a, b):
    for name in ("games", "players", "events"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.schema == y.schema, name
        assert x.equals(y), f"{name} tables differ"


@pytest.fixture(scope="module")
def mixed():
    """A 4-player run with different bots, so player/seat mapping mistakes show."""
    return run(games=12, bots=["heuristic", "random", "greedy", "hot"], seed=5)


@pytest.fixture(scope="module")
def reference():
    return run(players=4, games=10, bots="heuristic", seed=3, workers=1)


# --- table contracts ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "contract"), [("games", GAMES_CONTRACT), ("players", PLAYERS_CONTRACT), ("events", EVENTS_CONTRACT)]
)
def test_contract_columns_and_dtypes(mixed, table, contract):
    df = getattr(mixed, table)
    assert isinstance(df, pl.DataFrame)
    missing = [c for c in contract if c not in df.columns]
    assert not missing, f"{table} lacks contract columns {missing}"
    wrong = {c: (df.schema[c], t) for c, t in contract.items() if _family(df.schema[c]) != _family(t)}
    assert not wrong, f"{table} dtypes (got, want): {wrong}"


def _family(dtype) -> str:
    """Integer widths and text encodings (String, Enum) may change; the kind of value may not."""
    if dtype.is_integer():
        return "integer"
    if dtype in (pl.Utf8, pl.Categorical) or isinstance(dtype, pl.Enum):
        return "text"
    return str(dtype)


def test_row_counts(mixed):
    assert not mixed.failures
    assert mixed.games.height == 12
    assert mixed.players.height == 12 * 4
    assert mixed.games["game"].to_list() == list(range(12))
    assert mixed.games["players"].unique().to_list() == [4]
    counts = mixed.players.group_by("game").len()
    assert counts["len"].unique().to_list() == [4]
    assert mixed.games["error"].null_count() == 12


def test_games_table_values(mixed):
    g = mixed.games
    assert set(g["ended_by"].unique()) <= {"orders", "round_limit"}
    assert g["rounds"].min() >= 1 and g["rounds"].max() <= RULES.round_limit
    assert g["seed"].to_list() == [game_seed(5, i) for i in range(12)]
    ev = mixed.events
    for kind, col in (("crash", "crashes"), ("hot_reset", "hot_resets")):
        n = ev.filter(pl.col("kind") == kind).group_by("game").len()
        got = g.join(n, on="game", how="left").with_columns(pl.col("len").fill_null(0))
        assert (got[col] == got["len"]).all(), f"{col} disagrees with the {kind} events"


def test_exactly_one_winner_unless_shared(mixed):
    p, g = mixed.players, mixed.games
    wins = p.group_by("game").agg(pl.col("won").sum().alias("wins")).join(g, on="game").sort("game")
    for row in wins.iter_rows(named=True):
        assert row["wins"] >= 1, f"game {row['game']} has no winner"
        assert row["wins"] == row["winners"]
        if row["wins"] == 1:
            winner = p.filter((pl.col("game") == row["game"]) & pl.col("won"))["player"].item()
            assert row["winner"] == winner
        else:
            assert row["winner"] is None
    # a winner is ranked first, and only the winners are
    assert (p["won"] == (p["rank"] == 1)).all()


def test_players_table_values(mixed):
    p = mixed.players
    assert (p["score"] == p["capital"] + p["prestige"]).all()
    assert p.select("game", "player").is_duplicated().sum() == 0
    bots = ["heuristic", "random", "greedy", "hot"]
    assert (p["bot"] == p["player"].map_elements(lambda i: bots[i], return_dtype=pl.Utf8)).all()
    ev = mixed.events
    for kind, col in (("order_completed", "orders"), ("upgrade", "upgrades")):
        n = ev.filter(pl.col("kind") == kind).group_by("game", "player").len()
        got = p.join(n, on=["game", "player"], how="left").with_columns(pl.col("len").fill_null(0))
        assert (got[col] == got["len"]).all(), f"players.{col} disagrees with the {kind} events"


def test_events_kinds_and_columns(mixed):
    ev = mixed.events
    kinds = set(ev["kind"].unique())
    for kind in ("card_added", "sale", "order_completed", "upgrade", "barrel_built", "game_end"):
        assert kind in kinds, f"no {kind} events in 12 heuristic games"
    for kind, cols in KIND_COLUMNS.items():
        rows = ev.filter(pl.col("kind") == kind)
        for c in cols:
            assert rows[c].null_count() == 0, f"{kind} rows have null {c}"
    assert ev.filter(pl.col("kind") == "game_end").group_by("game").len()["len"].to_list() == [1] * 12
    # seq is increasing within a game and events are ordered by (game, seq); an income or points
    # row derived from a sale or order shares its seq (the log is unchanged), one per kind
    assert ev.select("game", "seq", "kind").is_duplicated().sum() == 0
    assert ev.filter(~pl.col("kind").is_in(["income", "points"])).select("game", "seq").is_duplicated().sum() == 0
    assert ev.equals(ev.sort("game", "seq", maintain_order=True))


def test_sale_rows_carry_capital(mixed):
    sales = mixed.events.filter(pl.col("kind") == "sale")
    assert sales.height > 0
    assert (sales["capital"] == sales["base_value"] * sales["multiplier"]).all()
    zones = {"Low": RULES.zone_multipliers[0], "Mid": RULES.zone_multipliers[1], "Hot": RULES.zone_multipliers[2]}
    assert set(sales["zone"].unique()) <= set(zones)
    assert (sales["multiplier"] == sales["zone"].replace_strict(zones, return_dtype=pl.Int64)).all()
    assert (sales["table_size"] >= 0).all()


def test_event_player_is_the_player_not_the_seat(mixed):
    ev = mixed.events.filter(pl.col("player").is_not_null())
    seats = mixed.players.select("game", "player", pl.col("seat").alias("true_seat"))
    j = ev.join(seats, on=["game", "player"], how="left")
    assert j["true_seat"].null_count() == 0
    assert (j["seat"] == j["true_seat"]).all()


def test_summary_text(mixed):
    text = mixed.summary()
    assert mixed.run_id in text
    assert "win rate by seat" in text and "win rate by bot" in text
    for bot in ("heuristic", "random", "greedy", "hot"):
        assert bot in text


# --- reproducibility ------------------------------------------------------------------------


def test_same_seed_same_tables(reference):
    assert_same_tables(reference, run(players=4, games=10, bots="heuristic", seed=3, workers=1))


def test_process_pool_gives_identical_tables(reference):
    pooled = run(players=4, games=10, bots="heuristic", seed=3, workers=2)
    assert_same_tables(reference, pooled)
    assert pooled.run_id == reference.run_id


@pytest.mark.slow
def test_dask_cluster_gives_identical_tables(reference):
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = run(players=4, games=10, bots="heuristic", seed=3, executor=client)
    assert not on_dask.failures
    assert_same_tables(reference, on_dask)
    assert on_dask.run_id == reference.run_id


def test_different_seed_different_tables(reference):
    other = run(players=4, games=10, bots="heuristic", seed=4, workers=1)
    assert not other.games.equals(reference.games)
    assert not other.events.equals(reference.events)
    assert set(other.games["seed"]).isdisjoint(reference.games["seed"])


def test_games_are_prefix_stable():
    """Game i of a run does not depend on how many games the run has."""
    short = run(players=2, games=3, bots="greedy", seed=8)
    long = run(players=2, games=6, bots="greedy", seed=8)
    assert long.games.head(3).equals(short.games)
    assert long.events.filter(pl.col("game") < 3).equals(short.events)


# --- seats ----------------------------------------------------------------------------------


def test_rotate_seats_each_player_every_seat_equally():
    res = run(players=4, games=8, bots=["heuristic", "random", "greedy", "rush"], seed=1)
    pairs = Counter(zip(res.players["player"], res.players["seat"]))
    assert pairs == {(p, s): 2 for p in range(4) for s in range(4)}
    for game in res.players.partition_by("game"):
        assert sorted(game["seat"]) == [0, 1, 2, 3]


def test_no_rotation_keeps_player_in_own_seat():
    res = run(players=3, games=6, bots="random", seed=1, rotate_seats=False)
    assert (res.players["player"] == res.players["seat"]).all()


def test_distilleries_move_with_their_player():
    dist = ["hollow_creek", "copper_kettle", "standard"]
    res = run(players=3, games=6, bots="greedy", seed=2, distilleries=dist)
    assert not res.failures
    assert (res.players["distillery"] == res.players["player"].map_elements(lambda i: dist[i], pl.Utf8)).all()
    assert res.players["seat"].n_unique() == 3


# --- refusing bad input before any work -----------------------------------------------------


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if any game starts."""
    import bourbon_lab.sim.runner as runner

    def boom(*a, **k):
        raise AssertionError("a game was started before the input was checked")

    monkeypatch.setattr(runner, "play_one", boom)
    monkeypatch.setattr(runner, "run_chunk", boom)


@pytest.mark.parametrize(
    ("kw", "error", "field"),
    [
        ({"bots": "nope"}, UnknownBot, "bots"),
        ({"bots": ["heuristic", "nope", "random", "random"]}, UnknownBot, "nope"),
        ({"games": 0}, bl.SimulationError, "games"),
        ({"games": -3}, bl.SimulationError, "games"),
        ({"games": 2.5}, bl.SimulationError, "games"),
        ({"players": 1}, bl.SimulationError, "players"),
        ({"players": 7}, bl.SimulationError, "players"),
        ({"bots": ["heuristic"] * 3}, bl.SimulationError, "bots"),
        ({"bots": ["heuristic"] * 5}, bl.SimulationError, "bots"),
        ({"distilleries": ["nope"] * 4}, bl.SimulationError, "distilleries"),
        ({"distilleries": ["standard"] * 3}, bl.SimulationError, "distilleries"),
        ({"distilleries": "nope"}, bl.SimulationError, "distilleries"),
    ],
)
def test_bad_input_refused_before_any_game(no_games, kw, error, field):
    args = {"players": 4, "games": 4, "bots": "random"}
    args.update(kw)
    with pytest.raises(error) as info:
        bl.simulate(RULES, workers=1, progress=False, **args)
    assert field in str(info.value)
    assert isinstance(info.value, bl.BourbonLabError)


def test_unknown_bot_has_did_you_mean(no_games):
    with pytest.raises(UnknownBot, match=r"did you mean 'heuristic'"):
        bl.simulate(RULES, players=2, games=2, bots="heuristc", workers=1, progress=False)


def test_not_a_ruleset_refused(no_games):
    with pytest.raises(bl.SimulationError, match="rules"):
        bl.simulate({"zone_multipliers": (1, 2, 3)}, players=2, games=2, workers=1, progress=False)


def test_bad_bot_parameter_refused_before_any_game(no_games):
    """``search:budgt=8`` is a typo the user must hear about at once, not one failure per game."""
    with pytest.raises((UnknownBot, bl.SimulationError)) as info:
        bl.simulate(RULES, players=2, games=2, bots="search:budgt=8", workers=1, progress=False)
    assert "budgt" in str(info.value)


# --- a game that raises ---------------------------------------------------------------------

FAIL_INDEX = 2


class CrashOnRound3(RandomBot):
    """Plays like ``random`` but raises in round 3 of one chosen game (recognised by its bot seed)."""

    name = "_test_crash_round3"
    target_seeds: set[int] = set()
    captured: dict[int, dict] = {}

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.game_seed = seed // 31  # the runner seeds a player's bot with game_seed * 31 + player

    def choose(self, view, legal):
        if self.game_seed in self.target_seeds and view.round >= 3:
            # test-only peek at the real game, to check the replay later
            type(self).captured[self.game_seed] = view._g.snapshot()
            raise RuntimeError("boom on round 3")
        return super().choose(view, legal)


@pytest.fixture
def crashing_bot(monkeypatch):
    monkeypatch.setitem(REGISTRY, CrashOnRound3.name, CrashOnRound3)
    monkeypatch.setattr(CrashOnRound3, "captured", {})
    return CrashOnRound3


def _failing_run(crashing_bot, seed=0, workers=1, distilleries=None, players=2, games=5):
    target = game_seed(seed, FAIL_INDEX)
    crashing_bot.target_seeds = {target}
    bots = ["random", crashing_bot.name] + ["random"] * (players - 2)
    res = bl.simulate(
        RULES,
        players=players,
        games=games,
        bots=bots,
        seed=seed,
        workers=workers,
        progress=False,
        distilleries=distilleries,
    )
    return res, target, bots


def test_failure_is_reported_and_other_games_kept(crashing_bot):
    res, target, bots = _failing_run(crashing_bot)
    assert len(res.failures) == 1
    f = res.failures[0]
    assert (f.game, f.seed, f.bots) == (FAIL_INDEX, target, bots)
    assert "boom on round 3" in f.error and "RuntimeError" in f.error
    assert f.actions, "the failure should carry the actions that reproduce it"
    assert "boom" in str(f) and str(target) in str(f)
    # the games table keeps a row for the failed game with its error; the others are complete
    g = res.games
    assert g.height == 5
    failed = g.filter(pl.col("game") == FAIL_INDEX)
    assert failed["seed"].item() == target and "boom" in failed["error"].item()
    ok = g.filter(pl.col("game") != FAIL_INDEX)
    assert ok["error"].null_count() == 4 and ok["rounds"].null_count() == 0
    assert sorted(res.players["game"].unique()) == [0, 1, 3, 4]
    assert res.players.height == 4 * 2
    assert FAIL_INDEX not in res.events["game"].unique().to_list()
    assert "FAILED" in res.summary()
    # the games that did not fail are exactly what a run without the crash gives
    clean = bl.simulate(RULES, players=2, games=5, bots=["random", "random"], seed=0, workers=1, progress=False)
    assert ok.drop("error").equals(clean.games.filter(pl.col("game") != FAIL_INDEX).drop("error"))


def test_failure_replays_to_the_same_state(crashing_bot):
    res, target, _ = _failing_run(crashing_bot)
    f = res.failures[0]
    g = bl.new_game(RULES, players=len(f.bots), seed=f.seed)
    for a in f.actions:
        g.apply(a)  # checked: every recorded action is legal in the replay
    assert g.round >= 3
    assert g.snapshot() == crashing_bot.captured[target]


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="the test bot is registered in-process")
def test_failure_in_a_worker_process_is_reported(crashing_bot):
    res, target, _ = _failing_run(crashing_bot, workers=2, games=8)
    assert [(f.game, f.seed) for f in res.failures] == [(FAIL_INDEX, target)]
    assert res.failures[0].actions
    assert res.games.height == 8 and res.players["game"].n_unique() == 7


def test_failure_with_distilleries_is_reproducible_from_the_failure(crashing_bot):
    """With distilleries given, the failure record alone must still rebuild the game."""
    dist = ["hollow_creek", "copper_kettle"]
    res, target, _ = _failing_run(crashing_bot, distilleries=dist)
    f = res.failures[0]
    by_seat = getattr(f, "distilleries", None)
    why = (
        "replaying a failure's seed + actions does not rebuild the failed game: "
        "the failure does not record the distilleries (by seat) the game was set up with"
    )
    g = bl.new_game(RULES, players=len(f.bots), seed=f.seed, distilleries=by_seat)
    try:
        for a in f.actions:
            g.apply(a)
    except bl.IllegalAction as exc:
        pytest.fail(f"{why} ({exc})")
    assert g.snapshot() == crashing_bot.captured[target], why


# --- the run stamp --------------------------------------------------------------------------


def test_run_stamp_identifies_the_inputs(reference):
    base = dict(players=4, games=10, bots="heuristic", seed=3)
    stamp = reference.stamp
    assert stamp["run_id"] == reference.run_id
    assert len(stamp["run_id"]) >= 8
    json.dumps(stamp)  # JSON-safe
    assert bl.simulate(RULES, workers=1, progress=False, **base).run_id == reference.run_id
    assert bl.simulate(RULES, workers=1, progress=False, **{**base, "bots": ["heuristic"] * 4}).run_id == (
        reference.run_id
    )
    hot4 = RULES.replace(zone_multipliers=(1, 2, 4))
    changed = {
        "ruleset": bl.simulate(hot4, workers=1, progress=False, **base),
        "seed": bl.simulate(RULES, workers=1, progress=False, **{**base, "seed": 4}),
        "bots": bl.simulate(RULES, workers=1, progress=False, **{**base, "bots": ["heuristic"] * 3 + ["random"]}),
        "games": bl.simulate(RULES, workers=1, progress=False, **{**base, "games": 9}),
        "rotate": bl.simulate(RULES, workers=1, progress=False, rotate_seats=False, **base),
    }
    ids = {k: r.run_id for k, r in changed.items()}
    assert reference.run_id not in ids.values(), ids
    assert len(set(ids.values())) == len(ids), ids


def test_run_stamp_distinguishes_bot_order():
    a = run(players=2, games=2, bots=["greedy", "random"])
    b = run(players=2, games=2, bots=["random", "greedy"])
    assert a.run_id != b.run_id


# --- compare and sweep ----------------------------------------------------------------------


def test_compare_with_itself_is_exactly_zero():
    c = bl.compare(RULES, RULES, players=2, games=10, bots="heuristic", seed=0, workers=1, progress=False)
    assert isinstance(c, bl.Comparison)
    t = c.table
    assert {"metric", "a", "b", "diff", "ci_low", "ci_high", "games"} <= set(t.columns)
    assert "score" in t["metric"].to_list()
    assert (t["diff"] == 0.0).all()
    assert (t["a"] == t["b"]).all()
    assert (t["games"] == 10).all()
    assert_same_tables(c.a, c.b)
    text = str(c).splitlines()  # the header says what the columns are and what "clear" means
    assert text[0] == "paired comparison on 10 common seeds: b - a with 95 % CI (clear: the interval excludes 0)"
    assert text[1].split() == ["metric", "a", "b", "b", "-", "a", "95", "%", "CI", "clear"]
    score = next(line for line in text if line.split()[0] == "score")
    assert "+0.000" in score and score.endswith("no")  # no difference: nothing clear


@pytest.mark.slow
def test_compare_hot_x4_raises_scores():
    """Hot ×4 raises the final score on the defaults, and every Hot sale pays ×4. (On the named ruleset
    ``calibrated``, Mid from 5 cards and fewer Hot sales, the score moves by less than its interval.)"""
    hot4 = RULES.replace(zone_multipliers=(1, 2, 4))
    c = bl.compare(RULES, hot4, players=2, games=100, bots="heuristic", seed=0, workers=2, progress=False)
    score = c.table.filter(pl.col("metric") == "score").row(0, named=True)
    assert score["diff"] > 0, score
    assert score["b"] > score["a"]
    assert score["ci_low"] <= score["diff"] <= score["ci_high"]
    hot_a = c.a.events.filter((pl.col("kind") == "sale") & (pl.col("zone") == "Hot"))
    hot_b = c.b.events.filter((pl.col("kind") == "sale") & (pl.col("zone") == "Hot"))
    assert hot_b.height > 0 and (hot_b["multiplier"] == 4).all()
    assert hot_b["capital"].mean() > hot_a["capital"].mean()
    # common seeds: game i uses the same seed under both rulesets
    assert c.a.games["seed"].equals(c.b.games["seed"])
    text = str(c).splitlines()
    assert text[0] == "paired comparison on 100 common seeds: b - a with 95 % CI (clear: the interval excludes 0)"
    shown = next(line for line in text if line.split()[0] == "score")
    assert f"{score['diff']:+.3f}" in shown and shown.endswith("yes" if score["clear"] else "no")


def test_sweep_points_and_columns():
    grid = {"zone_multipliers": [(1, 2, 3), (1, 2, 4)]}
    s = bl.sweep(RULES, grid=grid, players=2, games=3, bots="greedy", seed=0, workers=1, progress=False)
    assert isinstance(s, bl.Sweep)
    assert s.points.height == 2
    assert {"point", "zone_multipliers"} <= set(s.points.columns)
    assert s.points["zone_multipliers"].n_unique() == 2
    for name in ("games", "players", "events"):
        df = getattr(s, name)
        assert {"point", "zone_multipliers"} <= set(df.columns), name
    assert s.games.height == 2 * 3
    assert s.players.height == 2 * 3 * 2
    assert len(s.results) == 2
    assert s.points["run_id"].n_unique() == 2
    hot = s.events.filter((pl.col("kind") == "sale") & (pl.col("zone") == "Hot"))
    by_point = dict(hot.group_by("point").agg(pl.col("multiplier").max()).iter_rows())
    assert all(by_point.get(i, m) == m for i, m in ((0, 3), (1, 4)))


def test_sweep_two_fields_every_combination():
    grid = {"zone_multipliers": [(1, 2, 3), (1, 2, 4)], "crash_size": [RULES.crash_size, RULES.crash_size + 1]}
    s = bl.sweep(RULES, grid=grid, players=2, games=2, bots="random", seed=0, workers=1, progress=False)
    assert s.points.height == 4
    assert s.points.select("zone_multipliers", "crash_size").is_duplicated().sum() == 0
    assert {"zone_multipliers", "crash_size"} <= set(s.games.columns)


@pytest.mark.parametrize(
    "grid",
    [
        {"zone_multipliers": [(1, 2, 3), (1, 2)]},
        {"zone_multipliers": [(1, 2, 3), "hot"]},
        {"no_such_field": [1, 2]},
    ],
)
def test_sweep_refuses_bad_grid_before_running(monkeypatch, grid):
    compare_mod = sys.modules["bourbon_lab.sim.paired"]

    calls = []
    monkeypatch.setattr(compare_mod, "simulate", lambda *a, **k: calls.append(1))
    with pytest.raises(bl.RulesetError) as info:
        bl.sweep(RULES, grid=grid, players=2, games=2, bots="random", workers=1, progress=False)
    assert next(iter(grid)) in str(info.value)
    assert calls == []


def test_stats_wilson_and_win_rates(mixed):
    from bourbon_lab.sim import wilson, win_rates

    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0 < hi < 0.35
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and hi <= 1.0 and 0.65 < lo < 1
    lo, hi = wilson(5, 10)
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-12
    wr = win_rates(mixed.players, "seat")
    assert wr.height == 4 and wr["games"].sum() == mixed.players.height
    assert (wr["ci_low"] <= wr["win_rate"]).all() and (wr["win_rate"] <= wr["ci_high"]).all()


# --- the command line -----------------------------------------------------------------------


def cli(*args, timeout=240):
    return subprocess.run(
        [sys.executable, "-m", "bourbon_lab.cli", *args], capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.slow
def test_cli_simulate_writes_parquet_that_reads_back_equal(tmp_path):
    out = tmp_path / "run"
    proc = cli("simulate", "--players", "2", "--games", "6", "--bots", "heuristic", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "win rate by seat" in proc.stdout and "win rate by bot" in proc.stdout
    assert "heuristic" in proc.stdout
    here = bl.simulate(RULES, players=2, games=6, bots="heuristic", seed=0, workers=1, progress=False)
    assert here.run_id in proc.stdout
    stamp = json.loads((out / "stamp.json").read_text())
    assert stamp == here.stamp
    for name in ("games", "players", "events"):
        back = pl.read_parquet(out / f"{name}.parquet")
        mine = getattr(here, name)
        assert back.schema == mine.schema, name
        assert back.equals(mine), f"{name}.parquet differs from the in-process run"


@pytest.mark.slow
def test_cli_ladder_prints_the_matrix():
    proc = cli("ladder", "--pairs", "--players", "2", "--games", "4", "--bots", "greedy,rush", "--workers", "1")
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout
    assert "win rate" in text
    lines = [ln for ln in text.splitlines() if ln.strip().startswith(("greedy", "rush")) and "%" in ln]
    assert len(lines) == 2  # one matrix row per bot
    assert any("greedy" in ln and "rush" in ln and "%" not in ln for ln in text.splitlines())  # the header


def test_ladder_table():
    from bourbon_lab.sim.ladder import ladder

    t = ladder(RULES, ["greedy", "rush"], players=2, games=4, seed=0, workers=1, progress=False)
    assert t.height == 2
    assert set(t["bot"]) == {"greedy", "rush"}
    assert (t["games"] == 4).all()
    assert t["wins"].sum() >= 4  # every game has at least one winner among the two


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (["simulate", "--games", "0", "--players", "2"], "games"),
        (["simulate", "--bots", "nope", "--games", "2", "--players", "2"], "nope"),
        (["simulate", "--players", "7", "--games", "2"], "players"),
        (["simulate", "--bots", "search:budgt=8", "--games", "2", "--players", "2"], "budgt"),
    ],
)
def test_cli_bad_input_is_one_clear_line(args, word):
    proc = cli(*args, "--workers", "1")
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    assert word in proc.stderr


def test_on_progress_counts_every_game_with_a_process_pool():
    seen = []
    res = run(players=2, games=6, workers=2, on_progress=lambda done, total: seen.append((done, total)))
    assert res.games.height == 6
    assert seen[-1] == (6, 6)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_simulate_reports_partial_results_that_agree_with_the_whole_run():
    parts = []
    whole = bl.simulate(
        bl.Ruleset.default(), players=2, games=6, bots="random", seed=4, workers=1, on_partial=parts.append
    )
    assert parts and all(p.stamp["partial"] == f"{p.games.height}/6" for p in parts)
    sizes = [p.games.height for p in parts]
    assert sizes == sorted(sizes) and sizes[-1] < 6
    first = parts[0]
    assert first.players.equals(whole.players.filter(pl.col("game").is_in(first.games["game"].to_list())))


def test_partial_results_stop_when_the_callback_says_it_has_enough():
    kept, stopped = [], []

    def enough(part) -> bool:
        stopped.append(part.games.height)
        return False

    args = {"players": 2, "games": 12, "bots": "random", "seed": 4, "workers": 1}
    bl.simulate(bl.Ruleset.default(), on_partial=kept.append, **args)  # returns None: keep them coming
    bl.simulate(bl.Ruleset.default(), on_partial=enough, **args)
    assert len(kept) == 3  # four chunks of three games: a partial result after each but the last
    assert stopped == [kept[0].games.height]


# --- the worker pool kept between runs ---------------------------------------------------------


class _LateBot(RandomBot):
    """Registered only after a pooled run, as a designer's own bot in a notebook would be."""

    name = "_test_late"


def test_pooled_runs_reuse_their_workers_and_see_bots_registered_since(monkeypatch):
    from bourbon_lab.sim import runner

    first = run(players=2, games=6, workers=2)
    pool = runner._POOL[next(iter(runner._POOL))]
    second = run(players=2, games=6, workers=2)
    assert runner._POOL and list(runner._POOL.values()) == [pool]  # the same workers, not new ones
    assert_same_tables(first, second)
    assert_same_tables(first, run(players=2, games=6, workers=1))

    monkeypatch.setitem(REGISTRY, _LateBot.name, _LateBot)
    late = run(players=2, games=4, workers=2, bots=[_LateBot.name, "random"])
    assert not late.failures and set(late.players["bot"]) == {_LateBot.name, "random"}
    assert list(runner._POOL.values()) != [pool]  # forked again, so the workers know the new bot

    runner.shutdown_pool()
    assert not runner._POOL
    assert_same_tables(run(players=2, games=6, workers=2), first)
