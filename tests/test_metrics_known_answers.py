"""Every catalogue metric of every game on a hand-made table whose answer is worked out by hand (issue 31).

A planted-bug study found that a metric computed on the wrong column passes whenever its value looks
plausible. So each game gets one small table (four finished games of three players and one failed
game) in which neighbouring columns tell different stories: ``seat``, ``player`` and ``turn_order``
give different win rates, ``rounds`` differs from ``decisions`` and from the events' ``seq``,
Capital, Prestige and score differ, a sale's derived ``income`` row repeats its Capital in ``amount``.
Each expected number is a literal with its arithmetic beside it, never the metric's own code.

``test_every_metric_of_every_game_has_a_known_answer`` fails when a metric (or a resolver family:
``fires:``, ``per_game:``, ``per_round:``, ``share:``, ``win_rate:``, ``skill:``, ``seat_advantage:``) has no
case here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import polars as pl
import pytest

from bourbon_lab.core import get_game
from bourbon_lab.design import measure
from bourbon_lab.design.metrics import CATALOGUE, get_metric, metrics_for, point_only
from bourbon_lab.games import BUILTIN
from bourbon_lab.games.bourbonomics.metrics import lead_changes_by_game
from bourbon_lab.sim import SimResult
from bourbon_lab.sim.tables import schemas

GAMES = ("bourbonomics", "distilled", "gin_crafters", "microbrew")
FAMILIES = ("fires:", "per_game:", "per_round:", "share:", "win_rate:", "skill:", "seat_advantage:")

# --- the builder: a SimResult with a game's own schemas, unnamed columns neutral ----------------------


def _neutral(dtype: pl.DataType):
    """A value of ``dtype`` that carries no information: 0, 0.0, "", False, an enum's first category."""
    if dtype == pl.Boolean:
        return False
    if dtype == pl.Utf8:
        return ""
    if isinstance(dtype, pl.Enum):
        return dtype.categories[0]
    return 0.0 if dtype.is_float() else 0


def _frame(rows: list[dict], schema: dict, fill) -> pl.DataFrame:
    for r in rows:
        unknown = set(r) - set(schema)
        assert not unknown, f"not a column of this table: {sorted(unknown)}"  # a typo would drop data silently
    if not rows:
        return pl.DataFrame(schema=schema)
    return pl.DataFrame(
        [{c: r[c] if c in r else fill(c, t, r) for c, t in schema.items()} for r in rows], schema=schema
    )


def _games_fill(col, dtype, row):
    # a failed game's row holds its seed and error only (tables.failed_game_row); a finished one no error
    return None if col == "error" or "error" in row else _neutral(dtype)


def _players_fill(col, dtype, row):
    return _neutral(dtype)


def _events_fill(col, dtype, row):
    return None  # an event carries only its own columns; the rest stay empty, as in the runner's tables


def build(game: str, games: list[dict], players: list[dict], events: list[dict] = (), parts: list[dict] = ()):
    """A ``SimResult`` of ``game``'s schemas; ``seq`` numbers each game's events in the order given."""
    gs, ps, es, ss = schemas(game)
    seq: dict[int, int] = {}
    numbered = []
    for e in events:
        seq[e["game"]] = seq.get(e["game"], 0) + 1
        numbered.append({"seq": seq[e["game"]], **e})
    return SimResult(
        _frame(games, gs, _games_fill).sort("game"),
        _frame(players, ps, _players_fill).sort("game", "player"),
        _frame(numbered, es, _events_fill).sort("game", "seq", maintain_order=True),
        {"game": game},
        score_parts=_frame(list(parts), ss, _players_fill),
    )


# --- the common part of every game's table --------------------------------------------------------------
# Four finished games of three players and game 4, which failed (no rounds, players or events).
# Seats rotate (seat = (player + game) % 3); first-round turn positions are a different permutation.
# Winners: game 0 player 0 (seat 0, turn 0), game 1 player 2 (seat 0, turn 1), game 2 player 1 (seat 0,
# turn 0), game 3 player 1 (seat 1, turn 1). So by seat 3/4, 1/4, 0; by turn 2/4, 2/4, 0; by player
# 1/4, 2/4, 1/4: three different spreads. Game 3 is the only one-bot table (all prime).

