"""Gin Crafters against the conformance harness, its variants, and refusal of malformed rulesets and content."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import bourbon_lab as bl
from bourbon_lab.core import RulesetError, SnapshotError, restore
from bourbon_lab.games.gin_crafters import Ruleset, load_content
from bourbon_lab.games.gin_crafters.content import DATA
from bourbon_lab.testing import check_game

VARIANTS = {v["name"]: v for v in Ruleset.variants()}


def test_registered():
    assert "gin_crafters" in bl.games()
    assert bl.default_rules("gin_crafters") == Ruleset.default()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_harness_at_each_player_count(players):
    report = check_game("gin_crafters", players=[players], variants=(), games=2, seed=players, other_process=False)
    assert report.games == 2 and report.restores and report.views_checked


def test_harness_on_every_variant():
    report = check_game("gin_crafters", variants=None, games=1, seed=11)
    assert len(report.tables) == 3 + sum(len(v["choices"]) - 1 for v in VARIANTS.values())
    assert report.other_process and report.illegal_checked


def test_variants_listed():
    """The readings where the book says two things (the design notes, peer-games.md), each a ruleset choice."""
    assert set(VARIANTS) == {"end_at", "final_turns", "refresh_price", "borrow", "lender", "double_bonus", "coins"}
    assert all(v["default"] == v["choices"][0] for v in VARIANTS.values())


def test_book_fields_marked():
    book = {f.name for f in Ruleset.schema() if f.book}
    assert {"actions_per_turn", "start_coins", "side_business", "lend_fee", "end_vp", "bonus_thresholds"} <= book
    assert not {"botanical_prices", "juniper_prices", "gin_vp", "juniper_bonus_low"} & book
    assert all(f.lo is not None or f.kind == "choice" for f in Ruleset.schema())


def test_finite_coins_cap_the_stock():
    """Variant coins = finite: 48 coins in the box (book: "24x 1coins", "8x 3coins"); nothing is paid past them."""
    g = bl.new_game(Ruleset.default().replace(coins="finite", coin_supply=10), players=2, seed=3)
    while not g.is_over and g.decision.step == "action":
        g.apply("side business")
        if sum(p["coins"] for p in g.players) >= 10:
            break
    g.apply("side business")
    assert sum(p["coins"] for p in g.players) == 10


def test_bad_ruleset_refused_whole_naming_fields(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("game: gin_crafters\nlend_fee: 9\nend_at: sometimes\nbotanical_prices: [1, 2]\n")
    with pytest.raises(RulesetError) as info:
        Ruleset.from_yaml(path, base=Ruleset.default())
    assert set(info.value.fields) == {"lend_fee", "end_at", "botanical_prices"}
    assert "line 2" in str(info.value)
    with pytest.raises(RulesetError, match="bonus_thresholds"):
        Ruleset.default().replace(bonus_thresholds=[20, 10])
    with pytest.raises(RulesetError, match="gin_vp"):
        Ruleset.default().replace(gin_vp={"single": 3})


def _content(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    (folder / name).write_text(text)
    return folder


def test_bad_content_refused_whole_naming_the_entry(tmp_path):
    folder = _content(tmp_path, "botanicals.yaml", "- {name: Rose, type: floral, effect: vp}\n- {name: X, type: y}\n")
    with pytest.raises(RulesetError) as info:
        load_content(folder)
    fields = info.value.fields
    assert "botanicals.yaml[0].amount" in fields and "botanicals.yaml[1].type" in fields


def test_bad_brand_content_named(tmp_path):
    folder = _content(tmp_path, "brands.yaml", "- {condition: most_gins, colour: red}\n")
    with pytest.raises(RulesetError, match=r"brands.yaml\[0\].colour"):
        load_content(folder)


def test_brand_numbers_are_ruleset_fields_not_card_keys(tmp_path):
    """Ours: a brand card's VP and count are ruleset fields (brand_vp, brand_counts); a card with its own is refused."""
    folder = _content(tmp_path, "brands.yaml", "- {condition: gins, count: 6}\n- {condition: most_gins, vp: 4}\n")
    with pytest.raises(RulesetError) as info:
        load_content(folder)
    assert set(info.value.fields) == {"brands.yaml[0].count", "brands.yaml[1].vp"}
    assert "brand_vp" in str(info.value)


def test_brand_numbers_validated_like_the_rest():
    spec = {f.name: f for f in Ruleset.schema()}
    assert not spec["brand_vp"].book and not spec["brand_counts"].book
    with pytest.raises(RulesetError, match="brand_vp"):
        Ruleset.default().replace(brand_vp={"gins": 5})
    with pytest.raises(RulesetError, match="brand_vp"):
        Ruleset.default().replace(brand_vp={**dict(Ruleset.default().brand_vp), "gins": 11})
    with pytest.raises(RulesetError, match="brand_counts"):
        Ruleset.default().replace(brand_counts={**dict(Ruleset.default().brand_counts), "gin_with_botanicals": 6})
    changed = Ruleset.default().replace(brand_vp={**dict(Ruleset.default().brand_vp), "coins": 7})
    assert dict(changed.brand_vp)["coins"] == 7 and changed.changes() == {"brand_vp": changed.brand_vp}


def test_brand_numbers_round_trip_through_yaml(tmp_path):
    rules = Ruleset.default().replace(brand_vp={**dict(Ruleset.default().brand_vp), "never_borrowed": 9})
    path = tmp_path / "rules.yaml"
    path.write_text(rules.to_yaml())
    assert Ruleset.from_yaml(path) == rules


def test_unreadable_content_is_one_line(tmp_path):
    folder = _content(tmp_path, "gin_cards.yaml", "- {shape: [unclosed\n")
    with pytest.raises(bl.BourbonLabError) as info:
        load_content(folder)
    assert "gin_cards.yaml" in str(info.value) and "\n" not in str(info.value)


def test_bad_snapshot_is_a_snapshot_error():
    g = bl.new_game(Ruleset.default(), players=2, seed=1)
    snap = g.snapshot()
    del snap["market"]
    with pytest.raises(SnapshotError, match="market"):
        restore(snap, "gin_crafters")
    with pytest.raises(SnapshotError, match="game"):
        restore({**g.snapshot(), "game": "bourbonomics"}, "gin_crafters")
