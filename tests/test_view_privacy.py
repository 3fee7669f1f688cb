"""What each player may see: ``game.view(p)``, the bots' ``PlayerView`` and ``determinise``.

The rulebook's hidden information, quoted where it is set:

- Piles: "Five face-down piles ... Each card also has a hidden quality ... mixed into every pile."
- Claims: "Each die draws the top card of its matching pile (you don't see its quality first)".
- Mash bills: "Reveal Mash Floor-many mash bills and keep any you like" (shown to the drawing player).
- Demand: "The Marketing department sets how many demand cards you draw in this phase" (the drawer's).
- Everything else is on the table: "You can always see it coming — just count the cards."

The decisions (docs/rules-decisions.md) keep a loose or staged card's quality with its owner; a
built barrel shows its quality to all ("A barrel's quality is set by the best card you build it
with"); revealed bills, revealed demand cards and rerolls left belong to the player deciding.

Three independent checks walk real games through every step kind, for every viewer:
an oracle built here from the full state, field by field; a re-deal of everything the viewer may
not see, which must leave the view unchanged; and ``determinise``, which must re-deal exactly that.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import new_game, refresh

from bourbon_lab.bots import make_bot
from bourbon_lab.games.bourbonomics.content import DEPARTMENTS, QUALITIES
from bourbon_lab.games.bourbonomics.observation import PlayerView, PublicBarrel, PublicPlayer
from bourbon_lab.games.bourbonomics.play import age_value
from bourbon_lab.games.bourbonomics.state import ResourceCard

STEP_KINDS = {"pick", "bills", "keep", "reroll", "claim", "turn", "climate", "over"}
# Seat -> the Ultimate it starts with, so every step kind and hidden place turns up in play.
GRANTS = {
    0: ("mash_floor", "house_blend"),
    1: ("rickhouse", "climate_controlled"),
    2: ("marketing", "private_demand_card"),
    3: ("supply", "second_reroll"),
}
PER_STEP = 6  # states kept per step kind and game


def _grant(g, seat, dept, ult):
    p = g.players[seat]
    p.levels[dept] = len(g.rules.department_levels(dept))
    p.ultimates[dept] = ult
    if ult == "private_demand_card":
        g.deal_private_card(p)
    refresh(g)


def _walk(seed):
    """Play one 4-player game (two random bots, two heuristic) and keep a few states of every step kind."""
    # Piles of mixed quality, so a re-deal visibly moves a card's quality (at the defaults' 60 % Common, twelve
    # re-deals of one hidden card can all come out Common).
    g = new_game(
        4,
        seed,
        distilleries="bluegrass_bend",
        round_limit=9,
        start_prestige=2,
        zone_multipliers=(1, 3, 5),
        quality_odds=(29, 36, 22, 11, 2),
    )
    for seat, (dept, ult) in GRANTS.items():
        _grant(g, seat, dept, ult)
    bots = [make_bot("random", seed=seed), make_bot("heuristic"), make_bot("random", seed=seed + 1), make_bot("greedy")]
    kept = {}
    for i in range(3000):
        if kept.get(g.step, 0) < PER_STEP and (i % 7 == 0 or kept.get(g.step, 0) < 2):
            kept[g.step] = kept.get(g.step, 0) + 1
            yield g.clone()
        if g.is_over:
            return
        seat = g.current_player
        g.apply(bots[seat].choose(g.observe(seat), g.legal_actions()))
    pytest.fail("the walk did not end")


@pytest.fixture(scope="module")
def states():
    out = [s for seed in (3, 11) for s in _walk(seed)]
    assert {s.step for s in out} == STEP_KINDS, "the walk must reach every step kind"
    assert any(
        b.cards and not b.built for s in out for p in s.players if p.seat != s.current_player for b in p.barrels
    ), "the walk must reach a state where a player not on turn has staged cards"
    assert any(b.wild for s in out for p in s.players for b in p.barrels), "House Blend must stage a wild card"
    return out


def _ids(states):
    return [f"{s.step}-r{s.round}-{i}" for i, s in enumerate(states)]


# --------------------------------------------------------------------------- the oracle


def _card(c, mine):
    return [c.id, c.kind, QUALITIES[c.quality]] if mine else [None, c.kind, None]


def _order_seen(g, c):
    card = g.rules.cards_by_id[c.id.split(".")[0]]
    return {
        "id": c.id,
        "name": card.name,
        "tags": list(card.tags),
        "min_age": card.min_age,
        "min_quality": card.min_quality,
        "prestige": card.prestige,
        "slots": c.slots,
        "filled": list(c.filled),
    }


def _barrel_seen(g, b, mine):
    bill = g.rules.bills_by_id[b.bill]
    out = {
        "id": b.id,
        "bill": b.bill,
        "tags": list(bill.tags),
        "prime": list(bill.prime),
        "recipe": dict(bill.recipe),
        "built": b.built,
        "staged": [_card(c, mine) for c in b.staged + b.wild],
    }
    if b.built:  # a built barrel's quality is public: the best card is on show once it is made
        out.update(age=b.age, quality=QUALITIES[b.quality], sales_left=b.sales_left, value=age_value(g, b))
    return out


def _player_seen(g, p, viewer):
    mine = p.seat == viewer
    return {
        "seat": p.seat,
        "distillery": p.distillery,
        "capital": p.capital,
        "prestige": g.rules.start_prestige + sum(v for _, v in p.completed),
        "orders": len(p.completed),
        "completed": [c for c, _ in p.completed],
        "levels": dict(p.levels),
        "ultimates": dict(p.ultimates),
        "prospector_pile": p.prospector_pile,
        "numbers": {d: g.number(p.seat, d) for d in DEPARTMENTS},
        "upgrades": p.upgrades,
        "barrels": [_barrel_seen(g, b, mine) for b in p.barrels],
        "private": _order_seen(g, p.private) if p.private else None,
        "warehouse": [_card(c, mine) for c in p.warehouse],
    }


def expected_view(g, viewer):
    """Everything ``viewer`` may see, built from the full state by the rules quoted at the top."""
    deciding = g.current_player == viewer
    return {
        "viewer": viewer,
        "round": g.round,
        "phase": g.phase,
        "step": g.step,
        "current_player": g.current_player,
        "order": list(g.order),
        "zone": g.zone,
        "multiplier": g.rules.zone_multipliers[("Low", "Mid", "Hot").index(g.zone)],
        "table": [_order_seen(g, c) for c in g.table],
        "crash_in": g.rules.crash_size - len(g.table),
        "players": [_player_seen(g, p, viewer) for p in g.players],
        "piles": {k: len(v) for k, v in g.piles.piles.items()},
        "pile_discards": {k: len(v) for k, v in g.piles.discards.items()},
        "demand_deck": len(g.demand.cards),
        "mash_bills_left": len(g.bills.cards),
        "dice": list(g.dice),
        "selected": list(g.selected),
        "inherited": list(g.passed),
        "kept": list(g.kept),
        "rerolls_left": g.rerolls_left if deciding else None,
        "revealed_bills": list(g.revealed_bills) if deciding else len(g.revealed_bills),
        "demand_reveal": list(g.demand_reveal) if deciding else len(g.demand_reveal),
        "legal_actions": [str(a) for a in g.legal_actions()] if deciding else [],
        "ended_by": g.ended_by,
    }


def test_every_field_of_every_view_is_what_the_rulebook_lets_that_player_see(states):
    for s in states:
        for viewer in range(s.n):
            got, want = s.view(viewer), expected_view(s, viewer)
            where = f"step {s.step}, round {s.round}, viewer {viewer}"
            assert set(got) == set(want), f"{where}: view fields {sorted(set(got) ^ set(want))} not reviewed here"
            for key in want:
                if key == "players":
                    for seat, (gp, wp) in enumerate(zip(got[key], want[key])):
                        assert set(gp) == set(wp), f"{where}: player fields {sorted(set(gp) ^ set(wp))}"
                        for field in wp:
                            assert gp[field] == wp[field], f"{where}: players[{seat}].{field}"
                else:
                    assert got[key] == want[key], f"{where}: {key}"


# --------------------------------------------------------------------------- re-deal what is hidden


def _other_quality(c: ResourceCard, bump: int) -> ResourceCard:
    return ResourceCard(c.id + "?", c.kind, (c.quality + bump) % len(QUALITIES))


def hide_from(g, viewer, bump=1):
    """A copy of ``g`` in which everything ``viewer`` may not see is different (and nothing else)."""
    h = g.clone()
    for p in h.players:
        if p.seat == viewer:
            continue
        p.warehouse = [_other_quality(c, bump) for c in p.warehouse]
        for b in p.barrels:
            b.staged = [_other_quality(c, bump) for c in b.staged]
            b.wild = [_other_quality(c, bump) for c in b.wild]
    for piles in (h.piles.piles, h.piles.discards):
        for kind in piles:
            piles[kind] = [_other_quality(c, bump) for c in reversed(piles[kind])]
    h.demand.cards.reverse()
    h.bills.cards.reverse()
    if h.current_player != viewer:
        bills = [b.id for b in h.rules.mash_bills if b.id not in h.revealed_bills]
        cards = [c.id for c in h.rules.demand_cards if c.id not in h.demand_reveal]
        h.revealed_bills = bills[: len(h.revealed_bills)]
        h.demand_reveal = cards[: len(h.demand_reveal)]
        h.rerolls_left += bump
    for name in h.rngs:
        h.rngs[name] = random.Random(bump)
    refresh(h)
    return h


def seen_by_bot(view: PlayerView):
    """Every public attribute of a bot's ``PlayerView`` except the viewer's own state, as plain data."""

    def barrel(b: PublicBarrel):
        return {k: getattr(b, k) for k in PUBLIC_BARREL}

    def player(p: PublicPlayer):
        out = {k: getattr(p, k) for k in PUBLIC_PLAYER}
        out["barrels"] = [barrel(b) for b in p.barrels]
        return out

    out = {k: getattr(view, k) for k in PLAYER_VIEW_DATA}
    out["table"] = [(c.id, c.slots, list(c.filled)) for c in view.table]
    out["others"] = [player(p) for p in view.others]
    return out


PUBLIC_BARREL = ["id", "bill", "built", "age", "quality", "sales_left", "staged_kinds"]
PUBLIC_PLAYER = ["seat", "distillery", "capital", "levels", "ultimates", "barrels", "orders", "prestige"]
PUBLIC_PLAYER += ["warehouse_kinds"]
PLAYER_VIEW_DATA = ["round", "phase", "step", "n", "order", "zone_index", "multiplier", "end_triggered"]
PLAYER_VIEW_DATA += ["dice", "selected", "inherited", "kept", "rerolls_left", "revealed_bills", "demand_reveal"]
PLAYER_VIEW_OTHER = {"rules", "me", "others", "table", "player", "number", "to_dict", "determinise"}


def _public(cls):
    """Public names of a class, less the copies mutation testing (mutmut, ``make mutate``) adds."""
    return {k for k in dir(cls) if not k.startswith("_") and "ǁ" not in k}


def test_the_bot_view_offers_only_reviewed_attributes():
    """A new attribute on a bot's view must be checked here before bots can read it."""
    assert _public(PublicPlayer) == set(PUBLIC_PLAYER)
    assert _public(PublicBarrel) == set(PUBLIC_BARREL)
    assert _public(PlayerView) == set(PLAYER_VIEW_DATA) | PLAYER_VIEW_OTHER


