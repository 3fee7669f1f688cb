"""Mechanic coverage (dead-rule detection): how often each rule of the book fires, with intervals.

A game's mechanics are data (``core.mechanics``, ``games/<game>/data/mechanics.yaml``); a house rule
in the ruleset adds its own (``house:<rule>``, every event carrying its name). For each mechanic:
the share of games in which it fires at least once (Wilson interval), and the mean firings per game
and per round (percentile bootstrap over whole games, the catalogue's seed).

Each is a metric targets can name: ``fires:<mechanic>`` (% of games), ``per_game:<mechanic>``,
``per_round:<mechanic>``, and ``share:<a>/<b>`` (firings of ``a`` as a % of firings of ``b``, e.g.
Hot sales among shared-table sales).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import polars as pl

from ..core.mechanics import Mechanic, MechanicsError
from ..core.registry import DEFAULT_GAME, game_of, get_game
from ..sim import simulate
from .levels import table_of
from .metrics import _RESAMPLES, BOOTSTRAP_SEED, Estimate, Metric, finished, proportion, resolver
from .runs import Run, play_run

DEAD = 0.0
RARE = 1.0
"""A mechanic firing in under ``RARE`` % of games is flagged "rare" (never: "dead")."""

KINDS = {
    "fires": ("% of games in which it fires", "%"),
    "per_game": ("mean firings per game", "per game"),
    "per_round": ("mean firings per round", "per round"),
}


def mechanics_of(game: str, rules: Any = None) -> tuple[Mechanic, ...]:
    """The game's declared mechanics, then one per house rule in ``rules`` (its events, by its name)."""
    own = tuple(get_game(game).mechanics or ())
    house = getattr(rules, "house_rules", None) or ()
    extra = tuple(
        Mechanic(
            f"house-{r.name}",
            ("*",),
            f"house rule {r.name}: {r.description}",
            (("rule", r.name),),
            "house rules",
            "ours",
        )
        for r in house
    )
    return own + extra


def coverage_bots(game: str) -> tuple[str, ...]:
    """The bots a game's coverage plays by default, one a seat: its mechanics file's ``bots``.

    Bourbonomics lists every strategy the lab ships; a file without ``bots`` plays ``heuristic``.
    """
    from ..core.yamlfile import load as load_yaml
    from ..core.yamlfile import read_text

    path = get_game(game).mechanics_file
    data = load_yaml(read_text(path), str(path)) if path is not None else {}
    bots = data.get("bots") if isinstance(data, dict) else None
    if bots is None:
        return ("heuristic",)
    if isinstance(bots, str):
        bots = [bots]
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots):
        raise MechanicsError(f"{path}: bots: expected a bot name or a list of names, got {bots!r}")
    return tuple(bots)


def counts(events: pl.DataFrame, games: pl.DataFrame, m: Mechanic) -> np.ndarray:
    """Firings of ``m`` in each of ``games`` (in its row order)."""
    hit = events.filter(_mask(m, events)).group_by("game").len()
    joined = games.select(pl.col("game").cast(pl.Int64)).join(
        hit.with_columns(pl.col("game").cast(pl.Int64)), on="game", how="left"
    )
    return joined["len"].fill_null(0).to_numpy().astype(float)


def _mask(m: Mechanic, events: pl.DataFrame) -> pl.Expr:
    expr = pl.lit(True) if m.kinds == ("*",) else pl.col("kind").cast(pl.Utf8).is_in(list(m.kinds))
    for col, test in m.where:
        if col not in events.columns:
            return pl.lit(False)
        c = pl.col(col)
        if isinstance(events.schema[col], (pl.Enum, pl.Categorical)):
            c = c.cast(pl.Utf8)
        if test is None:
            expr = expr & c.is_null()
        elif isinstance(test, dict):
            if "at_least" in test:
                expr = expr & (c >= test["at_least"])
            if "at_most" in test:
                expr = expr & (c <= test["at_most"])
        elif isinstance(test, list):
            expr = expr & c.is_in(test)
        else:
            expr = expr & (c == test)
    return expr.fill_null(False)