#      game rounds decisions seed
_GAMES = [(0, 10, 40, 101), (1, 14, 50, 102), (2, 30, 60, 103), (3, 22, 70, 104)]
_WINNER = {0: 0, 1: 2, 2: 1, 3: 1}

#        game player seat turn bot    score rank won
_PLAYERS = [
    (0, 0, 0, 0, "rush", 30, 1, True),
    (0, 1, 1, 2, "prime", 24, 2, False),
    (0, 2, 2, 1, "prime", 18, 3, False),
    (1, 0, 1, 0, "rush", 20, 3, False),
    (1, 1, 2, 2, "rush", 27, 2, False),
    (1, 2, 0, 1, "prime", 35, 1, True),
    (2, 0, 2, 1, "prime", 12, 3, False),
    (2, 1, 0, 0, "prime", 40, 1, True),
    (2, 2, 1, 2, "rush", 33, 2, False),
    (3, 0, 0, 2, "prime", 15, 3, False),
    (3, 1, 1, 1, "prime", 25, 1, True),
    (3, 2, 2, 0, "prime", 23, 2, False),
]
_SEAT = {(g, p): s for g, p, s, *_ in _PLAYERS}


def _games(game: str, extra: dict[int, dict] | None = None) -> list[dict]:
    rows = [
        dict(game=g, game_name=game, seed=seed, players=3, rounds=r, decisions=d, ended_by="end")
        | dict(winner=_WINNER[g], winners=1, **(extra or {}).get(g, {}))
        for g, r, d, seed in _GAMES
    ]
    return rows + [dict(game=4, game_name=game, seed=105, players=3, error="ValueError: boom")]


def _players(extra: dict[tuple[int, int], dict] | None = None) -> list[dict]:
    return [
        dict(game=g, player=p, seat=s, turn_order=t, bot=b, score=sc, rank=rk, won=w, **(extra or {}).get((g, p), {}))
        for g, p, s, t, b, sc, rk, w in _PLAYERS
    ]


def _ev(game: int, rnd: int, kind: str, player: int | None = None, **cols) -> dict:
    seat = None if player is None else _SEAT.get((game, player), player)
    return dict(game=game, round=rnd, kind=kind, player=player, seat=seat) | cols


def _split_parts(names: tuple[str, str]) -> list[dict]:
    """Each player's score as ``names[0]`` = score - 10 and ``names[1]`` = 10."""
    big, small = names
    rows = []
    for g, p, *_, score, _rank, _won in _PLAYERS:
        rows += [dict(game=g, player=p, source=big, points=score - 10), dict(game=g, player=p, source=small, points=10)]
    return rows


# --- Bourbonomics ---------------------------------------------------------------------------------------
# Per player: Capital + Prestige = score; completed orders, upgrades, stalled turns, distillery.
# Distilleries follow the player (0 standard, 1 Hollow Creek, 2 Copper Kettle) but game 3's player 2 is
# Hollow Creek too, so Hollow Creek has 5 seats and Copper Kettle 3.
_B = ("capital", "prestige", "orders", "upgrades", "stalls", "distillery")
_BOURBONOMICS_PLAYERS = {
    (0, 0): (22, 8, 3, 5, 0, "standard"),
    (0, 1): (20, 4, 1, 6, 0, "hollow_creek"),
    (0, 2): (18, 0, 0, 2, 1, "copper_kettle"),
    (1, 0): (14, 6, 2, 4, 0, "standard"),
    (1, 1): (22, 5, 5, 7, 0, "hollow_creek"),
    (1, 2): (25, 10, 4, 6, 0, "copper_kettle"),
    (2, 0): (12, 0, 1, 3, 0, "standard"),
    (2, 1): (28, 12, 3, 8, 0, "hollow_creek"),
    (2, 2): (30, 3, 3, 5, 0, "copper_kettle"),
    (3, 0): (15, 0, 0, 1, 0, "standard"),
    (3, 1): (20, 5, 2, 4, 0, "hollow_creek"),
    (3, 2): (23, 0, 0, 6, 0, "hollow_creek"),
}
#                       crashes hot_resets stalls
_BOURBONOMICS_GAMES = {0: (2, 1, 1), 1: (0, 2, 0), 2: (3, 0, 0), 3: (1, 0, 0)}
_MULTIPLIER = {"Low": 1, "Mid": 2, "Hot": 3}


