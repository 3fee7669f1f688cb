"""The box law (issue 43): every box count holds, by construction.

Each built-in game declares its box as data (``core/box.py``) and says where everything is; a fresh table
matches its box at every player count; the file format is refused whole, naming the component and field;
``box_broken`` is exact at its edges; and random games of Microbrew and Bourbonomics keep the box after
every action, while a card or token duplicated or dropped in one rule path is caught by name.
"""

from __future__ import annotations

import random

import pytest

from bourbon_lab.core import get_game
from bourbon_lab.core.box import BoxError, box_broken, check_box, counted, evaluate, load_box, parse_box
from bourbon_lab.games import BUILTIN
from bourbon_lab.games.bourbonomics import game as bourbonomics_engine
from bourbon_lab.games.microbrew import state as microbrew_state
from bourbon_lab.testing.harness import HarnessFailure, check_game
from bourbon_lab.testing.soak import soak


def built_in_games() -> list[str]:
    """The games the lab ships (test-registered toys live outside ``bourbon_lab.games``)."""
    return sorted(BUILTIN)  # not a test's toy game (a compiled game's functions may have no __module__)


def tables() -> list[tuple[str, int]]:
    return [(name, n) for name in built_in_games() for n in get_game(name).info.player_counts]


@pytest.mark.parametrize("name", built_in_games())
def test_every_built_in_game_declares_a_box_and_a_locate(name):
    game = get_game(name)
    assert game.box_file is not None and game.locate is not None, f"{name} declares no box"
    assert len(game.box) > 0


@pytest.mark.parametrize(("name", "players"), tables())
def test_a_freshly_dealt_table_matches_its_box_exactly(name, players):
    game = get_game(name)
    for seed in (0, 1):
        assert check_box(game, game.new(game.default_rules(), players, seed)) == []


# --- the file format: refused whole, naming the component and the field


def good(**changes) -> dict:
    return {"name": "malt", "count": 16, "rule": "16 yellow light malt", **changes}


def without_rule() -> dict:
    out = good()
    del out["rule"]
    return out


