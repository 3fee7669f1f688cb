"""Restricted play: how much a mechanic matters, by barring one seat from it (Jaffe et al., AIIDE 2012).

For each mechanic a player chooses (its ``actions`` in the game's mechanics file, ``core/mechanics.py``)
one seat plays under a house rule that forbids those actions (``barred``) against standard seats. Its
win rate's loss against the same bot unrestricted is how much the mechanic matters; a loss whose 95 %
interval holds 0 flags the mechanic a *decoration*, and ``restricted_across`` flags one only when that
holds at every skill level (a stronger table may use what a weaker one ignores).

How it is measured, and why:

- The barred player is the table's first bot. The table turns one seat a game, as ``simulate``'s
  ``rotate_seats`` turns it, so the barred seat goes round every seat and seat advantage cancels out.
- The fair share is measured, not taken as 1/players: the same games (seeds, seats, the bots' own
  seeds) played without the rule. A shared win counts for each winner, and a mixed table is not even,
  so 1/players would be wrong; and a game in which nothing was refused plays exactly as its baseline,
  so the loss is paired game by game (a Student-t interval of baseline won - restricted won, as
  ``compare`` pairs) and a mechanic never offered loses exactly 0. Win rates have Wilson intervals.
- When every action the barred seat has is one of the mechanic's, the rule allows them all (a forced
  action is no choice to bar): those decisions are counted as ``forced``.
- ``refused_games`` (games in which the seat was refused something) tells a mechanic never offered
  from one offered, refused, and of no consequence.

The games are played here, not by ``simulate``, to count refusals on the table itself (a bot searching
on copies of the table consults the rule too); the loop is ``simulate``'s, with its seeds, bots and
seats, so a baseline game is the very game ``simulate`` plays (a test holds them equal).
"""

from __future__ import annotations

import difflib
import json
import math
import os
import textwrap
import threading
from concurrent.futures import as_completed
from functools import lru_cache
from typing import Any

import polars as pl

from ..bots.base import make_bot
from ..core import BourbonLabError, game_of, get_game
from ..core.house import house_rule, param
from ..core.mechanics import Mechanic, action_pattern
from ..sim.progress import progress_bar
from ..sim.runner import game_seed, submit, validate
from ..sim.stats import mean_ci, wilson


class RestrictedPlayError(BourbonLabError, ValueError):
    """A restricted-play request that cannot start (a mechanic, a table, a count), or a bot that broke the bar."""


BASELINE = ""
"""The ``mechanic`` of a baseline game in ``restricted_games``: nobody barred."""


# --- the house rule


class _State(threading.local):
    """What the rule reads between calls, one copy a thread: a Dask worker may play two chunks at once."""

    listing = False
    """True while the whole legal list is read: the rule then forbids nothing."""
    last: tuple = (None, None, False)
    """The last decision asked about: the table, (decisions so far, seat, patterns), whether another action is left."""


_STATE = _State()


@lru_cache(maxsize=64)
def _pattern(actions: str):
    return action_pattern(json.loads(actions))


def _forbid(h, player: int, action: str) -> str | None:
    if player != h.seat or _STATE.listing or not _pattern(h.actions).match(action):
        return None
    if not _has_other(h.game, player, h.actions):
        return None
    return f"seat {player} is barred from {h.mechanic} (restricted play)"


def _has_other(g: Any, player: int, actions: str) -> bool:
    """Whether ``player`` has a legal action that is not one of the mechanic's (read once a decision)."""
    key = (len(g.actions), player, actions)
    last = _STATE.last
    if last[0] is g and last[1] == key:
        return last[2]
    rx = _pattern(actions)
    other = any(rx.match(str(a)) is None for a in _unbarred(g, player))
    _STATE.last = (g, key, other)
    return other


def _unbarred(g: Any, player: int) -> list:
    """``player``'s legal actions as if nobody were barred (other house rules still apply)."""
    _STATE.listing = True
    try:
        d = g.decision
        return list(g.legal_actions() if d is not None and d.actor == player else g.legal_actions(player))
    finally:
        _STATE.listing = False


@house_rule(
    name="restricted_play",
    seat=param(0, 0, 63, "the seat barred from the mechanic"),
    mechanic=param("(none)", description="the mechanic it is barred from"),
    actions=param("[]", description="the mechanic's action patterns, a JSON list (core/mechanics.py)"),
)
def barred(rule):
    """One seat may not choose a mechanic's actions, unless they are all it may do (restricted play)."""
    rule.forbid(_forbid)


