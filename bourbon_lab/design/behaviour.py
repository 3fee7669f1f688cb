"""What a rule change does to play: how often players use each mechanic under two rulesets (issue 51, item 5).

``behaviour(base, changed)`` (``bl.behaviour``) plays both rulesets of one game at one table (the same bots,
seats, seeds and, where the game deals boards, the same rotation of every board through every seat, as
coverage plays them) and reads each mechanic of the game's catalogue (``games/<game>/data/mechanics.yaml``,
plus one per house rule in either ruleset) off both events tables with coverage's own counting
(``design.coverage``). For each mechanic: its mean firings per game under each ruleset, the difference
(changed - base) with a 95 % percentile-bootstrap interval over whole games (the two runs resampled as
two independent samples, the catalogue's fixed bootstrap seed), the ratio, and ``moved`` (the interval
excludes 0). The mechanics whose use moved most come first, and the result says so in words:
"Under free_rerolls=3, players choose reroll (“Reroll any dice you don't like, once. …”)
twice as often: 22.7 → 44.7 a game (difference +22 a game, 95 % interval [+17.3, +26.9])".

The default table is ``learned`` at every seat: a bot that learns each ruleset by self-play, so the change
in play is what players who know the new rules would do (it trains once per ruleset, and that is slow; a
heuristic bot plays the book as written and ignores what a house rule adds).

``bourbon-lab behaviour CHANGED.yaml`` (or ``--set field=value``) does the same from a shell.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from ..core.charting import WIDTH, title
from ..core.chartinput import table_of
from ..core.mechanics import Mechanic
from ..core.registry import game_of, get_game
from ..sim.progress import progress_bar
from ..sim.runner import SimulationError, validate
from .coverage import counts, mechanics_of, play_coverage
from .metrics import _RESAMPLES, BOOTSTRAP_SEED, finished
from .runs import Run, run_games

__all__ = ["Behaviour", "add_parser", "behaviour", "behaviour_chart", "cmd_behaviour", "how_often", "register"]

SCHEMA = {
    "mechanic": pl.Utf8,
    "group": pl.Utf8,
    "rule": pl.Utf8,
    "chosen": pl.Boolean,
    "base": pl.Float64,
    "changed": pl.Float64,
    "diff": pl.Float64,
    "ci_low": pl.Float64,
    "ci_high": pl.Float64,
    "ratio": pl.Float64,
    "moved": pl.Boolean,
    "direction": pl.Utf8,
    "base_games": pl.Int64,
    "changed_games": pl.Int64,
}
"""``Behaviour.table``: one row per mechanic, most moved first.

``base``/``changed``: mean firings per game; ``diff``: changed - base with its 95 % interval
``ci_low``/``ci_high``; ``ratio``: changed / base (inf from never, NaN when it fires under neither);
``moved``: the interval excludes 0; ``direction``: ``more``, ``less`` or ``""``; ``chosen``: a player
chooses it (the mechanic names its actions); the games each mean is over (finished games only).
"""

QUOTE = 70
"""Characters of a mechanic's rule quoted in the words (cut at a word, then "…")."""