def _sale(g, r, p, capital, zone, private=False) -> list[dict]:
    """A sale and the ``income`` row the tables derive from it (its Capital again, in ``amount``)."""
    data = dict(capital=capital, zone=zone, private=private, multiplier=_MULTIPLIER[zone], base_value=capital + 1)
    return [
        _ev(g, r, "sale", p, phase="play", table_size=3, **data),
        _ev(g, r, "income", p, phase="play", amount=capital, source="sale"),
    ]


def _order(g, r, p, prestige) -> list[dict]:
    return [
        _ev(g, r, "order_completed", p, phase="play", prestige=prestige, card="D07"),
        _ev(g, r, "points", p, phase="play", amount=prestige, source="prestige"),
    ]


def _upgrade(g, r, p, cost, level) -> list[dict]:
    return [_ev(g, r, "upgrade", p, phase="play", cost=cost, level=level, department="rickhouse")]


def _tasting(g, r, p, capital) -> list[dict]:
    return [
        _ev(g, r, "warehouse_tasting", p, phase="ageing", capital=capital),
        _ev(g, r, "income", p, phase="ageing", amount=capital, source="warehouse_tasting"),
    ]


def _bourbonomics_events() -> list[dict]:
    """Points after each round (Capital + Prestige rebuilt from the events) and who leads:

    game 0: r1 {0: 4, 1: 3} p0; r2 p1 order 3 -> {0: 4, 1: 6, 2: 0} p1 (1 change); r3 p0 upgrade -1,
            p2 tasting +1 -> {0: 3, 1: 6, 2: 1} p1. 1 change.
    game 1: r1 {2: 5} p2; r2 p0 private sale 6 -> p0 (1); r3 p2 order 2 = 7, p0 upgrade -2 = 4 -> p2 (2);
            r4 p1 sale 7, p0 sale 3 -> 7, 7, 7 no sole leader; r5 p0 tasting 1 -> 8 p0 (3). 3 changes.
    game 2: r1 p1 2, p2 2 (tied, no leader); r2 p1 order 1 -> p1, the first leader. 0 changes.
    game 3: r1 p0 3; r2 p1 5 (1); r3 p0 order 4 -> 7 (2); r4 p2 sale 8 (ahead of p0's 7 for a moment), p1
            upgrade -3 = 2, p0 tasting 2 -> {0: 9, 1: 2, 2: 8}: p0 leads at the round's end. 2 changes (event by
            event, not round by round, it would be 4).
    Crashes and Hot resets (no player) as the games table counts them: 2, 0, 3, 1 and 1, 2, 0, 0.
    """
    crash = [_ev(g, r, "crash", phase="demand") for g, r in ((0, 2), (0, 3), (2, 1), (2, 2), (2, 2), (3, 3))]
    reset = [_ev(g, r, "hot_reset", phase="play") for g, r in ((0, 1), (1, 4), (1, 5))]
    rows = (
        [*_sale(0, 1, 0, 4, "Mid"), *_sale(0, 1, 1, 3, "Low"), *_order(0, 2, 1, 3)]
        + [_ev(0, 2, "barrel_built", 2, phase="play", barrel="B1", mash_bill="wheated")]
        + [*_upgrade(0, 3, 0, cost=1, level=2), *_tasting(0, 3, 2, 1)]
        + [*_sale(1, 1, 2, 5, "Hot"), *_sale(1, 2, 0, 6, "Hot", private=True)]
        + [*_order(1, 3, 2, 2), *_upgrade(1, 3, 0, cost=2, level=3)]
        + [*_sale(1, 4, 1, 7, "Mid"), *_sale(1, 4, 0, 3, "Hot"), *_tasting(1, 5, 0, 1)]
        + [*_sale(2, 1, 1, 2, "Low"), *_sale(2, 1, 2, 2, "Low"), *_order(2, 2, 1, 1)]
        + [*_sale(3, 1, 0, 3, "Mid"), *_sale(3, 2, 1, 5, "Hot"), *_order(3, 3, 0, 4)]
        + [*_sale(3, 4, 2, 8, "Low"), *_upgrade(3, 4, 1, cost=3, level=1), *_tasting(3, 4, 0, 2)]
    )
    return rows + crash + reset


