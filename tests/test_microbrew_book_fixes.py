"""Microbrew deviations found by the independent reading (issue 27), each against the book."""

from __future__ import annotations

import bourbon_lab as bl
from bourbon_lab.games.microbrew.invariants import broken, count

REPRO = [
    "hop 1,1",
    "hop 1,1",
    "decline",
    "place bottle.1",
    "bottle R07 col 1",
    "place break.1",
    "place mash.1",
    "place flush.1",
    "done",
    "place break.1",
    "place serve.1",
]


def test_serving_a_contaminated_beer_keeps_its_contaminant_in_the_game():
    """Book: "Otherwise place it in the contaminant area … Finally, return your recipe to your hand"; the box
    holds "16 yellow light malt, 16 orange medium malt, 16 brown dark malt, 6 green hop" and no rule removes
    a token. Ours: the contaminant joins the discards ("Return all discarded Malts and hops to the tin")."""
    g = bl.new_game(bl.default_rules("microbrew"), players=2, seed=1)
    for text in REPRO:
        g.apply(text)
    bottle = next(b for b in g.bottles[1] if b["recipe"] == "R07")
    assert bottle["contaminant"] == "H" and not bottle["left"]
    hops_before, discarded_before = count(g)[3], g.discard[3]
    events = g.apply("serve R07 C08")
    assert [e.data["contaminated"] for e in events if e.kind == "serve"] == [True]
    assert count(g)[3] == hops_before == 6
    assert g.discard[3] == discarded_before + 1
    assert broken(g) == []


def test_every_token_of_the_box_stays_in_play_through_200_random_games():
    """Book (Components): "16 yellow light malt, 16 orange medium malt, 16 brown dark malt, 6 green hop", and
    no rule removes a token. 200 seeded random-legal games at 2-4 players keep every one after every action."""
    import random

    for i in range(200):
        n = 2 + i % 3
        g = bl.new_game(bl.default_rules("microbrew"), players=n, seed=i)
        rng = random.Random(i)
        assert broken(g) == [], (i, 0)
        while not g.is_over:
            action = rng.choice(g.legal_actions())
            g.apply(action, check=False)
            assert broken(g) == [], (i, len(g.actions), action)


def test_the_conservation_check_catches_a_lost_and_a_doubled_token():
    import random

    rng = random.Random(2)
    g = bl.new_game(bl.default_rules("microbrew"), players=3, seed=3)
    while not g.is_over:
        g.apply(rng.choice(list(g.legal_actions())), check=False)
    assert broken(g) == []
    snap = g.snapshot()
    snap["tin"][0] -= 1
    assert broken(bl.restore(snap)) == ["31 L tokens in play, the box has 32"]
    snap["tin"][0] += 2
    assert broken(bl.restore(snap)) == ["33 L tokens in play, the box has 32"]
    snap["tin"][0] -= 1
    snap["cash"][1] = -1
    assert broken(bl.restore(snap)) == ["player 1 has $-1"]