def test_hidden_information_changes_nothing_a_player_sees(states):
    for s in states:
        for viewer in range(s.n):
            h = hide_from(s, viewer)
            where = f"step {s.step}, round {s.round}, viewer {viewer}"
            assert h.view(viewer) == s.view(viewer), f"{where}: view() shows hidden information"
            assert seen_by_bot(h.observe(viewer)) == seen_by_bot(s.observe(viewer)), f"{where}: PlayerView leaks"


def test_the_bot_view_matches_the_table_and_hides_the_deciders_reveals(states):
    for s in states:
        for viewer in range(s.n):
            v = s.observe(viewer)
            deciding = s.current_player == viewer
            where = f"step {s.step}, viewer {viewer}"
            assert v.rerolls_left == (s.rerolls_left if deciding else 0), where
            assert v.revealed_bills == (list(s.revealed_bills) if deciding else []), where
            assert v.demand_reveal == (list(s.demand_reveal) if deciding else []), where
            assert v.me is s.players[viewer]
            assert [p.seat for p in v.others] == [p.seat for p in s.players if p.seat != viewer]
            for pub, p in zip(v.others, [p for p in s.players if p.seat != viewer]):
                assert pub.warehouse_kinds == [c.kind for c in p.warehouse], where
                assert pub.prestige == s.rules.start_prestige + p.prestige_from_orders, where
                assert pub.orders == len(p.completed) and pub.capital == p.capital, where
                for pb, b in zip(pub.barrels, p.barrels):
                    assert pb.staged_kinds == [c.kind for c in b.cards], where
                    assert pb.quality == (b.quality if b.built else None), where
                    assert (pb.id, pb.bill, pb.built, pb.age, pb.sales_left) == (
                        b.id,
                        b.bill,
                        b.built,
                        b.age,
                        b.sales_left,
                    ), where


