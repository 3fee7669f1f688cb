"""Every threshold the Bourbonomics rulebook states, tested at its edge (issue 31, part 2).

The rulebook (``../shared/seeds/000_6783f92528853e6f.txt``) is the source of truth; where it is silent
``docs/rules-decisions.md`` decides. Where a threshold is a ruleset field, the test reads it from the
ruleset and plays value − 1, value and value + 1 ("below / at / above"), then runs again with the field
changed through ``Ruleset.replace`` (param ids ``default`` and the change), so a changed field is still
tested at its edge. Where the threshold is content (a mash bill's prime window, an order's minimum age
or quality), the test is generated from every such card of the default content plus one changed card.
Where an existing test already plays a side on the defaults it is named and not repeated, unless the
same play is needed to reach a missing side or to follow the field.

BR = tests/test_book_rules.py, UL = tests/test_ultimates.py, RS = tests/test_ruleset.py; a bare name
is a test in this module.

Thresholds the book states
--------------------------
 1. "Players: 2–6"  [min_players, max_players]
    existing: BR test_two_to_six_players (1 / 2 and 6 / 7 on the defaults).
    new: test_player_count_follows_the_ruleset (the fields at 3–5: 2 / 3 / 4 and 4 / 5 / 6).
 2. "If a player completes a card while the zone is Hot (6 cards)"; "Low ×1, Mid ×2, Hot ×3"
    [hot_zone_from, zone_multipliers]
    existing: BR test_zone_by_card_count[5], [6] (below, at; the zone only).
    new: test_hot_zone_from_its_edge (below / at / above, zone and what the sale pays). The table never
    holds crash_size cards, so "above" (7) does not occur on the defaults; hot_from_5 and crash_9 play it.
 3. The Low/Mid boundary — ours: Decision "the Low/Mid boundary is ours"  [mid_zone_from]
    existing, all three: BR test_zone_by_card_count[4], [5], [6]; BR test_zone_boundary_follows_the_
    ruleset (the first draft's Mid from 3: 2 / 3 / 4). Not repeated.
 4. "When the new card would be the 7th on the table, the whole table is wiped instead"  [crash_size]
    existing: BR test_sixth_card_does_not_crash (below), BR test_crash_when_new_card_would_be_seventh (at).
    new: test_crash_on_exactly_the_nth_new_card (the (N−1)th, Nth and, after the crash, the next card).
 5. "If a player completes a card while the zone is Hot (6 cards), the market resets"  [hot_zone_from]
    existing: BR test_completing_at_low_or_mid_resets_nothing[Mid] (below), BR test_hot_completion_
    reset_in_book_order (at).
    new: test_hot_reset_from_exactly_hot_zone_from (below / at / above, and where every card goes).
 6. "Slots — a row of 2 × player count slots"  [slots_per_player]
    existing: BR test_slots_are_two_times_player_count (the count only).
    new: test_a_card_completes_on_exactly_its_last_slot (one open / the last / none past it; 2 and 6
    players, and 3 per player).
 7. "your 1st costs 1 Capital, your 2nd costs 2, your 3rd costs 3"  [upgrade_cost_first, _step]
    existing: BR test_cannot_afford_upgrade_capital_never_negative (2nd upgrade: below, at), BR test_
    upgrade_costs_rise_shared_across_departments and UL test_ultimate_costs_the_next_rising_price (at).
    new: test_upgrade_affordable_at_exactly_its_cost (1st–4th upgrade and an Ultimate: cost − 1 / cost /
    cost + 1; a free first upgrade has no "below": Capital never goes negative).
 8. "Rickhouse (3 → 4 → 5 → Ultimate)"; "If your rickhouse is full, you can't draw mash bills"
    [rickhouse_levels]
    existing: BR test_mash_bills_only_with_rickhouse_room (at), BR test_keep_bills_only_into_free_
    rickhouse_slots (below), both at Base; UL test_mega_expansion_two_more_barrel_slots (the Ultimate).
    new: test_rickhouse_cap_at_every_level (every level: cap − 1 held, cap held, the (cap + 1)th refused).
 9. "Supply (4 → 5 → 6 → Ultimate)"; "fill your table up to your Supply cap"  [supply_levels]
    existing: BR test_first_player_rolls_supply_cap_fresh_dice, test_roll_fills_to_a_higher_supply_cap
    (count), BR test_inherited_dice_count_against_supply_cap (Base: at, above).
    new: test_inherited_dice_fill_exactly_the_supply_cap (below / at / above, the field changed).
10. "Warehouse (4 → 5 → 6 → Ultimate)"; "You can never claim past your Warehouse cap"  [warehouse_levels]
    existing: BR test_never_claim_past_warehouse_cap (Base), BR test_no_discard_at_end_of_round (above);
    UL test_grand_warehouse_three_more_cap (the Ultimate).
    new: test_warehouse_cap_at_every_level (every level; the refusal read while the claim step is open).
11. "Mash Floor (2 → 3 → 4)"; "Marketing (1 → 2)"  [mash_floor_levels, marketing_levels]
    counts, not caps: BR test_mash_bills_reveal_mash_floor_many, BR test_marketing_*, BR test_department_
    numbers_base_plus_one_plus_one, UL test_master_recipe_one_more_bill_per_draw.
12. "Every department goes Base → +1 → +1 → Ultimate"  [len(*_levels)]
    existing, every level: UL test_ultimate_only_at_the_step_after_the_plus_ones.
13. "They become sellable at age 2."; "A barrel below age 2 can't be sold yet."  [min_sell_age]
    existing: BR test_sellable_from_age_two_not_below (below, at).
    new: test_sell_age_edge (below / at / above, at 2, 3 and 1).
14. "Every mash bill has a prime window"; "Younger ... Prime ... Older"  [content: mash_bills[*].prime]
    existing: BR test_younger_prime_older_bands (M01: 5, 6, 8, 9).
    new: test_prime_window_edges (every window of the default bills: first − 1 / first / first + 1 and
    last − 1 / last / last + 1; and M01 changed to 3–9).
15. "Requirement — ... required tags, a minimum age, and/or a minimum quality"
    [content: demand_cards[*].min_age, .min_quality]
    existing: BR test_minimum_age_and_quality_gates (D36 age 3 / 4, D39 Common / Uncommon).
    new: test_order_minimum_age_edge, test_order_minimum_quality_edge (every gated card, and D36 at
    age 6, D39 at Epic).
16. "Common sells once, up to 3 times at Legendary"; "A barrel only leaves your rickhouse after its last
    sale."  [sales_per_quality, mash_bills[*].bonus_sales]
    existing: BR test_sales_per_barrel_by_quality, test_bonus_sales_on_a_bill (counts), BR test_barrel_
    leaves_only_after_last_sale (one Legendary).
    new: test_a_barrel_leaves_on_exactly_its_last_sale (every quality, with and without a bonus sale).
17. "Reroll any dice you don't like, once."  [free_rerolls]
    existing: BR test_one_free_reroll, UL test_second_reroll (defaults).
    new: test_rerolls_edge (the field at 2).
18. "The game ends as soon as a player has completed 8 orders."  [orders_to_end]
    existing: BR test_seven_completions_do_not_end_the_game (below), BR test_eighth_completion_ends_game_
    after_the_round_without_ageing (at).
    new: test_orders_to_end_edge (below / at / above in one final round; the field at 3).
19. "(There's also a round limit as a safety net"  [round_limit]
    existing, all three: BR test_round_limit_ends_game_flagged (round_limit=3: not over at 2, over at 3,
    never reaches 4).
20. "Double Maturation — a barrel that reaches age 8+ gets one extra sale."  [double_maturation_age]
    existing: UL test_double_maturation_extra_sale_at_age_eight (defaults).
    new: test_double_maturation_edge (the field at 5).
21. "Warehouse Tasting — while 3+ of your barrels are aging"  [warehouse_tasting_min_barrels]
    existing: UL test_warehouse_tasting_capital_with_three_aging_barrels (2, 3).
    new: test_warehouse_tasting_edge (2 / 3 / 4, and the field at 2).
22. "Triple Threat — once per Collect turn, discard 2 dice"  [triple_threat_dice]
    existing: UL test_triple_threat_trade_two_dice_for_any_face_once (0, 2).
    new: test_triple_threat_edge (1 / 2 / 3, and the field at 3).
23. "Quality Sort — once per round"; "Open Bill — one extra mash-bill draw"; "House Blend — one slot"
    [quality_sort_draws, open_bill_draws, house_blend_slots]
    existing: UL test_quality_sort_one_free_draw_per_round, test_open_bill_one_extra_draw_each_round,
    test_house_blend_one_slot_accepts_any_type (each: the allowed one and the one past it).
24. "every recipe needs exactly 1 cask, at least 1 corn, and at least 1 grain"  [validated content]
    existing: RS test_mash_bill_with_no_cask_is_refused, test_mash_bill_with_no_grain_or_no_corn_is_
    refused; BR test_every_default_recipe_is_bourbon (2 casks); UL test_house_blend_cannot_*.
25. Values, not thresholds: "Start with 5 Capital, 0 Prestige"; Char & Toast age 1; Climate +2; Mega +2;
    Overflow +2; Grand +3; Master +1; Prospector draws 2 — BR test_start_capital_*, one UL test each.

Places the book moves something (where it ends up, and nowhere else)
--------------------------------------------------------------------
- wiped on a crash → the demand discard: test_a_crash_sends_the_wiped_cards_to_the_discard_only
- wiped on a Hot reset → the demand discard; the completed card → its finisher; below Hot nothing else
  moves: test_hot_reset_from_exactly_hot_zone_from
- a completed card → the player who filled the last slot: test_a_card_completes_on_exactly_its_last_slot
- a retired barrel's cards → their own piles' discards, its mash bill → the supply's discard: test_a_
  retired_barrel_goes_to_the_discards_only (BR test_retired_barrel_cards_go_to_their_discards: cards only)
- unkept mash bills → the bottom of the supply: test_unkept_mash_bills_go_to_the_bottom_of_the_supply_only
- inherited dice past the Supply cap → the pool: test_inherited_dice_fill_exactly_the_supply_cap
- existing: revealed demand cards not picked → the deck's bottom (BR test_marketing_level_one_reveals_two_
  and_first_player_picks); dice passed on, then back to the pool (BR test_unclaimed_dice_pass_on_and_
  leftovers_return); a pile's discard shuffled back in (BR test_empty_pile_reshuffles_its_discard);
  Prospector's other card → the discard (UL test_prospector_draws_two_keeps_better); Long Cellar's
  unstaged card → the warehouse (UL test_long_cellar_staged_cards_stay_swappable); a completed private
  card → its owner, and a replacement (UL test_private_card_completion_keeps_prestige_replaces_and_never_
  hot_resets).
"""

