"""One test per rule of the Bourbonomics rulebook (seeds/000_6783f92528853e6f.txt).

Each test quotes the sentence it checks in its docstring ("Book: ..."); where the book is silent
the test follows docs/rules-decisions.md and quotes that instead ("Decision ...").
"""

from __future__ import annotations

import pytest
from helpers import (
    add_barrel,
    card,
    events,
    first_open_card,
    give_card,
    legal_texts,
    new_game,
    open_cards,
    play_to,
    refresh,
    set_table,
    to_play,
)

import bourbon_lab as bl
from bourbon_lab.games.bourbonomics.content import GRAINS, QUALITIES
from bourbon_lab.games.bourbonomics.state import Barrel

RULES = bl.Ruleset.default()
OPEN = open_cards(RULES)


def at_play(players=4, seed=7, **kw):
    """A game at the first Play turn of round 1; returns (game, seat of the current player)."""
    g = new_game(players, seed, **kw)
    to_play(g)
    return g, g.current_player


def kinds(evs):
    return [e.kind for e in evs]


def start_bills_then_stop(g):
    """From a Collect 'bills' step: return the bills and stop rolling, landing on 'claim'."""
    if g.step == "bills":
        g.apply("return bills" if g.revealed_bills else "skip bills")
    if g.step == "keep":
        g.apply("roll")
    if g.step == "reroll":
        g.apply("stop rolling")
    assert g.step == "claim"


# --------------------------------------------------------------------------- players and setup


def test_two_to_six_players():
    """Book: "Players: 2–6" """
    for n in range(2, 7):
        g = new_game(n, seed=1)
        assert len(g.players) == n
    for n in (1, 7):
        with pytest.raises(bl.SetupError):
            new_game(n, seed=1)


def test_start_capital_prestige_empty_warehouse_and_rickhouse():
    """Book: "Start with 5 Capital, 0 Prestige, an empty warehouse, and an empty rickhouse." """
    g = new_game(4, seed=3)
    for p in g.players:
        assert p.capital == 5
        assert p.warehouse == []
        assert p.barrels == []
        assert p.completed == []
    for row in g.scores():
        assert row["prestige"] == 0
        assert row["score"] == 5


def test_turn_order_most_capital_first():
    """Book: "Each round, players go in order of most Capital first." """
    g, _ = at_play(4, seed=7)
    for seat, cap in zip(range(4), (3, 9, 6, 1)):
        g.players[seat].capital = cap
    play_to(g, "collect", round=2)
    assert g.order == [1, 2, 0, 3]
    assert g.current_player == 1


def test_first_round_ties_broken_randomly():
    """Book: "Break first-round ties randomly." """
    orders = set()
    for seed in range(12):
        g = new_game(4, seed=seed)
        assert sorted(g.order) == [0, 1, 2, 3]
        assert all(p.capital == 5 for p in g.players)
        orders.add(tuple(g.order))
    assert len(orders) > 1, "equal Capital in round 1 always gave the same order: ties are not random"


def test_later_ties_keep_previous_round_order():
    """Decision (rules-decisions.md): "later ties keep the previous round's relative order." """
    g, _ = at_play(4, seed=11)
    first = list(g.order)
    leader = first[-1]
    g.players[leader].capital = 10  # round 2: the last seat of round 1 goes first
    play_to(g, "play", "turn", round=2)
    second = list(g.order)
    assert second == [leader] + first[:-1]
    for p in g.players:
        p.capital = 5  # everyone tied again: round 3 keeps round 2's order, not round 1's
    refresh(g)
    play_to(g, "collect", round=3)
    assert g.order == second


# --------------------------------------------------------------------------- demand phase


def test_game_opens_with_single_any_bourbon_card():
    """Book: "The game opens with a single "any bourbon" card, so everyone can sell while building their first
    bourbon." """
    for seed in range(6):
        g = new_game(3, seed=seed)
        assert g.round == 1
        assert len(g.table) == 1
        assert RULES.cards_by_id[g.table[0].id].is_open
        assert g.table[0].filled == []


def test_one_new_card_each_later_round():
    """Book: "At the start of each round, 1 new demand card is added to the shared market." """
    g = new_game(4, seed=5)
    sizes = []
    for r in range(2, 7):
        top = g.demand.cards[-1]
        play_to(g, "collect", round=r)
        sizes.append(len(g.table))
        assert g.table[-1].id == top  # the added card is the deck's top card
    assert sizes == [2, 3, 4, 5, 6]


def _book_zone(cards, rules):
    """The zone a table of ``cards`` cards is in: Hot at 6 is the book's, the Low/Mid boundary the ruleset's (ours)."""
    if cards >= 6:
        return "Hot"
    return "Mid" if cards >= rules.mid_zone_from else "Low"


@pytest.mark.parametrize("cards", range(7))
def test_zone_by_card_count(cards):
    """Book: "The number of cards on the table sets the current zone, which multiplies every sale"

    Book: "Low ×1, Mid ×2, Hot ×3"

    Decision (rules-decisions.md): "Zones by cards on the shared table: ... Hot 6 → ×3 (Hot = 6 and the multipliers
    are (book); the Low/Mid boundary is ours" — Mid from ``mid_zone_from`` cards (5 on the defaults, 3 in the first
    draft).
    """
    assert 2 <= RULES.mid_zone_from < 6  # every zone occurs on the defaults
    zone = _book_zone(cards, RULES)
    g, _ = at_play()
    set_table(g, OPEN[:cards])
    assert g.zone == zone
    assert g.multiplier == {"Low": 1, "Mid": 2, "Hot": 3}[zone]


def test_zone_boundary_follows_the_ruleset():
    """Decision (rules-decisions.md): "the Low/Mid boundary is ours": the first draft's Mid from 3 cards still plays."""
    first = bl.Ruleset.named("first-draft")
    assert first.mid_zone_from == 3 and RULES.mid_zone_from == 5
    for cards in range(7):
        g = new_game(4, seed=7, rules=first)
        to_play(g)
        set_table(g, open_cards(first)[:cards])
        assert g.zone == _book_zone(cards, first), cards


