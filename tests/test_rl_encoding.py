"""A game's own observation encoder (``GameDef.encoder``): what it shows is what the view shows, no more.

Bourbonomics' encoder (``games/bourbonomics/encoding.py``) reads the state, not the view,
so these tests hold it to the view's secrets: a state in which everything a player cannot see is
re-dealt encodes the same for that player, and changing a hidden card changes only its owner's
encoding.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import bourbon_lab as bl
from bourbon_lab.games.bourbonomics.state import ResourceCard
from bourbon_lab.rl import pettingzoo as pz
from bourbon_lab.rl.observation import ViewStateEncoder
from bourbon_lab.rl.table import Table

HIDDEN_QUALITY = (
    "Resource piles. Five face-down piles — cask, corn, rye, wheat, barley — one per type. Each card also has "
    "a hidden quality (Common / Uncommon / Rare / Epic / Legendary; Legendary is rare), mixed into every pile."
)
"""Bourbonomics rulebook, Setup: a card's quality is hidden (its owner learns it; the view shows it to them only)."""

REVEAL_BILLS = "Draw mash bills. Reveal Mash Floor-many mash bills and keep any you like as resting barrels."
"""Bourbonomics rulebook, Collect: the bills revealed are the drawing player's to choose from."""


def _states(players: int, seed: int, steps: int, every: int = 7) -> list:
    """States along a random game (clones), one every ``every`` decisions."""
    rng = random.Random(seed)
    g = bl.new_game(bl.default_rules("bourbonomics"), players, seed)
    out = []
    for step in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        if step % every == 0:
            out.append(g.clone())
    return out


def _cells(table: Table, state, player: int) -> np.ndarray:
    return table.observation(state, player)


@pytest.mark.parametrize("players", [2, 4])
def test_what_a_player_cannot_see_does_not_change_their_encoding(players):
    """HIDDEN_QUALITY: re-dealing every hidden quality, pile, deck and stream leaves the encoding unchanged."""
    table = Table("bourbonomics", players)
    rng = random.Random(players)
    redealt = 0
    for state in _states(players, seed=players, steps=600):
        for seat in range(players):
            other = state.observe(seat).determinise(rng)
            redealt += other.snapshot()["players"] != state.snapshot()["players"]
            assert np.array_equal(_cells(table, other, seat), _cells(table, state, seat))
    assert redealt > 0  # the re-deal did change hidden cards somewhere, so the equality means something


def _with_quality(state, seat: int, quality: int):
    """A copy of ``state`` whose first warehouse card of ``seat`` has another quality."""
    copy = state.clone()
    p = copy.players[seat]
    card = p.warehouse[0]
    p.warehouse[0] = ResourceCard(card.id, card.kind, quality)
    return copy


def test_a_cards_quality_shows_to_its_owner_only():
    """HIDDEN_QUALITY: another player's card is seen by type; its owner sees its quality too."""
    table = Table("bourbonomics", 3)
    state = next(s for s in _states(3, seed=5, steps=900, every=1) if s.players[1].warehouse)
    card = state.players[1].warehouse[0]
    changed = _with_quality(state, 1, (card.quality + 1) % 5)
    assert np.array_equal(_cells(table, changed, 0), _cells(table, state, 0))
    assert np.array_equal(_cells(table, changed, 2), _cells(table, state, 2))
    assert not np.array_equal(_cells(table, changed, 1), _cells(table, state, 1))


def test_revealed_bills_show_to_the_drawing_player_only():
    """REVEAL_BILLS: which bills were revealed is the drawer's; the others see how many."""
    table = Table("bourbonomics", 3)
    state = next(s for s in _states(3, seed=2, steps=900, every=1) if s.step == "bills" and s.revealed_bills)
    drawer = state.current_player
    other = (drawer + 1) % 3
    swapped = state.clone()
    unseen = next(b.id for b in swapped.rules.mash_bills if b.id not in swapped.revealed_bills)
    swapped.revealed_bills[0] = unseen
    assert np.array_equal(_cells(table, swapped, other), _cells(table, state, other))
    assert not np.array_equal(_cells(table, swapped, drawer), _cells(table, state, drawer))


def test_public_changes_reach_every_player_and_seats_are_turned_to_the_viewer():
    table = Table("bourbonomics", 3)
    state = _states(3, seed=1, steps=200)[-1]
    richer = state.clone()
    richer.players[2].capital += 3
    for seat in range(3):
        assert not np.array_equal(_cells(table, richer, seat), _cells(table, state, seat))
    enc = table.encoder
    start, _ = enc.blocks["seat.capital"]
    for seat in range(3):  # block 0 is always the viewer's own
        assert _cells(table, state, seat)[start] == state.players[seat].capital


def test_the_layout_covers_the_vector_once():
    enc = Table("bourbonomics", 4).encoder
    cells = np.zeros(enc.size, dtype=int)
    for name, (start, length) in enc.blocks.items():
        seats = range(4) if name.startswith("seat.") else [0]
        for k in seats:
            at = start + k * enc.seat_size
            cells[at : at + length] += 1
    assert (cells == 1).all()
    assert enc.shape == (enc.size,)


@pytest.mark.parametrize("players", [2, 6])
def test_the_environment_uses_the_games_encoder_and_keeps_the_view_on_request(players):
    raw = pz.raw_env(players=players)
    view = pz.raw_env(players=players, encoding="view")
    assert raw.observation_space("player_0")["observation"].shape == (raw.table.encoder.size,)
    assert isinstance(view.table.encoder, ViewStateEncoder)
    raw.reset(seed=3)
    view.reset(seed=3)
    obs = raw.observe(raw.agent_selection)
    assert obs["observation"].shape == (raw.table.encoder.size,) and obs["observation"].dtype == np.float32
    assert obs["observation"].any()
    assert np.array_equal(obs["action_mask"], view.observe(view.agent_selection)["action_mask"])


