"""Distilled: one test per rule of the book (seeds/001), each quoting it, through the public API.

Tables are dealt with ``bl.new_game`` and, where a rule needs a particular situation, prepared by
editing a snapshot and restoring it (``distilled_helpers.edit``).
"""

from __future__ import annotations

import json

import pytest
from distilled_helpers import clear, commit, edit, first_legal, fresh, give, pass_market, rules

import bourbon_lab as bl
from bourbon_lab.core import IllegalAction
from bourbon_lab.games.distilled import distill_odds
from bourbon_lab.games.distilled.content import content
from bourbon_lab.games.distilled.odds import matches


def spirit(snap, p, sid, recipe, cards, barrel, where="pending", flavours=(), rnd=None):
    """Put a spirit ``sid`` of ``cards`` (names) in seat ``p``'s pending list or warehouse."""
    ids = []
    for name in cards:
        snap["cards"].append(name)
        ids.append(len(snap["cards"]) - 1)
    snap["cards"].append(barrel)
    aged = content().recipes[recipe].aged
    snap["spirits"][sid] = {
        "owner": p,
        "recipe": recipe,
        "cards": ids,
        "barrel": len(snap["cards"]) - 1,
        "flavours": list(flavours),
        "round": snap["round"] if rnd is None else rnd,
        "aged": aged,
        "labelled": True,
    }
    snap[where][p].append(sid)


def to_sell(g, loads=None):
    pass_market(g)
    return commit(g, loads or {})


def play_round(g):
    """Everyone passes and skips; tastings of 0; the goal discard keeps the first goals."""
    r = g.round
    while not g.is_over and g.round == r:
        d = g.decision
        if d.group:
            for p in list(d.group):
                g.apply(g.legal_actions(p)[-1] if g.step == "goal" else "skip", player=p)
        elif g.step == "tasting":
            g.apply("tasting 0")
        else:
            g.apply("pass")
    return g


# --- the table


def test_seven_rounds_then_over():
    """'Over seven rounds, players acquire ingredients, recipes, items, and upgrades' ... 'Total Rounds 7'."""
    g = fresh(players=3, seed=4)
    rounds = []
    while not g.is_over:
        rounds.append(g.round)
        play_round(g)
    assert sorted(set(rounds)) == [1, 2, 3, 4, 5, 6, 7]
    assert g.ended_by == "rounds" and g.decision is None


def test_setup_starting_items_goals_awards_rows():
    """'Each player takes ... 1 starting Metal Barrel, 1 starting Glass Bottle (in storeroom).' 'Shuffle and deal 3
    distillery goal cards to each player (private ...)' 'Randomly select (players + 1) spirit awards' 'Lay out 4
    face-up cards from each deck to form the premium market.'"""
    g = bl.new_game(rules(), players=4, seed=2)
    v = g.view(None)
    assert all(sorted(n for _, n in s) == ["glass_bottle", "metal_barrel"] for s in v["storeroom"])
    assert len(v["awards"]) == 5
    assert all(len(row) == 4 and None not in row for row in v["rows"].values())
    assert "me" not in v and "goals" not in v
    assert len(g.view(1)["me"]["goals"]) == 3


def test_identity_is_a_hidden_simultaneous_choice():
    """'Deal 2 random distiller identities to each player ... Each player selects one, takes starting ingredients
    and money from its reverse side, takes their signature recipe label and signature ingredient'."""
    g = bl.new_game(rules(), players=3, seed=5)
    assert g.decision.step == "identity" and g.decision.group == (g.first, (g.first + 1) % 3, (g.first + 2) % 3)
    offered = g.view(2)["me"]["offered"]
    assert len(offered) == 2
    g.apply(f"identity {offered[1]}", player=2)
    assert g.view(2)["me"]["choice"] == offered[1]
    assert g.view(0)["me"]["choice"] is None and offered[1] not in json.dumps(g.view(0)["identity"])
    for p in list(g.decision.group):
        g.apply(g.legal_actions(p)[0], player=p)
    ident = content().identities[g.identity[2]]
    assert g.identity[2] == offered[1]
    assert g.money[2] == ident["money"] + (1 if ident["power"] == "money" else 0)
    pantry = [n for _, n in g.view(None)["pantry"][2]]
    assert ident["signature_ingredient"] in pantry


def test_first_player_passes_clockwise():
    """'Advance round marker; pass first player clockwise.'"""
    g = fresh(players=3, seed=6)
    first = g.first
    play_round(g)
    assert g.round == 2 and g.first == (first + 1) % 3 and g.decision.actor == g.first


def test_starting_recipes_known():
    """'Starting Recipes Known: Moonshine, Vodka, Signature'."""
    g = fresh()
    recipe = content().identities[g.identity[0]]["recipe"]
    assert g.known_recipes(0) == [recipe]  # Moonshine and Vodka are the fallbacks every player has


