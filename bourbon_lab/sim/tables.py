"""Turn finished games of any game into rows of the ``games``, ``players``, ``events`` and ``score_parts`` tables.

Every game fills the common columns from the protocol (``score_rows``, ``log``, ``ended_by``); the
columns a game adds, and how to fill them, come from its ``GameColumns`` (architecture.md lists
Bourbonomics'). ``income`` and ``points`` are generic event kinds: a game emits them, or declares
which of its own kinds stand for them (Bourbonomics' sales and orders), so its log is unchanged.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import polars as pl

from ..core import DEFAULT_GAME, GameColumns, get_game

GENERIC_KINDS = ("income", "points", "house")
"""Event kinds every game has in its ``events`` table: money gained and points scored, by ``source``, and a
house rule's own notes (``core/house.py``)."""

_DTYPES = {
    "i8": pl.Int8,
    "i16": pl.Int16,
    "i32": pl.Int32,
    "i64": pl.Int64,
    "f64": pl.Float64,
    "str": pl.Utf8,
    "bool": pl.Boolean,
}
_EVENT_COMMON = ("game", "seq", "round", "phase", "player", "seat", "kind", "amount", "source", "from_player")
UNDECLARED = GameColumns(events={"from_player": "i8"})
"""A game that declares no columns: the common ones, and the payer of a payment (``income`` events
carry ``from_player`` when one player pays another; docs/adding-a-game.md)."""


def _dtype(name: Any) -> pl.DataType:
    return pl.Enum(list(name)) if isinstance(name, tuple) else _DTYPES[name]


@cache
def columns_of(game: str) -> GameColumns:
    """The game's declared columns (none declared: only the common ones)."""
    return get_game(game).columns or UNDECLARED


@cache
def schemas(game: str = DEFAULT_GAME) -> tuple[dict, dict, dict, dict]:
    """The ``games``, ``players``, ``events`` and ``score_parts`` schemas of one game's tables."""
    cols = columns_of(game)
    score = _DTYPES[cols.score]
    games = {
        "game": pl.Int64,
        "game_name": pl.Utf8,
        "seed": pl.Int64,
        "players": pl.Int64,
        "rounds": pl.Int64,
        "decisions": pl.Int64,
        "ended_by": pl.Utf8,
        "winner": pl.Int64,
        "winners": pl.Int64,
        **{c: _dtype(t) for c, t in cols.games.items()},
        "error": pl.Utf8,
    }
    players = {
        "game": pl.Int64,
        "player": pl.Int64,
        "seat": pl.Int64,
        "turn_order": pl.Int64,
        "bot": pl.Utf8,
        "score": score,
        "rank": pl.Int64,
        "won": pl.Boolean,
        **{c: _dtype(t) for c, t in cols.players.items()},
    }
    kinds = None if cols.event_kinds is None else pl.Enum(list(dict.fromkeys([*cols.event_kinds, *GENERIC_KINDS])))
    events = {
        "game": pl.Int32,
        "seq": pl.Int32,
        "round": pl.Int16,
        "phase": pl.Utf8 if cols.phases is None else pl.Enum(list(cols.phases)),
        "player": pl.Int8,
        "seat": pl.Int8,
        "kind": pl.Utf8 if kinds is None else kinds,
        "amount": score,
        "source": pl.Utf8,
        "rule": pl.Utf8,  # a house rule's events carry its name (coverage counts the rule as a mechanic)
        **{c: pl.Int8 if c == "from_player" else _dtype(t) for c, t in cols.events.items()},
    }
    parts = {"game": pl.Int64, "player": pl.Int64, "source": pl.Utf8, "points": score}
    return games, players, events, parts


GAMES_SCHEMA, PLAYERS_SCHEMA, EVENTS_SCHEMA, SCORE_PARTS_SCHEMA = schemas(DEFAULT_GAME)
"""Bourbonomics' schemas (the default game's), as the tables have always had them."""
EVENT_KINDS = columns_of(DEFAULT_GAME).event_kinds
"""Bourbonomics' kinds kept from the log (``income``/``points`` rows are derived from some of them)."""


