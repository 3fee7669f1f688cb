"""bl.compare on any metric (issue 30): paired intervals against scipy, hand-made tables, all four games."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest
import scipy.stats

import bourbon_lab as bl
from bourbon_lab.design import paired as design_paired
from bourbon_lab.design.metrics import BOOTSTRAP, BOOTSTRAP_SEED, get_metric
from bourbon_lab.design.paired import paired_metrics, plan_metrics
from bourbon_lab.sim import SimResult
from bourbon_lab.sim.tables import EVENTS_SCHEMA, GAMES_SCHEMA, PLAYERS_SCHEMA

RULES = bl.Ruleset.default()
COLUMNS = {"metric", "a", "b", "diff", "ci_low", "ci_high", "clear", "games", "unit", "method"}


def _frame(rows: list[dict], schema: dict) -> pl.DataFrame:
    return pl.DataFrame([{c: r.get(c) for c in schema} for r in rows], schema=schema, orient="row")


def _result(games: list[dict], players: list[dict], events: list[dict] = ()) -> SimResult:
    return SimResult(
        _frame(games, GAMES_SCHEMA),
        _frame(players, PLAYERS_SCHEMA),
        _frame(list(events), EVENTS_SCHEMA),
        {"game": "bourbonomics"},
    )


def _run(scores: list[tuple[int, int]], upgrades: list[tuple[int, int]] | None = None, bots=("rush", "prime")):
    """Two-player games: game g's scores and upgrades per player; the higher score wins."""
    upgrades = upgrades or [(0, 0)] * len(scores)
    games = [dict(game=g, rounds=20, players=2, crashes=0, hot_resets=0, stalls=0) for g in range(len(scores))]
    players = []
    for g, (pair, ups) in enumerate(zip(scores, upgrades)):
        for p in (0, 1):
            players.append(
                dict(
                    game=g,
                    player=p,
                    seat=(p + g) % 2,
                    turn_order=p,
                    bot=bots[p],
                    score=pair[p],
                    won=pair[p] == max(pair),
                )
                | dict(prestige=0, capital=pair[p], orders=0, upgrades=ups[p], distillery="standard", rank=1)
            )
    return _result(games, players)


def _fixed_pair(n: int = 40):
    """Two runs of the same ``n`` games, B a little higher on score and upgrades, from a fixed generator."""
    rng = np.random.default_rng(7)
    sa = rng.integers(60, 120, (n, 2))
    sb = sa + rng.integers(-6, 12, (n, 2))
    ua = rng.integers(3, 9, (n, 2))
    ub = ua - rng.integers(-1, 3, (n, 2))
    a = _run([tuple(map(int, s)) for s in sa], [tuple(map(int, u)) for u in ua])
    b = _run([tuple(map(int, s)) for s in sb], [tuple(map(int, u)) for u in ub])
    return a, b, (sa, sb, ua, ub)


def _row(table: pl.DataFrame, metric: str) -> dict:
    rows = table.filter(pl.col("metric") == metric)
    assert rows.height == 1, f"{metric} not in {table['metric'].to_list()}"
    return rows.row(0, named=True)


# --- the intervals, against scipy ---------------------------------------------------------------------


def test_a_per_game_mean_gets_the_t_interval_of_the_paired_differences():
    """The lab's estimator for per-game means (``sim.stats.mean_ci``): mean of the differences ± t · SE."""
    a, b, (sa, sb, _, _) = _fixed_pair()
    row = _row(paired_metrics(a, b, plan_metrics(["score"], "bourbonomics", 2, ["rush", "prime"])), "score")
    d = sb.mean(axis=1) - sa.mean(axis=1)  # per game: the mean final score under B minus under A
    # the paired t test of the per-game means is the same interval
    t = scipy.stats.ttest_rel(sb.mean(axis=1), sa.mean(axis=1)).confidence_interval(0.95)
    assert row["diff"] == pytest.approx(d.mean(), abs=1e-12)
    assert (row["ci_low"], row["ci_high"]) == pytest.approx((t.low, t.high), abs=1e-9)
    assert (row["a"], row["b"]) == pytest.approx((sa.mean(), sb.mean()))
    clear = t.low > 0 or t.high < 0
    assert row["games"] == 40 and row["clear"] == clear and row["method"] == "paired t interval over 40 games"


