"""Every tunable number in the ruleset, set away from its default, shows its effect in play.

A number only ever tested at its default can be ignored by the engine and no test notices
(a hard-coded 3 passes every test written for a default of 3). Each test below changes one
field through ``Ruleset.replace`` and watches the change through the public step API:
the Capital a sale pays, the dice rolled, the cards shown, what is legal. The book's line
for the number is quoted where the book gives one ("Book: ..."); the others are ours
(docs/rules-decisions.md), and the test says so.
"""

from __future__ import annotations

import pytest
from helpers import add_barrel, card, events, give_card, legal_texts, new_game, open_cards, play_to, refresh, set_table

import bourbon_lab as bl
from bourbon_lab.games.bourbonomics.schema import FIELDS

RULES = bl.Ruleset.default()
OPEN = open_cards(RULES)
DEPT_OF = {
    "mega_expansion": "rickhouse",
    "climate_controlled": "rickhouse",
    "char_and_toast": "rickhouse",
    "double_maturation": "rickhouse",
    "warehouse_tasting": "rickhouse",
    "second_reroll": "supply",
    "overflow_roll": "supply",
    "prospector": "supply",
    "triple_threat": "supply",
    "grand_warehouse": "warehouse",
    "quality_sort": "warehouse",
    "master_recipe": "mash_floor",
    "house_blend": "mash_floor",
    "open_bill": "mash_floor",
    "private_demand_card": "marketing",
}
TESTED = set()


def tunes(*fields):
    """Mark a test as the one that shows ``fields`` at a value other than the default."""

    def mark(fn):
        TESTED.update(fields)
        return fn

    return mark


def at_play(players=4, seed=7, distilleries=None, **changes):
    g = new_game(players, seed, distilleries=distilleries, **changes)
    play_to(g, "play", "turn")
    return g, g.current_player


def grant(g, seat, ult, pile=None):
    """Give a seat an Ultimate directly (its department at the Ultimate step)."""
    dept = DEPT_OF[ult]
    p = g.players[seat]
    p.levels[dept] = len(g.rules.department_levels(dept))
    p.ultimates[dept] = ult
    p.prospector_pile = pile
    if ult == "private_demand_card":
        g.deal_private_card(p)
    refresh(g)


def at_reroll(**changes):
    """The first Collect turn, at the reroll step (bills returned, dice rolled)."""
    g = new_game(4, 7, **changes)
    g.apply("return bills")
    assert g.step == "reroll"
    return g, g.current_player


def sell(g, seat, barrel, card_id):
    before = g.players[seat].capital
    evs = g.apply(f"sell {barrel.id} -> {card_id}")
    return g.players[seat].capital - before, evs


def stage_recipe(g, seat, bill="M06"):
    """A resting barrel with its whole recipe staged (M06: cask, corn, rye), ready to make."""
    b = add_barrel(g, seat, bill, built=False)
    for kind, n in g.rules.bills_by_id[bill].recipe:
        b.staged.extend(card(kind) for _ in range(n))
    refresh(g)
    return b


# --------------------------------------------------------------------------- the list is complete


def test_every_schema_number_has_a_test_at_a_non_default_value():
    assert {f.name for f in FIELDS} - TESTED == set()


# --------------------------------------------------------------------------- table and setup


@tunes("min_players", "max_players")
def test_player_count_limits():
    """Book: "Players: 2–6" (the limits are tunable for a designer's own table)."""
    rules = RULES.replace(min_players=3, max_players=4)
    for n in (2, 5):
        with pytest.raises(bl.SetupError, match="players"):
            bl.new_game(rules, players=n, seed=1)
    assert [len(bl.new_game(rules, players=n, seed=1).players) for n in (3, 4)] == [3, 4]


@tunes("start_capital")
def test_start_capital():
    """Book: "Start with 5 Capital, 0 Prestige" """
    g = new_game(3, 1, start_capital=11)
    assert [p.capital for p in g.players] == [11, 11, 11]
    assert [r["score"] for r in g.scores()] == [11, 11, 11]


