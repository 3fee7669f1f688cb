"""Key botanical effects: what each does, when its conditions are met, and the ``use`` / ``skip`` choice.

"If the conditions for using the Key Botanical's effect are not met or the player does not wish
to use the effect, the Key Botanical's card effect will not be activated" (book). An effect whose
conditions fail is skipped without asking; otherwise the player chooses ``use`` (``use 3`` for an
effect that names a market place) or ``skip``. Effect kinds and numbers are ours (``data/botanicals.yaml``).
"""

from __future__ import annotations

from typing import Any

from . import distillation, inspiration, market


def _count(t: Any, seat: int, kind: str) -> int:
    """The botanicals of ``kind`` the seat owns now; during a distillation that borrows, the borrowed card counts.

    Book: borrowing "is the same as owning the botanical in the botanical area", and the borrowed card is
    "considered as owned in the botanical area only at the time of this action"; the key's effect is part
    of that action, so per-card effects (Lemon, Pepper, Chamomile) count it.
    """
    bots = t.content.botanicals
    n = sum(1 for c in t.players[seat]["area"] if c in bots and bots[c].type == kind)
    d = t.dist
    if d is not None and d["borrow"] == kind and seat == t.turn_owner:
        n += 1
    return n


def _capped(n: int, params: dict) -> int:
    return min(n, params["max"]) if "max" in params else n


def _recipe(t: Any) -> tuple[str, ...]:
    return t.content.gins[t.dist["gin"]].recipe


def _amount(t: Any, effect: str, params: dict) -> tuple[int, int]:
    """(coins, vp) an effect gives now."""
    seat = t.turn_owner
    recipe = _recipe(t)
    table = {
        "coins": (params.get("amount", 0), 0),
        "coins_per_gin": (_capped(len(t.players[seat]["distilled"]), params), 0),
        "coins_per_owned": (_capped(_count(t, seat, params.get("of", "")), params), 0),
        "vp": (0, params.get("amount", 0)),
        "vp_if_botanicals": (0, params.get("amount", 0) if len(recipe) >= params.get("min", 0) else 0),
        "vp_if_type": (0, params.get("amount", 0) if params.get("of") in recipe else 0),
        "vp_per_type_beyond_first": (0, (len(set(recipe)) - 1) * params.get("amount", 0)),
        "vp_per_owned": (0, _capped(_count(t, seat, params.get("of", "")), params)),
        "vp_and_coins": (params.get("coins", 0), params.get("amount", 0)),
    }
    return table.get(effect, (0, 0))


def options(t: Any) -> list[str]:
    """The ways to use the key's effect now; empty when its conditions are not met."""
    b = t.content.botanicals[t.dist["key"]]
    if b.effect in ("coins", "coins_per_gin", "coins_per_owned", "vp_and_coins") or b.effect.startswith("vp"):
        return ["use"] if any(_amount(t, b.effect, b.params)) else []
    if b.effect == "inspire":
        return ["use"] if f"inspire {b.params['deck']}" in inspiration.inspirations(t) else []
    if b.effect == "free_juniper":
        return ["use"] if t.market["juniper"][0] is not None else []
    if b.effect == "free_botanical":
        return ["use"] if t.market["botanical"][0] is not None else []
    if b.effect == "buy_botanical":
        if t.players[t.turn_owner]["coins"] < b.params["amount"]:
            return []
        return [f"use {i + 1}" for i, c in enumerate(t.market["botanical"]) if c is not None]
    return ["use"]  # extra_action


def choices(t: Any) -> list[str]:
    """The effect step: the ways to use it, or skip."""
    return options(t) + ["skip"]


def resolve(t: Any, words: list[str]) -> None:
    """Use the key's effect now (or decline it), then finish the distillation."""
    if words[0] == "skip":
        distillation.finish(t)
        return
    seat, b = t.turn_owner, t.content.botanicals[t.dist["key"]]
    t.dist["used"] = True
    t.emit("key_effect", seat, card=b.id, botanical=b.name, effect=b.effect)
    if b.effect == "inspire":
        inspiration.look(t, b.params["deck"], "effect")
        return
    _immediate(t, seat, b, words)
    distillation.finish(t)


def _immediate(t: Any, seat: int, b: Any, words: list[str]) -> None:
    if b.effect == "free_juniper":
        card = market.grab(t, seat, "juniper", 0)
        t.emit("purchase", seat, card=card, market="juniper", type=None, position=1, price=0, refresh=False)
    elif b.effect == "free_botanical":
        card = market.grab(t, seat, "botanical", 0)
        t.emit(
            "purchase",
            seat,
            card=card,
            market="botanical",
            type=t.content.card_type(card),
            position=1,
            price=0,
            refresh=False,
        )
    elif b.effect == "buy_botanical":
        pos = int(words[1]) - 1
        t.pay(seat, b.params["amount"], "purchase")
        card = market.grab(t, seat, "botanical", pos)
        t.emit(
            "purchase",
            seat,
            card=card,
            market="botanical",
            type=t.content.card_type(card),
            position=pos + 1,
            price=b.params["amount"],
            refresh=False,
        )
    elif b.effect == "extra_action":
        t.actions_left += b.params["amount"]
    else:
        coins, vp = _amount(t, b.effect, b.params)
        t.gain(seat, coins, "key_effect")
        t.score(seat, vp, "key")
