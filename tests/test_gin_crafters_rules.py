"""One test per rule of the Gin Crafters rulebook (seeds/002_c94c3762483bd1c0.txt), through the public API.

Each test quotes the sentence it checks in its docstring ("Book: ..."). Where the book is silent the
test follows docs/games/gin_crafters-rules-decisions.md and says so ("Ours: ..."). Tables are dealt
with ``bl.new_game`` and, where a test needs a known situation, prepared through ``snapshot`` /
``restore`` (``prepared``), then played with scripted action texts.
"""

from __future__ import annotations

import json

import pytest

import bourbon_lab as bl
from bourbon_lab.core import restore
from bourbon_lab.games.gin_crafters import CONTENT

RULES = bl.default_rules("gin_crafters")
DECKS = ("gin", "botanical", "juniper", "brand")


# --------------------------------------------------------------------------- helpers


def new(players=2, seed=1, **changes):
    rules = RULES.replace(**changes) if changes else RULES
    return bl.new_game(rules, players=players, seed=seed)


def gin(*recipe):
    """The id of the gin card whose recipe is exactly ``recipe`` (double juniper: no types)."""
    return next(g.id for g in CONTENT.gins.values() if g.recipe == tuple(recipe))


def gins(*recipe):
    return [g.id for g in CONTENT.gins.values() if g.recipe == tuple(recipe)]


def bots(name):
    """Every botanical card id of that name (two copies each)."""
    return [b.id for b in CONTENT.botanicals.values() if b.name == name]


def junipers(bonus=None, level="none"):
    return [j.id for j in CONTENT.junipers.values() if j.bonus == bonus and j.level == level]


def _take_out(snap, card):
    """Remove ``card`` from wherever it is; a market place it leaves is refilled from the deck top."""
    for deck in DECKS:
        for pile in (snap["decks"][deck], snap["discards"][deck]):
            if card in pile:
                pile.remove(card)
    for p in snap["players"]:
        for zone in ("gins", "brands", "area", "distilled", "spent"):
            if card in p[zone]:
                p[zone].remove(card)
    for kind, row in snap["market"].items():
        if card in row:
            row[row.index(card)] = snap["decks"][kind].pop()


def prepared(g, seat=0, start=0, market=None, decks=None, **players):
    """Restore ``g`` with seat ``seat`` to act first; ``players`` maps ``p0_area=[...]``, ``p1_coins=5`` etc."""
    snap = json.loads(json.dumps(g.snapshot()))
    snap["start"], snap["turn_owner"] = start, seat
    for key, value in players.items():
        who, field = key.split("_", 1)
        p = snap["players"][int(who[1:])]
        if isinstance(value, list):
            for card in value:
                _take_out(snap, card)
            p[field] = list(value)
        elif field == "vp":
            p["vp"]["gin"] = value
        else:
            p[field] = value
    for kind, cards in (market or {}).items():
        for card in cards:
            if card is not None:
                _take_out(snap, card)
        snap["market"][kind] = list(cards)
    for deck, cards in (decks or {}).items():
        for card in cards:
            _take_out(snap, card)
        snap["decks"][deck] = list(cards)
    return restore(snap, "gin_crafters")


def play(g, *texts):
    events = []
    for text in texts:
        events += g.apply(text)
    return events


def of(events, kind):
    return [e for e in events if e.kind == kind]


def track(g, seat):
    vp = g.players[seat]["vp"]
    return vp["gin"] + vp["juniper"] + vp["key"]


# --------------------------------------------------------------------------- game information and components


def test_two_to_four_players():
    """Book: "Age: 20+ / 2-4 Players / 30-45 Min" """
    for n in (2, 3, 4):
        assert new(players=n).n == n
    for n in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            new(players=n)


def test_components():
    """Book: "45x gin cards", "40x botanical cards", "30x juniper berry cards", "18x brand cards" """
    assert (len(CONTENT.gins), len(CONTENT.botanicals), len(CONTENT.junipers), len(CONTENT.brands)) == (45, 40, 30, 18)


def test_five_botanical_types():
    """Book: "there are five types: herbal, fruit, spice, floral, and oriental" """
    assert {b.type for b in CONTENT.botanicals.values()} == {"herbal", "fruit", "spice", "floral", "oriental"}


def test_two_juniper_gins_exist():
    """Book: "Exception: Gin made from 2 juniper berries" """
    assert any(g.junipers == 2 and not g.recipe for g in CONTENT.gins.values())


# --------------------------------------------------------------------------- setup


def test_market_of_four_botanicals_and_two_junipers():
    """Book: "Draw 4 cards from the botanical deck and 2 cards from the juniper berry deck, and place them face up" """
    g = new()
    assert len(g.market["botanical"]) == 4 and all(c in CONTENT.botanicals for c in g.market["botanical"])
    assert len(g.market["juniper"]) == 2 and all(c in CONTENT.junipers for c in g.market["juniper"])
    assert g.view(None)["market"] == g.market


