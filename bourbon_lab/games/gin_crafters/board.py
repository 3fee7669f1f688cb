"""Gin Crafters' board as plain data: its ``BoardDef`` view model, what ``board.js`` beside it draws.

Built on ``game.view(seat)``, so the board never shows what that seat may not see: the viewer's
own gin and brand hands and the cards of their own Inspiration, everyone's public areas. It adds
what a person needs at a glance: the markets with their position prices, the cards in words
(a botanical's type and key effect, a gin's recipe and VP, a brand's condition), the VP track with
its 10/20 bonus marks and the 30 signal, and the legal actions, each attached to the card it plays
where there is one. The widgets add the events in words; no UI library is imported here.
"""

from __future__ import annotations

from typing import Any

from .content import CONTENT

TYPES = ("herbal", "fruit", "spice", "floral", "oriental")
"""The five botanical types, in the book's order (a gin card's recipe reads in this order)."""


def board_view(game, viewer: int | None = None) -> dict[str, Any]:
    """The state ``board.js`` draws, as the ``viewer`` seat may see it.

    Parameters
    ----------
    game : GameState
        A Gin Crafters table.
    viewer : int, optional
        The seat whose eyes the board uses; None follows the seat to decide (a hot-seat table).

    Returns
    -------
    dict
        JSON-safe: header (round, turn owner, actions left, step, decision), the two markets with
        prices, the refresh fees, deck sizes, the VP track, one panel per player (coins, VP by source,
        botanical area, distilled gins, hand sizes, bonuses), the viewer's hand and Inspiration
        cards, the legal actions (flat and grouped) and, at the end, the scores.
    """
    d = game.decision
    seat = viewer if viewer is not None else (d.actor if d is not None else game.turn_owner)
    if not 0 <= int(seat) < game.n:
        raise ValueError(f"viewer: seat {seat} is not at this {game.n}-player table")
    view = game.view(seat)
    rules = game.rules
    legal = [str(a) for a in game.legal_actions()] if d is not None and (viewer is None or viewer == d.actor) else []
    hand = view.get("hand", {"gins": [], "brands": []})
    return {
        "game": "gin_crafters",
        "title": "Gin Crafters",
        "viewer": seat,
        "hot_seat": viewer is None,
        "round": view["round"],
        "step": view["step"],
        "over": bool(game.is_over),
        "ended_by": game.ended_by,
        "turn_owner": view["turn_owner"],
        "actions_left": view["actions_left"],
        "start_player": view["start_player"],
        "final_until": view["final_until"],
        "decision": None if d is None else {"actor": d.actor, "step": d.step, "interrupt": d.interrupt},
        "markets": _markets(view, rules, legal),
        "refresh": {"botanical": rules.refresh_botanical, "juniper": rules.refresh_juniper},
        "decks": view["decks"],
        "track": {"end": rules.end_vp, "bonuses": list(rules.bonus_thresholds), "end_at": rules.end_at},
        "players": [_player(p, s, view, d, legal if s == seat else []) for s, p in enumerate(view["players"])],
        "hand": {
            "gins": [_gin(g, rules, legal) for g in hand["gins"]],
            "brands": [_brand(b, rules) for b in hand["brands"]],
        },
        "inspiration": [_any_card(c, rules, legal) for c in view.get("inspiration", [])],
        "distilling": view["distilling"],
        "legal": legal,
        "actions": group_actions(legal),
        "scores": game.scores() if game.is_over else None,
    }


def _markets(view: dict[str, Any], rules, legal: list[str]) -> list[dict[str, Any]]:
    """Each market row: position, price, the card there and the action that buys or takes it."""
    out = []
    for kind, prices in (("botanical", rules.botanical_prices), ("juniper", rules.juniper_prices)):
        row = []
        for pos, (card, price) in enumerate(zip(view["market"][kind], prices), start=1):
            cell = _any_card(card, rules, []) if card else {"id": None, "kind": kind, "name": "(empty)"}
            cell.update(position=pos, price=price, action=_first(legal, f"purchase {kind} {pos}", f"take {pos}"))
            if legal and card:  # a card the seat cannot buy now still answers a click with the rule it breaks
                cell["try"] = f"take {pos}" if view["take_market"] == kind else f"purchase {kind} {pos}"
            row.append(cell)
        refresh = f"refresh {kind}"
        out.append({"kind": kind, "cards": row, "refresh": refresh if refresh in legal else None})
    return out


