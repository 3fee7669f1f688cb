"""A paired A/B of any metric: two rulesets on the same seeds, bots and seats, B - A with a 95 % interval.

``compare`` (``bl.compare``) plays both rulesets with ``sim.paired.play_pair`` and compares

- the **per-game rows** ``sim.paired`` has always given (mean rounds, score, upgrades, each seat's win
  rate ...): the mean of the per-game differences with its Student-t interval (``sim.stats.mean_ci``);
- any **catalogue metric** (``metrics_for``), a **mechanic's** firings (``fires:<m>``, ``per_game:<m>``,
  ``per_round:<m>``, ``share:<a>/<b>``) and a **win rate** by bot or seat (``win_rate:<bot>``,
  ``win_rate:seat=<n>``): B's value minus A's, its interval a percentile bootstrap that draws the same
  games for both runs (a paired bootstrap over games, ``BOOTSTRAP`` resamples, the catalogue's seed).

A catalogue metric built on ``metrics.bootstrap`` hands over its per-game units and statistic
(``metrics.capturing``), so a resample costs one statistic per run; any other metric (a Wilson
proportion, a metric of your own) is measured again on each resampled pair of runs, which is slower.
"""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import polars as pl

from ..core.mechanics import Mechanic
from ..sim.paired import Comparison, comparison_table, paired_table, per_game_names, play_pair, same_game, table_row
from ..sim.progress import progress_bar
from ..sim.runner import SimResult, SimulationError
from ..sim.tables import schemas
from . import winrates
from .coverage import KINDS, counts, mechanics_of
from .levels import SkillComparison, flag, level_name, table_of, verdict
from .metrics import BOOTSTRAP, BOOTSTRAP_SEED, Metric, capturing, finished, get_metric, metrics_for, point_only

PATTERNS = (
    "fires:<mechanic>, per_game:<mechanic>, per_round:<mechanic>, share:<a>/<b>, "
    "win_rate:<bot>, win_rate:seat=<n> (bourbon-lab coverage lists the mechanics)"
)


@dataclass(frozen=True)
class Planned:
    """One metric to compare: a per-game row, a mechanic's firings or a catalogue metric."""

    name: str
    kind: str  # "row" | "mechanic" | "metric"
    metric: Metric | None = None
    count: str = ""  # fires | per_game | per_round | share
    mechanic: Mechanic | None = None
    per: Mechanic | None = None  # share:<a>/<b>'s b
    default: bool = False  # dropped when neither run can measure it


def compare(
    rules_a,
    rules_b,
    players: int = 4,
    games: int = 200,
    bots="heuristic",
    seed: int = 0,
    metrics: str | list[str] | None = None,
    skill: list | None = None,
    **kw,
):
    """Play both rulesets on the same seeds, bots and seats; each metric's B - A with its 95 % interval.

    Parameters
    ----------
    rules_a, rules_b : rulesets of one game
    players, games, bots, seed, **kw
        As ``bl.simulate`` (``workers``, ``progress``, ``distilleries`` ...); both runs use the same.
        ``progress`` is one bar over both runs (over every level's, with ``skill``), with the time left.
    metrics : str or list of str, optional
        What to compare, in this order: a per-game row (``rounds``, ``score``, ``upgrades``,
        ``seat 0 win rate`` ...), any metric of the game's catalogue (``upgrades_per_player``,
        ``winner_margin`` ...), ``fires:<mechanic>``, ``per_game:<m>``, ``per_round:<m>``,
        ``share:<a>/<b>``, ``win_rate:<bot>``, ``win_rate:seat=<n>``. Default: every per-game row,
        every catalogue metric this run can measure, and each bot's win rate when the bots differ.
    skill : list, optional
        Skill levels to compare at instead of ``bots``: each a bot name for every seat (``"heuristic"``,
        ``"ismcts:100"``) or a list, one a seat. Gives a ``design.levels.SkillComparison``: each
        metric's difference at each level, and the verdicts that change sign or lose significance.

    Returns
    -------
    Comparison
        ``.table``: metric, a, b, diff (b - a), ci_low, ci_high, clear (the interval excludes 0),
        games, unit, method; ``print()`` shows it as text.
    """
    if skill is not None:
        return compare_across(rules_a, rules_b, skill, players=players, games=games, seed=seed, metrics=metrics, **kw)
    game = same_game(rules_a, rules_b)
    plan = plan_metrics(metrics, game, players, bots, rules=(rules_b, rules_a))
    a, b = play_pair(rules_a, rules_b, players, games, bots, seed, **kw)
    return Comparison(a, b, paired_metrics(a, b, plan))


