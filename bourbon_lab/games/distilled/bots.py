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

from ...core.bots import Bot, book_actions, register
from .content import content

GAME = "distilled"
STRONGEST = "seller"
"""The strongest bot, as measured (``bl.postgame`` asks it by default): the ``seller`` wins 37.8 % of its
seats in mixed tables, the ``ager`` 12.6 % (docs/games/distilled-rules-decisions.md)."""
CHEAP = {"tasting": "tasting", "label": "label", "identity": "identity"}
"""Steps told apart by their actions' verb, whose choice reads no view."""
LABEL_ORDER = ("premium", "either", "money", "cube", "truck", "signature")
"""Label-bonus spaces from the most useful to the least, for both bots."""
MAX_UPGRADES = 3
"""'Max 3 on your board; may discard old ones' (book): the view does not carry the ruleset."""
EFFECT_SP = {
    "warehouse_space": 0.1,
    "cut_top_only": 0.5,
    "basic_buy": 0.2,
    "cheap_wood": 0.0,
    "tasting_plus": 0.1,
    "sale_money": 0.3,
    "keep_cut_card": 0.4,
    "free_grain": 0.1,
    "extra_alcohol": 0.3,
    "none": 0.0,
}
"""What an upgrade's effect is worth a round, in SP, to a distillery it does not suit better (see ``effect_sp``)."""
SUGARS = ("grain", "fruit", "plant")
CUBE_COST = {"bronze": 2, "silver": 4, "gold": 6}
"""A recipe cube's price by tier (ruleset.yaml ``cube_cost``; the view does not carry the ruleset)."""


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

    def forget(self) -> None:
        self._plan = []

    def choose(self, obs: Any, legal: list) -> Any:
        known = book_actions(legal)  # a house rule's new action means nothing to the book's play
        if len(known) <= 1:
            return (known or legal)[0]
        legal = known
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

    def open_award(self, measure: str, at_least: int = 0) -> int:
        """The SP of the unclaimed awards in play that count ``measure`` from ``at_least`` up (0: none).

        'Spirit awards: Bonus SP for meeting objectives (first to fulfill scores full ...)' (book).
        """
        c, sp = content(), 0
        for award, won in self.v["awards"].items():
            spec = c.awards[award]
            if won is None and spec["measure"] == measure and spec["at_least"] >= at_least:
                sp += spec["sp"]
        return sp

    def gold_goal(self) -> bool:
        """Whether 'Most gold labels' is among my goals: mine alone to win while nobody else distils gold."""
        goals = content().goals
        return any(goals[g]["measure"] == "gold_labels" for g in self.v["me"]["goals"])

    def gold_pays(self) -> bool:
        """Whether a gold spirit earns more than its label: 'Sell a gold spirit' unclaimed, or my gold-label goal."""
        return self.gold_goal() or self.open_award("gold_sold") > 0

    def wanted_cube(self, gold: bool = True) -> str | None:
        """The next recipe of my sugar to unlock, my tiers in order (without ``backup``, once the known run short).

        Gold comes before bronze when a gold spirit earns an award or a goal (``gold_pays``); ``gold=False``
        leaves gold out (while a gold cube is not yet worth buying, see ``_buy_cube``).
        """
        c, known, left = content(), self.v["known"][self.me], self.v["labels_left"]
        tiers = self.tiers if gold else tuple(t for t in self.tiers if t != "gold")
        if "gold" in tiers and self.gold_pays():
            tiers = tuple(t for t in tiers if t != "bronze") + ("bronze",)
        for tier in tiers:
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
        if not cube or f"cube {cube}" not in legal or self.v["round"] > 4:
            return None
        if content().recipes[cube].tier == "gold":
            # 'Gold recipe cube – Unlocks gold-tier spirits' (book): 3 of my sugar after the cut, the others
            # forbidden; worth its price only with the sugars nearly at hand and a barrel to age it in.
            sugars = sum(1 for _, k in self.cards("pantry") if k.sugar == self.sugar)
            short = self.gold_sugars - (1 if self.gold_goal() else 0) - sugars
            if short > 0 or not any(k.kind == "barrel" for _, k in self.cards("storeroom")):
                # Not yet: the cheaper cube that would have come first (bronze, a recipe for a thin washback).
                cube = self.wanted_cube(gold=False)
                return f"cube {cube}" if cube and f"cube {cube}" in legal else None
        return f"cube {cube}"

    gold_sugars = 3
    """My sugar cards in the pantry before a gold cube is worth buying (gold needs 3 after the cut); one fewer
    when a gold spirit earns an award or a goal (a basic sugar costs far less than the award)."""

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
        if sugars >= self.sugar_goal(target):
            return None
        return self._buy_sugar(legal, self.sugar)

    def sugar_goal(self, target: str | None) -> int:
        """My sugar cards to hold for the target: its need and a spare for the cut, one more up to silver's 4."""
        need = dict(content().recipes[target].needs).get(self.sugar, 0) if target else 0
        return max(4 if self.tier == "silver" else 3, need + 1)

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
        return self._buy_upgrade(legal) or self._buy_award_cube(legal)

    def _buy_award_cube(self, legal: list) -> str | None:
        """The cheapest cube (mine first) when an unclaimed recipe award in play is within three cubes and worth it.

        'Spirit awards: Bonus SP for meeting objectives (first to fulfill scores full ...)' (book): the
        award's SP must beat what the cubes still missing cost me in money, half as much again for the
        chance that another distillery claims it first.
        """
        v, c = self.v, content()
        known = len(v["known"][self.me])

        def cost(a: str) -> tuple[int, bool, str]:
            recipe = c.recipes[a.split()[1]]
            return (CUBE_COST[recipe.tier], recipe.sugar != self.sugar, a)

        cubes = sorted((a for a in legal if a.startswith("cube ")), key=cost)
        reserve = self.reserve if v["round"] < v["rounds"] else 0  # no sugar to buy after the last market
        if not cubes or v["money"][self.me] < cost(cubes[0])[0] + reserve:
            return None
        for award, won in sorted(v["awards"].items()):
            spec = c.awards[award]
            missing = spec["at_least"] - known
            if won is None and spec["measure"] == "recipes_unlocked" and 0 < missing <= 3:
                price = missing * cost(cubes[0])[0]  # each at the cheapest price on offer now
                if spec["sp"] > price * self.money_worth() * 1.5:
                    return cubes[0]
        return None

    reserve = 5
    """Money kept back from an upgrade: two basic sugars next round, or an SP at the end (1 SP per 5 money)."""

    def _buy_upgrade(self, legal: list) -> str | None:
        """The upgrade whose SP and effect beat the money it costs the most, keeping ``reserve`` for sugar.

        'Distillery upgrade SP values' score at the end (book), 2-4 SP for 3-6 money, and money left
        scores 1 SP per 5: with the washback bought, an upgrade beats saving. A fourth one replaces the
        least worth (``_discard_upgrade``), so it must beat that one too.
        """
        v, c = self.v, content()
        money = v["money"][self.me]
        reserve = self.reserve
        best, key = None, 0.0
        for i, cell in enumerate(v["rows"]["upgrades"]):
            a = f"buy upgrades {i + 1}"
            if cell is None or a not in legal:
                continue
            card = c.cards[cell[1]]
            if money - card.cost < reserve:
                continue
            net = self.upgrade_gain(card) - card.cost * self.money_worth()
            if net > key:
                best, key = a, net
        return best

    def money_worth(self) -> float:
        """SP a coin is worth to me now: half an SP in round 1 (it buys sugar and barrels), a fifth at the end.

        'Money: 1 SP per 5 money remaining (rounded down)' (book) is all a coin is worth after the last market.
        """
        v = self.v
        return 0.2 + 0.3 * (v["rounds"] - v["round"]) / max(1, v["rounds"] - 1)

    def effect_sp(self, effect: str) -> float:
        """An upgrade's effect a round, in SP, for my distillery: wood and racks for an ager, grain for grain."""
        if effect == "warehouse_space" and self.wants_wood:
            return 0.6
        if effect == "cheap_wood" and self.likes_wood():
            return 0.3
        if effect == "free_grain" and self.sugar == "grain":
            return 0.4
        return EFFECT_SP.get(effect, 0.0)

    def upgrade_value(self, card: Any, held: bool = False) -> float:
        """An upgrade's worth in SP: its end SP, its effect over the rounds left, the upgrade awards and goals."""
        v, c = self.v, content()
        left = v["rounds"] - v["round"] + (0 if held else 1)
        value = card.sp + self.effect_sp(card.upgrade or "none") * max(0, left)
        if held:
            return value
        count = len(v["upgrades"][self.me]) + 1
        for award, won in v["awards"].items():
            spec = c.awards[award]
            if won is None and spec["measure"] == "upgrades" and count == spec["at_least"]:
                value += 0.7 * spec["sp"]
        if any(c.goals[g]["measure"] == "upgrades" for g in v["me"]["goals"]) and count <= MAX_UPGRADES:
            value += 1.0
        return value

    def upgrade_gain(self, card: Any) -> float:
        """What buying ``card`` adds: its value, less the held upgrade a full board makes me discard."""
        held = [content().cards[n] for _, n in self.v["upgrades"][self.me]]
        lost = min((self.upgrade_value(k, held=True) for k in held), default=0.0) if len(held) >= MAX_UPGRADES else 0.0
        return self.upgrade_value(card) - lost

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
        """The upgrade worth least to me from now on (its SP and what its effect still brings)."""
        c = content()
        return min(legal, key=lambda a: (self.upgrade_value(c.cards[self._name(a.split()[1], "upgrades")], True), a))

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
        if self.v["round"] >= self.v["rounds"] or self.sales_award_needs_now():
            return True
        c, left = content(), self.v["labels_left"]
        mine = [r for r in self.v["known"][self.me] if c.recipes[r].sugar == self.sugar and left.get(r, 0) > 0]
        if not self.v["signature_done"][self.me]:
            mine.append(c.identities[self.v["identity"][self.me]]["recipe"])
        if not mine:
            return True
        have = {s: sum(1 for _, card in pantry if card.sugar == s) for s in ("grain", "fruit", "plant")}
        return any(self.ready(dict(c.recipes[r].needs), have) for r in mine)

    def sales_award_needs_now(self) -> bool:
        """Whether a 'Sell N spirits' award I play for is in reach only if I distil (and sell) every round left.

        'Spirit awards: Bonus SP for meeting objectives' (book): a seller one sale behind the award's pace
        loses it for good by waiting a round for a spare sugar; a plainer spirit now costs a few SP at most.
        """
        if "spirits_sold" not in self.plays_for:
            return False
        v, c = self.v, content()
        sold, left = v["sales"][self.me], v["rounds"] - v["round"] + 1
        for award, won in v["awards"].items():
            spec = c.awards[award]
            if won is None and spec["measure"] == "spirits_sold" and spec["at_least"] == sold + left:
                if spec["sp"] >= self.sales_award_sp:
                    return True
        return False

    sales_award_sp = 6
    """The least award SP worth a plainer spirit every round left: 'Sell 7 spirits' (6 SP) only; a seller
    reaches 3 and 5 sales at its own pace, and forcing them made it win more often than strategy_dominance
    allows (40 % of wins in mixed tables)."""

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
        """Spend just the SP that next round's best upgrade lacks in money, when it is worth more than that.

        'If you did not sell a spirit this round, you may offer a tasting (spend up to 4 SP to gain that
        much money)' (book). A coin is worth less than an SP, so a tasting only pays for a purchase worth
        more than the SP it costs: an upgrade in the row I could not otherwise afford next market.
        """
        v, c = self.v, content()
        if v["round"] >= v["rounds"]:
            return "tasting 0"
        most = max(int(a.split()[1]) for a in legal)
        money = v["money"][self.me]
        best, key = 0, 0.0
        for cell in v["rows"]["upgrades"]:
            if cell is None:
                continue
            card = c.cards[cell[1]]
            short = card.cost + self.reserve - money
            if short <= 0 or short > most:
                continue
            gain = self.upgrade_gain(card) - short - max(0, card.cost - short) * self.money_worth()
            if gain > key:
                best, key = short, gain
        return f"tasting {best}"

    plays_for: tuple[str, ...] = ()
    """Goal measures my way of playing raises by itself."""

    def _goal(self, legal: list) -> str:
        """Discard the goal I am least likely to win, by its SP, my lead at round 3 and my way of playing.

        'Distillery goals: Compared relative to other players. Cannot be achieved by scoring zero.' (book)
        """
        return min(legal, key=lambda a: (self.goal_value(a.split()[1]), a))

    def goal_value(self, goal: str) -> float:
        spec = content().goals[goal]
        measure: str = spec["measure"]
        chance = 0.4
        sugar = measure[: -len("_labels")] if measure.endswith("_labels") else ""
        if measure in self.plays_for or sugar == self.sugar:
            chance += 0.25
        elif sugar in SUGARS:
            chance = 0.05
        mine = self.measure(measure, self.me)
        if mine is not None:
            others = [self.measure(measure, q) or 0 for q in range(len(self.v["money"])) if q != self.me]
            chance += 0.1 * max(-3, min(3, mine - max(others, default=0)))
        return spec["sp"] * max(0.05, min(0.95, chance))

    def measure(self, name: str, q: int) -> int | None:
        """A goal's measure for seat ``q`` as the view shows it (None: a sale's detail the view does not keep)."""
        v, c = self.v, content()
        labels = [r for r in v["spaces"][q] if r] + [s["recipe"] for s in v["warehouse"][q]]
        recipes = [c.recipes[r] for r in labels]
        if name == "distinct_labels":
            return len(set(labels))
        if name.endswith("_labels"):
            kind = name[: -len("_labels")]
            if kind in ("aged", "unaged"):
                return sum(1 for r in recipes if r.aged == (kind == "aged"))
            return sum(1 for r in recipes if kind in (r.sugar, r.tier))
        counts = {
            "upgrades": len(v["upgrades"][q]),
            "recipes_unlocked": len(v["known"][q]),
            "money": v["money"][q],
            "label_spaces_filled": sum(1 for r in v["spaces"][q] if r),
            "warehouse_spirits": len(v["warehouse"][q]),
            "spirits_sold": v["sales"][q],
            "premium_bottles": len(v["display"][q]),
        }
        return counts.get(name)


