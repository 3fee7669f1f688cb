"""Gin Crafters lessons (scenarios/gin_crafters/): each passes, its prepared table rebuilds, and what it teaches holds.

tests/test_scenarios.py runs these files with every other lesson (it searches scenarios/ recursively);
this file checks each lesson's point on the replayed game, beyond its log digest.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from helpers import replay_lesson

from bourbon_lab.scenarios import Scenario
from bourbon_lab.scenarios.commands import scenario_files

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "gin_crafters"
FILES = scenario_files([FOLDER])


def replay(name: str):
    return replay_lesson(FOLDER, name)


def test_at_least_six_lessons():
    assert len(FILES) >= 6
    assert all(Scenario.load(f).spec.game == "gin_crafters" for f in FILES)


def test_prepared_tables_rebuild():
    spec = importlib.util.spec_from_file_location("gin_snapshots", FOLDER / "_make_snapshots.py")
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    for name, build in maker.TABLES.items():
        assert maker.snapshot_text(build()) == (FOLDER / "snapshots" / f"{name}.json").read_text(), name


def test_lesson_borrowing_pays_the_lender():
    g, events = replay("borrowing-pays-the-lender")
    lend = [e for e in events if e.kind == "income" and e.data["source"] == "lend"]
    assert [(e.player, e.data["amount"]) for e in lend] == [(1, 2)]
    assert not [e for e in g.actions if e in ("lend", "refuse")]


def test_lesson_crossing_two_marks():
    g, events = replay("crossing-10-and-20-in-one-action")
    bonus = [(e.data["threshold"], e.data["taken"]) for e in events if e.kind == "threshold_bonus"]
    assert bonus == [(10, False), (20, True)]


@pytest.mark.parametrize(
    ("name", "after"), [("end-signal-others-once", [2, 3, 0]), ("end-signal-complete-round", [2, 3])]
)
def test_lesson_who_plays_after_the_signal(name, after):
    g, events = replay(name)
    trigger = next(e for e in events if e.kind == "end_trigger")
    owners = list(dict.fromkeys(e.player for e in events if e.kind == "action" and e.seq > trigger.seq))
    assert trigger.player == 1 and owners == after and g.ended_by == "target"


def test_lesson_refresh_then_take_the_dearest():
    g, events = replay("refresh-then-take-any-position")
    take = next(e for e in events if e.kind == "purchase")
    assert (take.data["position"], take.data["price"], take.data["refresh"]) == (4, 0, True)
    assert g.players[take.player]["coins"] == 0


def test_lesson_two_juniper_gin():
    g, events = replay("two-juniper-gin")
    d = next(e for e in events if e.kind == "distill")
    assert (d.data["vp"], d.data["juniper_bonus"], d.data["key"]) == (2, 0, None)


def test_lesson_brand_card_tie():
    g, events = replay("brand-card-tie")
    scored = {(e.player, e.data["condition"]): e.data["met"] for e in events if e.kind == "brand_scored"}
    assert scored == {(0, "most_gins"): True, (1, "never_borrowed"): True}
    rows = g.score_rows()
    assert [r.score for r in rows] == [33, 33] and [r.won for r in rows] == [False, True]