# --- playing the games


def _play(rules_by_seat, game: str, bots, seed: int, index: int, actions: str | None) -> tuple:
    """One game, as ``simulate`` plays it: (game, barred seat, won, refused, forced, decisions, error)."""
    n = len(bots)
    seat_of = [(p + index % n) % n for p in range(n)]
    seat = seat_of[0]
    s = game_seed(seed, index)
    rx = _pattern(actions) if actions else None
    refused = forced = decisions = 0
    try:
        g = get_game(game).new(rules_by_seat[seat], n, s)
        by_seat: list[Any] = [None] * n
        for player, at in enumerate(seat_of):
            by_seat[at] = make_bot(bots[player], seed=s * 31 + player, game=game)
        while not g.is_over:
            actor = g.decision.actor
            legal = g.legal_actions()
            barring = False
            if rx is not None and actor == seat:
                decisions += 1
                full = _unbarred(g, actor)
                if len(full) > len(legal):
                    refused += 1
                    barring = True
                elif any(rx.match(str(a)) for a in full):
                    forced += 1
            action = by_seat[actor].choose(g.observe(actor), legal)
            if barring and rx.match(str(action)):
                raise RestrictedPlayError(f"bot {bots[0]!r} chose {str(action)!r}, which its seat is barred from")
            g.apply(action, check=False)
        won = next(bool(r.won) for r in g.score_rows() if r.player == seat)
    except Exception as exc:  # noqa: BLE001  (a failed game is reported with its error, as simulate does)
        return (index, seat, None, refused, forced, decisions, f"{type(exc).__name__}: {exc}")
    return (index, seat, won, refused, forced, decisions, None)


def _play_chunk(rules_by_seat, game: str, bots, seed: int, indices: list[int], actions: str | None) -> list[tuple]:
    return [_play(rules_by_seat, game, bots, seed, i, actions) for i in indices]


def _lineup(rules, players, table) -> tuple[str, int, list[str]]:
    game = game_of(rules)
    info = get_game(game).info
    if players is None:
        players = max(info.min_players, min(4, info.max_players))
    try:
        bots = validate(rules, players, 1, table)
    except ValueError as exc:
        raise RestrictedPlayError(f"restricted play: {exc}") from None
    return game, players, bots


