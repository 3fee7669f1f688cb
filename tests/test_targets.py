"""Design targets as data: the shipped book targets, validation that names the field, the holds rule."""

from __future__ import annotations

import math
import re

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.cli import main
from bourbon_lab.design import Estimate, Target, Targets, TargetsError, check_targets
from bourbon_lab.design.report import targets_report
from bourbon_lab.sim import SimResult
from bourbon_lab.sim.tables import EVENTS_SCHEMA, GAMES_SCHEMA, PLAYERS_SCHEMA

UPGRADES = "You'll only afford about 5–6 upgrades in a whole game, so you can't grow everything. Pick a direction."
GATED = "[Gated orders are] worth far more Prestige."
LENGTH = "Players: 2–6 · Length: ~45–60 min"


def test_book_targets_load_with_their_sources():
    """The shipped file turns the book's lines (UPGRADES, GATED, LENGTH) into targets."""
    t = Targets.book()
    by_metric = {x.metric: x for x in t.targets}
    up = by_metric["upgrades_per_player"]
    assert (up.lo, up.hi, up.source) == (5, 6, "book") and up.quote == UPGRADES
    assert (
        by_metric["prestige_share_winners"].lo == 20
        and GATED.split("] ")[1] in by_metric["prestige_share_winners"].quote
    )
    assert by_metric["most_orders_edge"].lo == 5
    assert by_metric["seat_spread"].hi == 5 and by_metric["distillery_spread"].hi == 5
    assert by_metric["strategy_dominance"].hi == 40 and t.runs["mixed"].bots == ("rush", "prime", "hot", "specialist")
    assert by_metric["rounds"].source == "ours" and "assumption" in by_metric["rounds"].why
    assert LENGTH in by_metric["rounds"].quote
    for x in t.targets:
        assert x.quote or x.why, x.metric
    lineups = t.runs["distilleries"].lineups
    counts = {d: sum(lu.count(d) for lu in lineups) for lu in lineups for d in lu}
    assert set(counts.values()) == {2} and len(counts) == 6


GOOD = {"game": "bourbonomics", "targets": [{"metric": "rounds", "range": [10, 20], "source": "ours", "why": "x"}]}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"targets": []}, "targets"),
        ({"targets": [{"metric": "rouds", "range": [1, 2], "source": "ours", "why": "x"}]}, "targets[0].metric"),
        ({"targets": [{"metric": "rounds", "range": [3, 2], "source": "ours", "why": "x"}]}, "targets[0].range"),
        ({"targets": [{"metric": "rounds", "source": "ours", "why": "x"}]}, "targets[0]: give range"),
        ({"targets": [{"metric": "rounds", "at_least": "many", "source": "ours", "why": "x"}]}, "targets[0].at_least"),
        ({"targets": [{"metric": "rounds", "range": [1, 2], "source": "blog", "why": "x"}]}, "targets[0].source"),
        ({"targets": [{"metric": "rounds", "range": [1, 2], "source": "book"}]}, "targets[0].quote"),
        ({"targets": [{"metric": "rounds", "range": [1, 2], "source": "ours"}]}, "targets[0].why"),
        ({"targets": [{"metric": "rounds", "range": [1, 2], "weight": 0, "source": "ours", "why": "x"}]}, "weight"),
        ({"targets": [{"metric": "rounds", "range": [1, 2], "run": "x", "source": "ours", "why": "x"}]}, "run"),
        ({"runs": {"default": {"players": 9}}}, "runs.default.players"),
        ({"runs": {"default": {"bots": ["rush", "hot"]}}}, "runs.default.bots"),
        ({"runs": {"default": {"lineups": [["standard"]]}}}, "runs.default.lineups"),
        ({"colour": "red"}, "unknown key 'colour'"),
    ],
)
def test_a_bad_targets_file_is_refused_naming_the_field(change, field):
    with pytest.raises(TargetsError, match=re.escape(field)):
        Targets.from_dict({**GOOD, **change}, source="t.yaml")


