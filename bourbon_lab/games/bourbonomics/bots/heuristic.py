"""Heuristic strategies that play the way people do; each differs only in a few judgement calls.

The shared routine (keep useful dice, claim what your recipes need, stage, make bourbon)
is in ``Heuristic``; a strategy overrides when to sell, which bills to keep and what to
upgrade. ``heuristic`` names the default strategy.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from ....core.bots import Bot, book_actions, register
from ..actions import Action
from ..content import ANY_FACE
from ..observation import PlayerView
from . import knowledge as k

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


def _taste(*first: str) -> tuple[str, ...]:
    """``first``, then the rest of the default taste in its order."""
    return first + tuple(u for u in _ULTIMATE_TASTE if u not in first)


def _first(legal: list[Action], verb: str) -> Action | None:
    for a in legal:
        if a.verb == verb:
            return a
    return None


# simple.Greedy and search.SearchBot (interpreted) subclass these compiled classes.
@mypyc_attr(allow_interpreted_subclasses=True)
class Heuristic(Bot):
    """The shared routine of every heuristic strategy."""

    # ClassVar: class-level tunables read through the class (REGISTRY uses cls.name) and
    # overridden by subclasses, including interpreted ones (simple.Greedy).
    name: ClassVar[str] = "heuristic_base"
    max_resting: ClassVar[int] = 2
    reserve: ClassVar[int] = 2
    upgrade_order: ClassVar[tuple[str, ...]] = _UPGRADE_ORDER
    # An upgrade is bought when it pays back (``k.upgrade_payback``): ``payback_share`` is the part of
    # a department step's extra production that reaches the points. "Pick a direction": the first
    # ``focus`` departments of my order are my direction; a step of any other is worth ``side_share``
    # of that. Chosen for strength, not for a count: at a 4-player table of rush variants on the
    # first-draft content (300 games), shares 0.2 and 0.3 with side 0.1 won 26 % each against 27 %
    # for the old cap of 9; share 0.8 (side 0.25) won 17 %, buying 12 upgrades.
    payback_share: ClassVar[float] = 0.25
    focus: ClassVar[int] = 3
    side_share: ClassVar[float] = 0.1
    # No cap by default: how many upgrades a player buys is the economy's doing. A number here caps
    # them anyway (the bots capped at 9 before issue 15 item 6).
    max_upgrades: ClassVar[int | None] = None
    # Of the two Ultimates a board offers for a department, the one earlier here. Each strategy ranks
    # them by its direction, so every Ultimate of the book has a strategy that takes it (issue 29).
    ultimate_taste: ClassVar[tuple[str, ...]] = _ULTIMATE_TASTE

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        known: list[Action] = book_actions(legal)  # a house rule's new action means nothing to the book's play
        if not known:
            return legal[0]
        legal = known
        step = view.step
        # The four commonest steps by direct call, not by building the method's name and looking it up.
        if step == "claim":
            return self.on_claim(view, legal)
        if step == "turn":
            return self.on_turn(view, legal)
        if step == "keep":
            return self.on_keep(view, legal)
        if step == "reroll":
            return self.on_reroll(view, legal)
        return getattr(self, f"on_{step}")(view, legal)

    # --- Demand
    def on_pick(self, view: PlayerView, legal: list[Action]) -> Any:
        my_tags = {t for b in view.me.barrels for t in k.bill(view, b).tags}

        def score(a):
            card = view.rules.cards_by_id[a.args[0].split(".")[0]]
            fits = set(card.tags) <= my_tags
            return (fits, card.prestige if fits else -card.prestige)

        return max(legal, key=score)

    # --- Collect
    def bill_score(self, view: PlayerView, bill, want_tags: dict[str, int] | None = None) -> float:
        """How much a bill suits me; ``want_tags`` is ``k.demanded_tags(view)`` when the caller has it."""
        if want_tags is None:
            want_tags = k.demanded_tags(view)
        have = sum(min(n, sum(1 for c in view.me.warehouse if c.kind == kind)) for kind, n in bill.recipe)
        return 2 * have - bill.size + 0.3 * sum(want_tags.get(t, 0) for t in bill.tags) + 2 * bill.bonus_sales

    def on_bills(self, view: PlayerView, legal: list[Action]) -> Any:
        resting = sum(1 for b in view.me.barrels if not b.built)
        keeps = [a for a in legal if a.verb == "keep_bill"]
        if keeps and resting < self.max_resting:
            tags = k.demanded_tags(view)
            bills = view.rules.bills_by_id
            return max(keeps, key=lambda a: self.bill_score(view, bills[a.args[0].split(".")[0]], tags))
        if resting < self.max_resting and _first(legal, "draw_bills"):
            return _first(legal, "draw_bills")
        return _first(legal, "return_bills") or _first(legal, "skip_bills") or legal[-1]

    def on_keep(self, view: PlayerView, legal: list[Action]) -> Any:
        want = k.needs(view)
        for face in view.kept:
            want[face] = want.get(face, 0) - 1
        for a in legal:
            if a.verb == "keep_die" and (a.args[0] == ANY_FACE or want.get(a.args[0], 0) > 0):
                return a
        return _first(legal, "roll")

    def on_reroll(self, view: PlayerView, legal: list[Action]) -> Any:
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

    def on_claim(self, view: PlayerView, legal: list[Action]) -> Any:
        want = k.needs(view)
        top = k.most_needed(want)
        best, best_score = None, 0.5
        for a in legal:
            if a.verb != "claim":
                continue
            face, pile = a.args
            if want.get(pile, 0) <= 0 or (face == ANY_FACE and pile != top):
                continue
            score = k.resource_score(pile, want) + (0.0 if face == ANY_FACE else 0.5)
            if score > best_score:
                best, best_score = a, score
        return best or _first(legal, "pass_dice")

    # --- Play
    def on_turn(self, view: PlayerView, legal: list[Action]) -> Any:
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

    def pick_stage(self, view: PlayerView, legal: list[Action]) -> Action | None:
        me = view.me
        cards = {c.id: c for c in me.warehouse}
        left: dict[str, int] = {}
        best, best_key = None, (0, 0)
        for a in legal:
            if a.verb != "stage" or a.args[0] not in cards:
                continue
            barrel_id = a.args[1]
            if barrel_id not in left:
                barrel = me.barrel(barrel_id)
                left[barrel_id] = k.cards_missing(view, barrel) if barrel is not None else 0
            key = (cards[a.args[0]].quality, -left[barrel_id])
            if best is None or key > best_key:
                best, best_key = a, key
        return best

    def should_sell(self, view: PlayerView, opt: k.SaleOption) -> bool:
        return True

    def pick_sale(self, view: PlayerView, options: list[k.SaleOption]) -> Action | None:
        options = [o for o in options if self.should_sell(view, o)]
        if not options:
            return None
        return max(options, key=lambda o: (o.gain, o.gated)).action

    def pick_upgrade(self, view: PlayerView, legal: list[Action]) -> Action | None:
        """My favourite upgrade, when I can keep my reserve after paying and it pays back its cost."""
        me = view.me
        if self.max_upgrades is not None and me.upgrades >= self.max_upgrades:
            return None
        cost = view.rules.upgrade_cost(me.upgrades + 1)
        if me.capital - cost < self.reserve:
            return None
        choice = self.favourite_upgrade(view, legal)
        if choice is None:
            return None
        dept = choice.args[0]
        share = self.payback_share * (1.0 if dept in self.upgrade_order[: self.focus] else self.side_share)
        return choice if k.upgrade_payback(view, dept, share) >= cost else None

    def favourite_upgrade(self, view: PlayerView, legal: list[Action]) -> Action | None:
        """The first department in my order that can still grow (its Ultimate to my taste)."""
        ups = [a for a in legal if a.verb == "upgrade"]
        for dept in self.upgrade_order:
            options = [a for a in ups if a.args[0] == dept]
            if not options:
                continue
            if len(options[0].args) == 1:
                return options[0]
            taste = self.taste_now(view)
            return min(options, key=lambda a: taste.index(a.args[1]))
        return None

    def taste_now(self, view: PlayerView) -> tuple[str, ...]:
        """My Ultimate taste in this position (a strategy may read the position)."""
        return self.ultimate_taste

    # --- ageing
    def on_climate(self, view: PlayerView, legal: list[Action]) -> Any:
        def distance(a):
            b = view.me.barrel(a.args[0])
            lo, _ = k.bill(view, b).prime
            gap = lo - b.age
            return gap if gap > 0 else 99

        return min(legal, key=distance)


@mypyc_attr(allow_interpreted_subclasses=True)
class Rush(Heuristic):
    """Sell as soon as a sale is legal; small quick bills; upgrades for throughput (dice, then barrels)."""

    name: ClassVar[str] = "rush"
    upgrade_order: ClassVar[tuple[str, ...]] = ("supply", "rickhouse", "warehouse", "mash_floor", "marketing")

    def bill_score(self, view: PlayerView, bill, want_tags: dict[str, int] | None = None) -> float:
        return super().bill_score(view, bill, want_tags) - bill.prime[0] * 0.5


@mypyc_attr(allow_interpreted_subclasses=True)
class Prime(Heuristic):
    """Age into the prime window, then sell; sell early only to finish an order."""

    name: ClassVar[str] = "prime"
    # Marketing fourth, in its direction (focus 4): a Private Demand Card "survives every wipe", which
    # suits a player who holds barrels to age. At the mixed table (2,000 games, seed 0) this took the
    # prime strategy from 38.7 % of wins to 36.1 %; Marketing in the specialist's direction instead left
    # prime at 38.7 % (fourth) or 40.1 % (fifth), the specialist buying 8.4-8.5 upgrades (issue 29).
    upgrade_order: ClassVar[tuple[str, ...]] = ("rickhouse", "warehouse", "supply", "marketing", "mash_floor")
    focus: ClassVar[int] = 4
    # Ageing first: a barrel that ages faster reaches its window sooner; barrels held to age pay a
    # tasting income; a swappable stage lets the best card wait for the barrel that ages longest.
    ultimate_taste: ClassVar[tuple[str, ...]] = _taste(
        "climate_controlled", "warehouse_tasting", "double_maturation", "long_cellar", "mega_expansion"
    )

    def should_sell(self, view: PlayerView, opt: k.SaleOption) -> bool:
        b = opt.barrel
        if opt.completes or k.band(view, b) >= 1:
            return True
        return b.age + 4 < k.bill(view, b).prime[0] and view.multiplier > 1


@mypyc_attr(allow_interpreted_subclasses=True)
class Hot(Heuristic):
    """Time sales for the multiplier: hold a barrel one round when the next card lifts the zone, race at Hot.

    Otherwise it sells in the prime window, or at Mid. Holding for Hot alone (the first version)
    won 6.5 % at the mixed table once the market rarely reached Hot; holding only for the next
    round's rise won 26 % [20, 33] (200 games, docs/design-findings.md).
    """

    name: ClassVar[str] = "hot"
    # Should it reach Marketing's Ultimate, the Private Demand Card "still pays at the current zone
    # multiplier" and "survives every wipe". Marketing in its first three cost it most of its wins
    # (12.5 % -> 1.8 % at the mixed table, 400 games), so Marketing stays a side department.
    upgrade_order: ClassVar[tuple[str, ...]] = ("warehouse", "supply", "rickhouse", "marketing", "mash_floor")
    ultimate_taste: ClassVar[tuple[str, ...]] = _taste("private_demand_card", "triple_threat")

    def should_sell(self, view: PlayerView, opt: k.SaleOption) -> bool:
        b = opt.barrel
        if opt.completes or view.zone_index == 2 or k.band(view, b) == 2:
            return True
        if k.zone_rises_next_round(view) and k.band(view, b, b.age + 1) >= 1:
            return False
        return k.band(view, b) >= 1 or view.zone_index >= 1


@mypyc_attr(allow_interpreted_subclasses=True)
class Specialist(Heuristic):
    """Chase gated orders: sell into gated cards first, favour bills with the tags the table asks for.

    It ages barrels into their window as ``prime`` does (it sells to finish an order, or young
    only at a multiplier when the window is far). The first version, which scored bills by every
    tag in the deck and sold young barrels into gated cards, won 5.5 % at the mixed table; this
    one won 20 % [16, 25] (300 games, docs/design-findings.md).
    """

    name: ClassVar[str] = "specialist"
    upgrade_order: ClassVar[tuple[str, ...]] = ("rickhouse", "mash_floor", "warehouse", "supply", "marketing")
    # More bills to choose from and a free slot in a recipe find the tags a gated order asks for.
    ultimate_taste: ClassVar[tuple[str, ...]] = _taste(
        "master_recipe", "open_bill", "house_blend", "long_cellar", "triple_threat", "prospector"
    )
    tag_weight: ClassVar[float] = 0.1

    def bill_score(self, view: PlayerView, bill, want_tags: dict[str, int] | None = None) -> float:
        gated = k.demanded_tags(view) if want_tags is None else want_tags
        return super().bill_score(view, bill, gated) + self.tag_weight * sum(gated.get(t, 0) for t in bill.tags)

    def should_sell(self, view: PlayerView, opt: k.SaleOption) -> bool:
        b = opt.barrel
        if opt.completes or k.band(view, b) >= 1:
            return True
        return b.age + 4 < k.bill(view, b).prime[0] and view.multiplier > 1

    def pick_sale(self, view: PlayerView, options: list[k.SaleOption]) -> Action | None:
        options = [o for o in options if self.should_sell(view, o)]
        if not options:
            return None
        return max(options, key=lambda o: (o.gated, o.gain)).action

    def taste_now(self, view: PlayerView) -> tuple[str, ...]:
        """House Blend first while a resting barrel waits on a card ("one slot ... accepts any resource")."""
        if any(not b.built and k.cards_missing(view, b) > 0 for b in view.me.barrels):
            return ("house_blend",) + tuple(u for u in self.ultimate_taste if u != "house_blend")
        return self.ultimate_taste


@mypyc_attr(allow_interpreted_subclasses=True)
class Default(Rush):
    """The sensible default strategy (currently ``rush``, the strongest on the 2-player ladder)."""

    name: ClassVar[str] = "heuristic"


# Registered after definition (not as a decorator): mypyc compiles decorated classes as
# non-extension classes, which may not inherit from the compiled Heuristic.
for _cls in (Rush, Prime, Hot, Specialist, Default):
    register(_cls)