def _boot(values: np.ndarray, per: np.ndarray | None = None, scale: float = 1.0) -> tuple[float, float, float]:
    """Point and percentile interval of sum(values) / sum(per) (or the mean), resampling whole games."""
    n = len(values)
    den = per if per is not None else np.ones(n)
    point = scale * values.sum() / den.sum() if den.sum() else math.nan
    if not _RESAMPLES[-1] or math.isnan(point):
        return point, math.nan, math.nan
    idx = np.random.default_rng(BOOTSTRAP_SEED).integers(0, n, (_RESAMPLES[-1], n))
    nums, dens = values[idx].sum(axis=1), den[idx].sum(axis=1)
    ok = dens > 0
    if not ok.any():
        return point, math.nan, math.nan
    lo, hi = np.percentile(scale * nums[ok] / dens[ok], [2.5, 97.5])
    return point, float(lo), float(hi)


def estimate(result, mechanic: Mechanic, kind: str) -> Estimate:
    """``fires`` / ``per_game`` / ``per_round`` of one mechanic on ``result``."""
    games = finished(result)
    if games.height == 0:
        return Estimate.missing("no finished games")
    return _estimate(counts(result.events, games, mechanic), games, kind)


def _estimate(c: np.ndarray, games: pl.DataFrame, kind: str) -> Estimate:
    """One kind of estimate from the firings per game ``c`` of the finished ``games``."""
    if kind == "fires":
        return proportion(int((c > 0).sum()), len(c), scale=100)
    rounds = games["rounds"].fill_null(0).to_numpy().astype(float) if kind == "per_round" else None
    v, lo, hi = _boot(c, rounds)
    return Estimate(float(v), lo, hi, f"bootstrap over {len(c)} games", len(c))


def share(result, a: Mechanic, b: Mechanic) -> Estimate:
    """Firings of ``a`` as a % of firings of ``b`` (a ratio of totals, bootstrap over games)."""
    games = finished(result)
    ca, cb = counts(result.events, games, a), counts(result.events, games, b)
    if cb.sum() == 0:
        return Estimate.missing(f"{b.name} never fires in this run")
    v, lo, hi = _boot(ca, cb, scale=100)
    return Estimate(float(v), lo, hi, f"bootstrap over {len(ca)} games", len(ca))


def play_coverage(
    rules,
    players: int,
    bots,
    games: int,
    seed: int = 0,
    workers=None,
    progress=None,
    standard: bool = False,
    executor=None,
):
    """The games coverage reads: ``bots`` at ``players`` seats; boards a ruleset deals go round every seat.

    Bourbonomics' Ultimates depend on the board, so its games rotate every distillery through every seat
    (``standard``: everyone on the default deal instead). ``executor``: a ``dask.distributed.Client`` the
    games play on instead of ``workers`` local processes (the same tables).
    """
    boards = [d.id for d in getattr(rules, "distilleries", None) or ()]
    if standard or not boards:
        return simulate(
            rules,
            players=players,
            games=games,
            bots=bots,
            seed=seed,
            workers=workers,
            progress=progress,
            executor=executor,
        )
    lineups = tuple(tuple(boards[(k + i) % len(boards)] for i in range(players)) for k in range(len(boards)))
    run = Run("coverage", players, tuple(bots) if isinstance(bots, list) else (bots,), lineups)
    return play_run(rules, run, games, seed, workers, progress, executor=executor)