def choose_mechanics(game: str, mechanics=None) -> list[Mechanic]:
    """The mechanics to bar: all the game's (``None``), or those named (names or ``Mechanic`` values)."""
    catalogue = list(get_game(game).mechanics)
    if mechanics is None:
        if not catalogue:
            raise RestrictedPlayError(f"mechanics: {game} declares no mechanics (GameDef.mechanics_file)")
        return catalogue
    if isinstance(mechanics, (str, Mechanic)):
        mechanics = [mechanics]
    by_name = {m.name: m for m in catalogue}
    out: list[Mechanic] = []
    for m in mechanics:
        if isinstance(m, Mechanic):
            out.append(m)
            continue
        if m not in by_name:
            close = difflib.get_close_matches(str(m), list(by_name), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            choices = ", ".join(x.name for x in catalogue if x.actions)
            raise RestrictedPlayError(f"mechanics: {game} has no mechanic {m!r}{hint}; those with actions: {choices}")
        out.append(by_name[m])
    return list({m.name: m for m in out}.values())  # each once, in the order named


GAMES_SCHEMA = {
    "mechanic": pl.Utf8,
    "game": pl.Int64,
    "seat": pl.Int64,
    "won": pl.Boolean,
    "refused": pl.Int64,
    "forced": pl.Int64,
    "decisions": pl.Int64,
    "error": pl.Utf8,
}
"""``restricted_games``: one row per game; ``refused``, ``forced`` and ``decisions`` count the barred seat's."""


def restricted_games(
    rules,
    players: int | None = None,
    games: int = 200,
    table="heuristic",
    mechanics=None,
    seed: int = 0,
    workers: int | None = None,
    progress: bool | None = None,
    executor=None,
) -> pl.DataFrame:
    """Every game of a restricted-play run: the baseline's (``mechanic`` empty), then each barred mechanic's in turn.

    Game ``i`` of every mechanic is game ``i`` of the baseline (same seed, bots and seats), its barred seat
    the first bot's, ``i % players``. A mechanic without ``actions`` is not played. The games play on
    ``executor`` (a ``dask.distributed.Client``) when given, else on ``workers`` local processes: the same rows.
    """
    game, players, bots = _lineup(rules, players, table)
    if isinstance(games, bool) or not isinstance(games, int) or games <= 0:
        raise RestrictedPlayError(f"games: {games!r} must be a whole number above 0")
    chosen = [m for m in choose_mechanics(game, mechanics) if m.actions]
    variants: list[tuple[str, list, str | None]] = [(BASELINE, [rules] * players, None)]
    for m in chosen:
        actions = json.dumps(list(m.actions))
        by_seat = [rules.with_house_rules(barred(seat=s, mechanic=m.name, actions=actions)) for s in range(players)]
        variants.append((m.name, by_seat, actions))
    rows = _run(variants, game, bots, seed, games, workers, progress, executor)
    return pl.DataFrame(rows, schema=GAMES_SCHEMA, orient="row")


def _run(variants, game: str, bots, seed: int, games: int, workers, progress, executor=None) -> list[tuple]:
    """Play every variant's games, on ``executor`` or the kept process pool when ``workers`` allows.

    Chunks of games, each a plain picklable task as ``simulate`` cuts its own; the rows come back in order.
    """
    lanes = 8 if executor is not None else max(1, workers or os.cpu_count() or 1)
    size = max(1, min(50, -(-games * len(variants) // (lanes * 4))))
    chunks = [
        (name, by_seat, actions, list(range(i, min(i + size, games))))
        for name, by_seat, actions in variants
        for i in range(0, games, size)
    ]
    done: dict[int, list[tuple]] = {}
    with progress_bar(games * len(variants), progress, desc="restricted play", delay=0) as bar:
        if executor is None and (lanes <= 1 or len(chunks) == 1):
            for k, (_, by_seat, actions, indices) in enumerate(chunks):
                done[k] = _play_chunk(by_seat, game, bots, seed, indices, actions)
                bar.update(len(indices))
        else:
            futures = {
                _submit(executor, lanes, by_seat, game, bots, seed, indices, actions): k
                for k, (_, by_seat, actions, indices) in enumerate(chunks)
            }
            try:
                for fut in _completed(list(futures)):
                    done[futures[fut]] = fut.result()
                    bar.update(len(chunks[futures[fut]][3]))
            finally:
                for fut in futures:
                    fut.cancel()
    return [(chunks[k][0], *row) for k in range(len(chunks)) for row in done[k]]


def _submit(executor, lanes: int, *args):
    """One chunk on the Dask client (never merged with a like task: ``pure=False``, as ``simulate``'s) or the pool."""
    if executor is None:
        return submit(lanes, _play_chunk, *args)
    extra = {"pure": False} if hasattr(executor, "gather") else {}
    return executor.submit(_play_chunk, *args, **extra)


def _completed(futures: list):
    """The futures as they finish: Dask's own ``as_completed`` for a Dask client's, else ``concurrent.futures``'."""
    if futures and type(futures[0]).__module__.startswith("distributed"):
        from dask.distributed import as_completed as dask_completed

        return dask_completed(futures)
    return as_completed(futures)


# --- the table of losses

SCHEMA = {
    "mechanic": pl.Utf8,
    "group": pl.Utf8,
    "actions": pl.Utf8,
    "games": pl.Int64,
    "wins": pl.Int64,
    "win_pct": pl.Float64,
    "win_lo": pl.Float64,
    "win_hi": pl.Float64,
    "baseline_pct": pl.Float64,
    "baseline_lo": pl.Float64,
    "baseline_hi": pl.Float64,
    "loss_pp": pl.Float64,
    "loss_lo": pl.Float64,
    "loss_hi": pl.Float64,
    "refused_games": pl.Int64,
    "refused_pct": pl.Float64,
    "refused_per_game": pl.Float64,
    "forced": pl.Int64,
    "decoration": pl.Boolean,
    "note": pl.Utf8,
    "failed": pl.Int64,
    "error": pl.Utf8,
    "players": pl.Int64,
    "table": pl.Utf8,
}
"""``restricted_play``: per mechanic, the barred seat's win % (Wilson 95 %), the same bot's unrestricted
(``baseline``, measured on the same games), the loss in percentage points (paired t 95 %), how often the seat
was refused something, ``forced`` decisions (every action barred, so all allowed), the flag, and the games that
failed (in either run; ``error`` is the first one's)."""

NOT_A_CHOICE = "not a choice"
NEVER_REFUSED = "never refused"
BETTER_BARRED = "does better barred"


def table_label(bots: list[str]) -> str:
    """``4 × heuristic``, or the bots seat by seat when they differ (the first is the barred one)."""
    return f"{len(bots)} × {bots[0]}" if len(set(bots)) == 1 else ", ".join(bots)


def summarise(per_game: pl.DataFrame, mechanics: list[Mechanic], players: int, table: str) -> pl.DataFrame:
    """``restricted_play``'s table from ``restricted_games``' rows, one row per mechanic, in their order."""
    base = per_game.filter(pl.col("mechanic") == BASELINE).select("game", pl.col("won").alias("base"))
    rows = []
    for m in mechanics:
        row = dict.fromkeys(SCHEMA)
        row.update(mechanic=m.name, group=m.group, actions=" | ".join(m.actions), players=players, table=table)
        if not m.actions:
            rows.append({**row, "games": 0, "note": NOT_A_CHOICE})
            continue
        mine = per_game.filter(pl.col("mechanic") == m.name).join(base, on="game", how="inner")
        ok = mine.filter(pl.col("won").is_not_null() & pl.col("base").is_not_null())
        n = ok.height
        wins, base_wins = int(ok["won"].sum()), int(ok["base"].sum())
        diffs = (ok["base"].cast(pl.Int64) - ok["won"].cast(pl.Int64)).to_list()
        loss, lo, hi = mean_ci([float(d) for d in diffs])
        refused_games = int((ok["refused"] > 0).sum())
        decoration = None if math.isnan(lo) else bool(lo <= 0 <= hi)
        note = NEVER_REFUSED if n and refused_games == 0 else BETTER_BARRED if hi < 0 else ""
        row.update(
            games=n,
            wins=wins,
            win_pct=_pct(wins, n),
            win_lo=100 * wilson(wins, n)[0],
            win_hi=100 * wilson(wins, n)[1],
            baseline_pct=_pct(base_wins, n),
            baseline_lo=100 * wilson(base_wins, n)[0],
            baseline_hi=100 * wilson(base_wins, n)[1],
            loss_pp=100 * loss,
            loss_lo=100 * lo if math.isnan(lo) else max(-100.0, 100 * lo),  # a few games' t interval can
            loss_hi=100 * hi if math.isnan(hi) else min(100.0, 100 * hi),  # pass what a difference of rates can be
            refused_games=refused_games,
            refused_pct=_pct(refused_games, n),
            refused_per_game=float(ok["refused"].mean()) if n else math.nan,
            forced=int(ok["forced"].sum()),
            decoration=decoration,
            note=note,
            failed=mine.height - n,
            error=_first_error(mine),
        )
        rows.append(row)
    return pl.DataFrame(rows, schema=SCHEMA)


def _first_error(games: pl.DataFrame) -> str | None:
    bad = games.filter(pl.col("error").is_not_null() | pl.col("base").is_null())
    if bad.height == 0:
        return None
    return bad["error"][0] or "its baseline game failed"


def _pct(k: int, n: int) -> float:
    return 100 * k / n if n else math.nan


def restricted_play(
    rules,
    players: int | None = None,
    games: int = 200,
    table="heuristic",
    mechanics=None,
    seed: int = 0,
    workers: int | None = None,
    progress: bool | None = None,
    executor=None,
) -> pl.DataFrame:
    """Per mechanic, the win-rate loss of one seat barred from it, with 95 % intervals (``SCHEMA``).

    ``table`` is one bot name for every seat or one per player (the first is the barred one; it sits in
    every seat in turn); ``mechanics`` names some (default: all the game's; one without ``actions`` is
    reported as not a choice); ``games`` per mechanic, paired with as many baseline games. ``executor``: a
    ``dask.distributed.Client`` the games play on instead of ``workers`` local processes (the same table).

    >>> t = restricted_play(bl.default_rules("gin_crafters"), games=40, mechanics=["action_distill"])  # doctest: +SKIP
    """
    game, players, bots = _lineup(rules, players, table)
    chosen = choose_mechanics(game, mechanics)
    per_game = restricted_games(rules, players, games, bots, chosen, seed, workers, progress, executor)
    return summarise(per_game, chosen, players, table_label(bots))


def restricted_across(rules, levels=("random", "heuristic"), **kw: Any) -> pl.DataFrame:
    """``restricted_play`` at several skill levels (tables of bots), stacked with a ``level`` column.

    ``decoration_everywhere`` flags a mechanic whose loss interval holds 0 at every level: a mechanic
    only strong play uses is no decoration.
    """
    if isinstance(levels, str) or not levels:
        raise RestrictedPlayError(f"levels: expected a list of tables (e.g. ['random', 'heuristic']), got {levels!r}")
    games = kw.get("games", 200)
    played = [m for m in choose_mechanics(game_of(rules), kw.get("mechanics")) if m.actions]
    total = len(levels) * games * (1 + len(played)) if isinstance(games, int) and games > 0 else 0
    parts = []
    with progress_bar(total, kw.get("progress"), desc="restricted play", delay=0):  # one bar for every level
        for level in levels:
            t = restricted_play(rules, table=level, **kw)
            parts.append(t.with_columns(pl.lit(t["table"][0] if t.height else str(level)).alias("level")))
    return everywhere(pl.concat(parts))


def everywhere(levels: pl.DataFrame) -> pl.DataFrame:
    """``levels`` with ``decoration_everywhere``: a decoration at every level (null where a level could not tell)."""
    every = levels.group_by("mechanic", maintain_order=True).agg(
        pl.when(pl.col("decoration").is_null().any())
        .then(None)
        .otherwise(pl.col("decoration").all())
        .alias("decoration_everywhere")
    )
    return levels.join(every, on="mechanic", how="left", maintain_order="left")


# --- printed


def _ci(v: float, lo: float, hi: float, sign: str = "") -> str:
    if v is None or math.isnan(v):
        return "-"
    if lo is None or math.isnan(lo):
        return f"{v:{sign}.1f}"
    return f"{v:{sign}.1f} [{lo:{sign}.1f}, {hi:{sign}.1f}]"


def restricted_text(table: pl.DataFrame, title: str = "") -> str:
    """The table as a terminal prints it: intervals, refusals, decorations flagged, choices apart from the rest."""
    lines = [title] if title else []
    played = table.filter(pl.col("note") != NOT_A_CHOICE)
    tables = played["table"].unique(maintain_order=True).to_list()
    lines.append(
        f"  barred: the first bot of the table ({'; '.join(tables) or '-'}), in every seat in turn; baseline: "
        "the same bot unrestricted in the same games (measured, paired)"
    )
    level = "level" in table.columns and table["level"].n_unique() > 1
    head = f"  {'mechanic':<28}" + (f" {'table':<16}" if level else "")
    lines.append(
        head + f" {'win % [95 % CI]':<20} {'baseline %':<20} {'loss, points [95 % CI]':<24} {'refused in':<14} flag"
    )
    failures: list[str] = []
    for r in played.iter_rows(named=True):
        refused = f"{r['refused_games']}/{r['games']} games" if r["games"] else "-"
        flags = ["DECORATION" + (f" ({r['note']})" if r["note"] else "")] if r["decoration"] else [r["note"]]
        flags += [f"{r['forced']} forced"] if r["forced"] else []
        flags += [f"{r['failed']} games failed"] if r["failed"] else []
        flag = "; ".join(f for f in flags if f)
        if r["error"]:
            failures.append(f"  {r['mechanic']}: {r['failed']} games failed, the first with {r['error']}")
        lines.append(
            f"  {r['mechanic']:<28}"
            + (f" {r['level'][:16]:<16}" if level else "")
            + f" {_ci(r['win_pct'], r['win_lo'], r['win_hi']):<20}"
            f" {_ci(r['baseline_pct'], r['baseline_lo'], r['baseline_hi']):<20}"
            f" {_ci(r['loss_pp'], r['loss_lo'], r['loss_hi'], '+'):<24} {refused:<14} {flag}"
        )
    lines += failures
    others = table.filter(pl.col("note") == NOT_A_CHOICE)["mechanic"].unique(maintain_order=True).to_list()
    if others:
        said = "not a choice (no actions in the mechanics file): " + ", ".join(others)
        lines.append(textwrap.fill(said, 116, initial_indent="  ", subsequent_indent="    "))
    if "decoration_everywhere" in table.columns:
        flagged = table.filter(pl.col("decoration_everywhere"))["mechanic"].unique(maintain_order=True).to_list()
        where = "at every level"
    else:
        flagged = played.filter(pl.col("decoration"))["mechanic"].to_list()
        where = "its loss interval holds 0"
    n = played["mechanic"].n_unique()
    said = f"{len(flagged)} of {n} mechanics are decorations ({where})" + (": " + ", ".join(flagged) if flagged else "")
    lines.append(textwrap.fill(said, 116, initial_indent="  ", subsequent_indent="    "))
    return "\n".join(lines)
