"""What the scenario expectations mean, exactly, and the step where a fork hands over to the bots.

``scenarios/README.md`` says what each check is in one line: ``sequence`` is "events in this order
(others may come between)", ``count`` is "how many events" with ``at_least``/``at_most``/``exactly``,
``event``/``no_event`` is "an event of the log so far with (or without) these fields". These tests
pin those lines on hand-made logs with repeated and overlapping events (A A B against A B; A B A B;
a first item that matches twice before the second), events made by one action, and on tiny real
games at the edges of a point (``after: {step: K}``, ``after: {round: N}``, ``at: {round: N, phase:
P}``, ``at: end``). Where the README is silent, the test pins what the code does and says so in a
``SILENT:`` comment.

``bl.fork`` (``scenarios/fork.py``): "The first ``at`` actions are replayed under the original rules;
then the game is restored under the new rules [...]. The scenario's script is followed on while its
actions stay legal, then its bots take over." The fork tests pin the exact step of that hand-over,
the step before it (the script's) and the step at it (a bot's), and that the rules change at ``at``
and not a step earlier or later.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.games.bourbonomics import Game
from bourbon_lab.games.bourbonomics.events import Event
from bourbon_lab.scenarios import Scenario, fork
from bourbon_lab.scenarios.checks import Where, log_digest
from bourbon_lab.scenarios.expect import parse_expectation
from bourbon_lab.scenarios.run import bot_seed

FOLDER = Path(__file__).resolve().parent.parent / "scenarios"

# --- hand-made logs

A = ("sale", {"player": 0, "card": "D01"})
B = ("order_completed", {"player": 0, "card": "D01"})
C = ("hot_reset", {"player": 0})
X = ("upgrade", {"player": 1})  # an unrelated event, to stand between the others


def _log(*events) -> list[Event]:
    """Events in this order; each gets its place as ``seq``, the same round, phase and (given) player."""
    out = []
    for seq, (kind, fields) in enumerate(events):
        data = {k: v for k, v in fields.items() if k != "player"}
        out.append(Event(seq, 1, "play", fields.get("player"), kind, data))
    return out


def _pattern(event) -> dict:
    kind, fields = event
    return {"kind": kind, **fields}


def _holds(check: str, spec, log) -> bool:
    """Whether one check, parsed as the scenario file would parse it, holds on a game with this log."""
    expectation = parse_expectation({"at": "end", check: spec}, Where("<test>", None))
    return expectation.evaluate(SimpleNamespace(log=log)) == []


def _sequence(*items) -> list[dict]:
    return [_pattern(e) for e in items]


# --- sequence: events in this order, others may come between


@pytest.mark.parametrize(
    ("log", "items", "holds"),
    [
        # the first item matches twice before the second: either A may start it
        ((A, A, B), (A, B), True),
        ((A, A, B), (A, A, B), True),
        ((A, A, B), (A, A, A, B), False),  # a third A is not there
        ((A, A, B), (A, B, B), False),
        # A B A B: every in-order choice of its events, and nothing out of order
        ((A, B, A, B), (A, B), True),
        ((A, B, A, B), (A, B, A, B), True),
        ((A, B, A, B), (B, A), True),
        ((A, B, A, B), (B, B), True),
        ((A, B, A, B), (A, A, B), True),  # A at 0, A at 2, B at 3
        ((A, B, A, B), (A, B, B, A), False),
        ((A, B, A, B), (B, A, B, A), False),
        ((A, B, A, B), (A, B, A, B, A), False),
        # order is required, adjacency is not
        ((B, A), (A, B), False),
        ((A, X, X, B), (A, B), True),
        ((A, B, A), (A, B), True),  # a later A does not undo the A B already seen
        # a repeat of the first item inside a half-matched sequence must not restart it
        ((A, B, A, C), (A, B, C), True),
        ((A, B, A, X, C), (A, B, C), True),
        # one event never fills two items, even when both patterns match it
        ((A,), (A, A), False),
        ((A, B), (A, A, B), False),
        ((), (A,), False),
    ],
)
def test_sequence_is_an_ordered_subsequence_of_distinct_events(log, items, holds):
    assert _holds("sequence", _sequence(*items), _log(*log)) is holds


def test_sequence_items_can_be_looser_or_stricter_patterns_of_the_same_event():
    one_sale = _log(A)
    assert not _holds("sequence", [{"kind": "sale"}, {"kind": "sale", "player": 0}], one_sale)
    two = _log(("sale", {"player": 1}), ("sale", {"player": 0}))
    assert _holds("sequence", [{"kind": "sale"}, {"kind": "sale", "player": 0}], two)
    # the only sale by player 1 comes first, so nothing is left before it for the looser first item
    assert not _holds("sequence", [{"kind": "sale"}, {"kind": "sale", "player": 1}], two)
    assert _holds("sequence", [{"kind": "sale", "player": {"one_of": [0, 1]}}, {"kind": "sale", "player": 0}], two)


def test_events_made_by_one_action_keep_the_logs_order():
    """SILENT: the README does not say how events of one step are ordered; the code uses their order in the log."""
    same_step = _log(A, B, C)  # one action: the sale, the order it completes, the reset it causes
    assert _holds("sequence", _sequence(A, B, C), same_step)
    assert _holds("sequence", _sequence(A, C), same_step)
    assert not _holds("sequence", _sequence(B, A), same_step)
    assert not _holds("sequence", _sequence(C, B), same_step)


# --- count: at least, at most, exactly -- at, below and above the edge


THREE_SALES = _log(A, X, A, B, ("sale", {"player": 1}), A, C)
"""Three sales by player 0 (one more by player 1, which the pattern below leaves out)."""


@pytest.mark.parametrize(
    ("word", "limit", "holds"),
    [
        ("exactly", 2, False),
        ("exactly", 3, True),
        ("exactly", 4, False),
        ("at_least", 2, True),
        ("at_least", 3, True),
        ("at_least", 4, False),
        ("at_most", 2, False),
        ("at_most", 3, True),
        ("at_most", 4, True),
    ],
)
def test_count_at_below_and_above_its_edge(word, limit, holds):
    assert _holds("count", {"kind": "sale", "player": 0, word: limit}, THREE_SALES) is holds


def test_count_counts_every_matching_event_once():
    assert _holds("count", {"kind": "sale", "exactly": 4}, THREE_SALES)  # any player
    assert _holds("count", {"kind": "sale", "at_least": 2, "at_most": 3, "player": 0}, THREE_SALES)
    assert not _holds("count", {"kind": "sale", "at_least": 4, "at_most": 5, "player": 0}, THREE_SALES)
    # repeated identical events and events of one step each count
    assert _holds("count", {"kind": "sale", "exactly": 3}, _log(A, A, A))
    assert _holds("count", {"kind": "sale", "card": {"contains": "D0"}, "exactly": 2}, _log(A, B, A))


NONE_OF_THEM = [("exactly", 0, True), ("at_most", 0, True), ("at_least", 1, False)]


@pytest.mark.parametrize(("word", "limit", "holds"), NONE_OF_THEM)
def test_count_of_an_event_that_never_happened(word, limit, holds):
    assert _holds("count", {"kind": "crash", word: limit}, THREE_SALES) is holds


# --- never: no_event


def test_no_event_fails_on_any_one_match_however_many_others_there_are():
    assert _holds("no_event", {"kind": "crash"}, THREE_SALES)
    assert not _holds("no_event", {"kind": "sale"}, THREE_SALES)
    assert not _holds("no_event", {"kind": "sale", "player": 1}, THREE_SALES)  # the one sale by player 1
    assert _holds("no_event", {"kind": "sale", "player": 2}, THREE_SALES)
    assert not _holds("no_event", {"kind": "hot_reset"}, _log(A, A, C))  # the last event counts too
    assert not _holds("no_event", {"kind": "sale"}, _log(A))  # and the first


@pytest.mark.parametrize(
    ("check", "spec"),
    [
        ("event", {"kind": "sale", "multipler": 3}),
        ("no_event", {"kind": "sale", "multipler": 3}),
        ("count", {"kind": "sale", "multipler": 3, "exactly": 0}),
        ("sequence", [{"kind": "upgrade"}, {"kind": "sale", "multipler": 3}]),
    ],
)
def test_a_misspelt_pattern_field_fails_and_names_the_field(check, spec):
    """A field no event of that kind has is a slip: every check fails and says which field (it used to
    never match, so ``no_event`` passed and ``count`` found 0, silently)."""
    log = _log(("sale", {"player": 0, "multiplier": 2}), X, ("sale", {"player": 1, "multiplier": 3}))
    expectation = parse_expectation({"at": "end", check: spec}, Where("<test>", None))
    (why,) = expectation.evaluate(SimpleNamespace(log=log))
    assert "'multipler' is not a field of a 'sale' event (did you mean 'multiplier'?)" in why
    fixed = {"kind": "sale", "multiplier": 3}
    right = (
        {**fixed, "exactly": 1} if check == "count" else [{"kind": "upgrade"}, fixed] if check == "sequence" else fixed
    )
    assert _holds(check, right, log) is (check != "no_event")


def test_a_field_an_event_of_the_kind_has_only_sometimes_is_no_slip():
    """One sale with a field, one without: the field is known, and only the sale that has it can match."""
    log = _log(("sale", {"player": 0}), ("sale", {"player": 1, "multiplier": 3}))
    assert _holds("count", {"kind": "sale", "multiplier": 3, "exactly": 1}, log)
    assert _holds("no_event", {"kind": "sale", "multiplier": 2}, log)


def test_a_kind_that_never_happened_cannot_tell_a_slip():
    """SILENT: with no event of the kind in the log its fields are unknown; ``no_event`` holds (none happened)."""
    assert _holds("no_event", {"kind": "crash", "zonee": "Hot"}, THREE_SALES)
    assert not _holds("event", {"kind": "crash", "zonee": "Hot"}, THREE_SALES)


# --- the points, on real games

STEP0, STEP1, STEP2, STEP3 = ({"after": {"step": k}} for k in range(4))
END = {"at": "end"}
ROUND1_END = {"after": {"round": 1}}
ROUND2 = {"at": {"round": 2}}  # phase demand, as the README's default
COLLECT2 = {"at": {"round": 2, "phase": "collect"}}


def _failing(text: dict, cases: list[tuple]) -> set[str]:
    """Run ``text`` with one expectation per (note, holds, point, check, value); the notes that failed."""
    expect = [{"note": note, **point, check: value} for note, _, point, check, value in cases]
    sc = Scenario.from_text(json.dumps({**text, "expect": expect}), base_dir=FOLDER)
    return {f.note for f in sc.run().failures}


def _expected_failures(cases) -> set[str]:
    return {note for note, holds, *_ in cases if not holds}


HOT = {"name": "hot", "snapshot": "snapshots/hot-market.json", "bots": "none", "script": ["sell B7 -> D01"]}
"""The Hot completion lesson: one action logs a sale, the completed order, the reset and the new card."""


def test_one_actions_events_at_the_step_points_around_it():
    """The log so far at each point: ``at``/``after: {step: K}`` is the same point, after the K-th action."""
    sale = {"kind": "sale", "card": "D01"}
    done, reset = {"kind": "order_completed"}, {"kind": "hot_reset"}
    cases = [
        ("step 0: no sale yet", True, STEP0, "no_event", {"kind": "sale"}),
        ("step 0: only the setup card", True, STEP0, "count", {"kind": "card_added", "exactly": 1}),
        ("step 1: the sale", False, STEP1, "no_event", {"kind": "sale"}),
        ("at step 1 is after step 1", True, {"at": {"step": 1}}, "count", {**sale, "exactly": 1}),
        ("end: the sale", False, END, "no_event", {"kind": "sale"}),
        ("step 1: two cards added", True, STEP1, "count", {"kind": "card_added", "exactly": 2}),
        ("one step, log order", True, STEP1, "sequence", [sale, done, reset]),
        ("one step, reversed", False, STEP1, "sequence", [done, sale]),
        # SILENT: the README says "the log so far" for event/no_event only; count and sequence read it too,
        # from the setup on, not from the point before: the setup's card (table_size 1) comes before the reset.
        ("the setup card is in the log", True, STEP1, "sequence", [{"kind": "card_added", "table_size": 1}, reset]),
        ("the new card is after the reset", False, STEP1, "sequence", [{"kind": "card_added", "card": "D25"}, reset]),
    ]
    assert _failing(HOT, cases) == _expected_failures(cases)


CRASH = {
    "name": "crash",
    "snapshot": "snapshots/hot-market.json",
    "bots": "none",
    "script": ["end turn", "end turn", "end turn"],
}
"""The crash lesson: three players end turn 1; round 1's ageing runs, then round 2's new card crashes the market."""


def test_round_end_phase_and_end_points_draw_the_line_between_rounds():
    """``after: {round: 1}`` holds round 1's ageing and not round 2's start; round 2's points hold its new card."""
    crash, start2 = {"kind": "crash", "round": 2}, {"kind": "round_start", "round": 2}
    cases = [
        ("after round 1: ageing done", True, ROUND1_END, "count", {"kind": "aged", "round": 1, "exactly": 3}),
        ("after round 1: round 2 not begun", True, ROUND1_END, "no_event", start2),
        ("after round 1: no crash yet", True, ROUND1_END, "no_event", {"kind": "crash"}),
        ("after round 1: one round started", True, ROUND1_END, "count", {"kind": "round_start", "exactly": 1}),
        ("round 2 demand: the crash is out", True, {"at": {"round": 2, "phase": "demand"}}, "event", crash),
        ("round 2: crash then card", True, ROUND2, "sequence", [start2, crash, {"kind": "card_added", "card": "D25"}]),
        # SILENT: the README says the Demand phase usually needs no decision "so its new card is already out";
        # the point is the first decision of round 2, in Collect, so Collect's own first roll is out too.
        ("round 2 demand: collect's roll too", True, ROUND2, "event", {"kind": "dice_rolled", "round": 2}),
        ("round 2 collect: the crash", True, COLLECT2, "count", {**crash, "exactly": 1}),
        # SILENT: "after the K-th action" is the next decision after it: every event the action sets off,
        # here round 1's ageing and round 2's crash, is in; so after step 3 is past the end of round 1.
        ("after step 3: the crash", True, STEP3, "count", {"kind": "crash", "exactly": 1}),
        ("after step 2: no ageing", True, STEP2, "no_event", {"kind": "aged"}),
        ("end: everything", True, END, "sequence", [{"kind": "aged", "round": 1}, crash]),
        ("end: never a crash", False, END, "no_event", {"kind": "crash"}),
        ("round 2 play is never reached", False, {"at": {"round": 2, "phase": "play"}}, "round", 2),
    ]
    assert _failing(CRASH, cases) == _expected_failures(cases)