from __future__ import annotations

import pytest
from helpers import add_barrel, bill_with, card, events, give_card, legal_texts, new_game, play_to, refresh, set_table

import bourbon_lab as bl
from bourbon_lab.games.bourbonomics.content import QUALITIES, RESOURCES

RULES = bl.Ruleset.default()
OPEN = [c.id for c in RULES.demand_cards if c.is_open]
PRIME_BILL = "M01"  # Classic, cask + corn + rye, prime window 6-8, no bonus sale


def edges(value: int) -> tuple[int, int, int]:
    """value − 1, value, value + 1: below, at and above a threshold."""
    return value - 1, value, value + 1


def side(n: int, value: int) -> str:
    return {-1: "below", 0: "at", 1: "above"}[n - value]


def rulesets(**changed):
    """The defaults and each named change, as pytest params (ids: ``default`` and the change's name)."""
    out = [pytest.param(RULES, id="default")]
    out += [pytest.param(RULES.replace(**fields), id=name) for name, fields in changed.items()]
    return out


def at_play(rules=RULES, players=4, seed=7, distilleries=None):
    """A game at the first Play turn of round 1; returns (game, seat of the current player)."""
    g = new_game(players, seed, rules=rules, distilleries=distilleries)
    play_to(g, "play", "turn")
    return g, g.current_player


