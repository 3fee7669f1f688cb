"""Distilled's hook points for house rules (``core/house.py``): events, quantities and effects, in the book's words."""

from __future__ import annotations

from typing import Any

from ...core.house import NOTE, Effect, HookCatalogue, declare

EVENTS = {
    "round_start": "Each round: Market, Distill, Sell, Age, End of Round.",
    "purchase": "players take turns purchasing one card or cube at a time",
    "cube": "Unlock a recipe: buy its cube.",
    "water_reveal": "Water: Reveal top card of any market deck; may purchase it this turn or return to bottom.",
    "trade": "trade exactly 1 ingredient/item card for a basic ingredient of equal or lesser cost",
    "distill": "Each slot needs at least 1 card to distill.",
    "spirit_claimed": "Add an appropriate barrel and claim a matching spirit label.",
    "spirit_sold": "Collect money equal to total sell value on all cards.",
    "spirit_lost": "Non-aged spirits (Moonshine, Vodka) must be sold immediately.",
    "label_placed": "Place the spirit label on an empty label bonus space on your distillery board.",
    "label_bonus": "gain that bonus immediately",
    "spirit_aged": "In turn order, age spirits.",
    "flavour_added": "draw 1 face-down flavor card to the bottom of the stack",
    "award": "Spirit awards: Bonus SP for meeting objectives (first to fulfill scores full; ties split, rounding up).",
    "tasting": "If you did not sell a spirit this round, you may offer a tasting.",
    "goal_scored": "Distillery goal SP (if achieved; cannot be achieved by scoring zero).",
    "unsold_spirit": "Unsold spirits in the warehouse score at the end.",
    "income": "money gained or paid (every change of money is one)",
    "points": "SP scored (every change of SP is one)",
    "game_end": "The player with the most SP wins.",
}

QUANTITIES = {
    "sale_value": ("player, spirit, recipe", "Collect money equal to total sell value on all cards."),
    "flavour_bonus": ("flavours", "1 flavor = 1 SP, 2 = 3 SP, 3 = 6 SP, 4 = 10 SP"),
    "unsold_spirit_sp": ("player, spirit, recipe", "Unsold spirits in the warehouse score at the end."),
    "goal_met": ("player, goal, values", "Compared relative to other players. Cannot be achieved by scoring zero."),
}


def give_money(g: Any, rule: str, player: int, amount: int) -> None:
    """Money to a player (a negative amount takes it, never below 0)."""
    amount = max(int(amount), -g.money[player])
    if amount:
        g.money[player] += amount
        g.emit("income", player, amount=amount, source=f"house:{rule}", rule=rule, unit="money")


def give_sp(g: Any, rule: str, player: int, amount: int) -> None:
    """SP to a player, a part of their score of its own (``house:<rule>``)."""
    source = f"house:{rule}"
    if amount:
        g.sp[player][source] = g.sp[player].get(source, 0) + int(amount)
        g.emit("points", player, amount=int(amount), source=source, rule=rule, unit="SP")


def _changed(g: Any) -> None:
    g._legal_cache = (None, [])


CATALOGUE = declare(
    HookCatalogue(
        game="distilled",
        events=EVENTS,
        quantities=QUANTITIES,
        effects={
            "give_money": Effect(give_money, "player, amount", "Collect money"),
            "give_sp": Effect(give_sp, "player, amount", "Score SP"),
            "note": NOTE,
        },
        changed=_changed,
    )
)