def test_crash_when_new_card_would_be_seventh():
    """Book: "When the new card would be the 7th on the table, the whole table is wiped instead (uncompleted cards are
    lost — see What you lose on a wipe) and the market starts fresh with a single card."
    """
    g, seat = at_play(4, seed=2)
    six = OPEN[:6]
    set_table(g, six, filled=[[seat], [], [], [], [], []])
    g.players[seat].capital = 17
    top = g.demand.cards[-1]
    play_to(g, "collect", round=2)
    assert [c.id for c in g.table] == [top]
    assert g.table[0].filled == []
    assert g.zone == "Low"
    crash = [e for e in g.log if e.kind == "crash"]
    assert len(crash) == 1 and crash[0].data["wiped"] == six
    assert g.players[seat].capital == 17  # "Capital you already banked ... is yours to keep"
    assert all(cid not in [c for c, _ in p.completed] for p in g.players for cid in six)


def test_sixth_card_does_not_crash():
    """Book: "When the new card would be the 7th on the table, the whole table is wiped instead" """
    g, _ = at_play(4, seed=2)
    set_table(g, OPEN[:5])
    play_to(g, "collect", round=2)
    assert len(g.table) == 6
    assert g.zone == "Hot"
    assert not [e for e in g.log if e.kind == "crash"]


def test_completed_card_kept_as_prestige_and_removed():
    """Book: "A completed card is removed and kept by the player who filled the last slot as Prestige." """
    g, seat = at_play(4, seed=7)
    cid = "D16"  # any bourbon
    prestige = RULES.cards_by_id[cid].prestige  # ours: 3 on the defaults
    other = (seat + 1) % 4
    set_table(g, [cid, OPEN[0]], filled=[[other] * 7, []])
    b = add_barrel(g, seat, "M01", age=6)
    evs = g.apply(f"sell {b.id} -> {cid}")
    assert "order_completed" in kinds(evs)
    assert [c.id for c in g.table] == [OPEN[0]]
    assert g.players[seat].completed == [(cid, prestige)]
    assert g.players[other].completed == []
    row = g.scores()[seat]
    assert row["prestige"] == prestige
    assert row["orders"] == 1


def test_partly_filled_card_stays_and_counts():
    """Book: "A partly filled card stays on the table and still counts toward the market total." """
    g, seat = at_play(4, seed=7)
    mid = RULES.mid_zone_from  # ours: the fewest cards that make Mid (5 on the defaults)
    set_table(g, OPEN[:mid])
    b = add_barrel(g, seat, "M01", age=6)
    g.apply(f"sell {b.id} -> {OPEN[0]}")
    assert [c.id for c in g.table] == OPEN[:mid]
    assert g.table[0].filled == [seat]
    assert g.zone == "Mid"  # the partly filled card is one of the cards that make Mid
    # it still counts next round: mid + 1 cards
    play_to(g, "collect", round=2)
    assert len(g.table) == mid + 1
    assert g.table[0].id == OPEN[0] and g.table[0].filled == [seat]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_slots_are_two_times_player_count(n):
    """Book: "Slots — a row of 2 × player count slots. Each slot is one sale." """
    g = new_game(n, seed=4)
    assert g.table[0].slots == 2 * n
    play_to(g, "collect", round=2)
    assert all(c.slots == 2 * n for c in g.table)


def test_hot_completion_reset_in_book_order():
    """Book: "1. That player resolves first — they bank their sale at the ×3 Hot multiplier and keep the card they
    completed. 2. Then every other card on the table is wiped (uncompleted, so their Prestige is lost) and the market
    resets to a single card (Low)."
    """
    g, seat = at_play(4, seed=9)
    other = (seat + 1) % 4
    cards = ["D16"] + OPEN[:5]
    set_table(g, cards, filled=[[other] * 7, [other], [other, other], [], [], []])
    assert g.zone == "Hot"
    g.players[seat].capital = 5
    g.players[other].capital = 11
    b = add_barrel(g, seat, "M01", age=6)  # Common prime: value 2
    top = g.demand.cards[-1]
    evs = g.apply(f"sell {b.id} -> D16")
    ks = [k for k in kinds(evs) if k in ("sale", "order_completed", "hot_reset", "card_added")]
    assert ks == ["sale", "order_completed", "hot_reset", "card_added"]
    sale = events(evs, "sale")[0]
    assert sale.data["multiplier"] == 3
    assert g.players[seat].capital == 5 + 2 * 3
    assert g.players[seat].completed == [("D16", RULES.cards_by_id["D16"].prestige)]
    assert [c.id for c in g.table] == [top]
    assert g.table[0].filled == []
    assert g.zone == "Low"
    assert events(evs, "hot_reset")[0].data["wiped"] == OPEN[:5]
    assert g.players[other].capital == 11
    assert g.players[other].completed == []


@pytest.mark.parametrize("zone", ["Low", "Mid"])
def test_completing_at_low_or_mid_resets_nothing(zone):
    """Book: "Completing at Low or Mid does not reset anything." """
    size = RULES.mid_zone_from - (zone == "Low")  # the fullest table of that zone (the boundary is ours)
    g, seat = at_play(4, seed=9)
    other = (seat + 1) % 4
    cards = ["D16"] + OPEN[: size - 1]
    set_table(g, cards, filled=[[other] * 7] + [[other]] * (size - 1))
    assert g.zone == zone
    b = add_barrel(g, seat, "M01", age=6)
    evs = g.apply(f"sell {b.id} -> D16")
    assert "hot_reset" not in kinds(evs) and "crash" not in kinds(evs)
    assert [c.id for c in g.table] == OPEN[: size - 1]
    assert all(c.filled == [other] for c in g.table)


