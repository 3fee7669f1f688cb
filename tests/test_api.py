"""The public step API: full games, illegal actions, snapshots, clones, determinism, views, setup errors.

architecture.md: "an illegal action raises bl.IllegalAction naming the rule it breaks, and leaves the
game exactly as it was"; "the seed + the actions reproduce the game exactly"; "Same rules + seed +
actions => identical log, on any machine, in any worker."
"""

from __future__ import annotations

import collections
import hashlib
import itertools
import json
import os
import random
import subprocess
import sys

import pytest

import bourbon_lab as bl
from bourbon_lab import Action
from bourbon_lab.core import SnapshotError

RULES = bl.Ruleset.default()
VARIANT_CHOICES = [(v["name"], c) for v in bl.Ruleset.variants() for c in v["choices"]]

# --- a random policy that is not hopeless -------------------------------------------------------

WEIGHTS = {
    "sell": 40,
    "make": 40,
    "stage": 10,
    "keep_bill": 2,
    "upgrade": 0.5,
    "sort": 3,
    "unstage": 0.1,
    "select": 0.3,
    "reroll": 0.5,
    "trade": 1,
    "keep_die": 2,
}


def needed_kinds(g, p) -> set[str]:
    """Resource kinds some resting barrel of ``p`` still lacks once the warehouse is counted."""
    need = collections.Counter()
    for b in p.barrels:
        if not b.built:
            for kind, n in g.rules.bills_by_id[b.bill.split(".")[0]].recipe:
                need[kind] += n - sum(1 for c in b.cards if c.kind == kind)
    for c in p.warehouse:
        need[c.kind] -= 1
    return {k for k, n in need.items() if n > 0}


def choose(g, rng: random.Random) -> Action:
    """Uniform-ish among legal actions; selling/making favoured, turn-ending actions down-weighted."""
    legal = g.legal_actions()
    p = g.players[g.current_player]
    need = needed_kinds(g, p) if g.step == "claim" else set()
    resting = sum(not b.built for b in p.barrels)
    weights = []
    for a in legal:
        if a.verb == "claim":
            w = 20 if a.args[1] in need else 0.05
        elif a.verb == "keep_bill":
            w = 3 if resting < 2 else 0.1
        else:
            w = WEIGHTS.get(a.verb, 1.0)
        weights.append(w)
    return rng.choices(legal, weights=weights)[0]


def play(g, rng, *, check=True, limit=100_000, on_step=None):
    for _ in range(limit):
        if g.is_over:
            return g
        a = choose(g, rng)
        if on_step:
            on_step(g, a)
        g.apply(a, check=check)
    raise AssertionError(f"game did not end within {limit} actions: {g!r}")


def rows(g) -> list[dict]:
    return [e.to_row() for e in g.log]


def dumps(snap) -> str:
    return json.dumps(snap, sort_keys=True)


def log_hash(g) -> str:
    return hashlib.sha256(json.dumps(rows(g), sort_keys=True).encode()).hexdigest()


def recorded_game(seed=11, players=4, rules=RULES, distilleries=None):
    """A finished game plus the (phase, step) before each of its chosen actions."""
    g = bl.new_game(rules, players=players, seed=seed, distilleries=distilleries)
    where = []
    play(g, random.Random(seed), on_step=lambda g, a: where.append((g.phase, g.step)))
    return g, where


@pytest.fixture(scope="module")
def finished():
    dists = ["standard", "hollow_creek", "copper_kettle", "bluegrass_bend"]
    return recorded_game(seed=11, players=4, distilleries=dists)


def replay(rules, players, seed, actions, distilleries=None, *, check=True):
    g = bl.new_game(rules, players=players, seed=seed, distilleries=distilleries)
    for text in actions:
        g.apply(text, check=check)
    return g


# --- full games ---------------------------------------------------------------------------------


def assert_finished(g, players):
    assert g.is_over
    assert g.phase == "over" and g.current_player is None
    assert g.legal_actions() == []
    assert g.ended_by in ("orders", "round_limit")
    assert g.log[-1].kind == "game_end"
    table = g.scores()
    assert [r["player"] for r in table] == list(range(players))
    assert any(r["won"] for r in table)
    if g.ended_by == "orders":
        assert max(r["orders"] for r in table) >= g.rules.orders_to_end
    else:
        assert g.round == g.rules.round_limit


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_game_plays_to_the_end_with_legal_actions_alone(players):
    g = bl.new_game(RULES, players=players, seed=100 + players)
    play(g, random.Random(players))
    assert_finished(g, players)
    assert len(g.actions) > 0 and all(isinstance(t, str) for t in g.actions)


