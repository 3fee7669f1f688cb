"""Inspiration: a private look at the top cards of the gin or brand deck, keep one (book).

Also the bonus Inspiration offered the first time a player reaches each mark (10, 20: book),
straight after the action that reached it and outside the turn's two actions (ours). The cards
not kept go face down to the discard, seen only by the actor (ours).
"""

from __future__ import annotations

from typing import Any

from . import distillation, turns

HANDS = {"gin": "gins", "brand": "brands"}


def _can_inspire(t: Any, deck: str) -> bool:
    limit = t.rules.hand_limit
    hand = t.players[t.turn_owner][HANDS[deck]]
    return t.left(deck) > 0 and (limit is None or len(hand) < limit)


def inspirations(t: Any) -> list[str]:
    """The decks the turn owner may look into (cards left, hand limit)."""
    return [f"inspire {deck}" for deck in HANDS if _can_inspire(t, deck)]


def look(t: Any, deck: str, keep_for: str) -> None:
    """Draw the top cards for the turn owner's eyes only, and ask which to keep."""
    seat = t.turn_owner
    cards = [c for c in (t.draw(deck) for _ in range(t.rules.inspiration_look)) if c is not None]
    t.pending, t.pending_deck, t.keep_for = cards, deck, keep_for
    t.emit("inspiration", seat, deck=deck, cards=len(cards), reason=keep_for)
    t.emit("inspiration_look", seat, (seat,), deck=deck, looked=list(cards))
    t.step = "keep"


def inspire(t: Any, words: list[str]) -> None:
    """Inspiration: "Look at the top two cards of the gin deck or brand deck"."""
    turns.begin_action(t, "inspiration")
    look(t, words[1], "action")


def keeps(t: Any) -> list[str]:
    """One ``keep`` per card being looked at."""
    return [f"keep {c}" for c in t.pending]


def keep(t: Any, words: list[str]) -> None:
    """Keep one: "add one card to your hand and discard the other card" (book)."""
    seat, card, deck = t.turn_owner, words[1], t.pending_deck
    t.players[seat][HANDS[deck]].append(card)
    rest = [c for c in t.pending if c != card]
    t.discards[deck].extend(rest)
    t.emit("inspiration_keep", seat, (seat,), deck=deck, card=card, discarded=rest)
    t.pending, t.pending_deck, why, t.keep_for = [], None, t.keep_for, None
    if why == "effect":
        distillation.finish(t)
    elif why == "bonus":
        turns.advance(t)
    else:
        turns.action_done(t)


def bonuses(t: Any) -> list[str]:
    """A bonus Inspiration, or decline it."""
    return inspirations(t) + ["decline"]


def bonus(t: Any, words: list[str]) -> None:
    """Bonus Action: "you can perform one INSPIRATION action as a bonus action"."""
    seat = t.turn_owner
    mark = t.bonus_queue.pop(0)
    if words[0] == "decline":
        t.emit("threshold_bonus", seat, threshold=mark, taken=False, deck=None, offered=True)
        turns.advance(t)
        return
    t.emit("threshold_bonus", seat, threshold=mark, taken=True, deck=words[1], offered=True)
    look(t, words[1], "bonus")
