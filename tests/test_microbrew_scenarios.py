"""Microbrew lessons (scenarios/microbrew/): each passes, its prepared table rebuilds, and what it teaches holds.

tests/test_scenarios.py runs these files with every other lesson (it searches scenarios/ recursively);
this file checks each lesson's point on the replayed game, beyond its log digest.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from helpers import replay_lesson

from bourbon_lab.scenarios import Scenario
from bourbon_lab.scenarios.commands import scenario_files
from bourbon_lab.scenarios.run import make_bots, start_game

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "microbrew"
FILES = scenario_files([FOLDER])


def replay(name: str):
    return replay_lesson(FOLDER, name)


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def test_at_least_six_lessons():
    assert len(FILES) >= 6
    assert all(Scenario.load(f).spec.game == "microbrew" for f in FILES)


def test_prepared_tables_rebuild():
    spec = importlib.util.spec_from_file_location("microbrew_snapshots", FOLDER / "_make_snapshots.py")
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    for name, build in maker.TABLES.items():
        assert maker.snapshot_text(build()) == (FOLDER / "snapshots" / f"{name}.json").read_text(), name


def test_lesson_hop_circle():
    g, events = replay("hop-circular-path")
    (brew,) = kinds(events, "brew")
    assert brew.data["circular"] and brew.data["hop"] and brew.data["chain"] == 4
    assert "".join(g.copper[0][:8]) == "HMMDLLDL"


def test_lesson_contaminant():
    g, events = replay("contaminant-lowers-the-rating")
    (serve,) = kinds(events, "serve")
    assert serve.data["rating"] == 1 and serve.data["pay"] == 3 and not serve.data["loyal_gained"]
    assert "C04" in g.asleep and not kinds(events, "recall")


def test_lesson_perfect_recall():
    g, events = replay("perfect-recalls-a-brewer")
    (serve,) = kinds(events, "serve")
    assert serve.data["rating"] == 0 and serve.data["pay"] == 8 and serve.data["loyal_gained"]
    assert "C04" in g.loyal[0] and [e.data["job"] for e in kinds(events, "recall")] == ["brew"]
    assert g.spaces["brew"][0] is None and g.spaces["serve"][0] == 0


def test_lesson_free_brew():
    g, events = replay("the-free-brew")
    (offer,) = kinds(events, "free_brew")
    (brew,) = kinds(events, "brew")
    assert offer.player == 1 and offer.data["taken"] and brew.player == 1 and brew.data["free"]
    assert g.ready[1] == 2 and g.decision.actor == 1 and g.decision.step == "place"


def test_lesson_deck_out():
    spec = Scenario.load(FOLDER / "deck-out-plays-one-more-round.yaml").spec
    g, bots = start_game(spec, 0), make_bots(spec, 0)
    while not g.is_over:
        g.apply(bots[g.decision.actor].choose(g.observe(g.decision.actor), g.legal_actions()))
    assert g.final_round == 2 and g.ended_by == "deck_out" and g.round == 2
    assert [e.round for e in g.log if e.kind == "deck_out"] == [1]


def test_lesson_all_loyal():
    g, events = replay("all-twelve-loyal-ends-at-once")
    assert g.is_over and g.ended_by == "all_loyal" and g.round == 1 and not kinds(events, "recall")
    assert sum(len(x) for x in g.loyal) == 12


def test_lesson_three_player_break():
    g, events = replay("three-players-replaced-to-break")
    assert g.spaces["mash"] == [0] and g.spaces["break"] == [1]
    assert g.ready[2] == 2 and g.cash[1] == 1 and [e.player for e in kinds(events, "evicted")] == [2]