def has_kind(pantry: list, kind: str) -> bool:
    """Whether any (token, card) pair of ``pantry`` is a card of ``kind``."""
    return any(card.kind == kind for _, card in pantry)


class Ager(Distiller):
    """Ages silver spirits in wood for the flavour bonus; sells them once they hold 3 flavour cards, or late."""

    name = "ager"
    tier = "silver"
    tiers: tuple[str, ...] = ("silver", "bronze", "gold")
    backup = True
    wants_wood = True
    plays_for: tuple[str, ...] = (
        "aged_labels",
        "silver_labels",
        "gold_labels",
        "flavours_sold",
        "warehouse_spirits",
        "best_sale_sp",
    )

    hold_money = 6
    reserve = 2
    """Money kept back from an upgrade: one basic sugar. The ager's barrels and sugar come first in the
    market anyway, and upgrades were where it trailed the seller most (0.5 SP a game against 4.4)."""

    def sell_aged(self, flavours: int) -> bool:
        """Sell at 3 flavour cards, or from round 6; hold a third for a fourth when the slot and money allow.

        'Aged spirit flavor bonus: ... 3 = 6 SP, 4 = 10 SP' (book): a round more turns 6 SP into 10,
        but its sale money comes a round later and the warehouse space stays taken. With an unclaimed
        award for a 4-flavour sale the slot alone decides, up to round 6 (the sale comes in round 7).
        """
        v = self.v
        if flavours >= 4 or v["round"] >= v["rounds"]:
            return True
        if flavours < 3:
            return v["round"] >= 6
        c, me = content(), self.me
        racks = sum(1 for _, n in v["upgrades"][me] if c.cards[n].upgrade == "warehouse_space")
        new = sum(1 for s in v["pending"][me] if s["aged"])
        room = len(v["warehouse"][me]) + new <= 2 + racks
        if room and self.open_award("most_flavours_in_a_sale", 4):
            return False  # 'Sell a spirit with 4 flavours' unclaimed: 4 SP more bonus and the award
        return v["round"] >= 6 or not (room and v["money"][me] >= self.hold_money)


class Seller(Distiller):
    """Distils an unaged bronze spirit every round and sells at once: money, labels, bottles, sales awards."""

    name = "seller"
    tier = "bronze"
    tiers: tuple[str, ...] = ("bronze", "silver")
    wants_wood = False
    plays_for: tuple[str, ...] = (
        "unaged_labels",
        "bronze_labels",
        "spirits_sold",
        "label_spaces_filled",
        "best_sale_money",
        "money",
    )


class Heuristic(Ager):
    """Distilled's default heuristic: the ager."""

    name = "heuristic"


for _cls in (Ager, Seller, Heuristic):
    register(_cls, GAME)
