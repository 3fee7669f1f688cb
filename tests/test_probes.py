"""The probe house rules of ``benchmarks/probes.py`` (issue 51): each builds, names a real mechanic and plays.

``benchmarks/bench_probes.py`` measures whether the learned bot's use of each probe's mechanic moves the way
the probe says; here, cheaply: every probe is a valid ruleset of its game with its house rule in it, the
mechanic it names is one ``bl.behaviour`` counts (the game's catalogue, or the house rule's own), a full
game plays under it with heuristics and with a tiny learned bot, and one direction that must hold at any
budget: offered a profitable new action, a learned bot that looks ahead at every move takes it, where the
heuristic never does.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.core import game_of
from bourbon_lab.design.coverage import mechanics_of

HERE = Path(__file__).resolve().parent
TINY = "learned:rounds=0,warmup=4,depth=2,steps=1,margin=0"
"""A learned bot that learns from 4 heuristic games and leaves the heuristic for any better-looking move."""


def _load():
    path = HERE.parent / "benchmarks" / "probes.py"
    spec = importlib.util.spec_from_file_location("bench_probes_rules", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses read their module by name
    spec.loader.exec_module(module)
    return module


probes = _load()
ALL = probes.probes()
IDS = [f"{p.game}-{p.kind}" for p in ALL]


def test_three_probes_a_game():
    assert sorted(probes.PROBES) == sorted(["bourbonomics", "distilled", "gin_crafters", "microbrew"])
    for game, ps in probes.PROBES.items():
        assert [p.kind for p in ps] == ["new", "worthless", "strong"], game
        assert len({p.name for p in ps}) == 3
        for p in ps:
            assert p.direction == ("less" if p.kind == "worthless" else "more")
            assert p.why and p.game == game


@pytest.mark.parametrize("p", ALL, ids=IDS)
def test_probe_builds_its_game_and_names_a_counted_mechanic(p):
    rules = p.rules()
    assert game_of(rules) == p.game
    assert [r.name for r in rules.house_rules] == [p.name]
    assert rules.fingerprint() != p.base().fingerprint()
    rule = rules.house_rules[0]
    assert "Ours (a probe)" in rule.description
    counted = {m.name for m in mechanics_of(p.game, rules)}
    assert p.mechanic in counted, f"{p.mechanic} is not among {p.game}'s mechanics nor the rule's own"
    if p.kind == "new":
        assert p.mechanic == f"house-{p.name}"
    else:  # the book's own mechanic, and one a player chooses
        assert p.mechanic in {m.name for m in mechanics_of(p.game)}


@pytest.mark.parametrize("p", ALL, ids=IDS)
def test_a_game_plays_under_each_probe(p):
    rules = p.rules()
    for bots in ("heuristic", [TINY, "heuristic"]):
        res = bl.simulate(rules, players=2, games=1, bots=bots, seed=3, workers=1, progress=False)
        assert not res.failures, res.failures
        assert res.games.filter(pl.col("error").is_null()).height == 1


def test_a_learned_bot_takes_a_profitable_new_action_the_heuristic_never_does():
    """Microbrew: 2 money for a loyal customer (the score itself). Any lookahead sees it; the heuristic is blind."""
    p = probes.probe("microbrew", "new")
    rules = p.rules()
    took = {}
    for bots in ("heuristic", TINY):
        res = bl.simulate(rules, players=2, games=2, bots=bots, seed=1, workers=1, progress=False)
        assert not res.failures
        took[bots] = res.events.filter(pl.col("rule") == p.name).height
    assert took["heuristic"] == 0
    assert took[TINY] > 0
