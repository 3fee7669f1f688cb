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


# --- issue 29 item 5: the bots use what the book makes worth using (coverage: no book mechanic under 1 % of games)


def brand(condition):
    from bourbon_lab.games.gin_crafters import CONTENT

    return next(b.id for b in CONTENT.brands.values() if b.condition == condition)


def tempo(g, seat=0):
    return make_bot("tempo", seed=1, game="gin_crafters").choose(g.observe(seat), g.legal_actions())


def with_snapshot(g, **fields):
    from bourbon_lab.core import restore

    snap = g.snapshot()
    snap.update(fields)
    return restore(snap, "gin_crafters")


def needs_only_a_juniper(junipers_on_show):
    from test_gin_crafters_rules import bots, gin, new, prepared

    return prepared(
        new(),
        p0_coins=5,
        p0_brands=[brand("most_gins")],
        p0_gins=[gin("herbal", "fruit")],
        p0_area=[bots("Angelica")[0], bots("Yuzu")[0]],
        market={"juniper": junipers_on_show},
    )


def test_refreshes_the_juniper_row_when_no_juniper_on_show_earns_a_bonus():
    """Book: "If the card you want is not available in the market, you can pay coins to replace the card in the market
    and then make a purchase. Refresh purchases require 3 coins for botanicals and 2 coins for juniper berries." and "If
    you distill a gin whose recipe contains the botanicals listed on the Juniper Berry card, you will receive the bonus
    victory points listed on the card." Two plain junipers on show, a herbal-fruit gin waiting for its juniper: a fresh
    row (2 coins) is worth more than a plain juniper (1 coin)."""
    from test_gin_crafters_rules import junipers

    g = needs_only_a_juniper(junipers()[:2])
    assert tempo(g) == "refresh juniper"


def test_pays_more_for_the_juniper_that_earns_its_bonus():
    """Book: "you will receive the bonus victory points listed on the card": the herbal juniper at 2 coins over a
    plain one at 1 for a gin with herbal in its recipe."""
    from test_gin_crafters_rules import junipers

    g = needs_only_a_juniper([junipers()[0], junipers("herbal", "low")[0]])
    assert tempo(g) == "purchase juniper 2"


def test_takes_the_bonus_juniper_from_a_refreshed_row():
    """Book: "Then, select any one card and add it to the botanical area (3). At this time, the player can freely
    choose a card, ignoring the cost of the card position." The refreshed row's herbal juniper, not the first card."""
    from test_gin_crafters_rules import junipers, prepared

    g = needs_only_a_juniper(junipers()[:2])
    g.apply("refresh juniper")
    g = prepared(g, market={"juniper": [junipers()[2], junipers("fruit", "low")[0]]})
    assert g.decision.step == "take"
    assert tempo(g) == "take 2"


def at_bonus(vp, rival, rounds, hand):
    """Seat 0 distils a floral gin (+5 with Rose) from ``vp`` and stops at the bonus step; seat 1 at ``rival``."""
    from test_gin_crafters_rules import distill_rose, near

    g = near(vp)
    snap = g.snapshot()
    snap["round"] = rounds
    snap["players"][1]["vp"]["gin"] = rival
    snap["players"][0]["gins"] += hand
    g = with_snapshot(g, **snap)
    distill_rose(g)
    assert g.decision.step == "bonus"
    return g


def test_bonus_inspiration_looks_at_the_brand_deck_once_the_hand_fills_the_game():
    """Book: "when you exceed 10 or 20 points, you can perform one "INSPIRATION" action as a bonus action" and
    Inspiration: "Look at the top two cards of the gin deck or brand deck". Near the end, with a gin in hand that
    already needs every action left, a new gin cannot be made: a brand card, scored at the end, is worth more."""
    from test_gin_crafters_rules import gin

    g = at_bonus(18, 27, 9, [gin("herbal", "fruit", "spice")])
    assert tempo(g) == "inspire brand"


def test_bonus_inspiration_looks_at_the_gin_deck_while_there_is_time():
    """The same bonus early, with an empty gin hand and the game far from its end: a gin is worth more."""
    g = at_bonus(8, 0, 4, [])
    assert tempo(g) == "inspire gin"


