"""Issue 29: a floor under every mechanic (``fires:*``), the market targets in the book file, the coverage
bots a game declares, house rules counted as mechanics, and every mechanic readable off its game's table."""

from __future__ import annotations

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.core.mechanics import MechanicsError
from bourbon_lab.core.registry import get_game
from bourbon_lab.design import coverage as cov
from bourbon_lab.design.targets import Targets, TargetsError
from bourbon_lab.design.tuning import _distances, target_columns
from bourbon_lab.sim.tables import schemas

FLOOR = {"metric": "fires:*", "at_least": 1, "run": "default", "source": "ours", "why": "no rule bots never use"}


def _floors(extra=()):
    return Targets.from_dict({"game": "bourbonomics", "targets": [*extra, FLOOR]}, "t")


def test_a_floor_stands_for_one_target_per_mechanic_quoting_its_rule():
    t = _floors()
    mechanics = [m for m in get_game("bourbonomics").mechanics if not m.expect_rare]
    assert [x.metric for x in t.targets] == [f"fires:{m.name}" for m in mechanics]
    assert all(x.group == "fires:*" and x.lo == 1 for x in t.targets)
    assert [x.quote for x in t.targets] == [m.rule for m in mechanics]


def test_a_rare_by_the_book_mechanic_gets_no_floor(monkeypatch):
    real = get_game("bourbonomics").mechanics
    rare = (real[0].__class__(**{**real[0].__dict__, "expect_rare": "the book makes it rare"}),) + real[1:]
    monkeypatch.setattr(cov, "mechanics_of", lambda game, rules=None: rare)
    assert real[0].name not in {x.metric.split(":")[1] for x in _floors().targets}


def test_floors_are_one_objective_of_a_pareto_tune_summing_their_misses():
    t = _floors([{"metric": "rounds", "range": [18, 24], "source": "ours", "why": "x"}])
    assert target_columns(t) == ["miss:rounds", "miss:fires:*"]
    fake = {"default": _one_crash(rounds=20)}
    rounds_miss, floors_miss = _distances(fake, t)
    n = len(t.targets) - 1
    assert rounds_miss == 0.0
    # the crash fires in half the games, and so does the wipe (a crash is a wipe); every other mechanic is at
    # 0 % against a floor of 1 %: a miss of 1 (the floor's own size) x weight 1 each
    assert floors_miss == pytest.approx(n - 2)


def _one_crash(rounds: int):
    games = pl.DataFrame({"game": [0, 1], "rounds": [rounds, rounds], "error": [None, None]})
    events = pl.DataFrame({"game": [0], "kind": ["crash"]}, schema={"game": pl.Int32, "kind": pl.Utf8})
    return bl.SimResult(games, pl.DataFrame(), events, {"game": "bourbonomics"})


def test_a_floor_cannot_be_rising():
    bad = {**FLOOR, "rising": ["default", "default"]}
    with pytest.raises(TargetsError, match=r"targets\[0\]\.metric: 'fires:\*' stands for every mechanic"):
        Targets.from_dict({"game": "bourbonomics", "targets": [bad]}, "t")


def test_the_book_file_names_the_market_and_a_floor_under_every_mechanic():
    """Issue 29: "at 4 players at least 35 % of shared-table sales above Low and at least 3 % at Hot, a wipe
    in at least 80 % of games, and wipes per round rising from 2 to 4 to 6 players"."""
    t = Targets.book()
    by = {x.metric: x for x in t.targets if not x.group}
    assert by["share:sale_above_low/shared_sale"].lo == 35 and by["share:sale_hot/shared_sale"].lo == 3
    assert by["fires:wipe"].lo == 80 and by["fires:wipe"].run == "default"
    rising = by["per_round:wipe"]
    assert rising.rising == ("two", "default", "six") and rising.lo == 0
    assert (t.runs["two"].players, t.runs["default"].players, t.runs["six"].players) == (2, 4, 6)
    floors = [x for x in t.targets if x.group == "fires:*"]
    assert {x.metric for x in floors} == {f"fires:{m.name}" for m in get_game("bourbonomics").mechanics}
    assert {x.run for x in floors} == {"coverage"}
    # the coverage run puts every distillery in every seat once
    lineups = t.runs["coverage"].lineups
    for seat in range(4):
        assert sorted(lu[seat] for lu in lineups) == sorted(d.id for d in bl.Ruleset.default().distilleries)


@pytest.mark.parametrize("game", ["distilled", "gin_crafters", "microbrew"])
def test_every_peer_targets_file_has_a_floor_under_its_mechanics(game):
    from pathlib import Path

    t = Targets.load(Path(bl.__file__).parent / "games" / game / "data" / "targets.yaml")
    floors = {x.metric for x in t.targets if x.group == "fires:*"}
    declared = {f"fires:{m.name}" for m in get_game(game).mechanics if not m.expect_rare}
    assert floors == declared