def _bourbonomics() -> SimResult:
    players = {k: dict(zip(_B, v)) for k, v in _BOURBONOMICS_PLAYERS.items()}
    decisions = {g: d for g, _r, d, _seed in _GAMES}
    games = {
        g: dict(crashes=c, hot_resets=h, stalls=s, actions=decisions[g]) for g, (c, h, s) in _BOURBONOMICS_GAMES.items()
    }
    parts = [
        dict(game=g, player=p, source=src, points=v[i])
        for (g, p), v in _BOURBONOMICS_PLAYERS.items()
        for i, src in ((0, "capital"), (1, "prestige"))
    ]
    return build("bourbonomics", _games("bourbonomics", games), _players(players), _bourbonomics_events(), parts)


# --- Distilled ------------------------------------------------------------------------------------------
# Identities: games 0 and 1 I01, I02, I03 by player; game 2 I02, I03, I01; game 3 I03, I01, I02.
# SP by endgame source (warehouse, bottles, upgrades, goals, money); sale_cards is the rest of the score.
# Which sources decide a game (zeroing it for everyone changes the set of top scorers; no SP ties here):
#   game 0 [30, 24, 18]: warehouse -> [23, 24, 18], bottles -> [24, 24, 18], money -> [22, 23, 18];
#   game 1 [20, 27, 35]: warehouse -> [20, 27, 26], bottles -> [20, 27, 27], goals -> [20, 26, 25];
#   game 2 [12, 40, 33]: warehouse -> [12, 32, 33], upgrades -> [12, 30, 31], money -> [12, 31, 32];
#   game 3 [15, 25, 23]: goals -> [15, 22, 23], money -> [15, 23, 23].
# Counts: warehouse 3, bottles 2, upgrades 1, goals 2, money 3 of 4 games. ``money`` (coins left, the
# tie-break) is a different column from ``sp_money`` and would decide none.
_ENDGAME = ("sp_warehouse", "sp_bottles", "sp_upgrades", "sp_goals", "sp_money")
#                  identity money  w  b  u   g  m
_DISTILLED_PLAYERS = {
    (0, 0): ("I01", 3, (7, 6, 2, 0, 8)),
    (0, 1): ("I02", 9, (0, 0, 3, 0, 1)),
    (0, 2): ("I03", 5, (0, 0, 1, 4, 0)),
    (1, 0): ("I01", 4, (0, 0, 2, 0, 1)),
    (1, 1): ("I02", 2, (0, 0, 2, 1, 1)),
    (1, 2): ("I03", 6, (9, 8, 2, 10, 2)),
    (2, 0): ("I02", 1, (0, 0, 0, 0, 0)),
    (2, 1): ("I03", 7, (8, 3, 10, 4, 9)),
    (2, 2): ("I01", 8, (0, 1, 2, 0, 1)),
    (3, 0): ("I03", 2, (0, 0, 0, 0, 0)),
    (3, 1): ("I01", 5, (1, 0, 1, 3, 2)),
    (3, 2): ("I02", 11, (0, 1, 1, 0, 0)),
}
#                  fallbacks distillations sales forced_sales awards_claimed
_DISTILLED_GAMES = {0: (1, 5, 3, 1, 2), 1: (0, 4, 2, 0, 2), 2: (2, 6, 4, 0, 3), 3: (3, 5, 1, 2, 1)}


def _distilled() -> SimResult:
    score = {(g, p): sc for g, p, *_, sc, _rk, _w in _PLAYERS}
    players, parts = {}, []
    for (g, p), (identity, money, sp) in _DISTILLED_PLAYERS.items():
        rest = score[g, p] - sum(sp)
        players[g, p] = dict(identity=identity, money=money, sales=2, sp_sale_cards=rest, **dict(zip(_ENDGAME, sp)))
        for source, points in (("sale_cards", rest), *zip((s[3:] for s in _ENDGAME), sp)):
            parts.append(dict(game=g, player=p, source=source, points=points))
    names = ("fallbacks", "distillations", "sales", "forced_sales", "awards_claimed")
    games = {g: dict(zip(names, v)) for g, v in _DISTILLED_GAMES.items()}
    events = []
    for g, (fallbacks, distillations, *_) in _DISTILLED_GAMES.items():
        for i in range(distillations):  # the first ``fallbacks`` of them fall back to Vodka
            fell = i < fallbacks
            events.append(
                _ev(g, 1 + i, "distill", i % 3, phase="distill", fallback=fell, recipe="vodka" if fell else "gin")
            )
            events.append(_ev(g, 1 + i, "spirit_claimed", i % 3, phase="distill", recipe="vodka" if fell else "gin"))
    return build("distilled", _games("distilled", games), _players(players), events, parts)


