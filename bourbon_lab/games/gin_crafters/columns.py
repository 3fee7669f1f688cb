"""Gin Crafters' own columns of the simulation tables: what the design notes (``peer-games.md``) say to log.

``lender`` and ``borrower`` in the ``events`` table are seats (``player`` and ``seat`` map as usual).
"""

from __future__ import annotations

from typing import Any

from ...core import GameColumns

TYPES = ("herbal", "fruit", "spice", "floral", "oriental")

EVENT_KINDS = (
    "action",
    "purchase",
    "refresh",
    "inspiration",
    "side_business",
    "distill",
    "lend",
    "borrow_refused",
    "key_effect",
    "threshold_bonus",
    "end_trigger",
    "brand_scored",
    "game_end",
)
"""Kinds kept in the ``events`` table (private looks, reshuffles and spends stay in the game log)."""


def game_row(g: Any, counts: dict[str, int]) -> dict[str, Any]:
    """The final-turns reading, borrows, refreshes, bonus Inspirations and how many turns were played."""
    taken = sum(1 for e in g.log if e.kind == "threshold_bonus" and e.data["taken"])
    return {
        "final_turns": g.rules.final_turns,
        "end_at": g.rules.end_at,
        "turns": g.turns,
        "trigger_seat": g.trigger,
        "borrows": counts.get("lend", 0),
        "refreshes": counts.get("refresh", 0),
        "distills": counts.get("distill", 0),
        "bonus_inspirations": taken,
    }


def player_rows(g: Any) -> dict[int, dict[str, Any]]:
    """VP by source, coins, gins, lending and brand cards per seat, and actions by kind."""
    verbs: dict[int, dict[str, int]] = {s: {} for s in range(g.n)}
    lend_income = dict.fromkeys(range(g.n), 0)
    for e in g.log:
        if e.kind == "action":
            verbs[e.player][e.data["verb"]] = verbs[e.player].get(e.data["verb"], 0) + 1
        elif e.kind == "income" and e.data["source"] == "lend":
            lend_income[e.player] += e.data["amount"]
    rows = {}
    for s, p in enumerate(g.players):
        rows[s] = {
            "vp_gin": p["vp"]["gin"],
            "vp_juniper": p["vp"]["juniper"],
            "vp_key": p["vp"]["key"],
            "vp_brands": p["vp"]["brand"],
            "coins": p["coins"],
            "gins": len(p["distilled"]),
            "borrowed": p["borrowed"],
            "lent": p["lent"],
            "lend_income": lend_income[s],
            "brands_held": len(p["brands"]),
            "brands_met": p["brands_met"],
            "bonuses": len(p["bonuses"]),
            **{
                f"n_{v}": verbs[s].get(v, 0) for v in ("purchase", "refresh", "inspiration", "side_business", "distill")
            },
        }
    return rows


def turn_order(g: Any) -> list[int]:
    """Seats from the start player, clockwise."""
    return [(g.start + i) % g.n for i in range(g.n)]


COLUMNS = GameColumns(
    games={
        "final_turns": ("others_once", "complete_round"),
        "end_at": ("30_or_more", "over_30"),
        "turns": "i64",
        "trigger_seat": "i64",
        "borrows": "i64",
        "refreshes": "i64",
        "distills": "i64",
        "bonus_inspirations": "i64",
    },
    players={
        "vp_gin": "i64",
        "vp_juniper": "i64",
        "vp_key": "i64",
        "vp_brands": "i64",
        "coins": "i64",
        "gins": "i64",
        "borrowed": "i64",
        "lent": "i64",
        "lend_income": "i64",
        "brands_held": "i64",
        "brands_met": "i64",
        "bonuses": "i64",
        "n_purchase": "i64",
        "n_refresh": "i64",
        "n_inspiration": "i64",
        "n_side_business": "i64",
        "n_distill": "i64",
    },
    events={
        "verb": ("purchase", "refresh", "inspiration", "side_business", "distill"),
        "turn": "i32",
        "index": "i8",
        "card": "str",
        "market": ("botanical", "juniper"),
        "type": TYPES,
        "position": "i8",
        "price": "i16",
        "refresh": "bool",
        "cost": "i16",
        "deck": ("gin", "brand"),
        "gin": "str",
        "shape": "str",
        "vp": "i16",
        "juniper": "str",
        "juniper_bonus": "i16",
        "key": "str",
        "key_effect": "str",
        "effect_used": "bool",
        "borrowed": TYPES,
        "lender": "i8",
        "borrower": "i8",
        "threshold": "i16",
        "taken": "bool",
        "condition": "str",
        "met": "bool",
        "ended_by": ("target", "round_limit"),
    },
    phases=("play", "over"),
    event_kinds=EVENT_KINDS,
    score="i64",
    game_row=game_row,
    player_rows=player_rows,
    turn_order=turn_order,
)
