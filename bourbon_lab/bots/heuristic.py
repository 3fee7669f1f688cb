"""Heuristic strategies that play the way people do; each differs only in a few judgement calls.

The shared routine (keep useful dice, claim what your recipes need, stage, make bourbon)
is in ``Heuristic``; a strategy overrides when to sell, which bills to keep and what to
upgrade. ``heuristic`` names the default strategy.
"""

from __future__ import annotations

from ..rules import Action
from ..rules.content import ANY_FACE
from . import knowledge as k
from .base import Bot, register

_UPGRADE_ORDER = ("warehouse", "rickhouse", "supply", "mash_floor", "marketing")
_ULTIMATE_TASTE = (
    "mega_expansion",
    "char_and_toast",
    "double_maturation",
    "overflow_roll",
    "grand_warehouse",
    "house_blend",
    "second_reroll",
    "master_recipe",
    "private_demand_card",
    "warehouse_tasting",
    "quality_sort",
    "prospector",
    "open_bill",
    "climate_controlled",
    "long_cellar",
    "triple_threat",
)


def _first(legal: list[Action], verb: str) -> Action | None:
    for a in legal:
        if a.verb == verb:
            return a
    return None


class Heuristic(Bot):
    """The shared routine of every heuristic strategy."""

    name = "heuristic_base"
    max_resting = 2
    reserve = 2
    upgrade_order = _UPGRADE_ORDER
    # Past about nine upgrades the Capital spent is not earned back before the game ends: on the
    # 2-player ladder a rush capped at 8 beat the uncapped one in 79 % of 600 games; at 4 players
    # the uncapped rush won 20 % against three capped ones (25 % is even).
    max_upgrades = 9

    def choose(self, view, legal: list[Action]) -> Action:
        return getattr(self, f"on_{view.step}")(view, legal)

    # --- Demand
    def on_pick(self, view, legal):
        my_tags = {t for b in view.me.barrels for t in k.bill(view, b).tags}

        def score(a):
            card = view.rules.cards_by_id[a.args[0].split(".")[0]]
            fits = set(card.tags) <= my_tags
            return (fits, card.prestige if fits else -card.prestige)

        return max(legal, key=score)

    # --- Collect
    def bill_score(self, view, bill) -> float:
        want_tags = k.demanded_tags(view)
        have = sum(min(n, sum(1 for c in view.me.warehouse if c.kind == kind)) for kind, n in bill.recipe)
        return 2 * have - bill.size + 0.3 * sum(want_tags[t] for t in bill.tags) + 2 * bill.bonus_sales

    def on_bills(self, view, legal):
        resting = sum(1 for b in view.me.barrels if not b.built)
        keeps = [a for a in legal if a.verb == "keep_bill"]
        if keeps and resting < self.max_resting:
            return max(keeps, key=lambda a: self.bill_score(view, view.rules.bills_by_id[a.args[0].split(".")[0]]))
        if resting < self.max_resting and _first(legal, "draw_bills"):
            return _first(legal, "draw_bills")
        return _first(legal, "return_bills") or _first(legal, "skip_bills") or legal[-1]

    def on_keep(self, view, legal):
        want = k.needs(view)
        for face in view.kept:
            want[face] -= 1
        for a in legal:
            if a.verb == "keep_die" and (a.args[0] == ANY_FACE or want.get(a.args[0], 0) > 0):
                return a
        return _first(legal, "roll")

    def on_reroll(self, view, legal):
        want = k.needs(view)
        for face in view.dice:
            if face != ANY_FACE and want.get(face, 0) > 0:
                want[face] -= 1
        useless = [f for f in view.dice if f != ANY_FACE and f not in want]
        for f in view.selected:
            if f in useless:
                useless.remove(f)
        trade = [a for a in legal if a.verb == "trade"]
        if trade and len(view.selected) == view.rules.triple_threat_dice:
            return Action("trade", (k.most_needed(k.needs(view)),))
        for a in legal:
            if a.verb == "select" and a.args[0] in useless:
                return a
        if view.selected and _first(legal, "reroll"):
            return _first(legal, "reroll")
        return _first(legal, "stop_rolling")

    def on_claim(self, view, legal):
        want = k.needs(view)
        best, best_score = None, 0.5
        for a in legal:
            if a.verb != "claim":
                continue
            face, pile = a.args
            if face == ANY_FACE and pile != k.most_needed(want):
                continue
            score = k.resource_score(pile, want) + (0 if face == ANY_FACE else 0.5)
            if want.get(pile, 0) <= 0:
                score = 0
            if score > best_score:
                best, best_score = a, score
        return best or _first(legal, "pass_dice")

    # --- Play
    def on_turn(self, view, legal):
        for verb in ("make",):
            a = _first(legal, verb)
            if a:
                return a
        stage = self.pick_stage(view, legal)
        if stage:
            return stage
        sale = self.pick_sale(view, k.sale_options(view, legal))
        if sale:
            return sale
        upgrade = self.pick_upgrade(view, legal)
        if upgrade:
            return upgrade
        sort = [a for a in legal if a.verb == "sort"]
        if sort and k.needs(view):
            want = k.most_needed(k.needs(view))
            return next((a for a in sort if a.args[0] == want), sort[0])
        return _first(legal, "end_turn")

    def pick_stage(self, view, legal):
        stages = [a for a in legal if a.verb == "stage"]
        if not stages:
            return None
        cards = {c.id: c for c in view.me.warehouse}
        stages = [a for a in stages if a.args[0] in cards]
        if not stages:
            return None

        def score(a):
            barrel = view.me.barrel(a.args[1])
            left = sum(k.missing(view, barrel).values())
            return (cards[a.args[0]].quality, -left)

        return max(stages, key=score)

    def should_sell(self, view, opt) -> bool:
        return True

    def pick_sale(self, view, options):
        options = [o for o in options if self.should_sell(view, o)]
        if not options:
            return None
        return max(options, key=lambda o: (o.gain, o.gated)).action

    def pick_upgrade(self, view, legal):
        me = view.me
        if me.upgrades >= self.max_upgrades:
            return None
        cost = view.rules.upgrade_cost(me.upgrades + 1)
        if me.capital - cost < self.reserve:
            return None
        ups = [a for a in legal if a.verb == "upgrade"]
        for dept in self.upgrade_order:
            options = [a for a in ups if a.args[0] == dept]
            if not options:
                continue
            if len(options[0].args) == 1:
                return options[0]
            return min(options, key=lambda a: _ULTIMATE_TASTE.index(a.args[1]))
        return None

    # --- ageing
    def on_climate(self, view, legal):
        def distance(a):
            b = view.me.barrel(a.args[0])
            lo, _ = k.bill(view, b).prime
            gap = lo - b.age
            return gap if gap > 0 else 99

        return min(legal, key=distance)