# --- Gin Crafters -----------------------------------------------------------------------------------------
# Distillations per game 5, 3, 7, 4 (19); of them with a juniper bonus of 2 or more: 2, 0, 3, 1 (6), the
# rest with a bonus of 0 or 1. Each has its ``action`` row (verb distill) and there is a purchase action
# besides, so counting the actions would give 23. ``turns`` (40, 56, 120, 88) is not ``rounds``.
_GIN_DISTILLS = {0: (3, 2, 1, 0, 1), 1: (0, 1, 1), 2: (2, 2, 3, 0, 1, 1, 0), 3: (1, 2, 0, 0)}


def _gin_crafters() -> SimResult:
    games = {g: dict(turns=4 * r, distills=len(_GIN_DISTILLS[g])) for g, r, *_ in _GAMES}
    events = []
    for g, bonuses in _GIN_DISTILLS.items():
        for i, bonus in enumerate(bonuses):
            p = i % 3
            events.append(_ev(g, 1 + i, "action", p, phase="play", verb="distill", turn=i))
            events.append(_ev(g, 1 + i, "distill", p, phase="play", gin=f"G{i}", juniper_bonus=bonus, vp=4 + bonus))
        events.append(_ev(g, 1, "action", 0, phase="play", verb="purchase", turn=0))
    return build("gin_crafters", _games("gin_crafters", games), _players(), events, _split_parts(("gin", "brand")))


# --- Microbrew ----------------------------------------------------------------------------------------------
# Brews per game 4, 4, 6, 5 (19), of them with a hop 1, 1, 0, 2 (4). Placements' ``replaced`` (the seat sent
# home): game 0 none, none, 0; game 1 none; game 2 1, none; game 3 none: a replacement in games 0 and 2
# (seat 0 counts: the mechanic is replaced >= 0, an empty column is no replacement).
_MICRO_BREWS = {
    0: (True, False, False, False),
    1: (False, True, False, False),
    2: (False,) * 6,
    3: (True, True, False, False, False),
}
_MICRO_REPLACED = {0: (None, None, 0), 1: (None,), 2: (1, None), 3: (None,)}


def _microbrew() -> SimResult:
    games = {g: dict(replacements=sum(r is not None for r in _MICRO_REPLACED[g]), free_brews=1) for g in range(4)}
    events = []
    for g, hops in _MICRO_BREWS.items():
        for i, hop in enumerate(hops):
            events.append(_ev(g, 1 + i, "brew", i % 3, phase="work", hop=hop, chain=1 + i, circular=False))
        for i, replaced in enumerate(_MICRO_REPLACED[g]):
            events.append(_ev(g, 1, "placement", i % 3, phase="work", job="brew", space=i, replaced=replaced))
    return build("microbrew", _games("microbrew", games), _players(), events, _split_parts(("loyal", "money")))


@cache
def table(game: str) -> SimResult:
    return {
        "bourbonomics": _bourbonomics,
        "distilled": _distilled,
        "gin_crafters": _gin_crafters,
        "microbrew": _microbrew,
    }[game]()


# --- the cases ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A metric of a game, its value on ``table(game)``, how many units it rests on, and its Wilson bounds."""

    game: str
    name: str
    value: float
    n: int = 4
    wilson: tuple[float, float] | None = None

    def __str__(self) -> str:
        return f"{self.game}:{self.name}"


# Wilson 95 % bounds, in %, worked out from the score-interval formula (z = 1.959964):
W1_4 = (4.558726, 69.935816)  # 1 of 4
W2_4 = (15.003899, 84.996101)  # 2 of 4
W3_4 = (30.064184, 95.441274)  # 3 of 4

