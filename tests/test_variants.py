"""One test per named rule variant: the default reading and the switched one, each doing what it says."""

from __future__ import annotations

import bourbon_lab as bl
from tests.helpers import add_barrel, first_open_card, new_game, play_to, set_table, to_play


def test_the_four_variants_are_listed_with_their_defaults():
    listed = {v["name"]: (v["choices"], v["default"]) for v in bl.Ruleset.variants()}
    assert listed == {
        "piles": (["deck", "iid"], "deck"),
        "opening_round_adds_card": ([False, True], False),
        "demand_draw": (["first_player_picks", "top_card"], "first_player_picks"),
        "barrel_sales_per_round": ([1, None], None),  # ours: none since calibrated-2 (first draft: 1)
    }


# --- piles: "deck" (finite shuffled decks) vs "iid" (every draw samples the odds)


def _quality_counts(g) -> dict[str, list[int]]:
    """Per pile: how many cards of each quality (Common first) it was dealt."""
    return {kind: [sum(1 for c in pile if c.quality == q) for q in range(5)] for kind, pile in g.piles.piles.items()}


def test_piles_deck_apportions_qualities_by_largest_remainder():
    """Default: each pile is a finite shuffled deck of pile_size cards whose qualities follow the quality odds."""
    g = new_game()
    assert (g.rules.pile_size, g.rules.quality_odds) == (55, (60, 24, 10, 4, 2))  # ours, calibrated-3
    # 60/24/10/4/2 % of 55 = 33, 13.2, 5.5, 2.2, 1.1: floors 33+13+5+2+1 = 54, and the largest remainder (.5 Rare)
    # takes the last card
    assert set(map(tuple, _quality_counts(g).values())) == {(33, 13, 6, 2, 1)}
    # calibrated-2: 29/36/22/11/2 % of 55, .95 Common and .8 Uncommon round up
    two = new_game(rules=bl.Ruleset.named("calibrated-2"))
    assert set(map(tuple, _quality_counts(two).values())) == {(16, 20, 12, 6, 1)}
    # first draft: 50/25/15/8/2 % of 40, Legendary's 0.8 beats Epic's 3.2
    first = new_game(rules=bl.Ruleset.named("first-draft"))
    assert set(map(tuple, _quality_counts(first).values())) == {(20, 10, 6, 3, 1)}


def test_piles_deck_remembers_what_was_drawn():
    g = new_game()
    before = len(g.piles.piles["rye"])
    play_to(g, "play")
    drawn = sum(1 for e in g.log if e.kind == "card_drawn" and e.data["pile"] == "rye")
    assert len(g.piles.piles["rye"]) == before - drawn


def test_piles_iid_samples_every_draw_with_no_deck():
    """Variant piles = "iid": every draw samples a quality from the odds (no deck memory)."""
    g = new_game(piles="iid", quality_odds=(0, 0, 0, 0, 100))
    assert all(not pile for pile in g.piles.piles.values())
    play_to(g, "play")
    drawn = [e for e in g.log if e.kind == "card_drawn"]
    assert drawn and all(e.data["quality"] == "Legendary" for e in drawn)
    assert all(not pile for pile in g.piles.piles.values())


# --- opening_round_adds_card


def test_round_one_keeps_the_opener_alone_by_default():
    """Default: round 1 adds no further card (the opener is round 1's card)."""
    g = new_game()
    assert g.round == 1 and len(g.table) == 1
    assert g.rules.cards_by_id[g.table[0].id].is_open


def test_opening_round_adds_card_variant_adds_a_second_card_in_round_one():
    g = new_game(opening_round_adds_card=True, demand_draw="top_card")
    assert g.round == 1 and len(g.table) == 2
    assert [e.kind for e in g.log if e.kind == "card_added" and e.round == 1] == ["card_added"]


# --- demand_draw


def test_first_player_picks_reveals_marketing_many_and_keeps_the_rest_under():
    """Default: the first player reveals as many cards as their Marketing level shows, adds one."""
    g = new_game(players=3, distilleries=["bluegrass_bend"] * 3)  # Marketing starts at +1: 2 cards
    play_to(g, "demand", "pick")
    revealed = list(g.demand_reveal)
    assert len(revealed) == 2 and g.current_player == g.order[0]
    assert sorted(str(a) for a in g.legal_actions()) == sorted(f"pick {c}" for c in revealed)
    g.apply(f"pick {revealed[1]}")
    assert g.table[-1].id == revealed[1]
    assert g.demand.cards[0] == revealed[0]  # the rest go to the bottom of the deck


def test_top_card_variant_adds_the_top_card_whatever_marketing_shows():
    """Variant "top_card": the top card is added, Marketing level only matters for the Ultimate."""
    g = new_game(players=3, distilleries=["bluegrass_bend"] * 3, demand_draw="top_card")
    to_play(g)
    top = g.demand.cards[-1]
    while g.round == 1:
        g.apply("end turn") if g.step == "turn" else g.apply(g.legal_actions()[0])
    assert g.step != "pick"
    assert g.table[-1].id == top


# --- barrel_sales_per_round


def _legendary_ready(**changes):
    g = new_game(players=2, **changes)
    to_play(g)
    seat = g.current_player
    barrel = add_barrel(g, seat, "M01", age=7, quality=4, sales_left=3)
    opener = first_open_card(g.rules)
    others = [c.id for c in g.rules.demand_cards if c.is_open and c.id != opener][:1]
    set_table(g, [opener, *others])
    return g, barrel, opener, others[0]


def test_a_barrel_sells_once_per_round_in_the_variant_1():
    """Variant barrel_sales_per_round = 1 (the first draft's default): a barrel sells at most once per round."""
    assert bl.Ruleset.named("first-draft").barrel_sales_per_round == 1
    g, barrel, a, b = _legendary_ready(barrel_sales_per_round=1)
    g.apply(f"sell {barrel.id} -> {a}")
    assert f"sell {barrel.id} -> {b}" not in [str(x) for x in g.legal_actions()]
    try:
        g.apply(f"sell {barrel.id} -> {b}")
    except bl.IllegalAction as exc:
        assert "once" in exc.rule or "1 time" in exc.rule
    else:
        raise AssertionError("a second sale in the same round was accepted")


def test_a_barrel_may_sell_again_in_the_same_round_by_default():
    """Default barrel_sales_per_round = none (ours, calibrated-2): a barrel may sell again in the same round."""
    g, barrel, a, b = _legendary_ready()
    assert g.rules.barrel_sales_per_round is None
    g.apply(f"sell {barrel.id} -> {a}")
    g.apply(f"sell {barrel.id} -> {b}")
    assert barrel.sales_left == 1