@register
class Rush(Heuristic):
    """Sell as soon as a sale is legal; small quick bills; upgrades for throughput (dice, then barrels)."""

    name = "rush"
    upgrade_order = ("supply", "rickhouse", "warehouse", "mash_floor", "marketing")

    def bill_score(self, view, bill) -> float:
        return super().bill_score(view, bill) - bill.prime[0] * 0.5


@register
class Prime(Heuristic):
    """Age into the prime window, then sell; sell early only to finish an order."""

    name = "prime"
    upgrade_order = ("rickhouse", "warehouse", "supply", "mash_floor", "marketing")

    def should_sell(self, view, opt) -> bool:
        b = opt.barrel
        if opt.completes or k.band(view, b) >= 1:
            return True
        return b.age + 4 < k.bill(view, b).prime[0] and view.multiplier > 1


@register
class Hot(Heuristic):
    """Hold for the Hot market and race to complete there; cash in when a crash looms or a barrel fades."""

    name = "hot"
    upgrade_order = ("warehouse", "supply", "rickhouse", "marketing", "mash_floor")

    def should_sell(self, view, opt) -> bool:
        rules = view.rules
        if opt.completes or view.zone_index == 2 or k.band(view, opt.barrel) == 2:
            return True
        about_to_crash = len(view.table) + 1 >= rules.crash_size - 1
        return about_to_crash or (view.zone_index == 1 and k.band(view, opt.barrel) == 1)


@register
class Specialist(Heuristic):
    """Build toward gated orders and their tags; sell into gated cards first."""

    name = "specialist"
    upgrade_order = ("mash_floor", "rickhouse", "warehouse", "supply", "marketing")

    def bill_score(self, view, bill) -> float:
        gated = k.demanded_tags(view)
        deck_tags = {t for c in view.rules.demand_cards for t in c.tags}
        return super().bill_score(view, bill) + sum(gated[t] for t in bill.tags) + len(set(bill.tags) & deck_tags)

    def should_sell(self, view, opt) -> bool:
        return opt.gated or opt.completes or k.band(view, opt.barrel) >= 1

    def pick_sale(self, view, options):
        options = [o for o in options if self.should_sell(view, o)]
        if not options:
            return None
        return max(options, key=lambda o: (o.gated, o.gain)).action


@register
class Default(Rush):
    """The sensible default strategy (currently ``rush``, the strongest on the 2-player ladder)."""

    name = "heuristic"
