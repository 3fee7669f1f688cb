"""A secret declared in several places is read from every place (issue 50).

``data/secrets.yaml`` may give one secret a list of paths: Distilled's flavour cards are the ones under the
ageing spirits and the flavour deck, Microbrew's customer and recipe decks are the deck and the cards set aside
unseen at 3-4 players, Bourbonomics' staged qualities are the staged and the wild cards, Distilled's washback
its slots, trades and go. The privacy property (``tests/test_secrets.py``) asks of each secret whether a
re-deal changed it and which words it holds; if ``Secret.values`` read only its first path, the second hidden
decks would drop out of it unnoticed, because the first path still changes. So each figure here is checked
against an independent reading: the same paths read one at a time, and a hand-made file whose second path
alone differs between two worlds (at: only the second differs; below: neither; above: both).

Faults planted by hand, one at a time, in ``core/secrets.py`` (each reverted at once):

| fault (planted by hand) | where | caught before | caught after, by |
| --- | --- | --- | --- |
| ``values`` reads ``self.paths[0]`` only | ``Secret.values`` | no | 12 tests: every one reading a 2nd path |
| ``values`` reads the paths in reverse | ``Secret.values`` | no | ``*_holds_both_in_path_order``, ``*_in_order`` |
| ``to_dict`` writes the first path only | ``Secret.to_dict`` | no | ``test_a_list_of_paths_survives_the_round_trip`` |
| the file's list cut to its first path | ``_paths`` | no | the fixture's check (10 tests), 4 more |

Bourbonomics' ``staged_quality`` is also read in two places, but its second (a House Blend's wild cards)
stays empty in random play, so only its first place is exercised by the game samples here.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import bourbon_lab as bl
from bourbon_lab.core.secrets import Secret, load_secrets, parse_secrets
from bourbon_lab.games import BUILTIN

FILE = """
secrets:
  - name: decks
    what: the draw deck and the spare deck
    hidden_from: everyone
    path: [deck, spare]
    public: [count]
    rule: "Shuffle both decks."
  - name: hand
    what: a player's hand and the cards they hold back
    hidden_from: others
    path:
      - players.{seat}.hand
      - players.{seat}.held.*.card
    rule: "Keep your cards secret."