def compare_across(rules_a, rules_b, skill: list, players: int = 4, games: int = 200, **kw) -> SkillComparison:
    """``compare`` at each skill level (a bot name for every seat, or a list one a seat), flags across levels.

    ``compare(..., skill=[...])`` gives this; ``design.skill`` names it too (where it lived before issue 52).
    """
    if not skill:
        raise ValueError("skill: name at least one level, e.g. ['heuristic', 'ismcts:100']")
    levels: dict[str, Any] = {}
    frames = []
    tables = {level_name(level): table_of(level, players) for level in skill}  # a bad level refused before any game
    total = 2 * games * len(tables) if isinstance(games, int) and games > 0 else 0
    with progress_bar(total, kw.get("progress"), desc="compare at skill levels", delay=0):  # one bar: the time left
        for name, bots in tables.items():
            lineup = bots if len(set(bots)) > 1 else bots[0]
            c = compare(rules_a, rules_b, players=players, games=games, bots=lineup, **kw)
            levels[name] = c
            frames.append(c.table.with_columns(pl.lit(name).alias("level")))
    table = pl.concat(frames, how="diagonal_relaxed")
    table = table.with_columns(
        pl.struct("diff", "ci_low", "ci_high")
        .map_elements(lambda r: verdict(r["diff"], r["ci_low"], r["ci_high"]), return_dtype=pl.Utf8)
        .alias("verdict")
    )
    flags = []
    for m in dict.fromkeys(table["metric"].to_list()):
        rows = table.filter(pl.col("metric") == m)
        by_level = dict(zip(rows["level"].to_list(), rows["verdict"].to_list()))
        f = flag(list(by_level.values()))
        if f:
            flags.append({"metric": m, "flag": f, "verdicts": ", ".join(f"{k}: {v}" for k, v in by_level.items())})
    flag_table = pl.DataFrame(flags, schema={"metric": pl.Utf8, "flag": pl.Utf8, "verdicts": pl.Utf8})
    return SkillComparison(levels, table, flag_table)


# --- which metrics: resolved and checked before any game runs ------------------------------------


def plan_metrics(metrics, game: str, players: int, bots, rules=()) -> list[Planned]:
    """The metrics to compare, each resolved; an unknown name is refused with the close names."""
    rows = per_game_names(game, players)
    mechanics = _mechanics(game, rules)
    lineup = [bots] * players if isinstance(bots, str) else [str(b) for b in bots]
    if metrics is None:
        plan = [Planned(n, "row") for n in rows]
        plan += [Planned(m.name, "metric", m, default=True) for m in metrics_for(game).values() if m.name not in rows]
        if len(set(lineup)) > 1:
            for bot in dict.fromkeys(lineup):
                name = f"{winrates.PREFIX}:{bot}"
                plan.append(Planned(name, "metric", get_metric(name, game), default=True))
        return plan
    names = [metrics] if isinstance(metrics, str) else list(metrics)
    if not names:
        raise SimulationError("metrics: name at least one metric, or leave metrics out for the default set")
    plan = []
    for name in dict.fromkeys(names):
        if not isinstance(name, str):
            raise SimulationError(f"metrics: a metric is named by text like 'upgrades_per_player', got {name!r}")
        plan.append(_resolve(name, game, players, lineup, rows, mechanics))
    return plan


def _mechanics(game: str, rules) -> dict[str, Mechanic]:
    """The game's mechanics and those of the house rules in either ruleset, by name."""
    out = {m.name: m for m in mechanics_of(game)}
    for r in rules:
        out.update({m.name: m for m in mechanics_of(game, r)})
    return out


