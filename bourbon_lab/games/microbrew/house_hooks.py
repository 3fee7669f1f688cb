"""Microbrew's hook points for house rules (``core/house.py``): events, quantities and effects, in the book's words."""

from __future__ import annotations

from typing import Any

from ...core.house import NOTE, Effect, HookCatalogue, declare

EVENTS = {
    "round_start": "In Microbrew, a round consists of two phases: Work and Rest.",
    "placement": "During the work phase, players want to Brew beer, Bottle it and then Serve it.",
    "replaced": "you can always replace your opponent's to do their job",
    "free_brew": "your opponent may immediately take a Brew action out of turn, without using a ready Brewer!",
    "pass": 'If they have no ready brewers, they must "pass".',
    "mash": "Mash: take malts from the tin into your Copper.",
    "brew": "Select a recipe from your hand or a revealed one from the table.",
    "flush": "Flush: clear tokens from your Copper.",
    "serve": "That customer will now drink your beer and compare it against their favourite.",
    "loyal": "The winner is the player with the most loyal customers (including reputation bonuses).",
    "advertise": "Advertise to take that customer",
    "manage": "Manage: buy an upgrade for your brewery.",
    "break": "Break: rest a brewer and earn money.",
    "brewmaster": "then the Brewmaster moves and performs a job",
    "reputation": "they will count as having one extra loyal customer",
    "income": "money gained",
    "points": "loyal customers gained",
    "game_over": "When the last card is drawn from the Customer Deck, finish that round then play one final full "
    "round.",
}

QUANTITIES = {
    "serve_pay": (
        "player, recipe, customer, rating",
        "compare the colours on the recipe against those on the customer card",
    ),
    "replaceable_spaces": ("player, job", "you can always replace your opponent's to do their job"),
    "free_brew": (
        "player, job",
        "If the Brewmaster already occupies a space ... your opponent may immediately take a Brew",
    ),
}


def give_money(g: Any, rule: str, player: int, amount: int) -> None:
    """Money to a player (a negative amount takes it, never below 0)."""
    amount = max(int(amount), -g.cash[player])
    if amount:
        g.cash[player] += amount
        g.emit("income", player, amount=amount, source=f"house:{rule}", rule=rule, unit="money")


def give_loyal(g: Any, rule: str, player: int, amount: int = 1) -> None:
    """Count as having ``amount`` extra loyal customers (a score part of its own, ``house:<rule>``)."""
    source = f"house:{rule}"
    g.loyal_from[player][source] = g.loyal_from[player].get(source, 0) + int(amount)
    g.emit("points", player, amount=int(amount), source=source, rule=rule, unit="loyal customer(s)")


def _changed(g: Any) -> None:
    g._legal = None


CATALOGUE = declare(
    HookCatalogue(
        game="microbrew",
        events=EVENTS,
        quantities=QUANTITIES,
        effects={
            "give_money": Effect(give_money, "player, amount", "earn them the most cash"),
            "give_loyal": Effect(give_loyal, "player, amount", "counts as having one extra loyal customer"),
            "note": NOTE,
        },
        changed=_changed,
    )
)
