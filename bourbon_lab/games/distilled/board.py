"""Distilled's board as plain data: its ``BoardDef`` view model, what ``board.js`` beside it draws.

Built on ``game.view(seat)``, so the board never shows what that seat may not see (rivals'
washbacks while they load, their goals, any flavour card), then arranged the way the table
looks: the market rows and the truck, each distillery's washback, warehouse and label spaces,
the awards and the scores. The legal actions come grouped by their verb, each with the card ids
it touches so the front end can make those cards clickable. The widgets add the events in words.
"""

from __future__ import annotations

from typing import Any

from ...core import legal_for
from .content import ROWS, content


def board_view(game, viewer: int | None = None) -> dict[str, Any]:
    """The state ``board.js`` draws, as ``viewer`` may see it.

    Parameters
    ----------
    game : Distilled
        The table to draw.
    viewer : int, optional
        The seat whose eyes the board uses (their own goals and washback, their legal actions).
        None follows the seat to act (a hot-seat table).

    Returns
    -------
    dict
        JSON-safe: round and step, the decision, the market rows, truck and basic stock, the awards,
        one panel per distillery, the legal actions grouped by verb, and the scores at the end.
    """
    d = game.decision
    seat = viewer if viewer is not None else (None if d is None else (d.actor if d.actor is not None else d.group[0]))
    if seat is not None and not 0 <= int(seat) < game.n:
        raise ValueError(f"viewer: seat {seat} is not at this {game.n}-player table")
    view = game.view(seat)
    legal = [str(a) for a in legal_for(game, viewer)]
    acting = set() if d is None else {d.actor, *d.group} - {None}
    return {
        "game": "distilled",
        "title": "Distilled",
        "viewer": seat,
        "hot_seat": viewer is None,
        "round": view["round"],
        "rounds": view["rounds"],
        "phase": view["phase"],
        "step": view["step"],
        "over": bool(game.is_over),
        "decision": None if d is None else {"actor": d.actor, "group": list(d.group), "step": d.step},
        "market": _market(view),
        "awards": _awards(view),
        "players": [_player(game, view, p, seat, p in acting) for p in range(game.n)],
        "claim": view["claim"],
        "legal": list(legal),
        "actions": group_actions(legal, view["rows"]),
        "scores": [{"player": r.player, "score": r.score, "rank": r.rank} for r in game.score_rows()],
    }


def _chip(pair: list | None) -> dict[str, Any] | None:
    if pair is None:
        return None
    cid, name = pair
    card = content().cards.get(name)
    return {
        "id": cid,
        "name": name.replace("_", " "),
        "kind": None if card is None else card.kind,
        "sugar": None if card is None else card.sugar,
        "cost": None if card is None else card.cost,
        "premium": bool(card and card.premium),
    }


def _market(view: dict[str, Any]) -> dict[str, Any]:
    return {
        "rows": [{"row": r, "cards": [_chip(c) for c in view["rows"][r]], "deck": view["deck_sizes"][r]} for r in ROWS],
        "truck": [_chip(c) for c in view["truck"]],
        "basic": [{"name": k, "left": v} for k, v in view["basic_stock"].items()],
        "labels_left": view["labels_left"],
        "flavour_deck": view["flavour_deck"],
    }


def _awards(view: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for key, won in view["awards"].items():
        spec = content().awards[key]
        out.append({"id": key, "name": spec["name"], "sp": spec["sp"], "won": won})
    return out


def _player(game, view: dict[str, Any], p: int, seat: int | None, to_act: bool) -> dict[str, Any]:
    identity = view["identity"][p]
    spec = content().identities.get(identity) if identity else None
    spaces = content().label_spaces
    out = {
        "seat": p,
        "identity": None if spec is None else spec["name"],
        "signature": None if spec is None else spec["recipe"].replace("_", " "),
        "money": view["money"][p],
        "sp": view["sp"][p],
        "sp_by_source": view["sp_by_source"][p],
        "to_act": to_act,
        "committed": p in view["committed"],
        "passed": bool(view["passed"][p]),
        "pantry": [_chip(c) for c in view["pantry"][p]],
        "storeroom": [_chip(c) for c in view["storeroom"][p]],
        "upgrades": [_chip(c) for c in view["upgrades"][p]],
        "display": [x.replace("_", " ") for x in view["display"][p]],
        "recipes": [r.replace("_", " ") for r in view["known"][p]],
        "labels": [{"space": i + 1, "bonus": spaces[i], "recipe": r} for i, r in enumerate(view["spaces"][p])],
        "warehouse": [_spirit(s) for s in view["warehouse"][p]],
        "pending": [_spirit(s) for s in view["pending"][p]],
        "goals_kept": view["goals_kept"][p],
        "washback": None,
        "goals": None,
    }
    if p == seat and "me" in view:
        me = view["me"]
        out["goals"] = [{"id": g, "name": content().goals[g]["name"]} for g in me["goals"]]
        out["washback"] = _washback(game, p, me["work"])
    return out


def _spirit(s: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": s["id"],
        "recipe": s["recipe"].replace("_", " "),
        "barrel": None if s["barrel"] is None else s["barrel"].replace("_", " "),
        "flavours": s["flavours"],
        "round": s["round"],
        "aged": s["aged"],
    }


def _washback(game, p: int, work: dict[str, Any] | None) -> dict[str, list[str]] | None:
    """The viewer's own washback while they load it (the book keeps it face down to the others)."""
    if not work:
        return None
    name = lambda tok: game.token_card(p, tok).name.replace("_", " ")  # noqa: E731
    return {slot: [name(tok) for tok in toks] for slot, toks in work["slots"].items()}


def group_actions(legal: list[str], rows: dict[str, list] | None = None) -> list[dict[str, Any]]:
    """Legal action texts grouped by verb, each with the card and spirit ids it touches.

    ``rows`` (the view's market rows) turns a slot (``buy items 2``, ``take items 2``) into the
    card lying there, so the card itself can be clicked.

    >>> group_actions(["sell s3 c9", "pass"])[0]["actions"][0]
    {'text': 'sell s3 c9', 'targets': ['s3', 'c9']}
    >>> group_actions(["buy items 1"], {"items": [["c7", "sherry_cask"]]})[0]["actions"][0]["targets"]
    ['c7']
    """
    groups: dict[str, list[dict[str, Any]]] = {}
    for text in legal:
        verb, *args = text.split()
        targets = [a for a in args if a[:1] in "cst" and a[1:].isdigit()]
        if rows and len(args) == 2 and args[0] in rows and args[1].isdigit():
            slot = rows[args[0]][int(args[1]) - 1] if 0 < int(args[1]) <= len(rows[args[0]]) else None
            targets += [slot[0]] if slot else []
        groups.setdefault(verb, []).append({"text": text, "targets": targets})
    return [{"kind": verb, "label": verb.replace("_", " "), "actions": acts} for verb, acts in groups.items()]