def deal_table(g, ids, filled=None):
    """``set_table`` with those cards taken out of the demand deck and discard, so each is in exactly one place."""
    g.demand.cards = [c for c in g.demand.cards if c not in ids]
    g.demand.discards = [c for c in g.demand.discards if c not in ids]
    return set_table(g, ids, filled)


def demand_places(g, cid: str) -> list[str]:
    """Every place a demand card is in: table, deck, discard, reveal, a player's completed cards or private card."""
    out = ["table"] * sum(c.id == cid for c in g.table)
    out += ["deck"] * g.demand.cards.count(cid) + ["discard"] * g.demand.discards.count(cid)
    out += ["reveal"] * g.demand_reveal.count(cid)
    for p in g.players:
        out += [f"completed P{p.seat}"] * sum(c == cid for c, _ in p.completed)
        out += [f"private P{p.seat}"] * (p.private is not None and p.private.id == cid)
    return out


def resource_places(g, c) -> list[str]:
    """Every place a resource card is in: any pile, any pile's discard, any warehouse, any barrel."""
    out = []
    for kind in RESOURCES:
        out += [f"pile {kind}"] * g.piles.piles[kind].count(c) + [f"discard {kind}"] * g.piles.discards[kind].count(c)
    for p in g.players:
        out += [f"warehouse P{p.seat}"] * p.warehouse.count(c)
        out += [f"barrel P{p.seat}"] * sum(b.cards.count(c) for b in p.barrels)
    return out


def bill_places(g, bill: str) -> list[str]:
    """Every place a mash bill is in: the supply, its discard, the revealed row, a player's rickhouse."""
    out = ["supply"] * g.bills.cards.count(bill) + ["discard"] * g.bills.discards.count(bill)
    out += ["revealed"] * g.revealed_bills.count(bill)
    for p in g.players:
        out += [f"rickhouse P{p.seat}"] * sum(b.bill == bill for b in p.barrels)
    return out


def prime_age(rules, bill=PRIME_BILL) -> int:
    return rules.bills_by_id[bill].prime[0]


def band(rules, bill: str, age: int) -> int:
    """The book's band: 0 younger (before the window), 1 prime (inside it), 2 older (past it)."""
    lo, hi = rules.bills_by_id[bill].prime
    return 0 if age < lo else 1 if age <= hi else 2


def build(g, seat: int, bill: str, quality: int):
    """A barrel of ``bill`` made through the engine (stage every recipe card of ``quality``, then make)."""
    b = add_barrel(g, seat, bill, built=False)
    for kind, n in g.rules.bills_by_id[bill].recipe:
        for _ in range(n):
            c = give_card(g, seat, kind, quality)
            g.apply(f"stage {c.id} -> {b.id}")
    g.apply(f"make {b.id}")
    return b


# --------------------------------------------------------------------------- players


def test_player_count_follows_the_ruleset():
    """Book: "Players: 2–6" — min_players / max_players; the defaults' 1, 2, 6, 7 are in test_two_to_six_players."""
    rules = RULES.replace(min_players=3, max_players=5)
    for n in (*edges(rules.min_players), *edges(rules.max_players)):
        if rules.min_players <= n <= rules.max_players:
            assert len(new_game(n, 1, rules=rules).players) == n
        else:
            with pytest.raises(bl.SetupError):
                new_game(n, 1, rules=rules)


# --------------------------------------------------------------------------- demand zones, crash, Hot reset


@pytest.mark.parametrize(
    "rules", rulesets(hot_from_5={"mid_zone_from": 3, "hot_zone_from": 5}, crash_9={"crash_size": 9})
)
def test_hot_zone_from_its_edge(rules):
    """Book: "The number of cards on the table sets the current zone, which multiplies every sale"

    Book: "If a player completes a card while the zone is Hot (6 cards)"; "Low ×1, Mid ×2, Hot ×3"

    A table never holds ``crash_size`` cards, so on the defaults (Hot 6, crash 7) "above" does not occur; the
    changed rulesets play it.
    """
    hot, (_, mid_x, hot_x) = rules.hot_zone_from, rules.zone_multipliers
    value = rules.age_values[0][1]  # a Common in its prime
    g, seat = at_play(rules)
    played = []
    for n in edges(hot):
        if n >= rules.crash_size:
            continue
        cards = OPEN[:n]
        set_table(g, cards)
        b = add_barrel(g, seat, PRIME_BILL, age=prime_age(rules))
        want = ("Hot", hot_x) if n >= hot else ("Mid", mid_x)
        assert (g.zone, g.multiplier) == want, side(n, hot)
        sale = events(g.apply(f"sell {b.id} -> {cards[-1]}"), "sale")[0]
        assert (sale.data["zone"], sale.data["multiplier"], sale.data["capital"]) == (*want, value * want[1])
        played.append(side(n, hot))
    assert played == (["below", "at"] if hot + 1 >= rules.crash_size else ["below", "at", "above"])