"""


@pytest.fixture
def secrets(tmp_path):
    path = tmp_path / "secrets.yaml"
    path.write_text(FILE)
    decks, hand = load_secrets(path)
    assert decks.paths == ("deck", "spare") and hand.paths == ("players.{seat}.hand", "players.{seat}.held.*.card")
    return decks, hand


def world(deck=("a1", "a2"), spare=("b1", "b2"), held=("c1",)) -> SimpleNamespace:
    players = [
        {"hand": ["h0"], "held": [{"card": c} for c in held]},
        {"hand": ["h1"], "held": [{"card": "z9"}]},
    ]
    return SimpleNamespace(n=2, deck=list(deck), spare=list(spare), players=players)


def test_a_secret_in_two_places_holds_both_in_path_order(secrets):
    decks, hand = secrets
    state = world()
    assert decks.values(state) == [["a1", "a2"], ["b1", "b2"]]
    assert decks.leaves(state) == ["a1", "a2", "b1", "b2"]
    assert decks.words(state) == {"a1", "a2", "b1", "b2"}
    assert hand.values(state, 0) == [["h0"], "c1"] and hand.values(state, 1) == [["h1"], "z9"]
    assert hand.words(state, 0) == {"h0", "c1"}


@pytest.mark.parametrize(
    ("other", "changed"),
    [
        (world(), False),  # below: nothing re-dealt
        (world(spare=("b2", "b1")), True),  # at: only the second place differs
        (world(deck=("a2", "a1")), True),  # only the first
        (world(deck=("a2", "a1"), spare=("b2", "b1")), True),  # above: both
    ],
)
def test_a_secret_in_two_places_changes_when_its_second_place_alone_changes(secrets, other, changed):
    """What the privacy test asks of a re-dealt world: did this secret change? (``check_seat``'s ``changed``)."""
    decks, _ = secrets
    assert (decks.values(world()) != decks.values(other)) is changed


@pytest.mark.parametrize(("held", "changed"), [(("c1",), False), (("c2",), True), (("c1", "c2"), True), ((), True)])
def test_a_seats_secret_in_two_places_changes_with_its_second_place(secrets, held, changed):
    _, hand = secrets
    assert (hand.values(world(), 0) != hand.values(world(held=held), 0)) is changed
    assert hand.values(world(), 1) == hand.values(world(held=held), 1)  # the other seat's copy is its own


def test_a_list_of_paths_survives_the_round_trip(secrets):
    for s in secrets:
        again = parse_secrets({"secrets": [s.to_dict()]}, "again")
        assert again == (s,) and len(again[0].paths) == 2


# --- the games' own secrets in two or more places


MULTI = sorted((game, s.name) for game in BUILTIN for s in bl.get_game(game).secrets if len(s.paths) > 1)
"""(game, secret) of every built-in secret declared in more than one place."""


def test_the_games_declare_the_secrets_in_two_places_this_file_is_about():
    assert ("distilled", "flavour_cards") in MULTI
    assert ("microbrew", "customer_deck_order") in MULTI and ("microbrew", "recipe_deck_order") in MULTI
    assert {g for g, _ in MULTI} == {"bourbonomics", "distilled", "microbrew"}


def _points(game: str, games: int = 8):
    """States of random legal play at every table size, each at a random point of its game."""
    gd = bl.get_game(game)
    counts = gd.info.player_counts
    for i in range(games):
        n = counts[i % len(counts)]
        g = bl.new_game(gd.default_rules(), n, 50_000 + i)
        rng = random.Random(i)
        stop = rng.randrange(0, 160)
        while not g.is_over and len(g.actions) < stop:
            g.apply(rng.choice(g.legal_actions()), check=False)
        yield g, rng


def _one_place(s: Secret, path: str) -> Secret:
    return Secret(s.name, s.what, s.hidden_from, (path,), s.rule, s.public, s.owner, s.source, s.labels)


@pytest.mark.parametrize(("game", "name"), MULTI)
def test_a_games_secret_in_several_places_holds_every_path_in_order(game, name):
    """Its values are the values of its paths read one at a time, in the file's order, for every copy, and a
    re-dealt world changes it exactly when it changes one of its places."""
    s = next(x for x in bl.get_game(game).secrets if x.name == name)
    places = [_one_place(s, p) for p in s.paths]
    held = dict.fromkeys(s.paths, 0)
    for state, rng in _points(game):
        for viewer in range(state.n):
            other = state.observe(viewer).determinise(random.Random(rng.getrandbits(32)))
            for owner in s.hidden_to(state, viewer):
                for w in (state, other):
                    assert s.values(w, owner) == [v for one in places for v in one.values(w, owner)]
                moved = [one.values(state, owner) != one.values(other, owner) for one in places]
                assert (s.values(state, owner) != s.values(other, owner)) is any(moved), (game, name, moved)
                for path, one in zip(s.paths, places):
                    held[path] += bool(one.leaves(state, owner))
    assert held[s.paths[0]], f"{game}: {name}'s first place was empty at every point: the test says nothing"


@pytest.mark.parametrize(
    ("game", "name", "place", "players"),
    [
        ("distilled", "flavour_cards", "flavour_deck", 2),
        ("microbrew", "customer_deck_order", "customer_unseen", 3),
        ("microbrew", "recipe_deck_order", "recipe_unseen", 4),
    ],
)
def test_the_second_hidden_deck_is_part_of_its_secret(game, name, place, players):
    """The cards of the second deck are among the secret's words (what a sentence may not name), and a world
    re-dealt from any seat's view changes them, so the privacy property covers them."""
    gd = bl.get_game(game)
    s = next(x for x in gd.secrets if x.name == name)
    assert s.paths[1] == place
    state = bl.new_game(gd.default_rules(), players, 3)
    second = list(getattr(state, place))
    assert second, f"{game} at {players} players sets no card in {place}"
    assert {str(c) for c in second} <= s.words(state)
    assert s.leaves(state)[-len(second) :] == second
    redealt = 0
    for viewer in range(players):
        for seed in range(4):
            other = state.observe(viewer).determinise(random.Random(seed))
            if list(getattr(other, place)) != second:
                redealt += 1
                assert s.values(other) != s.values(state)
    assert redealt, f"no re-deal changed {place}"