def test_marketing_level_one_reveals_two_and_first_player_picks():
    """Book: "The Marketing department sets how many demand cards you draw in this phase"

    Decision (rules-decisions.md): "the round's first player reveals as many cards as their Marketing level shows (1
    at base, 2 after one upgrade), adds one, puts the rest on the bottom of the deck."
    """
    g, _ = at_play(4, seed=13)
    for p in g.players:
        p.levels["marketing"] = 1
    refresh(g)
    two = g.demand.cards[-2:][::-1]
    play_to(g, "demand", "pick", round=2)
    assert g.demand_reveal == two
    assert g.current_player == g.order[0]
    assert sorted(legal_texts(g)) == sorted(f"pick {c}" for c in two)
    g.apply(f"pick {two[1]}")
    assert g.table[-1].id == two[1]
    assert len(g.table) == 2
    assert g.demand.cards[0] == two[0]  # the other card goes to the bottom
    assert g.phase == "collect"


def test_marketing_base_draws_one_card_without_a_choice():
    """Book: "The Marketing department sets how many demand cards you draw in this phase" """
    g, _ = at_play(4, seed=13)
    play_to(g, "collect", round=2)
    assert not [e for e in g.log if e.kind == "demand_revealed"]
    assert len(g.table) == 2


# --------------------------------------------------------------------------- collect: mash bills


def test_mash_bills_reveal_mash_floor_many():
    """Book: "Reveal Mash Floor-many mash bills and keep any you like as resting barrels" """
    g = new_game(4, seed=21)
    first, second = g.order[0], g.order[1]
    assert g.current_player == first and len(g.revealed_bills) == 2
    g.players[second].levels["mash_floor"] = 2  # number 4
    g.apply("return bills")
    play_to(g, "collect", "bills", second)
    assert len(g.revealed_bills) == 4
    kept = g.revealed_bills[:2]
    for bill in kept:
        g.apply(f"keep bill {bill}")
    assert [b.bill for b in g.players[second].barrels] == kept
    assert all(not b.built and b.age == 0 for b in g.players[second].barrels)


def test_mash_bills_only_with_rickhouse_room():
    """Book: "Once per turn, and only if your rickhouse has room."

    Book: "If your rickhouse is full, you can't draw mash bills — build and sell to free up room."
    """
    g, _ = at_play(4, seed=21)
    seat = g.order[1]
    for _ in range(3):
        add_barrel(g, seat, "M01", built=False)
    play_to(g, "collect", "bills", round=2)  # first player's bills
    assert g.current_player != seat
    g.apply("return bills")
    play_to(g, "collect", player=seat)
    assert not [e for e in g.log if e.kind == "bills_revealed" and e.player == seat and e.round == 2]
    assert g.why_illegal("draw bills") is not None or g.step != "bills"


def test_keep_bills_only_into_free_rickhouse_slots():
    """Book: "Once per turn, and only if your rickhouse has room." """
    g = new_game(4, seed=21)
    seat = g.current_player
    add_barrel(g, seat, "M01", built=False)
    add_barrel(g, seat, "M01", built=False)
    first, second = g.revealed_bills[:2]
    g.apply(f"keep bill {first}")
    assert len(g.players[seat].barrels) == 3
    assert g.why_illegal(f"keep bill {second}") is not None
    with pytest.raises(bl.IllegalAction):
        g.apply(f"keep bill {second}")


def test_mash_bills_once_per_turn():
    """Book: "Once per turn, and only if your rickhouse has room." """
    g = new_game(4, seed=21)
    g.players[g.current_player].barrels = []
    refresh(g)
    # the bills step after the reveal: keep or return, never a second draw
    assert "draw bills" not in legal_texts(g)
    first = g.current_player
    g.apply("return bills")
    assert g.step != "bills" or g.current_player != first
    assert len([e for e in g.log if e.kind == "bills_revealed" and e.player == first]) == 1


# --------------------------------------------------------------------------- collect: dice


def test_first_player_rolls_supply_cap_fresh_dice():
    """Book: "The leader rolls a fresh set of dice"

    Book: "(First player just rolls a fresh set.)"
    """
    g = new_game(4, seed=22)
    g.apply("return bills")
    rolled = [e for e in g.log if e.kind == "dice_rolled"]
    assert len(rolled) == 1 and rolled[0].data["kept"] == []
    assert len(rolled[0].data["faces"]) == 4
    assert g.step == "reroll" and len(g.dice) == 4


def test_roll_fills_to_a_higher_supply_cap():
    """Book: "everything else — plus enough fresh dice to fill your table up to your Supply cap — is rolled." """
    g = new_game(4, seed=22)
    g.players[g.current_player].levels["supply"] = 2  # 6 dice
    g.apply("return bills")
    assert len(g.dice) == 6


def _pass_after_claiming(g, n_claims):
    """Stop rolling, claim the first n claimable dice, pass the rest."""
    start_bills_then_stop(g)
    for _ in range(n_claims):
        claim = [a for a in legal_texts(g) if a.startswith("claim")][0]
        g.apply(claim)
    passed = list(g.dice)
    g.apply("pass dice")
    return passed


def test_later_player_inherits_passed_dice_keeps_some_rolls_to_cap():
    """Book: "Keep, then roll. Keep the inherited dice you want; everything else — plus enough fresh dice to fill your
    table up to your Supply cap — is rolled."
    """
    g = new_game(4, seed=23)
    second = g.order[1]
    passed = _pass_after_claiming(g, 1)
    assert len(passed) == 3
    assert g.current_player == second
    g.apply("return bills")
    assert g.step == "keep"
    inherited = [e for e in g.log if e.kind == "dice_inherited"][-1]
    assert inherited.data["dice"] == passed
    g.apply(f"keep die {passed[0]}")
    g.apply("roll")
    assert len(g.dice) == 4
    assert g.dice[0] == passed[0]
    rolled = [e for e in g.log if e.kind == "dice_rolled"][-1]
    assert rolled.data["kept"] == [passed[0]]
    assert len(rolled.data["faces"]) == 3