def test_start_hand_two_gins_two_brands_private():
    """Book: "Draw two cards each from the brand deck and the gin deck and put them in your hand. (You may check
    the contents of the cards)" """
    g = new(players=3)
    for s, p in enumerate(g.players):
        assert len(p["gins"]) == 2 and len(p["brands"]) == 2
        assert g.view(s)["hand"] == {"gins": p["gins"], "brands": p["brands"]}
        assert g.view(None)["players"][s]["hand_gins"] == 2
    assert "hand" not in g.view(None)
    assert not set(g.players[1]["gins"]) & set(json.dumps(g.view(0)).split('"'))


def test_three_start_coins():
    """Book: "Receive 3 coins." """
    assert [p["coins"] for p in new(players=4).players] == [3, 3, 3, 3]


def test_start_player_any_way():
    """Book: "Decide the starting player in any way you wish." Ours: the engine picks at random from the seed."""
    starts = {new(players=4, seed=s).start for s in range(30)}
    assert starts == {0, 1, 2, 3}
    assert all(new(players=4, seed=s).decision.actor == new(players=4, seed=s).start for s in range(5))


# --------------------------------------------------------------------------- the turn


def test_two_actions_then_clockwise():
    """Book: "After the active player has performed two actions, his or her turn is passed clockwise to the next
    player." """
    g = prepared(new(players=3), seat=1, start=1)
    g.apply("side business")
    assert g.decision.actor == 1 and g.actions_left == 1
    g.apply("side business")
    assert g.decision.actor == 2 and g.decision.turn_owner == 2 and g.actions_left == 2


def test_same_action_both_times():
    """Book: "you may perform the same action both times." """
    g = prepared(new(), p0_coins=10)
    g.apply("purchase botanical 1")
    assert "purchase botanical 1" in g.legal_actions()


def test_four_kinds_of_action():
    """Book: "There are four types of actions that can be performed on your turn: "PURCHASE," "INSPIRATION,"
    "SIDE BUSINESS," and "DISTILLATION," """
    g = prepared(new(), p0_coins=10, p0_gins=[gin("herbal")], p0_area=[bots("Rosemary")[0], junipers()[0]])
    verbs = {a.split()[0] for a in g.legal_actions()}
    assert verbs == {"purchase", "refresh", "inspire", "side", "distill"}


def test_turn_is_not_decision():
    """Book: a turn is two actions; ours: each action is one or more decisions, and the state keeps both."""
    g = prepared(new(), p0_coins=10)
    g.apply("inspire gin")
    assert g.decision.step == "keep" and g.actions_left == 1 and g.decision.turn_owner == 0


# --------------------------------------------------------------------------- purchase


def test_purchase_pays_position_price_into_botanical_area():
    """Book: "The market cards are purchased at the price indicated on the left side of the market board (1). The
    purchased cards are immediately placed in the "Botanical Area"" """
    g = prepared(new(), p0_coins=10)
    card = g.market["botanical"][2]
    g.apply("purchase botanical 3")
    assert g.players[0]["coins"] == 10 - RULES.botanical_prices[2]
    assert card in g.players[0]["area"]


def test_purchase_shifts_row_down_and_refills_top():
    """Book: "The space vacated by the purchase of a card is filled by shifting cards in the same row downwards so
    that the price is lower (3). Then a card is drawn from the deck and replenished face up in an empty space (4)." """
    g = prepared(new(), p0_coins=10)
    row = list(g.market["botanical"])
    top = g.decks["botanical"][-1]
    g.apply("purchase botanical 2")
    assert g.market["botanical"] == [row[0], row[2], row[3], top]


def test_purchase_needs_the_coins():
    """Book: "Pay coins and get botanicals and juniper berries from the market" """
    g = prepared(new(), p0_coins=1)
    assert "purchase botanical 1" in g.legal_actions() and "purchase botanical 2" not in g.legal_actions()
    before = json.dumps(g.snapshot(), sort_keys=True)
    with pytest.raises(bl.IllegalAction, match="Purchase"):
        g.apply("purchase botanical 4")
    assert json.dumps(g.snapshot(), sort_keys=True) == before


def test_no_limit_to_cards_owned():
    """Book: "There is no limit to the number of cards you can own." """
    g = prepared(new(), p0_coins=100, p0_area=bots("Rose") + bots("Yuzu") + bots("Mint") + bots("Sencha"))
    g.apply("purchase botanical 1")
    assert len(g.players[0]["area"]) == 9


def test_empty_deck_takes_the_shuffled_discards():
    """Book: "When there are no more cards in the deck, all the discarded cards are mixed well and used as a new
    deck." """
    g = new()
    snap = g.snapshot()
    snap["discards"]["botanical"] = snap["decks"]["botanical"]
    snap["decks"]["botanical"] = []
    snap["turn_owner"], snap["players"][snap["turn_owner"]]["coins"] = 0, 5
    snap["players"][0]["coins"] = 5
    g = restore(snap, "gin_crafters")
    evs = g.apply("purchase botanical 1")
    assert of(evs, "reshuffle") and g.market["botanical"][3] is not None
    assert g.discards["botanical"] == [] and len(g.decks["botanical"]) == 40 - 4 - 1