GENERIC = [  # (metric, value, n) on every game's table
    ("rounds", 18.0, 4),  # median of 10, 14, 22, 30 (failed game 4 left out) = (14 + 22) / 2
    ("seat_spread", 41.666667, 4),  # seat 0 wins 3 of 4: 100 * (3/4 - 1/3)
    ("turn_order_spread", 33.333333, 4),  # turn 2 wins 0 of 4: 100 * |0 - 1/3| (turns 0 and 1: 1/2 each)
    ("strategy_dominance", 40.0, 3),  # mixed tables 0-2: prime wins 2 of its 5 seats (rush 1 of 4)
    ("winner_margin", 5.75, 4),  # (30-24 + 35-27 + 40-33 + 25-23) / 4 = 23 / 4
    ("win_rate:prime", 37.5, 4),  # prime wins games 1, 2, 3 in its 2 + 1 + 2 + 3 = 8 seats
    ("win_rate:seat=0", 75.0, 4),  # seat 0 wins games 0, 1, 2 of 4
    ("win_rate:turn_order=1", 50.0, 4),  # turn 1 wins games 1 and 3 of 4
    ("win_rate:player=0", 25.0, 4),  # player 0 wins game 0 of 4
    # win shares above a fair 1/3 a seat, in points: 100 * (shares won - seats / 3) / seats
    ("skill_expression", 0.0, 3),  # player 0 in the mixed games 0-2 wins game 0: 100 * (1 - 3/3) / 3
    ("skill:prime", 4.166667, 4),  # prime wins 3 (games 1-3) of its 8 seats: 100 * (3 - 8/3) / 8
    ("first_player_advantage", 16.666667, 4),  # turn 0 wins games 0 and 2: 100 * (2 - 4/3) / 4
    ("seat_advantage:1", -8.333333, 4),  # seat 1 wins game 3 only: 100 * (1 - 4/3) / 4
]
SOURCE_SHARE = {
    "bourbonomics": 82.450331,  # Capital 249 of 302 points (Prestige 53)
    "distilled": 61.258278,  # sale_cards 185 of 302 SP (warehouse 25, bottles 19, upgrades 26, goals 22, money 25)
    "gin_crafters": 60.264901,  # gin 302 - 12 * 10 = 182 of 302 (brand 120)
    "microbrew": 60.264901,  # loyal 182 of 302 (money 120)
}