def _resolve(name: str, game: str, players: int, lineup: list[str], rows: list[str], mechanics) -> Planned:
    if name in rows:
        return Planned(name, "row")
    count, _, rest = name.partition(":")
    if count == "share":
        first, _, per = rest.partition("/")
        if first in mechanics and per in mechanics:
            return Planned(name, "mechanic", count=count, mechanic=mechanics[first], per=mechanics[per])
    elif count in KINDS and rest in mechanics:
        return Planned(name, "mechanic", count=count, mechanic=mechanics[rest])
    parsed = winrates.parse(name)
    if parsed is not None:
        _check_win_rate(name, *parsed, game, players, lineup)
    try:
        return Planned(name, "metric", get_metric(name, game))
    except KeyError:
        pass
    known = [*rows, *(n for n in metrics_for(game) if n not in rows)]
    known += [f"{k}:{m}" for m in mechanics for k in KINDS]
    known += [f"{winrates.PREFIX}:{b}" for b in dict.fromkeys(lineup)]
    close = difflib.get_close_matches(name, known, n=4, cutoff=0.6)
    close = list(dict.fromkeys([*close, *(k for k in known if name.lower() in k.lower())]))[:5]
    hint = f"; did you mean {', '.join(map(repr, close))}?" if close else "."
    listed = [*rows, *(n for n in metrics_for(game) if n not in rows)]
    raise SimulationError(
        f"metrics: unknown metric {name!r} for {game}{hint} Known: {', '.join(listed)}, and per mechanic "
        f"or bot {PATTERNS}"
    )


def _check_win_rate(name: str, column: str, value: str, game: str, players: int, lineup: list[str]) -> None:
    """A win rate must name a bot at the table, a seat that exists, a column the game's players table has."""
    if column == "bot":
        if value not in lineup:
            bots = list(dict.fromkeys(lineup))
            close = difflib.get_close_matches(value, bots, n=1, cutoff=0.5)
            hint = f"; did you mean '{winrates.PREFIX}:{close[0]}'?" if close else ""
            raise SimulationError(
                f"metrics: {name!r}: no bot {value!r} at this table (bots: {', '.join(bots)}){hint} "
                f"(a seat: '{winrates.PREFIX}:seat=0')"
            )
    elif column in ("seat", "turn_order", "player"):
        if value not in {str(i) for i in range(players)}:
            raise SimulationError(f"metrics: {name!r}: {column} is 0 to {players - 1} at {players} players")
    elif column not in schemas(game)[1]:
        raise SimulationError(f"metrics: {name!r}: the {game} players table has no {column} column")


# --- measuring --------------------------------------------------------------------------------------


def paired_metrics(a: SimResult, b: SimResult, plan: list[Planned]) -> pl.DataFrame:
    """``Comparison.table`` for ``plan`` on two runs of the same seeds."""
    ids = sorted(set(a.games["game"].to_list()) & set(b.games["game"].to_list()))
    n = len(ids)
    draws = np.random.default_rng(BOOTSTRAP_SEED).integers(0, n, (BOOTSTRAP, n)) if n else np.zeros((0, 0), int)
    out: dict[str, dict] = {}
    row_names = [p.name for p in plan if p.kind == "row"]
    if row_names:
        for r in paired_table(a, b, row_names).iter_rows(named=True):
            out[r["metric"]] = r
    slow: list[tuple[Planned, float, float]] = []
    for p in plan:
        if p.kind == "mechanic":
            out[p.name] = _mechanic_row(p, a, b, ids, draws)
        elif p.kind == "metric":
            row, fallback = _metric_row(p, a, b, ids, draws)
            if row is not None:
                out[p.name] = row
            else:
                slow.append((p, *fallback))
    if slow:
        out.update(_resampled_rows(slow, a, b, ids, draws))
    rows = []
    for p in plan:
        r = out.get(p.name) or table_row(p.name, *[math.nan] * 5, n, "", "not in this run's tables")
        if p.default and _nan(r["a"]) and _nan(r["b"]):
            continue  # a default metric this run cannot measure (dominance with one bot) is left out
        rows.append(r)
    return comparison_table(rows)


def _nan(x) -> bool:
    return x is None or math.isnan(x)


