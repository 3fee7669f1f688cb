"""The shared demand market: zones, adding a card, the crash at the 7th, the Hot completion reset."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .state import PlayerState

from .actions import Action
from .departments import number
from .state import OrderCard

ZONES = ("Low", "Mid", "Hot")


def zone_index(rules: Any, table_size: int) -> int:
    """Low / Mid / Hot by the number of cards on the shared table (an empty table is Low)."""
    if table_size >= rules.hot_zone_from:
        return 2
    if table_size >= rules.mid_zone_from:
        return 1
    return 0


def multiplier(rules: Any, table_size: int) -> int:
    return rules.zone_multipliers[zone_index(rules, table_size)]


def new_order(g: Game, card_id: str) -> OrderCard:
    return OrderCard(card_id, g.rules.slots_per_player * g.n)


def add_card(g: Game, card_id: str, player: int | None) -> None:
    """Put a card on the shared table, crashing the market first if it would be one too many."""
    if len(g.table) + 1 >= g.rules.crash_size:
        wiped = [c.id for c in g.table]
        g.demand.discards.extend(wiped)
        g.table = [new_order(g, card_id)]
        g.emit("crash", player, card=card_id, wiped=wiped, table_size=1)
    else:
        g.table.append(new_order(g, card_id))
    g.emit("card_added", player, card=card_id, table_size=len(g.table))


def demand_reveal_count(g: Game) -> int:
    first = g.players[g.order[0]]
    n = 1 if g.rules.demand_draw == "top_card" else max(1, number(g.rules, first, "marketing"))
    if g.house is not None:
        n = max(1, int(g.house.quantity(g, "demand_reveal_count", n, player=first.seat)))
    return n


def start_demand_phase(g: Game) -> None:
    """Round 1 keeps the opener alone (unless the variant says otherwise); later rounds add one card."""
    if g.round == 1 and not g.rules.opening_round_adds_card:
        return
    n = demand_reveal_count(g)
    note = g.demand.refill(n, g.stream("demand"))
    if note:
        g.emit("deck_refilled", None, deck="demand", how=note)
    if n == 1:
        add_card(g, g.demand.cards.pop(), g.order[0])
        return
    g.demand_reveal = [g.demand.cards.pop() for _ in range(n)]
    g.emit("demand_revealed", g.order[0], cards=list(g.demand_reveal))


def pick_candidates(g: Game, p: PlayerState) -> list[Action]:
    return [Action.of("pick", c) for c in g.demand_reveal]


def check_pick(g: Game, p: PlayerState, action: Action) -> str | None:
    if action.args[0] not in g.demand_reveal:
        return f"{action.args[0]} is not among the revealed demand cards {g.demand_reveal}"
    return None


def apply_pick(g: Game, p: PlayerState, action: Action) -> None:
    chosen = action.args[0]
    rest = [c for c in g.demand_reveal if c != chosen]
    g.demand_reveal = []
    g.demand.to_bottom(rest)
    g.emit("demand_picked", p.seat, card=chosen, to_bottom=rest)
    add_card(g, chosen, p.seat)
    g.start_collect()


def draw_demand(g: Game) -> str:
    """The top demand card, logging a reshuffle (or fresh copies) when the deck had run dry."""
    note = g.demand.refill(1, g.stream("demand"))
    if note:
        g.emit("deck_refilled", None, deck="demand", how=note)
    return g.demand.cards.pop()


def hot_reset(g: Game, player: int) -> None:
    """After the finisher banked the x3 sale and kept the card: wipe the rest, start a Low market."""
    wiped = [c.id for c in g.table]
    g.demand.discards.extend(wiped)
    g.table = []
    card_id = draw_demand(g)
    g.table.append(new_order(g, card_id))
    g.emit("hot_reset", player, wiped=wiped, card=card_id, table_size=1)
    g.emit("card_added", player, card=card_id, table_size=1)


def deal_private(g: Game, p: PlayerState) -> None:
    card_id = draw_demand(g)
    p.private = OrderCard(card_id, g.rules.private_card_slots)
    g.emit("private_card", p.seat, card=card_id)
