"""Bourbonomics' own columns of the simulation tables (architecture.md lists them; their meaning is fixed)."""

from __future__ import annotations

from typing import Any

from ...core import GameColumns
from .content import DEPARTMENTS, QUALITIES, ULTIMATES

EVENT_KINDS = (
    "card_added",
    "crash",
    "hot_reset",
    "sale",
    "order_completed",
    "upgrade",
    "barrel_built",
    "game_end",
    "private_card",
    "double_maturation",
    "warehouse_tasting",
    "dice_rerolled",
)
"""Event kinds kept in the ``events`` table (dice and card draws stay in the game log)."""


def game_row(g: Any, counts: dict[str, int]) -> dict[str, Any]:
    """Crashes, Hot resets and stalled turns counted from the log; every action taken."""
    return {
        "crashes": counts.get("crash", 0),
        "hot_resets": counts.get("hot_reset", 0),
        "stalls": counts.get("stall", 0),
        "actions": len(g.actions),
    }


def player_rows(g: Any) -> dict[int, dict[str, Any]]:
    """Each seat's distillery and the parts of its score, from the engine's own score table."""
    return {
        r["player"]: {
            "distillery": r["distillery"],
            "capital": r["capital"],
            "prestige": r["prestige"],
            "orders": r["orders"],
            "upgrades": r["upgrades"],
            "stalls": g.players[r["player"]].stalls,
        }
        for r in g.scores()
    }


def turn_order(g: Any) -> list[int]:
    """The first round's order of play (the start player goes first)."""
    return list(next(e.data["order"] for e in g.log if e.kind == "round_start"))


COLUMNS = GameColumns(
    games={"crashes": "i64", "hot_resets": "i64", "stalls": "i64", "actions": "i64"},
    players={
        "distillery": "str",
        "capital": "i64",
        "prestige": "i64",
        "orders": "i64",
        "upgrades": "i64",
        "stalls": "i64",
    },
    events={
        "table_size": "i8",
        "barrel": "str",
        "quality": tuple(QUALITIES),
        "age": "i16",
        "base_value": "i16",
        "zone": ("Low", "Mid", "Hot"),
        "multiplier": "i16",
        "capital": "i32",
        "card": "str",
        "private": "bool",
        "prestige": "i16",
        "department": tuple(DEPARTMENTS),
        "level": "i8",
        "cost": "i16",
        "ultimate": tuple(u for us in ULTIMATES.values() for u in us),
        "mash_bill": "str",
    },
    phases=("setup", "demand", "collect", "play", "ageing", "over"),
    event_kinds=EVENT_KINDS,
    derived={
        "sale": (("income", "capital", "sale"),),
        "warehouse_tasting": (("income", "capital", "warehouse_tasting"),),
        "order_completed": (("points", "prestige", "prestige"),),
    },
    score="i64",
    game_row=game_row,
    player_rows=player_rows,
    turn_order=turn_order,
)
