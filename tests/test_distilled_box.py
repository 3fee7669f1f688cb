"""Distilled's box (issue 43): ``data/box.yaml`` holds on every table, and the basic piles never grow.

Book, Components: "88 basic market ingredient/item cards • 36 premium market ingredient cards • 33 premium market
item cards • 30 distillery upgrade cards ... 10 starting item cards (5 metal barrels + 5 glass bottles)".
Tables are prepared with ``distilled_helpers`` (a dealt table, a snapshot edit, phase drivers).
"""

from __future__ import annotations

import random

import pytest
from distilled_helpers import commit, edit, first_legal, fresh, pass_market, rules

import bourbon_lab as bl
from bourbon_lab.core import get_game, restore
from bourbon_lab.core.box import check_box
from bourbon_lab.games.distilled.content import BASIC_ITEMS, content
from bourbon_lab.games.distilled.sell import Sell
from bourbon_lab.testing.harness import check_game

GAME = get_game("distilled")
FLIGHTS = ("A", "B")


def box_of(g) -> list[str]:
    return check_box(GAME, g)


def counts(g) -> dict[str, int]:
    from bourbon_lab.games.distilled.box import box_context

    return GAME.box.counts(g.rules, g.n, box_context(g))


# --- the file


def test_the_box_file_loads_with_the_books_numbers():
    box = GAME.box
    assert GAME.locate is not None and GAME.box_context is not None
    names = box.names()
    for name in ("premium_ingredient", "premium_item", "distillery_upgrade", "flavour", "goal", "award"):
        assert name in names
    assert {"metal_barrel", "glass_bottle", "starting_metal_barrel", "starting_glass_bottle"} <= set(names)
    g = fresh(players=5, flight="B")
    n = counts(g)
    assert (n["premium_ingredient"], n["premium_item"], n["distillery_upgrade"]) == (36, 33, 30)
    assert {k: len(v) for k, v in content().decks.items()} == {"ingredients": 36, "items": 33, "upgrades": 30}
    assert (n["flavour"], n["goal"], n["award"], n["identity"]) == (40, 20, 6, 12)
    assert (n["glass_bottle"], n["starting_glass_bottle"], n["signature_label"]) == (9, 5, 5)
    assert (n["moonshine_label"], n["mezcal_label"], n["bourbon_label"]) == (10, 5, 0)  # bourbon is flight A's
    assert sum(n[f"{t}_cube"] for t in ("bronze", "silver", "gold")) == 37  # "37 wooden ... recipe cubes"
    ceilings = box.ceilings(g.rules, g.n, {**GAME.box_context(g)})
    assert ceilings[("glass_bottle", "basic market")] == 9 == ceilings[("metal_barrel", "basic market")]
    ours = {c.name for c in box if c.source == "ours"}
    assert {"metal_barrel", "glass_bottle", "identity"} <= ours and "premium_ingredient" not in ours
    assert all(c.rule for c in box)


# --- a freshly dealt table