def test_after_the_last_round_is_the_finished_game():
    """SILENT: for the round the game ends in, ``after: {round: N}`` is the finished game, ``game_end`` included."""
    game = {"name": "whole", "ruleset": "first-draft", "players": 2, "seed": 3, "bots": "greedy"}
    last = Scenario.from_text(json.dumps(game)).game().round
    at_last, before = {"after": {"round": last}}, {"after": {"round": last - 1}}
    cases = [
        ("last round: the end", True, at_last, "count", {"kind": "game_end", "exactly": 1}),
        ("the round before: not yet", True, before, "no_event", {"kind": "game_end"}),
        ("the round before: ageing in", True, before, "event", {"kind": "aged", "round": last - 1}),
        ("end: every round", True, END, "count", {"kind": "round_start", "exactly": last}),
        ("end: the end once", True, END, "count", {"kind": "game_end", "at_most": 1, "at_least": 1}),
    ]
    assert _failing(game, cases) == _expected_failures(cases)


# --- fork: where the script stops and the bots take over

SCRIPT = [
    *["keep bill M04", "return bills", "select rye", "select cask", "select wheat", "reroll"],
    *["claim corn", "claim any -> corn", "claim wheat", "claim cask"],  # 0-9: player 0 collects
    *["keep bill M02", "return bills", "select wheat", "select rye", "select barley", "reroll"],
    *["claim rye", "claim wheat", "claim wheat", "claim any -> barley"],  # 10-19: player 1 collects
    *["upgrade mash_floor", "upgrade warehouse", "stage cask5 -> B1", "stage corn23 -> B1"],
    *["stage corn25 -> B1", "end turn"],  # 20-25: player 0 plays; upgrades at 20 (Capital 5) and 21 (Capital 4)
    *["upgrade supply", "stage barley3 -> B2", "upgrade rickhouse"],  # 26-28: player 1; upgrades at 26 and 28
]
"""Round 1 of the first draft, 2 players, seed 2, as random bots played it, cut before player 1's end of turn.

The heuristic bots (who play on) would not have played the last step (they upgrade supply there),
so a hand-over one step early shows.
"""