def coverage(
    result,
    rules: Any = None,
    game: str | None = None,
    *,
    table: Any = None,
    players: int | None = None,
    games: int = 200,
    seed: int = 0,
    workers=None,
    progress: bool | None = None,
    executor=None,
) -> pl.DataFrame:
    """One row per mechanic: % of games it fires in, per game and per round (95 % intervals), and a flag.

    ``result`` is a ``SimResult``, or a ruleset: then ``games`` games are played first at ``table`` (a bot
    name for every seat, a list one a seat; default the game's coverage bots) and ``players`` seats, with
    a progress bar as ``simulate``'s, on ``executor`` (a ``dask.distributed.Client``) when given, else on
    ``workers`` local processes.
    ``flag``: ``dead`` (never fired), ``rare`` (under ``RARE`` % of games), ``expected`` (rare, and the
    mechanics file says why the book makes it so), else empty.
    """
    if not hasattr(result, "stamp"):
        rules, result = result, _played(result, table, players, games, seed, workers, progress, executor)
    game = game or result.stamp.get("game") or DEFAULT_GAME
    games = finished(result)
    rows = []
    for m in mechanics_of(game, rules):
        if games.height:
            c = counts(result.events, games, m)
            f, g, r = (_estimate(c, games, k) for k in KINDS)
        else:
            f = g = r = Estimate.missing("no finished games")
        flag = ""
        if f.measured and f.value < RARE:
            flag = "expected" if m.expect_rare else ("dead" if f.value <= DEAD else "rare")
        rows.append(
            {
                "mechanic": m.name,
                "group": m.group,
                "games_pct": f.value,
                "games_lo": f.lo,
                "games_hi": f.hi,
                "per_game": g.value,
                "per_game_lo": g.lo,
                "per_game_hi": g.hi,
                "per_round": r.value,
                "per_round_lo": r.lo,
                "per_round_hi": r.hi,
                "games": f.n,
                "flag": flag,
                "rule": m.rule,
                "expect_rare": m.expect_rare,
            }
        )
    return pl.DataFrame(rows, schema=COVERAGE_SCHEMA)


COVERAGE_SCHEMA = {
    "mechanic": pl.Utf8,
    "group": pl.Utf8,
    "games_pct": pl.Float64,
    "games_lo": pl.Float64,
    "games_hi": pl.Float64,
    "per_game": pl.Float64,
    "per_game_lo": pl.Float64,
    "per_game_hi": pl.Float64,
    "per_round": pl.Float64,
    "per_round_lo": pl.Float64,
    "per_round_hi": pl.Float64,
    "games": pl.Int64,
    "flag": pl.Utf8,
    "rule": pl.Utf8,
    "expect_rare": pl.Utf8,
}


def _played(rules, table, players, games, seed, workers, progress, executor=None):
    info = get_game(game_of(rules)).info
    players = players or max(info.min_players, min(4, info.max_players))
    own = coverage_bots(game_of(rules))
    bots = table_of(table, players) if table is not None else [own[i % len(own)] for i in range(players)]
    bots = bots[0] if len(set(bots)) == 1 else bots
    return play_coverage(rules, players, bots, games, seed, workers, progress, executor=executor)


def coverage_text(table: pl.DataFrame, title: str = "") -> str:
    """The coverage table as a terminal prints it, flagged rules marked."""
    lines = [title] if title else []
    lines.append(f"  {'mechanic':<28} {'% of games':>22} {'per game':>9} {'per round':>10}  flag")
    mark = {"dead": "DEAD - never fires", "rare": "RARE - under 1 % of games", "expected": "rare (by the book)"}
    for r in table.iter_rows(named=True):
        ci = "" if r["games_lo"] != r["games_lo"] else f" [{r['games_lo']:.1f}, {r['games_hi']:.1f}]"
        lines.append(
            f"  {r['mechanic']:<28} {r['games_pct']:6.1f}{ci:<16} {r['per_game']:9.2f} {r['per_round']:10.3f}"
            f"  {mark.get(r['flag'], '')}"
        )
    flagged = table.filter(pl.col("flag").is_in(["dead", "rare"]))
    lines.append(
        f"  {flagged.height} of {table.height} mechanics never or almost never fire"
        + (": " + ", ".join(flagged["mechanic"]) if flagged.height else "")
    )
    return "\n".join(lines)


# --- the metrics targets name: fires:<m>, per_game:<m>, per_round:<m>, share:<a>/<b>


def _find(game: str, name: str) -> Mechanic | None:
    return next((m for m in mechanics_of(game) if m.name == name), None)


@resolver
def mechanic_metric(name: str, game: str) -> Metric | None:
    """The coverage metric ``name`` names, or None when it is not one."""
    kind, _, rest = name.partition(":")
    if kind == "share":
        a, _, b = rest.partition("/")
        ma, mb = _find(game, a), _find(game, b)
        if ma is None or mb is None:
            return None
        return Metric(name, game, lambda res: share(res, ma, mb), f"{a} as a share of {b} (firings)", "%")
    if kind not in KINDS:
        return None
    m = _find(game, rest)
    if m is None:
        return None
    text, unit = KINDS[kind]
    return Metric(name, game, lambda res: estimate(res, m, kind), f"{m.name}: {text} ({m.rule})", unit)