# --------------------------------------------------------------------------- refresh and purchase


@pytest.mark.parametrize(("kind", "fee"), [("botanical", 3), ("juniper", 2)])
def test_refresh_costs(kind, fee):
    """Book: "Refresh purchases require 3 coins for botanicals and 2 coins for juniper berries." """
    g = prepared(new(), p0_coins=fee)
    assert f"refresh {kind}" in g.legal_actions()
    g.apply(f"refresh {kind}")
    assert g.players[0]["coins"] == 0
    g2 = prepared(new(), p0_coins=fee - 1)
    assert f"refresh {kind}" not in g2.legal_actions()


def test_refresh_discards_the_row_and_deals_a_new_one():
    """Book: "Discard all cards in either the Botanical or Juniper Berry market (1) and draw and place cards from the
    deck until the market is filled (2)." """
    g = prepared(new(), p0_coins=3)
    old = list(g.market["botanical"])
    new_row = list(reversed(g.decks["botanical"][-4:]))
    g.apply("refresh botanical")
    assert g.market["botanical"] == new_row and g.discards["botanical"] == old
    assert g.decision.step == "take"


def test_refresh_then_take_any_position_ignoring_its_cost():
    """Book: "select any one card and add it to the botanical area (3). At this time, the player can freely choose a
    card, ignoring the cost of the card position." """
    g = prepared(new(), p0_coins=3)
    g.apply("refresh botanical")
    assert g.legal_actions() == ["take 1", "take 2", "take 3", "take 4"]
    card = g.market["botanical"][3]
    g.apply("take 4")
    assert card in g.players[0]["area"] and g.players[0]["coins"] == 0


def test_refresh_take_refills_like_a_purchase():
    """Book: "The vacant market space from which the card was selected is replenished in the same way as in normal
    purchasing, by shifting the card in the same row down and then drawing a card from the deck" """
    g = prepared(new(), p0_coins=3)
    g.apply("refresh botanical")
    row, top = list(g.market["botanical"]), g.decks["botanical"][-1]
    g.apply("take 1")
    assert g.market["botanical"] == [row[1], row[2], row[3], top]


def test_refresh_price_variant_charges_the_position():
    """Ours (variant refresh_price = fee_plus_position): "ignoring the cost of the card position" read the other way."""
    g = prepared(new(refresh_price="fee_plus_position"), p0_coins=7)
    g.apply("refresh botanical")
    g.apply("take 4")
    assert g.players[0]["coins"] == 0


# --------------------------------------------------------------------------- inspiration and side business


def test_inspiration_looks_at_two_keeps_one():
    """Book: "Look at the top two cards of the gin deck or brand deck and add one card to your hand and discard the
    other card." """
    g = prepared(new())
    top2 = g.decks["gin"][-2:][::-1]
    g.apply("inspire gin")
    assert g.legal_actions() == [f"keep {c}" for c in top2]
    g.apply(f"keep {top2[1]}")
    assert top2[1] in g.players[0]["gins"] and g.discards["gin"] == [top2[0]]


def test_inspiration_is_private():
    """Book: "Inspire a new gin recipe or branding method." Ours: only the actor sees the cards and the one kept."""
    g = prepared(new())
    evs = g.apply("inspire brand")
    look = of(evs, "inspiration_look")[0]
    assert (
        g.visible_to(look) == (0,)
        and g.view(1)["inspiration"] == []
        and g.view(0)["inspiration"] == look.data["looked"]
    )
    evs = g.apply(g.legal_actions()[0])
    assert g.visible_to(of(evs, "inspiration_keep")[0]) == (0,)


def test_side_business_three_coins():
    """Book: "You get money on side business. Receive 3 coins from stock." """
    g = prepared(new(), p0_coins=0)
    evs = g.apply("side business")
    assert g.players[0]["coins"] == 3
    assert [(e.player, e.data["amount"], e.data["source"]) for e in of(evs, "income")] == [(0, 3, "side_business")]


# --------------------------------------------------------------------------- distillation


def herb_fruit_floral(**kw):
    """Taka's example: a juniper + fruit + flower + herb gin, an Italian juniper, Yuzu as key."""
    area = [bots("Yuzu")[0], bots("Rose")[0], bots("Rosemary")[0], junipers("herbal", "low")[0]]
    return prepared(new(**kw), p0_gins=[gin("herbal", "fruit", "floral")], p0_area=area, p0_coins=0)


def test_distill_needs_every_ingredient():
    """Book: "Select a gin card from your hand. When all the ingredients on the card are in your botanical area, you
    can distill the gin." """
    g = prepared(new(), p0_gins=[gin("herbal", "fruit")], p0_area=[bots("Rosemary")[0], junipers()[0]])
    assert not [a for a in g.legal_actions() if a.startswith("distill")]
    with pytest.raises(bl.IllegalAction, match="Distillation"):
        g.apply(f"distill {gin('herbal', 'fruit')}")


