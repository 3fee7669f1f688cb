# The phases call one another through Distilled (game.py) and index optional dicts: mypy (mypyc) takes those as Any.
# mypy: disable-error-code="attr-defined,index"
"""The Age phase: new aged spirits go to the warehouse, and every spirit there draws a hidden flavour card.

'Warehouse capacity: Maximum 2 spirits aging at once. If full and you must age a new spirit, sell
one from warehouse first.' (book) That sale is an ordinary sale (``sell s3 c9``) at step
``make_room``; with no bottle to sell it in, or under ``full_warehouse: discard_new``, the new
spirit is lost.
"""

from __future__ import annotations

from .round_end import RoundEnd


class Age(RoundEnd):
    """Warehouse spaces, the forced sale and the flavour draw, player by player in turn order."""

    def _start_age(self) -> None:
        self.phase, self.group = "age", []
        self.queue = self.order()
        self._next_ager()

    def _next_ager(self) -> None:
        while self.queue:
            p = self.queue[0]
            if not self._age_player(p, resume=False):
                return
        self._end_round()

    def warehouse_size(self, p: int) -> int:
        return self.rules.warehouse_spaces + self.owns(p, "warehouse_space")

    def lose_spirit(self, p: int, sid: str, why: str) -> None:
        """A spirit that can be neither sold nor aged leaves the game (ours), but not its starting barrel.

        'Return starting items to storeroom' (book, at a sale): a metal barrel goes back to the storeroom,
        as it would after a sale; its flavour cards (if any) go to the discards.
        """
        self.pending[p].remove(sid)
        lost = self.spirits.pop(sid)
        barrel = lost["barrel"]
        kept = barrel is not None and not self.card(barrel).wood
        if kept:
            self.storeroom[p].append(barrel)
        self.out_of_game += lost["cards"] + ([barrel] if barrel is not None and not kept else [])
        if lost["labelled"]:
            self.labels_out_of_game.append(lost["recipe"])
        self.flavour_discard += lost["flavours"]
        self.emit("spirit_lost", p, spirit=sid, recipe=lost["recipe"], why=why, barrel_kept=kept)

    def _age_player(self, p: int, resume: bool = True) -> bool:
        """Age ``p``'s new spirits; False when a forced sale needs a choice first."""
        new = [s for s in self.pending[p] if self.spirits[s]["aged"]]
        for sid in new:
            if len(self.warehouse[p]) >= self.warehouse_size(p):
                old = [s for s in self.warehouse[p] if s not in new]
                if self.rules.full_warehouse == "sell_first" and old and self.bottles(p):
                    self.step, self.actor = "make_room", p
                    self.emit("forced_sale", p, spirit=sid)
                    return False
                self.lose_spirit(p, sid, "warehouse full")
                continue
            self.pending[p].remove(sid)
            self.warehouse[p].append(sid)
            self.emit("spirit_aged", p, spirit=sid, recipe=self.spirits[sid]["recipe"], new=True)
        for sid in self.warehouse[p]:
            self.draw_flavour(p, sid)
        self.queue.pop(0)
        if resume:
            self._next_ager()
        return True

    def _legal_make_room(self, p: int) -> list[str]:
        bottles = self.bottles(p)
        return [f"sell {s} c{b}" for s in self.warehouse[p] for b in bottles]

    def _do_make_room(self, p: int, words: list[str]) -> None:
        self.sale(p, words[1], int(words[2][1:]))

    def draw_flavour(self, p: int, sid: str) -> None:
        """'Draw 1 face-down flavor card to the bottom of the stack' (book): nobody sees it, the owner included."""
        if not self.flavour_deck:
            self.flavour_deck, self.flavour_discard = self.flavour_discard, []
            self.streams["flavour"].shuffle(self.flavour_deck)
        if not self.flavour_deck:
            self.emit("flavour_deck_empty", p, spirit=sid)
            return
        card = self.flavour_deck.pop()
        self.spirits[sid]["flavours"].append(card)
        self.emit("flavour_drawn", p, (), spirit=sid, flavour=card)
        self.emit("flavour_added", p, spirit=sid, flavours=len(self.spirits[sid]["flavours"]))