@dataclass(frozen=True)
class Behaviour:
    """What ``changed`` does to play against ``base``: the per-mechanic table and the table of bots that played it."""

    table: pl.DataFrame
    game: str
    label: str  # what changed, as the words name it ("crash_bonus", "free_rerolls=0")
    base_label: str  # what the base is ("the game's defaults", or its changes from them)
    bots: tuple[str, ...]  # one a seat
    players: int
    games: int  # asked for, a side
    played: tuple[int, int]  # finished games, base and changed
    seed: int
    boards: bool  # every board the game deals went round every seat
    base_result: Any = field(default=None, repr=False, compare=False)
    changed_result: Any = field(default=None, repr=False, compare=False)

    @property
    def moved(self) -> pl.DataFrame:
        """The rows whose difference is clear (the interval excludes 0), most moved first."""
        return self.table.filter(pl.col("moved"))

    def played_by(self) -> str:
        """The table that played it, in words: game, players, bots, games a side, seed (a figure names its table)."""
        bots = self.bots[0] + " at every seat" if len(set(self.bots)) == 1 else ", ".join(self.bots)
        a, b = self.played
        games = f"{a} games a side" if a == b else f"{a} games (base) and {b} (changed)"
        if a != self.games or b != self.games:
            games += f" of {self.games} asked"
        boards = ", every board through every seat" if self.boards else ""
        return f"{self.game}, {self.players} players, {bots}, {games}, seed {self.seed}{boards}"

    def summary(self) -> str:
        """The result in words: the table that played it, then one sentence per mechanic whose use moved."""
        lines = [
            f"What {self.label} does to play: {self.played_by()}.",
            f"Base: {self.base_label}. Firings per game, changed - base, with 95 % intervals "
            "(percentile bootstrap over whole games).",
        ]
        moved = self.moved
        if moved.height:
            lines.append(f"{moved.height} of {self.table.height} mechanics moved:")
            lines += [f"  - {sentence(r, self.label)}" for r in moved.iter_rows(named=True)]
        else:
            lines.append(
                f"No mechanic's use moved clearly: each of the {self.table.height} intervals holds 0"
                + (" (more games would narrow them)." if self.table.filter(_fires()).height else ".")
            )
        neither = self.table.height - self.table.filter(_fires()).height
        if neither:
            lines.append(f"{neither} mechanics fire under neither ruleset at this table.")
        return "\n".join(lines)

    def text(self) -> str:
        """Every mechanic as a terminal prints it, most moved first, the moved ones marked."""
        width = max([12, *(len(m) for m in self.table["mechanic"])])
        lines = [f"  {'mechanic':<{width}} {'base':>8} {'changed':>8} {'difference [95 % CI]':>30} {'ratio':>7}"]
        for r in self.table.iter_rows(named=True):
            ci = "" if math.isnan(r["ci_low"]) else f" [{_num(r['ci_low'], True)}, {_num(r['ci_high'], True)}]"
            ratio = "" if math.isnan(r["ratio"]) else ("new" if math.isinf(r["ratio"]) else f"{r['ratio']:.2f}×")
            mark = "  moved" if r["moved"] else ""
            lines.append(
                f"  {r['mechanic']:<{width}} {_num(r['base']):>8} {_num(r['changed']):>8} "
                f"{_num(r['diff'], True) + ci:>30} {ratio:>7}{mark}"
            )
        return "\n".join(lines)

    def chart(self, title_text: str | None = None):
        """Each mechanic's difference in firings per game with its 95 % interval, most moved first (Altair)."""
        return behaviour_chart(self, title_text)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return self.summary()


def behaviour(
    base,
    changed,
    *,
    bots: str | list[str] = "learned",
    players: int | None = None,
    games: int = 200,
    seed: int = 0,
    workers: int | None = None,
    executor=None,
    progress: bool | None = None,
    standard: bool = False,
) -> Behaviour:
    """How often players use each mechanic under ``base`` and under ``changed``, and which uses moved.

    Parameters
    ----------
    base, changed : rulesets of one game
        ``changed`` is named in the words by what differs: its house rules and its fields that differ.
    bots : str or list of str
        Any bot spec, one for every seat or a list one a seat (default ``learned``, which trains once for
        each ruleset before its games: slow; ``heuristic`` plays at once). A bad name is refused before
        any game plays.
    players : int, optional
        Seats (default: the game's table as coverage picks it, 4 or the nearest the game allows).
    games, seed, workers, executor, progress
        As ``bl.simulate``; both rulesets play the same seeds at the same table, on ``executor`` (a
        ``dask.distributed.Client``) when given, else ``workers`` local processes; one progress bar.
    standard : bool
        Where the game deals boards (Bourbonomics' distilleries) coverage rotates every board through
        every seat (the games split evenly between the rotations); ``True`` plays the default deal.

    Returns
    -------
    Behaviour
        ``.table`` (a polars table, one row per mechanic: see ``SCHEMA``), ``.summary()`` in words,
        ``.chart()``, and both runs (``base_result``, ``changed_result``).
    """
    game = _same_game(base, changed)
    defn = get_game(game)
    if not defn.mechanics:
        raise SimulationError(f"{game} declares no mechanics yet (GameDef.mechanics_file): nothing to count")
    info = defn.info
    players = players or max(info.min_players, min(4, info.max_players))
    seats = tuple(validate(base, players, games, bots))  # bad bots, players or games: before any game
    validate(changed, players, games, bots)
    lineup: str | list[str] = seats[0] if len(set(seats)) == 1 else list(seats)
    _prepare(base, changed, players, lineup, workers, executor, progress)
    total = _games_played(base, games, standard) + _games_played(changed, games, standard)
    with progress_bar(total, progress, desc="behaviour"):
        a = play_coverage(base, players, lineup, games, seed, workers, progress, standard, executor=executor)
        b = play_coverage(changed, players, lineup, games, seed, workers, progress, standard, executor=executor)
    table = behaviour_table(a, b, _mechanics(game, base, changed))
    return Behaviour(
        table=table,
        game=game,
        label=changes_label(changed, base),
        base_label=_base_label(base),
        bots=seats,
        players=players,
        games=games,
        played=(finished(a).height, finished(b).height),
        seed=seed,
        boards=not standard and bool(getattr(base, "distilleries", None)),
        base_result=a,
        changed_result=b,
    )