def test_juniper_is_mandatory():
    """Book: "When distilling any gin card, juniper berry card is a mandatory ingredient." """
    g = prepared(new(), p0_gins=[gin("herbal")], p0_area=[bots("Rosemary")[0]])
    assert not [a for a in g.legal_actions() if a.startswith("distill")]


def test_taka_distills_in_the_books_order():
    """Book: "The gin card was placed in the distillation area and Taka received the 6 victory points listed on the
    card. Move the Italian juniper berry to the distillation area for a bonus condition of +1 victory point because
    the herbal ingredient is used in the recipe. At the end, the fruit "Yuzu" was selected as the key botanical and
    moved to the distillation area. Using the Yuzu card effect, Taka gained 2 coins." """
    g = herb_fruit_floral()
    gid, yuzu, jun = gin("herbal", "fruit", "floral"), bots("Yuzu")[0], junipers("herbal", "low")[0]
    play(g, f"distill {gid}")
    assert g.players[0]["vp"]["gin"] == 6 and gid in g.players[0]["distilled"] and g.decision.step == "juniper"
    play(g, f"juniper {jun}")
    assert g.players[0]["vp"]["juniper"] == 1 and jun in g.players[0]["spent"] and g.decision.step == "key"
    play(g, f"key {yuzu}", "use")
    assert g.players[0]["coins"] == 2 and yuzu in g.players[0]["spent"]


def test_other_botanicals_remain():
    """Book: "Other botanical cards remain in the botanical area and can be used after the next action." """
    g = herb_fruit_floral()
    play(g, f"distill {gin('herbal', 'fruit', 'floral')}", f"juniper {junipers('herbal', 'low')[0]}")
    play(g, f"key {bots('Yuzu')[0]}", "use")
    assert sorted(g.players[0]["area"]) == sorted([bots("Rose")[0], bots("Rosemary")[0]])


def test_juniper_bonus_needs_its_type_in_the_recipe():
    """Book: "If you distill a gin whose recipe contains the botanicals listed on the Juniper Berry card, you will
    receive the bonus victory points listed on the card." """
    area = [bots("Yuzu")[0], junipers("spice", "low")[0]]
    g = prepared(new(), p0_gins=[gin("fruit")], p0_area=area)
    play(g, f"distill {gin('fruit')}", f"juniper {junipers('spice', 'low')[0]}")
    assert g.players[0]["vp"]["juniper"] == 0


def test_juniper_bonus_type_need_not_be_the_key():
    """Book: "In this case, it is not necessary to use the botanicals listed on the Juniper Berry card as key
    botanicals." """
    g = herb_fruit_floral()
    play(g, f"distill {gin('herbal', 'fruit', 'floral')}", f"juniper {junipers('herbal', 'low')[0]}")
    assert f"key {bots('Yuzu')[0]}" in g.legal_actions() and g.players[0]["vp"]["juniper"] == 1


def test_key_effect_used_immediately_then_moved():
    """Book: "select one key botanical from the ingredient botanical cards, which determines the main flavor of the
    gin. The effect described on the selected botanical card is used immediately and the card is then moved to the
    distillation area." """
    g = herb_fruit_floral()
    play(g, f"distill {gin('herbal', 'fruit', 'floral')}", f"juniper {junipers('herbal', 'low')[0]}")
    keys = {a.split()[1] for a in g.legal_actions()}
    assert keys == {bots("Yuzu")[0], bots("Rose")[0], bots("Rosemary")[0]}
    evs = play(g, f"key {bots('Rose')[0]}", "use")
    assert g.players[0]["vp"]["key"] == 2 and of(evs, "distill")[0].data["effect_used"]


def test_key_must_be_chosen_even_without_effect():
    """Book: "If the conditions for using the Key Botanical's effect are not met or the player does not wish to use
    the effect, the Key Botanical's card effect will not be activated and the effect cannot be used thereafter.
    However, one Key Botanical must always be selected even if the effect is not activated." """
    area = [bots("Cardamom")[0], junipers()[0]]  # Cardamom: +3 VP only for a gin of 4+ botanicals
    g = prepared(new(), p0_gins=[gin("spice")], p0_area=area)
    play(g, f"distill {gin('spice')}", f"juniper {junipers()[0]}")
    assert g.legal_actions() == [f"key {bots('Cardamom')[0]}"]
    evs = play(g, f"key {bots('Cardamom')[0]}")
    d = of(evs, "distill")[0].data
    assert d["key"] == bots("Cardamom")[0] and not d["effect_used"] and g.players[0]["vp"]["key"] == 0
    g2 = herb_fruit_floral()
    play(g2, f"distill {gin('herbal', 'fruit', 'floral')}", f"juniper {junipers('herbal', 'low')[0]}")
    evs = play(g2, f"key {bots('Yuzu')[0]}", "skip")
    assert g2.players[0]["coins"] == 0 and not of(evs, "distill")[0].data["effect_used"]


