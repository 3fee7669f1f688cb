"""Gin Crafters bots: each heuristic beats random, search plays, heuristic games keep the acceptance rules."""

from __future__ import annotations

import pytest

import bourbon_lab as bl
from bourbon_lab.bots import bot_names, make_bot
from bourbon_lab.games.gin_crafters.audit import audit

RULES = bl.default_rules("gin_crafters")


def play(rules, names, seed):
    g = bl.new_game(rules, players=len(names), seed=seed)
    bots = [make_bot(name, seed=seed * 10 + s, game="gin_crafters") for s, name in enumerate(names)]
    while not g.is_over:
        d = g.decision
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
    return g


def test_registered_for_the_game_only():
    assert {"tempo", "brand", "heuristic", "random", "search"} <= set(bot_names("gin_crafters"))
    assert "tempo" not in bot_names("bourbonomics")


@pytest.mark.parametrize("bot", ["tempo", "brand"])
def test_beats_random_in_nine_games_of_ten(bot):
    """Issue #18: each heuristic beats random in at least 90 % of games (30 two-player games, seats alternating)."""
    wins = 0
    for seed in range(30):
        me = seed % 2
        names = [bot if s == me else "random" for s in range(2)]
        rows = play(RULES, names, seed).score_rows()
        wins += rows[me].won and sum(r.won for r in rows) == 1
    assert wins >= 27, f"{bot} won {wins} of 30"


def test_the_two_heuristics_play_differently():
    a, b = play(RULES, ["tempo", "tempo"], 4), play(RULES, ["brand", "brand"], 4)
    assert a.actions != b.actions


def test_search_bot_plays_a_game():
    g = play(RULES, ["search:budget=8,horizon=1", "random"], 2)
    assert g.is_over and g.ended_by == "target"


@pytest.mark.parametrize("final_turns", ["others_once", "complete_round"])
def test_heuristic_games_end_by_the_signal_and_pay_lenders(final_turns):
    """Issue #18 acceptance, on a sample (benchmarks/bench_gin_crafters.py --acceptance runs 200 games): every game
    ends by the 30-point signal with the final turns the variant says, and every lending event pays the lend fee."""
    rules = RULES.replace(final_turns=final_turns)
    lends = 0
    for seed in range(12):
        n = 2 + seed % 3
        g = play(rules, ["tempo" if s % 2 else "brand" for s in range(n)], seed)
        assert audit(g) == [], (seed, n)
        lends += sum(e.kind == "lend" for e in g.log)
    assert lends > 0


@pytest.mark.parametrize(("vp", "answer"), [(0, "lend"), (26, "refuse")])
def test_lender_refuses_only_a_gin_that_would_end_the_game(vp, answer):
    """Under lender = may_refuse the bots lend for the fee, but not a gin that carries the borrower to the end."""
    from test_gin_crafters_rules import bots, gin, junipers, new, prepared

    g = prepared(
        new(lender="may_refuse"),
        p0_vp=vp,
        p0_gins=[gin("herbal", "herbal")],
        p0_area=[bots("Angelica")[0], junipers("herbal", "low")[0]],
        p1_area=[bots("Rosemary")[0]],
    )
    g.apply(f"distill {gin('herbal', 'herbal')} borrow herbal from 1")
    bot = make_bot("tempo", seed=1, game="gin_crafters")
    assert bot.choose(g.observe(1), g.legal_actions()) == answer
