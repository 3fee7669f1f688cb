"""What a Bourbonomics scenario may check beyond any game's checks: its market, seats, barrels and cards.

The scenarios layer finds this module with ``get_game(name).part("scenario_checks")`` and calls
``checks(kit)``, handing in its check language (``kit``: comparisons, readers and the checks any game
has), so this module imports only the core and this game. ``parse_action`` reads a script step
before play; ``KEY_EVENTS`` are what a fork's diff counts.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .content import DEPARTMENTS, QUALITIES
from .market import ZONES
from .play import AGE_BANDS, age_band, bill_of

EVENT_KINDS = (
    "setup round_start card_added crash hot_reset demand_revealed demand_picked deck_refilled private_card "
    "bills_revealed bill_kept bills_returned dice_inherited die_kept dice_rolled dice_rerolled dice_traded "
    "card_drawn pile_refilled dice_passed dice_returned card_staged card_unstaged barrel_built sale "
    "barrel_emptied order_completed final_round upgrade stall turn_end climate_named aged double_maturation "
    "warehouse_tasting game_end income points house"
).split()
"""Every kind of event the rules engine logs (``game.log``); ``income``, ``points`` and ``house`` come from
house rules' effects (core/house.py). An event pattern's ``kind:`` must be one of them."""

KEY_EVENTS = ("sale", "order_completed", "crash", "hot_reset", "upgrade", "stall")
"""The event kinds a fork's diff counts (``bl.fork``)."""

PHASES = ("demand", "collect", "play", "ageing", "over")
ENDINGS = ("orders", "round_limit")


def parse_action(text: object) -> Action:
    """A script step read before play, so a typo fails when the file loads (``ActionParseError``)."""
    return Action.parse(text)


# --- seats


def _seat(value: dict, where: Any, what: str) -> int:
    seat = value.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 5:
        raise where.fail(f"{what} needs 'seat:' (a seat number 0-5, as in the event log), got {seat!r}")
    return seat


def _player_of(game: Any, seat: int) -> tuple[Any, str | None]:
    if seat >= game.n:
        return None, f"there is no seat {seat} at a {game.n}-player table"
    return game.players[seat], None


def _score(game: Any, p: Any) -> Any:
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


def _band(game: Any, b: Any) -> Any:
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

CARD_ATTRS = {
    "present": lambda c: c is not None,
    "slots": lambda c: c.slots,
    "filled": lambda c: len(c.filled),
    "open": lambda c: c.open_slots,
    "sellers": lambda c: list(c.filled),
}


class _Checks:
    """The ``player``, ``barrel`` and ``card`` checks, which compare through the kit's language."""

    def __init__(self, kit: Any):
        self.kit = kit

    # --- players

    def parse_player(self, value: Any, where: Any) -> list:
        kit = self.kit
        items = value if isinstance(value, list) else [value]
        out = []
        for i, item in enumerate(items):
            w = where.at(value, i) if isinstance(value, list) else where
            item = kit.mapping(item, w, "player")
            kit.keys(item, ("seat", *PLAYER_ATTRS), w, "player")
            for key in _PER_DEPARTMENT & set(item):
                sub = kit.mapping(item[key], w.at(item, key), key)
                kit.keys(sub, DEPARTMENTS, w.at(item, key), key)
            out.append((_seat(item, w, "player"), {k: v for k, v in item.items() if k != "seat"}))
        return out

    def run_player(self, game: Any, specs: list) -> str | None:
        for seat, attrs in specs:
            p, why = _player_of(game, seat)
            if why:
                return why
            for key, expected in attrs.items():
                actual = PLAYER_ATTRS[key](game, p)
                pairs = expected.items() if key in _PER_DEPARTMENT else [(None, expected)]
                for dept, want in pairs:
                    got = actual.get(dept) if dept else actual
                    if not self.kit.matches(got, want):
                        name = f"{key}.{dept}" if dept else key
                        return f"player {seat} {name} is {got}, expected {self.kit.describe(want)}"
        return None

    # --- barrels

    def parse_barrel(self, value: Any, where: Any) -> list:
        kit = self.kit
        items = value if isinstance(value, list) else [value]
        out = []
        for i, item in enumerate(items):
            w = where.at(value, i) if isinstance(value, list) else where
            item = kit.mapping(item, w, "barrel")
            kit.keys(item, ("seat", "id", *BARREL_ATTRS), w, "barrel")
            if not isinstance(item.get("id"), str):
                raise w.fail(f"barrel needs 'id:' (like B3), got {item.get('id')!r}")
            rest = {k: v for k, v in item.items() if k not in ("seat", "id")}
            out.append((_seat(item, w, "barrel"), item["id"], rest))
        return out

    def run_barrel(self, game: Any, specs: list) -> str | None:
        for seat, barrel_id, attrs in specs:
            p, why = _player_of(game, seat)
            if why:
                return why
            b = p.barrel(barrel_id)
            for key, expected in attrs.items():
                if b is None and key != "present":
                    return f"player {seat} has no barrel {barrel_id} (sold out or never built)"
                actual = BARREL_ATTRS[key](game, b)
                if not self.kit.matches(actual, expected):
                    return f"player {seat} barrel {barrel_id} {key} is {actual}, expected {self.kit.describe(expected)}"
        return None

    # --- demand cards

    def parse_card(self, value: Any, where: Any) -> dict:
        value = self.kit.mapping(value, where, "card")
        self.kit.keys(value, ("id", "seat", *CARD_ATTRS), where, "card")
        if not isinstance(value.get("id"), str):
            raise where.fail(
                f"card needs 'id:' (a demand card like D07, or private with seat:), got {value.get('id')!r}"
            )
        return value

    def run_card(self, game: Any, spec: dict) -> str | None:
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
            if not self.kit.matches(actual, expected):
                return f"card {spec['id']} {key} is {actual}, expected {self.kit.describe(expected)}"
        return None


def checks(kit: Any) -> dict[str, tuple]:
    """Every check a Bourbonomics scenario may use, as ``name: (parse, run)``, in the order errors list them.

    ``kit.generic`` holds the checks any game has and ``kit.events(kinds)`` the event-pattern checks.
    """
    own, generic = _Checks(kit), kit.generic
    return {
        "zone": (kit.choice(ZONES), kit.simple(lambda g: g.zone, "the zone")),
        "table_size": (kit.anything, kit.simple(lambda g: len(g.table), "the table size")),
        "table": (kit.anything, kit.simple(lambda g: [c.id for c in g.table], "the table")),
        "round": generic["round"],
        "phase": (kit.choice(PHASES), kit.simple(lambda g: g.phase, "the phase")),
        "over": generic["over"],
        "ended_by": (kit.choice(ENDINGS), kit.simple(lambda g: g.ended_by, "the game's end")),
        "winner": generic["winner"],
        "player": (own.parse_player, own.run_player),
        "barrel": (own.parse_barrel, own.run_barrel),
        "card": (own.parse_card, own.run_card),
        **kit.events(EVENT_KINDS),
        "log_digest": generic["log_digest"],
    }
