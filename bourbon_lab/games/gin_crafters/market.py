"""The sliding markets: Purchase, and Refresh & Purchase (book, "2. Game Play").

A row is cheapest first. Buying a card shifts the dearer cards down one place and deals a new
card into the dearest place; an empty deck takes its shuffled discards (book). Prices are the
ruleset's ``botanical_prices`` / ``juniper_prices`` (ours: the book prints none).
"""

from __future__ import annotations

from typing import Any

from . import turns

MARKETS = ("botanical", "juniper")


def prices(t: Any, kind: str) -> tuple[int, ...]:
    """The price of each position of a row, cheapest first."""
    return t.rules.botanical_prices if kind == "botanical" else t.rules.juniper_prices


def refresh_fee(t: Any, kind: str) -> int:
    """The fee to refresh a row (book: 3 botanical, 2 juniper)."""
    return t.rules.refresh_botanical if kind == "botanical" else t.rules.refresh_juniper


def grab(t: Any, seat: int, kind: str, pos: int) -> str:
    """Move the card at ``pos`` (0-based) to ``seat``'s botanical area; slide the row down and refill it."""
    row = t.market[kind]
    card = row.pop(pos)
    row.append(t.draw(kind))
    t.players[seat]["area"].append(card)
    return card


def purchases(t: Any) -> list[str]:
    """Every market position the turn owner can pay for."""
    coins = t.players[t.turn_owner]["coins"]
    out = []
    for kind in MARKETS:
        for i, (card, price) in enumerate(zip(t.market[kind], prices(t, kind))):
            if card is not None and price <= coins:
                out.append(f"purchase {kind} {i + 1}")
    return out


def purchase(t: Any, words: list[str]) -> None:
    """Purchase: "The market cards are purchased at the price indicated on the left side of the market board"."""
    kind, pos = words[1], int(words[2]) - 1
    seat = t.turn_owner
    turns.begin_action(t, "purchase")
    price = prices(t, kind)[pos]
    t.pay(seat, price, "purchase")
    card = grab(t, seat, kind, pos)
    t.emit(
        "purchase",
        seat,
        card=card,
        market=kind,
        type=t.content.card_type(card),
        position=pos + 1,
        price=price,
        refresh=False,
    )
    turns.action_done(t)


def refreshed_price(t: Any, kind: str, pos: int) -> int:
    """What the card at ``pos`` of a refreshed row costs: nothing (fee_only) or its place's price."""
    price = prices(t, kind)[pos] if t.rules.refresh_price == "fee_plus_position" else 0
    if t.house is not None:
        price = int(t.house.quantity(t, "refreshed_price", price, player=t.turn_owner, market=kind, position=pos + 1))
    return price


def _refresh_cost(t: Any, kind: str) -> int:
    """Coins a refresh needs up front: the fee, plus the dearest place of the new row."""
    if t.house is None:  # the engine's own reading, without a call per place
        return refresh_fee(t, kind) + (max(prices(t, kind)) if t.rules.refresh_price == "fee_plus_position" else 0)
    return refresh_fee(t, kind) + max(refreshed_price(t, kind, i) for i in range(len(prices(t, kind))))


def refreshes(t: Any) -> list[str]:
    """The rows the turn owner can refresh."""
    coins = t.players[t.turn_owner]["coins"]
    return [
        f"refresh {kind}"
        for kind in MARKETS
        if coins >= _refresh_cost(t, kind) and (t.left(kind) or any(c is not None for c in t.market[kind]))
    ]


def refresh(t: Any, words: list[str]) -> None:
    """Refresh & Purchase: discard the row, deal a new one; the card is taken at the next step."""
    kind = words[1]
    seat = t.turn_owner
    turns.begin_action(t, "refresh")
    fee = refresh_fee(t, kind)
    t.pay(seat, fee, "refresh")
    row = t.market[kind]
    t.discards[kind].extend(c for c in row if c is not None)
    row[:] = [None] * len(row)
    row[:] = [t.draw(kind) for _ in row]
    t.emit("refresh", seat, market=kind, cost=fee, cards=list(row))
    t.take_market, t.step = kind, "take"


def takes(t: Any) -> list[str]:
    """The positions of the refreshed row that may be taken."""
    kind = t.take_market
    coins = t.players[t.turn_owner]["coins"]
    return [
        f"take {i + 1}"
        for i, card in enumerate(t.market[kind])
        if card is not None and refreshed_price(t, kind, i) <= coins
    ]


def take(t: Any, words: list[str]) -> None:
    """Refresh & Purchase: "select any one card ... ignoring the cost of the card position" (fee_only)."""
    kind, pos = t.take_market, int(words[1]) - 1
    seat = t.turn_owner
    price = refreshed_price(t, kind, pos)
    t.pay(seat, price, "purchase")
    card = grab(t, seat, kind, pos)
    t.emit(
        "purchase",
        seat,
        card=card,
        market=kind,
        type=t.content.card_type(card),
        position=pos + 1,
        price=price,
        refresh=True,
    )
    t.take_market = None
    turns.action_done(t)
