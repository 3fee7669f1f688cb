"""Microbrew's events in words: its ``GameDef.narrate`` hook, read under the board and in the Stepper.

One short sentence per event kind, in the book's words (brewers, jobs, the Copper, bottles,
customers). An event that ``visible_to`` keeps from the viewer (a recipe dealt face down, the
recipes Research drew, a committed reputation) is told without its cards: the viewer learns
only what the table saw, that it happened. A kind this module does not know gets ``None`` and
the lab's generic sentence, so a new event kind never breaks the widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core import Event

MALT = {"L": "light", "M": "medium", "D": "dark", "H": "hop"}
"""Token letters as the book names them."""

RATING = ("Perfect", "Smooth", "Rough", "Muddled")
"""The book's ratings, best first (the ``rating`` field is this index)."""


def _who(e: Event) -> str:
    return "The table" if e.player is None else f"P{e.player}"


def _list(items: Any) -> str:
    return ", ".join(str(x) for x in items) or "none"


def _tokens(text: str) -> str:
    return " ".join(MALT.get(t, "empty") for t in text) or "nothing"


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _placement(e: Event, d: dict[str, Any]) -> str:
    text = f"{_who(e)} places a brewer on {d['job'].title()} (space {d['space']})"
    if d.get("replaced") is not None:
        text += f", replacing P{d['replaced']}'s brewer"
    if d.get("brewmaster"):
        text += ", the Brewmaster's job"
    return text + "."


def _brew(e: Event, d: dict[str, Any]) -> str:
    free = "a free Brew" if d.get("free") else "Brew"
    if d.get("token") is None:
        return f"{_who(e)} ends {free} without moving a token."
    circle = ", all the way round to where it started" if d.get("circular") else ""
    token = MALT.get(d["token"], d["token"])
    return f"{_who(e)} slides a {token} token ({free}) through {_s(d['chain'], 'swap')}{circle}."


def _serve(e: Event, d: dict[str, Any]) -> str:
    rated = RATING[d["rating"]] if 0 <= d["rating"] < len(RATING) else f"rating {d['rating']}"
    text = f"{_who(e)} serves {d['recipe']} to {d['customer']}: {rated}, ${d['pay']}"
    if d.get("flavour_bonus"):
        text += f" + ${d['flavour_bonus']} flavour bonus"
    if d.get("contaminated"):
        text += " (contaminated)"
    return text + (", and the customer turns loyal." if d.get("loyal_gained") else ".")


def _manage(e: Event, d: dict[str, Any]) -> str:
    if d.get("option") is None:
        return f"{_who(e)}'s Manage does nothing: the brewer Overtime needed was sent home."
    return f"{_who(e)} pays ${d['cost']} at Manage for {d['option'].title()}."


def _reputation(e: Event, d: dict[str, Any]) -> str:
    kind = "shared" if d.get("public") else f"P{e.player}'s"
    if d.get("scored") and d.get("leader") is not None:
        return f"Reputation {d['card']} ({kind}) scores a loyal customer for P{d['leader']}, its single leader."
    return f"Reputation {d['card']} ({kind}) scores nobody: no single player leads it."