@pytest.mark.parametrize("flight", FLIGHTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_fresh_table_matches_the_box_exactly(players, flight):
    dealt = bl.new_game(rules(flight=flight), players=players, seed=players)  # identities still to choose
    assert box_of(dealt) == []
    g = fresh(players=players, seed=players, flight=flight)  # round 1, each seat with its identity
    assert box_of(g) == []
    found = {}
    for _, component, item in GAME.locate(g):
        k = item.n if hasattr(item, "n") else 1
        found[component] = found.get(component, 0) + k
    assert {k: v for k, v in found.items() if v} == {k: v for k, v in counts(g).items() if v}
    assert g.basic_stock == dict.fromkeys(BASIC_ITEMS, 9)
    starting = g.starting_items()
    assert sorted(starting) == sorted(c for p in range(players) for c in g.storeroom[p][:2])


# --- the bug of the issue: a starting item given at the truck grew the basic pile


def _truck_sale(players: int = 5, flight: str = "B"):
    """Seat 0 sells a vodka in its starting barrel and starting bottle, and lays its label on the truck space.

    The table is box-true: the barrel and the vodka label come from the seat and the supply, the truck card from
    the premium deck.
    """
    g = fresh(players=players, seed=3, flight=flight)

    def prep(s):
        barrel = s["storeroom"][0].pop(0)
        s["cards"] += ["grain", "yeast", "alcohol"]
        s["spirits"]["s90"] = {
            "owner": 0,
            "recipe": "vodka",
            "cards": [len(s["cards"]) - 3, len(s["cards"]) - 2, len(s["cards"]) - 1],
            "barrel": barrel,
            "flavours": [],
            "round": s["round"],
            "aged": False,
            "labelled": True,
        }
        s["label_supply"]["vodka"] -= 1
        s["pending"][0].append("s90")
        s["truck"].append(s["decks"]["items"].pop())

    g = edit(g, prep)
    assert box_of(g) == []
    g = commit(pass_market(g), {})
    bottle = g.storeroom[0][0]
    assert g.cards[bottle] == "glass_bottle" and bottle in g.starting_items()
    g.apply(f"sell s90 c{bottle}")
    g.apply("label 6")
    assert g.step == "give"
    return g, bottle


def test_a_starting_bottle_given_at_the_truck_does_not_grow_the_basic_pile():
    """'Discard to respective piles, take any card from truck' (label bonus); '10 starting item cards (5 metal
    barrels + 5 glass bottles)' apart from the '88 basic market ingredient/item cards', and 'Return starting items
    to storeroom': a seat's starting bottle is not the basic pile's, so the pile stays at the 9 it held at setup."""
    g, bottle = _truck_sale()
    assert g.basic_stock["glass_bottle"] == 9
    g.apply(f"give c{bottle}")
    assert g.basic_stock["glass_bottle"] == 9  # before the fix: 10
    assert bottle in g.out_of_game and bottle not in g.storeroom[0]
    assert box_of(g) == []
    g.apply(first_legal(g, "take truck"))
    assert box_of(g) == []


def test_a_bought_bottle_given_at_the_truck_goes_back_to_its_pile():
    """The pile's own card returns to it: 9 -> 8 when bought, 9 again when given back (the pile's ceiling)."""
    g, _ = _truck_sale()
    g = edit(g, lambda s: (s["cards"].append("glass_bottle"), s["storeroom"][0].append(len(s["cards"]) - 1)))
    g = edit(g, lambda s: s["basic_stock"].__setitem__("glass_bottle", 8))  # as if bought from the pile
    assert box_of(g) == []
    bought = g.storeroom[0][-1]
    g.apply(f"give c{bought}")
    assert g.basic_stock["glass_bottle"] == 9 and box_of(g) == []


def _old_give(self, p, words):
    """The return path before the fix: every metal barrel and glass bottle went to the basic pile."""
    cid = int(words[1][1:])
    (self.pantry[p] if cid in self.pantry[p] else self.storeroom[p]).remove(cid)
    if self.cards[cid] in BASIC_ITEMS and self.rules.basic_items == "finite":
        self.basic_stock[self.cards[cid]] += 1
    self.emit("label_bonus", p, bonus="truck_give", card=self.cards[cid])
    self.step = "bonus"


def test_the_pile_ceiling_catches_the_old_return_path(monkeypatch):
    """A planted bug: the old truck path puts a starting bottle in the basic pile; the box names both."""
    g, bottle = _truck_sale()
    monkeypatch.setattr(Sell, "_do_give", _old_give)
    g.apply(f"give c{bottle}")
    broken = box_of(g)
    assert "basic market holds 10 glass_bottle, more than the 9 it may hold" in broken
    assert any(b.startswith("10 glass_bottle in play (basic market 10)") and "created" in b for b in broken)
    assert any(b.startswith("4 starting_glass_bottle") and b.endswith("lost") for b in broken)


def _random_game(players: int, flight: str, seed: int, **changes):
    """A random legal game, the box checked after every action; the first break and the most a pile held."""
    g = bl.new_game(rules(flight=flight, **changes), players=players, seed=seed)
    rng = random.Random(seed)
    most = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()), check=False)
        most = max(most, *g.basic_stock.values())
        broken = box_of(g)
        if broken:
            return g, broken, most
    return g, [], most


def test_the_issues_game_keeps_the_pile_at_its_count():
    """5 players, flight B: in this random legal game a seat gives its starting glass bottle at the truck (action
    54); the pile grew to 10 there and stayed. Now it never passes the 9 it held at setup."""
    g, broken, most = _random_game(5, "B", 123)
    assert broken == [] and most <= 9 and g.is_over
    given = [e for e in g.log if e.kind == "label_bonus" and e.data["bonus"] == "truck_give"]
    assert any(e.data["card"] == "glass_bottle" for e in given)


def test_the_issues_game_broke_the_box_before_the_fix(monkeypatch):
    monkeypatch.setattr(Sell, "_do_give", _old_give)
    g, broken, most = _random_game(5, "B", 123)
    assert len(g.actions) == 54 and g.actions[-1] == "give c100" and most == 10
    assert "basic market holds 10 glass_bottle, more than the 9 it may hold" in broken


