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


# --- issue 29: bots that use the book's upgrades, gold recipes, tastings and goals when they pay


def market_table():
    """Seed 5's table at its first market turn: seat 3 runs Maple Hollow (grain), seat 2 is to buy."""
    g = bl.new_game(RULES, players=4, seed=5)
    bots = [make_bot("heuristic", seed=i, game="distilled") for i in range(4)]
    while g.step != "market":
        d = g.decision
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
    assert g.identity[3] == "I01"
    return g


def cid(g, name):
    """The id of a card called ``name``, printed or new."""
    ids = g.cards.items() if isinstance(g.cards, dict) else enumerate(g.cards)
    return next((c for c, n in ids if n == name), None) or g.new_card(name)


def ready_grain_distillery(g, p=3, sugars=4):
    """Seat ``p`` holds yeast, water, ``sugars`` grain cards, a wood barrel and its bronze and silver recipes."""
    g.pantry[p] = [g.new_card(n) for n in ["yeast", "water"] + ["grain"] * sugars]
    g.storeroom[p] = [cid(g, "new_oak"), cid(g, "glass_bottle")]
    g.known[p] = ["gin", "bourbon"]


def decide(bot, g, p, legal):
    return bot.choose(g.observe(p), legal)


def test_ager_buys_an_upgrade_that_beats_its_price():
    """'Distillery upgrade | Varies | Max 3 on your board' and 'Distillery upgrade SP values' (book):
    with its washback bought and 10 money, the ager buys an extra rack (3 SP, a third warehouse space) for 5;
    with 6 it keeps the money for next round's sugar."""
    g = market_table()
    ready_grain_distillery(g)
    g.money[3] = 10
    g.rows["upgrades"][0] = cid(g, "extra_rack")
    bot = make_bot("ager", seed=1, game="distilled")
    assert decide(bot, g, 3, ["pass", "buy upgrades 1"]) == "buy upgrades 1"
    g.money[3] = 6  # keeping a basic sugar's 2 money back for next round (the ager's ``reserve``)
    assert decide(bot, g, 3, ["pass", "buy upgrades 1"]) == "pass"


def test_a_fourth_upgrade_replaces_the_one_worth_least():
    """'Max 3 on your board; may discard old ones' (book): a grain distillery keeps its silo (a free grain
    every round) and gives up the tasting room, though both score 2 SP."""
    g = market_table()
    silo, room, sign = cid(g, "silo"), cid(g, "tasting_room"), cid(g, "heritage_sign")
    g.upgrades[3] = [silo, room, sign]
    bot = make_bot("ager", seed=1, game="distilled")
    legal = [f"discard c{silo}", f"discard c{room}", f"discard c{sign}"]
    bot.choose(g.observe(3), ["pass", "pass2"])  # primes the bot's view
    assert bot._discard_upgrade(legal) == f"discard c{room}"


def test_ager_unlocks_gold_when_its_sugars_are_at_hand():
    """'Gold recipe cube – Unlocks gold-tier spirits' (book): with silver and bronze known, three grain
    cards in the pantry and a barrel, the ager buys Single Malt's cube; with one grain card it waits."""
    g = market_table()
    ready_grain_distillery(g, sugars=3)
    g.money[3] = 10
    bot = make_bot("ager", seed=1, game="distilled")
    assert decide(bot, g, 3, ["pass", "cube single_malt"]) == "cube single_malt"
    ready_grain_distillery(g, sugars=1)
    assert decide(bot, g, 3, ["pass", "cube single_malt"]) == "pass"


def test_tasting_pays_for_an_upgrade_just_out_of_reach():
    """'If you did not sell a spirit this round, you may offer a tasting (spend up to 4 SP to gain that
    much money)' (book): 3 SP buy the money a 4-SP upgrade lacks; in the last round nothing is worth it."""
    g = market_table()
    g.money[3] = 3  # 4 for the sign and 2 kept back (the ager's ``reserve``): 3 short
    g.rows["upgrades"] = [cid(g, "heritage_sign"), None, None, None]
    bot = make_bot("ager", seed=1, game="distilled")
    legal = [f"tasting {k}" for k in range(5)]
    assert decide(bot, g, 3, legal) == "tasting 3"
    g.round = g.rules.rounds
    assert decide(bot, g, 3, legal) == "tasting 0"


def test_goal_discard_drops_the_goal_out_of_reach():
    """'After round 3, discard 1 of your 3 distillery goals' and 'Distillery goals: Compared relative to
    other players' (book): a grain distillery drops 'most fruit labels', not the cheapest goal."""
    g = market_table()
    g.goals[3] = ["G02", "G04", "G05"]
    bot = make_bot("ager", seed=1, game="distilled")
    bot.choose(g.observe(3), ["pass", "pass2"])
    assert bot._goal(["discard G02", "discard G04", "discard G05"]) == "discard G02"


def test_ager_buys_a_cheap_cube_for_a_recipe_award_in_reach():
    """'Spirit awards: Bonus SP for meeting objectives (first to fulfill scores full ...)' (book): three
    recipes known and 'Unlock 5 recipes' (4 SP) unclaimed, the ager buys a bronze cube of another sugar."""
    g = market_table()
    ready_grain_distillery(g)
    g.known[3] = ["gin", "bourbon", "single_malt"]
    g.awards, g.award_winners = ["A15"], {}
    g.money[3], g.round = 10, 4
    bot = make_bot("ager", seed=1, game="distilled")
    assert decide(bot, g, 3, ["pass", "cube white_rum"]) == "cube white_rum"
    g.awards = ["A14"]  # 'Unlock 3 recipes': already met, nothing to chase
    assert decide(bot, g, 3, ["pass", "cube white_rum"]) == "pass"