CASES = [Case(g, name, v, n) for g in GAMES for name, v, n in GENERIC]
CASES += [Case(g, "largest_source_share", v) for g, v in SOURCE_SHARE.items()]
CASES += [
    # --- Bourbonomics' own
    Case("bourbonomics", "upgrades_per_player", 4.75),  # (13 + 17 + 16 + 11) / 12 players = 57 / 12
    Case("bourbonomics", "orders_per_player", 2.0),  # (4 + 11 + 7 + 2) / 12 = 24 / 12
    Case("bourbonomics", "prestige_share", 17.549669),  # Prestige 12 + 21 + 15 + 5 = 53 of score 302
    Case("bourbonomics", "prestige_share_winners", 26.923077),  # (8 + 10 + 12 + 5) / (30 + 35 + 40 + 25) = 35 / 130
    # single order leaders: game 0 (3, wins), game 1 (5, loses), game 3 (2, wins); game 2 ties on 3.
    # 100 * (2/3 - 1/3); Wilson(2, 3) = (0.207660, 0.938508) shifted by 1/3
    Case("bourbonomics", "most_orders_edge", 33.333333, 3, (-12.567373, 60.517472)),
    Case("bourbonomics", "distillery_spread", 8.333333),  # standard 1/4, Hollow Creek 2/5, Copper 1/3: 1/3 - 1/4
    Case("bourbonomics", "distillery_vs_standard", 15.0),  # Hollow Creek 2/5 - standard 1/4 (Copper 1/3 - 1/4)
    Case("bourbonomics", "crashes_per_game", 1.5),  # (2 + 0 + 3 + 1) / 4
    Case("bourbonomics", "hot_resets_per_game", 0.75),  # (1 + 2 + 0 + 0) / 4
    Case("bourbonomics", "stall_rate", 25.0, 4, W1_4),  # a stall in game 0 only: 1 of 4 games
    # (1 + 3 + 0 + 2) / 4 = 1.5 from even starts (_bourbonomics_events); with each distillery's head start
    # (standard 0, Hollow Creek -3, Copper Kettle +2) no game's sole leader ever changes: 0.
    Case("bourbonomics", "lead_changes", 0.0),
    Case("bourbonomics", "win_rate:distillery=hollow_creek", 40.0),  # 2 wins (games 2, 3) in 5 seats
    Case("bourbonomics", "fires:sale_hot", 50.0, 4, W2_4),  # shared Hot sales in games 1 and 3 (the private one is not)
    Case("bourbonomics", "per_game:shared_sale", 2.5),  # shared sales 2 + 3 + 2 + 3 = 10 over 4 games
    Case("bourbonomics", "per_round:shared_sale", 0.131579),  # 10 / (10 + 14 + 30 + 22 rounds)
    Case("bourbonomics", "per_game:wipe", 2.25),  # crashes and Hot resets 3 + 2 + 3 + 1 = 9 over 4 games
    Case("bourbonomics", "share:sale_hot/shared_sale", 30.0),  # 3 shared Hot sales of 10 shared sales
    # --- Distilled's own
    Case("distilled", "identity_sp_spread", 3.666667),  # I02: (24 + 27 + 12 + 23) / 4 = 21.5 vs 302 / 12
    Case("distilled", "seat_sp_spread", 3.083333),  # turn 0: (30 + 20 + 40 + 23) / 4 = 28.25 vs 302 / 12
    Case("distilled", "fallback_share", 30.0),  # fallbacks 1 + 0 + 2 + 3 = 6 of distillations 5 + 4 + 6 + 5 = 20
    Case("distilled", "least_decisive_endgame_source", 25.0),  # upgrades decides game 2 only: 1 of 4
    Case("distilled", "win_rate:identity=I01", 50.0),  # I01 wins games 0 and 3 of its 4 seats
    Case("distilled", "fires:distill_fallback", 75.0, 4, W3_4),  # a fallback in games 0, 2, 3
    Case("distilled", "per_game:distill", 5.0),  # 20 distillations over 4 games
    Case("distilled", "per_round:distill", 0.263158),  # 20 / 76 rounds
    Case("distilled", "share:distill_fallback/distill", 30.0),  # 6 of 20, as fallback_share from the games table
    # --- Gin Crafters
    Case("gin_crafters", "fires:juniper_bonus_high", 75.0, 4, W3_4),  # a bonus of 2+ in games 0, 2, 3
    Case("gin_crafters", "per_game:distill", 4.75),  # 19 distillations over 4 games (not the 23 actions)
    Case("gin_crafters", "per_round:distill", 0.25),  # 19 / 76 rounds (turns would give 19 / 304)
    Case("gin_crafters", "share:juniper_bonus_high/distill", 31.578947),  # 6 of 19
    # --- Microbrew
    Case("microbrew", "fires:replacement", 50.0, 4, W2_4),  # replacements in games 0 (seat 0) and 2
    Case("microbrew", "per_game:brew", 4.75),  # 19 brews over 4 games
    Case("microbrew", "per_round:brew", 0.25),  # 19 / 76 rounds
    Case("microbrew", "share:brew_hop/brew", 21.052632),  # 4 hop brews of 19
]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_metric_gives_the_hand_worked_answer(case: Case):
    est = get_metric(case.name, case.game).fn(table(case.game))
    assert est.value == pytest.approx(case.value, rel=1e-6, abs=1e-6), f"{case}: {est}"
    assert est.n == case.n, f"{case}: rests on {est.n} units, expected {case.n}"
    if case.wilson is not None:
        assert est.method == f"Wilson, n = {case.n}"
        assert (est.lo, est.hi) == pytest.approx(case.wilson, rel=1e-6, abs=1e-6)
    else:
        assert est.method == f"bootstrap over {case.n} games"
        assert est.lo <= est.hi


@pytest.mark.parametrize("game", GAMES)
def test_measure_lists_each_catalogue_metric_at_its_known_answer(game: str):
    """``measure`` with no names walks the game's catalogue; every row agrees with its case."""
    expected = {c.name: c.value for c in CASES if c.game == game}
    with point_only():
        measured = measure(table(game), game=game)
        rows = measured.select("metric", "value").rows()
    assert measured.columns == ["metric", "value", "ci_low", "ci_high", "method", "n", "unit", "description"]
    assert measured["description"].to_list() == [m.description for m in metrics_for(game).values()]
    assert [m for m, _ in rows] == list(metrics_for(game))
    for name, value in rows:
        assert value == pytest.approx(expected[name], rel=1e-6, abs=1e-6), name