def test_a_bad_encoding_is_one_line_naming_the_field():
    with pytest.raises(ValueError, match=r"^encoding: 'pixels' is not one of game, view$"):
        pz.env(encoding="pixels")


def test_each_seats_numbers_are_the_views():
    """The per-seat scalars (Capital, Prestige, orders, levels, department numbers, upgrades) read as the view says."""
    table = Table("bourbonomics", 4)
    enc = table.encoder
    at = {name: enc.blocks[name][0] for name in enc.blocks}
    checked = 0
    for state in _states(4, seed=8, steps=1500, every=25):
        for viewer in range(4):
            cells = _cells(table, state, viewer)
            for p in state.view(viewer)["players"]:
                k = ((p["seat"] - viewer) % 4) * enc.seat_size
                assert cells[at["seat.capital"] + k] == p["capital"]
                assert cells[at["seat.prestige"] + k] == p["prestige"]
                assert cells[at["seat.orders"] + k] == p["orders"]
                assert cells[at["seat.upgrades"] + k] == p["upgrades"]
                levels = [cells[at["seat.levels"] + k + i] for i in range(5)]
                numbers = [cells[at["seat.numbers"] + k + i] for i in range(5)]
                assert levels == list(p["levels"].values())
                assert numbers == list(p["numbers"].values())
                checked += p["upgrades"] > 0
    assert checked > 0  # some seat had upgraded, so the numbers were not all the starting ones


def test_department_numbers_follow_levels_and_ultimates_as_the_view_does():
    """Every level and Ultimate a seat may hold gives the department number the view gives."""
    from bourbon_lab.games.bourbonomics.content import DEPARTMENTS, ULTIMATES

    table = Table("bourbonomics", 3)
    enc = table.encoder
    start = enc.blocks["seat.numbers"][0]
    rng = random.Random(4)
    state = _states(3, seed=4, steps=50)[-1]
    for _ in range(60):
        for p in state.players:
            p.distillery = rng.choice([d.id for d in state.rules.distilleries])
            p.levels = {d: rng.randrange(len(state.rules.department_levels(d)) + 2) for d in DEPARTMENTS}
            p.ultimates = {d: rng.choice(ULTIMATES[d]) for d in DEPARTMENTS if rng.random() < 0.5}
        cells = _cells(table, state, 0)
        for p in state.view(0)["players"]:
            k = p["seat"] * enc.seat_size
            assert [cells[start + k + i] for i in range(5)] == list(p["numbers"].values())


def test_a_state_that_cannot_be_read_leaves_the_encoder_clean():
    table = Table("bourbonomics", 3)
    state = next(s for s in _states(3, seed=5, steps=900, every=1) if s.players[0].warehouse)
    expected = _cells(Table("bourbonomics", 3), state, 0)
    broken = state.clone()
    broken.players[0].warehouse.append(ResourceCard("x1", "moonshine", 0))
    with pytest.raises(KeyError):
        _cells(table, broken, 0)
    assert np.array_equal(_cells(table, state, 0), expected)


GIN_HAND = (
    "Draw two cards each from the brand deck and the gin deck and put them in your hand. "
    "(You may check the contents of the cards)"
)
"""Gin Crafters rulebook, Setup: a hand is its owner's to look at (the view shows the others its size only)."""

GIN_INSPIRE = (
    "Inspire a new gin recipe or branding method. Look at the top two cards of the gin deck or brand deck "
    "and add one card to your hand and discard the other card."
)
"""Gin Crafters rulebook, Inspiration: the player inspiring looks at the two cards."""


def _gin_states(players: int, seed: int, steps: int) -> list:
    rng = random.Random(seed)
    g = bl.new_game(bl.default_rules("gin_crafters"), players, seed)
    out = []
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        out.append(g.clone())
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gin_crafters_hides_what_the_view_hides(players):
    """GIN_HAND, GIN_INSPIRE: re-dealing decks, discards, other hands and others' Inspiration changes nothing."""
    table = Table("gin_crafters", players)
    assert table.encoder.size == table.encoder.seat_start + players * table.encoder.seat_size
    rng = random.Random(players)
    for state in _gin_states(players, seed=players, steps=400)[::3]:
        for seat in range(players):
            other = state.observe(seat).determinise(rng)
            assert np.array_equal(_cells(table, other, seat), _cells(table, state, seat))


def test_gin_crafters_a_hand_and_the_inspiration_show_to_their_owner_only():
    """GIN_HAND, GIN_INSPIRE: swapping a card in seat 1's hand, or among the cards it looks at, shows only to seat 1."""
    table = Table("gin_crafters", 3)
    state = next(s for s in _gin_states(3, seed=6, steps=900) if s.pending and s.turn_owner == 1)
    other_gin = next(g for g in state.content.gins if g not in state.players[1]["gins"])
    for change in ("hand", "inspiration"):
        changed = state.clone()
        if change == "hand":
            changed.players[1]["gins"][0] = other_gin
        else:
            deck = changed.content.gins if changed.pending[0] in changed.content.gins else changed.content.brands
            changed.pending[0] = next(c for c in deck if c not in changed.pending)
        assert np.array_equal(_cells(table, changed, 0), _cells(table, state, 0))
        assert np.array_equal(_cells(table, changed, 2), _cells(table, state, 2))
        assert not np.array_equal(_cells(table, changed, 1), _cells(table, state, 1))