@pytest.mark.parametrize("name, choice", VARIANT_CHOICES, ids=[f"{n}={c}" for n, c in VARIANT_CHOICES])
def test_each_variant_plays_to_the_end(name, choice):
    rules = RULES.replace(**{name: choice})
    g = bl.new_game(rules, players=3, seed=5, distilleries=["standard", "bluegrass_bend", "lantern_hill"])
    play(g, random.Random(5))
    assert_finished(g, 3)


def test_all_non_default_variants_together_play_to_the_end():
    changes = {v["name"]: next(c for c in v["choices"] if c != v["default"]) for v in bl.Ruleset.variants()}
    rules = RULES.replace(**changes)
    dists = [d.id for d in rules.distilleries]
    g = bl.new_game(rules, players=6, seed=9, distilleries=dists[:6])
    play(g, random.Random(9))
    assert_finished(g, 6)


def test_the_round_limit_stops_a_game():
    g = bl.new_game(RULES.replace(round_limit=3), players=2, seed=1)
    play(g, random.Random(1))
    assert g.ended_by == "round_limit" and g.round == 3
    assert g.log[-1].kind == "game_end"


def test_apply_returns_the_new_events_and_accepts_text():
    g = bl.new_game(RULES, players=3, seed=2)
    rng = random.Random(2)
    for _ in range(200):
        a = choose(g, rng)
        start = len(g.log)
        events = g.apply(str(a))
        assert events == g.log[start:]
        assert all(isinstance(e, bl.Event) for e in events)
        assert g.actions[-1] == str(a)
    assert [e.seq for e in g.log] == list(range(len(g.log)))


def test_legal_actions_is_a_fresh_list_each_time():
    g = bl.new_game(RULES, players=2, seed=3)
    legal = g.legal_actions()
    legal.clear()
    assert g.legal_actions()


def _decision_points(plan, round_limit: int):
    """Each decision of one ``choose``-played game per (seed, players), every distillery in
    play, and then each finished game once more."""
    for seed, players in plan:
        dists = [d.id for d in RULES.distilleries][:players]
        g = bl.new_game(RULES.replace(round_limit=round_limit), players=players, seed=seed, distilleries=dists)
        rng = random.Random(seed)
        while not g.is_over:
            yield g
            g.apply(choose(g, rng))
        yield g


def test_every_legal_action_passes_why_illegal_and_the_list_is_never_empty():
    checked = 0
    for g in _decision_points(((21, 2), (22, 4), (23, 6)), round_limit=25):
        if g.is_over:
            assert g.legal_actions() == []
            continue
        legal = g.legal_actions()
        assert legal, f"no legal action at {g!r} step={g.step}"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        assert 0 <= g.current_player < g.n
        for a in legal:
            assert g.why_illegal(a) is None, (str(a), g.why_illegal(a))
            assert g.why_illegal(str(a)) is None
        checked += len(legal)
    assert checked > 5_000


def _every_conceivable_action(g) -> list[Action]:
    """Brute force for the steps whose legal list is built directly (Play turn, claims): every action
    the grammar allows on the current player's cards, barrels, orders, departments and dice."""
    from bourbon_lab.games.bourbonomics.content import ANY_FACE, DEPARTMENTS, DIE_FACES, RESOURCES, ULTIMATES

    p = g.players[g.current_player]
    if g.step == "claim":
        out = [Action.of("claim", f, f) for f in DIE_FACES if f != ANY_FACE]
        return out + [Action.of("claim", ANY_FACE, r) for r in RESOURCES] + [Action.of("pass_dice")]
    cards = list(p.warehouse) + [c for b in p.barrels for c in b.cards]
    out = [Action.of("stage", c.id, b.id) for c in cards for b in p.barrels]
    out += [Action.of("unstage", c.id) for c in cards]
    out += [Action.of("make", b.id) for b in p.barrels]
    out += [Action.of("sell", b.id, o.id) for b in p.barrels for o in g.table]
    out += [Action.of("sell", b.id, "private") for b in p.barrels]
    for dept in DEPARTMENTS:
        out.append(Action.of("upgrade", dept))
        for ult in ULTIMATES[dept]:
            out.append(Action.of("upgrade", dept, ult))
            out += [Action.of("upgrade", dept, ult, r) for r in RESOURCES]
    return out + [Action.of("sort", r) for r in RESOURCES] + [Action.of("end_turn")]


