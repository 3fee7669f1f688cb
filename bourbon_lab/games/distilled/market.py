# The phases call one another through Distilled (game.py) and index optional dicts: mypy (mypyc) takes those as Any.
# mypy: disable-error-code="attr-defined,index"
"""The start of a round and the Market phase: one purchase at a time, clockwise, until all have passed.

Actions: ``cube gin``, ``basic grain``, ``buy items 3`` (slot 1 is the leftmost), ``truck c41`` (the
truck-buyer identity), ``pass``; sub-steps ``reveal upgrades`` -> ``take revealed`` / ``bottom revealed``
after a basic water, and ``discard c12`` when a board would hold too many upgrades.
"""

from __future__ import annotations

from .content import BASIC_INGREDIENTS, BASIC_ITEMS, ROWS
from .distill import Distill


class Market(Distill):
    """Buying cubes, basic and premium cards; the rows slide to the truck at the end."""

    # --- start of round

    def _start_round(self) -> None:
        self.round += 1
        self.phase = "market"
        self.passed = [False] * self.n
        self.basic_buys = [0] * self.n
        self.sold_this_round = [False] * self.n
        self.emit("round_start", None, first=self.first, order=self.order())
        for p in self.order():
            self._powers(p)
        self.step, self.actor, self.group = "market", self.first, []

    def _powers(self, p: int) -> None:
        """Start-of-round powers (book: 'preceded by resolving any start-of-round powers'); none needs a choice."""
        power = self.power(p)
        if power == "money":
            self.gain(p, 1, "power")
        elif power == "free_sugar" and self.round % self.rules.free_sugar_every == 0:
            sugar = self.content.identities[self.identity[p]]["sugar"]
            self.pantry[p].append(self.new_card(sugar))
            self.emit("power", p, power=power, card=sugar)
        elif power == "flavour_peek" and self.flavour_deck:
            top = self.flavour_deck[-1]
            money, sp = self.content.flavours[top]
            bottom = money + sp < 1
            if bottom:
                self.flavour_deck.insert(0, self.flavour_deck.pop())
            self.emit("flavour_peek", p, (p,), flavour=top, bottomed=bottom)
        for _ in range(self.owns(p, "free_grain")):
            self.pantry[p].append(self.new_card("grain"))
            self.emit("power", p, power="silo", card="grain")

    # --- prices and limits

    def basic_limit(self, p: int) -> int:
        return self.rules.basic_buys_per_round + (self.power(p) == "basic_buy") + self.owns(p, "basic_buy")

    def price(self, p: int, cid: int) -> int:
        card = self.card(cid)
        return max(0, card.cost - self.owns(p, "cheap_wood")) if card.wood else card.cost

    def cube_left(self, recipe: str) -> bool:
        return self.rules.cubes == "unlimited" or self.cube_supply[self.content.recipes[recipe].tier] > 0

    def unlockable(self, p: int) -> list[str]:
        return [r for r in self.content.flights[self.rules.flight] if r not in self.known[p] and self.cube_left(r)]

    # --- legal actions

    def _legal_market(self, p: int) -> list[str]:
        out = ["pass"]
        money, costs = self.money[p], self.rules.cube_cost
        out += [f"cube {r}" for r in self.unlockable(p) if costs[self.content.recipes[r].tier] <= money]
        if self.basic_buys[p] < self.basic_limit(p):
            for name in BASIC_INGREDIENTS + BASIC_ITEMS:
                if self.content.cards[name].cost <= money and self.basic_available(name):
                    out.append(f"basic {name}")
        for row in ROWS:
            for i, cid in enumerate(self.rows[row]):
                if cid is not None and self.price(p, cid) <= money:
                    out.append(f"buy {row} {i + 1}")
        if self.power(p) == "truck_buy":
            off = self.rules.truck_buy_discount
            seen = set()
            for cid in self.truck:
                if self.cards[cid] not in seen and max(0, self.price(p, cid) - off) <= money:
                    seen.add(self.cards[cid])
                    out.append(f"truck c{cid}")
        return out

    def basic_available(self, name: str) -> bool:
        return name not in BASIC_ITEMS or self.rules.basic_items == "unlimited" or self.basic_stock[name] > 0

    def _legal_reveal(self, p: int) -> list[str]:
        return [f"reveal {row}" for row in ROWS if self.decks[row]] or ["reveal none"]

    def _legal_revealed(self, p: int) -> list[str]:
        cid = self.sub["card"]
        return (["take revealed"] if self.price(p, cid) <= self.money[p] else []) + ["bottom revealed"]

    def _legal_discard_upgrade(self, p: int) -> list[str]:
        return [f"discard c{c}" for c in self.upgrades[p]]

    # --- doing

    def _do_market(self, p: int, words: list[str]) -> None:
        verb = words[0]
        if verb == "pass":
            self.passed[p] = True
            self.emit("pass", p)
        elif verb == "cube":
            self.unlock(p, words[1], self.rules.cube_cost[self.content.recipes[words[1]].tier], "cube")
        elif verb == "basic":
            self.buy_basic(p, words[1])
            if words[1] == "water" and any(self.decks[r] for r in ROWS):
                self.sub = {"step": "reveal", "player": p}
                self.step = "reveal"
                return
        elif verb == "buy":
            self.take_premium(p, words[1], int(words[2]), paid=True)
        elif verb == "truck":
            cid = int(words[1][1:])
            self.truck.remove(cid)
            self.pay(p, max(0, self.price(p, cid) - self.rules.truck_buy_discount), "truck")
            self.emit("purchase", p, row="truck", slot=None, card=self.cards[cid], cost=self.card(cid).cost)
            self.receive(p, cid)
        self.end_purchase(p)

    def unlock(self, p: int, recipe: str, cost: int, source: str) -> None:
        tier = self.content.recipes[recipe].tier
        self.pay(p, cost, source)
        if self.rules.cubes == "finite":
            self.cube_supply[tier] -= 1
        self.known[p].append(recipe)
        self.emit("cube", p, recipe=recipe, tier=tier, cost=cost, source=source)

    def buy_basic(self, p: int, name: str, free: bool = False) -> None:
        card = self.content.cards[name]
        if not free:
            self.pay(p, card.cost, "basic")
            self.basic_buys[p] += 1
        if name in BASIC_ITEMS and self.rules.basic_items == "finite":
            self.basic_stock[name] -= 1
        self.emit("purchase", p, row="basic", slot=None, card=name, cost=0 if free else card.cost)
        self.receive(p, self.new_card(name))
        if name == "yeast" and not free:
            self.gain(p, self.rules.yeast_money, "yeast")

    def take_premium(self, p: int, row: str, slot: int, paid: bool) -> None:
        cards = self.rows[row]
        cid = cards[slot - 1]
        cost = self.price(p, cid) if paid else 0  # type: ignore[arg-type]  # a legal slot holds a card
        self.pay(p, cost, "premium")
        deck = self.decks[row]
        self.rows[row] = [deck.pop() if deck else None] + cards[: slot - 1] + cards[slot:]
        self.emit("purchase", p, row=row, slot=slot, card=self.cards[cid], cost=cost)  # type: ignore[index]
        self.receive(p, cid)  # type: ignore[arg-type]

    def receive(self, p: int, cid: int) -> None:
        """A card goes where it belongs: ingredients to the pantry, items to the storeroom, upgrades to the board."""
        kind = self.card(cid).kind
        if kind == "upgrade":
            self.upgrades[p].append(cid)
            if len(self.upgrades[p]) > self.rules.max_upgrades:
                self.sub = {"step": "discard_upgrade", "player": p, "resume": self.step}
                self.step = "discard_upgrade"
        elif kind in ("barrel", "bottle"):
            self.storeroom[p].append(cid)
        else:
            self.pantry[p].append(cid)

    def _do_reveal(self, p: int, words: list[str]) -> None:
        row = words[1]
        if row == "none":
            self.sub = None
            self.step = "market"
            self.end_purchase(p)
            return
        cid = self.decks[row].pop()
        self.emit("water_reveal", p, row=row, card=self.cards[cid])
        self.sub = {"step": "revealed", "player": p, "row": row, "card": cid}
        self.step = "revealed"

    def _do_revealed(self, p: int, words: list[str]) -> None:
        cid, row = self.sub["card"], self.sub["row"]
        self.sub, self.step = None, "market"
        if words[0] == "take":
            self.pay(p, self.price(p, cid), "premium")
            self.emit("purchase", p, row=row, slot=0, card=self.cards[cid], cost=self.price(p, cid))
            self.receive(p, cid)
            # A 4th upgrade opens its discard sub-step. Test the step, not self.sub: mypy (so mypyc) takes
            # self.sub as None after the assignment above and a truthiness test on it raised TypeError compiled.
            if self.step == "discard_upgrade":
                return
        else:
            self.decks[row].insert(0, cid)
            self.emit("bottomed", p, row=row, card=self.cards[cid])
        self.end_purchase(p)

    def _do_discard_upgrade(self, p: int, words: list[str]) -> None:
        cid = int(words[1][1:])
        self.upgrades[p].remove(cid)
        self.out_of_game.append(cid)  # ours: 'may discard old ones' names no place
        self.emit("upgrade_discarded", p, card=self.cards[cid])
        resume = self.sub["resume"]
        self.sub, self.step = None, resume
        if resume == "market":
            self.end_purchase(p)
        else:
            self.after_bonus(p)

    def end_purchase(self, p: int) -> None:
        """One card or cube a turn: the next player who has not passed buys next."""
        if self.sub:
            return
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if not self.passed[q]:
                self.actor = q
                return
        self._end_market()

    def _end_market(self) -> None:
        """The truck: 'After all pass, discard the rightmost card from each premium row to the truck ...'."""
        k = self.rules.truck_discards_2p if self.n == 2 else self.rules.truck_discards
        for row in ROWS:
            cards, deck = self.rows[row], self.decks[row]
            size = len(cards)
            m = min(k, size)  # more rightmost cards than the row holds: the whole row goes
            gone = [c for c in cards[size - m :] if c is not None]
            self.truck += gone
            kept = cards[: size - m]
            self.rows[row] = [deck.pop() if deck else None for _ in range(size - len(kept))][::-1] + kept
            if gone:
                self.emit("to_truck", None, row=row, cards=self.names(gone))
        self._start_distill()
