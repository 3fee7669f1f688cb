"""The hot and specialist strategies' sale timing (issue 15: as first written they won 5-6 % at the mixed table)."""

from __future__ import annotations

import bourbon_lab as bl
from bourbon_lab.bots import knowledge as k
from bourbon_lab.bots import make_bot
from bourbon_lab.games.bourbonomics.rules import Action
from bourbon_lab.games.bourbonomics.rules.state import Barrel, OrderCard
from tests.helpers import new_game, to_play

RULES = bl.Ruleset.default()

ZONES = (
    "The pile grows by 1 each round and only shrinks when cards are completed, so a market nobody is clearing "
    "drifts toward Hot. A higher zone means every sale pays more. You can always see it coming — just count the cards."
)
"""Book (Demand zones): the hot strategy counts the cards and holds a barrel for the next zone."""

WINDOW = "sell your best barrels while they're in their window, and try to time that window for a hot market"
"""Book (Selling, tip): prime and specialist age a barrel into its window before selling it."""


def _my_turn_with_barrel(age: int, table_cards: int):
    """My Play turn on the defaults (Mid from mid_zone_from cards, Hot at 6), one built Common M01 (prime 6-8)."""
    g = to_play(new_game(players=4, seed=3))
    me = g.players[g.current_player]
    barrel = Barrel("b_test", "M01")
    barrel.built, barrel.age, barrel.sales_left = True, age, 1
    me.barrels.append(barrel)
    g.table[:] = [OrderCard(f"D0{i + 1}", 8) for i in range(table_cards)]
    return g.observe(g.current_player), barrel


def _sale(barrel, completes: bool = False, gated: bool = False) -> k.SaleOption:
    order = "D24" if gated else "D01"
    return k.SaleOption(Action("sell", (barrel.id, order)), barrel, 2, completes, 1, gated, False)


def test_hot_holds_a_prime_barrel_one_round_when_the_next_card_lifts_the_zone():
    hot = make_bot("hot", seed=0)
    mid = RULES.mid_zone_from  # ours: 5 on the defaults (the first draft's 3)
    for before in (mid - 1, 5):  # the next card makes Mid; then the next makes the book's Hot 6
        view, barrel = _my_turn_with_barrel(age=6, table_cards=before)
        assert k.zone_rises_next_round(view), before
        assert not hot.should_sell(view, _sale(barrel))
        assert hot.should_sell(view, _sale(barrel, completes=True))  # finishing an order never waits
    view, barrel = _my_turn_with_barrel(age=6, table_cards=mid - 2)  # the next card leaves it Low
    assert not k.zone_rises_next_round(view)
    assert hot.should_sell(view, _sale(barrel))  # in its window, nothing to wait for


def test_hot_does_not_wait_for_a_card_that_would_crash_the_table():
    view, barrel = _my_turn_with_barrel(age=6, table_cards=6)  # Hot now; the next card would be the 7th
    assert not k.zone_rises_next_round(view)
    assert make_bot("hot", seed=0).should_sell(view, _sale(barrel))


def test_specialist_ages_into_the_window_and_sells_gated_cards_first():
    spec = make_bot("specialist", seed=0)
    view, young = _my_turn_with_barrel(age=2, table_cards=1)  # Low, four years before its window
    assert not spec.should_sell(view, _sale(young, gated=True))
    view, ripe = _my_turn_with_barrel(age=6, table_cards=1)
    open_sale, gated_sale = _sale(ripe), _sale(ripe, gated=True)
    gated_sale.capital = open_sale.capital - 1  # a gated card first, even for less Capital now
    assert spec.pick_sale(view, [open_sale, gated_sale]) == gated_sale.action != open_sale.action