def test_angelica_coins_equal_gins_distilled():
    """Book: "he chose his own angelica as the key botanical and used its effect to earn a number of coins equal to the
    number of gins he had distilled" """
    g = prepared(
        new(),
        p0_gins=[gin("herbal")],
        p0_distilled=[gin("fruit"), gin("spice")],
        p0_area=[bots("Angelica")[0], junipers()[0]],
        p0_coins=0,
    )
    play(g, f"distill {gin('herbal')}", f"juniper {junipers()[0]}", f"key {bots('Angelica')[0]}", "use")
    assert g.players[0]["coins"] == 3


def test_two_juniper_gin():
    """Book: "When distilling a gin made from two juniper berries, you must own two or more juniper berries in the
    botanical area. One of the juniper berry cards is selected and placed in the distillation area along with the gin
    card, and the victory point indicated on the gin card is awarded. Since no other botanicals are used, you do not
    get the Juniper Berry bonus, etc. Also, since we do not use any other botanicals other than juniper berries, you
    do not select any key botanicals." """
    double = gins()[0]
    one = prepared(new(), p0_gins=[double], p0_area=[junipers("herbal", "high")[0]])
    assert f"distill {double}" not in one.legal_actions()
    j1, j2 = junipers("herbal", "high")[0], junipers()[0]
    g = prepared(new(), p0_gins=[double], p0_area=[j1, j2, bots("Rose")[0]])
    evs = play(g, f"distill {double}", f"juniper {j1}")
    assert g.players[0]["vp"] == {"gin": 2, "juniper": 0, "key": 0, "brand": 0}
    assert g.players[0]["area"] == [j2, bots("Rose")[0]] and of(evs, "distill")[0].data["key"] is None
    assert g.decision.step == "action"


# --------------------------------------------------------------------------- borrowing


def borrowing(**kw):
    """Taka needs two herbs and owns one (Angelica); Taro (seat 1) owns Rosemary."""
    g = prepared(
        new(**kw),
        p0_gins=[gin("herbal", "herbal")],
        p0_area=[bots("Angelica")[0], junipers("herbal", "low")[0]],
        p1_area=[bots("Rosemary")[0]],
        p0_coins=0,
        p1_coins=0,
    )
    return g, f"distill {gin('herbal', 'herbal')} borrow herbal from 1"


def test_borrow_pays_the_lender_two_coins():
    """Book: "Taka declares that he wants to borrow the herb botanical, rosemary, from Taro who owns it (1), and Taro,
    who lent Rosemary to Taka, receives 2 coins from the stock (2)." """
    g, action = borrowing()
    assert action in g.legal_actions()
    evs = g.apply(action)
    assert g.players[1]["coins"] == 2 and g.players[0]["coins"] == 0
    pay = of(evs, "income")[0]
    assert (pay.player, pay.data["amount"], pay.data["source"], pay.data["borrower"]) == (1, 2, "lend", 0)
    assert g.decision.actor == 0  # the lender made no decision


def test_borrowed_card_stays_with_the_lender():
    """Book: "the botanical card will not be moved or lost from the botanical area of the player who lent it." """
    g, action = borrowing()
    play(g, action, f"juniper {junipers('herbal', 'low')[0]}", f"key {bots('Angelica')[0]}", "use")
    assert g.players[1]["area"] == [bots("Rosemary")[0]]
    assert g.players[0]["vp"] == {"gin": 5, "juniper": 1, "key": 0, "brand": 0}


def test_borrowed_card_is_never_the_key():
    """Book: "you cannot choose a borrowed botanical as your key botanical." """
    g, action = borrowing()
    play(g, action, f"juniper {junipers('herbal', 'low')[0]}")
    assert g.legal_actions() == [f"key {bots('Angelica')[0]}"]
    with pytest.raises(bl.IllegalAction, match="never a borrowed"):
        g.apply(f"key {bots('Rosemary')[0]}")


def test_only_one_botanical_borrowed():
    """Book: "Only one botanical can be borrowed." """
    g = prepared(
        new(),
        p0_gins=[gin("herbal", "fruit", "floral")],
        p0_area=[bots("Rose")[0], junipers()[0]],
        p1_area=[bots("Rosemary")[0], bots("Yuzu")[0]],
    )
    assert not [a for a in g.legal_actions() if a.startswith("distill")]


def test_juniper_cannot_be_borrowed():
    """Book: "You cannot borrow Juniper Berries" """
    g = prepared(new(), p0_gins=[gin("herbal")], p0_area=[bots("Rosemary")[0]], p1_area=[junipers()[0]])
    assert not [a for a in g.legal_actions() if a.startswith("distill")]


def test_borrow_own_type_only_under_any_time():
    """Book: "You can even borrow your own type of botanical card." Ours: variant borrow = any_time (the default
    only_if_short borrows only what you lack)."""
    own = dict(p0_gins=[gin("herbal")], p0_area=[bots("Mint")[0], junipers()[0]], p1_area=[bots("Rosemary")[0]])
    g = prepared(new(), **own)
    assert f"distill {gin('herbal')} borrow herbal from 1" not in g.legal_actions()
    g = prepared(new(borrow="any_time"), **own)
    assert f"distill {gin('herbal')} borrow herbal from 1" in g.legal_actions()