def test_a_column_the_game_lacks_is_missing_not_zero():
    """Gin Crafters has no distilleries: the win rate is missing, not 0 %."""
    est = get_metric("win_rate:distillery=standard", "gin_crafters").fn(table("gin_crafters"))
    assert not est.measured and "no distillery column" in est.method


def test_every_metric_of_every_game_has_a_known_answer():
    """A new metric (or a new game) must add its case here."""
    assert sorted(BUILTIN) == sorted(GAMES), "a new game: add its table and cases"
    for g in GAMES:
        get_game(g)  # a game's own package could file metrics when it loads
    games = sorted(set(GAMES) | (set(CATALOGUE) - {"*"}))
    covered = {(c.game, c.name) for c in CASES}
    missing = [f"{g}:{name}" for g in games for name in metrics_for(g) if (g, name) not in covered]
    assert not missing, f"metrics without a known-answer case: {missing}"
    for g in GAMES:
        names = [c.name for c in CASES if c.game == g]
        for family in FAMILIES:
            assert any(n.startswith(family) for n in names), f"{g}: no {family} case"
        assert any(n.startswith("win_rate:") and "=" not in n for n in names), f"{g}: no win_rate:<bot> case"
        assert any(n.startswith("win_rate:") and "=" in n for n in names), f"{g}: no win_rate:<column>=<value> case"


def test_the_tables_tell_neighbouring_columns_apart():
    """The point of the tables: a metric on the wrong column would read a different number."""
    b = table("bourbonomics")
    p = b.players
    assert p["score"].sum() != p["capital"].sum() != p["prestige"].sum()
    assert (p["seat"] != p["player"]).any() and (p["seat"] != p["turn_order"]).any()
    assert (p["turn_order"] != p["player"]).any()
    g = b.games.drop_nulls("rounds")
    assert g["rounds"].median() != g["decisions"].median()
    assert b.events.group_by("game", "round").len().height < b.events.height  # rounds hold several events
    sales = b.events.filter(pl.col("kind") == "sale")
    # a sale's Capital is in ``capital``; ``amount`` holds it only on the derived income row
    assert sales["amount"].null_count() == sales.height


# --- lead_changes: each player's own start, and players who have not acted yet (found by issue 31) -----------


def _two_player(players: list[dict], events: list[dict]):
    games = [dict(game=0, game_name="bourbonomics", players=2, rounds=2, winner=0, winners=1)]
    result = build("bourbonomics", games, players, events)
    return result.events, result.players


def test_lead_changes_counts_from_each_distillerys_starting_capital():
    """Hollow Creek starts on 5 - 3 = 2 Capital, Copper Kettle on 5 + 2 = 7 (distilleries.yaml).

    Round 1: player 0 sells for 4 -> 6 vs 7, player 1 leads. Round 2: player 1 pays an upgrade of 2 -> 6 vs 5,
    player 0 leads: 1 change. (Rebuilt from 0, player 0 leads throughout: 0 changes.)
    """
    players = [
        dict(game=0, player=0, seat=0, distillery="hollow_creek", score=6, capital=6, won=True),
        dict(game=0, player=1, seat=1, distillery="copper_kettle", score=5, capital=5),
    ]
    events = [*_sale(0, 1, 0, 4, "Low"), *_upgrade(0, 2, 1, cost=2, level=1)]
    assert lead_changes_by_game(*_two_player(players, events))["lead_changes"].to_list() == [1]


def test_lead_changes_counts_a_player_who_has_not_acted_yet():
    """Both start on 5. Round 1: player 0 pays an upgrade of 2 (3 vs 5), player 1 does nothing: player 1 leads.

    Round 2: player 1 sells for 1 (3 vs 6), still player 1: 0 changes. (Counting only players seen so far,
    player 0 'leads' round 1 on -2 and player 1 takes over in round 2: 1 change.)
    """
    players = [
        dict(game=0, player=0, seat=0, distillery="standard", score=3, capital=3),
        dict(game=0, player=1, seat=1, distillery="standard", score=6, capital=6, won=True),
    ]
    events = [*_upgrade(0, 1, 0, cost=2, level=1), *_sale(0, 2, 1, 1, "Low")]
    assert lead_changes_by_game(*_two_player(players, events))["lead_changes"].to_list() == [0]