def test_a_players_own_cards_show_in_full():
    """The other side of the privacy checks: what a player holds, they see (it must not be masked too)."""
    g = new_game(4, 5)
    while not g.players[g.current_player].warehouse:
        g.apply(make_bot("heuristic").choose(g.observe(g.current_player), g.legal_actions()))
    me = g.current_player
    changed = g.clone()
    changed.players[me].warehouse = [_other_quality(c, 1) for c in changed.players[me].warehouse]
    assert changed.view(me) != g.view(me)
    assert [w[2] for w in g.view(me)["players"][me]["warehouse"]] == [
        QUALITIES[c.quality] for c in g.players[me].warehouse
    ]


# --------------------------------------------------------------------------- determinise


def _hidden_places(g, viewer):
    """(label, card) for every card whose quality ``viewer`` may not see and determinise must re-deal."""
    out = [(f"pile {k} {i}", c) for k, pile in g.piles.piles.items() for i, c in enumerate(pile)]
    for p in g.players:
        if p.seat == viewer:
            continue
        out += [(f"P{p.seat} warehouse {i}", c) for i, c in enumerate(p.warehouse)]
        for b in p.barrels:
            if not b.built:
                out += [(f"P{p.seat} {b.id} staged {i}", c) for i, c in enumerate(b.staged)]
                out += [(f"P{p.seat} {b.id} wild {i}", c) for i, c in enumerate(b.wild)]
    return out


