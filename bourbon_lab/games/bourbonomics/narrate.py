"""Bourbonomics' events in words: its ``GameDef.narrate`` hook, read under the board and in the stepper.

The log keeps typed records for the tables; people want sentences. Each kind gets
one short template; for a kind this module does not know it answers None and the
widgets use their generic sentence, so a new event kind in the rules never breaks them.

A resource card's id never reaches a seat that may not see its quality: a pile is built in
quality order before it is shuffled (``supply.ResourcePiles.build``), so ``cask41`` tells its
quality to anyone who counts. Another seat reads "a cask card" (its type is public).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .events import Event


def _who(e: Event) -> str:
    return "The table" if e.player is None else f"Player {e.player}"


def _quality(d: dict[str, Any]) -> str:
    return f" ({d['quality']})" if d.get("quality") else ""


def _card_kind(card: Any) -> str:
    """``cask41`` -> ``cask``: a resource card's type, which every seat sees."""
    return str(card).rstrip("0123456789") or "resource"


_UNNAMED_CARD = frozenset({"card_drawn", "card_staged", "card_unstaged"})
"""Kinds that name a resource card: another seat reads its type only (the id would tell its quality)."""


def _join(items: Any) -> str:
    if isinstance(items, list | tuple):
        return ", ".join(str(x) for x in items) or "nothing"
    return str(items)


