"""Distilled's events in words: its ``GameDef.narrate`` hook, read under the board and in the Stepper.

One short sentence per kind of the log, in the book's words (washback, cut, label, warehouse,
flavour). An event ``visible_to`` keeps from the viewer (a loading, a committed choice, dealt
goals and identities, a flavour card nobody has seen) is told without its content, so the
sentence never says more than the view does. A kind this module does not know answers None and
the widgets use their generic sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .content import content


def _who(e: Any) -> str:
    return "The table" if e.player is None else f"Player {e.player}"


def _words(x: Any) -> str:
    return str(x).replace("_", " ")


def _join(items: Any) -> str:
    items = list(items or [])
    return ", ".join(_words(x) for x in items) if items else "nothing"


def _identity(key: str) -> str:
    spec = content().identities.get(key)
    return f"{spec['name']} ({key})" if spec else str(key)


def _goal(key: str) -> str:
    spec = content().goals.get(key)
    return f"'{spec['name']}' ({key})" if spec else str(key)


def _seats(players: Any) -> str:
    return ", ".join(f"Player {p}" for p in players or []) or "nobody"


def _washbacks(d: dict[str, Any]) -> str:
    parts = []
    for seat, slots in sorted((d.get("washbacks") or {}).items()):
        slots_text = "; ".join(f"{slot} {_join(cards)}" for slot, cards in slots.items())
        parts.append(f"Player {seat}: {slots_text}")
    return " | ".join(parts) or "nobody distils"


def _distill(e: Any, d: dict[str, Any]) -> str:
    cut = f"the cut removes {_join(d.get('cut'))}"
    if d.get("returned"):
        cut += f" ({_join(d['returned'])} returns to the stack)"
    tail = " No recipe matches: the spirit falls back to Vodka or Moonshine." if d.get("fallback") else ""
    return (
        f"{_who(e)} distils: {d.get('alcohol')} alcohol from the sugars, {cut}; "
        f"left in the still: {_join(d.get('stack'))}.{tail}"
    )


def _sold(e: Any, d: dict[str, Any]) -> str:
    flavours = f", {d.get('flavours')} flavour card(s) {d.get('flavour_sp')} SP" if d.get("aged") else ""
    return (
        f"{_who(e)} sells {_words(d.get('recipe'))} ({d.get('spirit')}) in a {_words(d.get('bottle'))} "
        f"for {d.get('money')} money and {d.get('sp')} SP (cards {d.get('card_sp')}, recipe {d.get('recipe_sp')}"
        f"{flavours})."
    )


def _claimed(e: Any, d: dict[str, Any]) -> str:
    barrel = f" in a {_words(d['barrel'])}" if d.get("barrel") else " with no barrel"
    label = "" if d.get("labelled", True) else " (no label left)"
    return f"{_who(e)} claims {_words(d.get('recipe'))} ({d.get('tier')}) as {d.get('spirit')}{barrel}{label}."


def _purchase(e: Any, d: dict[str, Any]) -> str:
    where = {"basic": "the basic market", "truck": "the truck"}.get(d.get("row"), f"the {d.get('row')} row")
    slot = f", slot {d['slot']}" if d.get("slot") is not None and d.get("row") not in ("basic", "truck") else ""
    return f"{_who(e)} buys {_words(d.get('card'))} from {where}{slot} for {d.get('cost')} money."


_TEMPLATES: dict[str, Callable[[Any, dict[str, Any]], str]] = {
    "setup": lambda e, d: (
        f"The table is set: flight {d.get('flight')}, awards {_join(d.get('awards'))}; Player {d.get('first')} starts."
    ),
    "goals_dealt": lambda e, d: f"{_who(e)} is dealt distillery goals {_join(_goal(g) for g in d.get('goals', []))}.",
    "identities_dealt": lambda e, d: (
        f"{_who(e)} is dealt identities {_join(_identity(i) for i in d.get('identities', []))}."
    ),
    "identity_chosen": lambda e, d: f"{_who(e)} secretly chooses {_identity(d.get('identity'))}.",
    "identities_revealed": lambda e, d: (
        (
            "Identities revealed: "
            + "; ".join(f"Player {p} {_identity(i)}" for p, i in enumerate(d.get("identities", [])))
        )
        + "."
    ),
    "income": lambda e, d: (
        f"{_who(e)} {'gains' if d.get('amount', 0) >= 0 else 'pays'} {abs(d.get('amount', 0))} money "
        f"({_words(d.get('source'))})."
    ),
    "points": lambda e, d: (
        f"{_who(e)} {'scores' if d.get('amount', 0) >= 0 else 'gives up'} {abs(d.get('amount', 0))} SP "
        f"({_words(d.get('source'))})."
    ),
    "round_start": lambda e, d: (
        f"Round {e.round} begins: Player {d.get('first')} is first; order {_join(f'P{p}' for p in d.get('order', []))}."
    ),
    "power": lambda e, d: f"{_who(e)}'s identity power ({_words(d.get('power'))}) gives {_words(d.get('card'))}.",
    "flavour_peek": lambda e, d: (
        f"{_who(e)} peeks at the top flavour card: {_words(d.get('flavour'))}"
        + (", and puts it at the bottom." if d.get("bottomed") else ".")
    ),
    "cube": lambda e, d: (
        f"{_who(e)} buys the {_words(d.get('recipe'))} recipe cube ({d.get('tier')}) for {d.get('cost')} money."
    ),
    "purchase": _purchase,
    "pass": lambda e, d: f"{_who(e)} passes.",
    "water_reveal": lambda e, d: f"{_who(e)} reveals {_words(d.get('card'))} from the {d.get('row')} deck.",
    "bottomed": lambda e, d: f"{_who(e)} returns {_words(d.get('card'))} to the bottom of the {d.get('row')} deck.",
    "upgrade_discarded": lambda e, d: f"{_who(e)} discards the upgrade {_words(d.get('card'))}.",
    "to_truck": lambda e, d: f"The {d.get('row')} row slides: {_join(d.get('cards'))} go to the truck.",
    "load": lambda e, d: f"{_who(e)} loads {_words(d.get('card'))} into the {d.get('slot')} slot of the washback.",
    "trade_planned": lambda e, d: f"{_who(e)} plans to trade {_words(d.get('card'))} for a basic {d.get('basic')}.",
    "washback_committed": lambda e, d: (
        f"{_who(e)} commits the washback: " + ("distil." if d.get("distill") else "skip this round.")
    ),
    "trade": lambda e, d: f"{_who(e)} trades {_words(d.get('card'))} for a basic {d.get('basic')}.",
    "washbacks_revealed": lambda e, d: f"Washbacks revealed: {_washbacks(d)}.",
    "distill": _distill,
    "label_unavailable": lambda e, d: f"No {_words(d.get('recipe'))} label is left for {_who(e)}.",
    "spirit_claimed": _claimed,
    "spirit_sold": _sold,
    "spirit_lost": lambda e, d: (
        f"{_who(e)} loses {_words(d.get('recipe'))} ({d.get('spirit')}): {d.get('why')}"
        + ("; the metal barrel goes back to the storeroom." if d.get("barrel_kept") else ".")
    ),
    "label_placed": lambda e, d: (
        f"{_who(e)} places the {_words(d.get('recipe'))} label on space {d.get('space')} "
        f"({_words(d.get('bonus') or 'no bonus')})."
    ),
    "label_bonus": lambda e, d: (
        f"{_who(e)} takes the label bonus {_words(d.get('bonus'))}"
        + (f": {_words(d['card'])}." if d.get("card") else ".")
    ),
    "forced_sale": lambda e, d: f"{_who(e)}'s warehouse is full: a spirit must be sold to age {d.get('spirit')}.",
    "spirit_aged": lambda e, d: f"{_who(e)} puts {_words(d.get('recipe'))} ({d.get('spirit')}) in the warehouse.",
    "flavour_drawn": lambda e, d: f"{d.get('spirit')} draws the flavour card {_words(d.get('flavour'))}.",
    "flavour_added": lambda e, d: (
        f"{_who(e)}'s {d.get('spirit')} ages: a face-down flavour card ({d.get('flavours')} in all)."
    ),
    "flavour_deck_empty": lambda e, d: f"The flavour deck is empty: {d.get('spirit')} draws nothing.",
    "award": lambda e, d: (
        f"Award {d.get('name')} ({d.get('award')}): {_seats(d.get('players'))}, {d.get('sp')} SP each."
    ),
    "tasting": lambda e, d: (
        f"{_who(e)} offers a tasting: {d.get('sp')} SP for {d.get('sp')} money."
        if d.get("sp")
        else f"{_who(e)} offers no tasting."
    ),
    "goal_chosen": lambda e, d: f"{_who(e)} secretly chooses goal {_goal(d.get('goal'))} to discard.",
    "goal_discarded": lambda e, d: f"{_who(e)} discards goal {_goal(d.get('goal'))}.",
    "goals_discarded": lambda e, d: "Every player has discarded one distillery goal.",
    "unsold_spirit": lambda e, d: (
        f"{_who(e)}'s unsold {_words(d.get('recipe'))} ({d.get('spirit')}, {d.get('flavours')} flavours) "
        f"scores {d.get('sp')} SP."
    ),
    "goal_scored": lambda e, d: (
        f"{_who(e)} {'meets' if d.get('met') else 'misses'} goal {_goal(d.get('goal'))}: {d.get('sp')} SP."
    ),
    "game_end": lambda e, d: (
        "The game ends after the last round; spirit points "
        + _join(f"P{p} {s}" for p, s in enumerate(d.get("scores", [])))
        + "."
    ),
}

_HIDDEN: dict[str, str] = {
    "goals_dealt": "is dealt three distillery goals (face down)",
    "identities_dealt": "is dealt two identities (face down)",
    "identity_chosen": "has chosen an identity (hidden until the reveal)",
    "load": "loads a card into the washback (face down)",
    "trade_planned": "plans a trade (face down)",
    "washback_committed": "has committed the washback (hidden until the reveal)",
    "goal_chosen": "has chosen a goal to discard (hidden)",
    "goal_discarded": "discards a distillery goal (face down)",
    "flavour_peek": "peeks at the top flavour card",
}
"""What a seat outside ``visible_to`` reads of a private event: that it happened, not what it was."""


def describe(event: Any, viewer: int | None = None) -> str | None:
    """One sentence for a Distilled event, as ``viewer`` may read it.

    Parameters
    ----------
    event : bourbon_lab.core.Event
        A record from ``game.log``.
    viewer : int, optional
        The seat reading it. An event whose ``visible_to`` leaves the seat out is told without its
        content; None is a designer replaying, who reads everything.

    Returns
    -------
    str or None
        The sentence; None for a kind without a template (the caller's generic sentence).
    """
    seen_by = getattr(event, "visible_to", None)
    if viewer is not None and seen_by is not None and viewer not in seen_by:
        if event.kind == "flavour_drawn":
            return "A flavour card is drawn face down."
        hidden = _HIDDEN.get(event.kind, f"does something hidden ({_words(event.kind)})")
        return f"{_who(event)} {hidden}."
    template = _TEMPLATES.get(event.kind)
    if template is None:
        return None
    try:
        return template(event, event.data or {})
    except (TypeError, ValueError, KeyError, AttributeError):
        return None