def _same_game(base, changed) -> str:
    ga, gb = game_of(base), game_of(changed)
    if ga != gb:
        raise SimulationError(
            f"changed: a {gb} ruleset, but base is a {ga} one; behaviour compares two rulesets of one game"
        )
    return ga


def _prepare(base, changed, players: int, bots, workers, executor, progress) -> None:
    """Each bot's once-a-run work for each ruleset (``learned`` trains its model) before any game plays."""
    from ..bots.base import prepare_bots

    for rules in (base, changed):
        prepare_bots(rules, players, bots, workers=workers, executor=executor, progress=progress)


def _games_played(rules, games: int, standard: bool) -> int:
    """How many games ``play_coverage`` plays of ``rules`` (split evenly between the board rotations)."""
    boards = 0 if standard else len(getattr(rules, "distilleries", None) or ())
    return run_games(Run("behaviour", lineups=((),) * boards), games)


def _mechanics(game: str, base, changed) -> tuple[Mechanic, ...]:
    """The game's mechanics, then those of the house rules in either ruleset (each once)."""
    out = {m.name: m for m in mechanics_of(game, base)}
    for m in mechanics_of(game, changed):
        out.setdefault(m.name, m)
    return tuple(out.values())


# --- the table ---------------------------------------------------------------------------------------


def behaviour_table(a, b, mechanics: tuple[Mechanic, ...]) -> pl.DataFrame:
    """``Behaviour.table`` for two runs (``SimResult``) and the mechanics to count, most moved first."""
    games_a, games_b = finished(a), finished(b)
    na, nb = games_a.height, games_b.height
    draws = _draws(na, nb)
    rows = []
    for m in mechanics:
        ca = counts(a.events, games_a, m) if na else np.zeros(0)
        cb = counts(b.events, games_b, m) if nb else np.zeros(0)
        mean_a = float(ca.mean()) if na else math.nan
        mean_b = float(cb.mean()) if nb else math.nan
        lo, hi = difference_interval(ca, cb, draws)
        moved = lo > 0 or hi < 0
        rows.append(
            {
                "mechanic": m.name,
                "group": m.group,
                "rule": m.rule,
                "chosen": bool(m.actions),
                "base": mean_a,
                "changed": mean_b,
                "diff": mean_b - mean_a,
                "ci_low": lo,
                "ci_high": hi,
                "ratio": _ratio(mean_a, mean_b),
                "moved": moved,
                "direction": ("more" if lo > 0 else "less") if moved else "",
                "base_games": na,
                "changed_games": nb,
                "_shift": _shift(mean_a, mean_b, min(na, nb)),
            }
        )
    table = pl.DataFrame(rows, schema={**SCHEMA, "_shift": pl.Float64})
    order = table.with_columns(pl.col("_shift").fill_nan(None), pl.col("diff").abs().fill_nan(None).alias("_size"))
    order = order.sort(["moved", "_shift", "_size"], descending=True, nulls_last=True, maintain_order=True)
    return order.drop("_shift", "_size")


def _draws(na: int, nb: int):
    """The resampled games of each run: two independent samples, the catalogue's bootstrap seed."""
    resamples = _RESAMPLES[-1]
    if not resamples or not na or not nb:
        return None
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    return rng.integers(0, na, (resamples, na)), rng.integers(0, nb, (resamples, nb))


