# The phases call one another through Distilled (game.py) and index optional dicts: mypy (mypyc) takes those as Any.
# mypy: disable-error-code="attr-defined,index"
"""The Distill phase: a commit group of private loadings, then each washback is cut and claimed in turn order.

While the group commits, each player works on a private copy (``work``): ``trade c14 grain``,
``load c14 sugar`` (a card traded in this phase is ``t1``, ``t2``), then ``distill`` or ``skip``.
Nothing reaches the table until the last commit; then, from the first player, each washback gets
its alcohol, is shuffled and cut, and the player claims a recipe (``claim bourbon c7``: the barrel)
when more than one would fit; otherwise the only fit, or Vodka / Moonshine, is claimed for them.
"""

from __future__ import annotations

from .content import BASIC_INGREDIENTS, SLOTS
from .odds import matches
from .sell import Sell

FITS = {"yeast": ("yeast", "alcohol"), "sugar": ("sugar",), "water": ("water", "alcohol")}
"""'Arrange ingredients in your washback slots (yeast, sugar, water) ... Alcohol cards from previous
distillations can go in yeast or water slots.' (book)"""


class Distill(Sell):
    """Washbacks, the cut, recipe matching and the claim."""

    def _start_distill(self) -> None:
        self.phase, self.step = "distill", "distill"
        self.work = {str(p): self.fresh_work(p) for p in range(self.n)}
        self.group = self.order()

    def fresh_work(self, p: int) -> dict:
        """A player's washback before any load or trade: what their pantry and storeroom hold."""
        return {
            "pantry": [f"c{c}" for c in self.pantry[p]],
            "store": [f"c{c}" for c in self.storeroom[p]],
            "slots": {s: [] for s in SLOTS},
            "trades": [],
            "go": False,
        }

    def token_card(self, p: int, tok: str):
        """The card a work token stands for (a traded-in card is a new basic card)."""
        if tok[0] == "t":
            return self.content.cards[self.work[str(p)]["trades"][int(tok[1:]) - 1][1]]
        return self.card(int(tok[1:]))

    def trades_allowed(self, p: int) -> int:
        return self.rules.trades_per_distill + (self.power(p) == "second_trade")

    def _legal_distill(self, p: int) -> list[str]:
        w = self.work[str(p)]
        out, seen = [], set()
        slots = w["slots"]
        has_barrel = any(self.token_card(p, t).kind == "barrel" for t in w["store"])
        if has_barrel and all(slots[s] for s in SLOTS):
            out.append("distill")
        out.append("skip")
        for tok in w["pantry"]:
            card = self.token_card(p, tok)
            if card.name in seen:
                continue
            seen.add(card.name)
            out += [f"load {tok} {s}" for s in SLOTS if card.kind in FITS[s]]
        if len(w["trades"]) < self.trades_allowed(p):
            seen = set()
            for tok in w["pantry"] + w["store"]:
                card = self.token_card(p, tok)
                if card.name in seen or card.kind == "alcohol":
                    continue
                seen.add(card.name)
                out += [f"trade {tok} {b}" for b in BASIC_INGREDIENTS if self.content.cards[b].cost <= card.cost]
        return out

    def _do_distill(self, p: int, words: list[str]) -> None:
        w = self.work[str(p)]
        verb = words[0]
        if verb == "load":
            w["pantry"].remove(words[1])
            w["slots"][words[2]].append(words[1])
            self.emit("load", p, (p,), card=self.token_card(p, words[1]).name, slot=words[2])
            return
        if verb == "trade":
            tok, basic = words[1], words[2]
            where = w["pantry"] if tok in w["pantry"] else w["store"]
            where.remove(tok)
            w["trades"].append([tok, basic])
            w["pantry"].append(f"t{len(w['trades'])}")
            name = self.token_card(p, tok).name if tok[0] == "c" else tok
            self.emit("trade_planned", p, (p,), card=name, basic=basic)
            return
        w["go"] = verb == "distill"
        self.group.remove(p)
        self.emit("washback_committed", p, (p,), distill=w["go"])
        if not self.group:
            self._reveal_washbacks()

    def _reveal_washbacks(self) -> None:
        """The commits become real in turn order: trades, then the loaded washbacks, shown to all."""
        shown = {}
        for p in self.order():
            w = self.work[str(p)]
            real: dict[str, int] = {}
            for i, (tok, basic) in enumerate(w["trades"]):
                cid = int(tok[1:]) if tok[0] == "c" else real[tok]
                (self.pantry[p] if cid in self.pantry[p] else self.storeroom[p]).remove(cid)
                self.out_of_game.append(cid)  # ours: the traded-away card leaves the game
                new = self.new_card(basic)
                real[f"t{i + 1}"] = new
                self.pantry[p].append(new)
                self.emit("trade", p, card=self.cards[cid], basic=basic)
            if w["go"]:
                slots = {s: [real.get(t) if t[0] == "t" else int(t[1:]) for t in w["slots"][s]] for s in SLOTS}
                for ids in slots.values():
                    for cid in ids:  # type: ignore[assignment]  # every trade was made above
                        self.pantry[p].remove(cid)
                shown[str(p)] = slots
        self.work = {}
        named = {p: {s: self.names(v) for s, v in sl.items()} for p, sl in shown.items()}
        self.emit("washbacks_revealed", None, washbacks=named)
        self.queue = [p for p in self.order() if str(p) in shown]
        self.stills = shown
        self._next_still()

    def _next_still(self) -> None:
        while self.queue:
            p = self.queue.pop(0)
            self._run_still(p, self.stills.pop(str(p)))
            if self.claim is not None:
                self.step, self.actor, self.group = "claim", p, []
                return
        self.stills = {}
        self._start_sell()

    def _run_still(self, p: int, slots: dict) -> None:
        """Alcohol, shuffle, cut: 'Add 1 alcohol card per card in the sugar slot. Shuffle ... Remove and reveal ...'."""
        r = self.rules
        alcohol = r.alcohol_per_sugar * len(slots["sugar"]) + self.owns(p, "extra_alcohol")
        stack = slots["yeast"] + slots["sugar"] + slots["water"] + [self.new_card("alcohol") for _ in range(alcohol)]
        self.streams["cut"].shuffle(stack)
        bottom = 0 if self.owns(p, "cut_top_only") else r.cut_bottom  # the column still
        cut_top = min(r.cut_top, len(stack))
        cut_bottom = min(bottom, len(stack) - cut_top)
        cut = stack[:cut_top] + stack[len(stack) - cut_bottom :]
        kept = stack[cut_top : len(stack) - cut_bottom]
        returned = [c for c in cut if self.card(c).signature]
        if self.owns(p, "keep_cut_card"):
            rest = [c for c in cut if c not in returned]
            if rest:
                returned.append(_kept_back(self, rest))
        cut = [c for c in cut if c not in returned]
        kept += returned
        self.pantry[p] += cut
        odds = self.distill_odds(p, slots)
        options = self.claim_options(p, kept)
        fallback = not any(o[0] not in ("vodka", "moonshine") for o in options)
        self.emit(
            "distill",
            p,
            yeast=self.names(slots["yeast"]),
            sugar=self.names(slots["sugar"]),
            water=self.names(slots["water"]),
            alcohol=alcohol,
            cut=self.names(cut),
            returned=self.names(returned),
            stack=self.names(kept),
            odds=odds,
            best_odds=max((v for k, v in odds.items() if k not in ("vodka", "moonshine")), default=0.0),
            fallback=fallback,
        )
        if len(options) == 1:
            self.make_spirit(p, kept, *options[0])
        else:
            self.claim = {"player": p, "stack": kept, "options": [list(o) for o in options]}

    def known_recipes(self, p: int) -> list[str]:
        """Moonshine, Vodka, the signature (until distilled once) and the recipes unlocked by cubes."""
        sig = [] if self.signature_done[p] else [self.content.identities[self.identity[p]]["recipe"]]
        return self.known[p] + sig

    def claim_options(self, p: int, stack: list[int]) -> list[tuple[str, int | None]]:
        """(recipe, barrel) pairs the player may claim: a match they know, a label left and a fitting barrel."""
        cards = [self.card(c) for c in stack]
        barrels: dict[str, tuple[int, bool]] = {}
        for c in self.storeroom[p]:
            card = self.card(c)
            if card.kind == "barrel":
                barrels.setdefault(card.name, (c, card.wood))
        out: list[tuple[str, int | None]] = []
        for recipe in matches(self.content, cards, self.known_recipes(p)):
            if not self.label_left(recipe):
                self.emit("label_unavailable", p, recipe=recipe)
                continue
            aged = self.content.recipes[recipe].aged
            out += [(recipe, c) for c, wood in barrels.values() if wood or not aged]
        if out:
            return out
        fallback = "vodka" if any(c.kind == "sugar" for c in cards) else "moonshine"
        metal: list[int | None] = [c for c, wood in barrels.values() if not wood]
        anyone: list[int | None] = [c for c, _ in barrels.values()]
        return [(fallback, (metal or anyone or [None])[0])]

    def label_left(self, recipe: str) -> bool:
        return self.rules.labels == "unlimited" or self.label_supply.get(recipe, 1) > 0

    def _legal_claim(self, p: int) -> list[str]:
        return [f"claim {r} c{b}" for r, b in self.claim["options"]]

    def _do_claim(self, p: int, words: list[str]) -> None:
        stack = self.claim["stack"]
        self.claim = None
        self.make_spirit(p, stack, words[1], int(words[2][1:]))
        self._next_still()

    def make_spirit(self, p: int, stack: list[int], recipe: str, barrel: int | None) -> None:
        """The spirit: 'Add an appropriate barrel and claim a matching spirit label.' (book)."""
        rec = self.content.recipes[recipe]
        labelled = self.label_left(recipe)
        if labelled and self.rules.labels == "limited" and recipe in self.label_supply:
            self.label_supply[recipe] -= 1
        if barrel is not None:
            self.storeroom[p].remove(barrel)
        if rec.signature_of:
            self.signature_done[p] = True
        sid = f"s{self.next_spirit}"
        self.next_spirit += 1
        self.spirits[sid] = {
            "owner": p,
            "recipe": recipe,
            "cards": stack,
            "barrel": barrel,
            "flavours": [],
            "round": self.round,
            "aged": rec.aged,
            "labelled": labelled,
        }
        self.pending[p].append(sid)
        self.emit(
            "spirit_claimed",
            p,
            spirit=sid,
            recipe=recipe,
            tier=rec.tier,
            aged=rec.aged,
            barrel=None if barrel is None else self.cards[barrel],
            labelled=labelled,
        )

    def distill_odds(self, p: int, slots: dict) -> dict[str, float]:
        """The exact chance of each recipe this player could claim from this washback, before the cut."""
        from .odds import cut_odds

        r = self.rules
        cards = [self.card(c) for ids in slots.values() for c in ids]
        alcohol = r.alcohol_per_sugar * len(slots["sugar"]) + self.owns(p, "extra_alcohol")
        cards += [self.content.cards["alcohol"]] * alcohol
        cut = r.cut_top + (0 if self.owns(p, "cut_top_only") else r.cut_bottom)
        return cut_odds(self.content, cards, cut, self.known_recipes(p), bool(self.owns(p, "keep_cut_card")))


def _kept_back(game: Distill, rest: list[int]) -> int:
    """The cut card a keep_cut_card upgrade keeps: sugar first, then the most SP, then the lowest id.

    A function, not a lambda in the method: mypyc compiles no closures over self in the phases.
    """
    return max(rest, key=lambda c: (game.card(c).kind == "sugar", game.card(c).sp, -c))
