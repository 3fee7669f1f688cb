"""Checking a snapshot before a game is rebuilt from it: a file edited into an impossible state is refused.

``Game.restore`` reads whatever ``snapshot()`` wrote, but a snapshot is also a file people
prepare and edit by hand. Every value is checked for its type and range, every id against the
ruleset, and every card for being in one place only, so a bad file fails here with the path of
the first fault (``players[1].barrels[0].bill``) instead of deep inside a later turn.
"""

from __future__ import annotations

import math
from typing import Any

from .content import DEPARTMENTS, DIE_FACES, QUALITIES, RESOURCES, ULTIMATES
from .departments import number
from .errors import SnapshotError, short
from .state import PlayerState, base_id
from .supply import STREAMS, restore_stream

MAX_COUNT = 1_000_000
"""Largest count (Capital, age, serial numbers) a snapshot may hold: far above any real game."""

PHASE_STEPS = {
    "demand": ("pick",),
    "collect": ("bills", "keep", "reroll", "claim"),
    "play": ("turn",),
    "ageing": ("climate",),
    "over": ("over",),
}
"""The steps each phase can pause at."""

KEYS = (
    "seed n round phase step turn order tiebreak players piles demand bills table demand_reveal revealed_bills "
    "bill_draws_left passed kept dice selected rerolls_left traded barrel_serial end_triggered ended_by "
    "climate_queue climate_choice rngs log actions"
).split()
"""The keys of ``Game.snapshot()`` besides ``version`` and ``rules``."""

BARREL_KEYS = ("id", "bill", "staged", "wild", "built", "age", "quality", "sales_left", "sold_round", "sold_count")
PLAYER_KEYS = (
    "seat distillery capital levels ultimates prospector_pile warehouse barrels completed private upgrades "
    "sorts_used stalls"
).split()


def _fail(path: str, why: str) -> SnapshotError:
    return SnapshotError(path, why)


def _whole(v: Any, path: str, lo: int = 0, hi: int = MAX_COUNT) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _fail(path, f"expected a whole number, got {short(v)}")
    if not lo <= v <= hi:
        raise _fail(path, f"{short(v)} is outside {lo}-{hi}")
    return v