SEAT = [0] * 10 + [1] * 10 + [0] * 6 + [1] * 4
"""Who acts at each step of round 1 (step 29, past the script, is still player 1's turn)."""

SEED = 2
DEAR = {"upgrade_cost_first": 6}
"""A first upgrade costs 6 (1 on the first draft): more than a starting 5 Capital, so no upgrade of the
script is legal under it; a second one costs 7."""

FORK = {"name": "fork", "ruleset": "first-draft", "players": 2, "seed": SEED, "bots": "heuristic", "script": SCRIPT}


def _scenario() -> Scenario:
    return Scenario.from_text(json.dumps(FORK))


def _seats_and_bot_moves(forked, at: int, rules: dict, handover: int) -> list[int]:
    """Replay ``forked`` by the checked path from the deal: ``at`` steps under the draft, then under ``rules``.

    Returns who acted at each step. Asserts that every step from ``handover`` on is the choice of that
    seat's heuristic bot, seeded as the scenario seeds it, the bot's first choice at the hand-over.
    """
    game = bl.new_game(bl.Ruleset.named("first-draft"), players=2, seed=SEED)
    bots = [make_bot("heuristic", seed=bot_seed(SEED, seat)) for seat in range(2)]
    seats = []
    for i, action in enumerate(forked.actions):
        if i == at:  # the fork's own way: the game's snapshot restored under the new rules
            game = Game.restore(game.snapshot(), rules=game.rules.replace(**rules))
        seat = game.current_player
        seats.append(seat)
        if i >= handover:
            assert action == str(bots[seat].choose(game.observe(seat), game.legal_actions())), i
        game.apply(action)
    assert game.is_over and log_digest(game.log) == log_digest(forked.log)
    return seats