def test_holds_fails_undecided_by_the_interval():
    t = Target("rounds", 18, 24)
    assert t.status(Estimate(20, 19, 23, "b", 10)) == "holds"
    assert t.status(Estimate(23, 21, 26, "b", 10)) == "undecided"
    assert t.status(Estimate(30, 27, 33, "b", 10)) == "fails"
    assert t.status(Estimate.missing("no")) == "not measured"
    assert Target("x", 20, None).status(Estimate(25, 21, 29, "b", 10)) == "holds"
    assert t.distance(27) == pytest.approx(0.5) and t.distance(20) == 0
    assert Target("x", None, 5).distance(7.5) == pytest.approx(0.5)


def _result(rounds: list[int]) -> SimResult:
    games = pl.DataFrame(
        [{c: ({"game": i, "rounds": r}).get(c) for c in GAMES_SCHEMA} for i, r in enumerate(rounds)],
        schema=GAMES_SCHEMA,
        orient="row",
    )
    return SimResult(games, pl.DataFrame(schema=PLAYERS_SCHEMA), pl.DataFrame(schema=EVENTS_SCHEMA), {})


def test_check_targets_reads_each_run_and_charts_offline():
    t = Targets.from_dict(
        {
            "runs": {"default": {}, "long": {}},
            "targets": [
                {"metric": "rounds", "range": [10, 20], "source": "ours", "why": "x"},
                {"metric": "rounds", "at_most": 20, "run": "long", "source": "ours", "why": "x"},
            ],
        }
    )
    report = check_targets({"default": _result([14, 15, 16] * 10), "long": _result([40, 41, 42] * 10)}, t)
    assert report.table["status"].to_list() == ["holds", "fails"]
    assert report.held == 1 and report.loss() == pytest.approx(21 / 20)
    with pytest.raises(TargetsError, match="no result for run 'long'"):
        check_targets({"default": _result([15])}, t)
    page = targets_report(report)
    assert "<svg" in page and not re.search(r"""(src|href)\s*=\s*["']?https?:""", page)