def difference_interval(ca: np.ndarray, cb: np.ndarray, draws=None) -> tuple[float, float]:
    """95 % percentile-bootstrap interval of mean(cb) - mean(ca), each run's games resampled on its own.

    ``draws`` (the resampled game indices of each run) default to the catalogue's seed; NaN without them.
    """
    draws = draws if draws is not None else _draws(len(ca), len(cb))
    if draws is None:
        return math.nan, math.nan
    ia, ib = draws
    diffs = cb[ib].mean(axis=1) - ca[ia].mean(axis=1)
    lo, hi = np.percentile(diffs, [2.5, 97.5])
    return float(lo), float(hi)


def _ratio(a: float, b: float) -> float:
    if math.isnan(a) or math.isnan(b) or (a == 0 and b == 0):
        return math.nan
    return math.inf if a == 0 else b / a


def _shift(a: float, b: float, n: int) -> float:
    """How far use moved, as |log ratio|: half a firing over the run added to each side, so never-to-some is finite."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    c = 0.5 / max(n, 1)
    return abs(math.log((b + c) / (a + c)))


# --- words -------------------------------------------------------------------------------------------


_FRACTIONS = (
    (1 / 2, "half"),
    (1 / 3, "a third"),
    (1 / 4, "a quarter"),
    (2 / 3, "two thirds"),
    (3 / 4, "three quarters"),
)


def how_often(a: float, b: float) -> str:
    """How often the changed ruleset uses a mechanic against the base, in words ("3.1× as often", "half as often").

    >>> how_often(2.0, 6.2), how_often(2.0, 1.0), how_often(2.0, 4.0), how_often(4.0, 2.4)
    ('3.1× as often', 'half as often', 'twice as often', '40 % less often')
    >>> how_often(2.4, 0.0), how_often(0.0, 0.4), how_often(0.0, 0.0)
    ('never, from 2.4 a game', '0.4 times a game, from never', 'never, as before')
    """
    if a == 0 and b == 0:
        return "never, as before"
    if a == 0:
        return f"{_num(b)} times a game, from never"
    if b == 0:
        return f"never, from {_num(a)} a game"
    r = b / a
    for frac, word in _FRACTIONS:
        if abs(r / frac - 1) < 0.04:
            return f"{word} as often"
    if abs(r - 2) < 0.05:
        return "twice as often"
    if r < 1:
        return f"{100 * (1 - r):.0f} % less often"
    return f"{r:.0f}× as often" if r >= 10 else (f"{r:.1f}× as often" if r >= 1.1 else f"{r:.2f}× as often")


def sentence(row: dict, label: str) -> str:
    """One moved mechanic in words: under what, who does what how often, and the difference with its interval."""
    a, b = row["base"], row["changed"]
    name = f"{row['mechanic']} (“{_quote(row['rule'])}”)"
    ci = f"difference {_num(row['diff'], True)} a game, 95 % interval [{_num(row['ci_low'], True)}, "
    ci += f"{_num(row['ci_high'], True)}]"
    if b == 0:
        did = f"players never choose {name}" if row["chosen"] else f"{name} never happens"
        return f"Under {label}, {did}, from {_num(a)} a game ({ci})."
    if a == 0:
        did = f"players choose {name}" if row["chosen"] else f"{name} happens"
        return f"Under {label}, {did} {_num(b)} times a game, from never ({ci})."
    did = f"players choose {name}" if row["chosen"] else f"{name} happens"
    return f"Under {label}, {did} {how_often(a, b)}: {_num(a)} → {_num(b)} a game ({ci})."


def changes_label(changed, base) -> str:
    """What ``changed`` changes from ``base``, as words name it: house rules added, altered or dropped, then fields."""
    try:
        fields = dict(changed.changes(base))
    except (AttributeError, TypeError):
        return "the changed ruleset"
    fields.pop("house_rules", None)
    mine = {r.name: r for r in getattr(changed, "house_rules", None) or ()}
    theirs = {r.name: r for r in getattr(base, "house_rules", None) or ()}
    parts = [_house_name(r) for n, r in mine.items() if n not in theirs or r.ref() != theirs[n].ref()]
    parts += [f"without {n}" for n in theirs if n not in mine]
    parts += [f"{k}={_value(v)}" for k, v in fields.items()]
    if not parts:
        return "the same ruleset"
    return ", ".join(parts) if len(parts) <= 4 else ", ".join(parts[:3]) + f" and {len(parts) - 3} more changes"


def _base_label(base) -> str:
    label = changes_label(base, None) if hasattr(base, "changes") else "the changed ruleset"
    return "the game's defaults" if label == "the same ruleset" else f"the game's defaults with {label}"


def _house_name(rule) -> str:
    values = getattr(rule, "values", None) or {}
    return rule.name + (f"({', '.join(f'{k}={v}' for k, v in values.items())})" if values else "")


def _value(v: Any) -> str:
    text = str(list(v) if isinstance(v, tuple) else v)
    return text if len(text) <= 30 else text[:29] + "…"


def _quote(rule: str) -> str:
    if len(rule) <= QUOTE:
        return rule
    cut = rule[:QUOTE].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:—-") + " …"


def _num(x: float, signed: bool = False) -> str:
    if x is None or math.isnan(x):
        return "–"
    if x == 0:
        return "0"
    text = f"{x:+.3g}" if signed else f"{x:.3g}"
    return text.replace("-", "−") if signed else text


def _fires() -> pl.Expr:
    return (pl.col("base") > 0) | (pl.col("changed") > 0)


# --- the chart ---------------------------------------------------------------------------------------


VERDICTS = ("more often", "no clear change", "less often")


def behaviour_chart(result, title_text: str | None = None):
    """Per mechanic, the difference in firings per game (changed - base) with its 95 % interval, most moved first.

    ``result``: a ``Behaviour`` (``bl.behaviour``) or its table. Mechanics that fire under neither ruleset are
    left out (the subtitle says how many). The axis is symmetric-log: a market's tens of sales a game and a
    rare Ultimate's tenths read on one chart.
    """
    import altair as alt

    columns = ("mechanic", "rule", "base", "changed", "diff", "ci_low", "ci_high", "ratio", "moved", "direction")
    t = table_of(result, "behaviour_chart", "result", "table", columns, takes="a Behaviour (bl.behaviour) or its table")
    shown = t.filter(_fires())
    data = shown.select(
        "mechanic",
        "rule",
        "base",
        "changed",
        "diff",
        "ci_low",
        "ci_high",
        pl.Series("change", [_change(a, b) for a, b in zip(shown["base"], shown["changed"])], dtype=pl.Utf8),
        pl.when(pl.col("direction") == "more")
        .then(pl.lit(VERDICTS[0]))
        .when(pl.col("direction") == "less")
        .then(pl.lit(VERDICTS[2]))
        .otherwise(pl.lit(VERDICTS[1]))
        .alias("verdict"),
    ).with_columns(pl.col(pl.Float64).fill_nan(None))  # JSON has no NaN
    order = data["mechanic"].to_list()
    y = alt.Y("mechanic:N", sort=order, title=None)
    scale = alt.Scale(type="symlog")
    colors = alt.Scale(domain=list(VERDICTS), range=["#3f8f4f", "#888888", "#c4452f"])
    axis = "Change in firings per game, changed − base (95 % CI)"
    tooltip = [
        alt.Tooltip("mechanic:N", title="Mechanic"),
        alt.Tooltip("rule:N", title="Rule"),
        alt.Tooltip("base:Q", title="Base, a game", format=".3g"),
        alt.Tooltip("changed:Q", title="Changed, a game", format=".3g"),
        alt.Tooltip("diff:Q", title="Difference", format="+.3g"),
        alt.Tooltip("ci_low:Q", title="CI low", format="+.3g"),
        alt.Tooltip("ci_high:Q", title="CI high", format="+.3g"),
        alt.Tooltip("change:N", title="How often"),
    ]
    legend = alt.Legend(orient="bottom", direction="horizontal", title=None)
    color = alt.Color("verdict:N", scale=colors, legend=legend)
    base = alt.Chart(data)
    ci = base.mark_rule(strokeWidth=3).encode(
        y=y, x=alt.X("ci_low:Q", title=axis, scale=scale), x2="ci_high:Q", color=color
    )
    dot = base.mark_point(filled=True, size=60).encode(
        y=y, x=alt.X("diff:Q", title=axis, scale=scale), color=color, tooltip=tooltip
    )
    zero = alt.Chart(pl.DataFrame({"x": [0.0]})).mark_rule(color="#333", strokeDash=[4, 3]).encode(x="x:Q")
    label = getattr(result, "label", None)
    heading = title_text or (f"What {label} does to play" if label else "What the change does to play")
    played = result.played_by() if callable(getattr(result, "played_by", None)) else ""
    left_out = t.height - shown.height
    sub = [s for s in (played, "dot: difference · bar: 95 % CI · most moved first") if s]
    if left_out:
        sub.append(f"{left_out} mechanics that fire under neither ruleset left out")
    return (ci + dot + zero).properties(width=WIDTH, height=max(60, 16 * shown.height), title=title(heading, sub))


def _change(a: float, b: float) -> str:
    if a is None or b is None or math.isnan(a) or math.isnan(b):
        return ""
    return how_often(a, b)


# --- the command: bourbon-lab behaviour ------------------------------------------------------------------


def cmd_behaviour(args) -> int:
    """Play the base and changed rulesets at one table and print which mechanics' use moved, in words."""
    from ..core import DEFAULT_GAME, load_rules

    game = getattr(args, "game", None) or DEFAULT_GAME
    base = load_rules(game, args.ruleset)
    changed = load_rules(game, args.changed) if args.changed else base
    sets = dict(_setting(s) for s in args.set or ())
    if sets:
        changed = changed.replace(**sets)
    if not args.changed and not sets:
        raise SimulationError("changed: name the changed ruleset (a YAML file) or give --set field=value")
    bots = args.bots.split(",") if "," in args.bots else args.bots
    result = behaviour(
        base,
        changed,
        bots=bots,
        players=args.players,
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        progress=not args.quiet,
        standard=args.standard,
    )
    print(result.summary())
    print()
    print(result.text())
    if args.out:
        from .report import page, svg, table_html

        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        result.table.write_csv(out / "behaviour.csv")
        words = "".join(f"<p>{_escape(line)}</p>" for line in result.summary().splitlines())
        figure = f"<figure>{svg(result.chart())}</figure>"
        html = page(f"{result.game}: what {result.label} does to play", [words, figure, table_html(result.table)])
        (out / "behaviour.html").write_text(html, encoding="utf-8")
        print(f"  wrote {out / 'behaviour.html'} and behaviour.csv")
    return 0