# --- the Market phase


def test_market_one_purchase_at_a_time_and_pass_is_final():
    """'players take turns purchasing one card or cube at a time' ... 'Pass – once you pass, you cannot buy more
    this round.'"""
    g = fresh(players=3, seed=1)
    a = g.decision.actor
    g.apply("basic grain")
    assert g.decision.actor == (a + 1) % 3
    g.apply("pass")
    g.apply("pass")
    assert g.decision.actor == a
    g.apply("pass")
    assert g.step == "distill"


def test_basic_buys_max_two_per_round():
    """'Basic market card (max 2 per round) – ingredients or items at printed cost.'"""
    g = fresh(players=2, seed=3)
    a = g.decision.actor
    g = edit(g, lambda s: s["identity"].__setitem__(a, "I01"))  # an identity without the extra-buy power
    g = edit(g, lambda s: s["money"].__setitem__(a, 20))
    other = 1 - a
    for _ in range(2):
        g.apply("basic grain")
        g.apply("pass") if g.decision.actor == other and not g.passed[other] else None
    assert g.decision.actor == a
    assert not any(x.startswith("basic") for x in g.legal_actions())
    with pytest.raises(IllegalAction, match="max 2 per round"):
        g.apply("basic grain")


def test_yeast_gives_one_money():
    """'Yeast: Immediately gain 1 money.'"""
    g = fresh(seed=2)
    a = g.decision.actor
    before = g.money[a]
    g.apply("basic yeast")
    assert g.money[a] == before - 1 + 1


def test_water_reveals_a_deck_card_to_buy_or_bottom():
    """'Water: Reveal top card of any market deck; may purchase it this turn or return to bottom.'"""
    g = fresh(seed=2)
    a = g.decision.actor
    g = edit(g, lambda s: s["money"].__setitem__(a, 30))
    g.apply("basic water")
    assert g.step == "reveal" and g.decision.actor == a
    top = g.decks["items"][-1]
    g.apply("reveal items")
    assert g.step == "revealed" and g.sub["card"] == top
    g.apply("bottom revealed")
    assert g.decks["items"][0] == top and g.step == "market"
    g.apply("pass") if g.decision.actor != a else None
    g.apply("basic water")
    top = g.decks["ingredients"][-1]
    g.apply("reveal ingredients")
    g.apply("take revealed")
    assert top in g.pantry[a]


def test_premium_row_slides_right_and_refills():
    """'Premium market card – ingredient, item, or distillery upgrade at printed cost. Refill by sliding right and
    drawing from deck.'"""
    g = fresh(seed=2)
    a = g.decision.actor
    g = edit(g, lambda s: s["money"].__setitem__(a, 30))
    row = list(g.rows["ingredients"])
    top = g.decks["ingredients"][-1]
    g.apply("buy ingredients 3")
    assert g.rows["ingredients"] == [top, row[0], row[1], row[3]]
    assert row[2] in g.pantry[a]
    assert g.money[a] == 30 - g.card(row[2]).cost


@pytest.mark.parametrize("players,gone", [(3, 1), (2, 2)])
def test_after_the_market_rightmost_cards_go_to_the_truck(players, gone):
    """'After all pass, discard the rightmost card from each premium row to the truck (2 rightmost in 2-player).
    Slide remaining right and refill.'"""
    g = fresh(players=players, seed=2)
    rows = {k: list(v) for k, v in g.rows.items()}
    pass_market(g)
    assert sorted(g.truck) == sorted(c for r in rows.values() for c in r[-gone:])
    for k, r in rows.items():
        assert g.rows[k][gone:] == r[:-gone]


def test_cube_pays_the_tier_and_unlocks():
    """'Recipe cube (bronze/silver/gold) – pays the tier cost, places on clipboard to unlock a recipe.'"""
    g = fresh(seed=2)
    a = g.decision.actor
    g = edit(g, lambda s: s["money"].__setitem__(a, 10))
    g.apply("cube bourbon")
    assert g.money[a] == 10 - g.rules.cube_cost["silver"]
    assert "bourbon" in g.known_recipes(a)
    assert "cube bourbon" not in g.legal_actions(a)


def test_fourth_upgrade_discards_one():
    """'Distillery upgrade | Varies | Max 3 on your board; may discard old ones'."""
    g = fresh(seed=2)
    a = g.decision.actor

    def prep(s):
        s["money"][a] = 30
        for _ in range(3):
            give(s, a, "heritage_sign", "upgrades")

    g = edit(g, prep)
    g.apply("buy upgrades 1")
    assert g.step == "discard_upgrade" and len(g.upgrades[a]) == 4
    g.apply(first_legal(g, "discard"))
    assert len(g.upgrades[a]) == 3 and g.step == "market"