def test_a_catalogue_metric_gets_scipys_paired_percentile_bootstrap():
    """upgrades_per_player at two players a game is the mean of per-game means: scipy's paired bootstrap
    with the same generator draws the same games, so the intervals agree to rounding."""
    a, b, (_, _, ua, ub) = _fixed_pair()
    plan = plan_metrics(["upgrades_per_player"], "bourbonomics", 2, ["rush", "prime"])
    row = _row(paired_metrics(a, b, plan), "upgrades_per_player")
    ref = scipy.stats.bootstrap(
        (ua.mean(axis=1), ub.mean(axis=1)),
        lambda x, y, axis=-1: y.mean(axis=axis) - x.mean(axis=axis),
        paired=True,
        n_resamples=BOOTSTRAP,
        method="percentile",
        rng=np.random.default_rng(BOOTSTRAP_SEED),
    ).confidence_interval
    assert row["diff"] == pytest.approx(ub.mean() - ua.mean(), abs=1e-12)
    assert (row["ci_low"], row["ci_high"]) == pytest.approx((ref.low, ref.high), abs=1e-9)
    assert row["clear"] and row["diff"] < 0 and row["method"] == "paired bootstrap over 40 games"
    # any other seed: the same interval to within Monte Carlo error
    other = scipy.stats.bootstrap(
        (ua.mean(axis=1), ub.mean(axis=1)),
        lambda x, y, axis=-1: y.mean(axis=axis) - x.mean(axis=axis),
        paired=True,
        n_resamples=4000,
        method="percentile",
        rng=np.random.default_rng(1),
    ).confidence_interval
    assert (row["ci_low"], row["ci_high"]) == pytest.approx((other.low, other.high), abs=0.06)


def test_a_metric_without_per_game_units_is_resampled_on_the_same_games():
    """The slow path (a metric measured again on each resampled pair of runs) gives the fast path's interval."""
    a, b, _ = _fixed_pair(25)
    plan = plan_metrics(["upgrades_per_player"], "bourbonomics", 2, ["rush", "prime"])
    ids = list(range(25))
    draws = np.random.default_rng(BOOTSTRAP_SEED).integers(0, 25, (BOOTSTRAP, 25))
    fast, _ = design_paired._metric_row(plan[0], a, b, ids, draws)
    est_a, est_b = (plan[0].metric.fn(r).value for r in (a, b))
    slow = design_paired._resampled_rows([(plan[0], est_a, est_b)], a, b, ids, draws)["upgrades_per_player"]
    assert (slow["ci_low"], slow["ci_high"], slow["diff"]) == pytest.approx(
        (fast["ci_low"], fast["ci_high"], fast["diff"]), abs=1e-12
    )


# --- metrics read off hand-made tables -------------------------------------------------------------------


def test_win_rate_and_mechanic_share_read_off_hand_made_tables():
    """A: rush wins games 0 and 1 of 3 (66.7 %); B: rush wins game 0 only (33.3 %).
    Hot sales among shared sales: A 1 of 4 (25 %), B 3 of 4 (75 %); a private sale is not shared."""
    a = _run([(10, 5), (9, 3), (1, 8)], [(2, 4), (3, 3), (5, 1)])
    b = _run([(10, 5), (2, 3), (1, 8)], [(2, 4), (3, 3), (5, 2)])

    def sales(zones):
        return [
            dict(game=g, seq=i, round=1, phase="play", player=0, kind="sale", zone=z, private=z is None)
            for i, (g, z) in enumerate(zones)
        ]

    a = SimResult(
        a.games,
        a.players,
        _frame(sales([(0, "Hot"), (0, "Low"), (1, "Mid"), (2, "Low"), (2, None)]), EVENTS_SCHEMA),
        a.stamp,
    )
    b = SimResult(
        b.games, b.players, _frame(sales([(0, "Hot"), (1, "Hot"), (1, "Mid"), (2, "Hot")]), EVENTS_SCHEMA), b.stamp
    )
    names = ["win_rate:rush", "share:sale_hot/shared_sale", "fires:sale_hot", "upgrades"]
    t = paired_metrics(a, b, plan_metrics(names, "bourbonomics", 2, ["rush", "prime"]))
    assert t["metric"].to_list() == names
    rush = _row(t, "win_rate:rush")
    assert (rush["a"], rush["b"], rush["diff"]) == pytest.approx((200 / 3, 100 / 3, -100 / 3))
    share = _row(t, "share:sale_hot/shared_sale")
    assert (share["a"], share["b"], share["diff"]) == pytest.approx((25.0, 75.0, 50.0))
    # the same numbers as the catalogue's own metric on each run
    assert share["a"] == pytest.approx(get_metric("share:sale_hot/shared_sale", "bourbonomics").fn(a).value)
    fires = _row(t, "fires:sale_hot")
    assert (fires["a"], fires["b"]) == pytest.approx((100 / 3, 100.0))
    ups = _row(t, "upgrades")  # the per-game row: all players' upgrades in a game, averaged over games
    assert (ups["a"], ups["b"], ups["diff"]) == pytest.approx((6.0, 6 + 1 / 3, 1 / 3))
    assert rush["unit"] == share["unit"] == "%" and ups["unit"] == "upgrades"


# --- real games -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_strategies():
    """The same rules twice, rush against prime at every seat (seats rotate game by game)."""
    return bl.compare(RULES, RULES, players=2, games=12, bots=["rush", "prime"], seed=3, workers=1, progress=False)


