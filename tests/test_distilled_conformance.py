"""Distilled on the protocol: the conformance harness at every player count and variant, the variants' own
effects, and content / ruleset YAML that is refused whole with the field named."""

from __future__ import annotations

import pytest
from distilled_helpers import edit, fresh, give

import bourbon_lab as bl
from bourbon_lab.core import RulesetError
from bourbon_lab.games.distilled import Ruleset
from bourbon_lab.games.distilled.content import DATA, Content
from bourbon_lab.testing import check_game


def test_registered():
    assert "distilled" in bl.games()
    assert {v["name"] for v in bl.get_game("distilled").variants()} == {
        "flavour_bonus_beyond_table",
        "unsold_flavour",
        "full_warehouse",
        "basic_items",
        "cubes",
        "labels",
        "truck_bonus",
        "goal_ties",
    }


def test_harness_every_player_count_and_variant():
    report = check_game("distilled", games=1, seed=1)
    assert report.games == 12 and report.other_process


def test_harness_flight_b():
    base = bl.default_rules("distilled").replace(flight="B")
    g = bl.new_game(base, players=3, seed=3)
    assert set(g.label_supply) - {"moonshine", "vodka"} == {"gin", "cachaca", "grappa", "rye_whiskey", "dark_rum",
                                                            "brandy", "single_malt", "calvados", "mezcal"}  # fmt: skip
    check_game("distilled", players=[3], variants=(), games=1, seed=7, other_process=False)


def test_every_number_has_a_range_and_a_mark():
    for spec in Ruleset.schema():
        assert spec.kind in ("choice", "bool", "text") or spec.lo is not None and spec.hi is not None, spec.name
    assert {s.name for s in Ruleset.schema() if s.book} >= {"rounds", "cut_top", "flavour_bonus", "warehouse_spaces"}
    assert not any(s.book for s in Ruleset.schema() if s.name in ("cube_cost", "recipe_sp"))


