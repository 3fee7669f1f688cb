"""What a seat may see (``view``) and a bot's window on it (``Observation.determinise``).

Public: the markets, the deck and discard sizes, both areas of every player, coins, the VP track,
hand sizes. Private: a player's own gin and brand hands, and the cards of an Inspiration being
looked at (book: "You may check the contents of the cards"). Deck order, discards and other hands
are hidden; ``determinise`` re-deals exactly those.
"""

from __future__ import annotations

from typing import Any

from .chance import Stream

HIDDEN_HANDS = {"gin": "gins", "brand": "brands"}


def _public(p: dict[str, Any]) -> dict[str, Any]:
    return {
        "coins": p["coins"],
        "vp": dict(p["vp"]),
        "area": list(p["area"]),
        "distilled": list(p["distilled"]),
        "spent": list(p["spent"]),
        "hand_gins": len(p["gins"]),
        "hand_brands": len(p["brands"]),
        "bonuses": list(p["bonuses"]),
        "borrowed": p["borrowed"],
        "lent": p["lent"],
        "juniper_bonuses": p["juniper_bonuses"],
        "brands_met": p["brands_met"],
    }


def view(t: Any, player: int | None) -> dict[str, Any]:
    """JSON-safe: everything public, plus ``player``'s own hands and Inspiration cards."""
    out = {
        "game": "gin_crafters",
        "player": player,
        "round": t.round,
        "step": t.step,
        "turn_owner": t.turn_owner,
        "actions_left": t.actions_left,
        "start_player": t.start,
        "final_until": t.final_until,
        "market": {k: list(v) for k, v in t.market.items()},
        "decks": {k: len(v) for k, v in t.decks.items()},
        "discards": {k: len(v) for k, v in t.discards.items()},
        "players": [_public(p) for p in t.players],
        "distilling": dict(t.dist) if t.dist else None,
        "looking": len(t.pending),
        "bonus_queue": list(t.bonus_queue),
        "take_market": t.take_market,
    }
    if player is not None:
        me = t.players[player]
        out["hand"] = {"gins": list(me["gins"]), "brands": list(me["brands"])}
        out["inspiration"] = list(t.pending) if player == t.turn_owner else []
    return out


class Observation:
    """A seat's window for bots: ``view`` (the dict), ``player`` and ``determinise(rng)``."""

    def __init__(self, table: Any, player: int):
        self._table, self.player = table, player
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = view(self._table, self.player)
        return self._view

    @property
    def rules(self) -> Any:
        return self._table.rules

    @property
    def content(self) -> Any:
        return self._table.content

    def determinise(self, rng: Any) -> Any:
        """A full table where the decks, the discards, other hands and others' Inspiration cards are re-dealt."""
        g = self._table.clone()
        me = self.player
        for deck in ("gin", "botanical", "juniper", "brand"):
            holders = _holders(g, deck, me)
            pool = [c for cards in holders for c in cards]
            rng.shuffle(pool)
            for cards in holders:
                k = len(cards)
                cards[:] = pool[:k]
                pool = pool[k:]
        g.rng = Stream(rng.getrandbits(64))
        return g


def _holders(g: Any, deck: str, me: int) -> list[list[str]]:
    """The card lists of ``deck`` that ``me`` cannot see."""
    out = [g.decks[deck], g.discards[deck]]
    hand = HIDDEN_HANDS.get(deck)
    if hand:
        out += [p[hand] for s, p in enumerate(g.players) if s != me]
        if g.pending_deck == deck and g.turn_owner != me:
            out.append(g.pending)
    return out
