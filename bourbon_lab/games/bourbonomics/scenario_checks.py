"""Bourbonomics' scenario part: what its scenarios may check beyond any game's, where, and how its replay reads.

The scenarios layer finds this module with ``get_game(name).part("scenario_checks")`` and calls
``checks(kit)``, handing in its check language (``kit``: comparisons, readers and the checks any game
has), so this module imports only the core and this game. The rest is plain data the layer reads the
same way for every game that declares it: ``parse_action`` reads a script step before play (so a typo
fails as the file loads); ``POINTS``, ``ROUND_PHASES`` and ``POINT_PHASES`` say where an expectation may
stand (the table calls ``on_round_end``, so ``after: {round: N}`` can be caught); ``KEY_EVENTS`` are what a
fork's diff counts; ``PLAYERS`` is a scenario's table when it names none; ``report`` is what
``bourbon-lab replay`` prints.
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

POINTS = ("end", "step", "round_end", "phase")
"""Where an expectation may stand: at the end, after a step, at a round's end (the table calls
``on_round_end`` with ageing done, before the next Demand card) and at a phase of a round."""

ROUND_PHASES = ("demand", "collect", "play", "ageing")
"""The phases of a round in order, for ``at: {round: N, phase: P}``."""

POINT_PHASES = ("demand", "collect", "play")
"""The phases such a point may name; the first is the default (``at: {round: N}``)."""

PLAYERS = 4
"""A scenario's table when its file names none."""

ACTION_EXAMPLE = "end turn"
CHECK_EXAMPLE = "zone: Hot or event: {kind: crash}"


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


# --- the replay report: the game told turn by turn in plain sentences, from its event log
#
# Each event kind has one small phrase; consecutive phrases of the same player in the same
# phase join into one line, so a Play turn reads as one sentence per player.

_PHASE_TITLES = {
    "setup": "Setup",
    "demand": "Demand",
    "collect": "Collect",
    "play": "Play",
    "ageing": "Ageing",
    "over": "End",
}


