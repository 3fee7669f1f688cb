"""Turn finished games into rows of the ``games``, ``players`` and ``events`` tables (architecture.md)."""

from __future__ import annotations

from typing import Any

import polars as pl

from ..rules.content import DEPARTMENTS, QUALITIES, ULTIMATES

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
)
"""Event kinds kept in the ``events`` table (dice and card draws stay in the game log)."""

PHASE = pl.Enum(["setup", "demand", "collect", "play", "ageing", "over"])
KIND = pl.Enum(list(EVENT_KINDS))
ZONE = pl.Enum(["Low", "Mid", "Hot"])
QUALITY = pl.Enum(list(QUALITIES))
DEPARTMENT = pl.Enum(list(DEPARTMENTS))
ULTIMATE = pl.Enum([u for us in ULTIMATES.values() for u in us])

GAMES_SCHEMA = {
    "game": pl.Int64,
    "seed": pl.Int64,
    "players": pl.Int64,
    "rounds": pl.Int64,
    "ended_by": pl.Utf8,
    "winner": pl.Int64,
    "winners": pl.Int64,
    "crashes": pl.Int64,
    "hot_resets": pl.Int64,
    "stalls": pl.Int64,
    "actions": pl.Int64,
    "error": pl.Utf8,
}
PLAYERS_SCHEMA = {
    "game": pl.Int64,
    "player": pl.Int64,
    "seat": pl.Int64,
    "turn_order": pl.Int64,
    "distillery": pl.Utf8,
    "bot": pl.Utf8,
    "capital": pl.Int64,
    "prestige": pl.Int64,
    "score": pl.Int64,
    "orders": pl.Int64,
    "upgrades": pl.Int64,
    "stalls": pl.Int64,
    "rank": pl.Int64,
    "won": pl.Boolean,
}
EVENTS_SCHEMA = {
    "game": pl.Int32,
    "seq": pl.Int32,
    "round": pl.Int16,
    "phase": PHASE,
    "player": pl.Int8,
    "seat": pl.Int8,
    "kind": KIND,
    "table_size": pl.Int8,
    "barrel": pl.Utf8,
    "quality": QUALITY,
    "age": pl.Int16,
    "base_value": pl.Int16,
    "zone": ZONE,
    "multiplier": pl.Int16,
    "capital": pl.Int32,
    "card": pl.Utf8,
    "private": pl.Boolean,
    "prestige": pl.Int16,
    "department": DEPARTMENT,
    "level": pl.Int8,
    "cost": pl.Int16,
    "ultimate": ULTIMATE,
    "mash_bill": pl.Utf8,
}
_EVENT_DATA = [c for c in EVENTS_SCHEMA if c not in ("game", "seq", "round", "phase", "player", "seat", "kind")]


def game_rows(g, game_index: int, seat_of: list[int], bots: list[str]) -> tuple[dict, list[dict], dict]:
    """Rows for one finished game; ``seat_of[player]`` is where that player sat."""
    player_of = {seat: player for player, seat in enumerate(seat_of)}
    scores = {r["player"]: r for r in g.scores()}
    kinds = {}
    for e in g.log:
        kinds[e.kind] = kinds.get(e.kind, 0) + 1
    winners = sorted(player_of[s] for s, r in scores.items() if r["won"])
    first_order = next(e.data["order"] for e in g.log if e.kind == "round_start")
    game = {
        "game": game_index,
        "seed": g.seed,
        "players": g.n,
        "rounds": g.round,
        "ended_by": g.ended_by,
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": len(winners),
        "crashes": kinds.get("crash", 0),
        "hot_resets": kinds.get("hot_reset", 0),
        "stalls": kinds.get("stall", 0),
        "actions": len(g.actions),
        "error": None,
    }
    players = []
    for player, seat in enumerate(seat_of):
        r = scores[seat]
        players.append(
            {
                "game": game_index,
                "player": player,
                "seat": seat,
                "turn_order": first_order.index(seat),
                "distillery": r["distillery"],
                "bot": bots[player],
                "capital": r["capital"],
                "prestige": r["prestige"],
                "score": r["score"],
                "orders": r["orders"],
                "upgrades": r["upgrades"],
                "stalls": g.players[seat].stalls,
                "rank": r["rank"],
                "won": r["won"],
            }
        )
    return game, players, _event_columns(g, game_index, player_of)


def _event_columns(g, game_index: int, player_of: dict[int, int]) -> dict[str, list[Any]]:
    cols: dict[str, list[Any]] = {c: [] for c in EVENTS_SCHEMA}
    keep = set(EVENT_KINDS)
    for e in g.log:
        if e.kind not in keep:
            continue
        cols["game"].append(game_index)
        cols["seq"].append(e.seq)
        cols["round"].append(e.round)
        cols["phase"].append(e.phase)
        cols["player"].append(None if e.player is None else player_of[e.player])
        cols["seat"].append(e.player)
        cols["kind"].append(e.kind)
        data = e.data
        for c in _EVENT_DATA:
            cols[c].append(data.get(c))
    return cols


def failed_game_row(game_index: int, seed: int, players: int, error: str) -> dict:
    """A ``games`` row for a game that raised: its seed and the error, nothing else."""
    row = dict.fromkeys(GAMES_SCHEMA)
    row.update(game=game_index, seed=seed, players=players, error=error)
    return row


def to_frames(games: list[dict], players: list[dict], events: list[dict[str, list]]):
    """Polars frames with the contract schemas, rows sorted by game."""
    g = pl.DataFrame(games, schema=GAMES_SCHEMA, orient="row") if games else pl.DataFrame(schema=GAMES_SCHEMA)
    p = pl.DataFrame(players, schema=PLAYERS_SCHEMA, orient="row") if players else pl.DataFrame(schema=PLAYERS_SCHEMA)
    merged: dict[str, list] = {c: [] for c in EVENTS_SCHEMA}
    for cols in events:
        for c in EVENTS_SCHEMA:
            merged[c].extend(cols[c])
    e = pl.DataFrame(merged, schema=EVENTS_SCHEMA)
    return tuple(df.sort(key) for df, key in zip((g, p, e), SORT_KEYS))


SORT_KEYS = ("game", ["game", "player"], ["game", "seq"])