def test_inherited_dice_count_against_supply_cap():
    """Book: "They sit on your table and count against your Supply cap." """
    g = new_game(4, seed=23)
    g.players[g.current_player].levels["supply"] = 2  # the leader rolls 6
    second = g.order[1]
    passed = _pass_after_claiming(g, 0)
    assert len(passed) == 6
    assert g.current_player == second
    g.apply("return bills")
    for face in passed[:4]:
        g.apply(f"keep die {face}")
    left = [a for a in legal_texts(g) if a.startswith("keep die")]
    assert left == []
    assert g.step == "reroll"  # only 'roll' was left: it happened on its own
    assert g.dice == passed[:4]


def test_one_free_reroll():
    """Book: "Reroll any dice you don't like, once." """
    g = new_game(4, seed=24)
    g.apply("return bills")
    assert g.step == "reroll"
    face = g.dice[0]
    g.apply(f"select {face}")
    g.apply("reroll")
    assert len([e for e in g.log if e.kind == "dice_rerolled"]) == 1
    assert g.why_illegal("reroll") is not None
    assert g.step == "claim"  # nothing but 'stop rolling' was left


def test_claim_draws_top_card_of_matching_pile():
    """Book: "Each die draws the top card of its matching pile (you don't see its quality first)" """
    g = new_game(4, seed=25)
    seat = g.current_player
    start_bills_then_stop(g)
    g.dice = ["rye", "barley"]
    refresh(g)
    top = g.piles.piles["rye"][-1]
    g.apply("claim rye")
    assert g.players[seat].warehouse == [top]
    assert g.piles.piles["rye"][-1] != top or top not in g.piles.piles["rye"]
    assert g.dice == ["barley"]


def test_anything_die_draws_from_a_chosen_pile():
    """Book: "an anything die draws from any one pile you choose." """
    g = new_game(4, seed=25)
    seat = g.current_player
    start_bills_then_stop(g)
    g.dice = ["any", "corn"]
    refresh(g)
    for kind in ("cask", "corn", "rye", "wheat", "barley"):
        assert f"claim any -> {kind}" in legal_texts(g)
    top = g.piles.piles["wheat"][-1]
    g.apply("claim any -> wheat")
    assert g.players[seat].warehouse == [top]
    assert top.kind == "wheat"


def test_never_claim_past_warehouse_cap():
    """Book: "You can never claim past your Warehouse cap, and you never discard at end of round." """
    g = new_game(4, seed=26)
    seat = g.current_player
    start_bills_then_stop(g)
    for k in ("rye", "rye", "corn"):
        give_card(g, seat, k)
    g.dice = ["rye", "any"]
    refresh(g)
    g.apply("claim rye")  # 4th card fits
    assert len(g.players[seat].warehouse) == 4
    assert g.why_illegal("claim any -> corn") is not None
    with pytest.raises(bl.IllegalAction):
        g.apply("claim any -> corn")
    assert len(g.players[seat].warehouse) == 4


def test_no_discard_at_end_of_round():
    """Book: "you never discard at end of round." """
    g, seat = at_play(4, seed=26)
    for k in ("rye", "rye", "corn", "cask", "wheat"):
        give_card(g, seat, k)
    before = list(g.players[seat].warehouse)
    assert len(before) > g.number(seat, "warehouse")  # even over the cap
    play_to(g, "collect", round=2)
    assert g.players[seat].warehouse[: len(before)] == before


def test_unclaimed_dice_pass_on_and_leftovers_return():
    """Book: "Pass the dice you didn't claim to the next player."

    Book: "Once the last player passes, the phase ends and any leftover dice go back to the pool."
    """
    g = new_game(3, seed=27)
    for _ in range(3):
        assert g.phase == "collect"
        passed = _pass_after_claiming(g, 0)
    assert g.phase == "play" and g.step == "turn"
    returned = [e for e in g.log if e.kind == "dice_returned"]
    assert len(returned) == 1 and returned[0].data["dice"] == passed
    assert g.passed == [] and g.dice == []


# --------------------------------------------------------------------------- play: staging and making


def test_staging_moves_card_onto_resting_barrel():
    """Book: "staging and Make Bourbon (in Play) build it." """
    g, seat = at_play()
    b = add_barrel(g, seat, "M06", built=False)  # cask 1, corn 1, rye 1
    c = give_card(g, seat, "rye", 2)
    g.apply(f"stage {c.id} -> {b.id}")
    assert b.staged == [c]
    assert c not in g.players[seat].warehouse
    # the recipe has one rye slot only
    c2 = give_card(g, seat, "rye", 0)
    assert g.why_illegal(f"stage {c2.id} -> {b.id}") is not None


def test_staged_cards_do_not_count_against_warehouse_cap():
    """Book: "Only loose resource cards count against the cap — once a card is staged or built into a barrel, it no
    longer takes space."
    """
    g, seat = at_play(4, seed=28)
    b = add_barrel(g, seat, "M06", built=False)
    g.players[seat].warehouse = []
    cs = [give_card(g, seat, k) for k in ("cask", "corn", "wheat", "wheat")]
    g.apply(f"stage {cs[0].id} -> {b.id}")
    g.apply(f"stage {cs[1].id} -> {b.id}")
    assert len(g.players[seat].warehouse) == 2
    play_to(g, "collect", "claim", seat, round=2)
    g.players[seat].warehouse = g.players[seat].warehouse[:2] + [card("wheat")]
    g.dice = ["barley", "rye"]
    refresh(g)
    g.apply("claim barley")  # 4 loose cards; 2 more sit staged
    assert len(g.players[seat].warehouse) == 4
    assert g.why_illegal("claim rye") is not None


def test_make_bourbon_quality_is_best_card():
    """Book: "A barrel's quality is set by the best card you build it with" """
    g, seat = at_play()
    b = add_barrel(g, seat, "M03", built=False)  # cask, corn, rye, barley; no bonus sales
    assert RULES.bills_by_id["M03"].bonus_sales == 0
    qualities = {"cask": 0, "corn": 1, "rye": 3, "barley": 2}  # the rye card is the best: Epic
    for kind, n in RULES.bills_by_id["M03"].recipe:
        for _ in range(n):
            c = give_card(g, seat, kind, qualities[kind])
            g.apply(f"stage {c.id} -> {b.id}")
    g.apply(f"make {b.id}")
    assert b.built and b.quality == 3 and b.age == 0
    assert b.sales_left == RULES.sales_per_quality[3]  # Epic's sales (ours: 3 on the defaults, 2 in the first draft)