# --- the Distill phase


def test_distill_is_a_hidden_commit_group():
    """'2. Distill Phase — All players simultaneously.'"""
    g = pass_market(fresh(players=3, seed=2))
    assert g.step == "distill" and len(g.decision.group) == 3
    p = g.decision.group[-1]
    load = first_legal_for(g, p, "load")
    g.apply(load, player=p)
    assert g.view(p)["me"]["work"]["slots"] != {"yeast": [], "sugar": [], "water": []}
    assert all(g.view(q)["me"]["work"]["slots"] == {"yeast": [], "sugar": [], "water": []} for q in range(3) if q != p)
    assert g.view(None)["pantry"] == pass_market(fresh(players=3, seed=2)).view(None)["pantry"]


def test_a_rivals_face_down_washback_is_re_dealt_for_a_searching_bot():
    """'2. Distill Phase — All players simultaneously.' A committed washback is face down until the reveal.

    A bot searching from its own view must not learn what a rival loaded: determinise re-loads
    committed rivals at random (they stay committed) and leaves the bot's own washback and view alone.
    """
    import random

    g = pass_market(fresh(players=3, seed=2))
    me, rival = g.decision.group[0], g.decision.group[-1]
    for _ in range(3):
        g.apply(first_legal_for(g, rival, "load"), player=rival)
    g.apply("skip", player=rival)
    g.apply(first_legal_for(g, me, "load"), player=me)
    truth = json.dumps(g.work[str(rival)], sort_keys=True)
    worlds = [g.observe(me).determinise(random.Random(seed)) for seed in range(12)]
    assert all(w.view(me) == g.view(me) for w in worlds)
    assert all(rival not in w.group and w.work[str(me)] == g.work[str(me)] for w in worlds)
    assert {json.dumps(w.work[str(rival)], sort_keys=True) for w in worlds} - {truth}, "every world kept the real load"


def first_legal_for(g, p, prefix):
    return next(a for a in g.legal_actions(p) if a.startswith(prefix))


def test_one_trade_for_a_basic_of_equal_or_lesser_cost():
    """'First, you may trade exactly 1 ingredient/item card for a basic ingredient of equal or lesser cost.'"""
    g = fresh(players=2, seed=2)

    def prep(s):
        clear(s, 0)
        give(s, 0, "yeast")
        give(s, 0, "rye")

    g = pass_market(edit(g, prep))
    legal = g.legal_actions(0)
    yeast, rye = g.pantry[0]
    assert f"trade c{yeast} water" in legal and f"trade c{yeast} grain" not in legal  # yeast costs 1, grain 2
    assert f"trade c{rye} plant" in legal
    g.apply(f"trade c{rye} plant", player=0)
    assert not any(a.startswith("trade") for a in g.legal_actions(0))


def test_each_slot_needs_a_card():
    """'Each slot needs at least 1 card to distill.'"""
    g = fresh(players=2, seed=2)

    def prep(s):
        give(s, 0, "grain")
        give(s, 0, "yeast")

    g = pass_market(edit(g, prep))
    w = g.work["0"]
    assert "distill" not in g.legal_actions(0)
    yeast = next(t for t in w["pantry"] if g.token_card(0, t).name == "yeast")
    grain = next(t for t in w["pantry"] if g.token_card(0, t).kind == "sugar")
    g.apply(f"load {yeast} yeast", player=0)
    g.apply(f"load {grain} sugar", player=0)
    assert "distill" not in g.legal_actions(0)
    with pytest.raises(IllegalAction, match="Each slot needs at least 1 card"):
        g.apply("distill", player=0)


def test_alcohol_per_sugar_shuffle_and_cut():
    """'Add 1 alcohol card per card in the sugar slot. Shuffle all washback cards into a face-down spirit stack.
    Remove and reveal the top and bottom cards (return to pantry).'"""
    g = fresh(players=2, seed=2)
    ids = {}

    def prep(s):
        clear(s, 0)
        s["storeroom"][0] = [give(s, 0, "metal_barrel", "storeroom"), give(s, 0, "glass_bottle", "storeroom")]
        s["pantry"][0] = []
        for name in ("yeast", "grain", "grain", "water"):
            ids.setdefault(name, []).append(give(s, 0, name))

    g = pass_market(edit(g, prep))
    y, (g1, g2), w = ids["yeast"][0], ids["grain"], ids["water"][0]
    commit(g, {0: [f"c{y} yeast", f"c{g1} sugar", f"c{g2} sugar", f"c{w} water"]})
    d = next(e for e in g.log if e.kind == "distill")
    assert d.data["alcohol"] == 2
    assert len(d.data["cut"]) == 2 and len(d.data["stack"]) == 4
    assert sorted(g.names(g.pantry[0])) == sorted(d.data["cut"])