def test_no_borrow_that_leaves_no_key():
    """Ours: a gin whose only botanical would be borrowed cannot be made (the book says "one Key Botanical must always
    be selected" and a borrowed card is never the key)."""
    g = prepared(new(), p0_gins=[gin("herbal")], p0_area=[junipers()[0]], p1_area=[bots("Rosemary")[0]])
    assert not [a for a in g.legal_actions() if a.startswith("distill")]


def test_lender_may_refuse_variant():
    """Ours (variant lender = may_refuse): the lender answers out of turn; a refusal costs the borrower no action."""
    g, action = borrowing(lender="may_refuse")
    g.apply(action)
    assert g.decision.actor == 1 and g.decision.interrupt == "lend" and g.decision.turn_owner == 0
    g.apply("refuse")
    assert g.decision.actor == 0 and g.actions_left == 2 and action not in g.legal_actions()
    assert g.players[1]["coins"] == 0


# --------------------------------------------------------------------------- bonus inspirations


def near(vp, seat=0, **kw):
    """Seat 0 at ``vp`` on the track with a floral gin (3 VP) and Rose (+2 VP as key) ready to distill."""
    return prepared(
        new(**kw),
        p0_vp=vp,
        p0_gins=[gin("floral")],
        p0_area=[bots("Rose")[0], junipers()[0]],
    )


def distill_rose(g):
    return play(g, f"distill {gin('floral')}", f"juniper {junipers()[0]}", f"key {bots('Rose')[0]}", "use")


def test_bonus_inspiration_past_ten_without_stopping_on_it():
    """Book: "when you exceed 10 or 20 points, you can perform one "INSPIRATION" action as a bonus action ... You do
    not have to stop exactly at the 10 or 20 square in order to perform this bonus action." """
    g = near(8)
    distill_rose(g)
    assert track(g, 0) == 13
    d = g.decision
    assert (d.step, d.interrupt, d.actor) == ("bonus", "threshold_bonus", 0)
    assert g.legal_actions() == ["inspire gin", "inspire brand", "decline"]
    g.apply("inspire brand")
    g.apply(g.legal_actions()[0])
    assert g.actions_left == 1 and g.decision.step == "action"  # the bonus is not one of the two actions


def test_bonus_only_the_first_time():
    """Book: "INSPIRATION can only be performed on this victory point track when each player first passes 10 or 20
    points. Even if a player passes the same victory point again due to some card effect or other, he/she cannot make
    another inspiration." """
    g = near(8)
    distill_rose(g)
    g.apply("decline")
    snap = g.snapshot()
    snap["players"][0]["vp"].update(gin=5, key=0)  # "passes the same victory point again"
    snap["players"][0]["gins"].append(gin("spice"))
    snap["players"][0]["area"] += [bots("Coriander")[0], junipers()[1]]
    g = restore(snap, "gin_crafters")
    play(g, f"distill {gin('spice')}", f"juniper {junipers()[1]}", f"key {bots('Coriander')[0]}", "use")
    assert track(g, 0) == 10 and g.decision.step != "bonus"
    assert g.players[0]["bonuses"] == [10]


def test_crossing_ten_and_twenty_at_once():
    """Book: "when you exceed 10 or 20 points" (each mark once). Ours (variant double_bonus): both bonuses by default,
    one under double_bonus = one."""
    g = near(9, end_vp=40)
    snap = g.snapshot()
    snap["players"][0]["gins"] = [gin("herbal", "fruit", "spice", "floral", "oriental")]
    snap["players"][0]["area"] += [bots("Yuzu")[0], bots("Rosemary")[0], bots("Pepper")[0], bots("Sansho")[0]]
    g = restore(snap, "gin_crafters")
    play(g, f"distill {gin('herbal', 'fruit', 'spice', 'floral', 'oriental')}", f"juniper {junipers()[0]}")
    play(g, f"key {bots('Rose')[0]}", "use")
    assert track(g, 0) == 21 and g.bonus_queue == [10, 20]
    g.apply("decline")
    assert g.decision.step == "bonus"
    g.apply("decline")
    assert g.decision.step == "action"


# --------------------------------------------------------------------------- game end


def end_table(trigger_seat=1, players=4, hands=None, **kw):
    """Seat ``trigger_seat`` (start player 0) one Rose gin away from 30."""
    return prepared(
        new(players=players, **kw),
        **(hands or {}),
        seat=trigger_seat,
        start=0,
        **{
            f"p{trigger_seat}_vp": 25,
            f"p{trigger_seat}_bonuses": [10, 20],
            f"p{trigger_seat}_gins": [gin("floral")],
            f"p{trigger_seat}_area": [bots("Rose")[0], junipers()[0]],
        },
    )