def _row(p: Planned, va: float, vb: float, diffs, n: int, unit: str, why: str = "") -> dict:
    """A row from the two values and the resampled differences (percentile interval)."""
    if _nan(va) or _nan(vb):
        return table_row(p.name, va, vb, math.nan, math.nan, math.nan, n, unit, why or "not measured")
    ok = np.asarray([d for d in diffs if not math.isnan(d)], dtype=float)
    lo, hi = np.percentile(ok, [2.5, 97.5]) if len(ok) else (math.nan, math.nan)
    method = f"paired bootstrap over {n} games"
    if len(ok) < len(diffs):
        method += f" ({len(diffs) - len(ok)} of {len(diffs)} resamples unmeasurable)"
    return table_row(p.name, va, vb, vb - va, float(lo), float(hi), n, unit, method)


def _metric_row(p: Planned, a: SimResult, b: SimResult, ids: list, draws: np.ndarray):
    """The row of a catalogue metric from its captured units, or (None, (value a, value b)) to resample runs."""
    m = p.metric
    with capturing() as calls_a:
        est_a = m.fn(a)
    with capturing() as calls_b:
        est_b = m.fn(b)
    if not est_a.measured or not est_b.measured:
        why = est_a.method if not est_a.measured else est_b.method
        return _row(p, est_a.value, est_b.value, [], len(ids), m.unit, why), None
    units = [_units_by_game(calls, est, res, ids) for calls, est, res in ((calls_a, est_a, a), (calls_b, est_b, b))]
    if units[0] is None or units[1] is None:
        return None, (est_a.value, est_b.value)
    (by_a, stat_a), (by_b, stat_b) = units
    diffs = [_stat(stat_b, by_b, d) - _stat(stat_a, by_a, d) for d in draws]
    return _row(p, est_a.value, est_b.value, diffs, len(ids), m.unit), None


def _units_by_game(calls: list, est, result: SimResult, ids: list):
    """The one ``bootstrap`` call's units, listed by game (position in ``ids``), and its statistic; else None."""
    if len(calls) != 1:
        return None
    units, stat, point = calls[0]
    if not math.isclose(point, est.value, rel_tol=1e-12, abs_tol=1e-12):
        return None  # the metric reshaped the bootstrap's value: resample the runs instead
    pos = {g: i for i, g in enumerate(ids)}
    by = [[] for _ in ids]
    if all(isinstance(u, dict) and "game" in u for u in units):
        games = [u["game"] for u in units]
    else:  # one unit per finished game (or per game), in the games table's order
        orders = (finished(result)["game"].to_list(), result.games["game"].to_list())
        games = next((g for g in orders if len(g) == len(units)), None)
        if games is None:
            return None
    for g, u in zip(games, units):
        if g not in pos:
            return None
        by[pos[g]].append(u)
    return by, stat


def _stat(stat, by: list[list], draw: np.ndarray) -> float:
    units = [u for i in draw for u in by[i]]
    if not units:
        return math.nan
    try:
        return float(stat(units))
    except (ArithmeticError, ValueError):  # a resample the statistic cannot take (no mixed table ...)
        return math.nan


def _mechanic_row(p: Planned, a: SimResult, b: SimResult, ids: list, draws: np.ndarray) -> dict:
    """``fires``, ``per_game``, ``per_round``, ``share``: ratios of per-game sums, resampled together."""
    scale = 100.0 if p.count in ("fires", "share") else 1.0
    unit = "%" if p.count == "share" else KINDS[p.count][1]
    (num_a, den_a), (num_b, den_b) = (_mechanic_arrays(p, r, ids) for r in (a, b))
    va, vb = (scale * num.sum() / den.sum() if den.sum() else math.nan for num, den in ((num_a, den_a), (num_b, den_b)))
    why = f"{p.per.name} never fires in a run" if p.count == "share" else "no finished games"
    if _nan(va) or _nan(vb) or not len(draws):
        return _row(p, va, vb, [], len(ids), unit, why)
    with np.errstate(invalid="ignore", divide="ignore"):
        ra = scale * num_a[draws].sum(axis=1) / den_a[draws].sum(axis=1)
        rb = scale * num_b[draws].sum(axis=1) / den_b[draws].sum(axis=1)
    diffs = np.where(np.isfinite(ra) & np.isfinite(rb), rb - ra, np.nan)
    return _row(p, float(va), float(vb), diffs.tolist(), len(ids), unit)