def test_signature_ingredient_returns_from_the_cut():
    """'Signature ingredient power: If removed during distillation (top/bottom cut), it returns to the spirit stack
    instead of your pantry.'"""
    sig = content().identities["I01"]["signature_ingredient"]
    stacks = set()
    for seed in range(12):
        g = fresh(players=2, seed=seed)

        def prep(s):
            s["identity"][0] = "I01"
            clear(s, 0)
            give(s, 0, "metal_barrel", "storeroom")
            for name in ("yeast", sig, "water"):
                give(s, 0, name)

        g = pass_market(edit(g, prep))
        y, sg, w = g.pantry[0]
        commit(g, {0: [f"c{y} yeast", f"c{sg} sugar", f"c{w} water"]})
        d = next(e for e in g.log if e.kind == "distill")
        assert sig in d.data["stack"] and sig not in g.names(g.pantry[0])
        stacks.add(bool(d.data["returned"]))
    assert stacks == {True, False}  # sometimes it was cut and came back


def test_recipe_needs_sugar_minimum_and_forbidden_sugars():
    """'Recipe matching: After removing top and bottom cards, the remaining stack must meet the recipe's sugar type
    and minimum quantity. Forbidden sugar types invalidate the recipe.'"""
    c = content()
    grains = [c.cards["grain"]] * 2  # bourbon needs 2 grain (recipes.yaml, ours)
    assert matches(c, grains, ["bourbon"]) == ["bourbon"]
    assert matches(c, grains[:1], ["bourbon"]) == []
    assert matches(c, [*grains, c.cards["fruit"]], ["bourbon", "rye_whiskey"]) == ["rye_whiskey"]


def test_no_match_defaults_to_vodka_or_moonshine():
    """'If it matches none specifically, it defaults to Vodka (if any sugar remains) or Moonshine (no sugars).'"""
    odds = distill_odds({"yeast": ["yeast"], "sugar": ["grain"], "water": ["water"]}, known=[])
    assert set(odds) == {"vodka", "moonshine"} and odds["vodka"] == pytest.approx(0.5)  # 4 cards, grain kept in 3/6
    two = {"yeast": ["yeast"], "sugar": ["grain", "grain"], "water": ["water"]}  # 6 cards, 15 cuts
    assert distill_odds(two, known=["bourbon"]) == {  # both grains kept in 6, one in 8, none in 1
        "bourbon": pytest.approx(6 / 15, abs=1e-4),
        "vodka": pytest.approx(8 / 15, abs=1e-4),
        "moonshine": pytest.approx(1 / 15, abs=1e-4),
    }


def test_several_matches_the_player_chooses():
    """'If the remaining stack matches multiple recipes, choose one.'"""
    g = fresh(players=2, seed=2)

    def prep(s):
        s["identity"][0] = "I01"
        s["known"][0] = ["bourbon", "single_malt"]
        clear(s, 0)
        give(s, 0, "new_oak", "storeroom")
        give(s, 0, "spring_water")
        give(s, 0, "champagne_yeast")
        for _ in range(6):
            give(s, 0, "grain")

    g = pass_market(edit(g, prep))
    ids = g.pantry[0]
    commit(g, {0: [f"c{ids[0]} water", f"c{ids[1]} yeast"] + [f"c{c} sugar" for c in ids[2:]]})
    assert g.step == "claim" and g.decision.actor == 0
    claims = {a.split()[1] for a in g.legal_actions()}
    assert {"bourbon", "single_malt"} <= claims
    g.apply(first_legal(g, "claim single_malt"))
    claimed = next(e for e in g.log if e.kind == "spirit_claimed")
    assert claimed.data["recipe"] == "single_malt" and claimed.data["barrel"] == "new_oak"


def test_signature_recipe_once_per_game():
    """'Signature recipes: Can only be distilled once per game. Require the signature ingredient or a premium
    ingredient of the same sugar type.'"""
    c = content()
    recipe = c.identities["I01"]["recipe"]
    assert matches(c, [c.cards["grain"]] * 3, [recipe]) == []
    assert matches(c, [c.cards["grain"], c.cards["rye"]], [recipe]) == [recipe]
    g = edit(fresh(), lambda s: (s["identity"].__setitem__(0, "I01"), s["signature_done"].__setitem__(0, True)))
    assert recipe not in g.known_recipes(0)


# --- the Sell phase


def _vodka_table(**changes):
    g = fresh(players=2, seed=2, **changes)
    return edit(g, lambda s: spirit(s, 0, "s90", "vodka", ["grain", "rye", "alcohol"], "metal_barrel"))


