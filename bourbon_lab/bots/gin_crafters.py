"""Gin Crafters bots: ``tempo`` (cheap gins fast; the game's ``heuristic``) and ``brand`` (plans for its brand cards).

Both read only their seat's view (``observe(p).view``) and the public card list, and share one
planner: for each gin in hand, what is missing from the botanical area and what the cheapest way
to buy it costs. They differ in what they value: ``tempo`` wants VP per action now, ``brand``
steers its gins, keeps and borrowing toward the brand cards in its hand and looks for more.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .base import Bot, register

GAME = "gin_crafters"

EFFECT_VALUE = {"vp": 1.0, "coins": 0.45, "extra_action": 2.0, "inspire": 0.8, "free": 1.5}
"""What one VP, one coin, an extra action, a free Inspiration and a free card are worth to the planner."""


class Plan:
    """One gin in hand: what it still needs and roughly what that costs (coins, actions)."""

    __slots__ = ("gin", "vp", "missing", "junipers", "coins", "actions", "recipe")

    def __init__(self, gin: Any, vp: int, missing: list[str], junipers: int, coins: float):
        self.gin, self.vp, self.recipe = gin.id, vp, gin.recipe
        self.missing, self.junipers, self.coins = missing, junipers, coins
        self.actions = len(missing) + junipers + 1


class GinBot(Bot):
    """The shared planner; subclasses weigh gins, keeps and brands differently."""

    name = "gin_base"
    borrow_ok = True

    def choose(self, obs: Any, legal: list) -> Any:
        legal = [str(a) for a in legal]
        if len(legal) == 1:
            return legal[0]
        self.obs, self.view, self.c = obs, obs.view, obs.content
        self.me = self.view["players"][obs.player]
        step = self.view["step"]
        return getattr(self, f"on_{step}")(legal)

    # --- what I have and what I could make

    def area_types(self) -> tuple[Counter, int]:
        types: Counter = Counter()
        junipers = 0
        for card in self.me["area"]:
            b = self.c.botanicals.get(card)
            if b is None:
                junipers += 1
            else:
                types[b.type] += 1
        return types, junipers

    def price_of(self, kind: str, wanted: str | None) -> float:
        """The cheapest market price of a botanical of type ``wanted`` (or any juniper); a refresh if none."""
        prices = self.obs.rules.botanical_prices if kind == "botanical" else self.obs.rules.juniper_prices
        best = None
        for card, price in zip(self.view["market"][kind], prices):
            if card is not None and (wanted is None or self.c.card_type(card) == wanted):
                best = price if best is None else min(best, price)
        fee = self.obs.rules.refresh_botanical if kind == "botanical" else self.obs.rules.refresh_juniper
        return best if best is not None else fee + 1.5

    def plan(self, gin_id: str, types: Counter, junipers: int) -> Plan:
        gin = self.c.gins[gin_id]
        vp = dict(self.obs.rules.gin_vp)[gin.shape]
        missing = list((Counter(gin.recipe) - types).elements())
        jmiss = max(0, gin.junipers - junipers)
        coins = sum(self.price_of("botanical", t) for t in missing) + jmiss * self.price_of("juniper", None)
        return Plan(gin, vp, missing, jmiss, coins)

    def plans(self) -> list[Plan]:
        types, junipers = self.area_types()
        return [self.plan(g, types, junipers) for g in self.view["hand"]["gins"]]

    def worth(self, p: Plan) -> float:
        """VP per action, with coins counted as a third of an action each."""
        return (p.vp + self.gin_bonus(p)) / (p.actions + p.coins / 3)

    def gin_bonus(self, p: Plan) -> float:
        return 0.0

    def target(self) -> Plan | None:
        plans = self.plans()
        return max(plans, key=self.worth) if plans else None

    # --- steps

    def on_action(self, legal: list[str]) -> str:
        distills = [a for a in legal if a.startswith("distill")]
        if not self.borrow_ok:
            distills = [a for a in distills if "borrow" not in a]
        if distills:
            return max(distills, key=self.distill_value)
        plans = sorted(self.plans(), key=self.worth, reverse=True)
        for plan in plans:
            buy = self.buy_for(plan, legal)
            if buy:
                return buy
        return self.fallback(plans[0] if plans else None, legal)

    def distill_value(self, action: str) -> float:
        words = action.split()
        gin = self.c.gins[words[1]]
        p = Plan(gin, dict(self.obs.rules.gin_vp)[gin.shape], [], 0, 0)
        return p.vp + self.gin_bonus(p) - (0.5 if "borrow" in words else 0)

    def buy_for(self, target: Plan, legal: list[str]) -> str | None:
        """The cheapest purchase of something the target gin lacks."""
        options = []
        for a in legal:
            if not a.startswith("purchase"):
                continue
            _, kind, pos = a.split()
            card = self.view["market"][kind][int(pos) - 1]
            if (kind == "juniper" and target.junipers) or (
                kind == "botanical" and self.c.card_type(card) in target.missing
            ):
                options.append((int(pos), a))
        return min(options)[1] if options else None

    def fallback(self, target: Plan | None, legal: list[str]) -> str:
        """Nothing to buy for any gin in hand: refresh the row the best gin needs, look for gins, or earn."""
        coins = self.me["coins"]
        hand = self.view["hand"]["gins"]
        if target and target.actions <= 4:
            kind = "botanical" if target.missing else "juniper"
            if f"refresh {kind}" in legal and coins >= target.coins:
                return f"refresh {kind}"
        if (not hand or coins >= 8 or (target and target.actions > 4)) and "inspire gin" in legal:
            return "inspire gin"
        return "side business"

    def on_take(self, legal: list[str]) -> str:
        target = self.target()
        kind = self.view["take_market"]
        for a in legal:
            card = self.view["market"][kind][int(a.split()[1]) - 1]
            if target and (kind == "juniper" or self.c.card_type(card) in target.missing):
                return a
        return legal[0]

    def on_keep(self, legal: list[str]) -> str:
        cards = [a.split()[1] for a in legal]
        if cards[0] in self.c.gins:
            types, junipers = self.area_types()
            best = max(cards, key=lambda g: self.worth(self.plan(g, types, junipers)))
        else:
            best = max(cards, key=self.brand_hope)
        return f"keep {best}"

    def brand_vp(self, card: str) -> float:
        """What ``card`` scores when met: the ruleset's VP for its condition."""
        return dict(self.obs.rules.brand_vp)[self.c.brands[card].condition]

    def brand_hope(self, card: str) -> float:
        return self.brand_vp(card)

    def on_juniper(self, legal: list[str]) -> str:
        recipe = self.c.gins[self.view["distilling"]["gin"]].recipe

        def score(a: str) -> tuple:
            j = self.c.junipers[a.split()[1]]
            earns = j.bonus is not None and j.bonus in recipe
            return (earns, j.level == "high" if earns else j.bonus is None)

        return max(legal, key=score)

    def on_key(self, legal: list[str]) -> str:
        others = Counter(t for p in self.plans() for t in p.recipe if p.gin != self.view["distilling"]["gin"])

        def score(a: str) -> float:
            b = self.c.botanicals[a.split()[1]]
            return self.effect_value(b) - 0.8 * others[b.type]

        return max(legal, key=score)

    def effect_value(self, b: Any) -> float:
        e, prm = b.effect, b.params
        v = EFFECT_VALUE
        table = {
            "vp": prm.get("amount", 0) * v["vp"],
            "coins": prm.get("amount", 0) * v["coins"],
            "vp_and_coins": prm.get("amount", 0) * v["vp"] + prm.get("coins", 0) * v["coins"],
            "extra_action": v["extra_action"],
            "inspire": v["inspire"],
            "free_juniper": v["free"],
            "free_botanical": v["free"],
            "buy_botanical": v["free"] * 0.7,
            "coins_per_gin": min(len(self.me["distilled"]) + 1, prm.get("max", 9)) * v["coins"],
        }
        return table.get(e, 1.5 * v["vp"])

    def on_effect(self, legal: list[str]) -> str:
        uses = [a for a in legal if a != "skip"]
        if len(uses) <= 1:
            return uses[0] if uses else "skip"
        target = self.target()
        for a in uses:
            card = self.view["market"]["botanical"][int(a.split()[1]) - 1]
            if target and self.c.card_type(card) in target.missing:
                return a
        return uses[0]

    def on_bonus(self, legal: list[str]) -> str:
        return "inspire gin" if "inspire gin" in legal else legal[0]

    def on_lend(self, legal: list[str]) -> str:
        """Lend for the fee, unless the gin would carry the borrower to the end signal or well past me."""
        players = self.view["players"]
        borrower = players[self.view["turn_owner"]]
        gin = self.c.gins[self.view["distilling"]["gin"]]
        after = sum(borrower["vp"][k] for k in ("gin", "juniper", "key")) + dict(self.obs.rules.gin_vp)[gin.shape]
        mine = sum(self.me["vp"][k] for k in ("gin", "juniper", "key"))
        return "refuse" if after >= self.obs.rules.end_vp or after >= mine + 8 else "lend"