def finish_turn(g):
    while not g.is_over and g.decision.step != "action":
        g.apply(g.legal_actions()[-1])
    if not g.is_over:
        owner = g.turn_owner
        while not g.is_over and g.turn_owner == owner:
            g.apply("side business" if g.decision.step == "action" else g.legal_actions()[-1])


def test_end_signal_and_final_turns():
    """Book: "When the player whose turn has ended has more than 30 victory points, it is a signal of the game end.
    The game continues until the player to the right of the player with 30 points or more takes his or her turn, and
    the game ends." Ours: "30 or more" (variant end_at); this literal reading is final_turns = others_once."""
    g = end_table(trigger_seat=1, final_turns="others_once")
    evs = distill_rose(g)
    assert track(g, 1) == 30 and not of(evs, "end_trigger")
    evs = play(g, "side business")
    trig = of(evs, "end_trigger")[0]
    assert trig.player == 1 and trig.data["final_until"] == 0
    order = []
    while not g.is_over:
        order.append(g.turn_owner)
        finish_turn(g)
    assert list(dict.fromkeys(order)) == [2, 3, 0] and g.ended_by == "target"


def test_end_at_over_30_variant():
    """Book: "has more than 30 victory points" (variant end_at = over_30: 30 exactly is no signal)."""
    g = end_table(trigger_seat=1, end_at="over_30")
    distill_rose(g)
    evs = play(g, "side business")
    assert track(g, 1) == 30 and not of(evs, "end_trigger") and g.turn_owner == 2


def test_complete_round_variant():
    """Ours (final_turns = complete_round, a variant): play on until the start player's right-hand neighbour has
    played, so everyone has had the same number of turns."""
    g = end_table(trigger_seat=1, final_turns="complete_round")
    distill_rose(g)
    evs = play(g, "side business")
    assert of(evs, "end_trigger")[0].data["final_until"] == 3
    order = []
    while not g.is_over:
        order.append(g.turn_owner)
        finish_turn(g)
    assert list(dict.fromkeys(order)) == [2, 3]
    g = end_table(trigger_seat=3, final_turns="complete_round")
    distill_rose(g)
    g.apply("side business")
    assert g.is_over


def test_brand_cards_scored_at_the_end():
    """Book: "Each player gets a victory point for each brand card that fulfills the requirements in his or her hand
    and adds it to the victory point track." """
    never = next(b.id for b in CONTENT.brands.values() if b.condition == "never_borrowed")
    g = end_table(trigger_seat=1, players=2, hands={"p1_brands": [never], "p0_brands": []})
    distill_rose(g)
    g.apply("side business")
    finish_turn(g)
    assert g.is_over
    rows = {r.player: r for r in g.score_rows()}
    worth = dict(g.rules.brand_vp)["never_borrowed"]
    assert rows[1].parts["brand"] == worth and rows[1].score == 30 + worth
    scored = [e for e in g.log if e.kind == "brand_scored"]
    assert [(e.player, e.data["met"]) for e in scored] == [(1, True)] and g.visible_to(scored[0]) is None


def test_brand_numbers_come_from_the_ruleset():
    """Book: "victory points are awarded if the conditions on the card are met." Ours: the card's count and VP are
    the ruleset's brand_counts and brand_vp for its condition (the book lists no brand cards)."""
    never = next(b.id for b in CONTENT.brands.values() if b.condition == "never_borrowed")
    worth = {**dict(RULES.brand_vp), "never_borrowed": 7}
    g = end_table(trigger_seat=1, players=2, hands={"p1_brands": [never], "p0_brands": []}, brand_vp=worth)
    distill_rose(g)
    g.apply("side business")
    finish_turn(g)
    assert {r.player: r for r in g.score_rows()}[1].parts["brand"] == 7
    from bourbon_lab.games.gin_crafters import brands

    rich = next(b.id for b in CONTENT.brands.values() if b.condition == "coins")
    assert not brands.met(prepared(new(), p0_brands=[rich], p0_coins=7), 0, rich)
    counts = {**dict(RULES.brand_counts), "coins": 7}
    assert brands.met(prepared(new(brand_counts=counts), p0_brands=[rich], p0_coins=7), 0, rich)


def test_most_includes_ties():
    """Book: "When a brand card's terms and conditions say "most", assume that a tie also satisfies the terms and
    conditions." """
    most = next(b.id for b in CONTENT.brands.values() if b.condition == "most_gins")
    g = prepared(
        new(),
        p0_brands=[most],
        p1_brands=[],
        p0_distilled=[gin("herbal")],
        p1_distilled=[gin("fruit")],
    )
    from bourbon_lab.games.gin_crafters import brands

    assert brands.met(g, 0, most)
    g2 = prepared(new(), p0_brands=[most], p1_brands=[])
    assert not brands.met(g2, 0, most)  # ours: nobody is "most" with none