def test_buys_the_missing_type_for_an_all_types_brand():
    """Book: "victory points are awarded if the conditions on the card are met" (all_types, ours: one botanical of
    each of the five types in the area at the end). Four types owned: the oriental on show meets a 4-VP brand card
    for one action, more than the same-pair gin in hand earns for its three."""
    from test_gin_crafters_rules import bots, gin, junipers, new, prepared

    g = prepared(
        new(),
        p0_coins=5,
        p0_brands=[brand("all_types"), brand("most_gins")],
        p0_gins=[gin("herbal", "herbal")],
        p0_area=[bots("Angelica")[0], bots("Yuzu")[0], bots("Coriander")[0], bots("Rose")[0]],
        market={
            "botanical": [bots("Sencha")[0], bots("Rosemary")[0], bots("Lemon")[0], bots("Pepper")[0]],
            "juniper": junipers()[:2],
        },
    )
    assert tempo(g) == "purchase botanical 1"


def test_keeps_the_last_botanical_of_a_type_out_of_the_key_for_an_all_types_brand():
    """Book: "The effect described on the selected botanical card is used immediately and the card is then moved to
    the distillation area." Rose (the only floral) and Coriander give the same 2 VP as the key; with an all-types brand
    in hand the key is a Coriander, so the floral stays in the area."""
    from test_gin_crafters_rules import bots, gin, junipers, new, prepared

    g = prepared(
        new(),
        p0_brands=[brand("all_types")],
        p0_gins=[gin("spice", "floral")],
        p0_area=[bots("Rose")[0], *bots("Coriander"), junipers()[0]],
    )
    g.apply(f"distill {gin('spice', 'floral')}")
    g.apply(f"juniper {junipers()[0]}")
    assert g.decision.step == "key"
    assert tempo(g) in {f"key {b}" for b in bots("Coriander")}


def test_distils_the_gin_that_meets_a_brand_card():
    """Book: "Each player gets a victory point for each brand card that fulfills the requirements in his or her
    hand". One two-juniper gin made and a double-juniper brand in hand (ours: two needed): the second two-juniper gin
    (2 VP + 2 for the brand) before a single (3 VP)."""
    from test_gin_crafters_rules import bots, gin, gins, junipers, new, prepared

    double = gins()
    g = prepared(
        new(),
        p0_brands=[brand("double_juniper_gins")],
        p0_distilled=[double[0]],
        p0_gins=[double[1], gin("herbal")],
        p0_area=[bots("Angelica")[0], *junipers()[:2]],
    )
    assert tempo(g) == f"distill {double[1]}"


def test_banks_coins_for_a_coins_brand_in_the_last_actions():
    """Book: "victory points are awarded if the conditions on the card are met" (coins, ours: 10 coins at the end).
    After the end signal, 8 coins and a gin that cannot be finished: side business reaches the brand's 10."""
    from test_gin_crafters_rules import gin, new, prepared

    g = prepared(new(), p0_coins=8, p0_brands=[brand("coins")], p0_gins=[gin("herbal", "fruit", "spice")])
    g = with_snapshot(g, final_until=1)
    assert tempo(g) == "side business"


@pytest.mark.parametrize("bot", ["tempo", "brand"])
def test_a_seat_barred_from_side_business_still_chooses_a_legal_action(bot):
    """A house rule (restricted play, design/restricted.py) may take "side business" out of a seat's legal list: the
    fallback, which earned by Side Business, picks from the list it was given. Seat 0 plays whole games barred; the
    positions where it would have taken Side Business are each answered with one of its legal actions."""
    barred_fallbacks = 0
    for seed in range(6):
        g = bl.new_game(RULES, players=2, seed=seed)
        bots = [make_bot(bot, seed=seed * 10 + s, game="gin_crafters") for s in range(2)]
        while not g.is_over:
            d, legal = g.decision, g.legal_actions()
            given = [a for a in legal if a != "side business"] if d.actor == 0 else legal
            given = given or legal  # a forced Side Business is no choice to bar
            choice = bots[d.actor].choose(g.observe(d.actor), given)
            assert choice in given, (seed, d.step, choice, given)
            if given != legal and bots[0].choose(g.observe(0), legal) == "side business":
                barred_fallbacks += 1
            g.apply(choice)
    assert barred_fallbacks >= 3