def test_sale_pays_card_values_and_scores_card_and_recipe_sp():
    """'Collect money equal to total sell value on all cards. Score SP from cards + recipe + aged spirit flavor bonus
    (if aged).'"""
    g = to_sell(_vodka_table())
    assert g.decision.actor == 0 and g.step == "sell"
    money = g.money[0]
    g.apply(first_legal(g, "sell s90"))
    assert g.money[0] == money + 1 + 2 + 1  # grain, rye, alcohol; metal barrel and glass bottle are worth 0
    assert g.sp[0]["sale_cards"] == 1 and g.sp[0]["sale_recipe"] == 2 and g.sp[0]["sale_flavour"] == 0


def test_label_goes_on_an_empty_space_and_pays_its_bonus():
    """'Place the spirit label on an empty label bonus space on your distillery board; gain that bonus immediately.'
    'Take 5 money'."""
    g = to_sell(_vodka_table())
    g.apply(first_legal(g, "sell s90"))
    assert g.step == "label"
    money = g.money[0]
    g.apply("label 1")
    assert g.spaces[0][0] == "vodka" and g.money[0] == money + 5
    assert "label 1" not in g._legal_label(0)


def test_starting_items_return_to_the_storeroom_and_premium_bottles_to_the_display():
    """'Return starting items to storeroom; display premium bottles for collection.'"""
    g = _vodka_table()
    g = edit(g, lambda s: (clear(s, 0), give(s, 0, "island_bottle", "storeroom")))
    g = to_sell(g)
    g.apply(first_legal(g, "sell s90"))
    assert g.names(g.display[0]) == ["island_bottle"] and g.names(g.storeroom[0]) == ["metal_barrel"]


def test_unaged_spirits_must_be_sold_now():
    """'Non-aged spirits (Moonshine, Vodka) must be sold immediately.'"""
    g = to_sell(_vodka_table())
    assert "pass" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="must be sold immediately"):
        g.apply("pass")


def test_aged_spirits_age_a_round_before_selling():
    """'Aged spirits must age at least 1 round before selling.'"""
    g = fresh(players=2, seed=2)
    g = edit(g, lambda s: spirit(s, 0, "s91", "bourbon", ["grain"] * 3, "new_oak"))
    g = to_sell(g)
    assert not any("s91" in a for a in g.legal_actions(0))
    assert "s91" in g.warehouse[0] or "s91" in g.pending[0]


@pytest.mark.parametrize("flavours,bonus", [(1, 1), (2, 3), (3, 6), (4, 10)])
def test_flavour_bonus_table(flavours, bonus):
    """'Aged spirit flavor bonus: When selling an aged spirit, gain bonus SP based on number of flavor cards:
    1 flavor = 1 SP, 2 = 3 SP, 3 = 6 SP, 4 = 10 SP. Non-aged spirits never receive this bonus.'"""
    g = fresh(players=2, seed=2)
    g = edit(g, lambda s: spirit(s, 0, "s92", "bourbon", ["grain"] * 3, "new_oak", "warehouse", ["flat"] * flavours))
    g = to_sell(g)
    g.apply(first_legal(g, "sell s92"))
    assert g.sp[0]["sale_flavour"] == bonus
    assert g.sp[0]["sale_recipe"] == g.rules.recipe_sp["silver"]


# --- the Age phase


def test_new_aged_spirit_ages_with_a_hidden_flavour_card():
    """'For newly distilled aged spirits: place spirit stack face-down in a warehouse space, barrel on top, label on
    top, then draw 1 face-down flavor card to the bottom of the stack. For spirits already aging: draw 1 additional
    face-down flavor card to the bottom.'"""
    g = fresh(players=2, seed=2)

    def prep(s):
        spirit(s, 0, "s93", "bourbon", ["grain"] * 3, "new_oak")
        spirit(s, 0, "s94", "brandy", ["fruit"] * 3, "new_oak", "warehouse", ["oak"], rnd=0)
        s["storeroom"][0] = []  # no bottle: nothing can be sold this round

    g = play_round(edit(g, prep))
    assert g.warehouse[0] == ["s94", "s93"]
    assert len(g.spirits["s93"]["flavours"]) == 1 and len(g.spirits["s94"]["flavours"]) == 2
    seen = g.view(0)["warehouse"][0]
    assert [s["flavours"] for s in seen] == [2, 1]
    names = {f for s in g.spirits.values() for f in s["flavours"]}
    assert not any(f'"{f}"' in json.dumps(g.view(0)) for f in names)  # nobody sees them, the owner included