@tunes("start_prestige")
def test_start_prestige_counts_in_the_score_and_the_views():
    """Book: "Start with 5 Capital, 0 Prestige"; "Final score = Capital + Prestige." """
    g, seat = at_play(start_prestige=4)
    slots = g.table[0].slots
    set_table(g, ["D16"], filled=[[seat] * (slots - 1)])  # D16: any bourbon
    card = g.rules.cards_by_id["D16"].prestige
    b = add_barrel(g, seat, "M01", age=7)
    g.apply(f"sell {b.id} -> D16")
    rows = {r["player"]: r for r in g.scores()}
    assert rows[seat]["prestige"] == 4 + card
    assert rows[seat]["score"] == g.players[seat].capital + 4 + card
    other = (seat + 1) % 4
    assert rows[other]["prestige"] == 4
    assert g.view(other)["players"][seat]["prestige"] == 4 + card
    assert {p.seat: p.prestige for p in g.observe(other).others}[seat] == 4 + card


# --------------------------------------------------------------------------- economy


@tunes("upgrade_cost_first")
def test_first_upgrade_cost():
    """Book: "your 1st costs 1 Capital, your 2nd costs 2, your 3rd costs 3" """
    g, seat = at_play(upgrade_cost_first=3)
    g.players[seat].capital = 20
    costs = [events(g.apply(f"upgrade {d}"), "upgrade")[0].data["cost"] for d in ("supply", "warehouse")]
    assert costs == [3, 4]
    assert g.players[seat].capital == 20 - 7


@tunes("upgrade_cost_step")
def test_upgrade_cost_step():
    """Book: "Each upgrade costs more than the last" """
    g, seat = at_play(upgrade_cost_step=3)
    g.players[seat].capital = 20
    for d in ("supply", "warehouse", "rickhouse"):
        g.apply(f"upgrade {d}")
    assert g.players[seat].capital == 20 - (1 + 4 + 7)


@tunes("min_sell_age")
def test_min_sell_age():
    """Book: "They become sellable at age 2." """
    g, seat = at_play(min_sell_age=4)
    set_table(g, OPEN[:1])
    young, ready = add_barrel(g, seat, "M01", age=3), add_barrel(g, seat, "M01", age=4)
    assert g.why_illegal(f"sell {young.id} -> {OPEN[0]}") is not None
    assert sell(g, seat, ready, OPEN[0])[0] == RULES.age_values[0][0]  # Common, younger


@tunes("age_values")
def test_age_values_pay_younger_prime_and_older():
    """Book: "Younger ... the low value. Prime — inside its window: the best value. Older ... less than prime." """
    values = tuple((4 + q, 9 + q, 7 + q) for q in range(5))  # still rising with quality, as the book asks
    paid = []
    for age in (3, 7, 10):  # M01's prime window is 6-8
        g, seat = at_play(age_values=values)
        set_table(g, OPEN[:1])
        paid.append(sell(g, seat, add_barrel(g, seat, "M01", age=age), OPEN[0])[0])
    assert paid == [4, 9, 7]


@tunes("sales_per_quality")
def test_sales_per_quality_set_when_made():
    """Book: "How many times you can sell a barrel is set by its quality ... Common sells once" """
    g, seat = at_play(sales_per_quality=(3, 3, 3, 3, 3))
    b = stage_recipe(g, seat)
    g.apply(f"make {b.id}")
    assert (b.quality, b.sales_left) == (0, 3 + g.rules.bills_by_id["M06"].bonus_sales)


@tunes("barrel_sales_per_round")
def test_unlimited_sales_per_round():
    """Decision (rules-decisions.md): "a barrel sells at most once per round (variant, none = unlimited)." """
    g, seat = at_play(barrel_sales_per_round=None)
    set_table(g, OPEN[:2])
    b = add_barrel(g, seat, "M01", age=7, quality=4, sales_left=3)
    sell(g, seat, b, OPEN[0])
    assert g.why_illegal(f"sell {b.id} -> {OPEN[1]}") is None


# --------------------------------------------------------------------------- resources


@tunes("quality_odds")
def test_quality_odds_fill_the_piles():
    """Book: "Each card also has a hidden quality ... (Legendary is rare), mixed into every pile." """
    g = new_game(2, 3, quality_odds=(0, 0, 0, 0, 100))
    assert {c.quality for pile in g.piles.piles.values() for c in pile} == {4}


