"""Gin Crafters' events in words: its ``GameDef.narrate`` hook, read under the board and in the Stepper.

One short sentence per kind of the log, in the book's words (botanical area, distilled area, key
botanical, VP track). A private event (``visible_to``: the hands dealt, an Inspiration's look and
keep) names its cards only to its own seat; anyone else reads that it happened, as at the table.
A kind this module does not know gets None, so the widgets' generic sentence covers it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .content import CONTENT

HAND = {"gin": "gin", "brand": "brand"}


def card_name(card: Any) -> str:
    """``B03`` -> ``Rosemary (B03)``; a juniper by its origin; gin and brand cards by id.

    >>> card_name("B01"), card_name("J01")
    ('Angelica (B01)', 'Italian juniper (J01)')
    """
    if card in CONTENT.botanicals:
        return f"{CONTENT.botanicals[card].name} ({card})"
    if card in CONTENT.junipers:
        return f"{CONTENT.junipers[card].origin} juniper ({card})"
    return str(card)


def _who(e: Any) -> str:
    return "The table" if e.player is None else f"P{e.player}"


def _seats(seats: Any) -> str:
    return ", ".join(f"P{s}" for s in seats or []) or "nobody"


def _cards(cards: Any) -> str:
    return ", ".join(card_name(c) for c in cards if c) or "nothing"


def _words(text: Any) -> str:
    return str(text).replace("_", " ")


def _purchase(e: Any, d: dict[str, Any]) -> str:
    price = d.get("price")
    if price:
        how = f"for {price} coin{_s(price)}"
    else:
        how = "at no further cost (the refresh fee paid for it)" if d.get("refresh") else "free, by a key effect"
    where = "the refreshed " if d.get("refresh") else "the "
    place = f"position {d.get('position')} of {where}{d.get('market')} market"
    return f"{_who(e)} takes {card_name(d.get('card'))} from {place}, {how}."


def _distill(e: Any, d: dict[str, Any]) -> str:
    text = f"{_who(e)} distils gin {d.get('gin')} ({_words(d.get('shape'))}) for {d.get('vp')} VP"
    if d.get("borrowed"):
        text += f", with a {d['borrowed']} borrowed from P{d.get('lender')}"
    if d.get("juniper"):
        bonus = d.get("juniper_bonus") or 0
        text += f"; juniper {card_name(d['juniper'])}" + (f" adds {bonus} VP" if bonus else " gives no bonus")
    if d.get("key"):
        used = "its effect used" if d.get("effect_used") else "its effect not used"
        text += f"; key botanical {card_name(d['key'])}, {used}"
    return text + "."


def _threshold(e: Any, d: dict[str, Any]) -> str:
    mark = d.get("threshold")
    if d.get("taken"):
        return f"{_who(e)} reaches {mark} VP and takes the bonus Inspiration from the {d.get('deck')} deck."
    if d.get("offered"):
        return f"{_who(e)} reaches {mark} VP and declines the bonus Inspiration."
    return f"{_who(e)} passes {mark} VP; the bonus Inspiration cannot be taken (no cards to look at)."


def _end_trigger(e: Any, d: dict[str, Any]) -> str:
    after = {
        "others_once": "every other player takes one more turn",
        "complete_round": "the round is played out so every player has had as many turns",
    }.get(d.get("variant"), f"final turns: {_words(d.get('variant'))}")
    return f"{_who(e)} ends the turn with {d.get('vp')} VP: the end is triggered, and {after}."


def _brand(e: Any, d: dict[str, Any]) -> str:
    what = f"brand card {d.get('card')} ({_words(d.get('condition'))})"
    if d.get("met"):
        return f"{_who(e)} reveals {what}: met, {d.get('vp')} VP."
    return f"{_who(e)} reveals {what}: not met."


def _s(n: Any) -> str:
    return "" if n == 1 else "s"


_PUBLIC: dict[str, Callable[[Any, dict[str, Any]], str]] = {
    "game_start": lambda e, d: (
        f"A {d.get('players')}-player game begins; P{d.get('start_player')} is the start player."
    ),
    "market": lambda e, d: (
        f"The markets are dealt: botanicals {_cards(d.get('botanical', []))}; "
        f"juniper berries {_cards(d.get('juniper', []))}."
    ),
    "reshuffle": lambda e, d: (
        f"The {d.get('deck')} deck is empty: its {d.get('cards')} discards are shuffled into a new deck."
    ),
    "action": lambda e, d: f"{_who(e)}, turn {d.get('turn')}, action {d.get('index')}: {_words(d.get('verb'))}.",
    "spend": lambda e, d: f"{_who(e)} pays {d.get('amount')} coin{_s(d.get('amount'))} ({_words(d.get('source'))}).",
    "income": lambda e, d: (
        f"{_who(e)} receives {d.get('amount')} coin{_s(d.get('amount'))} ({_words(d.get('source'))}"
        + (f" from P{d['borrower']}'s borrowing" if d.get("borrower") is not None else "")
        + ")."
    ),
    "points": lambda e, d: f"{_who(e)} scores {d.get('amount')} VP ({_words(d.get('source'))}).",
    "purchase": _purchase,
    "refresh": lambda e, d: (
        f"{_who(e)} pays {d.get('cost')} to refresh the {d.get('market')} market: {_cards(d.get('cards', []))}."
    ),
    "side_business": lambda e, d: f"{_who(e)} runs the side business for {d.get('amount')} coins.",
    "inspiration": lambda e, d: (
        f"{_who(e)} takes Inspiration: looks at the top {d.get('cards')} cards of the {d.get('deck')} deck"
        + (" (a key effect)." if d.get("reason") == "effect" else ".")
    ),
    "borrow_asked": lambda e, d: (
        f"{_who(e)} asks P{d.get('lender')} to lend a {d.get('type')} botanical for gin {d.get('gin')}."
    ),
    "lend": lambda e, d: f"{_who(e)} lends a {d.get('type')} botanical to P{d.get('borrower')} for gin {d.get('gin')}.",
    "borrow_refused": lambda e, d: (
        f"{_who(e)} refuses to lend a {d.get('type')} botanical to P{d.get('borrower')}; "
        f"gin {d.get('gin')} is not made."
    ),
    "distill": _distill,
    "key_effect": lambda e, d: f"{_who(e)} uses {d.get('botanical')}'s key effect ({_words(d.get('effect'))}).",
    "threshold_bonus": _threshold,
    "end_trigger": _end_trigger,
    "brand_scored": _brand,
    "game_end": lambda e, d: (
        f"Game over ({_words(d.get('ended_by'))}); winner{_s(len(d.get('winners', [])))}: {_seats(d.get('winners'))}; "
        f"scores {', '.join(str(s) for s in d.get('scores', []))}."
    ),
}

_PRIVATE: dict[str, tuple[Callable[[Any, dict[str, Any]], str], Callable[[Any, dict[str, Any]], str]]] = {
    "hand_dealt": (
        lambda e, d: (
            f"{_who(e)} is dealt gin cards {_cards(d.get('gins', []))} and brand cards {_cards(d.get('brands', []))}."
        ),
        lambda e, d: (
            f"{_who(e)} is dealt {len(d.get('gins', []))} gin cards and {len(d.get('brands', []))} brand cards."
        ),
    ),
    "inspiration_look": (
        lambda e, d: f"{_who(e)} looks at {_cards(d.get('looked', []))} from the {d.get('deck')} deck.",
        lambda e, d: f"{_who(e)} looks at {len(d.get('looked', []))} cards of the {d.get('deck')} deck.",
    ),
    "inspiration_keep": (
        lambda e, d: (
            f"{_who(e)} keeps {d.get('card')} in hand and discards {_cards(d.get('discarded', []))} face down."
        ),
        lambda e, d: f"{_who(e)} keeps one {d.get('deck')} card and discards the rest face down.",
    ),
}


def describe(event: Any, viewer: int | None = None) -> str | None:
    """One sentence for a Gin Crafters event, as ``viewer`` may read it.

    Parameters
    ----------
    event : bourbon_lab.core.Event
        A record from ``game.log``.
    viewer : int, optional
        The seat reading it. An event whose ``visible_to`` leaves this seat out is told without
        its cards; None reads everything (a designer replaying).

    Returns
    -------
    str or None
        The sentence; None for a kind without one (the widgets' generic sentence is used).
    """
    data = event.data or {}
    try:
        if event.kind in _PRIVATE:
            own, other = _PRIVATE[event.kind]
            seats = event.visible_to
            sees = viewer is None or seats is None or viewer in seats
            return (own if sees else other)(event, data)
        template = _PUBLIC.get(event.kind)
        return None if template is None else template(event, data)
    except (TypeError, ValueError, KeyError):
        return None