def _mechanic_arrays(p: Planned, result: SimResult, ids: list) -> tuple[np.ndarray, np.ndarray]:
    """Per game of ``ids``: the numerator and denominator (0 for a game that did not finish)."""
    games = finished(result)
    c = counts(result.events, games, p.mechanic)
    if p.count == "fires":
        num, den = (c > 0).astype(float), np.ones(len(c))
    elif p.count == "per_game":
        num, den = c, np.ones(len(c))
    elif p.count == "per_round":
        num, den = c, games["rounds"].fill_null(0).to_numpy().astype(float)
    else:
        num, den = c, counts(result.events, games, p.per)
    pos = {g: i for i, g in enumerate(ids)}
    at = np.asarray([pos.get(g, -1) for g in games["game"].to_list()], dtype=int)
    keep = at >= 0
    full_num, full_den = np.zeros(len(ids)), np.zeros(len(ids))
    full_num[at[keep]], full_den[at[keep]] = num[keep], den[keep]
    return full_num, full_den


def _resampled_rows(slow: list, a: SimResult, b: SimResult, ids: list, draws: np.ndarray) -> dict[str, dict]:
    """Metrics without per-game units: measured again on each resampled pair of runs (the same games)."""
    diffs: dict[str, list[float]] = {p.name: [] for p, _, _ in slow}
    cut_a, cut_b = _Cutter(a, ids), _Cutter(b, ids)
    with point_only():
        for draw in draws:
            ra, rb = cut_a.resample(draw), cut_b.resample(draw)
            for p, _, _ in slow:
                diffs[p.name].append(p.metric.fn(rb).value - p.metric.fn(ra).value)
    return {p.name: _row(p, va, vb, diffs[p.name], len(ids), p.metric.unit) for p, va, vb in slow}


class _Cutter:
    """A run's tables cut by game, so a resample of games (repeats numbered apart) is a quick gather."""

    def __init__(self, result: SimResult, ids: list):
        self.result, self.ids = result, ids
        self._tables: dict[str, tuple] = {}

    def table(self, name: str):
        """(table, row order by game, first row of each game, rows per game) for one table."""
        cache = self._tables
        if name not in cache:
            t = getattr(self.result, name, None)
            if t is None or "game" not in t.columns:
                cache[name] = (t, None, None, None)
            else:
                pos = {g: i for i, g in enumerate(self.ids)}
                at = np.asarray([pos.get(g, -1) for g in t["game"].to_list()], dtype=int)
                rows = np.flatnonzero(at >= 0)
                order = rows[np.argsort(at[rows], kind="stable")]
                sizes = np.bincount(at[rows], minlength=len(self.ids))
                starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
                cache[name] = (t, order, starts, sizes)
        return cache[name]

    def resample(self, draw: np.ndarray) -> _Resample:
        return _Resample(self, draw)


class _Resample:
    """A ``SimResult`` of the games ``draw`` picks (game ``i`` of it is the ``i``-th pick), tables built on use."""

    def __init__(self, cutter: _Cutter, draw: np.ndarray):
        self._cutter, self._draw = cutter, draw
        self.stamp: dict[str, Any] = cutter.result.stamp
        self.failures: list = []

    def _take(self, name: str):
        t, order, starts, sizes = self._cutter.table(name)
        if order is None:
            return t
        lens = sizes[self._draw]
        first = np.repeat(starts[self._draw] - np.concatenate([[0], np.cumsum(lens)[:-1]]), lens)
        rows = order[first + np.arange(lens.sum())]
        game = pl.Series("game", np.repeat(np.arange(len(self._draw)), lens)).cast(t.schema["game"])
        return t[rows].with_columns(game)

    @cached_property
    def games(self) -> pl.DataFrame:
        return self._take("games")

    @cached_property
    def players(self) -> pl.DataFrame:
        return self._take("players")

    @cached_property
    def events(self) -> pl.DataFrame:
        return self._take("events")

    @cached_property
    def score_parts(self) -> pl.DataFrame:
        return self._take("score_parts")

    @property
    def game(self) -> str:
        return self._cutter.result.game
