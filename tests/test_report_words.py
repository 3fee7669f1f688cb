"""The replay report's words follow the ruleset: ordinals are English and the crash names the tunable size."""

from __future__ import annotations

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.scenarios.report import PHRASES, ordinal

BOOK = (
    "When the new card would be the 7th on the table, the whole table is wiped instead "
    "(uncompleted cards are lost — see What you lose on a wipe) and the market starts fresh with a single card."
)


def test_ordinals_read_as_english():
    got = [ordinal(n) for n in (1, 2, 3, 4, 7, 11, 12, 13, 21, 22, 23, 101, 111, 112)]
    assert got == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "7th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
        "112th",
    ]


def _first_crash(rules, seed: int = 0):
    game = bl.new_game(rules, players=3, seed=seed)
    bots = [make_bot("heuristic", seed=p) for p in range(3)]
    while not game.is_over:
        p = game.current_player
        game.apply(bots[p].choose(game.observe(p), game.legal_actions()))
        crash = next((e for e in game.log if e.kind == "crash"), None)
        if crash:
            return crash
    raise AssertionError("no crash in this game")


def test_the_crash_line_names_the_book_card():
    """BOOK: the crash comes with the 7th card."""
    # The first draft by name: its heuristic games back the market up (a crash in 76 of 200 three-player games,
    # seed 0 among them); on the calibrated-2 defaults the same bots crashed it in 1 of 200 (seeds 0-199).
    crash = _first_crash(bl.Ruleset.named("first-draft"))
    assert PHRASES["crash"](crash.data).startswith("CRASH: the 7th card wipes ")


def test_the_crash_line_follows_a_changed_crash_size():
    """With crash_size 4 (ours to tune), the report must say the 4th card, not the book's 7th."""
    rules = bl.Ruleset.default().replace(mid_zone_from=2, hot_zone_from=3, crash_size=4)
    crash = _first_crash(rules)
    assert len(crash.data["wiped"]) == 3
    assert PHRASES["crash"](crash.data).startswith("CRASH: the 4th card wipes ")