def _mixed(g, kind):
    return len({c.quality for c in g.piles.piles[kind]}) > 1


def test_determinise_keeps_what_the_viewer_sees_and_redeals_the_rest(states):
    checked = Counter()
    for s in [s for s in states if s.step in ("turn", "claim", "climate")][::2]:
        for viewer in range(s.n):
            before = s.snapshot()
            truth = {label: c for label, c in _hidden_places(s, viewer)}
            seen = {label: set() for label in truth}
            for seed in range(12):
                w = s.observe(viewer).determinise(random.Random(seed))
                assert w.view(viewer) == s.view(viewer), f"step {s.step}: determinise changed what {viewer} sees"
                assert w.players[viewer].to_data() == s.players[viewer].to_data()
                redealt = dict(_hidden_places(w, viewer))
                assert sorted(redealt) == sorted(truth)
                assert Counter((c.kind, c.quality) for c in redealt.values()) == Counter(
                    (c.kind, c.quality) for c in truth.values()
                ), "re-dealing must keep the cards in play, only move their qualities"
                for label, c in redealt.items():
                    assert c.kind == truth[label].kind
                    seen[label].add(c.quality)
            assert s.snapshot() == before
            for label, qualities in seen.items():
                if not label.startswith("pile") and _mixed(s, truth[label].kind):
                    where = label.split()[1]
                    checked[where if where == "warehouse" else label.split()[2]] += 1
                    assert len(qualities) > 1, f"{label}: determinise never re-dealt this hidden card"
    assert checked["warehouse"] and checked["staged"] and checked["wild"], checked