_TEMPLATES: dict[str, Callable[[Event, dict[str, Any]], str]] = {
    "setup": lambda e, d: f"A {d.get('players')}-player game is set up (seed {d.get('seed')}).",
    "round_start": lambda e, d: f"Round {e.round} begins; turn order {_join([f'P{s}' for s in d.get('order', [])])}.",
    "card_added": lambda e, d: f"Demand card {d.get('card')} joins the market ({d.get('table_size')} on the table).",
    "crash": lambda e, d: f"Market crash! {len(d.get('wiped', []))} cards are wiped; the market restarts.",
    "hot_reset": lambda e, d: f"Hot completion reset: {len(d.get('wiped', []))} other cards are wiped.",
    "demand_revealed": lambda e, d: f"{_who(e)} reveals demand cards {_join(d.get('cards'))}.",
    "demand_picked": lambda e, d: f"{_who(e)} adds demand card {d.get('card')} to the market.",
    "bills_revealed": lambda e, d: f"{_who(e)} reveals mash bills {_join(d.get('bills'))}.",
    "bill_kept": lambda e, d: f"{_who(e)} keeps mash bill {d.get('bill')} as resting barrel {d.get('barrel')}.",
    "bills_returned": lambda e, d: f"{_who(e)} returns mash bills {_join(d.get('bills'))}.",
    "dice_inherited": lambda e, d: f"{_who(e)} inherits dice {_join(d.get('dice'))}.",
    "die_kept": lambda e, d: f"{_who(e)} keeps a {d.get('face')} die.",
    "dice_rolled": lambda e, d: f"{_who(e)} rolls {_join(d.get('faces'))}.",
    "dice_rerolled": lambda e, d: f"{_who(e)} rerolls {_join(d.get('old'))} into {_join(d.get('faces'))}.",
    "dice_traded": lambda e, d: f"{_who(e)} trades {_join(d.get('returned'))} for a {d.get('face')} die.",
    "card_drawn": lambda e, d: f"{_who(e)} draws {d.get('card')} from the {d.get('pile')} pile{_quality(d)}.",
    "dice_passed": lambda e, d: (
        f"{_who(e)} passes dice {_join(d.get('dice'))} on." if d.get("dice") else f"{_who(e)} passes no dice on."
    ),
    "dice_returned": lambda e, d: f"Leftover dice {_join(d.get('dice'))} go back to the pool.",
    "card_staged": lambda e, d: f"{_who(e)} stages {d.get('card')} on barrel {d.get('barrel')}.",
    "card_unstaged": lambda e, d: f"{_who(e)} takes {d.get('card')} back from barrel {d.get('barrel')}.",
    "barrel_built": lambda e, d: (
        f"{_who(e)} builds barrel {d.get('barrel')} ({d.get('quality')}, {d.get('mash_bill')}), "
        f"starting at age {d.get('age')}."
    ),
    "sale": lambda e, d: (
        f"{_who(e)} sells barrel {d.get('barrel')} into {d.get('card')} for {d.get('capital')} Capital "
        f"({d.get('base_value')} × {d.get('multiplier')}, {d.get('zone')})."
    ),
    "order_completed": lambda e, d: (
        f"{_who(e)} completes order {d.get('card')} for {d.get('prestige')} Prestige "
        f"({d.get('orders')} order{'' if d.get('orders') == 1 else 's'} in all)."
    ),
    "barrel_emptied": lambda e, d: f"Barrel {d.get('barrel')} made its last sale and leaves the rickhouse.",
    "upgrade": lambda e, d: (
        f"{_who(e)} upgrades {str(d.get('department', '')).replace('_', ' ')} to level {d.get('level')} "
        + (f"with the Ultimate {str(d['ultimate']).replace('_', ' ').title()} " if d.get("ultimate") else "")
        + f"for {d.get('cost')} Capital."
    ),
    "private_card": lambda e, d: f"{_who(e)} receives private demand card {d.get('card')}.",
    "final_round": lambda e, d: f"{_who(e)} has {d.get('orders')} orders: this is the final round.",
    "stall": lambda e, d: f"{_who(e)} can do nothing useful this turn.",
    "turn_end": lambda e, d: f"{_who(e)} ends the turn.",
    "aged": lambda e, d: (
        f"{_who(e)}'s barrels age: {_join([f'{b} → {a}' for b, a in zip(d.get('barrels', []), d.get('ages', []))])}."
    ),
    "climate_named": lambda e, d: f"{_who(e)} names barrel {d.get('barrel')} for Climate Controlled ageing.",
    "double_maturation": lambda e, d: f"Barrel {d.get('barrel')} reaches age {d.get('age')}: one more sale.",
    "warehouse_tasting": lambda e, d: f"{_who(e)} gains {d.get('capital')} Capital from Warehouse Tasting.",
    "pile_refilled": lambda e, d: f"The {d.get('pile')} pile is reshuffled from its discards.",
    "deck_refilled": lambda e, d: f"The {str(d.get('deck', '')).replace('_', ' ')} deck is reshuffled.",
    "game_end": lambda e, d: (
        f"Game over ({str(d.get('ended_by', '')).replace('_', ' ')}); "
        f"winner{'s' if len(d.get('winners', [])) > 1 else ''}: {_join([f'P{w}' for w in d.get('winners', [])])}."
    ),
}


def describe(event: Event, viewer: int | None = None) -> str | None:
    """One sentence for an event, in the game's words.

    Parameters
    ----------
    event : Event
        A record from ``game.log``.
    viewer : int, optional
        The seat reading it: a card drawn, staged or taken back by another seat is told by its
        type, with neither its quality nor its id, as it is on the table. None reads everything
        (a designer replaying).

    Returns
    -------
    str or None
        The sentence; None for a kind without a template (the caller's generic sentence).
    """
    template = _TEMPLATES.get(event.kind)
    if template is None:
        return None
    data = event.data
    if viewer not in (None, event.player) and event.kind in ("bills_revealed", "bills_returned", "demand_revealed"):
        return None  # the cards a seat looks at are its own (rules.protocol.PRIVATE_KINDS): the generic "(hidden)"
    if viewer is not None and event.player != viewer and event.kind in _UNNAMED_CARD:
        hidden = ("quality", "discarded", "moved_from")
        data = {k: v for k, v in data.items() if k not in hidden} | {"card": f"a {_card_kind(data.get('card'))} card"}
    try:
        return template(event, data)
    except (TypeError, ValueError, KeyError):
        return None