def ordinal(n: int) -> str:
    """``n`` as an English ordinal (1st, 2nd, 3rd, 4th, 11th, 22nd): the crash size is tunable, so no fixed "7th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _cards(ids: Any) -> str:
    return ", ".join(ids) if ids else "nothing"


def _sale(d: Any) -> str:
    where = "their private card" if d["private"] else d["card"]
    return (
        f"sells {d['barrel']} ({d['quality']}, age {d['age']}, {d['band']}) into {where} at {d['zone']}: "
        f"{d['base_value']} x{d['multiplier']} = {d['capital']} Capital"
    )


def _upgrade(d: Any) -> str:
    ult = f" -> Ultimate {d['ultimate'].replace('_', ' ').title()}" if "ultimate" in d else ""
    pile = f" ({d['pile']} pile)" if "pile" in d else ""
    return f"upgrades {d['department']} to level {d['level']}{ult}{pile} for {d['cost']} Capital"


def _drawn(d: Any) -> str:
    how = {"quality_sort": " (Quality Sort)"}.get(d.get("how"), "")
    extra = f", discarding {_cards(d['discarded'])}" if d.get("discarded") else ""
    return f"draws {d['card']} ({d['quality']}){how}{extra}"


def _aged(d: Any) -> str:
    return "ages " + ", ".join(f"{b} to {a}" for b, a in zip(d["barrels"], d["ages"]))


PHRASES = {
    "card_added": lambda d: f"the market gets {d['card']} ({d['table_size']} on the table)",
    "crash": lambda d: (
        f"CRASH: the {ordinal(len(d['wiped']) + 1)} card wipes {_cards(d['wiped'])}; {d['card']} starts a fresh market"
    ),
    "hot_reset": lambda d: f"HOT RESET: {_cards(d['wiped'])} wiped; {d['card']} starts a Low market",
    "demand_revealed": lambda d: f"reveals demand cards {_cards(d['cards'])}",
    "demand_picked": lambda d: f"picks {d['card']}",
    "private_card": lambda d: f"gets private demand card {d['card']}",
    "bills_revealed": lambda d: f"reveals mash bills {_cards(d['bills'])}",
    "bill_kept": lambda d: f"keeps {d['bill']} as barrel {d['barrel']}",
    "bills_returned": lambda d: f"returns {_cards(d['bills'])}",
    "dice_inherited": lambda d: f"inherits dice {_cards(d['dice'])}",
    "die_kept": lambda d: f"keeps a {d['face']} die",
    "dice_rolled": lambda d: f"rolls {_cards(d['faces'])}",
    "dice_rerolled": lambda d: f"rerolls {_cards(d['old'])} into {_cards(d['faces'])}",
    "dice_traded": lambda d: f"trades {_cards(d['returned'])} for a {d['face']} die (Triple Threat)",
    "card_drawn": _drawn,
    "dice_passed": lambda d: f"passes {_cards(d['dice'])}" if d["dice"] else None,
    "card_staged": lambda d: f"stages {d['card']} on {d['barrel']}" + (" (wild slot)" if d["slot"] == "wild" else ""),
    "card_unstaged": lambda d: f"takes {d['card']} back from {d['barrel']}",
    "barrel_built": lambda d: f"makes bourbon {d['barrel']} ({d['quality']} {d['mash_bill']}, {d['sales']} sale(s))",
    "sale": _sale,
    "barrel_emptied": lambda d: f"{d['barrel']} is sold out",
    "order_completed": lambda d: f"COMPLETES {d['card']} for {d['prestige']} Prestige (order no. {d['orders']})",
    "final_round": lambda d: f"reaches {d['orders']} orders: this is the final round",
    "upgrade": _upgrade,
    "turn_end": lambda d: "ends the turn",
    "stall": lambda d: f"is STALLED (warehouse full with {d['warehouse']} cards, nothing to stage)",
    "climate_named": lambda d: f"names {d['barrel']} for Climate Controlled",
    "aged": _aged,
    "double_maturation": lambda d: f"{d['barrel']} reaches {d['age']}: Double Maturation, {d['sales_left']} sales left",
    "warehouse_tasting": lambda d: f"Warehouse Tasting pays {d['capital']} Capital",
}


def _table_line(game_end_rows: Any) -> list[str]:
    lines = []
    for r in sorted(game_end_rows, key=lambda r: (r["rank"], r["player"])):
        won = "  <- wins" if r["won"] else ""
        lines.append(
            f"  {r['rank']}. P{r['player']} ({r['distillery']}): {r['score']} = {r['capital']} Capital"
            f" + {r['prestige']} Prestige, {r['orders']} orders{won}"
        )
    return lines


def header(spec: Any, game: Any, seed: int) -> list[str]:
    """The title block: scenario name, table, rules changes (``spec``: the scenario, as the layer read it)."""
    dist = ", ".join(f"P{p.seat} {p.distillery}" for p in game.players)
    changes = ", ".join(f"{k}={v}" for k, v in spec.changes.items())
    if spec.ruleset:
        changes = f"the named ruleset {spec.ruleset}" + (f" with {changes}" if changes else "")
    changes = changes or "the defaults"
    start = f"snapshot {spec.snapshot_file}" if spec.snapshot else f"seed {seed}"
    bots = ", ".join(spec.bots) if spec.bots else "none (script only)"
    lines = [spec.name, "=" * len(spec.name)]
    lines += [spec.description, ""] if spec.description else []
    lines += [f"{game.n} players ({dist}); {start}; rules: {changes}; bots: {bots}"]
    return lines


def report(spec: Any, game: Any, seed: int, start: int = 0) -> str:
    """The whole game as text, from event ``start`` on: what ``bourbon-lab replay`` prints."""
    lines = header(spec, game, seed)
    if spec.snapshot:
        lines += ["", f"Round {spec.snapshot['round']}  (from the prepared table, {spec.snapshot['phase']} phase)"]
    current: tuple | None = None
    for e in game.log[start:]:
        if e.kind == "round_start":
            order = ", ".join(f"P{s}" for s in e.data["order"])
            lines += ["", f"Round {e.round}  (turn order {order})"]
            continue
        if e.kind == "game_end":
            lines += ["", f"Game over in round {e.round}, ended by {e.data['ended_by']}. Scores:"]
            lines += _table_line(game.scores())
            continue
        phrase = PHRASES.get(e.kind)
        text = phrase(e.data) if phrase else None
        if text is None:
            continue
        key = (e.round, e.phase, e.player)
        if key == current:
            lines[-1] += f"; {text}"
        else:
            who = f"P{e.player}" if e.player is not None else "Table"
            lines.append(f"  {_PHASE_TITLES.get(e.phase, e.phase):8} {who}: {text}")
            current = key
    if not game.is_over:
        lines += ["", f"Stopped in round {game.round} ({game.phase}): {len(game.actions)} actions so far."]
    return "\n".join(lines) + "\n"