# --- every threshold at its edge


def test_a_pile_at_its_ceiling_passes_one_over_fails_one_under_is_fine_with_the_card_out():
    g = fresh(players=3, seed=4)
    assert g.basic_stock["metal_barrel"] == 9 and box_of(g) == []  # at the ceiling
    over = edit(g, lambda s: s["basic_stock"].__setitem__("metal_barrel", 10))
    broken = box_of(over)
    assert "basic market holds 10 metal_barrel, more than the 9 it may hold" in broken
    assert "10 metal_barrel in play (basic market 10), the box holds 9: created" in broken
    under = edit(g, lambda s: s["basic_stock"].__setitem__("metal_barrel", 8))
    assert "8 metal_barrel in play (basic market 8), the box holds 9: lost" in box_of(under)
    while g.decision.actor != 0:
        g.apply("pass")
    g.apply("basic metal_barrel")  # one under, its card in the storeroom
    assert g.basic_stock["metal_barrel"] == 8 and box_of(g) == []


def test_an_empty_pile_holds_and_a_negative_one_fails():
    g = fresh(players=2, seed=5)

    def empty(s):
        for _ in range(9):
            s["cards"].append("glass_bottle")
            s["storeroom"][1].append(len(s["cards"]) - 1)
        s["basic_stock"]["glass_bottle"] = 0

    g = edit(g, empty)
    assert box_of(g) == []
    assert not any(a == "basic glass_bottle" for a in g.legal_actions(g.decision.actor))
    negative = edit(g, lambda s: s["basic_stock"].__setitem__("glass_bottle", -1))
    assert "basic market holds -1 glass_bottle" in box_of(negative)


def test_a_label_supply_over_what_was_set_out_fails():
    g = fresh(players=2, seed=6, flight="B")
    assert g.label_supply["mezcal"] == 2 and box_of(g) == []
    over = edit(g, lambda s: s["label_supply"].__setitem__("mezcal", 3))
    assert "label supply holds 3 mezcal_label, more than the 2 it may hold" in box_of(over)


# --- planted bugs: a card duplicated, a card dropped


def test_a_duplicated_card_is_caught_naming_the_component_and_both_places():
    g = fresh(players=2, seed=7)
    cid = g.rows["ingredients"][0]
    doubled = edit(g, lambda s: s["pantry"][1].append(cid))
    assert f"premium_ingredient {cid} is in pantry[1] and in row ingredients" in box_of(doubled)


def test_a_card_dropped_from_out_of_the_game_is_lost():
    g, bottle = _truck_sale()
    g.apply(f"give c{bottle}")
    assert box_of(g) == []
    dropped = edit(g, lambda s: s["out_of_game"].remove(bottle))
    assert "4 starting_glass_bottle in play (storeroom[1] 1, storeroom[2] 1, storeroom[3] 1, storeroom[4] 1)" in (
        " ".join(box_of(dropped))
    )


def test_a_snapshot_keeps_what_left_the_game_and_an_older_one_restores_with_nothing_out():
    g, bottle = _truck_sale()
    g.apply(f"give c{bottle}")
    snap = g.snapshot()
    assert bottle in snap["out_of_game"] and "labels_out_of_game" not in snap  # written only when it holds some
    assert restore(snap, "distilled").out_of_game == g.out_of_game
    old = fresh(players=2, seed=8).snapshot()
    assert "out_of_game" not in old  # a table before any card left the game keeps its old bytes
    table = restore(old, "distilled")
    assert table.out_of_game == [] and table.labels_out_of_game == [] and box_of(table) == []


# --- random legal games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("flight", FLIGHTS)
def test_random_games_keep_the_box_after_every_action(players, flight):
    """Four games a table (32 in all), the box checked after every action, the basic piles never over 9."""
    for seed in range(4):
        g, broken, most = _random_game(players, flight, 1000 * players + seed)
        assert broken == [], (players, flight, seed, g.actions[-3:])
        assert most <= 9 and g.is_over


@pytest.mark.parametrize(
    "changes", [{"basic_items": "unlimited"}, {"labels": "unlimited"}, {"cubes": "finite"}, {"truck_bonus": "free"}]
)
def test_random_games_under_each_supply_variant_keep_the_box(changes):
    for seed, players in enumerate((2, 5)):
        _, broken, _ = _random_game(players, "B", 77 + seed, **changes)
        assert broken == []


def test_the_harness_checks_the_box_on_flight_b():
    report = check_game("distilled", players=[3, 5], variants=(), games=1, rules=rules(flight="B"), other_process=False)
    assert report.box_checked == report.decisions > 0
