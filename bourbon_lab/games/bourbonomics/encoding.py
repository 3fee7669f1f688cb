"""Bourbonomics' observation for the RL adapters, read straight from the state: ``GameDef.encoder``.

The generic encoder hashes ``view(player)`` (a JSON dict built and walked at every step); this one
writes the same knowledge into fixed cells of a float vector, so the hot path builds no view. It
shows exactly what ``view.py`` shows and nothing else: other players' staged and warehouse cards
by type only (their quality hidden), the revealed bills, the demand reveal and the rerolls left
only to the player deciding, and no pile, deck or bill order. Seats are turned so that block 0 is
the viewer and block 1 the next seat, as in the generic encoder.

Layout (``Encoder.blocks`` names every block with its offset and length), with B mash bills, C
printed demand cards, S rickhouse slots, T table places (``crash_size``), K resources, Q qualities:

- the table: round, phase, step, the actor, the zone and multiplier, cards until the crash, pile and
  discard sizes per resource, the demand deck and bills left, the dice (counts per face of the dice,
  the selected, inherited and kept ones), the viewer's rerolls left, revealed bills and demand reveal
  (or only how many, when not deciding), how the game ended;
- each demand card on the table (T places): which printed card, its age, quality and prestige
  requirement, its slots and how many are filled;
- per seat, from the viewer on: its place in the turn order, distillery, Capital, Prestige, orders
  completed (and which), department levels and numbers, upgrades, Ultimates, Prospector pile, private
  card, its warehouse by type (and by type and quality for the viewer), and S barrels: which bill,
  built, age, quality, sales left, value, the staged cards by type (and by type and quality for the
  viewer).

Every cell is a whole number, the game's own (no scaling). ``encode`` writes only the non-zero cells
into the zeroed ``float32`` buffer the adapters pass (about 200 of the 3,232 at four players). Pure
Python over ints and lists, so mypyc compiles it with the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

from .content import DEPARTMENTS, DIE_FACES, QUALITIES, RESOURCES, ULTIMATES
from .departments import number
from .market import ZONES, zone_index
from .play import age_value
from .state import Barrel, OrderCard, PlayerState, ResourceCard, base_id

PHASES = ("setup", "demand", "collect", "play", "ageing", "over")
STEPS = ("setup", "pick", "bills", "keep", "reroll", "claim", "turn", "climate", "over")
ENDINGS = ("orders", "round_limit")

_TABLE = (
    ("round", 1),
    ("phase", len(PHASES)),
    ("step", len(STEPS)),
    ("zone", len(ZONES)),
    ("multiplier", 1),
    ("crash_in", 1),
    ("piles", len(RESOURCES)),
    ("pile_discards", len(RESOURCES)),
    ("demand_deck", 1),
    ("mash_bills_left", 1),
    ("dice", len(DIE_FACES)),
    ("selected", len(DIE_FACES)),
    ("inherited", len(DIE_FACES)),
    ("kept", len(DIE_FACES)),
    ("rerolls_left", 1),
    ("revealed_bills_count", 1),
    ("demand_reveal_count", 1),
    ("ended_by", len(ENDINGS)),
)
"""The table's fixed blocks, in order (the content-sized ones follow, see ``Encoder.__init__``)."""

_CARD = 6
"""Cells of a demand card besides its one-hot: present, min age, min quality, prestige, slots, filled."""

_BARREL = 6
"""Cells of a barrel besides its bill's one-hot: present, built, age, quality, sales left, value."""