def test_full_warehouse_forces_a_sale():
    """'Warehouse capacity: Maximum 2 spirits aging at once. If full and you must age a new spirit, sell one from
    warehouse first.'"""
    g = fresh(players=2, seed=2)

    def prep(s):
        spirit(s, 0, "s95", "bourbon", ["grain"] * 3, "new_oak")
        spirit(s, 0, "s96", "brandy", ["fruit"] * 3, "new_oak", "warehouse", ["oak"], rnd=0)
        spirit(s, 0, "s97", "brandy", ["fruit"] * 3, "new_oak", "warehouse", ["oak"], rnd=0)

    g = to_sell(edit(g, prep))
    while g.step != "make_room":
        g.apply("pass")
    assert g.decision.actor == 0 and all(a.startswith("sell s9") for a in g.legal_actions())
    g.apply(first_legal(g, "sell s96"))
    while g.step in ("label", "bonus", "give"):
        g.apply(g.legal_actions()[0])
    assert "s95" in g.warehouse[0] and "s96" not in g.warehouse[0] and len(g.warehouse[0]) == 2


def test_round_seven_aged_spirit_must_age_and_scores_at_the_end():
    """'Final round aging: If you distill an aged spirit in round 7, you must age it (cannot sell). Score it from
    warehouse at endgame.'"""
    g = fresh(players=2, seed=2)
    g = edit(g, lambda s: (s.__setitem__("round", 7), spirit(s, 0, "s98", "bourbon", ["grain"] * 3, "new_oak")))
    g = to_sell(g)
    assert not any("s98" in a for a in g.legal_actions(0))
    play_round(g)
    assert g.is_over
    e = next(e for e in g.log if e.kind == "unsold_spirit")
    assert e.data["spirit"] == "s98" and e.data["sp"] == g.rules.recipe_sp["silver"] + 1  # 1 flavour card


# --- the end of a round


def test_award_tie_splits_rounding_up():
    """'End of Round: Check spirit awards (divide SP if tied, rounding up).' 'first to fulfill scores full; ties
    split, rounding up'."""
    g = fresh(players=2, seed=2)

    def prep(s):
        s["awards"] = ["A01"]  # sell 3 spirits: 3 SP
        sale = {"recipe": "vodka", "tier": "known", "sugar": None, "aged": False, "flavours": 0, "money": 1,
                "sp": 1, "premium": 0, "wood": False, "round": 1}  # fmt: skip
        s["sales"] = [[sale] * 3, [sale] * 4]

    g = play_round(edit(g, prep))
    award = next(e for e in g.log if e.kind == "award")
    assert award.data["players"] == [0, 1] and award.data["sp"] == 2
    assert g.sp[0]["awards"] == 2 and g.sp[1]["awards"] == 2


def test_tasting_only_without_a_sale():
    """'Tastings: Only available if you did not sell a spirit this round. Spend up to 4 SP to gain that much
    money.'"""
    g = _vodka_table()
    g = edit(g, lambda s: (s["sp"][0].__setitem__("awards", 9), s["sp"][1].__setitem__("awards", 9)))
    g = to_sell(g)
    g.apply(first_legal(g, "sell s90"))
    while g.step != "tasting":
        g.apply(g.legal_actions()[0])
    assert g.decision.actor == 1
    assert g.legal_actions() == [f"tasting {k}" for k in range(5)]
    money = g.money[1]
    g.apply("tasting 4")
    assert g.money[1] == money + 4 and g.sp[1]["tasting"] == -4
    assert g.step != "tasting"  # seat 0 sold, so no tasting for them


def test_goal_discard_after_round_three():
    """'After round 3, discard 1 of your 3 distillery goals.' 'Discard Goal: After round 3 (keep 2 of 3)'."""
    g = fresh(players=3, seed=2)
    for _ in range(2):
        play_round(g)
    while g.step != "goal":
        g.apply("tasting 0" if g.step == "tasting" else "pass" if not g.group else "skip")
    assert g.round == 3 and len(g.decision.group) == 3
    drop = g.goals[1][0]
    g.apply(f"discard {drop}", player=1)
    assert drop not in json.dumps(g.view(0)) and g.view(1)["me"]["choice"] == drop
    for p in list(g.decision.group):
        g.apply(g.legal_actions(p)[0], player=p)
    assert [len(x) for x in g.goals] == [2, 2, 2] and drop in g.discarded_goals[1]
    assert g.round == 4


# --- the end of the game


def _last_round(g, prep):
    g = edit(g, lambda s: (s.__setitem__("round", 7), prep(s)))
    while not g.is_over:
        play_round(g)
    return g


