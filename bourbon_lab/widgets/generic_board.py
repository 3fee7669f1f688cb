"""The board of a game without its own: its view as readable panels, the decision, every legal action.

Built on ``state.view(seat)`` (or the spectator's view), so it can never show what that seat may
not see. The view is split the plain way. A list with one entry per seat that holds records or
lists, or sits under a plural name (``players``, ``coins``, ``points``), becomes a line in each
player's panel. The viewer's own things (``me``, ``hand``) go to the viewer's panel. Everything
else is a public row, where a list like ``money: 7, 3, 4`` stays readable. A game that wants
other panels gives ``BoardDef(view=...)`` returning this same shape, and the generic front end
(``widgets/generic.js``) draws it.
"""

from __future__ import annotations

from typing import Any

from ..core import game_of, get_game, legal_for
from .narrate import value_text

SKIP = frozenset(
    {"round", "phase", "step", "legal_actions", "current_player", "ended_by", "over", "is_over"}
    | {"game", "player", "viewer", "actor", "group", "turn_owner", "decision"}
)
"""View keys the header and the decision already show."""

BOARD_TEXT = 400
"""Longest value text on the board (a sentence keeps to 60 characters)."""

OWN = frozenset({"me", "hand", "my_bid", "private", "mine"})
"""View keys that hold the viewing seat's own things: shown in that seat's panel."""


def label(key: str) -> str:
    """``hand_sizes`` -> ``Hand sizes``."""
    return str(key).replace("_", " ").capitalize()


def generic_view(game, viewer: int | None = None) -> dict[str, Any]:
    """The generic board model of ``game`` as ``viewer`` sees it (None: hot seat, the seat to act).

    Returns
    -------
    dict
        JSON-safe: ``title``, ``round``, ``phase``, ``step``, ``decision``, ``players`` (seat,
        fields, to_act; score, rank and parts once the game is over, or all along in a game of
        perfect information), ``public`` rows, ``legal`` texts, ``actions``
        grouped by their first word, ``ended_by`` and ``over``.
    """
    info = get_game(game_of(game.rules)).info
    d = game.decision
    seat = viewer if viewer is not None else (d.actor if d is not None else None)
    view = game.view(seat)
    players, public = split_view(view, game.n, seat)
    acting = set() if d is None else {d.actor, *d.group}
    if game.is_over or info.information == "perfect":  # a score may count what a seat cannot see yet
        for row in game.score_rows():
            players[row.player].update(score=row.score, rank=row.rank, won=row.won, parts=dict(row.parts))
    for p in players:
        p["to_act"] = p["seat"] in acting
    legal = [str(a) for a in legal_for(game, viewer)]
    return {
        "game": info.name,
        "title": info.title,
        "viewer": seat,
        "hot_seat": viewer is None,
        "round": getattr(game, "round", None),
        "phase": getattr(game, "phase", None),
        "step": getattr(game, "step", None),
        "over": bool(game.is_over),
        "ended_by": game.ended_by,
        "decision": decision_of(d),
        "players": players,
        "public": public,
        "legal": legal,
        "actions": group_by_verb(legal),
    }


def decision_of(d) -> dict[str, Any] | None:
    """The decision point as JSON: who acts, in what capacity."""
    if d is None:
        return None
    return {
        "actor": d.actor,
        "step": d.step,
        "turn_owner": d.turn_owner,
        "group": list(d.group),
        "interrupt": d.interrupt,
        "out_of_turn": d.out_of_turn,
    }


def split_view(view: dict[str, Any], n: int, seat: int | None = None) -> tuple[list[dict[str, Any]], list[list[str]]]:
    """Per-player lines and public rows from a view (see the module docstring for the rule)."""
    players: list[dict[str, Any]] = [{"seat": s, "fields": []} for s in range(n)]
    public: list[list[str]] = []
    for key, value in view.items():
        if key in SKIP:
            continue
        if key in OWN and seat is not None:
            items = value.items() if isinstance(value, dict) else [("", value)]
            for k, v in items:
                name = f"Your {label(key).lower()}" + (f" · {str(k).replace('_', ' ')}" if k else "")
                players[seat]["fields"].append([name, value_text(k or key, v, BOARD_TEXT)])
        elif _per_player(key, value, n):
            for s, item in enumerate(value):
                if key == "players" and isinstance(item, dict):  # player records: one line per field
                    lines = [[label(k), value_text(k, v, BOARD_TEXT)] for k, v in item.items() if k != "seat"]
                    players[s]["fields"] += lines
                else:
                    players[s]["fields"].append([label(key), value_text(key, item, BOARD_TEXT)])
        else:
            public.append([label(key), value_text(key, value, BOARD_TEXT)])
    return players, public


def _per_player(key: str, value: Any, n: int) -> bool:
    if not isinstance(value, list) or len(value) != n:
        return False
    return all(isinstance(x, dict) for x in value) or all(isinstance(x, list) for x in value) or key.endswith("s")


def group_by_verb(legal: list[str]) -> list[dict[str, Any]]:
    """Legal action texts grouped by their first word, in the order the game lists them.

    >>> [g["kind"] for g in group_by_verb(["bid 0", "bid 1", "pass"])]
    ['bid', 'pass']
    """
    groups: dict[str, list[dict[str, Any]]] = {}
    for text in legal:
        verb = text.split(" ", 1)[0] if text else text
        groups.setdefault(verb, []).append({"text": text, "targets": []})
    return [{"kind": verb, "label": verb.replace("_", " "), "actions": acts} for verb, acts in groups.items()]
