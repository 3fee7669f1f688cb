"""Gin Crafters' observation for the RL adapters, read straight from the table: ``GameDef.encoder``.

It shows what ``observation.view`` shows and nothing else: the markets, deck and discard sizes, every
player's areas, coins, VP track and hand sizes, the distillation in progress, and only the viewer's
own gin and brand hands, plus the Inspiration cards when the viewer is the one looking. Seats are
turned so that block 0 is the viewer, then the next seats in order (as the generic encoder does).

Layout (``Encoder.blocks``: name -> offset, length), with G gin cards, B botanicals, J juniper
berries, K brand cards (an *ingredient* is a botanical or a juniper berry):

- the table: round, step, turn owner, actions left, start player, the final turns' last seat, each
  market position's card, deck and discard sizes, how many cards are being looked at, the bonus
  thresholds queued, which market row is being taken from;
- the distillation in progress: its gin, the borrowed botanical type and the lender, the juniper
  berry and its bonus, the key botanical and its effect;
- the viewer's hand (gins, brands) and the Inspiration cards they look at;
- per seat: coins, VP by source, area and spent ingredients, distilled gins, hand sizes, bonus
  thresholds reached, borrowed, lent, juniper bonuses, brands met.

Every cell is a whole number (no scaling). Plain typed Python over ints and lists, so mypyc
compiles it with the game; cells are summed in a list of ints and each non-zero one is written to
the adapters' buffer once.
"""

from __future__ import annotations

from typing import Any

from .content import CONTENT
from .table import DECKS, SOURCES, STEPS

MARKETS = ("botanical", "juniper")


