"""Bourbonomics' hook points for house rules (``core/house.py``): its events, quantities and effects.

Each entry quotes the rulebook sentence it belongs to; ``bl.hooks("bourbonomics")`` prints them.
"""

from __future__ import annotations

from typing import Any

from ...core.house import NOTE, Effect, HookCatalogue, declare

EVENTS = {
    "round_start": "At the start of each round, 1 new demand card is added to the shared market.",
    "card_added": "The pile grows by 1 each round and only shrinks when cards are completed.",
    "crash": "When the new card would be the 7th on the table, the whole table is wiped instead.",
    "hot_reset": "If a player completes a card while the zone is Hot (6 cards), the market resets.",
    "demand_picked": "the first player reveals Marketing-many cards and adds one (ours: the draw)",
    "sale": "A sale pays you the bourbon's value, multiplied by the current demand zone.",
    "order_completed": "Prestige — kept by whoever fills the last slot.",
    "barrel_built": "build and age bourbon in your rickhouse",
    "barrel_emptied": "Sales per barrel. How many times you can sell a barrel is set by its quality.",
    "upgrade": "Each upgrade costs more than the last.",
    "private_card": "Private Demand Card — a personal order only you can fill.",
    "final_round": "The game ends as soon as a player has completed 8 orders. The current round finishes.",
    "turn_end": "Play (stage, build, sell for Capital, finish orders for Prestige, improve your distillery)",
    "game_end": "most Capital + Prestige wins.",
}

QUANTITIES = {
    "sale_value": (
        "player, barrel, zone, base_value, multiplier",
        "A sale pays you the bourbon's value, multiplied by the current demand zone.",
    ),
    "upgrade_cost": ("player, nth", "your 1st costs 1 Capital, your 2nd costs 2, your 3rd costs 3, and so on"),
    "demand_reveal_count": ("player", "the first player reveals Marketing-many cards and adds one"),
    "game_ends": ("player, orders", "The game ends once a player has completed 8 orders."),
    "final_prestige": ("player", "The distillery with the most Capital + Prestige wins."),
}


def give_capital(g: Any, rule: str, player: int, amount: int) -> None:
    """Capital to a player (a negative amount takes it, never below 0)."""
    p = g.players[player]
    amount = max(int(amount), -p.capital)
    p.capital += amount
    g.emit("income", player, amount=amount, source=f"house:{rule}", rule=rule, unit="Capital")


def give_prestige(g: Any, rule: str, player: int, amount: int) -> None:
    """Prestige to a player, counted in the final score."""
    g.house.add_points(player, int(amount))
    g.emit("points", player, amount=int(amount), source=f"house:{rule}", rule=rule, unit="Prestige")


def _changed(g: Any) -> None:
    g._forget_legal()


CATALOGUE = declare(
    HookCatalogue(
        game="bourbonomics",
        events=EVENTS,
        quantities=QUANTITIES,
        effects={
            "give_capital": Effect(give_capital, "player, amount", "sell for Capital"),
            "give_prestige": Effect(give_prestige, "player, amount", "finish orders for Prestige"),
            "note": NOTE,
        },
        changed=_changed,
    )
)