@pytest.mark.parametrize(
    ("at", "handover"),
    [
        (0, 20),  # the whole game under the new rules: the first upgrade is the first illegal step
        (20, 20),  # the rules change right at the upgrade
        (21, 21),  # the first upgrade was replayed under the draft (cost 1); the second costs 7 > 4
        (22, 26),  # player 0's turn is replayed; player 1's first upgrade is illegal
        (27, 28),  # player 1's first upgrade replayed; its second costs 7 > 4
    ],
)
def test_the_bots_take_over_at_the_first_illegal_scripted_step(at, handover):
    sc = _scenario()
    original, forked, diff = fork(sc, at=at, rules=DEAR)
    assert diff.at == at and forked.rules.upgrade_cost_first == 6 and original.rules.upgrade_cost_first == 1
    assert forked.actions[:handover] == SCRIPT[:handover]
    assert forked.actions[handover] != SCRIPT[handover]
    assert SCRIPT[handover].startswith("upgrade ")  # the step the new rules price out is the one refused
    seats = _seats_and_bot_moves(forked, at, DEAR, handover)
    assert seats[handover - 1 : handover + 1] == SEAT[handover - 1 : handover + 1]  # the script's seat, then the bot's
    assert original.actions[:at] == forked.actions[:at]


def test_the_rules_change_at_the_fork_step_and_not_before():
    """Forked at 21, step 20's upgrade is the draft's (cost 1, legal); forked at 20, the same step is refused."""
    late, early = fork(_scenario(), at=21, rules=DEAR), fork(_scenario(), at=20, rules=DEAR)
    upgrades = [e.data for e in late.forked.log if e.kind == "upgrade"]
    assert upgrades[0] == {"department": "mash_floor", "level": 1, "cost": 1}
    assert late.forked.actions[20] == "upgrade mash_floor" and early.forked.actions[20] != "upgrade mash_floor"
    assert all(e.kind != "upgrade" or e.round > 1 for e in early.forked.log)  # no upgrade of round 1 at all
    mark = len(_scenario().game_at(step=21).log)  # the events of the 21 replayed steps are the original's
    assert [e.to_row() for e in late.forked.log[:mark]] == [e.to_row() for e in late.original.log[:mark]]


