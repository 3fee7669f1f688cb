"""Issue 43: ``bl.hooks(game)`` is a catalogue a designer loops over and measures, one hook point at a time."""

from __future__ import annotations

import pytest

import bourbon_lab as bl
from bourbon_lab.core.house import NOTE, Effect, HookCatalogue, HookPoint
from bourbon_lab.games import BUILTIN

GAMES = ("bourbonomics", "distilled", "gin_crafters", "microbrew")


def test_every_built_in_game_is_checked():
    assert set(BUILTIN) == set(GAMES)  # bl.games() also lists the toy games other test files register


@pytest.mark.parametrize("game", GAMES)
def test_the_catalogue_iterates_and_counts_the_declared_hook_points(game):
    cat = bl.hooks(game)
    points = list(cat)
    declared = [*cat.events, *cat.quantities, *cat.effects]
    assert len(cat) == len(declared) == len(points) > 0
    assert [p.name for p in points] == declared
    by_kind = {"event": cat.events, "quantity": cat.quantities, "effect": cat.effects}
    assert [p.kind for p in points] == [kind for kind, names in by_kind.items() for _ in names]
    assert all(isinstance(p, HookPoint) and p.kind and p.name and p.sentence for p in points)
    assert len({(p.kind, p.name) for p in points}) == len(points)
    for kind in ("event", "quantity", "effect"):
        names = [p.name for p in points if p.kind == kind]
        assert len(set(names)) == len(names), kind


@pytest.mark.parametrize("game", GAMES)
def test_each_point_carries_the_sentence_the_existing_api_reports(game):
    cat = bl.hooks(game)
    for p in cat:
        if p.kind == "event":
            assert p.sentence == cat.events[p.name]
        elif p.kind == "quantity":
            assert p.sentence == cat.quantities[p.name][1]
        else:
            assert p.sentence == cat.effects[p.name].rule and p.arguments == cat.effects[p.name].args
    named = [(r["name"], r["rule"], r["arguments"]) for r in cat.rows()[: len(cat)]]
    assert named == [(p.name, p.sentence, p.arguments) for p in cat]
    assert [r["hook"] for r in cat.rows()[len(cat) :]] == ["forbid", "action"]
    first = next(iter(cat))
    assert first.name in cat and first in cat and "no such hook" not in cat
    assert all(p.name in repr(cat) and f"`{p.name}`" in cat._repr_markdown_() for p in cat)


def test_a_small_catalogue_gives_known_points_in_order():
    """A known answer independent of the games' data: two events, one quantity, two effects."""
    cat = HookCatalogue(
        "toy",
        events={"crash": "the market crashes", "sell": "a barrel is sold"},
        quantities={"sale_value": ("barrel", "the price paid")},
        effects={"give": Effect(lambda g, rule, p: None, "player", "gains one"), "note": NOTE},
    )
    assert len(cat) == 5
    assert list(cat) == [
        HookPoint("event", "crash", "h, event", "the market crashes"),
        HookPoint("event", "sell", "h, event", "a barrel is sold"),
        HookPoint("quantity", "sale_value", "h, value, barrel", "the price paid"),
        HookPoint("effect", "give", "player", "gains one"),
        HookPoint("effect", "note", NOTE.args, NOTE.rule),
    ]
    assert len(list(cat)) == len(cat) and list(cat) == list(cat)  # iterating twice gives the same points