@pytest.mark.parametrize("game", bl.games())
def test_every_mechanic_reads_columns_its_events_table_has(game):
    """A ``where`` naming a column the table does not keep would make the mechanic look dead."""
    columns = set(schemas(game)[2])
    for m in get_game(game).mechanics or ():
        for col, _ in m.where:
            assert col in columns, f"{game}: mechanic {m.name} reads {col!r}, not a column of its events table"


def test_bourbonomics_coverage_plays_the_four_strategies_by_default():
    assert cov.coverage_bots("bourbonomics") == ("rush", "prime", "hot", "specialist")
    assert cov.coverage_bots("distilled") == ("ager", "seller", "ager", "seller")
    assert cov.coverage_bots("gin_crafters") == ("heuristic",)


def test_a_bad_coverage_bots_entry_is_refused_naming_the_file(tmp_path, monkeypatch):
    import dataclasses

    path = tmp_path / "mechanics.yaml"
    path.write_text("bots: 3\nmechanics: []\n")
    fake = dataclasses.replace(get_game("bourbonomics"), mechanics_file=path)
    monkeypatch.setattr(cov, "get_game", lambda game: fake)
    with pytest.raises(MechanicsError, match="mechanics.yaml: bots: expected a bot name"):
        cov.coverage_bots("bourbonomics")


def test_a_house_rules_events_are_counted_as_its_mechanic():
    """The events table keeps a house rule's name, so ``house-<rule>`` fires when the rule does."""

    @bl.house_rule("bourbonomics")
    def round_note(rule):
        """A note at the start of every round."""

        @rule.on("round_start")
        def _(h, event):
            h.note(None, "a new round")

    rules = bl.Ruleset.default().with_house_rules(round_note)
    res = bl.simulate(rules, players=2, games=2, bots="heuristic", seed=0, workers=1, progress=False)
    table = cov.coverage(res, rules, "bourbonomics")
    row = table.filter(pl.col("mechanic") == "house-round_note").row(0, named=True)
    assert row["games_pct"] == 100.0 and row["flag"] == ""


def test_a_report_shows_floors_in_one_line_and_draws_only_the_missed_ones():
    """35 floors that hold are one line; a missed floor is a line and a strip of its own."""
    from bourbon_lab.design.check import check_targets

    t = _floors([{"metric": "rounds", "range": [18, 24], "source": "ours", "why": "x"}])
    report = check_targets({"default": _one_crash(rounds=20)}, t)
    text = str(report)
    floors = len(t.targets) - 1
    assert f"fires:*: 2 of {floors} hold, each ≥ 1" in text
    listed = [line.split()[1] for line in text.splitlines() if line.split()[0] in ("holds", "fails", "undecided")]
    assert "fires:crash" not in listed and "fires:sale_hot" in listed and "rounds" in listed
    assert set(report.shown()["metric"]) == {"rounds"} | {
        x.metric for x in t.targets if x.group and x.metric not in ("fires:crash", "fires:wipe")
    }


def test_gated_age_shifts_only_gated_orders_and_a_tune_starts_at_no_shift():
    """``scale:gated_age`` (ours): "the best ones also ask for higher quality or age" — k more years on every gated
    card, none on an "any bourbon" card; a shift, so k = 0 changes nothing and a tune's first trial is k = 0."""
    from bourbon_lab.design.knobs import apply_knobs, parse_knobs
    from bourbon_lab.design.tuning import _start_point

    rules = bl.Ruleset.default()
    (knob,) = parse_knobs(rules, "scale:gated_age=0:3")
    assert knob.identity == 0.0 and _start_point(rules, [knob]) == {"scale:gated_age": 0.0}
    assert apply_knobs(rules, [knob], [0.0]) == rules
    older = apply_knobs(rules, [knob], [2.0])
    for before, after in zip(rules.demand_cards, older.demand_cards):
        assert after.min_age == (before.min_age if before.is_open else before.min_age + 2), before.id
    (factor,) = parse_knobs(rules, "scale:gated_prestige=0.5:2")
    assert factor.identity == 1.0


@pytest.mark.parametrize("game", ["microbrew", "gin_crafters"])
def test_each_games_targets_command_reads_its_own_file_and_names_each_rows_run(game, capsys):
    """Issue 30: `bourbon-lab targets --game microbrew` checked Bourbonomics' book targets and exited 2."""
    from bourbon_lab.cli import main
    from bourbon_lab.design.targets import as_targets, targets_file

    assert targets_file(game) == get_game(game).targets_file and as_targets(None, game).game == game
    assert main(["targets", "--game", game, "--games", "2", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    runs = Targets.load(targets_file(game)).runs
    assert "bourbon-lab targets:" in out and all(f", run {r})" in out for r in runs)