@pytest.mark.parametrize(
    "rules",
    rulesets(crash_4={"mid_zone_from": 2, "hot_zone_from": 3, "crash_size": 4}, crash_9={"crash_size": 9}),
)
def test_crash_on_exactly_the_nth_new_card(rules):
    """Book: "When the new card would be the 7th on the table, the whole table is wiped instead (uncompleted cards are
    lost — see What you lose on a wipe) and the market starts fresh with a single card."

    Book: "The pile grows by 1 each round and only shrinks when cards are completed"

    From the opener, one card a round: the (N−1)th card stays, the Nth crashes, and the next card after the crash
    is the 2nd of a fresh market (no crash).
    """
    n = rules.crash_size
    g = new_game(4, 7, rules=rules)
    sizes = []
    for r in range(2, n + 2):
        play_to(g, "collect", round=r)
        sizes.append(len(g.table))
    assert sizes == [*range(2, n), 1, 2]  # below: n−1 cards; at: the nth new card leaves 1; above: then 2
    crashes = [e for e in g.log if e.kind == "crash"]
    assert [(e.round, len(e.data["wiped"])) for e in crashes] == [(n, n - 1)]


@pytest.mark.parametrize(
    "rules", rulesets(hot_from_5={"mid_zone_from": 3, "hot_zone_from": 5}, crash_9={"crash_size": 9})
)
def test_hot_reset_from_exactly_hot_zone_from(rules):
    """Book: "If a player completes a card while the zone is Hot (6 cards), the market resets — in this exact order:
    1. That player resolves first — they bank their sale at the ×3 Hot multiplier and keep the card they completed.
    2. Then every other card on the table is wiped (uncompleted, so their Prestige is lost) and the market resets to a
    single card (Low)."

    Book: "Completing at Low or Mid does not reset anything."

    Decision (rules-decisions.md): "completed cards leave the game with their finisher, wiped cards go to the
    discard."
    """
    hot = rules.hot_zone_from
    for n in edges(hot):
        if n >= rules.crash_size:
            continue
        g, seat = at_play(rules, seed=9)
        other = (seat + 1) % g.n
        rest = [c for c in OPEN if c != "D16"][: n - 1]
        slots = rules.slots_per_player * g.n
        deal_table(g, ["D16", *rest], filled=[[other] * (slots - 1)] + [[other]] * (n - 1))
        top = g.demand.cards[-1]
        b = add_barrel(g, seat, PRIME_BILL, age=prime_age(rules))
        evs = g.apply(f"sell {b.id} -> D16")
        where = side(n, hot)
        assert demand_places(g, "D16") == [f"completed P{seat}"], where
        reset = n >= hot
        assert ("hot_reset" in [e.kind for e in evs]) == reset, where
        assert events(evs, "sale")[0].data["multiplier"] == rules.zone_multipliers[2 if reset else 1], where
        for cid in rest:
            assert demand_places(g, cid) == (["discard"] if reset else ["table"]), (where, cid)
        assert [c.id for c in g.table] == ([top] if reset else rest), where
        assert all(c.filled == ([] if reset else [other]) for c in g.table), where


@pytest.mark.parametrize(
    "rules,players",
    [
        pytest.param(RULES, 2, id="default-2p"),
        pytest.param(RULES, 6, id="default-6p"),
        pytest.param(RULES.replace(slots_per_player=3), 3, id="3_per_player-3p"),
    ],
)
def test_a_card_completes_on_exactly_its_last_slot(rules, players):
    """Book: "Slots — a row of 2 × player count slots. Each slot is one sale."

    Book: "Cards stay on the table until they're completed (every slot filled). A completed card is removed and kept
    by the player who filled the last slot as Prestige."
    """
    slots = rules.slots_per_player * players
    g, seat = at_play(rules, players)
    assert g.table[0].slots == slots  # the opener too
    other = (seat + 1) % players
    cid = "D16"
    deal_table(g, [cid], filled=[[other] * (slots - 2)])
    b1, b2, b3 = (add_barrel(g, seat, PRIME_BILL, age=prime_age(rules)) for _ in range(3))
    g.apply(f"sell {b1.id} -> {cid}")  # below: slots − 1 filled, one slot still open
    assert g.table[0].open_slots == 1 and g.players[seat].completed == []
    assert demand_places(g, cid) == ["table"]
    evs = g.apply(f"sell {b2.id} -> {cid}")  # at: the last slot
    assert "order_completed" in [e.kind for e in evs]
    assert demand_places(g, cid) == [f"completed P{seat}"]
    assert g.players[other].completed == []
    assert g.why_illegal(f"sell {b3.id} -> {cid}") is not None  # above: there is no slot past the last


# --------------------------------------------------------------------------- upgrades