def test_directly_built_legal_lists_hold_every_legal_action():
    """Completeness of the fast path: anything ``why_illegal`` allows is in ``legal_actions``, up to
    swapping a card for an identical one (same type and quality)."""
    checked = 0
    for g in _decision_points(((31, 2), (32, 4), (33, 5)), round_limit=20):
        if g.step not in ("turn", "claim"):
            continue
        p = g.players[g.current_player]
        kind = {c.id: (c.kind, c.quality) for c in list(p.warehouse) + [c for b in p.barrels for c in b.cards]}

        def key(a, kind=kind):
            return (a.verb, tuple(kind.get(x, x) for x in a.args))

        listed = {key(a) for a in g.legal_actions()}
        for a in _every_conceivable_action(g):
            if g.why_illegal(a) is None:
                assert key(a) in listed, f"{a} is legal but not listed (step {g.step})"
                checked += 1
    assert checked > 2_000


def test_check_false_gives_the_same_game_for_legal_actions(finished):
    g, _ = finished
    fast = replay(RULES, 4, 11, g.actions, g.log[0].data["distilleries"], check=False)
    assert rows(fast) == rows(g)


def test_after_the_end_everything_is_illegal(finished):
    g, _ = finished
    assert g.why_illegal("end turn") == "the game is over"
    snap = dumps(g.snapshot())
    with pytest.raises(bl.IllegalAction):
        g.apply("end turn")
    assert dumps(g.snapshot()) == snap


# --- illegal actions ----------------------------------------------------------------------------


def until(g, rng, pred, limit=5000):
    for _ in range(limit):
        if pred(g):
            return g
        assert not g.is_over
        g.apply(choose(g, rng))
    raise AssertionError("state not reached")


def assert_refused(g, action, *words):
    """``action`` raises IllegalAction naming the rule and leaves the game exactly as it was."""
    before = dumps(g.snapshot())
    legal = [str(a) for a in g.legal_actions()]
    why = g.why_illegal(action)
    assert why, f"{action!r} should be illegal"
    with pytest.raises(bl.IllegalAction) as info:
        g.apply(action)
    err = info.value
    assert err.rule == why
    for w in words:
        assert w.lower() in err.rule.lower(), (w, err.rule)
    assert err.round == g.round and err.phase == g.phase and err.player == g.current_player
    assert err.action == Action.parse(action)
    assert str(Action.parse(action)) in str(err)
    assert dumps(g.snapshot()) == before
    assert [str(a) for a in g.legal_actions()] == legal
    return err


def test_wrong_phase_is_illegal():
    g = bl.new_game(RULES, players=3, seed=4)
    assert g.phase == "collect"
    assert_refused(g, "end turn", "collect")
    assert_refused(g, "sell B1 -> D01", "collect")
    assert_refused(g, "upgrade supply", "collect")
    assert_refused(g, "climate B1")
    g = until(g, random.Random(4), lambda g: g.phase == "play")
    assert_refused(g, "claim rye", "play")
    assert_refused(g, "roll", "play")
    assert_refused(g, "pick D01", "play")


def test_unknown_barrel_and_card_are_illegal():
    g = until(bl.new_game(RULES, players=2, seed=6), random.Random(6), lambda g: g.phase == "play")
    assert_refused(g, "make B99", "B99")
    assert_refused(g, "sell B99 -> D01", "B99")
    assert_refused(g, "stage zzz9 -> B1", "zzz9")
    assert_refused(g, "sell B1 -> D99", "")


def test_unaffordable_upgrade_is_illegal():
    rules = RULES.replace(upgrade_cost_first=9)
    g = until(bl.new_game(rules, players=2, seed=6), random.Random(6), lambda g: g.phase == "play")
    assert g.players[g.current_player].capital < 9
    assert "upgrade supply" not in [str(a) for a in g.legal_actions()]
    assert_refused(g, "upgrade supply", "costs 9", "capital")