def test_ruleset_refused_whole_with_the_field_named(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("game: distilled\nrounds: 40\nflavour_bonus: [1, 5, 3, 10]\n")
    with pytest.raises(RulesetError) as info:
        Ruleset.from_yaml(path, base=Ruleset.default())
    assert set(info.value.fields) == {"rounds"} or "rounds" in info.value.fields
    with pytest.raises(RulesetError, match="flavour_bonus"):
        Ruleset.default().replace(flavour_bonus=[1, 5, 3, 10])
    with pytest.raises(RulesetError, match="cube_cost"):
        Ruleset.default().replace(cube_cost={"bronze": 2, "silver": 4})


def test_content_refused_whole_with_the_entry_named(tmp_path):
    for f in DATA.glob("*.yaml"):
        (tmp_path / f.name).write_text(f.read_text())
    cards = tmp_path / "cards.yaml"
    cards.write_text(cards.read_text().replace("rye: {kind: sugar, sugar: grain", "rye: {kind: sugar, sugar: rice"))
    with pytest.raises(RulesetError, match=r"premium_ingredients\.rye\.sugar"):
        Content(tmp_path)
    cards.write_text((DATA / "cards.yaml").read_text())
    (tmp_path / "awards.yaml").write_text("A01: {name: x, measure: nonsense, at_least: 1, sp: 3}\n")
    with pytest.raises(RulesetError, match=r"A01\.measure"):
        Content(tmp_path)


# --- the variants do what they say


def test_variant_flavour_bonus_beyond_table():
    g = fresh()
    assert g.flavour_bonus(5) == 10
    assert fresh(flavour_bonus_beyond_table="triangular").flavour_bonus(5) == 15


def test_variant_labels_unlimited():
    g = fresh(labels="unlimited")
    g = edit(g, lambda s: s["label_supply"].update(vodka=0))
    assert g.label_left("vodka")
    assert not edit(fresh(), lambda s: s["label_supply"].update(vodka=0)).label_left("vodka")


def test_variant_cubes_finite():
    g = fresh(cubes="finite")
    g = edit(g, lambda s: (s["cube_supply"].update(gold=0), s["money"].__setitem__(g.decision.actor, 20)))
    assert "cube single_malt" not in g.legal_actions() and "cube bourbon" in g.legal_actions()


def test_variant_goal_ties():
    def tied(**changes):
        g = fresh(**changes)
        return edit(g, lambda s: (s.__setitem__("goals", [["G14"], ["G14"]]), s["money"].__setitem__(0, 5),
                                  s["money"].__setitem__(1, 5)))  # fmt: skip

    assert tied().goal_met(0, "G14") and not tied(goal_ties="none").goal_met(0, "G14")


def test_variant_full_warehouse_discard_new():
    from test_distilled_rules import spirit, to_sell

    g = fresh(full_warehouse="discard_new")

    def prep(s):
        spirit(s, 0, "s95", "bourbon", ["grain"] * 3, "new_oak")
        spirit(s, 0, "s96", "brandy", ["fruit"] * 3, "new_oak", "warehouse", ["oak"], rnd=0)
        spirit(s, 0, "s97", "brandy", ["fruit"] * 3, "new_oak", "warehouse", ["oak"], rnd=0)

    g = to_sell(edit(g, prep))
    while g.step == "sell":
        g.apply("pass")
    assert any(e.kind == "spirit_lost" and e.data["spirit"] == "s95" for e in g.log)


def test_variant_truck_bonus_free_and_swap():
    for variant, step in (("swap", "give"), ("free", "bonus")):
        g = fresh(truck_bonus=variant)
        g = edit(g, lambda s: (give(s, 0, "rye"), s["truck"].append(give(s, 1, "apple")), s["pantry"][1].pop()))
        g.sub = {"step": "label", "player": 0, "recipe": "vodka", "resume": "sell"}
        g.phase, g.step, g.actor = "sell", "label", 0
        g.apply("label 6")
        assert g.step == step


def test_variant_unsold_flavour():
    from test_distilled_rules import _last_round, spirit

    def prep(s):
        spirit(s, 0, "s99", "bourbon", ["grain"] * 3, "new_oak", "warehouse", ["smoke"], rnd=5)
        s["goals"] = [[], []]

    flat = _last_round(fresh(), prep).sp[0]["warehouse"]
    face = _last_round(fresh(unsold_flavour="flat_plus_face"), prep).sp[0]["warehouse"]
    assert face - flat >= 1  # the smoke card's own SP (the second card drawn in round 7 may add more)


def test_variant_basic_items():
    assert fresh(basic_items="unlimited").basic_available("glass_bottle")
    g = edit(fresh(basic_items="unlimited"), lambda s: s["basic_stock"].update(glass_bottle=0))
    assert g.basic_available("glass_bottle")
    assert not edit(fresh(), lambda s: s["basic_stock"].update(glass_bottle=0)).basic_available("glass_bottle")


def places(g) -> list[int]:
    """Every card id somewhere on the table (cards sold, traded or spent leave the game)."""
    out = [c for zone in (g.pantry, g.storeroom, g.display, g.upgrades) for cards in zone for c in cards]
    out += [c for deck in g.decks.values() for c in deck] + [c for row in g.rows.values() for c in row if c is not None]
    out += list(g.truck)
    for s in g.spirits.values():
        out += s["cards"] + ([s["barrel"]] if s["barrel"] is not None else [])
    if g.claim:
        out += g.claim["stack"]
    out += [c for still in g.stills.values() for ids in still.values() for c in ids]
    if g.sub and "card" in g.sub:
        out.append(g.sub["card"])
    return out


def test_no_card_is_in_two_places():
    from bourbon_lab.bots import make_bot

    for seed in range(6):
        n = 2 + seed % 4
        g = bl.new_game(bl.default_rules("distilled"), players=n, seed=seed)
        bots = [make_bot("random" if seed < 3 else "heuristic", seed=seed + p, game="distilled") for p in range(n)]
        while not g.is_over:
            seen = places(g)
            assert len(seen) == len(set(seen)), (seed, g.round, g.step)
            d = g.decision
            g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