def test_make_needs_the_full_recipe():
    """Book: "Fancier recipes ask for more."

    Decision (rules-decisions.md): "a resting barrel whose recipe is fully staged becomes a built barrel"
    """
    g, seat = at_play()
    b = add_barrel(g, seat, "M06", built=False)
    for kind in ("cask", "corn"):
        c = give_card(g, seat, kind)
        g.apply(f"stage {c.id} -> {b.id}")
    assert g.why_illegal(f"make {b.id}") is not None
    c = give_card(g, seat, "rye")
    g.apply(f"stage {c.id} -> {b.id}")
    assert g.why_illegal(f"make {b.id}") is None


def test_every_default_recipe_is_bourbon():
    """Book: "every recipe needs exactly 1 cask, at least 1 corn, and at least 1 grain (rye, wheat, or barley)." """
    assert len(RULES.mash_bills) >= 24
    for bill in RULES.mash_bills:
        counts = bill.counts
        assert counts.get("cask") == 1, bill.id
        assert counts.get("corn", 0) >= 1, bill.id
        assert sum(counts.get(gr, 0) for gr in GRAINS) >= 1, bill.id
        assert bill.tags, bill.id
    bad = RULES.mash_bills[0].to_data()
    bad["recipe"] = {"cask": 2, "corn": 1, "rye": 1}
    with pytest.raises(bl.RulesetError):
        RULES.replace(mash_bills=[bad] + [b.to_data() for b in RULES.mash_bills[1:]])
    bad["recipe"] = {"cask": 1, "corn": 2}
    with pytest.raises(bl.RulesetError):
        RULES.replace(mash_bills=[bad] + [b.to_data() for b in RULES.mash_bills[1:]])


def test_gated_slot_needs_all_required_tags():
    """Book: "To fill a gated slot, your bourbon must have all the tags that card requires." """
    g, seat = at_play(rules=bl.Ruleset.named("first-draft"))  # the defaults have no two-tag card; the first draft's D43
    set_table(g, ["D43"])  # High-Corn + Rye
    rye_only = add_barrel(g, seat, "M07", age=4)  # Rye
    both = add_barrel(g, seat, "M12", age=4)  # High-Corn, Rye
    assert g.why_illegal(f"sell {rye_only.id} -> D43") is not None
    assert g.why_illegal(f"sell {both.id} -> D43") is None


def test_minimum_age_and_quality_gates():
    """Book: "Requirement — what a bourbon must be to fill a slot: required tags, a minimum age, and/or a minimum
    quality."
    """
    aged, fine = RULES.cards_by_id["D36"], RULES.cards_by_id["D39"]  # the numbers on the cards are ours
    assert (aged.tags, aged.min_age, aged.min_quality) == (("Wheat",), 4, "Common")  # Wheat, age 4+
    assert (fine.tags, fine.min_age, fine.min_quality) == (("High-Corn",), 0, "Uncommon")  # High-Corn, Uncommon+
    assert set(RULES.bills_by_id["M17"].tags) == {"High-Corn", "Wheat"}  # one bill fits both tags
    g, seat = at_play()
    set_table(g, ["D36", "D39"])
    young = add_barrel(g, seat, "M17", age=aged.min_age - 1, quality=4)
    old = add_barrel(g, seat, "M17", age=aged.min_age, quality=0)
    assert g.why_illegal(f"sell {young.id} -> D36") is not None
    assert g.why_illegal(f"sell {old.id} -> D36") is None
    assert g.why_illegal(f"sell {old.id} -> D39") is not None
    assert g.why_illegal(f"sell {young.id} -> D39") is None


def test_sellable_from_age_two_not_below():
    """Book: "They become sellable at age 2."

    Book: "A barrel below age 2 can't be sold yet."
    """
    g, seat = at_play()
    b1 = add_barrel(g, seat, "M06", age=1)
    b0 = add_barrel(g, seat, "M06", age=0)
    b2 = add_barrel(g, seat, "M06", age=2)
    cid = g.table[0].id
    assert g.why_illegal(f"sell {b0.id} -> {cid}") is not None
    assert g.why_illegal(f"sell {b1.id} -> {cid}") is not None
    with pytest.raises(bl.IllegalAction):
        g.apply(f"sell {b1.id} -> {cid}")
    before = g.players[seat].capital
    g.apply(f"sell {b2.id} -> {cid}")
    assert g.players[seat].capital == before + 2  # M06 prime 2-4: Common prime 2 at Low


def test_no_fitting_order_the_barrel_waits():
    """Book: "If no order on the table fits your bourbon, the barrel just waits until one does." """
    g, seat = at_play()
    set_table(g, ["D26"])  # Wheat
    b = add_barrel(g, seat, "M07", age=5)
    assert not [a for a in legal_texts(g) if a.startswith("sell")]
    g.apply("end turn")
    assert b in g.players[seat].barrels


# --------------------------------------------------------------------------- selling values


def _sell_value(age, quality, cards, bill="M01"):
    g, seat = at_play(4, seed=31)
    set_table(g, cards)
    b = add_barrel(g, seat, bill, age=age, quality=quality)
    before = g.players[seat].capital
    evs = g.apply(f"sell {b.id} -> {cards[0]}")
    return g.players[seat].capital - before, events(evs, "sale")[0]


def test_book_example_common_prime_at_low():
    """Book: "A Common in its prime (value 2) sold at Low = 2 × 1 = 2." """
    gained, sale = _sell_value(age=7, quality=0, cards=OPEN[:1])  # M01 prime 6-8
    assert gained == 2
    assert (sale.data["base_value"], sale.data["multiplier"], sale.data["band"]) == (2, 1, "prime")


