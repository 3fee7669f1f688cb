# The phases call one another through Distilled (game.py) and index optional dicts: mypy (mypyc) takes those as Any.
# mypy: disable-error-code="attr-defined,index"
"""The Sell phase and every sale: money and SP from the spirit, its label on a bonus space, the bonus.

``sell s3 c9`` (the spirit, a bottle from the storeroom), then ``label 4`` (an empty label-bonus
space), then the bonus's own choice (``take items 2``, ``take basic grain``, ``take cube gin``,
``give c12`` and ``take truck c41``). A sale in the Age phase (a full warehouse) goes the same way.
"""

from __future__ import annotations

from .age import Age
from .content import BASIC_INGREDIENTS, BASIC_ITEMS, ROWS


class Sell(Age):
    """Selling spirits, in turn order, one per turn, until everyone has passed."""

    def _start_sell(self) -> None:
        self.phase, self.step, self.group = "sell", "sell", []
        self.passed = [False] * self.n
        self._next_seller(self.first, include=True)

    def sellable(self, p: int) -> list[str]:
        """Unaged spirits distilled this round and spirits that have aged at least a round (book).

        A spirit that has aged a round holds a flavour card, unless the flavour deck and its discards were
        empty; then ``empty_flavour_supply`` (ours) says whether the round it aged still counts.
        """
        fresh = [s for s in self.pending[p] if not self.spirits[s]["aged"]]
        by_round = self.rules.empty_flavour_supply == "aged"
        return fresh + [
            s
            for s in self.warehouse[p]
            if self.spirits[s]["flavours"] or (by_round and self.spirits[s]["round"] < self.round)
        ]

    def bottles(self, p: int) -> list[int]:
        seen, out = set(), []
        for c in self.storeroom[p]:
            card = self.card(c)
            if card.kind == "bottle" and card.name not in seen:
                seen.add(card.name)
                out.append(c)
        return out

    def must_sell(self, p: int) -> bool:
        """'Non-aged spirits (Moonshine, Vodka) must be sold immediately' (book), when a bottle allows it."""
        return bool(self.bottles(p)) and any(not self.spirits[s]["aged"] for s in self.pending[p])

    def _next_seller(self, start: int, include: bool = False) -> None:
        for i in range(0 if include else 1, self.n + 1):
            q = (start + i) % self.n
            if self.passed[q]:
                continue
            if not (self.sellable(q) and self.bottles(q)):
                self.passed[q] = True  # nothing to sell: passes without a decision
                continue
            self.actor, self.step = q, "sell"
            return
        self._end_sell()

    def _legal_sell(self, p: int) -> list[str]:
        out = [] if self.must_sell(p) else ["pass"]
        bottles = self.bottles(p)
        return out + [f"sell {s} c{b}" for s in self.sellable(p) for b in bottles]

    def _do_sell(self, p: int, words: list[str]) -> None:
        if words[0] == "pass":
            self.passed[p] = True
            self.emit("pass", p)
            self._next_seller(p)
            return
        self.sale(p, words[1], int(words[2][1:]))

    def _end_sell(self) -> None:
        """An unaged spirit that could not be sold (no bottle) is lost (ours)."""
        for p in self.order():
            for s in [s for s in self.pending[p] if not self.spirits[s]["aged"]]:
                self.lose_spirit(p, s, "no bottle")
        self._start_age()

    # --- one sale

    def sale(self, p: int, sid: str, bottle: int) -> None:
        """Sell a spirit: money from every card, SP from cards, recipe and flavour (book, Sell Phase 1-5).

        'Collect money equal to total sell value on all cards. Score SP from cards + recipe + aged spirit
        flavour bonus (if aged).' (book)
        """
        c = self.content
        spirit = self.spirits.pop(sid)
        (self.pending[p] if sid in self.pending[p] else self.warehouse[p]).remove(sid)
        self.storeroom[p].remove(bottle)
        recipe = c.recipes[spirit["recipe"]]
        items = spirit["cards"] + ([spirit["barrel"]] if spirit["barrel"] is not None else []) + [bottle]
        flavours = [c.flavours[f] for f in spirit["flavours"]]
        money = sum(self.card(x).value for x in items) + sum(m for m, _ in flavours) + self.owns(p, "sale_money")
        if self.house is not None:
            money = int(self.house.quantity(self, "sale_value", money, player=p, spirit=sid, recipe=spirit["recipe"]))
        card_sp = sum(self.card(x).sp for x in items)
        recipe_sp = self.recipe_sp(spirit["recipe"])
        flavour_sp = (self.flavour_bonus(len(flavours)) if recipe.aged else 0) + sum(s for _, s in flavours)
        self.gain(p, money, "sale")
        self.score(p, card_sp, "sale_cards")
        self.score(p, recipe_sp, "sale_recipe")
        self.score(p, flavour_sp, "sale_flavour")
        self.flavour_discard += spirit["flavours"]
        self.out_of_game += spirit["cards"]  # ours: a sold spirit's stack leaves the game
        barrel = spirit["barrel"]
        if barrel is not None and not self.card(barrel).wood:
            self.storeroom[p].append(barrel)  # 'Return starting items to storeroom'
        elif barrel is not None:
            self.out_of_game.append(barrel)  # a wood barrel is spent
        if self.card(bottle).premium:
            self.display[p].append(bottle)  # 'display premium bottles for collection'
        else:
            self.storeroom[p].append(bottle)
        self.sold_this_round[p] = True
        record = {
            "recipe": spirit["recipe"],
            "tier": recipe.tier if not recipe.signature_of else "signature",
            "sugar": recipe.sugar,
            "aged": recipe.aged,
            "flavours": len(flavours),
            "money": money,
            "sp": card_sp + recipe_sp + flavour_sp,
            "premium": sum(1 for x in spirit["cards"] if self.card(x).premium and self.card(x).kind == "sugar"),
            "wood": barrel is not None and self.card(barrel).wood,
            "round": self.round,
        }
        self.sales[p].append(record)
        self.emit(
            "spirit_sold",
            p,
            spirit=sid,
            card_sp=card_sp,
            recipe_sp=recipe_sp,
            flavour_sp=flavour_sp,
            bottle=self.cards[bottle],
            **record,
        )
        empty = [i for i, s in enumerate(self.spaces[p]) if s is None]
        if spirit["labelled"] and empty:
            self.sub = {"step": "label", "player": p, "recipe": spirit["recipe"], "resume": self.phase}
            self.step, self.actor = "label", p
            return
        if spirit["labelled"]:
            self.labels_out_of_game.append(spirit["recipe"])  # every label space is full (ours)
        self.after_sale(p)

    def recipe_sp(self, name: str) -> int:
        r = self.content.recipes[name]
        if r.signature_of:
            return self.rules.signature_sp_aged if r.aged else self.rules.signature_sp
        return self.rules.recipe_sp[name if r.tier == "known" else r.tier]

    def flavour_bonus(self, k: int) -> int:
        """'1 flavor = 1 SP, 2 = 3 SP, 3 = 6 SP, 4 = 10 SP' (book); beyond the table, the variant."""
        table = self.rules.flavour_bonus
        if k <= 0:
            return 0
        if k <= len(table):
            return table[k - 1]
        value = (
            table[-1]
            if self.rules.flavour_bonus_beyond_table == "cap"
            else table[-1] + sum(range(len(table) + 1, k + 1))
        )
        if self.house is not None:
            value = int(self.house.quantity(self, "flavour_bonus", value, flavours=k))
        return value

    # --- the label and its bonus

    def _legal_label(self, p: int) -> list[str]:
        return [f"label {i + 1}" for i, s in enumerate(self.spaces[p]) if s is None]

    def _do_label(self, p: int, words: list[str]) -> None:
        i = int(words[1]) - 1
        self.spaces[p][i] = self.sub["recipe"]
        bonus = self.content.label_spaces[i]
        self.emit("label_placed", p, space=i + 1, bonus=bonus, recipe=self.sub["recipe"])
        self.sub = {"step": "bonus", "player": p, "bonus": bonus, "resume": self.sub["resume"]}
        if bonus == "money":
            self.gain(p, self.rules.label_money, "label")
            self.after_bonus(p)
        elif bonus == "signature":
            self._signature_bonus(p)
            self.after_bonus(p)
        elif bonus == "truck" and self.rules.truck_bonus == "swap" and self.truck:
            self.step = "give" if self.pantry[p] or self.storeroom[p] else "bonus"
        elif not self._legal_bonus(p):
            self.after_bonus(p)
        else:
            self.step = "bonus"

    def _signature_bonus(self, p: int) -> None:
        """'Claim signature ingredient' (book); no effect while you hold it (ours)."""
        name = self.content.identities[self.identity[p]]["signature_ingredient"]
        if any(self.cards[c] == name for c in self.pantry[p]):
            self.emit("label_bonus", p, bonus="signature", card=None)
            return
        self.pantry[p].append(self.new_card(name))
        self.emit("label_bonus", p, bonus="signature", card=name)

    def _legal_bonus(self, p: int) -> list[str]:
        bonus = self.sub["bonus"]
        out = []
        if bonus in ("premium", "either"):
            out += [f"take {row} {i + 1}" for row in ROWS for i, c in enumerate(self.rows[row]) if c is not None]
        if bonus == "either":
            out += [f"take basic {b}" for b in BASIC_INGREDIENTS + BASIC_ITEMS if self.basic_available(b)]
        if bonus == "cube":
            out += [f"take cube {r}" for r in self.unlockable(p)]
        if bonus == "truck":
            seen = set()
            for c in self.truck:
                if self.cards[c] not in seen:
                    seen.add(self.cards[c])
                    out.append(f"take truck c{c}")
        return out

    def _legal_give(self, p: int) -> list[str]:
        seen, out = set(), []
        for c in self.pantry[p] + self.storeroom[p]:
            if self.cards[c] not in seen:
                seen.add(self.cards[c])
                out.append(f"give c{c}")
        return out

    def _do_give(self, p: int, words: list[str]) -> None:
        """'Discard to respective piles, take any card from truck' (book), read as a swap (variant).

        The card given goes back to its own pile: a bought metal barrel or glass bottle to its basic pile (a
        finite pile counts it again), a premium card to the bottom of its deck. A starting item is not the
        basic pile's ('10 starting item cards', apart from the '88 basic market' cards, book): it goes back
        to the box with the starting items no seat took (ours), out of the game. Basic ingredients, alcohol and
        signature ingredients go back to their unlimited supply.
        """
        cid = int(words[1][1:])
        (self.pantry[p] if cid in self.pantry[p] else self.storeroom[p]).remove(cid)
        card = self.card(cid)
        if cid in self.starting_items():
            self.out_of_game.append(cid)
        elif card.name in BASIC_ITEMS:
            if self.rules.basic_items == "finite":
                self.basic_stock[card.name] += 1
        elif card.row is not None:
            self.decks[card.row].insert(0, cid)
        self.emit("label_bonus", p, bonus="truck_give", card=self.cards[cid])
        self.step = "bonus"

    def _do_bonus(self, p: int, words: list[str]) -> None:
        what = words[1]
        self.emit("label_bonus", p, bonus=self.sub["bonus"], card=" ".join(words[1:]))
        if what in ROWS:
            self.take_premium(p, what, int(words[2]), paid=False)
        elif what == "basic":
            self.buy_basic(p, words[2], free=True)
        elif what == "cube":
            self.unlock(p, words[2], 0, "label")
        else:
            cid = int(words[2][1:])
            self.truck.remove(cid)
            self.receive(p, cid)
        if self.step != "discard_upgrade":
            self.after_bonus(p)

    def after_bonus(self, p: int) -> None:
        resume = self.sub["resume"] if self.sub else self.phase
        self.sub = None
        self.step = resume
        self.after_sale(p)

    def after_sale(self, p: int) -> None:
        """The turn passes on (Sell phase) or the player's ageing goes on (a sale that made room)."""
        if self.phase == "sell":
            self.step = "sell"
            self._next_seller(p)
        else:
            self._age_player(p)