def test_a_two_strategy_lineup_compares_each_strategys_win_rate(two_strategies):
    t = two_strategies.table
    assert COLUMNS <= set(t.columns)
    players = two_strategies.a.players
    for bot in ("rush", "prime"):
        row = _row(t, f"win_rate:{bot}")
        mine = players.filter(pl.col("bot") == bot)["won"]
        assert row["a"] == pytest.approx(100 * mine.sum() / mine.len()) and row["unit"] == "%"
    assert "strategy_dominance" in t["metric"].to_list()  # a mixed table makes it measurable


def test_identical_rulesets_differ_by_exactly_zero_on_every_metric(two_strategies):
    c = bl.compare(
        RULES,
        RULES,
        players=2,
        games=12,
        bots=["rush", "prime"],
        seed=3,
        workers=1,
        progress=False,
        metrics=["rounds", "seat 1 win rate", "most_orders_edge", "stall_rate", "lead_changes", "per_round:sale_hot"],
    )
    for t in (two_strategies.table, c.table):
        assert t.height > 3
        assert (t["diff"] == 0.0).all() and (t["a"] == t["b"]).all()
        assert ((t["ci_low"] <= 0) & (t["ci_high"] >= 0)).all()
        assert not t["clear"].any()


def test_a_steeper_upgrade_curve_clearly_cuts_upgrades_at_100_games():
    """Upgrades cost 1, 3, 5, ... instead of 1, 2, 3, ...: players buy clearly fewer."""
    steep = RULES.replace(upgrade_cost_step=2)
    names = ["upgrades", "upgrades_per_player", "orders_per_player"]
    c = bl.compare(RULES, steep, players=2, games=100, seed=0, workers=1, progress=False, metrics=names)
    assert c.table["metric"].to_list() == names
    per_player = _row(c.table, "upgrades_per_player")
    assert per_player["clear"] and per_player["ci_high"] < 0 and per_player["b"] < per_player["a"]
    assert per_player["ci_low"] <= per_player["diff"] <= per_player["ci_high"]
    total = _row(c.table, "upgrades")
    assert total["clear"] and total["diff"] == pytest.approx(2 * per_player["diff"])  # two players a game
    text = str(c)
    line = next(x for x in text.splitlines() if x.strip().startswith("upgrades_per_player"))
    assert line.rstrip().endswith("yes") and "clear" in text.splitlines()[1]
    assert "upgrades_per_player" in c._repr_html_() and repr(c) == text


@pytest.mark.parametrize(
    ("game", "own"),
    [
        ("bourbonomics", "upgrades_per_player"),
        ("distilled", "fallback_share"),
        ("gin_crafters", "winner_margin"),
        ("microbrew", "largest_source_share"),
    ],
)
def test_every_game_compares_its_catalogue_with_its_default_bots(game, own):
    rules = bl.default_rules(game)
    c = bl.compare(rules, rules, players=2, games=6, seed=1, workers=1, progress=False)
    t = c.table
    metrics = t["metric"].to_list()
    assert {"rounds", "score", "seat 0 win rate", "winner_margin", own} <= set(metrics) and t.height > 3
    assert t.filter(pl.col("metric") == own)["method"].item().startswith("paired bootstrap")
    assert t.select(pl.col("a").is_nan().any()).item() is False
    assert c.a.stamp["bots"] == ["heuristic", "heuristic"]


# --- refusals and layering ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("upgrade", ["unknown metric 'upgrade' for bourbonomics", "'upgrades'", "'upgrades_per_player'"]),
        ("fires:sale_hott", ["unknown metric 'fires:sale_hott'", "'fires:sale_hot'"]),
        ("win_rate:rushh", ["no bot 'rushh' at this table", "'win_rate:rush'"]),
        ("win_rate:seat=2", ["seat is 0 to 1 at 2 players"]),
    ],
)
def test_an_unknown_metric_is_refused_naming_it_before_any_game(monkeypatch, name, words):
    monkeypatch.setattr(design_paired, "play_pair", lambda *a, **k: pytest.fail("played games"))
    with pytest.raises(bl.SimulationError) as info:
        bl.compare(RULES, RULES, players=2, games=4, bots=["rush", "prime"], metrics=["score", name])
    for w in words:
        assert w in str(info.value)


def test_bl_compare_is_the_design_layers_and_sim_imports_no_design():
    assert bl.compare is design_paired.compare
    for path in (Path(bl.__file__).parent / "sim").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or "", *(f"{node.module or ''}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            assert not [n for n in names if "design" in n.split(".")], f"{path.name} imports {names}"


def test_a_metric_neither_run_can_measure_says_why():
    """Asked for by name, an unmeasurable metric keeps its row, with the reason and no interval."""
    a, b, _ = _fixed_pair(6)
    t = paired_metrics(a, b, plan_metrics(["distillery_spread"], "bourbonomics", 2, "heuristic"))
    row = _row(t, "distillery_spread")
    assert math.isnan(row["diff"]) and not row["clear"] and "not measured" in row["method"]