def test_unknown_department_and_premature_ultimate_are_illegal():
    g = until(bl.new_game(RULES, players=2, seed=6), random.Random(6), lambda g: g.phase == "play")
    assert_refused(g, "upgrade kitchen", "department")
    assert_refused(g, "upgrade supply -> second_reroll", "ultimate")


def test_claim_past_the_warehouse_cap_is_illegal():
    # book: "You can never claim past your Warehouse cap". A full warehouse passes its dice
    # on automatically, so fill it through a snapshot while the player still has dice to claim.
    g = until(bl.new_game(RULES, players=3, seed=8), random.Random(8), lambda g: g.step == "claim")
    snap = g.snapshot()
    me = g.current_player
    cap = g.number(me, "warehouse")
    pile = snap["piles"]["piles"]["cask"]
    while len(snap["players"][me]["warehouse"]) < cap:
        snap["players"][me]["warehouse"].append(pile.pop())
    full = bl.Game.restore(json.loads(json.dumps(snap)))
    assert [str(a) for a in full.legal_actions()] == ["pass dice"]
    die = full.dice[0]
    text = f"claim {die}" if die != "any" else "claim any -> rye"
    assert_refused(full, text, "warehouse cap")


def test_claim_of_a_die_not_on_the_table_is_illegal():
    g = until(bl.new_game(RULES, players=3, seed=8), random.Random(8), lambda g: g.step == "claim")
    missing = next(f for f in ("cask", "corn", "rye", "wheat", "barley") if f not in g.dice)
    assert_refused(g, f"claim {missing}", missing)


def test_junk_text_is_a_parse_error_and_changes_nothing():
    g = until(bl.new_game(RULES, players=2, seed=6), random.Random(6), lambda g: g.phase == "play")
    before = dumps(g.snapshot())
    for junk in ("dance", "", "sell B1", "end turns"):
        with pytest.raises(bl.ActionParseError):
            g.apply(junk)
        with pytest.raises(bl.ActionParseError):
            g.why_illegal(junk)
    assert dumps(g.snapshot()) == before


@pytest.mark.parametrize(
    ("verb", "args"),
    [("sell", ("B1",)), ("stage", ()), ("upgrade", ()), ("fly", ("away",))],
    ids=["sell-1-arg", "stage-no-args", "upgrade-no-args", "unknown-verb"],
)
def test_a_malformed_action_value_is_refused_cleanly(verb, args):
    # An Action built by hand with the wrong operands is refused with a bourbon_lab error
    # (ActionParseError when it is built, or IllegalAction when applied), never a crash, and changes nothing.
    g = until(bl.new_game(RULES, players=2, seed=6), random.Random(6), lambda g: g.phase == "play")
    before = dumps(g.snapshot())
    with pytest.raises(bl.BourbonLabError):
        g.apply(Action(verb, args))
    assert dumps(g.snapshot()) == before


def test_an_illegal_attempt_leaves_no_trace_in_the_rest_of_the_game(finished):
    g, _ = finished
    dists = g.log[0].data["distilleries"]
    other = bl.new_game(RULES, players=4, seed=11, distilleries=dists)
    for i, text in enumerate(g.actions):
        if i % 7 == 0:
            for bad in ("make B99", "end turn", "claim rye", "upgrade kitchen"):
                if other.why_illegal(bad):
                    with pytest.raises(bl.IllegalAction):
                        other.apply(bad)
        other.apply(text)
    assert rows(other) == rows(g)


# --- snapshots, restore, clone -----------------------------------------------------------------