_SEEN: dict[str, Callable[[Event, dict[str, Any]], str]] = {
    "copper_filled": lambda e, d: f"{_who(e)}'s Copper is filled blind: {_tokens(d['copper'].replace('.', ''))}.",
    "loyal": lambda e, d: f"{_who(e)} wins customer {d['customer']} as a loyal customer ({d['source']}).",
    "points": lambda e, d: f"{_who(e)} scores {d['amount']} ({d['source']}).",
    "customers_revealed": lambda e, d: f"Thirsty customers {_list(d['customers'])} come in.",
    "recipes_revealed": lambda e, d: f"Recipes {_list(d['recipes'])} are laid face up.",
    "reputations_dealt": lambda e, d: f"Shared reputations: {_list(d['public'])}; each player gets a secret one.",
    "hop_placed": lambda e, d: (
        f"{_who(e)} swaps a hop into slot {d['slot']} (the {MALT.get(d['malt'], d['malt'])} malt goes back)."
    ),
    "compensation": lambda e, d: (
        f"{_who(e)} takes the second player's extra recipe."
        if d["used"]
        else f"{_who(e)} declines the second player's extra recipe."
    ),
    "round_start": lambda e, d: f"Round {e.round} begins; P{d['first']} places first.",
    "house": lambda e, d: f"House rule {d.get('rule')}: {d.get('text', '')}",
    "pass": lambda e, d: (
        f"{_who(e)} passes: no job is open to their {d['brewers']} ready brewer(s), who sit out the round."
        if d.get("forced")
        else f"{_who(e)} passes (no brewer left)."
    ),
    "placement_cap": lambda e, d: f"The placement guard stops the Work phase after {d['placements']} placements.",
    "placement": _placement,
    "replaced": lambda e, d: (
        f"{_who(e)}'s brewer is sent from {d['job'].title()} to Break."
        if d["to"] == "break"
        else f"{_who(e)}'s brewer comes back from {d['job'].title()}, ready to work again."
    ),
    "evicted": lambda e, d: f"{_who(e)}'s brewer is pushed off Break space {d['space']} and goes home.",
    "free_brew": lambda e, d: f"{_who(e)} " + ("takes the free Brew." if d["taken"] else "lets the free Brew go."),
    "beer_ready": lambda e, d: (
        f"{_who(e)}'s {d['recipe']} has fermented" + (" (contaminated)." if d["contaminated"] else ".")
    ),
    "brew": _brew,
    "bottle": lambda e, d: (
        f"{_who(e)} bottles column {d['column']} ({_tokens(d['tokens'])}) as {d['recipe']}"
        + (", with a contaminant." if d["contaminated"] else ".")
    ),
    "serve": _serve,
    "income": lambda e, d: f"{_who(e)} earns ${d['amount']} ({d['source']}).",
    "recall": lambda e, d: f"{_who(e)}'s Perfect beer recalls the brewer from {d['job'].title()} (space {d['space']}).",
    "mash": lambda e, d: f"{_who(e)} mashes: {_tokens(d['tokens'])} from the tin into the Copper.",
    "flush": lambda e, d: f"{_who(e)} flushes {_s(d['returned'], 'token')} back to the tin.",
    "hop_flushed": lambda e, d: (
        f"{_who(e)}'s hop leaves slot {d['slot']}; a {MALT.get(d['malt'], d['malt'])} malt takes its place."
    ),
    "break": lambda e, d: f"{_who(e)} takes a Break.",
    "advertise_paid": lambda e, d: f"{_who(e)} pays ${d['cost']} to Advertise ({d['loyal_before']} loyal so far).",
    "advertise": lambda e, d: f"{_who(e)} advertises {d['recipe']} and wins {d['customer']}.",
    "manage": _manage,
    "overtime": lambda e, d: f"{_who(e)} works Overtime: the brewer on {d['job'].title()} {d['space']} is ready again.",
    "recipe_revealed": lambda e, d: (
        f"Recipe {d['recipe']} is laid face up" + (" from Research." if d.get("source") == "research" else ".")
    ),
    "customer_revealed": lambda e, d: f"Customer {d['customer']} comes in thirsty.",
    "deck_out": lambda e, d: f"The customer deck is out: round {d['final_round']} is the last.",
    "brewmaster": lambda e, d: f"The Brewmaster moves to {d['job'].title()}: {d['effect']}.",
    "game_over": lambda e, d: f"The game ends ({str(d['ended_by']).replace('_', ' ')}) after round {d['round']}.",
    "reputation": _reputation,
    "reveals": lambda e, d: f"Secret reputations revealed: {_list(d['cards'])}.",
    "game_end": lambda e, d: (
        f"Final loyal customers {_list(d['scores'])}; winner{'s' if len(d['winners']) > 1 else ''} "
        f"{_list(f'P{w}' for w in d['winners'])}."
    ),
}
"""Sentences for whoever may see the event (every seat, or the seats ``visible_to`` names)."""

_PRIVATE: dict[str, tuple[Callable[[Event, dict[str, Any]], str], str]] = {
    "recipe_dealt": (lambda e, d: f"{_who(e)} is dealt recipe {d['recipe']}.", "{} is dealt a recipe face down."),
    "recipe_drawn": (
        lambda e, d: f"{_who(e)} draws recipe {d['recipe']} as the extra recipe.",
        "{} draws the extra recipe face down.",
    ),
    "recipe_returned": (
        lambda e, d: f"{_who(e)} returns recipe {d['recipe']} to the deck.",
        "{} returns a recipe face down.",
    ),
    "research_drawn": (
        lambda e, d: f"{_who(e)} researches recipes {_list(d['recipes'])}.",
        "{} draws recipes at Research.",
    ),
    "research_kept": (lambda e, d: f"{_who(e)} keeps recipe {d['recipe']}.", "{} keeps a recipe face down."),
    "reveal_committed": (
        lambda e, d: f"{_who(e)} chooses reputation {d['card']} to reveal.",
        "{} chooses a reputation to reveal (hidden).",
    ),
}
"""Kinds only their own seat sees: (the owner's sentence, the others' sentence with no card in it)."""


def describe(event: Event, viewer: int | None = None) -> str | None:
    """One sentence for a Microbrew event, as ``viewer`` (None: a designer) may read it.

    Returns
    -------
    str or None
        The sentence; None for a kind this module does not know (the generic sentence is used).
    """
    seats = event.visible_to
    sees = viewer is None or seats is None or viewer in seats
    private = _PRIVATE.get(event.kind)
    try:
        if private is not None:
            return private[0](event, event.data) if sees else private[1].format(_who(event))
        if not sees:
            return f"{_who(event)}: something hidden happens."
        template = _SEEN.get(event.kind)
        return None if template is None else template(event, event.data)
    except (KeyError, TypeError, ValueError, IndexError):
        return None
