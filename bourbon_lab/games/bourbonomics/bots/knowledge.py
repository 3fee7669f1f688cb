"""What a sensible player works out from their view: missing grain, sale options, a barrel's prospects."""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..content import RESOURCES
from ..observation import PlayerView
from ..state import Barrel, base_id


def bill(view: PlayerView, barrel):
    """The mash bill a barrel was built from (later copies share the printed bill)."""
    bills = view.rules.bills_by_id
    return bills.get(barrel.bill) or bills[base_id(barrel.bill)]


def missing(view: PlayerView, barrel: Barrel) -> dict[str, int]:
    """Cards a resting barrel still needs, by type."""
    need = dict(bill(view, barrel).counts)
    for c in barrel.staged:
        need[c.kind] = need.get(c.kind, 0) - 1
    return _positive(need)


def cards_missing(view: PlayerView, barrel: Barrel) -> int:
    """How many cards a resting barrel still needs in all."""
    n = 0
    for left in missing(view, barrel).values():
        n += left
    return n


def _positive(counts: dict[str, int]) -> dict[str, int]:
    return {kind: n for kind, n in counts.items() if n > 0}


def needs(view: PlayerView) -> dict[str, int]:
    """Types my resting barrels still need beyond what my warehouse already holds."""
    total: dict[str, int] = {}
    for b in view.me.barrels:
        if not b.built:
            for kind, n in bill(view, b).recipe:
                total[kind] = total.get(kind, 0) + n
            for c in b.staged:
                total[c.kind] -= 1
    for c in view.me.warehouse:
        if c.kind in total:
            total[c.kind] -= 1
    return _positive(total)


def band(view: PlayerView, barrel, age: int | None = None) -> int:
    """0 younger, 1 prime, 2 older (for ``age`` if given)."""
    lo, hi = bill(view, barrel).prime
    a = barrel.age if age is None else age
    return 0 if a < lo else (1 if a <= hi else 2)


def zone_rises_next_round(view: PlayerView) -> bool:
    """Next round's demand card lifts the zone (to Mid or Hot) without crashing the table: worth holding for."""
    rules = view.rules
    cards = len(view.table) + 1
    return cards < rules.crash_size and (cards == rules.mid_zone_from or cards == rules.hot_zone_from)


def value(view: PlayerView, barrel, age: int | None = None) -> int:
    """Age value of a built barrel now (or at ``age``), before the zone multiplier."""
    return view.rules.age_values[barrel.quality][band(view, barrel, age)]


class SaleOption:
    """One legal sale and what it brings now."""

    def __init__(
        self, action: Action, barrel: Any, capital: int, completes: bool, prestige: int, gated: bool, private: bool
    ) -> None:
        self.action = action
        self.barrel = barrel
        self.capital = capital
        self.completes = completes
        self.prestige = prestige
        self.gated = gated
        self.private = private

    @property
    def gain(self) -> int:
        return self.capital + (self.prestige if self.completes else 0)

    def __repr__(self) -> str:
        return f"<SaleOption {self.action} gain {self.gain}{' completes' if self.completes else ''}>"


def sale_options(view: PlayerView, legal: list[Action]) -> list[SaleOption]:
    """Every legal sale with the Capital it pays now and whether it finishes the order."""
    out = []
    mult = view.multiplier
    me = view.me
    for a in legal:
        if a.verb != "sell":
            continue
        barrel = me.barrel(a.args[0])
        order = me.private if a.args[1] == "private" else _on_table(view, a.args[1])
        card = view.rules.cards_by_id[base_id(order.id)]  # type: ignore[union-attr]
        out.append(
            SaleOption(
                action=a,
                barrel=barrel,
                capital=value(view, barrel) * mult,
                completes=order.open_slots == 1,  # type: ignore[union-attr]
                prestige=card.prestige,
                gated=not card.is_open,
                private=a.args[1] == "private",
            )
        )
    return out


def _on_table(view: PlayerView, order_id: str) -> Any:
    for order in view.table:
        if order.id == order_id:
            return order
    raise KeyError(order_id)


def resource_score(kind: str, want: dict[str, int]) -> float:
    """How much a card of ``kind`` helps: needed types first, cask and corn are always useful."""
    return want.get(kind, 0) * 10 + (1 if kind in ("cask", "corn") else 0)


def most_needed(want: dict[str, int]) -> str:
    """The resource type most wanted (corn when nothing is)."""
    if not want:
        return "corn"
    best, most = RESOURCES[0], want.get(RESOURCES[0], 0)
    for kind in RESOURCES[1:]:  # the first of the most wanted, in pile order
        n = want.get(kind, 0)
        if n > most:
            best, most = kind, n
    return best


def demanded_tags(view: PlayerView) -> dict[str, int]:
    """Tags asked for by gated cards on the table (weighted by Prestige)."""
    tags: dict[str, int] = {}
    for order in view.table:
        card = view.rules.cards_by_id[base_id(order.id)]
        for t in card.tags:
            tags[t] = tags.get(t, 0) + card.prestige
    return tags


def rounds_left(view: PlayerView) -> float:
    """Rounds still to play after this one, from the race to ``orders_to_end`` at the leader's pace so far.

    Until orders are finished the pace is a prior of one order per three rounds, worth three rounds
    of play; the leader's real pace takes over as the game goes on. Once the end is triggered, none.
    """
    if view.end_triggered:
        return 0.0
    lead = len(view.me.completed)
    for other in view.others:
        lead = max(lead, other.orders)
    pace = (lead + 1) / (view.round + 3)
    return max(0.0, (view.rules.orders_to_end - lead) / pace - 1)


def points_per_round(view: PlayerView) -> float:
    """Capital (before upgrades) and Prestige I earn a round.

    What I have earned a round so far, but at least a Common sold in its prime at Mid: a player who
    has sold nothing yet in round 1 will.
    """
    rules, me = view.rules, view.me
    spent = 0
    for nth in range(1, me.upgrades + 1):
        spent += rules.upgrade_cost(nth)
    start = rules.start_capital + rules.distilleries_by_id[me.distillery].capital
    earned = me.capital + spent - start + me.prestige_from_orders
    floor = rules.age_values[0][1] * rules.zone_multipliers[1]
    return max(float(floor), earned / max(1, view.round))


def upgrade_payback(view: PlayerView, department: str, share: float) -> float:
    """What one more step of ``department`` should bring back before the game ends.

    A step raises the department's number by one: my production rises by its part of that number
    (1 / number), of which ``share`` reaches my points (the other departments limit me too), every
    round that is left.
    """
    return points_per_round(view) * share / max(1, view.number(department)) * rounds_left(view)
