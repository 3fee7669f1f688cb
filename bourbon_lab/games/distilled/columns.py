"""Distilled's own columns of the simulation tables (peer-games.md, 'what to log')."""

from __future__ import annotations

from typing import Any

from ...core import GameColumns

EVENT_KINDS = (
    "income",
    "points",
    "purchase",
    "cube",
    "upgrade_discarded",
    "distill",
    "spirit_claimed",
    "label_unavailable",
    "spirit_sold",
    "spirit_aged",
    "forced_sale",
    "spirit_lost",
    "award",
    "goal_scored",
    "tasting",
    "trade",
    "unsold_spirit",
    "game_end",
)


def game_row(g: Any, counts: dict[str, int]) -> dict[str, Any]:
    """Awards claimed, distillations that fell back to Vodka / Moonshine, sales, forced sales, actions."""
    return {
        "awards_claimed": len(g.award_winners),
        "fallbacks": sum(1 for e in g.log if e.kind == "distill" and e.data["fallback"]),
        "distillations": counts.get("distill", 0),
        "sales": counts.get("spirit_sold", 0),
        "forced_sales": counts.get("forced_sale", 0),
        "actions": len(g.actions),
    }


def player_rows(g: Any) -> dict[int, dict[str, Any]]:
    """Each seat's identity, money and SP by source."""
    out = {}
    for p in range(g.n):
        row = {"identity": g.identity[p], "money": g.money[p], "sales": len(g.sales[p])}
        row.update({f"sp_{k}": v for k, v in g.sp[p].items()})
        out[p] = row
    return out


def turn_order(g: Any) -> list[int]:
    """The first round's order of play."""
    return list(next(e.data["order"] for e in g.log if e.kind == "round_start"))


def _sources() -> dict[str, str]:
    from .state import SOURCES

    return {f"sp_{s}": "i64" for s in SOURCES}


COLUMNS = GameColumns(
    games={
        "awards_claimed": "i64",
        "fallbacks": "i64",
        "distillations": "i64",
        "sales": "i64",
        "forced_sales": "i64",
        "actions": "i64",
    },
    players={"identity": "str", "money": "i64", "sales": "i64", **_sources()},
    events={
        "amount": "i64",
        "source": "str",
        "recipe": "str",
        "tier": "str",
        "aged": "bool",
        "fallback": "bool",
        "best_odds": "f64",
        "alcohol": "i64",
        "flavours": "i64",
        "money": "i64",
        "sp": "i64",
        "card_sp": "i64",
        "recipe_sp": "i64",
        "flavour_sp": "i64",
        "row": "str",
        "slot": "i64",
        "card": "str",
        "cost": "i64",
        "award": "str",
        "goal": "str",
        "met": "bool",
        "spirit": "str",
        "why": "str",
        "basic": "str",
    },
    phases=("setup", "market", "distill", "sell", "age", "round_end", "endgame", "over"),
    event_kinds=EVENT_KINDS,
    score="i64",
    game_row=game_row,
    player_rows=player_rows,
    turn_order=turn_order,
)
