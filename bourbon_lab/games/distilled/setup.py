# The phases call one another through Distilled (game.py) and index optional dicts: mypy (mypyc) takes those as Any.
# mypy: disable-error-code="attr-defined,index"
"""Setup (book steps 1-13): the market, the decks, awards, goals, starting items and the identity pick.

The identity pick is a commit group: each player chooses one of the identities dealt to them at
the same time, and the choices stay hidden until the last one is in.
"""

from __future__ import annotations

from .content import BASIC_ITEMS, ROWS
from .market import Market


class Setup(Market):
    """Dealing a table and the simultaneous identity choice."""

    def _deal(self) -> None:
        r, c, deal = self.rules, self.content, self.streams["deal"]
        self.basic_stock = {k: r.basic_item_copies for k in BASIC_ITEMS}
        for row in ROWS:
            deck = [self.new_card(name) for name in c.decks[row]]
            deal.shuffle(deck)
            self.decks[row] = deck
            self.rows[row] = [deck.pop() if deck else None for _ in range(r.premium_row_size)]
        flight = c.flights[r.flight]
        self.label_supply = {"moonshine": 2 * self.n, "vodka": 2 * self.n, **{s: self.n for s in flight}}
        self.cube_supply = dict(r.cube_supply)
        self.flavour_deck = list(c.flavour_deck)
        deal.shuffle(self.flavour_deck)
        awards = sorted(c.awards)
        deal.shuffle(awards)
        self.awards = sorted(awards[: min(len(awards), self.n + r.awards_extra)])
        goals = sorted(c.goals)
        deal.shuffle(goals)
        for p in range(self.n):
            self.goals[p] = sorted(goals[: r.goals_dealt])
            goals = goals[r.goals_dealt :]
            self.storeroom[p] = [self.new_card("metal_barrel"), self.new_card("glass_bottle")]
        self.goal_deck = goals
        idents = list(c.identity_flights[r.flight])
        deal.shuffle(idents)
        for p in range(self.n):
            self.offered[p] = sorted(idents[: r.identities_dealt])
            idents = idents[r.identities_dealt :]
        self.identity_deck = idents
        self.first = deal.below(self.n)
        self.emit("setup", None, first=self.first, awards=list(self.awards), flight=r.flight)
        for p in range(self.n):
            self.emit("goals_dealt", p, (p,), goals=list(self.goals[p]))
            self.emit("identities_dealt", p, (p,), identities=list(self.offered[p]))
        self.phase, self.step, self.group = "setup", "identity", self.order()

    def _legal_identity(self, p: int) -> list[str]:
        return [] if str(p) in self.choices else [f"identity {i}" for i in self.offered[p]]

    def _do_identity(self, p: int, words: list[str]) -> None:
        self.choices[str(p)] = words[1]
        self.group.remove(p)
        self.emit("identity_chosen", p, (p,), identity=words[1])
        if not self.group:
            self._reveal_identities()

    def _reveal_identities(self) -> None:
        c, chosen = self.content, self.choices
        self.choices = {}
        self.emit("identities_revealed", None, identities=[chosen[str(p)] for p in range(self.n)])
        for p in range(self.n):
            ident = c.identities[chosen[str(p)]]
            self.identity[p] = chosen[str(p)]
            self.gain(p, ident["money"], "identity")
            self.pantry[p] += [self.new_card(k) for k in ident["cards"] if k not in BASIC_ITEMS]
            self.storeroom[p] += [self.new_card(k) for k in ident["cards"] if k in BASIC_ITEMS]
            self.pantry[p].append(self.new_card(ident["signature_ingredient"]))
        self._start_round()
