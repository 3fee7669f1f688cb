"""Microbrew's board as plain data: its ``BoardDef`` view model, what ``board.js`` beside it draws.

Built on ``game.view(seat)``, so the board never shows what that seat may not see, then laid
out as the table looks: the brewery (jobs, their spaces, whose brewer stands where, the
Brewmaster), each Copper as a grid of tokens (rows from the top, the side tank marked), the
bottles fermenting, the thirsty customers and the face-up recipes. Each space and each slot of
the viewer's own Copper carries the action a click on it means now (``place brew.1``,
``select 2,3``); a click that breaks a rule is refused by ``apply`` with the rule's text. The
widgets add the events in words; this imports no UI library.
"""

from __future__ import annotations

from typing import Any

from ...core import legal_for
from .content import JOBS
from .copper import STEPS, neighbour, slot_name

SPACE_VERBS = ("place", "recall", "overtime", "evict")
"""Steps whose action names a brewery space: a click on the space plays ``<step> <job>.<k>``."""

SLOT_VERBS = {"brew_select": "select", "hop": "hop"}
"""Steps whose action names a slot of the actor's Copper: a click on the slot plays ``<verb> <c>,<r>``."""


def board_view(game, viewer: int | None = None) -> dict[str, Any]:
    """The state ``board.js`` draws, as ``viewer`` may see it (None: hot seat, the seat to act looks).

    Returns
    -------
    dict
        JSON-safe: header facts, ``decision``, ``brewery`` (jobs and spaces with their click),
        ``players`` (cash, brewers, Copper grid, bottles, loyal customers, hand), ``customers``,
        ``recipes``, ``legal`` texts and ``actions`` grouped by their first word.
    """
    d = game.decision
    seat = viewer if viewer is not None else (d.actor if d is not None else None)
    view = game.view(seat)
    legal = [str(a) for a in legal_for(game, viewer)]
    acting = None if not legal else (seat if seat is not None else d.actor)
    step = view["step"]
    rows = {r.player: r for r in game.score_rows()}
    return {
        "game": "microbrew",
        "title": "Microbrew",
        "viewer": seat,
        "hot_seat": viewer is None,
        "round": view["round"],
        "phase": view["phase"],
        "step": step,
        "over": bool(game.is_over),
        "ended_by": view["ended_by"],
        "final_round": view["final_round"],
        "decision": view["decision"],
        "brewmaster": view["brewmaster"],
        "tin": dict(zip(("light", "medium", "dark", "hop"), view["tin"])),
        "decks": {"customers": view["customer_deck"], "recipes": view["recipe_deck"]},
        "brewery": _brewery(view, step, legal),
        "players": [_player(game, view, s, seat, acting, legal, rows[s]) for s in range(game.n)],
        "customers": [_customer(game, c, c in view["asleep"]) for c in view["thirsty"]],
        "recipes": [_recipe(game, r) for r in view["table"]],
        "reputations": list(view["public_reputations"]),
        "research": view["research"],
        "legal": legal,
        "actions": _grouped(legal),
    }


def _brewery(view: dict[str, Any], step: str, legal: list[str]) -> list[dict[str, Any]]:
    verb = step if step in SPACE_VERBS else None
    jobs = []
    for job in JOBS:
        spaces = []
        for k, owner in enumerate(view["spaces"].get(job, [])):
            click = f"{verb} {job}.{k + 1}" if verb else None
            spaces.append({"space": k + 1, "owner": owner, "click": click, "legal": click in legal})
        jobs.append({"job": job, "brewmaster": job == view["brewmaster"], "spaces": spaces})
    return jobs


def _player(game, view, s: int, seat, acting, legal: list[str], row) -> dict[str, Any]:
    p = view["players"][s]
    verb = SLOT_VERBS.get(view["step"]) if s == acting else None
    return {
        "seat": s,
        "score": p["score"],
        "rank": row.rank,
        "won": row.won,
        "parts": dict(row.parts),
        "to_act": view["decision"] is not None and (s == view["decision"]["actor"] or s in view["decision"]["group"]),
        "cash": p["cash"],
        "ready": p["ready"],
        "brewers": p["brewers"],
        "upgraded": p["upgraded"],
        "copper": _copper(game, p["copper"], p["upgraded"], verb, legal, _brewing(view, s), s == acting),
        "bottles": [{**b, "colours": game.cards[b["recipe"]].colours, "ready": not b["left"]} for b in p["bottles"]],
        "loyal": list(p["loyal"]),
        "hand": [{**_recipe(game, r), "secret": s == seat and r in game.secret[s]} for r in p["hand"]],
        "secret_flavours": [] if s == seat else list(p["secret_flavours"]),
        "reputations": p["revealed_reputations"] + (p["secret_reputations"] if s == seat else []),
    }


def _brewing(view: dict[str, Any], s: int) -> dict[str, Any]:
    """The Brew in progress if seat ``s`` is the one sliding a token (its slot and swaps so far), else nothing."""
    d = view["decision"]
    return view["brew"] if d is not None and d["actor"] == s and view["step"] == "brew_swap" else {}


def _copper(game, tokens: str, upgraded: bool, verb, legal, brew: dict[str, Any], mine: bool) -> list[list[dict]]:
    """The Copper as rows from the top: each slot's token, name, click (legal or not), and the token being slid.

    While a Brew slides a token, a click on a neighbour of it is the swap toward that neighbour.
    """
    rows, basic = game.rows, game.columns
    swaps = {}
    if mine and brew.get("slot") is not None:
        for d in STEPS:
            to = neighbour(brew["slot"], d, rows, len(tokens) // rows)
            if to is not None:
                swaps[to] = f"swap {d}"
    grid = []
    for r in reversed(range(rows)):
        line = []
        for c in range(len(tokens) // rows):
            slot = c * rows + r
            name = slot_name(slot, rows)
            click = f"{verb} {name}" if verb else swaps.get(slot)
            line.append(
                {
                    "slot": name,
                    "token": tokens[slot],
                    "side": c >= basic,
                    "usable": c < basic or upgraded,
                    "click": click,
                    "legal": click in legal,
                    "moving": brew.get("slot") == slot,
                }
            )
        grid.append(line)
    return grid


def _customer(game, cid: str, asleep: bool) -> dict[str, Any]:
    c = game.cards[cid]
    return {"id": cid, "favourite": c.favourite, "likes": c.likes, "bonus": c.bonus, "asleep": asleep}


def _recipe(game, rid: str) -> dict[str, Any]:
    r = game.cards[rid]
    return {"id": rid, "colours": r.colours, "flavour": r.flavour}


def _grouped(legal: list[str]) -> list[dict[str, Any]]:
    groups: dict[str, list[str]] = {}
    for text in legal:
        groups.setdefault(text.split(" ", 1)[0], []).append(text)
    return [{"kind": verb, "label": verb.replace("_", " "), "actions": acts} for verb, acts in groups.items()]