@pytest.mark.parametrize("rules", [{}, {"zone_multipliers": [1, 2, 4]}], ids=["same-rules", "other-rules"])
def test_the_bots_take_over_when_the_script_runs_out(rules):
    sc = _scenario()
    _, forked, _ = fork(sc, at=10, rules=rules)
    assert forked.actions[: len(SCRIPT)] == SCRIPT
    seats = _seats_and_bot_moves(forked, 10, rules, len(SCRIPT))
    assert seats[len(SCRIPT) - 1 : len(SCRIPT) + 1] == [1, 1]  # player 1 upgraded by script, plays on as a bot


def test_a_fork_at_the_end_of_the_script_hands_over_right_there():
    sc = _scenario()
    _, forked, diff = fork(sc, at=len(SCRIPT), rules=DEAR)
    assert diff.at == len(SCRIPT) and forked.actions[: len(SCRIPT)] == SCRIPT
    _seats_and_bot_moves(forked, len(SCRIPT), DEAR, len(SCRIPT))


def test_a_fork_of_a_game_hands_over_at_the_fork_step():
    """A game played by people: its first ``at`` actions are the script, so the bots play from ``at`` on."""
    game = bl.new_game(bl.Ruleset.named("first-draft"), players=2, seed=SEED)
    for action in SCRIPT:
        game.apply(action)
    _, forked, _ = fork(game, at=20, rules={}, bots="heuristic")
    assert forked.actions[:20] == SCRIPT[:20] and forked.actions[20] != SCRIPT[20]
    assert _seats_and_bot_moves(forked, 20, {}, 20)[19:21] == [1, 0]  # player 1's last claim, player 0's bot


