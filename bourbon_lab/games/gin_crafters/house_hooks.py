"""Gin Crafters' hook points for house rules (``core/house.py``): events, quantities, effects, in the book's words."""

from __future__ import annotations

from typing import Any

from ...core.house import NOTE, Effect, HookCatalogue, declare

EVENTS = {
    "game_start": "Draw two cards each from the brand deck and the gin deck and put them in your hand.",
    "action": "There are four types of actions that can be performed on your turn.",
    "purchase": "The market cards are purchased at the price indicated on the left side of the market board.",
    "refresh": "you can pay coins to replace the card in the market and then make a purchase",
    "inspiration": "Inspire a new gin recipe or branding method.",
    "side_business": "You get money on side business. Receive 3 coins from stock.",
    "borrow_asked": "borrowing is the same as owning the botanical in the botanical area",
    "lend": "borrowing is the same as owning the botanical in the botanical area",
    "key_effect": "The effect described on the selected botanical card is used immediately.",
    "threshold_bonus": "When 10 or 20 Victory Points Are Achieved",
    "end_trigger": "When the player whose turn has ended has more than 30 victory points, it is a signal of the "
    "game end.",
    "brand_scored": "Brand Card",
    "income": "coins received (every coin from the stock is one)",
    "spend": "coins paid",
    "points": "victory points scored (gin, juniper, key, brand)",
    "game_end": "The game continues until the player to the right of the player with 30 points or more takes his turn.",
}

QUANTITIES = {
    "game_ends": ("player, vp", "When the player whose turn has ended has more than 30 victory points"),
    "bonuses_offered": ("player, reached", "When 10 or 20 Victory Points Are Achieved"),
    "refreshed_price": (
        "player, market, position",
        "you can pay coins to replace the card in the market and then make a purchase",
    ),
}


def give_coins(g: Any, rule: str, player: int, amount: int) -> None:
    """Coins from the stock (as many as are left under finite coins); a negative amount pays them back."""
    amount = int(amount)
    if amount > 0:
        g.gain(player, amount, f"house:{rule}", rule=rule, unit="coins")
    elif amount < 0:
        paid = min(-amount, g.players[player]["coins"])
        g.players[player]["coins"] -= paid
        g.emit("spend", player, amount=paid, source=f"house:{rule}", rule=rule, unit="coins")


def give_vp(g: Any, rule: str, player: int, amount: int) -> None:
    """VP counted in the final score as a part of its own (``house:<rule>``); not on the track."""
    source = f"house:{rule}"
    if amount:
        vp = g.players[player]["vp"]
        vp[source] = vp.get(source, 0) + int(amount)
        g.emit("points", player, amount=int(amount), source=source, rule=rule, unit="VP")


def _changed(g: Any) -> None:
    g._legal_at = -1


CATALOGUE = declare(
    HookCatalogue(
        game="gin_crafters",
        events=EVENTS,
        quantities=QUANTITIES,
        effects={
            "give_coins": Effect(give_coins, "player, amount", "Receive 3 coins from stock."),
            "give_vp": Effect(give_vp, "player, amount", "score the victory points"),
            "note": NOTE,
        },
        changed=_changed,
    )
)