def _player(p: dict[str, Any], seat: int, view: dict[str, Any], d, legal: list[str]) -> dict[str, Any]:
    """One seat's public panel; the viewer's own area cards carry the juniper or key choice they play."""
    vp = p["vp"]
    return {
        "seat": seat,
        "coins": p["coins"],
        "track": vp["gin"] + vp["juniper"] + vp["key"],
        "vp": dict(vp),
        "area": [_any_card(c, None, legal) for c in p["area"]],
        "distilled": [_any_card(c, None, []) for c in p["distilled"]],
        "hand_gins": p["hand_gins"],
        "hand_brands": p["hand_brands"],
        "bonuses": list(p["bonuses"]),
        "lent": p["lent"],
        "borrowed": p["borrowed"],
        "turn": seat == view["turn_owner"],
        "to_act": d is not None and seat == d.actor,
        "start": seat == view["start_player"],
        "me": seat == view["player"],
    }


def _any_card(card: str, rules, legal: list[str]) -> dict[str, Any]:
    if card in CONTENT.botanicals:
        b = CONTENT.botanicals[card]
        out = {"id": card, "kind": "botanical", "name": b.name, "type": b.type, "text": effect_text(b)}
        out["action"] = _first(legal, f"key {card}")
        return out
    if card in CONTENT.junipers:
        j = CONTENT.junipers[card]
        bonus = f"bonus with {j.bonus}" if j.bonus else "no bonus"
        out = {"id": card, "kind": "juniper", "name": f"{j.origin} juniper", "type": "juniper"}
        out.update(text=f"{j.level}, {bonus}", action=_first(legal, f"juniper {card}"))
        return out
    if card in CONTENT.gins:
        return _gin(card, rules, legal)
    if card in CONTENT.brands:
        return _brand(card, rules, legal)
    return {"id": card, "kind": "unknown", "name": str(card)}


def _gin(card: str, rules, legal: list[str]) -> dict[str, Any]:
    g = CONTENT.gins[card]
    recipe = " + ".join(g.recipe) if g.recipe else "no botanicals"
    junipers = "two juniper berries" if g.junipers == 2 else "one juniper berry"
    vp = dict(rules.gin_vp).get(g.shape) if rules is not None else None
    return {
        "id": card,
        "kind": "gin",
        "name": f"Gin {card}",
        "type": g.shape.replace("_", " "),
        "text": f"{recipe}; {junipers}",
        "vp": vp,
        "action": _first(legal, f"distill {card}", f"keep {card}"),
        "borrow": [a for a in legal if a.startswith(f"distill {card} borrow")],
    }


def _brand(card: str, rules, legal: list[str] = ()) -> dict[str, Any]:
    b = CONTENT.brands[card]
    counts = dict(rules.brand_counts) if rules is not None else {}
    numbers = {**b.params, **({"count": counts[b.condition]} if b.condition in counts else {})}
    params = ", ".join(f"{k} {v}" for k, v in numbers.items())
    condition = b.condition.replace("_", " ") + (f" ({params})" if params else "")
    return {
        "id": card,
        "kind": "brand",
        "name": f"Brand {card}",
        "type": "brand",
        "text": condition,
        "vp": dict(rules.brand_vp)[b.condition] if rules is not None else None,
        "action": _first(legal, f"keep {card}"),
    }


def effect_text(b) -> str:
    """A key botanical's effect in words, with its numbers: ``vp if botanicals (min 3, amount 2)``."""
    params = ", ".join(f"{k} {v}" for k, v in b.params.items())
    return b.effect.replace("_", " ") + (f" ({params})" if params else "")


def _first(legal: list[str], *texts: str) -> str | None:
    for text in texts:
        if text in legal:
            return text
    return None


def group_actions(legal: list[str]) -> list[dict[str, Any]]:
    """Legal action texts grouped by their first word, in the order the game lists them.

    >>> [g["kind"] for g in group_actions(["purchase botanical 1", "side business", "inspire gin"])]
    ['purchase', 'side', 'inspire']
    """
    groups: dict[str, list[str]] = {}
    for text in legal:
        groups.setdefault(text.split(" ", 1)[0], []).append(text)
    return [{"kind": verb, "actions": acts} for verb, acts in groups.items()]
