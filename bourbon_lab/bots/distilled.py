"""Distilled's bots: two ways to run a distillery, each seeing only its player's view.

``ager`` (the default ``heuristic``) unlocks a silver recipe of its identity's sugar and a bronze one
for thin washbacks, buys wood barrels, and lets spirits gather flavour cards before selling them late
for the flavour bonus. ``seller`` unlocks a bronze recipe (a silver one too once the bronze labels run
short), distils an unaged spirit every round and sells it at once, chasing money, label bonuses,
premium bottles and the sales awards. Both pick either dealt identity at random, load every card
their recipe does not forbid, so filler cards soak up the cut, and distil once the washback holds one
sugar more than a recipe they can still claim needs (in the last round, whatever they hold).
"""

from __future__ import annotations

from typing import Any

from ..games.distilled.content import content
from .base import Bot, register

GAME = "distilled"
CHEAP = {"tasting": "tasting", "label": "label", "identity": "identity"}
"""Steps told apart by their actions' verb, whose choice reads no view."""
LABEL_ORDER = ("premium", "either", "money", "cube", "truck", "signature")
"""Label-bonus spaces from the most useful to the least, for both bots."""


class Distiller(Bot):
    """The shared play, step by step; subclasses say which tier they aim at and when to sell aged spirits."""

    name = "distiller"
    tier = "bronze"
    tiers: tuple[str, ...] = ("bronze",)
    backup = False
    """Whether to unlock the later tiers at once (a cheap recipe for a thin washback) or only as labels run out."""
    wants_wood = False

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self._plan: list[str] = []

    def choose(self, obs: Any, legal: list) -> Any:
        if len(legal) == 1:
            return legal[0]
        if self._plan:
            step = self._plan.pop(0)
            if step in legal:
                return step
            self._plan = []
        self.obs = obs
        self.me = obs["view"]["player"] if isinstance(obs, dict) else obs.player
        verb = legal[-1].split()[0]
        step = CHEAP.get(verb) or self.v["step"]  # tastings, labels and goals need no view
        pick = getattr(self, "_" + step, None)
        choice = pick(legal) if pick else None
        return choice if choice in legal else legal[0] if step != "market" else "pass"

    @property
    def v(self) -> dict:
        obs = self.obs
        return obs["view"] if isinstance(obs, dict) else obs.view

    # --- what I aim for

    @property
    def sugar(self) -> str:
        ident = self.v["identity"][self.me] or (self.v["me"]["offered"] or ["I01"])[0]
        return content().identities[ident]["sugar"]

    def target(self) -> str | None:
        """The recipe I plan around: the highest tier I know of my sugar that still has a label left."""
        c, known, left = content(), self.v["known"][self.me], self.v["labels_left"]
        mine = [r for r in known if c.recipes[r].sugar == self.sugar and left.get(r, 0) > 0]
        if mine:
            return max(mine, key=lambda r: ("bronze", "silver", "gold").index(c.recipes[r].tier))
        return None

    def wanted_cube(self) -> str | None:
        """The next recipe of my sugar to unlock, my tiers in order (without ``backup``, once the known run short)."""
        c, known, left = content(), self.v["known"][self.me], self.v["labels_left"]
        for tier in self.tiers:
            flight = c.flights[self.v["flight"]]
            mine = [r for r in flight if c.recipes[r].tier == tier and c.recipes[r].sugar == self.sugar]
            new = [r for r in mine if r not in known and left.get(r, 0) > 1]
            if new:
                return new[0]
            if not self.backup and any(left.get(r, 0) > 1 for r in mine if r in known):
                return None
        return None

    def likes_wood(self) -> bool:
        """Whether wood barrels are worth buying: an ager always, anyone once they know an aged recipe."""
        c = content()
        return self.wants_wood or any(c.recipes[r].aged for r in self.v["known"][self.me])

    def forbidden(self) -> set[str]:
        t = self.target()
        return set(content().recipes[t].forbids) if t else set()

    def cards(self, zone: str) -> list[tuple[str, Any]]:
        return [(cid, content().cards[name]) for cid, name in self.v[zone][self.me]]

    # --- steps

    def _identity(self, legal: list) -> str:
        """Either dealt identity, at random: every identity gets played, so its measured SP is its own."""
        return self.rng.choice(sorted(legal))

    def _market(self, legal: list) -> str:
        """The first purchase that the plan still lacks: a cube, a wood barrel, the washback, extras; else pass."""
        for want in (self._buy_cube, self._buy_wood, self._buy_washback, self._buy_extras):
            choice = want(legal)
            if choice:
                return choice
        return "pass"

    def _buy_cube(self, legal: list) -> str | None:
        cube = self.wanted_cube()
        return f"cube {cube}" if cube and f"cube {cube}" in legal and self.v["round"] <= 4 else None

    def _buy_wood(self, legal: list) -> str | None:
        store = self.cards("storeroom")
        if not self.likes_wood() or any(k.wood for _, k in store) or not self.target():
            return None
        return self._best_in_row(legal, "items", lambda k: k.wood)

    def _buy_washback(self, legal: list) -> str | None:
        """One yeast and one water (or alcohol for them) and enough of my sugar for the target after the cut."""
        pantry = self.cards("pantry")
        count = {k: sum(1 for _, card in pantry if card.kind == k) for k in ("alcohol", "yeast", "water")}
        if count["yeast"] + count["alcohol"] < 1 + (count["water"] == 0) and "basic yeast" in legal:
            return "basic yeast"  # it pays its cost back at once
        if count["water"] + max(0, count["alcohol"] - (count["yeast"] == 0)) < 1 and "basic water" in legal:
            return "basic water"
        target = self.target()
        for sugar, need in content().recipes[target].needs if target else ():
            if sugar != self.sugar and sum(1 for _, k in pantry if k.sugar == sugar) < need:
                return self._buy_sugar(legal, sugar)  # gin's plant for a grain distillery
        sugars = sum(1 for _, k in pantry if k.sugar == self.sugar)
        if sugars >= (4 if self.tier == "silver" else 3):
            return None
        return self._buy_sugar(legal, self.sugar)

    def _buy_sugar(self, legal: list, sugar: str) -> str | None:
        basic = f"basic {sugar}"
        return basic if basic in legal else self._best_in_row(legal, "ingredients", lambda k: k.sugar == sugar)

    def _buy_extras(self, legal: list) -> str | None:
        v, me = self.v, self.me
        money = v["money"][me]
        bottles = [k for _, k in self.cards("storeroom") if k.kind == "bottle"]
        if len(bottles) < 2 and money >= 4:
            regions = {content().cards[n].region for n in v["display"][me]}
            bottle = self._best_in_row(legal, "items", lambda k: k.kind == "bottle" and k.region not in regions)
            if bottle:
                return bottle
        if money >= 9 and v["round"] <= 5:
            return self._best_in_row(legal, "upgrades", lambda k: k.upgrade in self.good_upgrades)
        return None

    good_upgrades = ("none", "sale_money", "extra_alcohol", "cut_top_only")
    """Upgrade effects worth buying when rich: SP on the board, money per sale, a stronger still."""

    def _best_in_row(self, legal: list, row: str, test) -> str | None:
        """The best card of ``row`` passing ``test`` that I can buy, the truck included when my power allows."""
        best, key = None, None
        offers = [(f"buy {row} {i + 1}", cell) for i, cell in enumerate(self.v["rows"][row]) if cell is not None]
        offers += [(f"truck {cid}", [cid, name]) for cid, name in self.v["truck"]]
        for a, cell in offers:
            if a not in legal:
                continue
            card = content().cards[cell[1]]
            if test(card):
                k = (card.sp, card.value, -card.cost)
                if key is None or k > key:
                    best, key = a, k
        return best

    def _reveal(self, legal: list) -> str:
        row = "ingredients" if "reveal ingredients" in legal else legal[0].split()[1]
        return f"reveal {row}"

    def _revealed(self, legal: list) -> str:
        card = content().cards[self.v["sub"]["card"][1]]
        good = card.sugar == self.sugar or (card.wood and self.wants_wood) or card.kind == "bottle"
        return "take revealed" if good and "take revealed" in legal else "bottom revealed"

    def _discard_upgrade(self, legal: list) -> str:
        return min(legal, key=lambda a: content().cards[self._name(a.split()[1], "upgrades")].sp)

    def _name(self, cid: str, zone: str) -> str:
        return next(n for c, n in self.v[zone][self.me] if c == cid)

    def _distill(self, legal: list) -> str:
        """Plan the whole loading at once (trade for a missing yeast or water, load, distil) and play it out."""
        w, c = self.v["me"]["work"], content()
        forbidden = self.forbidden()
        plan: list[str] = []
        pantry = [(t, c.cards[self._token_name(w, t)]) for t in w["pantry"]]
        filled = {slot: bool(cards) for slot, cards in w["slots"].items()}
        has = {k: any(card.kind in (k, "alcohol") for _, card in pantry) or filled[k] for k in ("yeast", "water")}
        spare = [t for t, card in pantry if card.sugar in forbidden] + [
            t for t, card in pantry if card.kind == "yeast" and card.cost <= 1
        ]
        n = len(w["trades"])
        for slot in ("yeast", "water"):
            if not has[slot] and spare and any(a.startswith("trade") for a in legal):
                n += 1
                plan.append(f"trade {spare.pop(0)} {slot}")
                pantry.append((f"t{n}", c.cards[slot]))
                break
        alcohol = [t for t, card in pantry if card.kind == "alcohol"]
        for tok, card in pantry:
            if card.kind == "sugar" and card.sugar not in forbidden:
                slot = "sugar"
            elif card.kind in ("yeast", "water"):
                slot = card.kind
            elif card.kind == "alcohol":
                slot = (
                    "water" if not filled["water"] and not has_kind(pantry, "water") and tok == alcohol[0] else "yeast"
                )
                if slot == "yeast" and not filled["yeast"] and has_kind(pantry, "yeast") and tok == alcohol[0]:
                    slot = "water"
            else:
                continue
            filled[slot] = True
            plan.append(f"load {tok} {slot}")
        barrel = any(c.cards[n].kind == "barrel" for _, n in self.v["storeroom"][self.me])
        ready = all(filled.values()) and barrel and self.worth_distilling(pantry, forbidden)
        plan.append("distill" if ready else "skip")
        self._plan = plan[1:]
        return plan[0]

    def worth_distilling(self, pantry: list, forbidden: set[str]) -> bool:
        """Wait until the cheapest recipe I can still make has a spare sugar for the cut, except in the last round."""
        if self.v["round"] >= self.v["rounds"]:
            return True
        c, left = content(), self.v["labels_left"]
        mine = [r for r in self.v["known"][self.me] if c.recipes[r].sugar == self.sugar and left.get(r, 0) > 0]
        if not self.v["signature_done"][self.me]:
            mine.append(c.identities[self.v["identity"][self.me]]["recipe"])
        if not mine:
            return True
        have = {s: sum(1 for _, card in pantry if card.sugar == s) for s in ("grain", "fruit", "plant")}
        return any(self.ready(dict(c.recipes[r].needs), have) for r in mine)

    def ready(self, needs: dict, have: dict) -> bool:
        """Whether the loaded sugars meet ``needs``, with ``spare_sugar`` more of my own sugar for the cut."""
        return all(have[s] >= k + (self.spare_sugar if s == self.sugar else 0) for s, k in needs.items())

    spare_sugar = 1

    def _token_name(self, w: dict, tok: str) -> str:
        if tok[0] == "t":
            return w["trades"][int(tok[1:]) - 1][1]
        return next(n for c, n in self.v["pantry"][self.me] + self.v["storeroom"][self.me] if c == tok)

    def _claim(self, legal: list) -> str:
        c, r = content(), self.v

        def value(a):
            _, recipe, barrel = a.split()
            rec = c.recipes[recipe]
            tier = ("known", "bronze", "silver", "gold", "signature").index(rec.tier)
            b = c.cards[self._name(barrel, "storeroom")]
            return (tier + (2 if rec.aged == self.wants_wood else 0), b.sp + b.value if rec.aged else -b.cost)

        del r
        return max(legal, key=value)

    def _sell(self, legal: list) -> str:
        sells = [a for a in legal if a.startswith("sell")]
        if not sells:
            return "pass"
        fresh = {s["id"] for s in self.v["pending"][self.me]}
        aged = {s["id"]: s["flavours"] for s in self.v["warehouse"][self.me]}
        ok = [a for a in sells if a.split()[1] in fresh or self.sell_aged(aged[a.split()[1]])]
        return self._best_bottle(ok) if ok else "pass"

    def sell_aged(self, flavours: int) -> bool:
        return True

    def _best_bottle(self, sells: list) -> str:
        regions = {content().cards[n].region for n in self.v["display"][self.me]}

        def key(a):
            card = content().cards[self._name(a.split()[2], "storeroom")]
            return (card.region is not None and card.region not in regions, card.sp + card.value)

        return max(sells, key=key)

    def _make_room(self, legal: list) -> str:
        aged = {s["id"]: s["flavours"] for s in self.v["warehouse"][self.me]}
        return self._best_bottle([a for a in legal if aged[a.split()[1]] == max(aged.values())] or legal)

    def _label(self, legal: list) -> str:
        spaces = content().label_spaces
        return min(legal, key=lambda a: LABEL_ORDER.index(spaces[int(a.split()[1]) - 1]))

    def _bonus(self, legal: list) -> str:
        c = content()
        cube = self.wanted_cube()
        if cube and f"take cube {cube}" in legal:
            return f"take cube {cube}"

        def key(a):
            words = a.split()
            if words[1] in ("ingredients", "items", "upgrades"):
                cell = self.v["rows"][words[1]][int(words[2]) - 1]
                card = c.cards[cell[1]]
            elif words[1] == "truck":
                card = c.cards[next(n for cid, n in self.v["truck"] if cid == words[2])]
            elif words[1] == "basic":
                card = c.cards[words[2]]
            else:
                return (0, 0)
            useful = card.sugar == self.sugar or (card.wood and self.wants_wood) or card.kind == "bottle"
            return (useful, card.cost)

        return max(legal, key=key)

    def _give(self, legal: list) -> str:
        c = content()
        names = dict(self.v["pantry"][self.me] + self.v["storeroom"][self.me])
        return min(legal, key=lambda a: (c.cards[names[a.split()[1]]].cost, a))

    def _tasting(self, legal: list) -> str:
        return "tasting 0"

    def _goal(self, legal: list) -> str:
        return min(legal, key=lambda a: (content().goals[a.split()[1]]["sp"], a))


def has_kind(pantry: list, kind: str) -> bool:
    """Whether any (token, card) pair of ``pantry`` is a card of ``kind``."""
    return any(card.kind == kind for _, card in pantry)


class Ager(Distiller):
    """Ages silver spirits in wood for the flavour bonus; sells them once they hold 3 flavour cards, or late."""

    name = "ager"
    tier = "silver"
    tiers: tuple[str, ...] = ("silver", "bronze")
    backup = True
    wants_wood = True

    def sell_aged(self, flavours: int) -> bool:
        return flavours >= 3 or self.v["round"] >= 6


class Seller(Distiller):
    """Distils an unaged bronze spirit every round and sells at once: money, labels, bottles, sales awards."""

    name = "seller"
    tier = "bronze"
    tiers: tuple[str, ...] = ("bronze", "silver")
    wants_wood = False


class Heuristic(Ager):
    """Distilled's default heuristic: the ager."""

    name = "heuristic"


for _cls in (Ager, Seller, Heuristic):
    register(_cls, GAME)