def test_book_example_common_older_at_hot():
    """Book: "That same Common sold older (value 1) at Hot = 1 × 3 = 3." """
    gained, sale = _sell_value(age=9, quality=0, cards=OPEN[:6])
    assert gained == 3
    assert (sale.data["base_value"], sale.data["multiplier"], sale.data["band"]) == (1, 3, "older")


def test_book_example_legendary_prime_at_hot():
    """Book: "A Legendary in its prime (value 8) sold at Hot = 8 × 3 = 24." """
    gained, sale = _sell_value(age=6, quality=4, cards=OPEN[:6])
    assert gained == 24


def test_sale_at_mid_pays_double():
    """Book: "Capital from a sale = bourbon's age value × zone multiplier (×1 / ×2 / ×3)" """
    prime = RULES.age_values[2][1]  # Rare in its prime: ours (4 on the defaults)
    gained, sale = _sell_value(age=8, quality=2, cards=OPEN[: RULES.mid_zone_from])  # M01 prime 6-8, Mid
    assert sale.data["multiplier"] == 2
    assert gained == prime * 2


@pytest.mark.parametrize(
    "age,band", [(2, "younger"), (5, "younger"), (6, "prime"), (8, "prime"), (9, "older"), (30, "older")]
)
def test_younger_prime_older_bands(age, band):
    """Book: "A bourbon is worth one of three amounts, depending on its age"

    Book: "A barrel that ages past its window simply drops to its older value and stays there."
    """
    younger, prime, older = RULES.age_values[2]  # Rare: ours (2 / 4 / 3 on the defaults)
    assert younger < prime and older < prime  # book: prime is "the best value", younger "the low value"
    gained, sale = _sell_value(age=age, quality=2, cards=OPEN[:1])  # M01 prime 6-8, Low
    assert sale.data["band"] == band
    assert gained == {"younger": younger, "prime": prime, "older": older}[band]


def test_value_grows_with_quality():
    """Book: "These amounts get bigger with quality — a Legendary in its prime is worth far more than a Common." """
    values = [_sell_value(age=7, quality=q, cards=OPEN[:1])[0] for q in range(len(QUALITIES))]
    assert values == sorted(values) and values[0] == 2 and values[-1] == 8


def _built_sales(quality, bill):
    g, seat = at_play()
    b = add_barrel(g, seat, bill, built=False)
    for kind, n in RULES.bills_by_id[bill].recipe:
        for _ in range(n):
            c = give_card(g, seat, kind, quality)
            g.apply(f"stage {c.id} -> {b.id}")
    g.apply(f"make {b.id}")
    return b.sales_left


def test_sales_per_barrel_by_quality():
    """Book: "How many times you can sell a barrel is set by its quality, not its recipe: Common sells once, up to 3
    times at Legendary."
    """
    assert _built_sales(0, "M06") == 1
    assert _built_sales(4, "M06") == 3
    # in between the numbers are ours (1, 3, 3, 3, 3 on the defaults; 1, 1, 2, 2, 3 in the first draft)
    assert [_built_sales(q, "M06") for q in range(5)] == list(RULES.sales_per_quality)


def test_bonus_sales_on_a_bill():
    """Book: "(A few mash bills bend this slightly — e.g. a Common that still sells twice.)" """
    assert RULES.bills_by_id["M07"].bonus_sales == 1
    assert _built_sales(0, "M07") == 2


def test_barrel_leaves_only_after_last_sale():
    """Book: "A barrel only leaves your rickhouse after its last sale." """
    g, seat = at_play()
    set_table(g, OPEN[:2])
    b = add_barrel(g, seat, "M01", age=7, quality=4, sales_left=2)
    g.apply(f"sell {b.id} -> {OPEN[0]}")
    assert b in g.players[seat].barrels and b.sales_left == 1
    b.sold_round = 0  # allow a second sale this round (the per-round limit is not a book rule)
    refresh(g)
    g.apply(f"sell {b.id} -> {OPEN[1]}")
    assert b not in g.players[seat].barrels
    assert g.players[seat].capital == 5 + 8 + 8


def test_sale_fills_one_slot():
    """Book: "Each slot is one sale. Filling a slot pays you the bourbon's own value (see Selling)." """
    g, seat = at_play()
    set_table(g, OPEN[:1])
    b = add_barrel(g, seat, "M01", age=7, quality=0)
    g.apply(f"sell {b.id} -> {OPEN[0]}")
    assert g.table[0].filled == [seat]
    assert g.table[0].open_slots == 7


# --------------------------------------------------------------------------- ageing


def test_built_barrels_age_after_play_resting_do_not_no_maximum():
    """Book: "Aging is automatic: every built barrel ages +1 at the end of each Play phase. There's no maximum age"

    Book: "A resting barrel takes a slot but doesn't age."
    """
    g, seat = at_play()
    other = (seat + 1) % 4
    b0 = add_barrel(g, seat, "M01", age=0)
    b50 = add_barrel(g, other, "M01", age=50)
    rest = add_barrel(g, seat, "M01", built=False)
    g.apply("end turn")
    assert b0.age == 0  # no ageing during the Play phase
    play_to(g, "collect", round=2)
    assert (b0.age, b50.age, rest.age, rest.built) == (1, 51, 0, False)
    aged = [e for e in g.log if e.kind == "aged"]
    assert aged and all(e.phase == "ageing" for e in aged)
    play_to(g, "collect", round=3)
    assert (b0.age, b50.age, rest.age) == (2, 52, 0)


# --------------------------------------------------------------------------- departments


def test_upgrade_costs_rise_shared_across_departments():
    """Book: "your 1st costs 1 Capital, your 2nd costs 2, your 3rd costs 3, and so on — one rising price shared across
    all your departments."
    """
    g, seat = at_play()
    p = g.players[seat]
    p.capital = 10
    refresh(g)
    g.apply("upgrade rickhouse")
    assert p.capital == 9
    g.apply("upgrade supply")
    assert p.capital == 7
    g.apply("upgrade rickhouse")
    assert p.capital == 4
    g.apply("upgrade warehouse")
    assert p.capital == 0
    assert p.upgrades == 4


