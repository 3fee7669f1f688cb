"""What an expectation can say about a game, each check written as data in the scenario file.

Every check is a pair: ``parse(value, where)`` validates the YAML once when the file loads,
and ``run(game, spec)`` returns None when the game agrees or a sentence saying what it saw.
"""

from __future__ import annotations

import hashlib
import json

from ..games.bourbonomics.content import DEPARTMENTS, QUALITIES
from ..games.bourbonomics.market import ZONES
from .errors import ScenarioError, did_you_mean
from .marked import line_of
from .match import COMPARISONS, describe, is_comparison, matches

EVENT_KINDS = (
    "setup round_start card_added crash hot_reset demand_revealed demand_picked deck_refilled private_card "
    "bills_revealed bill_kept bills_returned dice_inherited die_kept dice_rolled dice_rerolled dice_traded "
    "card_drawn pile_refilled dice_passed dice_returned card_staged card_unstaged barrel_built sale "
    "barrel_emptied order_completed final_round upgrade stall turn_end climate_named aged double_maturation "
    "warehouse_tasting game_end income points house"
).split()
"""Every kind of event the rules engine logs (``game.log``); ``income``, ``points`` and ``house`` come from
house rules' effects (core/house.py)."""


class Where:
    """A place in a scenario file, for errors: the file and the line of the value being read."""

    def __init__(self, file: str, line: int | None):
        self.file, self.line = file, line

    def at(self, value, key=None) -> Where:
        return Where(self.file, line_of(value, key, self.line))

    def fail(self, why: str) -> ScenarioError:
        return ScenarioError(self.file, self.line, why)