def _upgrade_edge(g, seat, text, nth, cost, level_of):
    """Capital cost − 1, cost, cost + 1 for the nth upgrade: refused, then affordable leaving 0, then 1."""
    p = g.players[seat]
    dept = text.split()[1]
    for capital in edges(cost):
        if capital < 0:  # "Capital never goes negative": a free upgrade has no "below"
            continue
        p.upgrades, p.capital, p.levels[dept] = nth - 1, capital, level_of
        p.ultimates.pop(dept, None)
        refresh(g)
        where = (nth, side(capital, cost))
        if capital < cost:
            assert g.why_illegal(text) is not None, where
            assert text not in legal_texts(g), where
            continue
        assert text in legal_texts(g), where
        g.apply(text)
        assert (p.capital, p.upgrades, p.levels[dept]) == (capital - cost, nth, level_of + 1), where


@pytest.mark.parametrize(
    "rules",
    rulesets(
        first_2_step_3={"upgrade_cost_first": 2, "upgrade_cost_step": 3},
        free_first={"upgrade_cost_first": 0, "upgrade_cost_step": 2},
    ),
)
def test_upgrade_affordable_at_exactly_its_cost(rules):
    """Book: "Each upgrade costs more than the last: your 1st costs 1 Capital, your 2nd costs 2, your 3rd costs 3, and
    so on — one rising price shared across all your departments."

    Decision (rules-decisions.md): "the n-th upgrade of a player costs n Capital ... (the curve is tunable). Capital
    never goes negative."
    """
    g, seat = at_play(rules)
    for nth in range(1, 5):
        cost = rules.upgrade_cost_first + (nth - 1) * rules.upgrade_cost_step
        if rules == RULES:
            assert cost == nth  # the book's own numbers
        _upgrade_edge(g, seat, "upgrade warehouse", nth, cost, level_of=0)
    top = len(rules.rickhouse_levels) - 1  # the Ultimate step: the same rising price
    cost = rules.upgrade_cost_first + 2 * rules.upgrade_cost_step
    _upgrade_edge(g, seat, "upgrade rickhouse -> mega_expansion", 3, cost, level_of=top)


# --------------------------------------------------------------------------- department caps


@pytest.mark.parametrize("rules", rulesets(levels_2_4_7={"rickhouse_levels": (2, 4, 7)}))
@pytest.mark.parametrize("level", [0, 1, 2])
def test_rickhouse_cap_at_every_level(rules, level):
    """Book: "Your Rickhouse department sets how many barrels you can hold (resting + aging). It starts at 3."

    Book: "If your rickhouse is full, you can't draw mash bills — build and sell to free up room."

    Below: with cap − 1 barrels the bills are revealed and one is kept; above: the one that would be the
    (cap + 1)th is refused. At: with cap barrels no bill is revealed.
    """
    for held in (rules.rickhouse_levels[level] - 1, rules.rickhouse_levels[level]):
        g = new_game(4, 21, rules=rules)
        seat = g.order[1]
        g.players[seat].levels["rickhouse"] = level
        cap = g.number(seat, "rickhouse")
        assert cap == rules.rickhouse_levels[level]
        for _ in range(held):
            add_barrel(g, seat, PRIME_BILL, built=False)
        g.apply("return bills")
        play_to(g, "collect", player=seat)
        shown = [e for e in g.log if e.kind == "bills_revealed" and e.player == seat]
        if held == cap:  # at: full, so no bill is revealed and the turn goes straight on to the dice
            assert shown == [] and g.step in ("keep", "reroll")
            continue
        assert len(shown) == 1 and g.step == "bills"  # below: room for one
        first, *rest = g.revealed_bills
        assert g.why_illegal(f"keep bill {first}") is None
        evs = g.apply(f"keep bill {first}")
        assert len(g.players[seat].barrels) == cap
        # above: no (cap + 1)th barrel; keeping is over, the rest go back on their own
        assert [e.data["bills"] for e in events(evs, "bills_returned")] == [rest]


@pytest.mark.parametrize("rules", rulesets(levels_3_5_8={"warehouse_levels": (3, 5, 8)}))
def test_warehouse_cap_at_every_level(rules):
    """Book: "Claim dice into resource cards ... You can only claim up to what fits your Warehouse."

    Book: "You can never claim past your Warehouse cap, and you never discard at end of round."
    """
    for level in range(3):
        g = new_game(4, 26, rules=rules)
        seat = g.current_player
        p = g.players[seat]
        p.levels["warehouse"] = level
        cap = g.number(seat, "warehouse")
        assert cap == rules.warehouse_levels[level]
        g.apply("return bills")
        g.apply("stop rolling")
        for held in (cap + 1, cap, cap - 1):  # the full ones first: a claim up to the cap ends the claim step
            p.warehouse = [card("corn") for _ in range(held)]
            g.dice = ["rye", "any"]
            refresh(g)
            assert (g.step, g.current_player) == ("claim", seat)
            where = (level, side(held, cap))
            if held >= cap:  # at, above: refused by the rule itself, and not offered
                assert g.why_illegal("claim rye") is not None, where
                assert g.why_illegal("claim any -> rye") is not None, where
                assert legal_texts(g) == ["pass dice"], where
                assert len(p.warehouse) == held, where  # and nothing is discarded
                continue
            assert g.why_illegal("claim rye") is None, where  # below: one more fits
            evs = g.apply("claim rye")
            assert len(p.warehouse) == cap, where
            passed = events(evs, "dice_passed")  # full now: only passing is left, and it happens on its own
            assert [e.data["dice"] for e in passed] == [["any"]], where


