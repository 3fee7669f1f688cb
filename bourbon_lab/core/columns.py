"""A game's own columns of the simulation tables, declared as data so a game package needs no table library.

Every game gets the common columns (``games``: game, game_name, seed, players, rounds, decisions,
ended_by, winner, winners, error; ``players``: game, player, seat, turn_order, bot, score, rank,
won; ``events``: game, seq, round, phase, player, seat, kind, amount, source; ``from_player``, the
payer of an ``income`` event, when a game declares it or declares no columns at all). A
``GameColumns`` on the ``GameDef`` adds the rest. Types are names, not polars types: ``"i8"``,
``"i16"``, ``"i32"``, ``"i64"``, ``"f64"``, ``"str"``, ``"bool"``, or a tuple of texts (a closed set).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

DTYPES = ("i8", "i16", "i32", "i64", "f64", "str", "bool")


@dataclass(frozen=True)
class GameColumns:
    """What a game adds to the tables, and how to fill it from a finished game.

    ``game_row(state, counts)`` gives the ``games`` columns (``counts``: events per kind in the
    log); ``player_rows(state)`` gives each seat's ``players`` columns; ``turn_order(state)`` the
    seats in the order they first play (else the order they first own a turn). ``event_kinds``
    are the kinds the ``events`` table keeps (``None``: every kind); each ``events`` column is
    read from the event's data by its name. ``derived`` maps a kind to the generic rows it also
    stands for, ``(kind, data key, source)``, e.g. a sale is ``income`` of its ``capital``, so a
    game whose log predates ``income``/``points`` events still fills the generic charts.
    ``score`` is the type of scores, points and amounts.
    """

    games: Mapping[str, Any] = field(default_factory=dict)
    players: Mapping[str, Any] = field(default_factory=dict)
    events: Mapping[str, Any] = field(default_factory=dict)
    phases: tuple[str, ...] | None = None
    event_kinds: tuple[str, ...] | None = None
    derived: Mapping[str, tuple[tuple[str, str, str], ...]] = field(default_factory=dict)
    score: str = "f64"
    game_row: Callable[[Any, dict[str, int]], dict[str, Any]] | None = None
    player_rows: Callable[[Any], dict[int, dict[str, Any]]] | None = None
    turn_order: Callable[[Any], list[int]] | None = None

    def __post_init__(self):
        for table in ("games", "players", "events"):
            for name, dtype in getattr(self, table).items():
                if not (dtype in DTYPES or (isinstance(dtype, tuple) and all(isinstance(v, str) for v in dtype))):
                    raise ValueError(f"columns.{table}.{name}: type {dtype!r} is not one of {DTYPES} or a tuple")
        if self.score not in ("i64", "f64"):
            raise ValueError(f"columns.score: {self.score!r} must be 'i64' or 'f64'")