def log_digest(log) -> str:
    """A short fingerprint of a whole event log: equal digests, identical logs."""
    rows = [e.to_row() for e in log]
    blob = json.dumps(rows, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


# --- small readers


def _mapping(value, where: Where, what: str) -> dict:
    if not isinstance(value, dict):
        raise where.fail(f"{what} takes a mapping like {{key: value}}, got {value!r}")
    return value


def _keys(value: dict, known, where: Where, what: str) -> None:
    for key in value:
        if key not in known and key not in COMPARISONS:
            hint = did_you_mean(key, known)
            raise where.at(value, key).fail(f"unknown {what} key {key!r}{hint}; known: {', '.join(known)}")


def _seat(value: dict, where: Where, what: str) -> int:
    seat = value.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 5:
        raise where.fail(f"{what} needs 'seat:' (a seat number 0-5, as in the event log), got {seat!r}")
    return seat


def _player_of(game, seat: int):
    if seat >= game.n:
        return None, f"there is no seat {seat} at a {game.n}-player table"
    return game.players[seat], None


# --- checks on the table


def _parse_choice(choices):
    def parse(value, where: Where):
        if not is_comparison(value) and value not in choices:
            hint = did_you_mean(value, choices)
            raise where.fail(f"expected one of {', '.join(map(str, choices))}, got {value!r}{hint}")
        return value

    return parse


def _parse_any(value, where: Where):
    return value


def _simple(read, noun: str):
    def run(game, expected):
        actual = read(game)
        return None if matches(actual, expected) else f"{noun} is {actual}, expected {describe(expected)}"

    return run


# --- players


def _score(game, p):
    return next(r["score"] for r in game.scores() if r["player"] == p.seat)


PLAYER_ATTRS = {
    "capital": lambda g, p: p.capital,
    "prestige": lambda g, p: g.rules.start_prestige + p.prestige_from_orders,  # as the score counts it
    "score": _score,
    "orders": lambda g, p: len(p.completed),
    "completed": lambda g, p: [c for c, _ in p.completed],
    "upgrades": lambda g, p: p.upgrades,
    "barrels": lambda g, p: len(p.barrels),
    "built_barrels": lambda g, p: sum(1 for b in p.barrels if b.built),
    "warehouse": lambda g, p: len(p.warehouse),
    "distillery": lambda g, p: p.distillery,
    "private": lambda g, p: p.private.id if p.private else None,
    "private_filled": lambda g, p: len(p.private.filled) if p.private else None,
    "stalls": lambda g, p: p.stalls,
    "levels": lambda g, p: dict(p.levels),
    "ultimates": lambda g, p: dict(p.ultimates),
    "numbers": lambda g, p: {d: g.number(p.seat, d) for d in DEPARTMENTS},
}
_PER_DEPARTMENT = {"levels", "ultimates", "numbers"}


def _parse_player(value, where: Where):
    items = value if isinstance(value, list) else [value]
    out = []
    for i, item in enumerate(items):
        w = where.at(value, i) if isinstance(value, list) else where
        item = _mapping(item, w, "player")
        _keys(item, ("seat", *PLAYER_ATTRS), w, "player")
        for key in _PER_DEPARTMENT & set(item):
            sub = _mapping(item[key], w.at(item, key), key)
            _keys(sub, DEPARTMENTS, w.at(item, key), key)
        out.append((_seat(item, w, "player"), {k: v for k, v in item.items() if k != "seat"}))
    return out


def _run_player(game, specs):
    for seat, attrs in specs:
        p, why = _player_of(game, seat)
        if why:
            return why
        for key, expected in attrs.items():
            actual = PLAYER_ATTRS[key](game, p)
            pairs = expected.items() if key in _PER_DEPARTMENT else [(None, expected)]
            for dept, want in pairs:
                got = actual.get(dept) if dept else actual
                if not matches(got, want):
                    name = f"{key}.{dept}" if dept else key
                    return f"player {seat} {name} is {got}, expected {describe(want)}"
    return None


# --- barrels


def _band(game, b):
    from ..games.bourbonomics.play import AGE_BANDS, age_band, bill_of

    return AGE_BANDS[age_band(bill_of(game, b), b.age)] if b.built else None


BARREL_ATTRS = {
    "present": lambda g, b: b is not None,
    "built": lambda g, b: b.built,
    "age": lambda g, b: b.age,
    "quality": lambda g, b: QUALITIES[b.quality] if b.built else None,
    "sales_left": lambda g, b: b.sales_left,
    "bill": lambda g, b: b.bill,
    "band": _band,
}


def _parse_barrel(value, where: Where):
    items = value if isinstance(value, list) else [value]
    out = []
    for i, item in enumerate(items):
        w = where.at(value, i) if isinstance(value, list) else where
        item = _mapping(item, w, "barrel")
        _keys(item, ("seat", "id", *BARREL_ATTRS), w, "barrel")
        if not isinstance(item.get("id"), str):
            raise w.fail(f"barrel needs 'id:' (like B3), got {item.get('id')!r}")
        out.append((_seat(item, w, "barrel"), item["id"], {k: v for k, v in item.items() if k not in ("seat", "id")}))
    return out


def _run_barrel(game, specs):
    for seat, barrel_id, attrs in specs:
        p, why = _player_of(game, seat)
        if why:
            return why
        b = p.barrel(barrel_id)
        for key, expected in attrs.items():
            if b is None and key != "present":
                return f"player {seat} has no barrel {barrel_id} (sold out or never built)"
            actual = BARREL_ATTRS[key](game, b)
            if not matches(actual, expected):
                return f"player {seat} barrel {barrel_id} {key} is {actual}, expected {describe(expected)}"
    return None


# --- demand cards

CARD_ATTRS = {
    "present": lambda c: c is not None,
    "slots": lambda c: c.slots,
    "filled": lambda c: len(c.filled),
    "open": lambda c: c.open_slots,
    "sellers": lambda c: list(c.filled),
}


def _parse_card(value, where: Where):
    value = _mapping(value, where, "card")
    _keys(value, ("id", "seat", *CARD_ATTRS), where, "card")
    if not isinstance(value.get("id"), str):
        raise where.fail(f"card needs 'id:' (a demand card like D07, or private with seat:), got {value.get('id')!r}")
    return value


def _run_card(game, spec):
    if spec["id"] == "private":
        p, why = _player_of(game, spec.get("seat", 0))
        card = p.private if p else None
    else:
        card = next((c for c in game.table if c.id == spec["id"]), None)
    for key, expected in spec.items():
        if key in ("id", "seat"):
            continue
        if card is None and key != "present":
            return f"card {spec['id']} is not on the table"
        actual = CARD_ATTRS[key](card)
        if not matches(actual, expected):
            return f"card {spec['id']} {key} is {actual}, expected {describe(expected)}"
    return None


# --- events


def event_fields(e) -> dict:
    """An event as one flat mapping: seq, round, phase, player, kind and its data."""
    return e.to_row()


def _parse_pattern(value, where: Where, extra=()) -> dict:
    value = _mapping(value, where, "an event pattern")
    kind = value.get("kind")
    if kind not in EVENT_KINDS:
        hint = did_you_mean(kind, EVENT_KINDS) if kind else ""
        raise where.at(value, "kind").fail(f"event needs a known 'kind:', got {kind!r}{hint}")
    return {k: v for k, v in value.items() if k not in extra}


def _find(log, pattern: dict, start: int = 0) -> int | None:
    for i in range(start, len(log)):
        row = event_fields(log[i])
        if all(k in row and matches(row[k], v) for k, v in pattern.items()):
            return i
    return None


def _show(pattern: dict) -> str:
    return ", ".join(f"{k} {describe(v)}" for k, v in pattern.items())


def _unknown_field(log, pattern: dict) -> str | None:
    """The first pattern field that no event of its kind in the log has: a slip, refused.

    Unrefused it would never match, so ``no_event`` would pass and ``count`` find 0, silently. While the
    kind has not happened its fields are unknown, and nothing is refused.
    """
    fields: set[str] = set()
    for e in log:
        if e.kind == pattern["kind"]:
            fields |= set(event_fields(e))
    for key in pattern if fields else ():
        if key not in fields:
            return (
                f"the pattern's field {key!r} is not a field of a {pattern['kind']!r} event"
                f"{did_you_mean(key, sorted(fields))}; its fields are {', '.join(sorted(fields))}"
            )
    return None


def _run_event(game, pattern):
    if why := _unknown_field(game.log, pattern):
        return why
    return None if _find(game.log, pattern) is not None else f"no event with {_show(pattern)}"


def _run_no_event(game, pattern):
    if why := _unknown_field(game.log, pattern):
        return why
    i = _find(game.log, pattern)
    return None if i is None else f"unexpected event: {game.log[i]}"


_COUNT_WORDS = ("at_least", "at_most", "exactly")


def _parse_count(value, where: Where):
    value = _mapping(value, where, "count")
    limits = {k: value[k] for k in _COUNT_WORDS if k in value}
    if not limits:
        raise where.fail("count needs at_least, at_most or exactly")
    return _parse_pattern(value, where, extra=_COUNT_WORDS), limits


def _run_count(game, spec):
    pattern, limits = spec
    if why := _unknown_field(game.log, pattern):
        return why
    n = 0
    i = _find(game.log, pattern)
    while i is not None:
        n += 1
        i = _find(game.log, pattern, i + 1)
    return None if matches(n, limits) else f"{n} events with {_show(pattern)}, expected {describe(limits)}"


def _parse_sequence(value, where: Where):
    if not isinstance(value, list) or not value:
        raise where.fail("sequence takes a list of event patterns, in the order they must happen")
    return [_parse_pattern(item, where.at(value, i)) for i, item in enumerate(value)]


def _run_sequence(game, patterns):
    i = 0
    for n, pattern in enumerate(patterns):
        if why := _unknown_field(game.log, pattern):
            return f"sequence item {n + 1}: {why}"
        found = _find(game.log, pattern, i)
        if found is None:
            return f"sequence broken at item {n + 1}: no event with {_show(pattern)} after the ones before it"
        i = found + 1
    return None


def _parse_digest(value, where: Where):
    if not isinstance(value, str):
        raise where.fail(f"log_digest is a text like 'a1b2c3d4e5f60718', got {value!r}")
    return value


def _parse_pattern_check(value, where: Where):
    return _parse_pattern(value, where)


def _winners(game):
    if not game.is_over:
        return None
    won = [r.player for r in game.score_rows() if r.won]  # the protocol's rows: any game
    return won[0] if len(won) == 1 else won


CHECKS = {
    "zone": (_parse_choice(ZONES), _simple(lambda g: g.zone, "the zone")),
    "table_size": (_parse_any, _simple(lambda g: len(g.table), "the table size")),
    "table": (_parse_any, _simple(lambda g: [c.id for c in g.table], "the table")),
    "round": (_parse_any, _simple(lambda g: g.round, "the round")),
    "phase": (_parse_choice(("demand", "collect", "play", "ageing", "over")), _simple(lambda g: g.phase, "the phase")),
    "over": (_parse_choice((True, False)), _simple(lambda g: g.is_over, "game over")),
    "ended_by": (_parse_choice(("orders", "round_limit")), _simple(lambda g: g.ended_by, "the game's end")),
    "winner": (_parse_any, _simple(_winners, "the winner")),
    "player": (_parse_player, _run_player),
    "barrel": (_parse_barrel, _run_barrel),
    "card": (_parse_card, _run_card),
    "event": (_parse_pattern_check, _run_event),
    "no_event": (_parse_pattern_check, _run_no_event),
    "count": (_parse_count, _run_count),
    "sequence": (_parse_sequence, _run_sequence),
    "log_digest": (_parse_digest, _simple(lambda g: log_digest(g.log), "the log digest")),
}