@pytest.mark.parametrize("rules", rulesets(levels_3_5_7={"supply_levels": (3, 5, 7)}))
def test_inherited_dice_fill_exactly_the_supply_cap(rules):
    """Book: "Inherit the dice passed from the previous player. They sit on your table and count against your Supply
    cap."

    Book: "Keep the inherited dice you want; everything else — plus enough fresh dice to fill your table up to your
    Supply cap — is rolled."

    Decision (rules-decisions.md): "Inherited dice beyond the cap return to the pool."
    """
    g = new_game(4, 23, rules=rules)
    leader, second = g.order[0], g.order[1]
    g.players[leader].levels["supply"] = 2
    g.players[second].levels["supply"] = 0
    big, cap = rules.supply_levels[2], rules.supply_levels[0]
    g.apply("return bills")
    assert len(g.dice) == big  # the leader rolls a table of exactly its cap
    g.apply("stop rolling")
    passed = list(g.dice)
    g.apply("pass dice")
    if g.step == "bills":
        g.apply("return bills")
    assert g.current_player == second and g.step == "keep"
    for face in passed[: cap - 1]:
        g.apply(f"keep die {face}")
    assert f"keep die {passed[cap - 1]}" in legal_texts(g)  # below: one more fits
    g.apply(f"keep die {passed[cap - 1]}")  # at: the table is full, so the roll follows on its own
    assert g.step == "reroll" and g.dice == passed[:cap]
    rolled = [e for e in g.log if e.kind == "dice_rolled"][-1]
    assert rolled.data["faces"] == []  # above: no fresh die past the cap
    assert sorted(rolled.data["returned"]) == sorted(passed[cap:])  # the rest go back to the pool


@pytest.mark.parametrize("rules", rulesets(two_free={"free_rerolls": 2}))
def test_rerolls_edge(rules):
    """Book: "Reroll any dice you don't like, once. (The Supply Second Reroll upgrade gives you a second reroll.)" """
    g = new_game(4, 24, rules=rules)
    g.apply("return bills")
    for k in range(rules.free_rerolls):  # below the limit: a reroll is allowed
        assert g.step == "reroll", k
        g.apply(f"select {g.dice[0]}")
        assert g.why_illegal("reroll") is None, k
        g.apply("reroll")
    assert len([e for e in g.log if e.kind == "dice_rerolled"]) == rules.free_rerolls  # at: all used
    assert g.step == "claim"  # above: none left, so rolling ends on its own


# --------------------------------------------------------------------------- ages and sales


@pytest.mark.parametrize("rules", rulesets(sell_at_3={"min_sell_age": 3}, sell_at_1={"min_sell_age": 1}))
def test_sell_age_edge(rules):
    """Book: "Aging is automatic ... They become sellable at age 2."

    Book: "A barrel below age 2 can't be sold yet."
    """
    g, seat = at_play(rules)
    quality = 2  # Rare: every band is worth something
    for age in edges(rules.min_sell_age):
        set_table(g, OPEN[:1])
        b = add_barrel(g, seat, PRIME_BILL, age=age, quality=quality)
        text = f"sell {b.id} -> {OPEN[0]}"
        where = side(age, rules.min_sell_age)
        if age < rules.min_sell_age:
            assert g.why_illegal(text) is not None and text not in legal_texts(g), where
            continue
        assert text in legal_texts(g), where
        sale = events(g.apply(text), "sale")[0]
        assert sale.data["capital"] == rules.age_values[quality][band(rules, PRIME_BILL, age)], where


def _window_cases():
    """One bill per distinct prime window of the default content, and M01 with a changed window."""
    seen = {}
    for b in RULES.mash_bills:
        seen.setdefault(b.prime, b.id)
    out = [pytest.param(RULES, bill, id=f"{bill}-{lo}-{hi}") for (lo, hi), bill in sorted(seen.items())]
    bills = [dict(b.to_data(), prime=[3, 9]) if b.id == PRIME_BILL else b.to_data() for b in RULES.mash_bills]
    out.append(pytest.param(RULES.replace(mash_bills=bills), PRIME_BILL, id=f"{PRIME_BILL}-changed-3-9"))
    return out


@pytest.mark.parametrize("rules,bill", _window_cases())
def test_prime_window_edges(rules, bill):
    """Book: "Every mash bill has a prime window (for example, 6–8 years)."

    Book: "Younger — old enough to sell (age 2+) but not yet in its window: the low value. Prime — inside its window:
    the best value. Older — past its window: still good, but less than prime."
    """
    lo, hi = rules.bills_by_id[bill].prime
    quality = 2  # Rare: younger, prime and older are three different values on the defaults
    g, seat = at_play(rules)
    for age in sorted({*edges(lo), *edges(hi)}):
        if age < rules.min_sell_age:
            continue
        set_table(g, OPEN[:1])
        b = add_barrel(g, seat, bill, age=age, quality=quality)
        sale = events(g.apply(f"sell {b.id} -> {OPEN[0]}"), "sale")[0]
        want = "younger" if age < lo else "prime" if age <= hi else "older"
        assert sale.data["band"] == want, age
        assert sale.data["capital"] == rules.age_values[quality][("younger", "prime", "older").index(want)], age


def _changed_card(card_id, **patch):
    cards = [dict(c.to_data(), **patch) if c.id == card_id else c.to_data() for c in RULES.demand_cards]
    return RULES.replace(demand_cards=cards)


def _gated(pred, changed):
    out = [pytest.param(RULES, c.id, id=c.id) for c in RULES.demand_cards if pred(c)]
    return out + [pytest.param(rules, cid, id=f"{cid}-changed") for cid, rules in changed]


