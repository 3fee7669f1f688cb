"""A player's view of the table: everything public, plus their own hidden cards, and nothing else."""

from __future__ import annotations

from typing import Any

from .content import QUALITIES
from .departments import number
from .play import age_value, bill_of


def _barrel(g, b, me: bool) -> dict[str, Any]:
    """A barrel as seen across the table: a built barrel shows its quality, staged cards only their type."""
    bill = bill_of(g, b)
    out = {
        "id": b.id,
        "bill": b.bill,
        "tags": list(bill.tags),
        "prime": list(bill.prime),
        "recipe": dict(bill.recipe),
        "built": b.built,
        "staged": [[c.id, c.kind, QUALITIES[c.quality]] if me else [None, c.kind, None] for c in b.cards],
    }
    if b.built:
        out.update(age=b.age, quality=QUALITIES[b.quality], sales_left=b.sales_left, value=age_value(g, b))
    return out


def _order(g, c) -> dict[str, Any]:
    card = g.rules.cards_by_id[c.id.split(".")[0]]
    return {
        "id": c.id,
        "name": card.name,
        "tags": list(card.tags),
        "min_age": card.min_age,
        "min_quality": card.min_quality,
        "prestige": card.prestige,
        "slots": c.slots,
        "filled": list(c.filled),
    }


def _player(g, p, me: bool) -> dict[str, Any]:
    out = {
        "seat": p.seat,
        "distillery": p.distillery,
        "capital": p.capital,
        "prestige": g.rules.start_prestige + p.prestige_from_orders,
        "orders": len(p.completed),
        "completed": [c for c, _ in p.completed],
        "levels": dict(p.levels),
        "ultimates": dict(p.ultimates),
        "prospector_pile": p.prospector_pile,
        "numbers": {d: number(g.rules, p, d) for d in p.levels},
        "upgrades": p.upgrades,
        "barrels": [_barrel(g, b, me) for b in p.barrels],
        "private": _order(g, p.private) if p.private else None,
    }
    if me:
        out["warehouse"] = [[c.id, c.kind, QUALITIES[c.quality]] for c in p.warehouse]
    else:
        out["warehouse"] = [[None, c.kind, None] for c in p.warehouse]
    return out


def player_view(g, player: int | None) -> dict[str, Any]:
    """JSON-safe dict of the table as ``player`` sees it; reveals are theirs only while they decide."""
    me = g.current_player == player
    return {
        "viewer": player,
        "round": g.round,
        "phase": g.phase,
        "step": g.step,
        "current_player": g.current_player,
        "order": list(g.order),
        "zone": g.zone,
        "multiplier": g.multiplier,
        "table": [_order(g, c) for c in g.table],
        "crash_in": g.rules.crash_size - len(g.table),
        "players": [_player(g, p, p.seat == player) for p in g.players],
        "piles": {k: len(v) for k, v in g.piles.piles.items()},
        "pile_discards": {k: len(v) for k, v in g.piles.discards.items()},
        "demand_deck": len(g.demand.cards),
        "mash_bills_left": len(g.bills.cards),
        "dice": list(g.dice),
        "selected": list(g.selected),
        "inherited": list(g.passed),
        "kept": list(g.kept),
        "rerolls_left": g.rerolls_left if me else None,
        "revealed_bills": list(g.revealed_bills) if me else len(g.revealed_bills),
        "demand_reveal": list(g.demand_reveal) if me else len(g.demand_reveal),
        "legal_actions": [str(a) for a in g.legal_actions()] if me else [],
        "ended_by": g.ended_by,
    }
