"""Bourbonomics' board as plain data: its ``BoardDef`` view model, what ``board.js`` beside it draws.

Built on ``game.view(seat)`` so the board can never show what that seat may not
see, then enriched with what a person needs at a glance: the requirement in words,
quality colours from the book, how far the market is from a crash and the legal
actions grouped with their targets. The widgets add the events in words; the
notebook and the dashboard draw the same model, so this imports no UI library.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .content import DEPARTMENTS, QUALITIES, QUALITY_COLOURS, ULTIMATES

COLOUR = dict(zip(QUALITIES, QUALITY_COLOURS))
"""Quality name -> the book's colour (grey → green → blue → purple → orange)."""


def board_view(game, viewer: int | None = None) -> dict[str, Any]:
    """The state ``board.js`` draws, as the ``viewer`` seat may see it (the events are added by the widgets).

    Parameters
    ----------
    game : bourbon_lab.Game
        The game to draw.
    viewer : int, optional
        The seat whose eyes the board uses (their own warehouse qualities, their
        reveals, their legal actions). None follows the player to act (a hot-seat
        table); at game end everything is shown as seat 0 sees it.

    Returns
    -------
    dict
        JSON-safe: zone, multiplier, crash distance, table and private cards,
        dice, players with departments, warehouse and barrels, current player,
        legal actions grouped by kind.
    """
    seat = _seat_for(game, viewer)
    view = game.view(seat)
    rules = game.rules
    legal = view["legal_actions"] if viewer is None or viewer == game.current_player else []
    return {
        "viewer": seat,
        "hot_seat": viewer is None,
        "round": view["round"],
        "phase": view["phase"],
        "step": view["step"],
        "current_player": view["current_player"],
        "order": view["order"],
        "players_count": game.n,
        "zone": view["zone"],
        "multiplier": view["multiplier"],
        "zone_multipliers": list(rules.zone_multipliers),
        "table_size": len(view["table"]),
        "crash_size": rules.crash_size,
        "crash_in": view["crash_in"],
        "hot_from": rules.hot_zone_from,
        "mid_from": rules.mid_zone_from,
        "table": [_card(rules, c) for c in view["table"]],
        "dice": view["dice"],
        "selected": view["selected"],
        "inherited": view["inherited"],
        "revealed_bills": _bills(rules, view["revealed_bills"]),
        "demand_reveal": _reveal(rules, view["demand_reveal"]),
        "players": [_player(rules, p, view["current_player"]) for p in view["players"]],
        "actions": group_actions(legal),
        "legal": list(legal),
        "ended_by": view["ended_by"],
        "scores": game.scores() if game.is_over else None,
    }


def _seat_for(game, viewer: int | None) -> int:
    if viewer is not None:
        if not 0 <= int(viewer) < game.n:
            raise ValueError(f"viewer: seat {viewer} is not at this {game.n}-player table")
        return int(viewer)
    return game.current_player if game.current_player is not None else 0


def _card(rules, c: dict[str, Any]) -> dict[str, Any]:
    printed = rules.cards_by_id[c["id"].split(".")[0]]
    return {
        "id": c["id"],
        "name": c["name"],
        "requirement": printed.requirement_text(),
        "tags": c["tags"],
        "min_age": c["min_age"],
        "min_quality": c["min_quality"],
        "min_colour": COLOUR.get(c["min_quality"], "grey"),
        "open": printed.is_open,
        "prestige": c["prestige"],
        "slots": c["slots"],
        "filled": len(c["filled"]),
        "fillers": c["filled"],
    }


def _bills(rules, revealed) -> list[dict[str, Any]] | int:
    if not isinstance(revealed, list):
        return revealed
    out = []
    for bill_id in revealed:
        b = rules.bills_by_id[bill_id.split(".")[0]]
        out.append({"id": bill_id, "name": b.name, "tags": list(b.tags), "prime": list(b.prime), "recipe": b.counts})
    return out


def _reveal(rules, revealed) -> list[dict[str, Any]] | int:
    if not isinstance(revealed, list):
        return revealed
    return [
        _card(rules, {**rules.cards_by_id[cid.split(".")[0]].to_data(), "id": cid, "slots": 0, "filled": []})
        for cid in revealed
    ]


def _player(rules, p: dict[str, Any], current: int | None) -> dict[str, Any]:
    return {
        "seat": p["seat"],
        "distillery": rules.distilleries_by_id[p["distillery"]].name,
        "capital": p["capital"],
        "prestige": p["prestige"],
        "score": p["capital"] + p["prestige"],
        "orders": p["orders"],
        "completed": p["completed"],
        "upgrades": p["upgrades"],
        "next_upgrade_cost": rules.upgrade_cost(p["upgrades"] + 1),
        "to_act": p["seat"] == current,
        "departments": [_department(rules, p, d) for d in DEPARTMENTS],
        "warehouse": [_resource(c) for c in p["warehouse"]],
        "barrels": [_barrel(b) for b in p["barrels"]],
        "private": _card(rules, p["private"]) if p["private"] else None,
    }


def _department(rules, p: dict[str, Any], dept: str) -> dict[str, Any]:
    levels = rules.department_levels(dept)
    return {
        "name": dept,
        "label": dept.replace("_", " ").title(),
        "level": p["levels"][dept],
        "top": len(levels),
        "number": p["numbers"][dept],
        "ultimate": p["ultimates"].get(dept, "").replace("_", " ").title() or None,
        "ultimates": [u.replace("_", " ").title() for u in ULTIMATES[dept]],
    }


def _resource(c: list) -> dict[str, Any]:
    card_id, kind, quality = c
    return {"id": card_id, "kind": kind, "quality": quality, "colour": COLOUR.get(quality) if quality else None}


def _barrel(b: dict[str, Any]) -> dict[str, Any]:
    out = {
        "id": b["id"],
        "bill": b["bill"],
        "tags": b["tags"],
        "prime": b["prime"],
        "built": b["built"],
        "recipe": b["recipe"],
        "staged": [_resource(c) for c in b["staged"]],
    }
    if b["built"]:
        lo, hi = b["prime"]
        band = "younger" if b["age"] < lo else "prime" if b["age"] <= hi else "older"
        out.update(
            age=b["age"],
            quality=b["quality"],
            colour=COLOUR[b["quality"]],
            sales_left=b["sales_left"],
            value=b["value"],
            band=band,
        )
    return out


def group_actions(legal: list[str]) -> list[dict[str, Any]]:
    """Legal action texts grouped by kind, each with the ids it touches (for highlighting).

    >>> group_actions(["sell B3 -> D07", "end turn"])[0]["actions"][0]
    {'text': 'sell B3 -> D07', 'targets': ['B3', 'D07']}
    """
    groups: dict[str, list[dict[str, Any]]] = {}
    for text in legal:
        a = Action.parse(text)
        groups.setdefault(a.verb, []).append({"text": text, "targets": list(dict.fromkeys(a.args))})
    return [{"kind": verb, "label": verb.replace("_", " "), "actions": acts} for verb, acts in groups.items()]