class Encoder:
    """Cells of one ruleset at one player count; ``encode`` fills them for a seat (see the module docstring).

    ``blocks`` maps a block's name to its (offset, length); a seat's blocks are named ``seat.*`` and
    sit at that offset plus ``seat_size`` times the seat's place from the viewer. The offsets are
    kept as plain int attributes too, the hot path's cheapest read under mypyc.
    """

    def __init__(self, rules: Any, players: int):
        self.rules = rules
        self.players = players
        self.bills: dict[str, int] = {b.id: i for i, b in enumerate(rules.mash_bills)}
        self.cards: dict[str, int] = {c.id: i for i, c in enumerate(rules.demand_cards)}
        self.distilleries: dict[str, int] = {d.id: i for i, d in enumerate(rules.distilleries)}
        ultimates: list[str] = []
        for d in rules.distilleries:
            for _dept, offered in d.ultimates:
                ultimates.extend(u for u in offered if u not in ultimates)
        self.ultimates: dict[str, int] = {u: i for i, u in enumerate(ultimates)}
        self.resources: dict[str, int] = {r: i for i, r in enumerate(RESOURCES)}
        self.faces: dict[str, int] = {f: i for i, f in enumerate(DIE_FACES)}
        # Read once from the (Python) content objects, so that the hot path reads only ints.
        self._card_facts: dict[str, tuple[int, int, int, int]] = {
            c.id: (i, c.min_age, c.min_quality_index + 1, c.prestige) for i, c in enumerate(rules.demand_cards)
        }
        self._numbers: dict[str, list[list[dict[str, int]]]] = {
            d.id: self._numbers_of(d.id) for d in rules.distilleries
        }
        self._crash_size: int = int(rules.crash_size)
        self._start_prestige: int = int(rules.start_prestige)
        self.places: int = int(rules.crash_size)
        self.slots: int = max(rules.rickhouse_levels) + rules.mega_expansion_slots + rules.house_blend_slots
        self.card_size: int = len(self.cards) + _CARD
        self.barrel_size: int = len(self.bills) + _BARREL + len(RESOURCES) * (1 + len(QUALITIES))
        self.blocks: dict[str, tuple[int, int]] = {}
        self.size = 0
        for name, length in _TABLE:
            self._block(name, length)
        self._block("actor", players)
        self._block("revealed_bills", len(self.bills))
        self._block("demand_reveal", len(self.cards))
        self._block("table", self.places * self.card_size)
        self.seat_start: int = self.size
        for name, length in self._seat_blocks():
            self._block(name, length)
        self.seat_size: int = self.size - self.seat_start
        self.size = self.seat_start + players * self.seat_size
        self.shape = (self.size,)
        self._offsets()
        self._cells: list[int] = [0] * self.size
        self._touched: list[int] = []
        self._out: Any = None

    def _seat_blocks(self) -> list[tuple[str, int]]:
        k, q = len(RESOURCES), len(QUALITIES)
        return [
            ("seat.order", 1),
            ("seat.distillery", len(self.distilleries)),
            ("seat.capital", 1),
            ("seat.prestige", 1),
            ("seat.orders", 1),
            ("seat.completed", len(self.cards)),
            ("seat.levels", len(DEPARTMENTS)),
            ("seat.numbers", len(DEPARTMENTS)),
            ("seat.upgrades", 1),
            ("seat.ultimates", len(self.ultimates)),
            ("seat.prospector_pile", k),
            ("seat.private", self.card_size),
            ("seat.warehouse", k),
            ("seat.warehouse_quality", k * q),
            ("seat.barrels", self.slots * self.barrel_size),
        ]

    def _block(self, name: str, length: int) -> None:
        self.blocks[name] = (self.size, length)
        self.size += length

    def _offsets(self) -> None:
        at = self.at
        self.o_round, self.o_phase, self.o_step, self.o_zone = (
            at("round"),
            at("phase"),
            at("step"),
            at("zone"),
        )
        self.o_multiplier, self.o_crash_in, self.o_actor = (
            at("multiplier"),
            at("crash_in"),
            at("actor"),
        )
        self.o_piles, self.o_pile_discards = at("piles"), at("pile_discards")
        self.o_demand_deck, self.o_bills_left = at("demand_deck"), at("mash_bills_left")
        self.o_dice, self.o_selected, self.o_inherited, self.o_kept = (
            at("dice"),
            at("selected"),
            at("inherited"),
            at("kept"),
        )
        self.o_rerolls, self.o_revealed, self.o_reveal = (
            at("rerolls_left"),
            at("revealed_bills"),
            at("demand_reveal"),
        )
        self.o_revealed_count, self.o_reveal_count = (
            at("revealed_bills_count"),
            at("demand_reveal_count"),
        )
        self.o_ended, self.o_table = at("ended_by"), at("table")
        rel = self.seat_start
        self.s_order, self.s_distillery = (
            at("seat.order") - rel,
            at("seat.distillery") - rel,
        )
        self.s_capital, self.s_prestige, self.s_orders = (
            at("seat.capital") - rel,
            at("seat.prestige") - rel,
            at("seat.orders") - rel,
        )
        self.s_completed, self.s_levels, self.s_numbers = (
            at("seat.completed") - rel,
            at("seat.levels") - rel,
            at("seat.numbers") - rel,
        )
        self.s_upgrades, self.s_ultimates = (
            at("seat.upgrades") - rel,
            at("seat.ultimates") - rel,
        )
        self.s_prospector, self.s_private = (
            at("seat.prospector_pile") - rel,
            at("seat.private") - rel,
        )
        self.s_warehouse, self.s_warehouse_quality = (
            at("seat.warehouse") - rel,
            at("seat.warehouse_quality") - rel,
        )
        self.s_barrels = at("seat.barrels") - rel

    def at(self, name: str) -> int:
        """Where a block starts (a ``seat.*`` block: for the viewer)."""
        return self.blocks[name][0]

    def encode(self, g: Game, player: int, out: Any) -> None:
        """Write what ``player`` sees of ``g`` into ``out`` (zeroed, ``size`` floats): its non-zero cells only.

        A cell set once is written straight to ``out``; a count (cards by type, dice by face) is
        summed in a list of ints first (a list write costs mypyc a few nanoseconds, an array write
        through the buffer protocol ten times that) and written once at the end.
        """
        self._out = out
        cells = self._cells
        try:
            self._fill(g, player)
            for i in self._touched:
                out[i] = cells[i]
        finally:  # the scratch list is all zeros again even if a state could not be read
            for i in self._touched:
                cells[i] = 0
            self._touched = []
            self._out = None

    def _put(self, i: int, value: int) -> None:
        if value:
            self._out[i] = value

    def _add(self, i: int, value: int) -> None:
        if self._cells[i] == 0:
            self._touched.append(i)
        self._cells[i] += value

    def _fill(self, g: Game, player: int) -> None:
        """Write every cell ``player`` may see into the dense scratch list (all zeros between calls)."""
        n = self.players
        current = g.current_player
        me = current == player
        self._put(self.o_round, g.round)
        self._put(self.o_phase + PHASES.index(g.phase), 1)
        self._put(self.o_step + STEPS.index(g.step), 1)
        if current is not None:
            self._put(self.o_actor + (current - player) % n, 1)
        table_size = len(g.table)
        self._put(self.o_zone + zone_index(self.rules, table_size), 1)
        self._put(self.o_multiplier, g.multiplier)
        self._put(self.o_crash_in, self._crash_size - table_size)
        self._counts_by_kind(g.piles.piles, self.o_piles)
        self._counts_by_kind(g.piles.discards, self.o_pile_discards)
        self._put(self.o_demand_deck, len(g.demand.cards))
        self._put(self.o_bills_left, len(g.bills.cards))
        self._faces(g.dice, self.o_dice)
        self._faces(g.selected, self.o_selected)
        self._faces(g.passed, self.o_inherited)
        self._faces(g.kept, self.o_kept)
        if me:
            self._put(self.o_rerolls, g.rerolls_left)
            self._ids(g.revealed_bills, self.bills, self.o_revealed)
            self._ids(g.demand_reveal, self.cards, self.o_reveal)
        self._put(self.o_revealed_count, len(g.revealed_bills))
        self._put(self.o_reveal_count, len(g.demand_reveal))
        if g.ended_by is not None:
            self._put(self.o_ended + ENDINGS.index(g.ended_by), 1)
        place = 0
        for order in g.table:
            if place < self.places:
                self._order(order, self.o_table + place * self.card_size)
            place += 1
        position = 0
        for seat in g.order:
            position += 1
            self._put(self._seat(seat, player) + self.s_order, position)
        for p in g.players:
            self._player(g, p, p.seat == player, self._seat(p.seat, player))

    def _seat(self, seat: int, viewer: int) -> int:
        """Where a seat's block starts: the viewer's first, then the next seats in order."""
        return self.seat_start + ((seat - viewer) % self.players) * self.seat_size

    def _counts_by_kind(self, piles: dict[str, list[ResourceCard]], start: int) -> None:
        resources = self.resources
        for kind, cards in piles.items():
            if cards:
                self._put(start + resources[kind], len(cards))

    def _faces(self, faces: list[str], start: int) -> None:
        index = self.faces
        for face in faces:
            self._add(start + index[face], 1)

    def _ids(self, ids: list[str], index: dict[str, int], start: int) -> None:
        for i in ids:
            self._add(start + index[base_id(i)], 1)

    def _order(self, order: OrderCard, start: int) -> None:
        """A demand card: its printed card, requirements, slots and filled slots (as ``view._order``)."""
        facts = self._card_facts.get(order.id)
        if facts is None:  # a later copy (D07.2) of a printed card
            facts = self._card_facts[base_id(order.id)]
        index, min_age, min_quality, prestige = facts
        self._put(start + index, 1)
        cell = start + len(self.cards)
        self._put(cell, 1)
        self._put(cell + 1, min_age)
        self._put(cell + 2, min_quality)
        self._put(cell + 3, prestige)
        self._put(cell + 4, order.slots)
        self._put(cell + 5, len(order.filled))

    def _player(self, g: Game, p: PlayerState, mine: bool, start: int) -> None:
        self._put(start + self.s_distillery + self.distilleries[p.distillery], 1)
        self._put(start + self.s_capital, p.capital)
        prestige = self._start_prestige
        cards = self.cards
        for card_id, points in p.completed:
            prestige += points
            index = cards.get(card_id)
            self._add(
                start + self.s_completed + (index if index is not None else cards[base_id(card_id)]),
                1,
            )
        self._put(start + self.s_prestige, prestige)
        self._put(start + self.s_orders, len(p.completed))
        levels, numbers = start + self.s_levels, start + self.s_numbers
        i = 0
        for dept in DEPARTMENTS:
            level = p.levels[dept]
            self._put(levels + i, level)
            self._put(numbers + i, self._number(p, i, level))
            i += 1
        self._put(start + self.s_upgrades, p.upgrades)
        for ultimate in p.ultimates.values():
            self._put(start + self.s_ultimates + self.ultimates[ultimate], 1)
        if p.prospector_pile is not None:
            self._put(start + self.s_prospector + self.resources[p.prospector_pile], 1)
        if p.private is not None:
            self._order(p.private, start + self.s_private)
        self._cards(
            p.warehouse,
            mine,
            start + self.s_warehouse,
            start + self.s_warehouse_quality,
        )
        j = 0
        for barrel in p.barrels:
            if j < self.slots:
                self._barrel(g, barrel, mine, start + self.s_barrels + j * self.barrel_size)
            j += 1

    def _numbers_of(self, distillery: str) -> list[list[dict[str, int]]]:
        """Department -> level -> Ultimate held there ('' for none) -> ``departments.number``, asked once.

        Asked of the rules' own ``number`` for a stand-in player at every level and Ultimate, so
        the encoding never restates the rule; levels past the table are asked on the spot.
        """
        out: list[list[dict[str, int]]] = []
        for dept in DEPARTMENTS:
            by_level: list[dict[str, int]] = []
            for level in range(len(self.rules.department_levels(dept)) + 1):
                stand_in = PlayerState(0, distillery, 0, dict.fromkeys(DEPARTMENTS, 0))
                stand_in.levels[dept] = level
                by_ultimate: dict[str, int] = {"": number(self.rules, stand_in, dept)}
                for ultimate in ULTIMATES[dept]:
                    stand_in.ultimates = {dept: ultimate}
                    by_ultimate[ultimate] = number(self.rules, stand_in, dept)
                by_level.append(by_ultimate)
            out.append(by_level)
        return out

    def _number(self, p: PlayerState, dept: int, level: int) -> int:
        """``departments.number`` of a player's department (by its place in ``DEPARTMENTS``), from the table."""
        by_level = self._numbers[p.distillery][dept]
        name = DEPARTMENTS[dept]
        if level < len(by_level):
            value = by_level[level].get(p.ultimates.get(name, ""))
            if value is not None:
                return value
        return number(self.rules, p, name)

    def _cards(self, cards: list[ResourceCard], mine: bool, by_kind: int, by_quality: int) -> None:
        """Resource cards by type for everyone, by type and quality only for their owner."""
        resources = self.resources
        q = len(QUALITIES)
        for card in cards:
            kind = resources[card.kind]
            self._add(by_kind + kind, 1)
            if mine:
                self._add(by_quality + kind * q + card.quality, 1)

    def _barrel(self, g: Game, b: Barrel, mine: bool, start: int) -> None:
        """A barrel: its bill; once built its age, quality, sales left and value; its cards (as ``view._barrel``)."""
        index = self.bills.get(b.bill)
        self._put(start + (index if index is not None else self.bills[base_id(b.bill)]), 1)
        cell = start + len(self.bills)
        self._put(cell, 1)
        if b.built:
            self._put(cell + 1, 1)
            self._put(cell + 2, b.age)
            self._put(cell + 3, b.quality + 1)
            self._put(cell + 4, b.sales_left)
            self._put(cell + 5, age_value(g, b))
        by_kind = cell + _BARREL
        self._cards(b.staged, mine, by_kind, by_kind + len(RESOURCES))
        self._cards(b.wild, mine, by_kind, by_kind + len(RESOURCES))


def encoder(rules: Any, players: int) -> Encoder:
    """``GameDef.encoder`` for Bourbonomics."""
    return Encoder(rules, players)
