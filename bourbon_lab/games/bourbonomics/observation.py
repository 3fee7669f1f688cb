"""A player's window on a live game, for bots: cheap to make, and it shows only what that player may see.

``game.view(p)`` is the same information as a JSON-safe dict; this object reads the live
state instead of copying it, so a bot can ask many small questions per decision. Hidden
information (pile order and qualities, deck order, others' loose cards) is reachable only
through ``determinise``, which replaces it with a random guess consistent with what the
player knows — the basis of determinised search.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .market import zone_index
from .state import OrderCard, PlayerState, ResourceCard

if TYPE_CHECKING:
    from .game import Game


class PublicBarrel:
    """Another player's barrel: its bill, age, quality once built and sales left; staged cards by type only."""

    __slots__ = ("id", "bill", "built", "age", "quality", "sales_left", "staged_kinds")

    def __init__(self, b):
        self.id, self.bill, self.built, self.age = b.id, b.bill, b.built, b.age
        self.quality = b.quality if b.built else None
        self.sales_left = b.sales_left
        self.staged_kinds = [c.kind for c in b.cards]


class PublicPlayer:
    """Another player as seen across the table: no qualities of loose or staged cards."""

    __slots__ = ("_p", "_start_prestige")

    def __init__(self, p, start_prestige: int = 0):
        self._p = p
        self._start_prestige = start_prestige

    @property
    def seat(self) -> Any:
        return self._p.seat

    @property
    def distillery(self) -> Any:
        return self._p.distillery

    @property
    def capital(self) -> Any:
        return self._p.capital

    @property
    def levels(self) -> Any:
        return dict(self._p.levels)

    @property
    def ultimates(self) -> Any:
        return dict(self._p.ultimates)

    @property
    def barrels(self) -> Any:
        return [PublicBarrel(b) for b in self._p.barrels]

    @property
    def orders(self) -> Any:
        return len(self._p.completed)

    @property
    def prestige(self) -> Any:
        """The ruleset's starting Prestige plus the orders kept, as ``scores()`` and ``view()`` count it."""
        return self._start_prestige + self._p.prestige_from_orders

    @property
    def warehouse_kinds(self) -> Any:
        return [c.kind for c in self._p.warehouse]


class PlayerView:
    """What ``player`` may see of ``game`` right now."""

    __slots__ = ("_g", "player")

    _g: Game
    player: int

    def __init__(self, game: Game, player: int):
        self._g = game
        self.player = player

    @property
    def rules(self) -> Any:
        return self._g.rules

    @property
    def round(self) -> int:
        return self._g.round

    @property
    def phase(self) -> str:
        return self._g.phase

    @property
    def step(self) -> str:
        return self._g.step

    @property
    def n(self) -> int:
        return self._g.n

    @property
    def order(self) -> list[int]:
        return list(self._g.order)

    @property
    def table(self) -> list[OrderCard]:
        return self._g.table

    @property
    def zone_index(self) -> int:
        return zone_index(self._g.rules, len(self._g.table))

    @property
    def multiplier(self) -> int:
        return self._g.multiplier

    @property
    def end_triggered(self) -> bool:
        return self._g.end_triggered

    @property
    def me(self) -> PlayerState:
        """The viewer's own full state (their warehouse qualities included)."""
        return self._g.players[self.player]

    @property
    def others(self) -> list[PublicPlayer]:
        start = self._g.rules.start_prestige
        return [PublicPlayer(p, start) for p in self._g.players if p.seat != self.player]

    def number(self, department: str) -> int:
        return self._g.number(self.player, department)

    def _mine(self, value, empty):
        return value if self._g.current_player == self.player else empty

    @property
    def dice(self) -> list[str]:
        return list(self._g.dice)

    @property
    def selected(self) -> list[str]:
        return list(self._g.selected)

    @property
    def inherited(self) -> list[str]:
        return list(self._g.passed)

    @property
    def kept(self) -> list[str]:
        return list(self._g.kept)

    @property
    def rerolls_left(self) -> Any:
        return self._mine(self._g.rerolls_left, 0)

    @property
    def revealed_bills(self) -> Any:
        return self._mine(list(self._g.revealed_bills), [])

    @property
    def demand_reveal(self) -> Any:
        return self._mine(list(self._g.demand_reveal), [])

    def to_dict(self) -> dict[str, Any]:
        return self._g.view(self.player)

    def determinise(self, rng: random.Random):
        """A copy of the game where everything this player cannot see is re-dealt at random."""
        g = self._g.clone()
        hidden: dict[str, list[tuple[list, int]]] = {}
        for kind, pile in g.piles.piles.items():
            hidden.setdefault(kind, []).extend((pile, i) for i in range(len(pile)))
        for p in g.players:
            if p.seat != self.player:
                for where in [p.warehouse] + [pile for b in p.barrels if not b.built for pile in (b.staged, b.wild)]:
                    for i, c in enumerate(where):
                        hidden.setdefault(c.kind, []).append((where, i))
        for kind, places in hidden.items():
            qualities = [where[i].quality for where, i in places]
            rng.shuffle(qualities)
            for (where, i), q in zip(places, qualities):
                where[i] = ResourceCard(where[i].id, kind, q)
        for pile in g.piles.piles.values():
            rng.shuffle(pile)
        rng.shuffle(g.demand.cards)
        rng.shuffle(g.bills.cards)
        for name in g.rngs:
            g.rngs[name] = random.Random(rng.getrandbits(64))
        g.shared_streams.clear()  # the new streams are this world's alone
        return g