@pytest.mark.parametrize(
    "dept,numbers",
    [
        ("rickhouse", [3, 4, 5]),
        ("supply", [4, 5, 6]),
        ("warehouse", [4, 5, 6]),
        ("mash_floor", [2, 3, 4]),
        ("marketing", [1, 2]),
    ],
)
def test_department_numbers_base_plus_one_plus_one(dept, numbers):
    """Book: "Every department goes Base → +1 → +1 → Ultimate. The two middle steps raise a number"

    Book: "Rickhouse (3 → 4 → 5 → Ultimate) / Supply (4 → 5 → 6) / Warehouse (4 → 5 → 6) / Mash Floor (2 → 3 → 4) /
    Marketing (1 → 2)"
    """
    g, seat = at_play()
    g.players[seat].capital = 50
    refresh(g)
    got = [g.number(seat, dept)]
    for _ in numbers[1:]:
        g.apply(f"upgrade {dept}")
        got.append(g.number(seat, dept))
    assert got == numbers
    # the next step is the Ultimate: a plain upgrade is no longer offered
    assert f"upgrade {dept}" not in legal_texts(g)


def test_cannot_afford_upgrade_capital_never_negative():
    """Book: "Capital — you bank it from every sale, and spend it only on upgrades."

    Decision (rules-decisions.md): "Capital never goes negative."
    """
    g, seat = at_play()
    p = g.players[seat]
    p.capital, p.upgrades = 1, 1  # the 2nd upgrade costs 2
    refresh(g)
    assert g.why_illegal("upgrade rickhouse") is not None
    with pytest.raises(bl.IllegalAction) as err:
        g.apply("upgrade rickhouse")
    assert err.value.rule
    assert not [a for a in legal_texts(g) if a.startswith("upgrade")]
    assert p.capital == 1 and p.levels["rickhouse"] == 0
    p.capital = 2
    refresh(g)
    g.apply("upgrade rickhouse")
    assert p.capital == 0 and p.levels["rickhouse"] == 1


def test_departments_stay_improved():
    """Book: "Once you improve a department, it stays improved for the rest of the game — no upkeep." """
    g, seat = at_play()
    g.apply("upgrade rickhouse")
    play_to(g, "collect", round=3)
    assert g.number(seat, "rickhouse") == 4
    assert g.players[seat].capital == 4


# --------------------------------------------------------------------------- end of game and scoring


def _setup_final_sale(g, seat, done):
    p = g.players[seat]
    p.completed = [(f"D0{i % 9 + 1}", 1) for i in range(done)]
    slots = g.table[0].slots
    set_table(g, ["D16"], filled=[[seat] * (slots - 1)])
    return add_barrel(g, seat, "M01", age=7)


def test_eighth_completion_ends_game_after_the_round_without_ageing():
    """Book: "The game ends as soon as a player has completed 8 orders. The current round finishes so everyone gets the
    same number of turns, then you score."

    Decision (rules-decisions.md): "The round in which that happens finishes its Play phase so all have had the same
    turns, then scoring; no ageing follows."
    """
    g, seat = at_play(3, seed=41)
    b = _setup_final_sale(g, seat, 7)
    waiting = add_barrel(g, seat, "M01", age=3)
    g.apply(f"sell {b.id} -> D16")
    assert len(g.players[seat].completed) == 8
    assert not g.is_over
    g.apply("end turn")
    assert g.phase == "play" and g.current_player == g.order[1]
    later = g.current_player
    add_barrel(g, later, "M01", age=7, barrel_id="B900")
    set_table(g, OPEN[:1])
    g.apply(f"sell B900 -> {OPEN[0]}")  # later players still play
    assert g.players[later].capital == 5 + 2
    g.apply("end turn")
    g.apply("end turn")
    assert g.is_over and g.phase == "over"
    assert g.ended_by == "orders"
    assert g.round == 1
    assert waiting.age == 3  # no ageing after the final round
    assert not [e for e in g.log if e.kind == "aged"]
    assert g.legal_actions() == []


def test_seven_completions_do_not_end_the_game():
    """Book: "The game ends once a player has completed 8 orders." """
    g, seat = at_play(3, seed=41)
    b = _setup_final_sale(g, seat, 6)
    g.apply(f"sell {b.id} -> D16")
    assert len(g.players[seat].completed) == 7
    play_to(g, "collect", round=2)
    assert not g.is_over


def test_round_limit_ends_game_flagged():
    """Book: "(There's also a round limit as a safety net for big games where orders fill slowly" """
    g = new_game(2, seed=42, round_limit=3)
    for _ in range(500):
        if g.is_over:
            break
        from helpers import step_once

        step_once(g)
    assert g.is_over
    assert g.ended_by == "round_limit"
    assert g.round == 3
    end = [e for e in g.log if e.kind == "game_end"]
    assert len(end) == 1 and end[0].data["ended_by"] == "round_limit"


def test_score_is_capital_plus_prestige():
    """Book: "Final score = Capital + Prestige. Most points wins." """
    g = new_game(3, seed=43)
    g.players[0].capital, g.players[0].completed = 4, [("D24", 3), ("D01", 1)]
    g.players[1].capital = 9
    g.players[2].capital, g.players[2].completed = 1, [("D46", 8)]
    rows = g.scores()
    assert [r["score"] for r in rows] == [8, 9, 9]
    assert [r["prestige"] for r in rows] == [4, 0, 8]
    # seat 2 ties seat 1 on 9 but completed more orders
    assert [r["won"] for r in rows] == [False, False, True]