def test_endgame_sources():
    """'Endgame scoring (after round 7): SP from unsold spirits aging in warehouse (all card SP + recipe SP + 1 SP
    per flavor card). Bottle collection ... (1 region = 0; 2 = 2 SP; 3 = 5 SP). Distillery upgrade SP values.
    Distillery goal SP ... Money: 1 SP per 5 money remaining (rounded down).'"""
    g = fresh(players=2, seed=2)

    def prep(s):
        spirit(s, 0, "s99", "bourbon", ["rye", "grain", "grain"], "charred_oak", "warehouse", ["oak"], rnd=5)
        s["storeroom"][0] = []
        give(s, 0, "island_bottle", "display")
        give(s, 0, "lowland_bottle", "display")
        give(s, 0, "heritage_sign", "upgrades")
        s["money"][0] = 14
        s["goals"] = [["G16"], ["G01"]]  # most spirits in the warehouse / most grain labels

    g = _last_round(g, prep)
    parts = g.score_rows()[0].parts
    assert parts["warehouse"] == 1 + 1 + 5 + 2  # rye, charred oak, bourbon, 2 flavour cards
    assert parts["bottles"] == 2 and parts["upgrades"] == content().cards["heritage_sign"].sp and parts["money"] == 2
    assert parts["goals"] == 4
    assert g.score_rows()[1].parts["goals"] == 0  # 'cannot be achieved by scoring zero'


def test_goal_labels_in_warehouse_count():
    """'Distillery goals: Compared relative to other players. Cannot be achieved by scoring zero. Labels in
    warehouse count.'"""
    g = fresh(players=2, seed=2)

    def prep(s):
        spirit(s, 1, "s80", "bourbon", ["grain"] * 3, "new_oak", "warehouse", ["oak"], rnd=5)
        s["goals"] = [["G01"], ["G01"]]

    g = _last_round(g, prep)
    assert g.score_rows()[1].parts["goals"] == 5 and g.score_rows()[0].parts["goals"] == 0


def test_tiebreak_money_then_shared():
    """'Highest SP wins. Tiebreaker: most money remaining. Further tie: shared victory.'"""
    g = fresh(players=2, seed=2)
    g = _last_round(
        g, lambda s: (s["money"].__setitem__(0, 4), s["money"].__setitem__(1, 3), s.__setitem__("goals", [[], []]))
    )
    rows = g.score_rows()
    assert rows[0].score == rows[1].score and rows[0].won and not rows[1].won
    g = fresh(players=2, seed=2)
    g = _last_round(
        g, lambda s: (s["money"].__setitem__(0, 4), s["money"].__setitem__(1, 4), s.__setitem__("goals", [[], []]))
    )
    assert all(r.won for r in g.score_rows())


def test_ingredients_and_alcohol_are_unlimited():
    """'Running out of cards: Basic ingredients and alcohol cards are considered unlimited; use stand-ins if
    necessary.'"""
    g = fresh(players=2, seed=2)
    assert "grain" not in g.basic_stock and "alcohol" not in g.basic_stock
    g = edit(g, lambda s: (s["money"].__setitem__(g.decision.actor, 99), s["basic_stock"].update(metal_barrel=0)))
    assert "basic grain" in g.legal_actions() and "basic metal_barrel" not in g.legal_actions()


def test_illegal_action_leaves_the_table_unchanged():
    """'Pass – once you pass, you cannot buy more this round.'"""
    g = fresh(players=2, seed=2)
    before = json.dumps(g.snapshot(), sort_keys=True)
    with pytest.raises(IllegalAction):
        g.apply("sell s1 c1")
    assert json.dumps(g.snapshot(), sort_keys=True) == before


# --- more of the book's rules


def test_labels_per_player_and_first_player_random():
    """'Set out spirit labels matching the tasting flight plus Moonshine and Vodka (2 per player for
    Moonshine/Vodka, 1 per player for others).' 'Choose first player randomly.'"""
    g = bl.new_game(rules(), players=3, seed=1)
    assert g.label_supply["vodka"] == 6 and g.label_supply["moonshine"] == 6 and g.label_supply["bourbon"] == 3
    assert len(g.label_supply) == 2 + 9  # flight A: 9 spirits, 3 per sugar (recipes.yaml, ours)
    assert len({bl.new_game(rules(), players=4, seed=s).first for s in range(12)}) > 1


def test_alcohol_goes_in_the_yeast_or_water_slot():
    """'Alcohol cards from previous distillations can go in yeast or water slots.'"""
    g = pass_market(edit(fresh(), lambda s: (clear(s, 0), give(s, 0, "alcohol"))))
    (a,) = g.pantry[0]
    loads = {x for x in g.legal_actions(0) if x.startswith("load")}
    assert loads == {f"load c{a} yeast", f"load c{a} water"}