def test_a_fork_at_a_round_is_at_its_first_decision():
    sc = _scenario()
    original, _, diff = fork(sc, at={"round": 2}, rules={})
    replay = bl.new_game(bl.Ruleset.named("first-draft"), players=2, seed=SEED)
    first = 0
    while replay.round < 2:  # the original's actions up to the first decision of round 2
        replay.apply(original.actions[first])
        first += 1
    assert diff.at == first and diff.round == 2
    assert first > len(SCRIPT)  # round 1 ends after the script's last step, with a bot's end of turn


@pytest.mark.parametrize("past", [1, 7])
def test_a_fork_past_the_script_continues_the_bots_that_already_played(past):
    """Bots that played before the fork step are replayed alongside: with unchanged rules, the same game.

    Random bots, whose choices move their random stream: one bot move left out of the replay (the first
    after the script, player 1's choice among many at step 28) would show as a different game.
    """
    sc = Scenario.from_text(json.dumps({**FORK, "bots": "random", "script": SCRIPT[:28]}))
    original, forked, _ = fork(sc, at=28 + past, rules={})
    assert forked.actions == original.actions and log_digest(forked.log) == log_digest(original.log)


# --- a malformed expectation is refused when the file is read, naming its line and what it takes


def _refusal(text: str) -> str:
    with pytest.raises(bl.ScenarioError) as refused:
        Scenario.from_text(text)
    return str(refused.value)


@pytest.mark.parametrize(
    "expectation,says",
    [
        ("{at: end, sequence: []}", "sequence takes a list of event patterns, in the order they must happen"),
        ("{at: end, sequence: {kind: sale}}", "sequence takes a list of event patterns, in the order they must happen"),
        ("{at: end, count: {kind: sale}}", "count needs at_least, at_most or exactly"),
        ("{at: end, log_digest: 12}", "log_digest is a text like 'a1b2c3d4e5f60718', got 12"),
    ],
)
def test_a_malformed_expectation_names_its_line_and_what_it_takes(expectation, says):
    text = f"name: x\nplayers: 2\nbots: none\nexpect:\n  - {{at: end, zone: Low}}\n  - {expectation}\n"
    assert _refusal(text) == f"<scenario> line 6: {says}"


@pytest.mark.parametrize(
    "second,says",
    [
        ("{seat: 1, capitol: 5}", "unknown player key 'capitol' (did you mean 'capital'?)"),
        ("{capital: 5}", "player needs 'seat:'"),
    ],
)
def test_a_bad_player_in_a_list_names_its_own_line(second, says):
    """Each player of a ``player:`` list is checked where it is written: the second one's line, not the first's."""
    head = "name: x\nplayers: 2\nbots: none\nexpect:\n  - at: end\n    player:\n"
    text = f"{head}      - {{seat: 0, capital: 5}}\n      - {second}\n"
    assert _refusal(text).startswith(f"<scenario> line 8: {says}")