def test_cli_targets_refuses_a_bad_file_in_one_line(tmp_path, capsys):
    bad = tmp_path / "t.yaml"
    bad.write_text(
        "game: bourbonomics\ntargets:\n  - metric: rounds\n    range: [30, 10]\n    source: ours\n    why: x\n"
    )
    assert main(["targets", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "targets[0].range" in err


def test_bl_check_targets_is_exported():
    assert bl.check_targets is check_targets
    assert not math.isnan(Target("rounds", 1, 2).scale)


def test_cli_targets_plays_the_runs_and_says_which_hold(tmp_path, capsys):
    """A 5-round cap holds a 4-6 round target; the report opens offline."""
    targets = tmp_path / "t.yaml"
    targets.write_text(
        "game: bourbonomics\nruns:\n  default: {players: 2, bots: greedy}\ntargets:\n"
        "  - {metric: rounds, range: [4, 6], source: ours, why: a test}\n"
    )
    ruleset = bl.Ruleset.default().replace(round_limit=5).dump(tmp_path / "r.yaml")
    argv = [
        "targets",
        str(targets),
        "--ruleset",
        str(ruleset),
        "--games",
        "4",
        "--workers",
        "1",
        "--quiet",
        "--out",
        str(tmp_path / "out"),
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "holds        rounds" in out and "1 of 1 hold" in out
    page = (tmp_path / "out" / "targets.html").read_text()
    assert not re.search(r"""(src|href)\s*=\s*["']?https?:""", page)


def test_a_run_with_lineups_splits_its_games_and_joins_the_tables():
    from bourbon_lab.design.check import play_run
    from bourbon_lab.design.targets import Run

    rules = bl.Ruleset.default().replace(round_limit=3)
    run = Run("d", 2, ("greedy",), (("standard", "hollow_creek"), ("copper_kettle", "standard")))
    res = play_run(rules, run, games=4, seed=0, workers=1)
    assert res.games["game"].to_list() == [0, 1, 2, 3]
    assert res.players.group_by("distillery").len().sort("distillery")["len"].to_list() == [2, 2, 4]
    assert set(res.score_parts["game"]) == {0, 1, 2, 3} and set(res.events["game"]) == {0, 1, 2, 3}


def test_the_first_draft_stays_loadable_by_name_for_comparison(capsys):
    """The defaults before issue 15's retune: by ``Ruleset.named``, by ``load`` and by every ``--ruleset``."""
    first = bl.Ruleset.named("first-draft")
    assert "first-draft" in bl.Ruleset.names()
    assert bl.Ruleset.load("first-draft") == first
    assert first.mid_zone_from == 3 and first.sales_per_quality == (1, 1, 2, 2, 3)
    with pytest.raises(bl.RulesetError, match="did you mean 'first-draft'"):
        bl.Ruleset.named("first-drat")
    assert main(["rules", "--ruleset", "first-draft"]) == 0
    assert f"fingerprint {first.fingerprint()}" in capsys.readouterr().out


def test_calibrated_3_moves_only_our_numbers_and_buys_fewer_upgrades():
    """'You'll only afford about 5–6 upgrades in a whole game' (book): calibrated-3 cuts what a game pays.

    Its changes are ours only (bills, pile odds, gated Prestige, three boards); the book's 'A few mash bills
    bend this slightly — e.g. a Common that still sells twice' stays true (as many bonus bills as
    calibrated-2), and 'every recipe needs exactly 1 cask, at least 1 corn, and at least 1 grain' holds.
    """
    from bourbon_lab.games.bourbonomics.metrics import upgrades_per_player

    two, three = bl.Ruleset.named("calibrated-2"), bl.Ruleset.named("calibrated-3")
    changed = set(three.changes(two))
    assert changed == {"quality_odds", "mash_bills", "demand_cards", "distilleries"}
    assert not changed & {s.name for s in bl.Ruleset.schema() if s.book}
    assert sum(b.bonus_sales > 0 for b in three.mash_bills) == sum(b.bonus_sales > 0 for b in two.mash_bills) <= 4
    for b in three.mash_bills:
        counts = b.counts
        assert counts["cask"] == 1 and counts["corn"] == (three.high_corn_corn if "High-Corn" in b.tags else 1)
        assert all(n == 1 for g, n in counts.items() if g in ("rye", "wheat", "barley"))
    gated = [(a.prestige, b.prestige) for a, b in zip(two.demand_cards, three.demand_cards) if not a.is_open]
    assert all(new == round(old * 0.6) for old, new in gated)
    before = upgrades_per_player(bl.simulate(two, players=4, games=60, seed=3, workers=1)).value
    after = upgrades_per_player(bl.simulate(three, players=4, games=60, seed=3, workers=1)).value
    assert after <= before - 0.5 and 5 <= after <= 6.3


@pytest.mark.parametrize("workers", [1, 2])
def test_run_targets_plays_each_run_with_the_workers_games_and_seed_asked_for(workers):
    """``run_targets(workers=...)`` hands the caller's pool size to every run (the results are the same at
    any size, so only what is played with shows it): each run's simulate call, seen through a wrapper."""
    from bourbon_lab.design.check import run_targets

    calls = []

    def recorded(rules, **kwargs):
        calls.append(kwargs)
        return bl.simulate(rules, **kwargs)

    rules = bl.default_rules("microbrew")
    results = run_targets(rules, games=2, seed=3, workers=workers, simulate_fn=recorded)
    assert calls and len(calls) == len(results)
    assert all(c["workers"] == workers and c["games"] == 2 and c["seed"] == 3 for c in calls)
    assert all(len(r.games) == 2 for r in results.values())
