"""Microbrew's own columns of the simulation tables (what the peer-games design notes ask to log)."""

from __future__ import annotations

from typing import Any

from ...core import GameColumns
from .content import JOBS, MANAGE

EVENT_KINDS = (
    "placement",
    "free_brew",
    "brew",
    "bottle",
    "serve",
    "advertise_paid",
    "advertise",
    "manage",
    "recall",
    "reputation",
    "compensation",
    "pass",
    "income",
    "points",
)


def game_row(g: Any, counts: dict[str, int]) -> dict[str, Any]:
    """Whether the loop guard was hit, free Brews and replacements taken, actions played."""
    return {
        "placement_cap_hit": g.cap_hit,
        "free_brews": g.stats["free_brews"],
        "replacements": g.stats["replacements"],
        "actions": len(g.actions),
    }


def player_rows(g: Any) -> dict[int, dict[str, Any]]:
    """Each seat's loyal customers by how they were won, money, crew and passes."""
    rows = {}
    for r in g.score_rows():
        p = r.player
        parts = g.loyal_from[p]
        rows[p] = {
            "loyal": len(g.loyal[p]),
            "money": g.cash[p],
            "loyal_served": parts["served"],
            "loyal_advertised": parts["advertised"],
            "reputation": parts["reputation"],
            "brewers": g.brewers[p],
            "upgraded": g.upgraded[p],
            "passes": g.stats["passes"][p],
            "compensation_used": g.stats["compensation"][p],
        }
    return rows


def turn_order(g: Any) -> list[int]:
    """The seats from the first player on (the first player starts every round)."""
    return [(g.first + i) % g.n for i in range(g.n)]


COLUMNS = GameColumns(
    games={"placement_cap_hit": "bool", "free_brews": "i64", "replacements": "i64", "actions": "i64"},
    players={
        "loyal": "i64",
        "money": "i64",
        "loyal_served": "i64",
        "loyal_advertised": "i64",
        "reputation": "i64",
        "brewers": "i64",
        "upgraded": "bool",
        "passes": "i64",
        "compensation_used": "bool",
    },
    events={
        "job": JOBS,
        "space": "i8",
        "replaced": "i8",
        "brewmaster": "bool",
        "taken": "bool",
        "token": "str",
        "chain": "i16",
        "hop": "bool",
        "circular": "bool",
        "free": "bool",
        "recipe": "str",
        "column": "i8",
        "contaminated": "bool",
        "customer": "str",
        "rating": "i8",
        "pay": "i16",
        "flavour_bonus": "i16",
        "loyal_gained": "bool",
        "cost": "i16",
        "loyal_before": "i16",
        "option": MANAGE,
        "card": "str",
        "public": "bool",
        "scored": "bool",
        "used": "bool",
        "forced": "bool",
        "from_player": "i8",
    },
    phases=("setup", "work", "rest", "end", "over"),
    event_kinds=EVENT_KINDS,
    score="i64",
    game_row=game_row,
    player_rows=player_rows,
    turn_order=turn_order,
)