def _flag(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise _fail(path, f"expected true or false, got {short(v)}")
    return v


def _text(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise _fail(path, f"expected text, got {short(v)}")
    return v


def _one_of(v: Any, path: str, choices) -> Any:
    if isinstance(v, bool) or v not in choices:
        raise _fail(path, f"{short(v)} is not one of {list(choices)}")
    return v


def _list(v: Any, path: str) -> list:
    if not isinstance(v, list):
        raise _fail(path, f"expected a list, got {short(v)}")
    return v


def _mapping(v: Any, path: str, keys=None) -> dict:
    if not isinstance(v, dict):
        raise _fail(path, f"expected a mapping, got {short(v)}")
    if keys is not None:
        missing = [k for k in keys if k not in v]
        if missing:
            raise _fail(f"{path}.{missing[0]}" if path else missing[0], "missing")
    return v


def _instance(v: Any, path: str, printed, copies: int | None = None) -> str:
    """A card id (``D07`` or a later copy ``D07.2``) whose printed card is in the ruleset."""
    cid = _text(v, path)
    base, _, copy = cid.partition(".")
    if base not in printed:
        raise _fail(path, f"unknown id {short(cid)}")
    if copy and (not copy.isdigit() or int(copy) < 2 or (copies is not None and int(copy) > copies)):
        raise _fail(path, f"{short(cid)} is not a copy of {base} this deck has made")
    return cid


def _card(v: Any, path: str, kind: str | None = None) -> str:
    """A resource card ``[id, pile, quality]``; returns its id."""
    if not isinstance(v, list) or len(v) != 3:
        raise _fail(path, f"a resource card is [id, pile, quality], got {short(v)}")
    _text(v[0], f"{path}[0]")
    _one_of(v[1], f"{path}[1]", (kind,) if kind else RESOURCES)
    _whole(v[2], f"{path}[2]", 0, len(QUALITIES) - 1)
    return v[0]


def _cards(v: Any, path: str, kind: str | None = None) -> list[str]:
    return [_card(c, f"{path}[{i}]", kind) for i, c in enumerate(_list(v, path))]


def _seats(v: Any, path: str, n: int) -> list[int]:
    return [_whole(s, f"{path}[{i}]", 0, n - 1) for i, s in enumerate(_list(v, path))]


def _order_card(v: Any, path: str, rules, n: int, copies: int) -> str:
    _mapping(v, path, ("id", "slots", "filled"))
    cid = _instance(v["id"], f"{path}.id", rules.cards_by_id, copies)
    slots = _whole(v["slots"], f"{path}.slots", 1, 1000)
    if len(_seats(v["filled"], f"{path}.filled", n)) >= slots:
        raise _fail(f"{path}.filled", f"{len(v['filled'])} of {slots} slots filled: a full card leaves the table")
    return cid


class _Places:
    """Where each card id was seen, so a card in two places (or twice in one) is refused."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], str] = {}

    def put(self, what: str, cid: str, path: str) -> None:
        first = self.seen.setdefault((what, cid), path)
        if first != path:
            raise _fail(path, f"{what} {short(cid)} is also at {first}: a card is in one place only")


def check_snapshot(snap: dict, rules: Any) -> None:
    """Refuse a snapshot that no game of ``rules`` could reach, naming the first bad field.

    Raises
    ------
    SnapshotError
        ``field`` is the path of the fault, like ``players[1].capital``.
    """
    _mapping(snap, "", KEYS)
    n = _whole(snap["n"], "n", rules.min_players, rules.max_players)
    places = _Places()
    _check_turn(snap, rules, n)
    for i, p in enumerate(_list(snap["players"], "players")):
        _check_player(p, f"players[{i}]", i, rules, snap, places)
    if len(snap["players"]) != n:
        raise _fail("players", f"{len(snap['players'])} players for a table of {n}")
    _check_decks(snap, rules, n, places)
    _check_piles(_mapping(snap["piles"], "piles", ("piles", "discards", "serial")), places)
    _check_collect(snap, n)
    _check_climate(snap, n)
    _check_rngs(_mapping(snap["rngs"], "rngs", STREAMS))
    _check_log(snap, n)


def _check_turn(snap: dict, rules: Any, n: int) -> None:
    seed = snap["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= 2**64:
        raise _fail("seed", f"expected a whole number below 2**64, got {short(seed)}")
    _whole(snap["round"], "round", 0, rules.round_limit)
    phase = _one_of(snap["phase"], "phase", tuple(PHASE_STEPS))
    _one_of(snap["step"], "step", PHASE_STEPS[phase])
    _whole(snap["turn"], "turn", 0, n if phase in ("ageing", "over") else n - 1)
    for key in ("order", "tiebreak"):
        if sorted(_seats(snap[key], key, n)) != list(range(n)):
            raise _fail(key, f"{short(snap[key])} is not an order of the seats 0-{n - 1}")
    ended_by = snap["ended_by"]
    if ended_by is not None or phase == "over":
        _one_of(ended_by, "ended_by", ("orders", "round_limit"))
    _flag(snap["end_triggered"], "end_triggered")


def _check_player(p: Any, path: str, seat: int, rules: Any, snap: dict, places: _Places) -> None:
    _mapping(p, path, PLAYER_KEYS)
    if _whole(p["seat"], f"{path}.seat", 0, 5) != seat:
        raise _fail(f"{path}.seat", f"seat {p['seat']} is listed at position {seat}")
    _one_of(p["distillery"], f"{path}.distillery", tuple(rules.distilleries_by_id))
    _whole(p["capital"], f"{path}.capital")
    levels = _mapping(p["levels"], f"{path}.levels", DEPARTMENTS)
    for dept in DEPARTMENTS:
        _whole(levels[dept], f"{path}.levels.{dept}", 0, len(rules.department_levels(dept)))  # the last: its Ultimate
    for dept, ultimate in _mapping(p["ultimates"], f"{path}.ultimates").items():
        _one_of(ultimate, f"{path}.ultimates.{_one_of(dept, f'{path}.ultimates', DEPARTMENTS)}", ULTIMATES[dept])
    if p["prospector_pile"] is not None:
        _one_of(p["prospector_pile"], f"{path}.prospector_pile", RESOURCES)
    for key in ("upgrades", "sorts_used", "stalls"):
        _whole(p[key], f"{path}.{key}")
    for i, cid in enumerate(_cards(p["warehouse"], f"{path}.warehouse")):
        places.put("resource card", cid, f"{path}.warehouse[{i}]")
    for i, b in enumerate(_list(p["barrels"], f"{path}.barrels")):
        _check_barrel(b, f"{path}.barrels[{i}]", rules, snap, places)
    _check_orders(p, path, rules, snap, places)
    _check_room(p, path, rules)


def _check_barrel(b: Any, path: str, rules: Any, snap: dict, places: _Places) -> None:
    _mapping(b, path, BARREL_KEYS)
    places.put("barrel", _text(b["id"], f"{path}.id"), f"{path}.id")
    # A barrel's mash bill (like a completed order's card) is not put in ``places``: prepared tables
    # (scenarios/snapshots/) reuse printed ids there, which changes no rule; every other place is checked.
    bill = _instance(b["bill"], f"{path}.bill", rules.bills_by_id, _copies(snap, "bills"))
    for key in ("staged", "wild"):
        for i, cid in enumerate(_cards(b[key], f"{path}.{key}")):
            places.put("resource card", cid, f"{path}.{key}[{i}]")
    built = _flag(b["built"], f"{path}.built")
    _flag(b.get("matured", False), f"{path}.matured")
    _whole(b["age"], f"{path}.age")
    _whole(b["quality"], f"{path}.quality", 0, len(QUALITIES) - 1)
    for key in ("sold_round", "sold_count"):
        _whole(b[key], f"{path}.{key}")
    sales = _whole(b["sales_left"], f"{path}.sales_left", 0, 100)
    if built and sales == 0:
        raise _fail(f"{path}.sales_left", "a built barrel with no sales left has already left the rickhouse")
    size = rules.bills_by_id[base_id(bill)].size
    if not built and len(b["staged"]) + len(b["wild"]) > size:
        raise _fail(f"{path}.staged", f"more cards than the {size} its mash bill takes")


def _check_orders(p: dict, path: str, rules: Any, snap: dict, places: _Places) -> None:
    copies = _copies(snap, "demand")
    for i, row in enumerate(_list(p["completed"], f"{path}.completed")):
        where = f"{path}.completed[{i}]"
        if not isinstance(row, list) or len(row) != 2:
            raise _fail(where, f"a completed order is [card, prestige], got {short(row)}")
        _instance(row[0], f"{where}[0]", rules.cards_by_id, copies)  # a record, not a place (see _check_barrel)
        _whole(row[1], f"{where}[1]", 0, 1000)
    if p["private"] is not None:
        cid = _order_card(p["private"], f"{path}.private", rules, len(snap["players"]), copies)
        places.put("demand card", cid, f"{path}.private.id")


def _check_room(p: dict, path: str, rules: Any) -> None:
    """No more barrels or loose cards than the player's Rickhouse and Warehouse hold."""
    state = PlayerState(p["seat"], p["distillery"], p["capital"], dict(p["levels"]))
    state.ultimates = dict(p["ultimates"])
    for dept, key in (("rickhouse", "barrels"), ("warehouse", "warehouse")):
        room = number(rules, state, dept)
        if len(p[key]) > room:
            raise _fail(f"{path}.{key}", f"{len(p[key])} held where the {dept} has room for {room}")


def _copies(snap: dict, deck: str) -> int:
    d = _mapping(snap[deck], deck, ("cards", "discards", "copies"))
    return _whole(d["copies"], f"{deck}.copies", 1, 1000)


def _check_decks(snap: dict, rules: Any, n: int, places: _Places) -> None:
    for deck, printed, what in (
        ("demand", rules.cards_by_id, "demand card"),
        ("bills", rules.bills_by_id, "mash bill"),
    ):
        copies = _copies(snap, deck)
        for key in ("cards", "discards"):
            for i, cid in enumerate(_list(snap[deck][key], f"{deck}.{key}")):
                places.put(what, _instance(cid, f"{deck}.{key}[{i}]", printed, copies), f"{deck}.{key}[{i}]")
    copies = _copies(snap, "demand")
    table = _list(snap["table"], "table")
    if len(table) >= rules.crash_size:
        raise _fail("table", f"{len(table)} cards: the {rules.crash_size}th crashes the market")
    for i, card in enumerate(table):
        places.put("demand card", _order_card(card, f"table[{i}]", rules, n, copies), f"table[{i}].id")
    for key, printed, what, deck in (
        ("demand_reveal", rules.cards_by_id, "demand card", "demand"),
        ("revealed_bills", rules.bills_by_id, "mash bill", "bills"),
    ):
        for i, cid in enumerate(_list(snap[key], key)):
            places.put(what, _instance(cid, f"{key}[{i}]", printed, _copies(snap, deck)), f"{key}[{i}]")


def _check_piles(piles: dict, places: _Places) -> None:
    for key in ("piles", "discards"):
        _mapping(piles[key], f"piles.{key}", RESOURCES)
        for kind in RESOURCES:
            for i, cid in enumerate(_cards(piles[key][kind], f"piles.{key}.{kind}", kind)):
                places.put("resource card", cid, f"piles.{key}.{kind}[{i}]")
    serial = _mapping(piles["serial"], "piles.serial", RESOURCES)
    for kind in RESOURCES:
        _whole(serial[kind], f"piles.serial.{kind}")


def _check_collect(snap: dict, n: int) -> None:
    for key in ("passed", "kept", "dice", "selected"):
        for i, face in enumerate(_list(snap[key], key)):
            _one_of(face, f"{key}[{i}]", DIE_FACES)
    for part, whole in (("kept", "passed"), ("selected", "dice")):  # kept from the passed dice, picked from the rolled
        rest = list(snap[whole])
        for i, face in enumerate(snap[part]):
            if face not in rest:
                raise _fail(f"{part}[{i}]", f"{face} is not among the {whole} dice it comes from ({rest})")
            rest.remove(face)
    for key in ("bill_draws_left", "rerolls_left", "barrel_serial"):
        _whole(snap[key], key)
    _flag(snap["traded"], "traded")


def _check_climate(snap: dict, n: int) -> None:
    queue = _seats(snap["climate_queue"], "climate_queue", n)
    if snap["phase"] == "ageing" and not queue:
        raise _fail("climate_queue", "the ageing step waits on a player, but none is queued")
    for seat, barrel in _mapping(snap["climate_choice"], "climate_choice").items():
        path = f"climate_choice.{seat if isinstance(seat, str) and len(seat) < 20 else short(seat)}"
        if not isinstance(seat, str) or not seat.isdigit() or int(seat) >= n:
            raise _fail(path, f"{short(seat)} is not a seat at a {n}-player table")
        ids = [b["id"] for b in snap["players"][int(seat)]["barrels"]]
        if barrel not in ids:
            raise _fail(path, f"unknown barrel {short(barrel)}; seat {seat} has {ids}")


def _check_rngs(rngs: dict) -> None:
    for name in STREAMS:
        data, path = rngs[name], f"rngs.{name}"
        ok = isinstance(data, list) and len(data) == 3 and isinstance(data[1], list) and len(data[1]) == 625
        ok = ok and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**32 for x in data[1])
        ok = ok and (data[2] is None or (isinstance(data[2], float) and math.isfinite(data[2])))
        try:
            ok = ok and restore_stream(data) is not None
        except (TypeError, ValueError, OverflowError):
            ok = False
        if not ok:
            raise _fail(path, "not the state of a random stream (snapshot() writes [3, [625 numbers], null])")


def _check_log(snap: dict, n: int) -> None:
    for i, row in enumerate(_list(snap["log"], "log")):
        path = f"log[{i}]"
        _mapping(row, path, ("seq", "round", "phase", "player", "kind"))
        _whole(row["seq"], f"{path}.seq", i, i)
        _whole(row["round"], f"{path}.round")
        _text(row["phase"], f"{path}.phase")
        _text(row["kind"], f"{path}.kind")
        if row["player"] is not None:
            _whole(row["player"], f"{path}.player", 0, n - 1)
    for i, text in enumerate(_list(snap["actions"], "actions")):
        _text(text, f"actions[{i}]")