@tunes("pile_quality_odds")
def test_pile_quality_odds_replace_the_common_odds_for_one_pile():
    """Decision (rules-decisions.md): "Odds may differ per pile." """
    g = new_game(2, 3, pile_quality_odds={"rye": (0, 0, 100, 0, 0)})
    assert {c.quality for c in g.piles.piles["rye"]} == {2}
    assert len({c.quality for c in g.piles.piles["corn"]}) > 1


@tunes("pile_size")
def test_pile_size():
    """Decision (rules-decisions.md): "each pile is a finite shuffled deck of 43 cards" """
    g = new_game(2, 3, pile_size=12)
    assert g.view(0)["piles"] == dict.fromkeys(g.piles.piles, 12)


@tunes("piles")
def test_iid_piles_have_no_deck():
    """Decision (rules-decisions.md): "Variant piles = "iid": every draw samples a quality from the odds." """
    g = new_game(2, 3, piles="iid", quality_odds=(0, 0, 0, 100, 0))
    assert all(len(p) == 0 for p in g.piles.piles.values())
    seat = g.current_player
    g.apply("return bills")
    g.apply("stop rolling")
    face = next(d for d in g.dice if d != "any")
    g.apply(f"claim {face}")
    assert [c.quality for c in g.players[seat].warehouse] == [3]


@tunes("free_rerolls")
def test_free_rerolls():
    """Book: "Reroll any dice you don't like, once." """
    g, seat = at_reroll(free_rerolls=3)
    assert g.rerolls_left == 3
    for _ in range(3):
        g.apply(f"select {g.dice[0]}")
        g.apply("reroll")
    assert len([e for e in g.log if e.kind == "dice_rerolled"]) == 3
    assert g.step == "claim"


# --------------------------------------------------------------------------- market


