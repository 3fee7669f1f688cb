"""The hot and specialist strategies' sale timing (issue 15: as first written they won 5-6 % at the mixed table)."""

from __future__ import annotations

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.games.bourbonomics import Action
from bourbon_lab.games.bourbonomics.bots import knowledge as k
from bourbon_lab.games.bourbonomics.state import Barrel, OrderCard
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


ULTIMATES = (
    "Each distillery offers a different set of Ultimates for its departments — that's what makes distilleries "
    "feel different to play."
)
"""Book (The Distillery): each strategy ranks the two Ultimates a board offers by its own direction (issue 29:
with one taste for all, seven Ultimates and the Private Demand Card never came up)."""


def _ultimate(a: str, b: str, dept: str = "rickhouse") -> list[Action]:
    return [Action("upgrade", (dept, a)), Action("upgrade", (dept, b))]


def _view(resting_missing: bool = False):
    g = to_play(new_game(players=4, seed=3))
    me = g.players[g.current_player]
    if resting_missing:
        me.barrels.append(Barrel("b_wait", "M01"))  # staged nothing yet: it waits on every card of its recipe
    return g.observe(g.current_player)


def test_prime_takes_the_ageing_ultimates():
    """ULTIMATES: "Climate Controlled — one chosen barrel ages +2 per round"; "Warehouse Tasting — while 3+ of
    your barrels are aging, gain +1 Capital each round" suit a player who ages into the window."""
    prime, rush = make_bot("prime"), make_bot("rush")
    view = _view()
    hollow_creek = _ultimate("climate_controlled", "double_maturation")
    copper_kettle = _ultimate("warehouse_tasting", "mega_expansion")
    assert prime.favourite_upgrade(view, hollow_creek).args[1] == "climate_controlled"
    assert prime.favourite_upgrade(view, copper_kettle).args[1] == "warehouse_tasting"
    assert rush.favourite_upgrade(view, hollow_creek).args[1] == "double_maturation"
    assert rush.favourite_upgrade(view, copper_kettle).args[1] == "mega_expansion"


def test_hot_takes_triple_threat_and_the_private_card():
    """ULTIMATES: "Triple Threat — once per Collect turn, discard 2 dice you don't want to take 1 die of any face"."""
    hot = make_bot("hot")
    view = _view()
    assert hot.favourite_upgrade(view, _ultimate("triple_threat", "overflow_roll", "supply")).args[1] == "triple_threat"
    assert make_bot("rush").favourite_upgrade(view, _ultimate("triple_threat", "overflow_roll", "supply")).args[1] == (
        "overflow_roll"
    )


def test_specialist_takes_house_blend_only_while_a_barrel_waits_on_a_card():
    """ULTIMATES: "House Blend — one slot in a recipe accepts any resource type"; "Master Recipe — +1 mash bill
    shown each draw": the specialist takes the wild slot when a recipe is stuck, else more bills to choose from."""
    spec = make_bot("specialist")
    gristwheel = _ultimate("master_recipe", "house_blend", "mash_floor")
    assert spec.favourite_upgrade(_view(), gristwheel).args[1] == "master_recipe"
    assert spec.favourite_upgrade(_view(resting_missing=True), gristwheel).args[1] == "house_blend"
    copper_kettle = _ultimate("open_bill", "house_blend", "mash_floor")
    assert spec.favourite_upgrade(_view(), copper_kettle).args[1] == "open_bill"


def test_prime_grows_marketing_in_its_direction():
    """Book (Marketing): "at its top level grants a Private Demand Card only you can fill"; the prime strategy's
    fourth department is Marketing and it counts four as its direction, the others three."""
    prime = make_bot("prime")
    assert prime.upgrade_order[: prime.focus] == ("rickhouse", "warehouse", "supply", "marketing")
    for name in ("rush", "specialist", "hot"):
        bot = make_bot(name)
        assert "marketing" not in bot.upgrade_order[: bot.focus], name