def _sell_check(rules, cid, age, quality):
    """Whether a barrel of that age and quality, carrying the card's tags, may fill a slot of the card."""
    g, seat = at_play(rules)
    deal_table(g, [cid])
    tags = rules.cards_by_id[cid].tags
    b = add_barrel(g, seat, bill_with(rules, tags[0] if tags else None), age=age, quality=quality)
    text = f"sell {b.id} -> {cid}"
    allowed = g.why_illegal(text) is None
    assert allowed == (text in legal_texts(g))
    if allowed:
        g.apply(text)
        assert g.table[0].filled == [seat]
    return allowed


@pytest.mark.parametrize("rules,cid", _gated(lambda c: c.min_age > 0, [("D36", _changed_card("D36", min_age=6))]))
def test_order_minimum_age_edge(rules, cid):
    """Book: "Requirement — what a bourbon must be to fill a slot: required tags, a minimum age, and/or a minimum
    quality."
    """
    c = rules.cards_by_id[cid]
    for age in edges(c.min_age):
        allowed = _sell_check(rules, cid, age, c.min_quality_index)
        assert allowed == (age >= c.min_age), side(age, c.min_age)


@pytest.mark.parametrize(
    "rules,cid", _gated(lambda c: c.min_quality_index > 0, [("D39", _changed_card("D39", min_quality="Epic"))])
)
def test_order_minimum_quality_edge(rules, cid):
    """Book: "Requirement — what a bourbon must be to fill a slot: required tags, a minimum age, and/or a minimum
    quality."

    Book: "the best ones also ask for higher quality or age"
    """
    c = rules.cards_by_id[cid]
    age = max(c.min_age, rules.min_sell_age)
    for q in edges(c.min_quality_index):
        if q >= len(QUALITIES):  # nothing above Legendary
            continue
        assert _sell_check(rules, cid, age, q) == (q >= c.min_quality_index), side(q, c.min_quality_index)


@pytest.mark.parametrize("rules", rulesets(sales_2_2_3_4_5={"sales_per_quality": (2, 2, 3, 4, 5)}))
@pytest.mark.parametrize("bill", ["M01", "M07"])  # no bonus sale / a bill that sells once more
def test_a_barrel_leaves_on_exactly_its_last_sale(rules, bill):
    """Book: "How many times you can sell a barrel is set by its quality, not its recipe: Common sells once, up to 3
    times at Legendary. (A few mash bills bend this slightly — e.g. a Common that still sells twice.)"

    Book: "A barrel only leaves your rickhouse after its last sale."
    """
    g, seat = at_play(rules)
    p = g.players[seat]
    for q in range(len(QUALITIES)):
        b = build(g, seat, bill, q)
        n = rules.sales_per_quality[q] + rules.bills_by_id[bill].bonus_sales
        assert b.sales_left == n, q
        b.age = prime_age(rules, bill)
        for k in range(1, n + 1):
            set_table(g, OPEN[:1])
            g.apply(f"sell {b.id} -> {OPEN[0]}")
            assert (b in p.barrels) == (k < n), (q, k, n)  # below: stays; at: leaves
        set_table(g, OPEN[:1])
        assert g.why_illegal(f"sell {b.id} -> {OPEN[0]}") is not None  # above: no (n + 1)th sale


# --------------------------------------------------------------------------- end of the game


@pytest.mark.parametrize("rules", rulesets(three_orders={"orders_to_end": 3}))
def test_orders_to_end_edge(rules):
    """Book: "The game ends as soon as a player has completed 8 orders. The current round finishes so everyone gets the
    same number of turns, then you score."
    """
    n = rules.orders_to_end
    g, seat = at_play(rules, 3, seed=41)
    p = g.players[seat]
    p.completed = [(f"X{i}", 1) for i in range(n - 2)]
    other = (seat + 1) % 3
    cards = OPEN[:3]
    deal_table(g, cards, filled=[[other] * (rules.slots_per_player * 3 - 1)] * 3)
    for cid, done in zip(cards, edges(n)):
        b = add_barrel(g, seat, PRIME_BILL, age=prime_age(rules))
        evs = g.apply(f"sell {b.id} -> {cid}")
        assert len(p.completed) == done
        assert g.end_triggered == (done >= n), side(done, n)
        assert len(events(evs, "final_round")) == (done == n), side(done, n)  # announced once, at exactly n
    for _ in range(3):
        assert not g.is_over
        g.apply("end turn")
    assert g.is_over and g.ended_by == "orders" and g.round == 1


# --------------------------------------------------------------------------- Ultimates with a threshold


@pytest.mark.parametrize("rules", rulesets(at_5={"double_maturation_age": 5}))
def test_double_maturation_edge(rules):
    """Book: "Double Maturation — a barrel that reaches age 8+ gets one extra sale."

    Decision (rules-decisions.md): "Double Maturation — a barrel's first reaching age 8 grants one extra sale."
    """
    n, extra = rules.double_maturation_age, rules.double_maturation_extra_sales
    g, seat = at_play(rules, distilleries="hollow_creek")
    p = g.players[seat]
    p.levels["rickhouse"], p.ultimates["rickhouse"] = len(rules.rickhouse_levels), "double_maturation"
    below, at = add_barrel(g, seat, PRIME_BILL, age=n - 2), add_barrel(g, seat, PRIME_BILL, age=n - 1)
    play_to(g, "collect", round=2)  # ages n − 1 and n
    assert (below.age, below.sales_left) == (n - 1, 1)
    assert (at.age, at.sales_left) == (n, 1 + extra)
    play_to(g, "collect", round=3)  # ages n and n + 1
    assert (below.age, below.sales_left) == (n, 1 + extra)
    assert (at.age, at.sales_left) == (n + 1, 1 + extra)  # above: no second extra sale


