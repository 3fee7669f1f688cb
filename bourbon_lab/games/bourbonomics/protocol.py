"""Bourbonomics behind the shared game protocol: its decision point, score rows and who sees each event.

Read-only glue over the engine, called through ``Game.decision``, ``Game.score_rows`` and
``Game.visible_to``: nothing here runs on the hot path of a game, and nothing changes a log.
"""

from __future__ import annotations

from typing import Any

from ...core.protocol import EVERYONE, Decision, ScoreRow, Visibility

PRIVATE_KINDS = frozenset(
    {
        "card_drawn",  # "Each card also has a hidden quality": only the player who drew it sees it
        "card_staged",  # the view shows others' staged cards by type only
        "card_unstaged",
        "bills_revealed",  # the mash bills a player looks at before keeping one
        "bills_returned",
        "demand_revealed",  # the demand cards the first player draws and picks from
        "demand_picked",  # names the cards that go to the bottom
    }
)
"""Event kinds only the event's own player may see; every other kind is public."""


def decision(g: Any) -> Decision | None:
    """Bourbonomics is strictly sequential: the actor is always the turn's owner, never interrupted."""
    actor = g.current_player
    if actor is None:
        return None
    return Decision(actor=actor, step=g.step, turn_owner=actor)


def score_rows(g: Any) -> list[ScoreRow]:
    """Capital + Prestige, ties to more completed orders (the engine's own table, in the shared shape)."""
    return [
        ScoreRow(
            player=r["player"],
            score=r["score"],
            tiebreak=(r["orders"],),
            rank=r["rank"],
            won=r["won"] and g.is_over,
            parts=_parts(g, r),
            tiebreak_names=("completed orders",),
        )
        for r in g.scores()
    ]


def _parts(g: Any, r: dict) -> dict[str, int]:
    if g.house is None:
        return {"capital": r["capital"], "prestige": r["prestige"]}
    extra = g.house.points_of(r["player"])
    return {"capital": r["capital"], "prestige": r["prestige"] - extra, "house rules": extra}


def visible_to(event: Any) -> Visibility:
    """Private kinds are seen by their own player only; everything else by everyone."""
    if event.kind in PRIVATE_KINDS and event.player is not None:
        return (event.player,)
    return EVERYONE