@tunes("zone_multipliers")
def test_zone_multipliers_set_the_capital_a_sale_pays():
    """Book: "Capital from a sale = bourbon's age value × zone multiplier (×1 / ×2 / ×3)" """
    paid = []
    for size in (1, RULES.mid_zone_from, 6):
        g, seat = at_play(zone_multipliers=(2, 5, 7))
        set_table(g, OPEN[:size])
        shown = (g.multiplier, g.view(seat)["multiplier"], g.observe(seat).multiplier)
        paid.append(sell(g, seat, add_barrel(g, seat, "M01", age=7), OPEN[0])[0])  # Common prime: 2
        assert shown == (paid[-1] // 2,) * 3, "the multiplier the players see is the one sales pay"
    assert paid == [4, 10, 14]


@tunes("mid_zone_from")
def test_mid_zone_from():
    """Decision (rules-decisions.md): "Low 1–4 → ×1, Mid 5 → ×2 ... the Low/Mid boundary is ours" """
    g, seat = at_play(mid_zone_from=2)
    set_table(g, OPEN[:2])
    assert g.zone == "Mid"
    assert sell(g, seat, add_barrel(g, seat, "M01", age=7), OPEN[0])[0] == 4


@tunes("hot_zone_from")
def test_hot_zone_from():
    """Book: "Hot ×3"; the zone is Hot at 6 cards."""
    g, seat = at_play(hot_zone_from=4, mid_zone_from=3)
    set_table(g, OPEN[:4])
    assert g.zone == "Hot"
    assert sell(g, seat, add_barrel(g, seat, "M01", age=7), OPEN[0])[0] == 6


@tunes("crash_size")
def test_crash_size():
    """Book: "When the new card would be the 7th on the table, the whole table is wiped instead" """
    g, _ = at_play(crash_size=5, hot_zone_from=4, mid_zone_from=3, demand_draw="top_card")
    set_table(g, OPEN[:4])
    play_to(g, "collect", round=2)
    assert len(g.table) == 1
    assert [e.kind for e in g.log if e.round == 2 and e.kind == "crash"] == ["crash"]


@tunes("slots_per_player")
def test_slots_per_player():
    """Book: "Slots — a row of 2 × player count slots." """
    g = new_game(3, 4, slots_per_player=3)
    assert g.table[0].slots == 9


@tunes("private_card_slots")
def test_private_card_slots():
    """Book: "Private Demand Card — a personal order only you can fill." (its size is ours)"""
    g, seat = at_play(private_card_slots=5)
    grant(g, seat, "private_demand_card")
    assert g.players[seat].private.slots == 5
    assert g.view(seat)["players"][seat]["private"]["slots"] == 5


@tunes("opening_round_adds_card")
def test_opening_round_adds_card():
    """Decision (rules-decisions.md): "Default: round 1 adds no further card ... Variant opening_round_adds_card." """
    assert len(new_game(4, 5, opening_round_adds_card=True).table) == 2


@tunes("demand_draw")
def test_top_card_demand_draw_skips_the_pick():
    """Decision (rules-decisions.md): "Variant "top_card": the top card is added" """
    g, _ = at_play(distilleries="bluegrass_bend", demand_draw="top_card")
    play_to(g, "collect", round=2)
    assert not any(e.kind == "demand_revealed" for e in g.log)
    assert len(g.table) == 2


# --------------------------------------------------------------------------- departments


@tunes("rickhouse_levels")
def test_rickhouse_levels():
    """Book: "Your Rickhouse department sets how many barrels you can hold ... It starts at 3." """
    g = new_game(4, 7, rickhouse_levels=(1, 4, 5))
    seat = g.current_player
    first = g.revealed_bills[0]
    g.apply(f"keep bill {first}")
    assert g.step != "bills" or all(g.why_illegal(f"keep bill {b}") for b in g.revealed_bills)
    assert len(g.players[seat].barrels) == 1


@tunes("supply_levels")
def test_supply_levels():
    """Book: "Supply (4 → 5 → 6 → Ultimate)" """
    g = new_game(4, 7, supply_levels=(7, 8, 9))
    g.apply("return bills")
    assert len(g.dice) == 7


@tunes("warehouse_levels")
def test_warehouse_levels():
    """Book: "You can only claim up to what fits your Warehouse." """
    g = new_game(4, 7, warehouse_levels=(2, 5, 6))
    seat = g.current_player
    g.apply("return bills")
    g.apply("stop rolling")
    while any(a.startswith("claim") for a in legal_texts(g)):
        g.apply(next(a for a in legal_texts(g) if a.startswith("claim")))
    assert len(g.players[seat].warehouse) == 2


@tunes("mash_floor_levels")
def test_mash_floor_levels():
    """Book: "Reveal Mash Floor-many mash bills" """
    assert len(new_game(4, 7, mash_floor_levels=(4, 5, 6)).revealed_bills) == 4


@tunes("marketing_levels")
def test_marketing_levels():
    """Book: "The Marketing department sets how many demand cards you draw in this phase" """
    g, _ = at_play(marketing_levels=(3, 4))
    play_to(g, "demand", "pick", round=2)
    assert len(g.demand_reveal) == 3
    assert len(legal_texts(g)) == 3


# --------------------------------------------------------------------------- Ultimates


@tunes("mega_expansion_slots")
def test_mega_expansion_slots():
    """Book: "Mega Expansion — +2 barrel slots." """
    g, seat = at_play(mega_expansion_slots=4)
    grant(g, seat, "mega_expansion")
    assert g.number(seat, "rickhouse") == 5 + 4


@tunes("climate_controlled_extra_age")
def test_climate_controlled_extra_age():
    """Book: "Climate Controlled — one chosen barrel ages +2 per round." """
    g, seat = at_play(climate_controlled_extra_age=3)
    grant(g, seat, "climate_controlled")
    named, other = add_barrel(g, seat, "M01", age=2), add_barrel(g, seat, "M01", age=2)
    play_to(g, "ageing", "climate")
    g.apply(f"climate {named.id}")
    assert (named.age, other.age) == (2 + 1 + 3, 3)


@tunes("char_and_toast_start_age")
def test_char_and_toast_start_age():
    """Book: "Char & Toast — every barrel you build starts at age 1." """
    g, seat = at_play(char_and_toast_start_age=3)
    grant(g, seat, "char_and_toast")
    b = stage_recipe(g, seat)
    g.apply(f"make {b.id}")
    assert b.age == 3


@tunes("double_maturation_age", "double_maturation_extra_sales")
def test_double_maturation_age_and_extra_sales():
    """Book: "Double Maturation — a barrel that reaches age 8+ gets one extra sale." """
    g, seat = at_play(double_maturation_age=5, double_maturation_extra_sales=2)
    grant(g, seat, "double_maturation")
    b4, b3 = add_barrel(g, seat, "M01", age=4, sales_left=1), add_barrel(g, seat, "M01", age=3, sales_left=1)
    play_to(g, "collect", round=2)
    assert (b4.age, b4.sales_left) == (5, 3)
    assert (b3.age, b3.sales_left) == (4, 1)


@tunes("warehouse_tasting_min_barrels", "warehouse_tasting_capital")
def test_warehouse_tasting_threshold_and_capital():
    """Book: "Warehouse Tasting — while 3+ of your barrels are aging, gain +1 Capital each round." """
    g, seat = at_play(warehouse_tasting_min_barrels=2, warehouse_tasting_capital=4)
    grant(g, seat, "warehouse_tasting")
    for _ in range(2):
        add_barrel(g, seat, "M01", age=0)
    before = g.players[seat].capital
    play_to(g, "collect", round=2)
    assert g.players[seat].capital == before + 4


@tunes("second_reroll_rerolls")
def test_second_reroll_rerolls():
    """Book: "Second Reroll — a second reroll each Collect turn." """
    g = new_game(4, 7, second_reroll_rerolls=2)
    grant(g, g.current_player, "second_reroll")
    g.apply("return bills")
    assert g.rerolls_left == 1 + 2


@tunes("overflow_roll_dice")
def test_overflow_roll_dice():
    """Book: "Overflow Roll — +2 dice." """
    g = new_game(4, 7, overflow_roll_dice=4)
    grant(g, g.current_player, "overflow_roll")
    g.apply("return bills")
    assert len(g.dice) == 6 + 4


@tunes("prospector_draws")
def test_prospector_draws():
    """Book: "Prospector — pick one pile; claims from it draw 2 and keep the better." """
    g = new_game(4, 7, prospector_draws=3)
    seat = g.current_player
    grant(g, seat, "prospector", pile="rye")
    g.apply("return bills")
    g.apply("stop rolling")
    g.players[seat].warehouse = []
    best, mid, worst = card("rye", 3), card("rye", 1), card("rye", 0)
    g.piles.piles["rye"] += [best, mid, worst]  # the top is the end of the list
    g.piles.discards["rye"] = []
    g.dice = ["rye"]
    refresh(g)
    g.apply("claim rye")
    assert g.players[seat].warehouse == [best]
    assert sorted(g.piles.discards["rye"]) == sorted([mid, worst])


@tunes("triple_threat_dice")
def test_triple_threat_dice():
    """Book: "Triple Threat — once per Collect turn, discard 2 dice you don't want to take 1 die of any face." """
    g = new_game(4, 7, triple_threat_dice=3)
    grant(g, g.current_player, "triple_threat")
    g.apply("return bills")
    g.dice = ["cask", "cask", "corn", "rye"]
    refresh(g)
    for face in ("cask", "cask"):
        g.apply(f"select {face}")
    assert g.why_illegal("trade -> any") is not None
    g.apply("select corn")
    g.apply("trade -> any")
    assert sorted(g.dice) == ["any", "rye"]


@tunes("grand_warehouse_cap")
def test_grand_warehouse_cap():
    """Book: "Grand Warehouse — +3 cap." """
    g = new_game(4, 7, grand_warehouse_cap=5)
    grant(g, g.current_player, "grand_warehouse")
    assert g.number(g.current_player, "warehouse") == 6 + 5


@tunes("quality_sort_draws")
def test_quality_sort_draws():
    """Book: "Quality Sort — once per round, a free draw from any pile." """
    g, seat = at_play(quality_sort_draws=2)
    grant(g, seat, "quality_sort")
    g.players[seat].warehouse = []
    refresh(g)
    g.apply("sort wheat")
    g.apply("sort rye")
    assert g.why_illegal("sort corn") is not None
    assert len(g.players[seat].warehouse) == 2


@tunes("master_recipe_bills")
def test_master_recipe_bills():
    """Book: "Master Recipe — +1 mash bill shown each draw." """
    g, seat = at_play(master_recipe_bills=3)
    grant(g, seat, "master_recipe")
    play_to(g, "collect", "bills", seat, round=2)
    assert len(g.revealed_bills) == 4 + 3


@tunes("house_blend_slots")
def test_house_blend_slots():
    """Book: "House Blend — one slot in a recipe accepts any resource type." """
    g, seat = at_play(house_blend_slots=2)
    grant(g, seat, "house_blend")
    assert RULES.bills_by_id["M04"].counts == {"cask": 1, "corn": 3, "rye": 1}  # five slots, room for two any-type
    b = add_barrel(g, seat, "M04", built=False)
    g.players[seat].warehouse = []
    w1, w2 = give_card(g, seat, "wheat"), give_card(g, seat, "wheat")
    g.apply(f"stage {w1.id} -> {b.id}")
    g.apply(f"stage {w2.id} -> {b.id}")
    assert b.wild == [w1, w2]
    w3 = give_card(g, seat, "wheat")
    assert g.why_illegal(f"stage {w3.id} -> {b.id}") is not None


@tunes("open_bill_draws")
def test_open_bill_draws():
    """Book: "Open Bill — one extra mash-bill draw each round." """
    g, seat = at_play(open_bill_draws=2)
    grant(g, seat, "open_bill")
    play_to(g, "collect", "bills", seat, round=2)
    for _ in range(2):
        g.apply("return bills")
        g.apply("draw bills")
    g.apply("return bills")
    assert len([e for e in g.log if e.kind == "bills_revealed" and e.player == seat and e.round == 2]) == 3
    assert g.current_player != seat or g.step != "bills"


# --------------------------------------------------------------------------- end and content


@tunes("orders_to_end")
def test_orders_to_end():
    """Book: "The game ends as soon as a player has completed 8 orders." """
    g, seat = at_play(3, 41, orders_to_end=3)
    g.players[seat].completed = [("D01", 1), ("D02", 1)]
    slots = g.table[0].slots
    set_table(g, ["D16"], filled=[[seat] * (slots - 1)])
    g.apply(f"sell {add_barrel(g, seat, 'M01', age=7).id} -> D16")
    play_to(g, "over")
    assert (g.ended_by, g.round) == ("orders", 1)


@tunes("round_limit")
def test_round_limit():
    """Book: "There's also a round limit as a safety net" """
    g = new_game(2, 42, round_limit=2)
    play_to(g, "over")
    assert (g.ended_by, g.round) == ("round_limit", 2)


@tunes("high_corn_corn")
def test_high_corn_corn_checks_the_content():
    """Decision (rules-decisions.md): High-Corn bills need at least this many corn cards (ours, in data)."""
    high = [b for b in RULES.mash_bills if "High-Corn" in b.tags]
    most = max(dict(b.recipe)["corn"] for b in high)
    with pytest.raises(bl.RulesetError, match="High-Corn"):
        RULES.replace(high_corn_corn=most + 1)
    assert RULES.replace(high_corn_corn=2).high_corn_corn == 2


# --------------------------------------------------------------------------- validation


TUPLE_FIELDS = [f for f in FIELDS if f.kind in ("int_tuple", "levels", "odds", "sales", "age_values", "pile_odds")]


def _negative(field):
    """The field's default with one entry made negative (odds keep their sum of 100)."""
    if field.name == "pile_quality_odds":
        return {"rye": (110, -10, 0, 0, 0)}
    value = getattr(RULES, field.name)
    if field.kind == "age_values":
        return ((-1, 2, 1),) + value[1:]
    if field.kind == "odds":
        return (value[0] + 10, -10) + value[2:]
    return (-1,) + value[1:]


@pytest.mark.parametrize("field", TUPLE_FIELDS, ids=lambda f: f.name)
def test_a_negative_entry_in_a_tuple_field_is_refused_naming_it(field):
    with pytest.raises(bl.RulesetError) as err:
        RULES.replace(**{field.name: _negative(field)})
    assert field.name in err.value.fields
    assert field.name in str(err.value)