@pytest.mark.parametrize("rules", rulesets(two_barrels={"warehouse_tasting_min_barrels": 2}))
def test_warehouse_tasting_edge(rules):
    """Book: "Warehouse Tasting — while 3+ of your barrels are aging, gain +1 Capital each round."

    Book: "A resting barrel takes a slot but doesn't age."
    """
    n, gain = rules.warehouse_tasting_min_barrels, rules.warehouse_tasting_capital
    g, _ = at_play(rules, distilleries="copper_kettle")
    seats = {0: n - 1, 1: n, 2: n + 1}
    for seat, built in seats.items():
        p = g.players[seat]
        p.levels["rickhouse"], p.ultimates["rickhouse"] = len(rules.rickhouse_levels), "warehouse_tasting"
        for _ in range(built):
            add_barrel(g, seat, PRIME_BILL, age=0)
        add_barrel(g, seat, PRIME_BILL, built=False)  # resting: never counts
    before = {seat: g.players[seat].capital for seat in seats}
    play_to(g, "collect", round=2)
    for seat, built in seats.items():
        assert g.players[seat].capital == before[seat] + (gain if built >= n else 0), side(built, n)


@pytest.mark.parametrize("rules", rulesets(three_dice={"triple_threat_dice": 3}))
def test_triple_threat_edge(rules):
    """Book: "Triple Threat — once per Collect turn, discard 2 dice you don't want to take 1 die of any face." """
    n = rules.triple_threat_dice
    for k in edges(n):
        g = new_game(4, 7, rules=rules, distilleries="gristwheel_run")  # 5 dice at Base
        p = g.players[g.current_player]
        p.levels["supply"], p.ultimates["supply"] = len(rules.supply_levels), "triple_threat"
        refresh(g)
        g.apply("return bills")
        g.dice = ["cask", "cask", "corn", "rye", "wheat", "barley"][: len(g.dice)]
        refresh(g)
        for face in g.dice[:k]:
            g.apply(f"select {face}")
        ok = g.why_illegal("trade -> any") is None
        assert ok == (k == n), side(k, n)
        if ok:
            before = len(g.dice)
            g.apply("trade -> any")
            assert len(g.dice) == before - n + 1 and "any" in g.dice


# --------------------------------------------------------------------------- where things go


def test_a_crash_sends_the_wiped_cards_to_the_discard_only():
    """Book: "the whole table is wiped instead (uncompleted cards are lost — see What you lose on a wipe) and the
    market starts fresh with a single card."

    Decision (rules-decisions.md): "completed cards leave the game with their finisher, wiped cards go to the
    discard."
    """
    g, seat = at_play(seed=2)
    wiped = OPEN[: RULES.crash_size - 1]
    deal_table(g, wiped, filled=[[seat]] + [[]] * (len(wiped) - 1))
    top = g.demand.cards[-1]
    play_to(g, "collect", round=2)
    for cid in wiped:
        assert demand_places(g, cid) == ["discard"], cid
    assert demand_places(g, top) == ["table"]


def test_a_retired_barrel_goes_to_the_discards_only():
    """Book: "A barrel only leaves your rickhouse after its last sale."

    Decision (rules-decisions.md): "Cards built into a barrel go to their pile's discard when that barrel leaves the
    rickhouse."

    Book: "Shuffle the mash bills into a supply (it reshuffles when it runs low)." — the bill goes to the supply's
    discard, to come back when the supply reshuffles.
    """
    g, seat = at_play()
    bill = "M07"  # Rye: sells once more than its quality says
    g.bills.cards = [b for b in g.bills.cards if b != bill]
    g.bills.discards = [b for b in g.bills.discards if b != bill]
    b = build(g, seat, bill, 0)
    cards = list(b.cards)
    b.age = prime_age(RULES, bill)
    assert b.sales_left == 2
    set_table(g, OPEN[:1])
    g.apply(f"sell {b.id} -> {OPEN[0]}")  # not the last sale: nothing moves
    assert all(resource_places(g, c) == [f"barrel P{seat}"] for c in cards)
    assert bill_places(g, bill) == [f"rickhouse P{seat}"]
    g.apply(f"sell {b.id} -> {OPEN[0]}")
    assert b not in g.players[seat].barrels
    for c in cards:
        assert resource_places(g, c) == [f"discard {c.kind}"], c
    assert bill_places(g, bill) == ["discard"]


@pytest.mark.parametrize("mash_floor", [0, 2])
def test_unkept_mash_bills_go_to_the_bottom_of_the_supply_only(mash_floor):
    """Book: "Reveal Mash Floor-many mash bills and keep any you like as resting barrels"

    Decision (rules-decisions.md): "keep any number that fit the free rickhouse slots; the rest go to the bottom of
    the supply"
    """
    g = new_game(4, 21)
    seat = g.current_player
    if mash_floor:
        g.apply("return bills")
        g.players[g.order[1]].levels["mash_floor"] = mash_floor
        play_to(g, "collect", "bills", g.order[1])
        seat = g.current_player
    shown = list(g.revealed_bills)
    assert len(shown) == g.number(seat, "mash_floor")
    supply = list(g.bills.cards)
    g.apply(f"keep bill {shown[0]}")
    g.apply("return bills")
    rest = shown[1:]
    assert sorted(g.bills.cards[: len(rest)]) == sorted(rest)  # at the bottom (index 0), not the top
    assert g.bills.cards[len(rest) :] == supply
    for bill in rest:
        assert bill_places(g, bill) == ["supply"], bill
    assert bill_places(g, shown[0]) == [f"rickhouse P{seat}"]