def cut_points(where) -> list[int]:
    """Indices (before action i) at several kinds of decision, including mid-Collect ones."""
    points = {0, len(where) // 3, len(where) // 2, len(where) - 1}
    kinds = ("bills", "keep", "reroll", "claim")
    for wanted in [("collect", k) for k in kinds] + [("play", "turn"), ("demand", "pick"), ("ageing", "climate")]:
        hits = [i for i, w in enumerate(where) if w == wanted]
        if hits:
            points.update((hits[0], hits[len(hits) // 2]))
    # mid-Collect: a later player in the middle of a turn, after another claim this turn
    claims = [
        i for i in range(1, len(where)) if where[i] == ("collect", "claim") and where[i - 1] == ("collect", "claim")
    ]
    if claims:
        points.add(claims[len(claims) // 2])
    return sorted(points)


def test_snapshot_restore_continues_exactly(finished):
    g, where = finished
    dists = g.log[0].data["distilleries"]
    assert {"bills", "reroll", "claim"} <= {s for p, s in where if p == "collect"}
    for k in cut_points(where):
        part = replay(RULES, 4, 11, g.actions[:k], dists)
        snap = part.snapshot()
        text = json.dumps(snap)
        back = bl.Game.restore(json.loads(text))
        assert dumps(back.snapshot()) == dumps(snap), f"restore is not exact at action {k}"
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in part.legal_actions()]
        assert (back.round, back.phase, back.step, back.current_player) == (
            part.round,
            part.phase,
            part.step,
            part.current_player,
        )
        for t in g.actions[k:]:
            back.apply(t)
        assert rows(back) == rows(g), f"restored at action {k} ({where[k]}) diverged"
        assert back.actions == g.actions
        assert back.scores() == g.scores()


def test_snapshot_of_a_finished_game_restores(finished):
    g, _ = finished
    back = bl.Game.restore(json.loads(json.dumps(g.snapshot())))
    assert back.is_over and back.scores() == g.scores()
    assert dumps(back.snapshot()) == dumps(g.snapshot())


def test_snapshot_is_json_safe_and_a_copy(finished):
    g, where = finished
    part = replay(RULES, 4, 11, g.actions[: len(where) // 2], g.log[0].data["distilleries"])
    snap = part.snapshot()
    assert json.loads(json.dumps(snap)) == snap
    snap["players"][0]["capital"] = 999
    snap["log"].clear()
    assert part.players[0].capital != 999 and part.log


def test_restore_refuses_what_is_not_a_snapshot():
    with pytest.raises(bl.SetupError):
        bl.Game.restore({"version": 999})
    with pytest.raises(bl.SetupError):
        bl.Game.restore([])


def test_restore_refuses_kept_or_selected_dice_that_were_never_there(finished):
    """Found by the snapshot fuzzing: kept dice are taken from the passed ones ("Keep the inherited dice you
    want"), and selected dice from those rolled; a snapshot that breaks this is refused whole, naming the place."""
    g, where = finished
    tried = set()
    for k in range(len(g.actions)):
        snap = replay(RULES, 4, 11, g.actions[:k], g.log[0].data["distilleries"]).snapshot()
        for part, whole in (("kept", "passed"), ("selected", "dice")):
            if snap[part] and part not in tried:
                tried.add(part)
                broken = {**snap, whole: []}
                with pytest.raises(SnapshotError, match=rf"^snapshot {part}\[0\]: .* is not among the {whole} dice"):
                    bl.Game.restore(broken)
                assert bl.Game.restore(snap).snapshot() == snap
        if len(tried) == 2:
            break
    assert tried == {"kept", "selected"}


def test_clone_is_independent_and_continues_exactly(finished):
    g, where = finished
    dists = g.log[0].data["distilleries"]
    for k in cut_points(where):
        part = replay(RULES, 4, 11, g.actions[:k], dists)
        before = dumps(part.snapshot())
        twin = part.clone()
        assert dumps(twin.snapshot()) == before
        # play the clone on with different choices: the original must not move
        play(twin, random.Random(k + 1000))
        assert dumps(part.snapshot()) == before, f"playing a clone changed the original at action {k}"
        # and the original continues exactly as the uninterrupted game
        other = part.clone()
        for t in g.actions[k:]:
            part.apply(t)
        assert rows(part) == rows(g)
        assert dumps(other.snapshot()) == before, "playing the original changed its clone"


# --- determinism --------------------------------------------------------------------------------


def test_same_rules_seed_and_actions_give_the_same_log(finished):
    g, _ = finished
    a = recorded_game(seed=11, players=4, distilleries=g.log[0].data["distilleries"])[0]
    assert rows(a) == rows(g)
    assert a.actions == g.actions
    again = replay(RULES, 4, 11, g.actions, g.log[0].data["distilleries"])
    assert rows(again) == rows(g)


def test_different_seeds_give_different_games():
    logs = set()
    for seed in range(5):
        g = bl.new_game(RULES, players=3, seed=seed)
        play(g, random.Random(0))
        logs.add(log_hash(g))
    assert len(logs) == 5
    # the seed alone changes the deal: same first decisions, different dice and piles
    a = bl.new_game(RULES, players=3, seed=1)
    b = bl.new_game(RULES, players=3, seed=2)
    assert rows(a)[1:] != rows(b)[1:]


def test_a_change_to_the_dice_does_not_reshuffle_the_piles_or_decks():
    # supply.py: "a rule change that alters how many dice are rolled does not reshuffle the piles"
    a = bl.new_game(RULES, players=4, seed=77)
    b = bl.new_game(RULES.replace(supply_levels=(6, 7, 8), free_rerolls=3), players=4, seed=77)
    sa, sb = a.snapshot(), b.snapshot()
    assert sa["piles"] == sb["piles"]
    assert sa["demand"] == sb["demand"] and sa["table"] == sb["table"]
    assert sa["tiebreak"] == sb["tiebreak"]


_CHILD = """
import hashlib, json, sys
import bourbon_lab as bl
job = json.load(sys.stdin)
g = bl.new_game(bl.Ruleset.default(), players=job["players"], seed=job["seed"], distilleries=job["distilleries"])
for text in job["actions"]:
    g.apply(text)
print(hashlib.sha256(json.dumps([e.to_row() for e in g.log], sort_keys=True).encode()).hexdigest())
"""


@pytest.mark.parametrize("hashseed", ["0", "4242"])
def test_the_log_is_identical_in_a_separate_process(finished, hashseed):
    g, _ = finished
    job = {"players": 4, "seed": 11, "distilleries": g.log[0].data["distilleries"], "actions": g.actions}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": hashseed},
        timeout=120,
    )
    assert out.stdout.strip() == log_hash(g)


def test_global_random_state_is_not_used():
    random.seed(1)
    a = bl.new_game(RULES, players=4, seed=3)
    play(a, random.Random(3))
    random.seed(2)
    b = bl.new_game(RULES, players=4, seed=3)
    play(b, random.Random(3))
    assert rows(a) == rows(b)


# --- what a player may see ----------------------------------------------------------------------


def strings_in(obj) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings_in(k) | strings_in(v) for k, v in obj.items())) if obj else set()
    if isinstance(obj, (list, tuple)):
        return set().union(*(strings_in(x) for x in obj)) if obj else set()
    return set()


def assert_view_hides(g):
    pile_ids = {c.id for cards in g.piles.piles.values() for c in cards}
    pile_ids |= {c.id for cards in g.piles.discards.values() for c in cards}
    for viewer in range(g.n):
        v = g.view(viewer)
        json.dumps(v)  # a view is JSON-safe
        assert v["viewer"] == viewer
        assert all(isinstance(n, int) for n in v["piles"].values()), "a view shows pile sizes, not cards"
        assert isinstance(v["demand_deck"], int) and isinstance(v["mash_bills_left"], int)
        found = strings_in(v)
        assert not (found & pile_ids), f"view of {viewer} shows pile cards {sorted(found & pile_ids)[:3]}"
        for seat, pv in enumerate(v["players"]):
            real = g.players[seat].warehouse
            assert len(pv["warehouse"]) == len(real)
            if seat == viewer:
                assert pv["warehouse"] == [
                    [c.id, c.kind, ("Common", "Uncommon", "Rare", "Epic", "Legendary")[c.quality]] for c in real
                ]
            else:
                assert [kind for _, kind, _ in pv["warehouse"]] == [c.kind for c in real]
                assert all(cid is None and q is None for cid, _, q in pv["warehouse"])
                hidden = {c.id for c in real}
                assert not (found & hidden), "another player's warehouse card id leaks"
        if g.demand_reveal and g.current_player != viewer:
            assert not (found & set(g.demand_reveal)), "another player's revealed demand cards leak"
        if g.revealed_bills and g.current_player != viewer:
            assert not (found & set(g.revealed_bills) - {b.bill for p in g.players for b in p.barrels})


def test_view_hides_piles_and_other_warehouses_and_shows_your_own():
    rules = RULES.replace(opening_round_adds_card=True)
    dists = ["bluegrass_bend", "standard", "bluegrass_bend", "lantern_hill"]
    g = bl.new_game(rules, players=4, seed=31, distilleries=dists)
    rng = random.Random(31)
    steps = 0
    while not g.is_over and steps < 2500:
        if steps % 5 == 0:
            assert_view_hides(g)
        g.apply(choose(g, rng))
        steps += 1
    assert any(p.warehouse for p in g.players)


def test_view_lists_legal_actions_only_for_the_current_player():
    g = bl.new_game(RULES, players=3, seed=2)
    me = g.current_player
    assert g.view(me)["legal_actions"] == [str(a) for a in g.legal_actions()]
    for other in set(range(3)) - {me}:
        assert g.view(other)["legal_actions"] == []


# --- setup errors -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 7, 12])
def test_player_count_outside_2_to_6_is_a_setup_error(players):
    with pytest.raises(bl.SetupError) as info:
        bl.new_game(RULES, players=players, seed=1)
    assert "players" in str(info.value)
    assert str(players) in str(info.value)


@pytest.mark.parametrize("players", ["4", 4.0, True, None])
def test_player_count_of_the_wrong_type_is_a_setup_error(players):
    with pytest.raises(bl.SetupError) as info:
        bl.new_game(RULES, players=players, seed=1)
    assert "players" in str(info.value)


def test_player_count_follows_the_ruleset():
    with pytest.raises(bl.SetupError):
        bl.new_game(RULES.replace(max_players=4), players=5, seed=1)


def test_unknown_distillery_is_a_setup_error_with_a_hint():
    with pytest.raises(bl.SetupError) as info:
        bl.new_game(RULES, players=2, seed=1, distilleries=["standard", "hollow_crek"])
    msg = str(info.value)
    assert "distilleries" in msg and "hollow_crek" in msg
    assert "did you mean 'hollow_creek'" in msg


@pytest.mark.parametrize("dists", [["standard"], ["standard"] * 3, []])
def test_wrong_length_distillery_list_is_a_setup_error(dists):
    with pytest.raises(bl.SetupError) as info:
        bl.new_game(RULES, players=2, seed=1, distilleries=dists)
    assert "distilleries" in str(info.value)


@pytest.mark.parametrize("dists", [5, [["standard"], ["standard"]], [None, "standard"]])
def test_distilleries_of_the_wrong_type_are_a_setup_error(dists):
    with pytest.raises(bl.SetupError) as info:
        bl.new_game(RULES, players=2, seed=1, distilleries=dists)
    assert "distilleries" in str(info.value)


def test_bad_seed_is_a_setup_error():
    with pytest.raises(bl.SetupError) as info:
        bl.new_game(RULES, players=2, seed="7")
    assert "seed" in str(info.value)


def test_setup_error_is_a_value_error_and_rules_must_be_a_ruleset():
    assert issubclass(bl.SetupError, ValueError) and issubclass(bl.SetupError, bl.BourbonLabError)
    with pytest.raises(bl.SetupError):
        bl.new_game({"players": 2}, players=2, seed=1)


def test_distilleries_set_up_as_asked():
    dists = ["lantern_hill", "copper_kettle", "standard"]
    g = bl.new_game(RULES, players=3, seed=1, distilleries=dists)
    assert [p.distillery for p in g.players] == dists
    assert [r["distillery"] for r in g.scores()] == dists
    same = bl.new_game(RULES, players=3, seed=1, distilleries="copper_kettle")
    assert {p.distillery for p in same.players} == {"copper_kettle"}


def test_new_game_starts_in_the_first_collect_turn_with_one_open_card():
    # book: "The game opens with a single 'any bourbon' card"; start with 5 Capital, 0 Prestige
    for players, seed in itertools.product((2, 6), (1, 2)):
        g = bl.new_game(RULES, players=players, seed=seed)
        assert g.round == 1 and g.phase == "collect" and not g.is_over
        assert len(g.table) == 1 and RULES.cards_by_id[g.table[0].id].is_open
        assert all(r["score"] == 5 and r["prestige"] == 0 for r in g.scores())
        assert g.current_player in range(players)