def game_rows(
    g, game_index: int, seat_of: list[int], bots: list[str], first_turns=(), parts: list | None = None
) -> tuple[dict, list, dict]:
    """Rows for one finished game; ``seat_of[player]`` is where that player sat.

    ``first_turns`` (seats in the order they first owned a turn) gives ``turn_order`` when the
    game declares no order of its own; ``parts``, when given, receives the ``score_parts`` rows.
    """
    name = getattr(g.rules, "game", DEFAULT_GAME)
    cols = columns_of(name)
    player_of = {seat: player for player, seat in enumerate(seat_of)}
    rows = {r.player: r for r in g.score_rows()}
    counts: dict[str, int] = {}
    for e in g.log:
        counts[e.kind] = counts.get(e.kind, 0) + 1
    winners = sorted(player_of[s] for s, r in rows.items() if r.won)
    game = {
        "game": game_index,
        "game_name": name,
        "seed": g.seed,
        "players": g.n,
        "rounds": g.round,
        "decisions": len(g.actions),
        "ended_by": g.ended_by,
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": len(winners),
    }
    if cols.game_row is not None:
        game.update(cols.game_row(g, counts))
    game["error"] = None
    order = cols.turn_order(g) if cols.turn_order is not None else list(first_turns)
    order += [s for s in range(g.n) if s not in order]
    extra = cols.player_rows(g) if cols.player_rows is not None else {}
    players = []
    for player, seat in enumerate(seat_of):
        r = rows[seat]
        players.append(
            {
                "game": game_index,
                "player": player,
                "seat": seat,
                "turn_order": order.index(seat),
                "bot": bots[player],
                "score": r.score,
                "rank": r.rank,
                "won": r.won,
                **extra.get(seat, {}),
            }
        )
    if parts is not None:  # one row per player and source of points: they sum to the player's score
        parts.extend(
            {"game": game_index, "player": player_of[seat], "source": source, "points": points}
            for seat, r in sorted(rows.items())
            for source, points in r.parts.items()
        )
    return game, players, _event_columns(g, name, game_index, player_of)


def _event_columns(g, name: str, game_index: int, player_of: dict[int, int]) -> dict[str, list[Any]]:
    schema = schemas(name)[2]
    cols: dict[str, list[Any]] = {c: [] for c in schema}
    spec = columns_of(name)
    keep = None if spec.event_kinds is None else set(spec.event_kinds) | set(GENERIC_KINDS)
    data_cols = [c for c in schema if c not in _EVENT_COMMON]
    payer = "from_player" in schema  # a seat, so mapped to its player like ``player``
    derived = spec.derived
    for e in g.log:
        if keep is not None and e.kind not in keep:
            continue
        data = e.data
        _append(cols, game_index, e, e.kind, player_of, data.get("amount"), data.get("source"))
        for c in data_cols:
            cols[c].append(data.get(c))
        if payer:
            payer_of = data.get("from_player")
            cols["from_player"].append(None if payer_of is None else player_of[payer_of])
        for kind, key, source in derived.get(e.kind, ()):
            _append(cols, game_index, e, kind, player_of, data.get(key), source)
            for c in data_cols:
                cols[c].append(None)
            if payer:
                cols["from_player"].append(None)
    return cols


def _append(cols, game_index, e, kind, player_of, amount, source) -> None:
    cols["game"].append(game_index)
    cols["seq"].append(e.seq)
    cols["round"].append(e.round)
    cols["phase"].append(e.phase)
    cols["player"].append(None if e.player is None else player_of[e.player])
    cols["seat"].append(e.player)
    cols["kind"].append(kind)
    cols["amount"].append(amount)
    cols["source"].append(source)


def failed_game_row(game_index: int, seed: int, players: int, error: str, game: str = DEFAULT_GAME) -> dict:
    """A ``games`` row for a game that raised: its seed and the error, nothing else."""
    row = dict.fromkeys(schemas(game)[0])
    row.update(game=game_index, game_name=game, seed=seed, players=players, error=error)
    return row


def to_frames(games: list[dict], players: list[dict], events: list[dict[str, list]], parts=(), game=DEFAULT_GAME):
    """Polars frames with the game's schemas, rows sorted by game (events keep a derived row after its source)."""
    gs, ps, es, ss = schemas(game)
    g = pl.DataFrame(games, schema=gs, orient="row") if games else pl.DataFrame(schema=gs)
    p = pl.DataFrame(players, schema=ps, orient="row") if players else pl.DataFrame(schema=ps)
    merged: dict[str, list] = {c: [] for c in es}
    for cols in events:
        for c in es:
            merged[c].extend(cols[c])
    e = pl.DataFrame(merged, schema=es)
    s = pl.DataFrame(list(parts), schema=ss, orient="row") if parts else pl.DataFrame(schema=ss)
    return tuple(df.sort(key, maintain_order=True) for df, key in zip((g, p, e, s), SORT_KEYS))


SORT_KEYS = ("game", ["game", "player"], ["game", "seq"], ["game", "player"])