FAULTS = {
    "unknown key": ([good(colour="yellow")], ["components[0]", "'colour'"]),
    "unknown count key": ([good(count={"players": {2: 1}, "each": 2})], ["malt.count", "'each'"]),
    "empty players table": ([good(count={"players": {}})], ["malt.count.players"]),
    "players not a mapping": ([good(count={"players": [16]})], ["malt.count.players"]),
    "count not a number": ([good(count="sixteen")], ["malt.count", "'sixteen'"]),
    "count a bool": ([good(count=True)], ["malt.count"]),
    "no count": ([good(count=None)], ["malt.count"]),
    "two count kinds": ([good(count={"players": {2: 1}, "per_player": 1})], ["malt.count", "exactly one"]),
    "no count kind": ([good(count={"times": 2})], ["malt.count", "exactly one"]),
    "bad times": ([good(count={"per_player": 1, "times": "seats"})], ["malt.count.times"]),
    "negative": ([good(count=-1)], ["malt.count", "below 0"]),
    "negative plus": ([good(count={"per_player": 1, "plus": -2})], ["malt.count.plus", "below 0"]),
    "negative ceiling": ([good(places={"tin": {"at_most": -1}})], ["malt.places.tin.at_most", "below 0"]),
    "missing rule": ([without_rule()], ["malt.rule"]),
    "blank rule": ([good(rule="  ")], ["malt.rule"]),
    "duplicate name": ([good(), good()], ["components[1].name", "'malt' is listed twice"]),
    "name not a word": ([good(name="light malt")], ["components[0].name", "'light malt'"]),
    "places not a mapping": ([good(places=["tin"])], ["malt.places"]),
    "place without at_most": ([good(places={"tin": 16})], ["malt.places.tin"]),
    "place with more than at_most": ([good(places={"tin": {"at_most": 16, "at_least": 1}})], ["malt.places.tin"]),
    "bad kind": ([good(kind="meeple")], ["malt.kind", "'meeple'"]),
    "bad source": ([good(source="guess")], ["malt.source", "'guess'"]),
    "component not a mapping": ([good(), "malt"], ["components[1]"]),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_a_bad_box_file_is_refused_naming_the_component_and_field(fault):
    components, words = FAULTS[fault]
    with pytest.raises(BoxError) as caught:
        parse_box({"components": components}, "box.yaml")
    assert all(w in str(caught.value) for w in ["box.yaml", *words]), str(caught.value)


@pytest.mark.parametrize("data", [None, {}, {"components": []}, {"components": {"malt": 16}}, [good()]])
def test_a_box_file_without_a_list_of_components_is_refused(data):
    with pytest.raises(BoxError, match="components"):
        parse_box(data, "box.yaml")


def test_one_bad_component_refuses_the_whole_file(tmp_path):
    path = tmp_path / "box.yaml"
    path.write_text("components:\n  - {name: malt, count: 16, rule: r}\n  - {name: hop, count: -6, rule: r}\n")
    with pytest.raises(BoxError, match=r"hop\.count: -6 is below 0"):
        load_box(path)
    path.write_text("components:\n  - {name: malt, count: 16, rule: r}\n  - {name: hop, count: 6, rule: r}\n")
    assert load_box(path).names() == ["malt", "hop"]


# --- every count form


class Rules:
    tin = 16
    hops = 6


def value(spec, players=2, **context):
    return evaluate(spec, Rules(), {"players": players, **context}, "box.yaml: malt.count")


def test_every_count_form_evaluates_at_the_table():
    assert value(16) == 16
    assert value({"players": {2: 30, 3: 40}}, 3) == 40
    assert value({"per_player": 2}, 4) == 8
    assert value({"field": "tin"}) == 16
    assert value({"field": "tin", "times": 2}) == 32
    assert value({"field": "tin", "times": "players"}, 3) == 48
    assert value({"field": "tin", "plus": {"field": "hops"}}) == 22
    assert value({"field": "tin", "times": 2, "plus": {"per_player": 1}}, 3) == 35
    assert value({"context": "flight", "values": {"A": 12, "B": 16}}, flight="B") == 16
    assert value({"context": "printed"}, printed=55) == 55
    assert value({"context": "printed", "times": 2, "plus": 1}, printed=55) == 111


@pytest.mark.parametrize(
    ("spec", "context", "words"),
    [
        ({"players": {2: 30, 3: 40}}, {}, ["malt.count", "no count for 4 players", "[2, 3]"]),
        ({"context": "flight", "values": {"A": 12}}, {"flight": "C"}, ["malt.count", "no count for flight 'C'"]),
        ({"context": "flight"}, {}, ["malt.count", "the table gives no 'flight'"]),
        ({"plus": 1}, {}, ["malt.count", "needs players, per_player, field or context"]),
        ({"per_player": 1, "plus": "one"}, {}, ["malt.count.plus"]),
    ],
)
def test_a_count_the_table_cannot_give_names_the_component(spec, context, words):
    with pytest.raises(BoxError) as caught:
        value(spec, 4, **context)
    assert all(w in str(caught.value) for w in words), str(caught.value)


# --- box_broken at its edges

EDGES = parse_box(
    {
        "components": [
            {"name": "malt", "kind": "token", "count": 3, "rule": "r", "places": {"tin": {"at_most": 2}}},
            {"name": "recipe", "count": {"per_player": 1}, "rule": "r"},
        ]
    },
    "box.yaml",
)


def broken(*located):
    return box_broken(EDGES, Rules(), 2, located)


def test_each_component_found_exactly_its_count_passes():
    assert (
        broken(
            counted("tin", "malt", 2),
            ("copper[0]", "malt", None),
            ("hand[0]", "recipe", "R1"),
            ("hand[1]", "recipe", "R2"),
        )
        == []
    )


def test_one_more_is_created_and_one_fewer_lost():
    recipes = [("hand[0]", "recipe", "R1"), ("hand[1]", "recipe", "R2")]
    (created,) = broken(counted("tin", "malt", 2), counted("copper[0]", "malt", 2), *recipes)
    assert created.startswith("4 malt in play") and "copper[0] 2, tin 2" in created and created.endswith("created")
    (lost,) = broken(counted("tin", "malt", 2), *recipes)
    assert lost == "2 malt in play (tin 2), the box holds 3: lost"
    (nowhere,) = broken(counted("tin", "malt", 2), ("copper[0]", "malt", None), recipes[0])
    assert nowhere.endswith("the box holds 2: lost")


def test_a_card_in_two_places_is_named_with_both():
    found = broken(counted("tin", "malt", 3), ("hand[0]", "recipe", "R1"), ("bottles[1]", "recipe", "R1"))
    assert "recipe R1 is in hand[0] and in bottles[1]" in found


def test_a_place_at_its_ceiling_passes_and_one_over_fails():
    recipes = [("hand[0]", "recipe", "R1"), ("hand[1]", "recipe", "R2")]
    assert broken(counted("tin", "malt", 2), counted("copper", "malt", 1), *recipes) == []
    found = broken(counted("tin", "malt", 3), *recipes)
    assert found == ["tin holds 3 malt, more than the 2 it may hold"]


def test_a_thing_not_in_the_box_or_a_negative_pile_is_named():
    recipes = [("hand[0]", "recipe", "R1"), ("hand[1]", "recipe", "R2")]
    assert (
        "tin holds 'hop', which is not in the box"
        in broken(counted("tin", "malt", 2), ("tin", "hop", None), *recipes)[0]
    )
    assert "copper holds -1 malt" in broken(counted("tin", "malt", 2), counted("copper", "malt", -1), *recipes)


# --- Microbrew and Bourbonomics: random games keep the box; a planted bug is caught by name


def test_random_microbrew_games_keep_the_box_after_every_action():
    report = check_game("microbrew", games=3, other_process=False)
    assert report.box_checked == report.decisions > 0
    assert "the box after" in str(report)


def test_a_recipe_card_duplicated_by_bottling_is_caught_naming_the_recipe(monkeypatch):
    legal, bottle, *rest = microbrew_state.STEPS["bottle"]

    def bottle_and_copy(g, p, text):
        bottle(g, p, text)
        g.table.append(text.split()[1])  # the bottled recipe also stays revealed

    monkeypatch.setitem(microbrew_state.STEPS, "bottle", (legal, bottle_and_copy, *rest))
    with pytest.raises(
        HarnessFailure,
        match=r"box law broke after 'bottle [^']+': recipe \S+ is in revealed recipes and in bottles\[\d\]; .*created",
    ):
        check_game("microbrew", players=[2], variants=(), games=3, other_process=False)


def test_a_malt_dropped_by_a_hop_swap_is_caught_naming_the_malt(monkeypatch):
    legal, hop, *rest = microbrew_state.STEPS["hop"]

    def hop_and_drop(g, p, text):
        hop(g, p, text)
        g.tin[0] -= 1  # the replaced malt never reached the tin (as if it were light)

    monkeypatch.setitem(microbrew_state.STEPS, "hop", (legal, hop_and_drop, *rest))
    game = get_game("microbrew")
    g = game.new(game.default_rules(), 2, 0)
    g.apply(g.legal_actions()[0])
    assert any(line.startswith("15 light_malt in play") and line.endswith("lost") for line in check_box(game, g))


def test_random_bourbonomics_games_keep_the_box_after_every_action():
    result = soak(36, seed=43, workers=1, progress=False)
    assert result.breaks == [], "\n".join(str(b) for b in result.breaks[:3])
    assert "the_box_holds" in result.invariants
    assert "the box (data/box.yaml) after every action" in result.summary()


def planted(monkeypatch, step: str, bug) -> None:
    """``bug(g, p, action)`` runs after the engine's own effect of ``step``."""
    candidates, check, apply, verbs = bourbonomics_engine._STEPS[step]

    def apply_with_bug(g, p, action):
        apply(g, p, action)
        bug(g, p, action)

    monkeypatch.setitem(bourbonomics_engine._STEPS, step, (candidates, check, apply_with_bug, verbs))


def test_a_mash_bill_duplicated_when_kept_is_caught_naming_the_mash_bill(monkeypatch):
    def copy_kept_bill(g, p, action):
        if action.verb == "keep_bill":
            g.bills.cards.insert(0, p.barrels[-1].bill)

    planted(monkeypatch, "bills", copy_kept_bill)
    result = soak(6, seed=43, workers=1, progress=False)
    first = result.breaks[0]
    assert first.invariant == "the_box_holds" and first.actions[-1].startswith("keep")
    assert "mash_bill in play" in first.message and "created" in first.message


def test_a_mash_bill_dropped_when_the_rest_go_back_is_caught_naming_the_mash_bill(monkeypatch):
    def drop_one(g, p, action):
        if action.verb == "return_bills" and g.bills.cards:
            g.bills.cards.pop(0)  # the bottom of the supply, where the returned bills went

    planted(monkeypatch, "bills", drop_one)
    result = soak(6, seed=43, workers=1, progress=False)
    first = result.breaks[0]
    assert first.invariant == "the_box_holds"
    assert "mash_bill in play" in first.message and first.message.endswith("lost")


def test_a_resource_card_copied_into_a_warehouse_is_named_in_both_places():
    game = get_game("bourbonomics")
    g = game.new(game.default_rules(), 3, 0)
    rng = random.Random(0)
    while not any(p.warehouse for p in g.players):
        g.apply(rng.choice(g.legal_actions()))
    holder = next(p for p in g.players if p.warehouse)
    other = g.players[(holder.seat + 1) % 3]
    card = holder.warehouse[0]
    other.warehouse.append(card)
    found = check_box(game, g)
    seats = sorted([holder.seat, other.seat])
    assert f"{card.kind} {card.id} is in warehouse[{seats[0]}] and in warehouse[{seats[1]}]" in found
    assert any(f" {card.kind} in play" in line and line.endswith("created") for line in found)


@pytest.mark.parametrize("players", [2, 6])
def test_iid_piles_print_every_card_and_still_keep_the_box(players):
    game = get_game("bourbonomics")
    g = game.new(game.default_rules().replace(piles="iid"), players, 0)
    rng = random.Random(1)
    for _ in range(300):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        assert check_box(game, g) == []
