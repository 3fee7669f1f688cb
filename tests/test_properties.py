"""Invariants that hold after every action of random legal play, under every variant and player count.

Hypothesis draws a seed, a player count (2-6), a variant combination, distilleries and a round limit;
a seeded random policy (``test_api.choose``) plays the game out and the invariants are checked after
every single action. The soak of thousands of games, with the book's invariants after every action on the
trusted fast path, is ``bourbon_lab.testing.soak`` and runs in ``tests/test_soak.py``.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_api import choose

import bourbon_lab as bl

RULES = bl.Ruleset.default()
VARIANTS = bl.Ruleset.variants()
DISTILLERIES = [d.id for d in RULES.distilleries]
ACTIONS_PER_PLAYER_ROUND = 150  # far above what real play needs (about 30): "the game ends" is bounded


def every_id(printed: list[str], copies: int) -> set[str]:
    """Every card instance a never-running-out deck has made: the printed ids plus ``D07.2``-style copies."""
    return set(printed) | {f"{c}.{k}" for c in printed for k in range(2, copies + 1)}


def check_cards(g) -> None:
    """Every resource card id is in exactly one place (pile, discard, warehouse, a barrel)."""
    located = [c.id for cards in g.piles.piles.values() for c in cards]
    located += [c.id for cards in g.piles.discards.values() for c in cards]
    for p in g.players:
        located += [c.id for c in p.warehouse]
        for b in p.barrels:
            located += [c.id for c in b.staged + b.wild]
    assert len(located) == len(set(located)), "a resource card is in two places"
    made = {f"{kind}{i}" for kind, n in g.piles.serial.items() for i in range(1, n + 1)}
    if g.rules.piles == "deck":
        # cards never leave a finite-deck game: discards reshuffle back in
        assert set(located) == made, f"resource cards lost: {sorted(made - set(located))[:5]}"
    else:
        assert set(located) <= made


def check_decks(g) -> None:
    """Every demand card and mash bill instance is in exactly one place too."""
    demand = [*g.demand.cards, *g.demand.discards, *(c.id for c in g.table), *g.demand_reveal]
    for p in g.players:
        demand += [p.private.id] if p.private else []
        demand += [cid for cid, _ in p.completed]
    assert len(demand) == len(set(demand)), "a demand card is in two places"
    assert set(demand) == every_id([c.id for c in g.rules.demand_cards], g.demand.copies)
    bills = [*g.bills.cards, *g.bills.discards, *g.revealed_bills, *(b.bill for p in g.players for b in p.barrels)]
    assert len(bills) == len(set(bills)), "a mash bill is in two places"
    assert set(bills) == every_id([b.id for b in g.rules.mash_bills], g.bills.copies)


def check_players(g) -> None:
    rules = g.rules
    for p in g.players:
        assert p.capital >= 0, f"P{p.seat} Capital {p.capital}"
        assert len(p.barrels) <= g.number(p.seat, "rickhouse"), f"P{p.seat} rickhouse over its slots"
        assert len(p.warehouse) <= g.number(p.seat, "warehouse"), f"P{p.seat} warehouse over its cap"
        for b in p.barrels:
            bill = rules.bills_by_id[b.bill.split(".")[0]]
            if b.built:
                assert b.sales_left > 0, "a barrel leaves the rickhouse after its last sale"
                assert b.age >= 0
            else:
                assert len(b.cards) <= bill.size
        if p.private is not None:
            assert p.private not in g.table
            assert 0 <= len(p.private.filled) < p.private.slots
    for row, p in zip(g.scores(), g.players):
        prestige = rules.start_prestige + sum(n for _, n in p.completed)
        assert row["capital"] == p.capital and row["prestige"] == prestige
        assert row["score"] == row["capital"] + row["prestige"]
        assert row["orders"] == len(p.completed)


def check_table(g) -> None:
    rules = g.rules
    # book: Hot at 6 cards, and "When the new card would be the 7th on the table, the whole table is wiped"
    assert len(g.table) <= rules.crash_size - 1
    assert len(g.table) <= rules.hot_zone_from
    for c in g.table:
        assert c.slots == rules.slots_per_player * g.n
        assert 0 <= len(c.filled) < c.slots, "a full card is completed and leaves the table"


def check_turn(g) -> None:
    assert sorted(g.order) == list(range(g.n))
    if g.is_over:
        assert g.legal_actions() == []
        return
    assert g.current_player in range(g.n)
    assert g.legal_actions(), f"no legal action at {g!r} step={g.step}"
    if g.phase == "collect" and g.step in ("reroll", "claim"):
        assert len(g.dice) <= g.number(g.current_player, "supply")


def check_events(g, events) -> None:
    """What the events of one action say agrees with the rules."""
    rules = g.rules
    for e in events:
        if e.kind == "sale":
            # book: "Capital from a sale = bourbon's age value x zone multiplier", zone read before the slot fills
            size = e.data["table_size"]
            zone = 2 if size >= rules.hot_zone_from else (1 if size >= rules.mid_zone_from else 0)
            assert e.data["multiplier"] == rules.zone_multipliers[zone]
            assert e.data["capital"] == e.data["base_value"] * e.data["multiplier"]
            assert e.data["age"] >= rules.min_sell_age
        elif e.kind == "round_start":
            # book: "Each round, players go in order of most Capital first"
            capitals = [g.players[s].capital for s in e.data["order"]]
            assert capitals == sorted(capitals, reverse=True), f"turn order {e.data['order']} by Capital {capitals}"


def check_end(g) -> None:
    table = g.scores()
    best = max((r["score"], r["orders"]) for r in table)
    assert [r["won"] for r in table] == [(r["score"], r["orders"]) == best for r in table]
    if g.ended_by == "orders":
        # book: "The current round finishes so everyone gets the same number of turns, then you score."
        final = next(e for e in g.log if e.kind == "final_round")
        assert final.round == g.round
        assert not [e for e in g.log[final.seq :] if e.kind == "aged"], "no ageing after the final round"
        assert max(r["orders"] for r in table) >= g.rules.orders_to_end


def check_all(g) -> None:
    check_cards(g)
    check_decks(g)
    check_players(g)
    check_table(g)
    check_turn(g)


def make_rules(combo: tuple, round_limit: int):
    changes = {v["name"]: c for v, c in zip(VARIANTS, combo)}
    return RULES.replace(round_limit=round_limit, **changes)


@st.composite
def tables(draw):
    players = draw(st.integers(2, 6))
    combo = tuple(draw(st.sampled_from(v["choices"])) for v in VARIANTS)
    dists = draw(st.lists(st.sampled_from(DISTILLERIES), min_size=players, max_size=players))
    round_limit = draw(st.sampled_from([8, 20, 60]))
    seed = draw(st.integers(0, 2**32 - 1))
    return seed, players, combo, dists, round_limit


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_invariants_hold_after_every_action(table):
    seed, players, combo, dists, round_limit = table
    g = bl.new_game(make_rules(combo, round_limit), players=players, seed=seed, distilleries=dists)
    rng = random.Random(seed)
    check_all(g)
    bound = ACTIONS_PER_PLAYER_ROUND * players * round_limit
    for _ in range(bound):
        if g.is_over:
            break
        seen = len(g.log)
        g.apply(choose(g, rng))
        assert [e.seq for e in g.log[seen:]] == list(range(seen, len(g.log)))
        check_events(g, g.log[seen:])
        check_all(g)
    assert g.is_over, f"not over after {bound} actions: {g!r}"
    check_end(g)
    assert g.ended_by in ("orders", "round_limit")
    assert g.round <= round_limit