def test_ager_holds_a_third_flavour_for_a_fourth_when_room_and_money_allow():
    """'Aged spirit flavor bonus: ... 3 = 6 SP, 4 = 10 SP' (book): with a free warehouse space and money
    in hand the ager keeps a 3-flavour spirit a round more; short of money it sells."""
    g = market_table()
    g.spirits["s99"] = {
        "recipe": "bourbon",
        "cards": [],
        "barrel": None,
        "flavours": ["oak", "oak", "smoke"],
        "round": 1,
        "aged": True,
    }
    g.warehouse[3], g.pending[3], g.round = ["s99"], [], 4
    g.money[3] = 8
    bot = make_bot("ager", seed=1, game="distilled")
    bot.obs, bot.me = g.observe(3), 3
    assert bot.sell_aged(3) is False
    g.money[3] = 2
    bot.obs = g.observe(3)
    assert bot.sell_aged(3) is True


def test_ager_holds_a_third_flavour_for_an_open_four_flavour_award():
    """'Aged spirit flavor bonus: ... 3 = 6 SP, 4 = 10 SP' and 'Spirit awards: ... first to fulfill scores
    full' (book): short of money, the ager still holds a 3-flavour spirit when 'Sell a spirit with 4
    flavours' is unclaimed and a warehouse space is free; in the last round it sells."""
    g = market_table()
    g.spirits["s99"] = {"recipe": "bourbon", "cards": [], "barrel": None, "flavours": ["oak"] * 3, "round": 1}
    g.spirits["s99"]["aged"] = True
    g.warehouse[3], g.pending[3], g.round, g.money[3] = ["s99"], [], 6, 2
    g.awards, g.award_winners = ["A09"], {}
    bot = make_bot("ager", seed=1, game="distilled")
    bot.obs, bot.me = g.observe(3), 3
    assert bot.sell_aged(3) is False
    g.awards = ["A08"]  # no 4-flavour award: sell at 3
    bot.obs = g.observe(3)
    assert bot.sell_aged(3) is True


def test_seller_distils_every_round_when_a_sales_award_needs_it():
    """'Spirit awards: Bonus SP for meeting objectives' (book), 'Sell 7 spirits': a seller with 3 sales in
    round 4 reaches 7 only by selling in each of the 4 rounds left, so it distils without a spare sugar."""
    g = market_table()
    g.awards, g.award_winners, g.round = ["A03"], {}, 4
    g.sales[3] = [{"money": 1}] * 3
    bot = make_bot("seller", seed=1, game="distilled")
    bot.obs, bot.me = g.observe(3), 3
    assert bot.sales_award_needs_now() is True
    g.sales[3] = [{"money": 1}] * 4  # one round of slack: it may wait for a better spirit
    bot.obs = g.observe(3)
    assert bot.sales_award_needs_now() is False


def test_recipe_award_cube_of_any_tier_in_the_last_round():
    """'Spirit awards: ... first to fulfill scores full' (book), 'Unlock 5 recipes' (4 SP): four recipes
    known and every bronze one among them, the seller buys a silver cube in round 7 with the money it would
    otherwise score at 1 SP per 5; in round 2 the same 6 money is kept back for next round's sugar."""
    g = market_table()
    g.known[3] = ["gin", "white_rum", "eau_de_vie", "bourbon"]
    g.awards, g.award_winners = ["A15"], {}
    g.money[3], g.round = 6, g.rules.rounds
    bot = make_bot("seller", seed=1, game="distilled")
    bot.obs, bot.me = g.observe(3), 3
    assert bot._buy_award_cube(["pass", "cube dark_rum"]) == "cube dark_rum"
    g.round = 2
    bot.obs = g.observe(3)
    assert bot._buy_award_cube(["pass", "cube dark_rum"]) is None


def _ager_chasing_a_gold_award(sugars: int):
    """A grain ager (player 3) with bourbon known, 10 money, ``sugars`` of its grain and 'Sell a gold spirit' open."""
    g = market_table()
    ready_grain_distillery(g, sugars=sugars)
    g.known[3] = ["bourbon"]
    g.money[3] = 10
    g.awards, g.award_winners = ["A06"], {}
    bot = make_bot("ager", seed=1, game="distilled")
    bot.obs, bot.me = g.observe(3), 3
    return g, bot


def test_ager_unlocks_gold_before_bronze_for_a_gold_award_or_goal():
    """'Gold recipe cube – Unlocks gold-tier spirits' and 'Spirit awards' (book): with 'Sell a gold spirit'
    unclaimed the ager's next cube after silver is gold, not bronze; holding 'Most gold labels' it buys it
    with two of its sugar at hand instead of three."""
    g, bot = _ager_chasing_a_gold_award(sugars=2)
    assert bot.wanted_cube() == "single_malt"
    g.awards = ["A01"]
    bot.obs = g.observe(3)
    assert bot.wanted_cube() == "gin"
    g.goals[3] = ["G07", "G01", "G02"]
    assert decide(bot, g, 3, ["pass", "cube single_malt"]) == "cube single_malt"
    g.goals[3] = ["G01", "G02", "G03"]
    g.awards = ["A06"]
    assert decide(bot, g, 3, ["pass", "cube single_malt"]) == "pass"


def test_ager_buys_bronze_while_the_gold_cube_waits_for_sugar():
    """'Gold recipe cube – Unlocks gold-tier spirits' (book): with 'Sell a gold spirit' unclaimed gold comes
    before bronze, but with one grain at hand the gold cube is not yet worth its price, so the ager buys the
    bronze cube it would have bought before (a cheap recipe for a thin washback)."""
    g, bot = _ager_chasing_a_gold_award(sugars=1)
    assert bot.wanted_cube() == "single_malt"
    assert decide(bot, g, 3, ["pass", "cube gin", "cube single_malt"]) == "cube gin"
