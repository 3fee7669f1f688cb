"""Distilled's bots: two distinct heuristics that each beat random, and the generic search bot on this game."""

from __future__ import annotations

import pytest

import bourbon_lab as bl
from bourbon_lab.bots import bot_names, make_bot

RULES = bl.default_rules("distilled")


def play(names, seed):
    g = bl.new_game(RULES, players=len(names), seed=seed)
    bots = [make_bot(n, seed=seed * 7 + i, game="distilled") for i, n in enumerate(names)]
    while not g.is_over:
        d = g.decision
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
    return g


def test_registered_for_the_game():
    names = bot_names("distilled")
    assert {"ager", "seller", "heuristic", "random", "search"} <= set(names)
    assert make_bot("heuristic", game="distilled").name == "heuristic"


@pytest.mark.parametrize("bot", ["ager", "seller"])
def test_beats_random_in_nine_games_of_ten(bot):
    """30 two-player games, the bot in either seat: it must win at least 27."""
    wins = 0
    for seed in range(30):
        names = [bot, "random"] if seed % 2 else ["random", bot]
        g = play(names, seed)
        wins += g.score_rows()[names.index(bot)].won
    assert wins >= 27


def test_the_two_heuristics_play_differently():
    """The ager ages spirits in wood; the seller sells unaged spirits at once."""
    aged = {"ager": 0, "seller": 0}
    for seed in range(4):
        g = play(["ager", "seller"], seed)
        for e in g.log:
            if e.kind == "spirit_sold" and e.data["aged"]:
                aged[["ager", "seller"][e.player]] += 1
    assert aged["ager"] > aged["seller"]


def test_search_bot_plays_distilled():
    """The generic search bot re-deals with observe(p).determinise and plays a whole game."""
    g = bl.new_game(RULES, players=2, seed=3)
    bots = [make_bot("search:budget=6,horizon=1", seed=1, game="distilled"), make_bot("random", game="distilled")]
    while not g.is_over:
        d = g.decision
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
    assert g.ended_by == "rounds" and g.round == 7