def test_aged_recipe_needs_a_wood_barrel():
    """'Add an appropriate barrel and claim a matching spirit label.' (ours: an aged spirit needs wood)"""
    g = fresh(players=2, seed=2)

    def prep(s):
        s["known"][0] = ["bourbon"]
        clear(s, 0)
        give(s, 0, "metal_barrel", "storeroom")
        for name in ("yeast", "water", "grain", "grain", "grain", "grain", "grain", "grain"):
            give(s, 0, name)

    g = pass_market(edit(g, prep))
    ids = g.pantry[0]
    commit(g, {0: [f"c{ids[0]} yeast", f"c{ids[1]} water"] + [f"c{c} sugar" for c in ids[2:]]})
    claimed = next(e for e in g.log if e.kind == "spirit_claimed")
    assert claimed.data["recipe"] == "vodka" and claimed.data["barrel"] == "metal_barrel"


def test_basic_bonus_only_on_purchase():
    """'Basic Card Bonuses (on purchase only) • Yeast: Immediately gain 1 money.'"""
    g = to_sell(_vodka_table())
    g.apply(first_legal(g, "sell s90"))
    g.apply("label 4")  # a free card from either market
    money = g.money[0]
    g.apply("take basic yeast")
    assert g.money[0] == money and "yeast" in g.names(g.pantry[0])


@pytest.mark.parametrize(
    "space,choice,check",
    [
        (2, None, lambda g: "golden_rye" in g.names(g.pantry[0])),
        (3, "take ingredients 1", lambda g: g.step != "bonus"),
        (5, "take cube bourbon", lambda g: "bourbon" in g.known[0]),
    ],
)
def test_label_bonuses(space, choice, check):
    """'Spirit Label Bonuses (one-time, when sold) • Take 5 money • Claim signature ingredient • Free card from
    premium market • Free card from either market • Free recipe cube of any tier • Discard to respective piles,
    take any card from truck • Free card from premium market'."""
    g = _vodka_table()
    g = edit(g, lambda s: (s["identity"].__setitem__(0, "I01"), s["pantry"].__setitem__(0, [])))
    g = to_sell(g)
    g.apply(first_legal(g, "sell s90"))
    g.apply(f"label {space}")
    if choice:
        events = g.apply(choice)
        assert not [e for e in events if e.kind == "income" and e.player == 0 and e.data["amount"] < 0]  # free
    assert check(g)


@pytest.mark.parametrize("held", [False, True])
def test_the_signature_bonus_names_the_ingredient_it_gives(held):
    """'Claim signature ingredient': the event (and its sentence) names the card that went to the pantry;
    while the player holds it already there is nothing to claim (ours) and the event names none."""
    g = _vodka_table()
    sig = content().identities["I01"]["signature_ingredient"]
    g = edit(g, lambda s: (s["identity"].__setitem__(0, "I01"), s["pantry"].__setitem__(0, [])))
    if held:
        g = edit(g, lambda s: give(s, 0, sig))
    g = to_sell(g)
    g.apply(first_legal(g, "sell s90"))
    events = g.apply("label 2")
    bonus = next(e for e in events if e.kind == "label_bonus")
    assert bonus.data["bonus"] == "signature" and bonus.data["card"] == (None if held else sig)
    assert g.names(g.pantry[0]).count(sig) == 1
    sentence = bl.get_game("distilled").narrate(bonus, None)
    assert sentence.endswith("signature.") if held else sentence.endswith(f": {sig.replace('_', ' ')}.")


def test_award_goes_to_the_first_only():
    """'Spirit awards: Bonus SP for meeting objectives (first to fulfill scores full; ...)'."""
    g = fresh(players=2, seed=2)
    sale = {"recipe": "vodka", "tier": "known", "sugar": None, "aged": False, "flavours": 0, "money": 1, "sp": 1,
            "premium": 0, "wood": False, "round": 1}  # fmt: skip
    g = play_round(edit(g, lambda s: (s.__setitem__("awards", ["A01"]), s["sales"].__setitem__(0, [sale] * 3))))
    assert g.sp[0]["awards"] == 3
    g = play_round(edit(g, lambda s: s["sales"].__setitem__(1, [sale] * 3)))
    assert g.sp[1]["awards"] == 0 and len([e for e in g.log if e.kind == "award"]) == 1


@pytest.mark.parametrize("regions,sp", [(1, 0), (2, 2), (3, 5)])
def test_bottle_collection(regions, sp):
    """'Bottle collection: SP for displaying bottles from multiple regions (1 region = 0; 2 = 2 SP; 3 = 5 SP).'"""
    bottles = ["island_bottle", "lowland_bottle", "highland_bottle"][:regions]

    def prep(s):
        for b in bottles:
            give(s, 0, b, "display")
        s["goals"] = [[], []]

    g = _last_round(fresh(players=2, seed=2), prep)
    assert g.sp[0]["bottles"] == sp