def test_tie_breaks():
    """Book: "In case of a tie, the winner is the player with the highest number of brand cards achieved. If they are
    also tied, the winner is the player furthest from the starting player." """
    g = prepared(new(players=3), start=1, p0_vp=10, p1_vp=10, p2_vp=10)
    rows = g.score_rows()  # mid-game: the standing (rank), nobody has won yet
    assert [r.player for r in rows if r.rank == 1] == [0]  # seat 0 is the last after start 1
    assert rows[0].tiebreak_names == ("brand cards met", "seats after the start player")
    snap = g.snapshot()
    snap["players"][2]["brands_met"] = 1
    rows = restore(snap, "gin_crafters").score_rows()
    assert [r.player for r in rows if r.rank == 1] == [2]


# --------------------------------------------------------------------------- errors and state


def test_illegal_action_leaves_state_unchanged():
    """Ours: an illegal action raises IllegalAction quoting the rule and changes nothing."""
    g = prepared(new(), p0_coins=0)
    before = json.dumps(g.snapshot(), sort_keys=True)
    for text in ("refresh botanical", "keep G01", "juniper J01", "distill G01", "use"):
        with pytest.raises(bl.IllegalAction):
            g.apply(text)
    with pytest.raises(bl.IllegalAction, match="not player 1"):
        g.apply("side business", player=1)
    assert json.dumps(g.snapshot(), sort_keys=True) == before


def test_unknown_verb_is_a_parse_error():
    """Ours: text that is no action at all is an ActionParseError naming the verbs."""
    with pytest.raises(bl.ActionParseError, match="verbs are"):
        new().apply("brew G01")


def test_same_seed_same_log():
    """Ours: the same seed and actions give the same log."""
    a, b = new(players=3, seed=9), new(players=3, seed=9)
    for _ in range(60):
        choice = a.legal_actions()[len(a.actions) % len(a.legal_actions())]
        a.apply(choice)
        b.apply(choice)
    assert [e.to_row() for e in a.log] == [e.to_row() for e in b.log]


# --------------------------------------------------------------------------- key botanical effects (ours)


def key_table(key_name, recipe, extra=(), **kw):
    """Seat 0 ready to distill a gin of ``recipe`` with ``key_name`` as its key, at the key step."""
    own = [bots(key_name)[0], *extra, junipers()[0]]
    g = prepared(new(), p0_gins=[gin(*recipe)], p0_area=own, **{"p0_coins": 0, **kw})
    play(g, f"distill {gin(*recipe)}", f"juniper {junipers()[0]}", f"key {bots(key_name)[0]}")
    return g


def test_chamomile_counts_florals_up_to_three():
    """Ours (botanicals.yaml): Chamomile, +1 VP per floral you own, at most 3. Book: "Each card describes the effect
    when used as a key botanical." """
    extra = [bots("Rose")[0], bots("Rose")[1], bots("Lavender")[0]]
    g = key_table("Chamomile", ("floral",), extra)
    g.apply("use")
    assert g.players[0]["vp"]["key"] == 3


def test_sencha_gives_one_more_action():
    """Ours: Sencha, one extra action this turn."""
    g = key_table("Sencha", ("oriental",))
    assert g.actions_left == 1
    g.apply("use")
    assert g.actions_left == 2 and g.decision.step == "action" and g.turn_owner == 0


def test_orange_takes_the_cheapest_botanical_free():
    """Ours: Orange, take the position-1 botanical free."""
    g = key_table("Orange", ("fruit",))
    first = g.market["botanical"][0]
    g.apply("use")
    assert first in g.players[0]["area"] and g.players[0]["coins"] == 0


def test_elderflower_buys_any_place_for_one_coin():
    """Ours: Elderflower, any market botanical for 1 coin (a choice of place)."""
    g = key_table("Elderflower", ("floral",), p0_coins=1)
    assert g.legal_actions() == ["use 1", "use 2", "use 3", "use 4", "skip"]
    card = g.market["botanical"][3]
    g.apply("use 4")
    assert card in g.players[0]["area"] and g.players[0]["coins"] == 0


def test_thyme_inspiration_comes_before_the_key_is_moved():
    """Ours: Thyme, a free Inspiration (gin) inside the distillation; the key moves once it is done."""
    g = key_table("Thyme", ("herbal",))
    g.apply("use")
    assert g.decision.step == "keep" and g.actions_left == 1
    evs = g.apply(g.legal_actions()[0])
    assert of(evs, "distill")[0].data["effect_used"] and bots("Thyme")[0] in g.players[0]["spent"]


def test_cherry_blossom_needs_a_floral_in_the_recipe():
    """Ours: Cherry blossom, +3 VP if this gin has a floral; otherwise its conditions are not met (book: "the Key
    Botanical's card effect will not be activated")."""
    g = key_table("Cherry blossom", ("oriental",))
    assert g.decision.step == "action" and g.players[0]["vp"]["key"] == 0
    g2 = key_table("Cherry blossom", ("floral", "oriental"), [bots("Rose")[0]])
    g2.apply("use")
    assert g2.players[0]["vp"]["key"] == 3