class Encoder:
    """Cells of one ruleset at one player count; ``encode`` fills them for a seat (see the module docstring)."""

    def __init__(self, rules: Any, players: int):
        self.players = players
        self.steps: dict[str, int] = {s: i for i, s in enumerate(STEPS)}
        self.gins: dict[str, int] = {g: i for i, g in enumerate(CONTENT.gins)}
        self.brands: dict[str, int] = {k: i for i, k in enumerate(CONTENT.brands)}
        ingredients = [*CONTENT.botanicals, *CONTENT.junipers]
        self.ingredients: dict[str, int] = {c: i for i, c in enumerate(ingredients)}
        self.types: dict[str, int] = {t: i for i, t in enumerate(sorted({b.type for b in CONTENT.botanicals.values()}))}
        self.effects: dict[str, int] = {
            e: i for i, e in enumerate(sorted({b.effect for b in CONTENT.botanicals.values()}))
        }
        self.thresholds: dict[int, int] = {int(m): i for i, m in enumerate(rules.bonus_thresholds)}
        self.positions: dict[str, int] = {
            "botanical": len(rules.botanical_prices),
            "juniper": len(rules.juniper_prices),
        }
        self.blocks: dict[str, tuple[int, int]] = {}
        self.size = 0
        n, g, i = players, len(self.gins), len(self.ingredients)
        for name, length in (
            ("round", 1),
            ("step", len(self.steps)),
            ("turn_owner", n),
            ("actions_left", 1),
            ("start_player", n),
            ("final_until", n),
            ("market.botanical", self.positions["botanical"] * i),
            ("market.juniper", self.positions["juniper"] * i),
            ("decks", len(DECKS)),
            ("discards", len(DECKS)),
            ("looking", 1),
            ("bonus_queue", len(self.thresholds)),
            ("take_market", len(MARKETS)),
            ("distilling", 1),
            ("distilling.gin", g),
            ("distilling.borrow", len(self.types)),
            ("distilling.lender", n),
            ("distilling.juniper", i),
            ("distilling.bonus", 1),
            ("distilling.key", i),
            ("distilling.effect", len(self.effects)),
            ("hand.gins", g),
            ("hand.brands", len(self.brands)),
            ("inspiration", g + len(self.brands)),
        ):
            self._block(name, length)
        self.seat_start: int = self.size
        for name, length in (
            ("seat.coins", 1),
            ("seat.vp", len(SOURCES)),
            ("seat.area", i),
            ("seat.spent", i),
            ("seat.distilled", g),
            ("seat.hand_gins", 1),
            ("seat.hand_brands", 1),
            ("seat.bonuses", len(self.thresholds)),
            ("seat.borrowed", 1),
            ("seat.lent", 1),
            ("seat.juniper_bonuses", 1),
            ("seat.brands_met", 1),
        ):
            self._block(name, length)
        self.seat_size: int = self.size - self.seat_start
        self.size = self.seat_start + players * self.seat_size
        self.shape = (self.size,)
        self._at: dict[str, int] = {name: start for name, (start, _) in self.blocks.items()}
        self._cells: list[int] = [0] * self.size
        self._touched: list[int] = []

    def _block(self, name: str, length: int) -> None:
        self.blocks[name] = (self.size, length)
        self.size += length

    def encode(self, t: Any, player: int, out: Any) -> None:
        """Write what ``player`` sees of table ``t`` into ``out`` (zeroed, ``size`` floats): non-zero cells only."""
        cells = self._cells
        try:
            self._table(t, player)
            self._distilling(t, player)
            self._own(t, player)
            for p_seat in range(self.players):
                self._seat(t.players[p_seat], self.seat_start + ((p_seat - player) % self.players) * self.seat_size)
            for i in self._touched:
                out[i] = cells[i]
        finally:  # the scratch list is all zeros again even if a table could not be read
            for i in self._touched:
                cells[i] = 0
            self._touched = []

    def _add(self, i: int, value: int) -> None:
        if value:
            if self._cells[i] == 0:
                self._touched.append(i)
            self._cells[i] += value

    def _one(self, block: str, index: dict[str, int], key: str | None) -> None:
        """A one-hot (or a count, when repeated) of ``key`` in ``block``; a key the content lacks is left out."""
        if key is not None:
            k = index.get(key)
            if k is not None:
                self._add(self._at[block] + k, 1)

    def _seat_cell(self, block: str, seat: int | None, player: int) -> None:
        if seat is not None:
            self._add(self._at[block] + (seat - player) % self.players, 1)

    def _table(self, t: Any, player: int) -> None:
        at = self._at
        self._add(at["round"], t.round)
        self._one("step", self.steps, t.step)
        self._seat_cell("turn_owner", t.turn_owner, player)
        self._add(at["actions_left"], t.actions_left)
        self._seat_cell("start_player", t.start, player)
        self._seat_cell("final_until", t.final_until, player)
        ingredients = len(self.ingredients)
        for market in MARKETS:
            start = at["market." + market]
            for position, card in enumerate(t.market.get(market, [])[: self.positions[market]]):
                k = self.ingredients.get(card) if card is not None else None
                if k is not None:
                    self._add(start + position * ingredients + k, 1)
        for d, deck in enumerate(DECKS):
            self._add(at["decks"] + d, len(t.decks.get(deck, [])))
            self._add(at["discards"] + d, len(t.discards.get(deck, [])))
        self._add(at["looking"], len(t.pending))
        for mark in t.bonus_queue:
            k = self.thresholds.get(mark)
            if k is not None:
                self._add(at["bonus_queue"] + k, 1)
        if t.take_market in MARKETS:
            self._add(at["take_market"] + MARKETS.index(t.take_market), 1)

    def _distilling(self, t: Any, player: int) -> None:
        d = t.dist
        if not d:
            return
        self._add(self._at["distilling"], 1)
        self._one("distilling.gin", self.gins, d.get("gin"))
        self._one("distilling.borrow", self.types, d.get("borrow"))
        self._seat_cell("distilling.lender", d.get("lender"), player)
        self._one("distilling.juniper", self.ingredients, d.get("juniper"))
        self._add(self._at["distilling.bonus"], int(d.get("bonus") or 0))
        self._one("distilling.key", self.ingredients, d.get("key"))
        self._one("distilling.effect", self.effects, d.get("effect"))

    def _own(self, t: Any, player: int) -> None:
        """The viewer's hands, and the Inspiration cards while the viewer is the one looking."""
        me = t.players[player]
        for gin in me["gins"]:
            self._one("hand.gins", self.gins, gin)
        for brand in me["brands"]:
            self._one("hand.brands", self.brands, brand)
        if player == t.turn_owner:
            start = self._at["inspiration"]
            for card in t.pending:
                k = self.gins.get(card)
                if k is None:
                    k = self.brands.get(card)
                    k = None if k is None else len(self.gins) + k
                if k is not None:
                    self._add(start + k, 1)

    def _seat(self, p: dict[str, Any], start: int) -> None:
        rel = self.seat_start
        at = self._at
        self._add(start + at["seat.coins"] - rel, p["coins"])
        for s, source in enumerate(SOURCES):
            self._add(start + at["seat.vp"] - rel + s, p["vp"].get(source, 0))
        for block, key in (("seat.area", "area"), ("seat.spent", "spent")):
            base = start + at[block] - rel
            for card in p[key]:
                k = self.ingredients.get(card)
                if k is not None:
                    self._add(base + k, 1)
        for gin in p["distilled"]:
            k = self.gins.get(gin)
            if k is not None:
                self._add(start + at["seat.distilled"] - rel + k, 1)
        self._add(start + at["seat.hand_gins"] - rel, len(p["gins"]))
        self._add(start + at["seat.hand_brands"] - rel, len(p["brands"]))
        for mark in p["bonuses"]:
            k = self.thresholds.get(mark)
            if k is not None:
                self._add(start + at["seat.bonuses"] - rel + k, 1)
        for name in ("borrowed", "lent", "juniper_bonuses", "brands_met"):
            self._add(start + at["seat." + name] - rel, int(p[name]))


def encoder(rules: Any, players: int) -> Encoder:
    """``GameDef.encoder`` for Gin Crafters."""
    return Encoder(rules, players)
