"""Gin Crafters bots: ``tempo`` (cheap gins fast; the game's ``heuristic``) and ``brand`` (plans for its brand cards).

Both read only their seat's view (``observe(p).view``) and the public card list, and share one
planner: for each gin in hand, what is missing from the botanical area and what the cheapest way
to buy it costs. They differ in what they value: ``tempo`` wants VP per action now, ``brand``
steers its gins, keeps and borrowing toward the brand cards in its hand and looks for more.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.bots import Bot, book_actions, register

GAME = "gin_crafters"
STRONGEST = "tempo"
"""The strongest bot, as measured (``bl.postgame`` asks it by default): ``tempo``, the default heuristic, wins
67.5 % of four-way games against ``brand``, ``search`` and ``random`` (docs/games/gin_crafters-rules-decisions.md)."""

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
        known = book_actions(legal)  # a house rule's new action means nothing to the book's play
        if len(known) <= 1:
            return (known or legal)[0]
        legal = [str(a) for a in known]
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
        """A counted brand card in hand this gin moves toward: its VP shared over the gins it still needs.

        Only when the actions ahead can make them: a card already met, or out of reach, adds nothing.
        """
        bonus = 0.0
        me = self.view["players"][self.obs.player]
        for k in self.view["hand"]["brands"]:
            b = self.c.brands[k]
            cond = b.condition
            if cond == "gins_with_type":
                helps = b.params["of"] in p.recipe
                have = sum(1 for g in me["distilled"] if b.params["of"] in self.c.gins[g].recipe)
            elif cond in ("gins", "double_juniper_gins", "gin_with_botanicals"):
                need = dict(self.obs.rules.brand_counts)[cond]
                helps = cond == "gins" or (not p.recipe if cond == "double_juniper_gins" else len(p.recipe) >= need)
                have = self.measure(cond, me) if cond != "gin_with_botanicals" else need - 1
                if cond == "gin_with_botanicals" and self.measure(cond, me) >= need:
                    have = need
            else:
                continue
            left = dict(self.obs.rules.brand_counts)[cond] - have
            if helps and left > 0 and left * p.actions <= self.actions_ahead():
                bonus += self.brand_vp(k) / left
        return bonus

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
        best = plans[0] if plans else None
        brand_move = self.spread_buy(best, legal) or self.bank(best, legal)
        if brand_move:
            return brand_move
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
        """The best-value purchase of something the target gin lacks.

        Its price in coins, less the juniper bonus the card earns the target; a juniper refresh when the
        expected bonus of a fresh row beats the junipers on show.
        """
        options: list[tuple[float, int, str]] = []
        coin = EFFECT_VALUE["coins"]
        for a in legal:
            if not a.startswith("purchase"):
                continue
            _, kind, pos = a.split()
            card = self.view["market"][kind][int(pos) - 1]
            price = self.position_price(kind, int(pos))
            if kind == "juniper" and target.junipers:
                options.append((self.juniper_gain(card, target.recipe) - price * coin, int(pos), a))
            elif kind == "botanical" and self.c.card_type(card) in target.missing:
                options.append((-price * coin, int(pos), a))
        if target.junipers and target.recipe and "refresh juniper" in legal:
            value = self.refresh_juniper_gain(target.recipe) - self.obs.rules.refresh_juniper * coin
            options.append((value, len(self.obs.rules.juniper_prices) + 1, "refresh juniper"))
        if not options:
            return None
        return min(options, key=lambda o: (-o[0], o[1], o[2]))[2]

    def position_price(self, kind: str, pos: int) -> int:
        prices = self.obs.rules.botanical_prices if kind == "botanical" else self.obs.rules.juniper_prices
        return int(prices[pos - 1])

    # --- juniper bonuses

    def juniper_gain(self, card: str, recipe: tuple) -> float:
        """The bonus VP juniper ``card`` earns a gin of ``recipe`` ("the bonus victory points listed on the card")."""
        j = self.c.junipers[card]
        if j.bonus is None or j.bonus not in recipe:
            return 0.0
        rules = self.obs.rules
        return float(rules.juniper_bonus_high if j.level == "high" else rules.juniper_bonus_low)

    def unseen_junipers(self) -> list[str]:
        """Junipers in no market row, area or distillation: the deck and its discards, as far as I can tell."""
        seen = {c for c in self.view["market"]["juniper"] if c is not None}
        for p in self.view["players"]:
            seen.update(p["area"])
            seen.update(p["spent"])
        return [j for j in self.c.junipers if j not in seen]

    def refresh_juniper_gain(self, recipe: tuple) -> float:
        """The expected best bonus among a freshly dealt juniper row (drawn from the unseen junipers)."""
        pool = self.unseen_junipers()
        if not pool:
            return 0.0
        gains = [self.juniper_gain(j, recipe) for j in pool]
        row = len(self.obs.rules.juniper_prices)
        expected, below = 0.0, 0.0
        for level in sorted({g for g in gains if g > 0}):
            share = sum(1 for g in gains if g >= level) / len(gains)
            expected += (level - below) * (1 - (1 - share) ** row)
            below = level
        return expected

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
        return "side business" if "side business" in legal else self.instead_of_side_business(target, legal)

    def instead_of_side_business(self, target: Plan | None, legal: list[str]) -> str:
        """Side Business barred (a house rule, restricted play): the fallback's other moves in its order, then any.

        The target's row refreshed, a look at the gin deck, then the brand deck, then the other row; failing all,
        the first legal action (the cheapest purchase, as the engine lists them).
        """
        kind = "botanical" if target is None or target.missing else "juniper"
        other = "juniper" if kind == "botanical" else "botanical"
        for a in (f"refresh {kind}", "inspire gin", "inspire brand", f"refresh {other}"):
            if a in legal:
                return a
        return legal[0]

    def on_take(self, legal: list[str]) -> str:
        target = self.target()
        kind = self.view["take_market"]
        if kind == "juniper" and target is not None:
            row = self.view["market"]["juniper"]
            return max(legal, key=lambda a: self.juniper_gain(row[int(a.split()[1]) - 1], target.recipe))
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
        """A brand card kept from a look: its VP as far as the table meets it now."""
        return self.brand_vp(card) * self.brand_chance(card)

    def on_juniper(self, legal: list[str]) -> str:
        recipe = self.c.gins[self.view["distilling"]["gin"]].recipe

        def score(a: str) -> tuple:
            j = self.c.junipers[a.split()[1]]
            earns = j.bonus is not None and j.bonus in recipe
            return (earns, j.level == "high" if earns else j.bonus is None)

        return max(legal, key=score)

    def on_key(self, legal: list[str]) -> str:
        others = Counter(t for p in self.plans() for t in p.recipe if p.gin != self.view["distilling"]["gin"])
        types, _ = self.area_types()
        spread = self.all_types_vp()
        guard = spread / (len(self.all_types()) + 1 - len(types)) if spread else 0.0

        def score(a: str) -> float:
            b = self.c.botanicals[a.split()[1]]
            lost = guard if types[b.type] == 1 else 0.0  # the key leaves the area: its type with it, if the last
            return self.effect_value(b) - 0.8 * others[b.type] - lost

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
        """A gin card while there are actions left to make it; a brand card once the gins in hand fill the game."""
        if "inspire gin" in legal and "inspire brand" in legal:
            return "inspire brand" if self.brand_draw() > self.gin_draw() else "inspire gin"
        return "inspire gin" if "inspire gin" in legal else legal[0]

    # --- the rest of the game, and what a card drawn now is worth in it

    def actions_ahead(self) -> float:
        """My actions before the end, as far as the public table tells.

        The rest of this turn, then a turn a round until the leader, at their pace so far, gives the end
        signal; none once it is given.
        """
        rules = self.obs.rules
        if self.view["final_until"] is not None:
            return float(self.view["actions_left"])
        lead = max(self.track(p) for p in self.view["players"])
        pace = max(lead / max(self.view["round"], 1), 1.0)
        return self.view["actions_left"] + rules.actions_per_turn * max(rules.end_vp - lead, 0) / pace

    def track(self, p: dict) -> int:
        return int(p["vp"]["gin"] + p["vp"]["juniper"] + p["vp"]["key"])

    def gin_draw(self) -> float:
        """The expected best of a look at the gin deck.

        Each unseen gin's VP, scaled down when the actions my hand does not already need cannot finish it.
        """
        plans = self.plans()
        spare = self.actions_ahead() - sum(p.actions for p in plans)
        if spare <= 0:
            return 0.0
        gone = set(self.view["hand"]["gins"])
        for p in self.view["players"]:
            gone.update(p["distilled"])
        types, junipers = self.area_types()
        values = []
        for g in self.c.gins:
            if g not in gone:
                p = self.plan(g, types, junipers)
                values.append(p.vp * min(1.0, spare / p.actions))
        return self.best_of_look(values)

    def brand_draw(self) -> float:
        """The expected best of a look at the brand deck: each unseen brand's VP times how far it is met now."""
        mine = set(self.view["hand"]["brands"])
        return self.best_of_look([self.brand_vp(k) * self.brand_chance(k) for k in self.c.brands if k not in mine])

    def best_of_look(self, values: list[float]) -> float:
        """The expected best of an Inspiration's look (inspiration_look cards drawn without replacement)."""
        if not values:
            return 0.0
        look = min(self.obs.rules.inspiration_look, len(values))
        if look < 2:
            return sum(values) / len(values)
        ranked = sorted(values)
        n = len(ranked)
        total = 0.0
        for i, v in enumerate(ranked):  # v is the best of a pair with one of the i lower cards
            total += v * i
        return total / (n * (n - 1) / 2) if look == 2 else ranked[-1]

    # --- brand cards, read off the public table

    def all_types(self) -> set[str]:
        return {b.type for b in self.c.botanicals.values()}

    def all_types_vp(self) -> float:
        """The VP of the all-types brand cards in my hand."""
        return sum(self.brand_vp(k) for k in self.view["hand"]["brands"] if self.c.brands[k].condition == "all_types")

    def spread_buy(self, best: Plan | None, legal: list[str]) -> str | None:
        """With an all-types brand in hand, buy a type my area lacks when that is worth more than the best gin.

        The brand's VP per action (coins a third of an action, as for a gin) against the best gin's ``worth``.
        """
        vp = self.all_types_vp()
        if not vp:
            return None
        types, _ = self.area_types()
        lacking = [t for t in sorted(self.all_types()) if not types[t]]
        if not lacking:
            return None
        coins = sum(self.price_of("botanical", t) for t in lacking)
        if best is not None and vp / (len(lacking) + coins / 3) <= self.worth(best):
            return None
        options = []
        for a in legal:
            if a.startswith("purchase botanical"):
                pos = int(a.split()[2])
                if self.c.card_type(self.view["market"]["botanical"][pos - 1]) in lacking:
                    options.append((pos, a))
        return min(options)[1] if options else None

    def bank(self, best: Plan | None, legal: list[str]) -> str | None:
        """With a coins brand in hand not yet met, side business in the last actions.

        When the side businesses it still needs fit in the actions ahead (and no more are left), and its VP per
        action beats the best gin's or no gin in hand can be finished.
        """
        vp = sum(self.brand_vp(k) for k in self.view["hand"]["brands"] if self.c.brands[k].condition == "coins")
        short = dict(self.obs.rules.brand_counts)["coins"] - self.me["coins"] if vp else 0
        if short <= 0 or "side business" not in legal:
            return None
        earn = max(self.obs.rules.side_business, 1)
        needed = (short + earn - 1) // earn
        ahead = self.actions_ahead()
        if needed > ahead or ahead > needed + 1:
            return None
        if best is not None and best.actions <= ahead and vp / needed <= self.worth(best):
            return None
        return "side business"

    def measure(self, cond: str, p: dict) -> int:
        """A brand condition's count for one player's public table."""
        bots = self.c.botanicals
        recipes = [self.c.gins[g].recipe for g in p["distilled"]]
        area = [bots[b].type for b in p["area"] if b in bots]
        if cond in ("most_gins", "gins"):
            return len(p["distilled"])
        if cond in ("most_coins", "coins"):
            return int(p["coins"])
        if cond == "most_botanicals":
            return len(area)
        if cond == "most_key_types":
            return len({bots[b].type for b in p["spent"] if b in bots})
        if cond == "most_gin_vp":
            return int(p["vp"]["gin"])
        if cond == "gin_with_botanicals":
            return max((len(r) for r in recipes), default=0)
        if cond == "double_juniper_gins":
            return sum(1 for g in p["distilled"] if self.c.gins[g].junipers == 2)
        if cond == "all_types":
            return len(set(area))
        if cond in ("juniper_bonuses", "lent"):
            return int(p[cond])
        return 0

    def brand_chance(self, card: str) -> float:
        """How far brand ``card`` is met if the game ended now: 1 when met, else the share of its count reached."""
        b = self.c.brands[card]
        cond = b.condition
        me = self.view["players"][self.obs.player]
        if cond == "never_borrowed":
            return 1.0 if me["borrowed"] == 0 else 0.0
        if cond == "gins_with_type":
            have = sum(1 for g in me["distilled"] if b.params["of"] in self.c.gins[g].recipe)
            return min(1.0, have / dict(self.obs.rules.brand_counts)[cond])
        mine = self.measure(cond, me)
        if cond.startswith("most_"):
            top = max(self.measure(cond, p) for p in self.view["players"])
            return 1.0 if mine >= max(top, 1) else mine / max(top, 1)
        need = len(self.all_types()) if cond == "all_types" else dict(self.obs.rules.brand_counts).get(cond, 1)
        return min(1.0, mine / max(need, 1))

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