def _setting(text: str) -> tuple[str, Any]:
    """``field=value`` from ``--set``, the value read as YAML (``3``, ``[1, 2, 4]``, ``false``)."""
    import yaml

    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise SimulationError(f"--set: expected field=value, got {text!r}")
    return key.strip(), yaml.safe_load(value)


def _escape(text: str) -> str:
    import html

    return html.escape(text)


def add_parser(subparsers) -> None:
    """Add ``behaviour`` to the ``bourbon-lab`` command (``cli.py`` lists this module in ``_COMMAND_MODULES``)."""
    p = subparsers.add_parser(
        "behaviour",
        help="what a rule change does to play: how often players use each mechanic under two rulesets, with 95 %% CIs",
        epilog="The default bots (learned) train once per ruleset, which takes minutes; --bots heuristic is quick.",
    )
    p.add_argument("changed", nargs="?", default=None, help="the changed ruleset, a YAML file (or give --set)")
    p.add_argument(
        "--set",
        action="append",
        metavar="FIELD=VALUE",
        help="change a field of the changed ruleset (of the base when no file is given); repeat for more",
    )
    p.add_argument("--ruleset", help="the base ruleset, a YAML file (default: the game's defaults)")
    p.add_argument("--game", help="the game (default bourbonomics)")
    p.add_argument("--players", type=int, default=None, help="players (default 4, or the nearest the game allows)")
    p.add_argument(
        "--bots", default="learned", help="one bot spec, or one per player comma-separated (default learned)"
    )
    p.add_argument("--games", type=int, default=200, help="games a side (default 200)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--workers", type=int, default=None, help="local processes (default: one per CPU)")
    p.add_argument("--standard", action="store_true", help="Bourbonomics: every seat Standard (no board rotation)")
    p.add_argument(
        "--out", help="a folder for behaviour.html (words, chart and table; opens offline) and behaviour.csv"
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_behaviour)


register = add_parser
"""The name ``cli.py`` calls on each module of ``_COMMAND_MODULES``."""