def test_ties_go_to_more_completed_orders_then_shared():
    """Book: "Ties go to whoever completed more orders."

    Decision (rules-decisions.md): "ties go to more completed orders (book), then shared."
    """
    g = new_game(3, seed=43)
    g.players[0].capital, g.players[0].completed = 10, [("D01", 1), ("D02", 1)]
    g.players[1].capital, g.players[1].completed = 10, [("D16", 2)]
    g.players[2].capital, g.players[2].completed = 11, [("D03", 1)]
    rows = g.scores()
    assert [r["won"] for r in rows] == [True, False, False]
    g.players[1].completed = [("D03", 1), ("D04", 1)]
    rows = g.scores()
    assert [r["won"] for r in rows] == [True, True, False]
    assert [r["rank"] for r in rows][:2] == [1, 1]


# --------------------------------------------------------------------------- supplies never run out


def test_empty_pile_reshuffles_its_discard():
    """Book: "Piles are shared and never run out. When a pile empties, shuffle its discard back in." """
    g = new_game(4, seed=44)
    seat = g.current_player
    start_bills_then_stop(g)
    old = [card("rye", 3), card("rye", 3)]
    g.piles.piles["rye"] = []
    g.piles.discards["rye"] = list(old)
    g.dice = ["rye", "corn"]
    refresh(g)
    g.apply("claim rye")
    got = g.players[seat].warehouse[-1]
    assert got in old
    assert g.piles.discards["rye"] == []
    assert len(g.piles.piles["rye"]) == 1


def test_empty_pile_and_discard_rebuilds():
    """Decision (rules-decisions.md): "if the discard is empty too, build a fresh pile from the odds (piles never run
    out (book))."
    """
    g = new_game(4, seed=44)
    seat = g.current_player
    start_bills_then_stop(g)
    g.piles.piles["barley"] = []
    g.piles.discards["barley"] = []
    g.dice = ["barley", "corn"]
    refresh(g)
    g.apply("claim barley")
    assert g.players[seat].warehouse[-1].kind == "barley"
    assert len(g.piles.piles["barley"]) == RULES.pile_size - 1


def test_demand_deck_never_runs_out():
    """Book: "The demand deck and mash-bill supply never run out — they reshuffle as needed, so neither one ends the
    game."
    """
    g, _ = at_play(4, seed=45)
    g.demand.cards, g.demand.discards = [], []
    play_to(g, "collect", round=2)
    assert len(g.table) == 2
    assert g.table[-1].id.split(".")[0] in RULES.cards_by_id
    g.demand.cards, g.demand.discards = [], ["D30"]
    play_to(g, "collect", round=3)
    assert g.table[-1].id == "D30"


def test_mash_bills_never_run_out():
    """Book: "Shuffle the mash bills into a supply (it reshuffles when it runs low)." """
    g, _ = at_play(4, seed=46)
    g.bills.cards, g.bills.discards = [], ["M07", "M13"]
    play_to(g, "collect", "bills", round=2)
    assert sorted(g.revealed_bills) == ["M07", "M13"]
    g.bills.cards, g.bills.discards = [], []
    g.apply("return bills")  # returned bills go to the bottom: 2 cards in the supply again
    g.bills.cards = []
    refresh(g)
    play_to(g, "collect", "bills", g.order[1])
    assert len(g.revealed_bills) == 2
    assert all(b.split(".")[0] in RULES.bills_by_id for b in g.revealed_bills)


# --------------------------------------------------------------------------- no attacks


def test_no_attacks_actions_only_touch_own_barrels():
    """Book: "you can never directly hurt another player — there are no attacks." """
    g, seat = at_play(4, seed=47)
    other = (seat + 1) % 4
    theirs = [add_barrel(g, other, "M01", age=7), add_barrel(g, other, "M06", built=False)]
    mine = add_barrel(g, seat, "M01", age=7)
    give_card(g, other, "rye")
    texts = legal_texts(g)
    for b in theirs:
        assert not [t for t in texts if b.id in t.split()]
    assert f"sell {mine.id} -> {g.table[0].id}" in texts
    assert g.why_illegal(f"sell {theirs[0].id} -> {g.table[0].id}") is not None
    caps = [p.capital for p in g.players]
    g.apply(f"sell {mine.id} -> {g.table[0].id}")
    after = [p.capital for p in g.players]
    assert [a - c for a, c in zip(after, caps)] == [2 if s == seat else 0 for s in range(4)]
    assert theirs[0] in g.players[other].barrels and theirs[0].sales_left == 1


def test_first_open_card_helper_is_open():
    assert RULES.cards_by_id[first_open_card(RULES)].is_open
    assert Barrel  # imported for type checks in helpers


def test_crash_with_a_picked_card_keeps_the_picked_card():
    """Book: "the whole table is wiped instead ... and the market starts fresh with a single card." """
    g, _ = at_play(4, seed=13)
    for p in g.players:
        p.levels["marketing"] = 1
    set_table(g, OPEN[:6])
    play_to(g, "demand", "pick", round=2)
    pick = g.demand_reveal[1]
    g.apply(f"pick {pick}")
    assert [c.id for c in g.table] == [pick]
    assert g.zone == "Low"


def test_mash_bills_before_dice_and_the_roll_is_free():
    """Book: "Pick your recipes first, so you know which grain to chase."

    Book: "This roll is free."
    """
    g = new_game(4, seed=48)
    seat = g.current_player
    cap = g.players[seat].capital
    assert g.step == "bills" and g.dice == []
    g.apply(f"keep bill {g.revealed_bills[0]}")
    g.apply("return bills")
    kinds_ = [e.kind for e in g.log if e.player == seat]
    assert kinds_.index("bills_revealed") < kinds_.index("dice_rolled")
    assert g.players[seat].capital == cap


def test_retired_barrel_cards_go_to_their_discards():
    """Decision (rules-decisions.md): "Cards built into a barrel go to their pile's discard when that barrel leaves the
    rickhouse."
    """
    g, seat = at_play()
    b = add_barrel(g, seat, "M06", age=3)
    built = list(b.cards)
    g.apply(f"sell {b.id} -> {g.table[0].id}")
    assert b not in g.players[seat].barrels
    for c in built:
        assert c in g.piles.discards[c.kind]