class Tempo(GinBot):
    """Cheap gins fast: the most VP per action now, borrowing whenever it completes a gin."""

    name = "tempo"


class Heuristic(Tempo):
    """Gin Crafters' default heuristic: the tempo player."""

    name = "heuristic"


class BrandPlanner(GinBot):
    """Plans for its brand cards: gins that meet them, brand Inspirations, no borrowing when a brand forbids it."""

    name = "brand"

    def choose(self, obs: Any, legal: list) -> Any:
        self.brands = [obs.content.brands[b] for b in obs.view["hand"]["brands"]]
        self.brand_worth = dict(obs.rules.brand_vp)
        self.brand_counts = dict(obs.rules.brand_counts)
        self.borrow_ok = not any(b.condition == "never_borrowed" for b in self.brands)
        return super().choose(obs, legal)

    def gin_bonus(self, p: Plan) -> float:
        """A share of each brand card's VP for a gin that moves it toward its condition."""
        bonus = 0.0
        for b in self.brands:
            cond, prm = b.condition, b.params
            helps = (
                (cond == "gins_with_type" and prm["of"] in p.recipe)
                or (cond == "gin_with_botanicals" and len(p.recipe) >= self.brand_counts[cond])
                or (cond == "double_juniper_gins" and not p.recipe)
                or cond in ("gins", "most_gins", "most_gin_vp")
            )
            bonus += self.brand_worth[cond] / 3 if helps else 0.0
        return bonus

    def brand_hope(self, card: str) -> float:
        b = self.c.brands[card]
        easy = {"never_borrowed": 1.0, "most_gin_vp": 0.6, "most_gins": 0.6, "gins_with_type": 0.5, "coins": 0.6}
        return self.brand_vp(card) * easy.get(b.condition, 0.35)

    def fallback(self, target: Plan | None, legal: list[str]) -> str:
        if len(self.brands) < 3 and self.view["round"] <= 3 and "inspire brand" in legal:
            return "inspire brand"
        return super().fallback(target, legal)

    def on_bonus(self, legal: list[str]) -> str:
        return "inspire brand" if "inspire brand" in legal and len(self.brands) < 4 else super().on_bonus(legal)


for _bot in (Tempo, Heuristic, BrandPlanner):
    register(_bot, GAME)
