"""Distilled's lesson files in scenarios/distilled/ (tests/test_scenarios.py runs each one): its prepared
table rebuilds byte for byte, and the event each lesson is about really happens (a scenario of another game
can only pin round, over, winner and the log digest, so the lesson's point is checked here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from bourbon_lab.scenarios import Scenario
from bourbon_lab.scenarios.commands import scenario_files

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "distilled"
FILES = scenario_files([FOLDER])


def test_at_least_six_lessons():
    assert len(FILES) >= 6


def test_prepared_tables_are_reproducible():
    spec = importlib.util.spec_from_file_location("distilled_snapshots", FOLDER / "_make_snapshots.py")
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    for name, build in maker.TABLES.items():
        assert maker.snapshot_text(build()) == (FOLDER / "snapshots" / f"{name}.json").read_text(), name


def final(name):
    return Scenario.load(FOLDER / f"{name}.yaml").run().results[0].game


def events(g, kind):
    return [e for e in g.log if e.kind == kind]


def test_lesson_signature_returns():
    """'If removed during distillation (top/bottom cut), it returns to the spirit stack instead of your pantry.'"""
    d = events(final("cut-returns-the-signature"), "distill")[0]
    assert d.data["returned"] == ["golden_rye"] and "golden_rye" in d.data["stack"]


def test_lesson_full_warehouse():
    """'If full and you must age a new spirit, sell one from warehouse first.'"""
    g = final("full-warehouse-forces-a-sale")
    forced, sold, aged = events(g, "forced_sale")[0], events(g, "spirit_sold")[0], events(g, "spirit_aged")[0]
    assert forced.seq < sold.seq < aged.seq and sold.phase == "age" and aged.data["spirit"] == "s92"


def test_lesson_round_seven():
    """'If you distill an aged spirit in round 7, you must age it (cannot sell). Score it from warehouse at endgame.'"""
    g = final("round-seven-aged-spirit-must-age")
    assert not events(g, "spirit_sold")
    assert events(g, "unsold_spirit")[0].data == {"spirit": "s93", "recipe": "bourbon", "flavours": 1, "sp": 8}


def test_lesson_award_tie():
    """'Check spirit awards (divide SP if tied, rounding up).'"""
    award = events(final("award-tie-splits-rounding-up"), "award")[0]
    assert award.data["players"] == [0, 1] and award.data["sp"] == 2


def test_lesson_flavour_table():
    """'1 flavor = 1 SP, 2 = 3 SP, 3 = 6 SP, 4 = 10 SP.'"""
    sold = events(final("flavour-bonus-table"), "spirit_sold")[0]
    assert sold.data["flavour_sp"] == 6 and sold.data["sp"] == 11


def test_lesson_tasting():
    """'Tastings: Only available if you did not sell a spirit this round.'"""
    g = final("tasting-only-without-a-sale")
    assert [(e.player, e.data["sp"]) for e in events(g, "tasting")] == [(1, 4)]
    assert g.sp[1]["tasting"] == -4
