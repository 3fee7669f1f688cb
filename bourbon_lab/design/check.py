"""Play a targets file's runs and check every target against them, with intervals."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import polars as pl

from ..core.registry import DEFAULT_GAME
from ..sim import SimResult, simulate
from ..sim.progress import progress_bar
from .levels import table_of
from .metrics import get_metric
from .runs import Run, join_results, play_run, run_games  # noqa: F401  (design.runs since issue 52; read here as before)
from .targets import Targets, TargetsError, as_targets

STATUS_ORDER = ("holds", "undecided", "fails", "not measured")


@dataclass
class TargetReport:
    """The verdict on every target: a table (one row per target), the tables of bots that played it, a chart."""

    table: pl.DataFrame
    played_by: dict[str, str] = field(default_factory=dict)
    """Each run's table of bots, as its stamp names them: a verdict is only as good as the bots behind it."""

    @property
    def held(self) -> int:
        return int((self.table["status"] == "holds").sum())

    def chart(self, title: str | None = None):
        """Each target's range as a band and the estimate with its 95 % interval (``design.charts``).

        A group's targets that hold (the floors under every mechanic) are left out; those that do not are drawn.
        """
        from .charts import targets_chart

        return targets_chart(self.shown(), title_text=title)

    def shown(self) -> pl.DataFrame:
        """The rows worth a line or a strip: every target but a group's that hold."""
        return self.table.filter((pl.col("group") == "") | (pl.col("status") != "holds"))

    def loss(self) -> float:
        """Weighted distance of the estimates from their ranges (0 when every estimate is inside)."""
        return float((self.table["weight"] * self.table["distance"]).sum())

    def _repr_html_(self) -> str:
        return self.table.drop("quote", "why")._repr_html_()

    def __str__(self) -> str:
        lines = [f"  played by {run}: {bots}" for run, bots in self.played_by.items()]
        several = self.table["run"].n_unique() > 1
        for r in self.shown().iter_rows(named=True):
            ci = "" if r["ci_low"] != r["ci_low"] else f" [{r['ci_low']:.1f}, {r['ci_high']:.1f}]"
            run = f", run {r['run']}" if several else ""
            lines.append(
                f"  {r['status']:<12} {r['metric']:<24} {r['value']:8.2f}{ci:<18} target {r['range']} "
                f"({r['source']}{run})"
            )
        groups = self.table.filter(pl.col("group") != "").group_by("group", maintain_order=True)
        for (name,), rows in groups:
            held = int((rows["status"] == "holds").sum())
            lines.append(f"  {'':<12} {name}: {held} of {rows.height} hold, each {rows['range'][0]} (the others above)")
        return "\n".join(lines)


def compare_reports(reports: dict[str, TargetReport]) -> pl.DataFrame:
    """Several rulesets' verdicts in one long table (``ruleset`` = each name), for ``before_after_chart``."""
    cols = ["metric", "unit", "range", "lo", "hi", "source", "value", "ci_low", "ci_high", "status", "group"]
    return pl.concat([r.table.select(cols).with_columns(pl.lit(name).alias("ruleset")) for name, r in reports.items()])


def run_targets(
    rules,
    targets=None,
    games: int = 100,
    seed: int = 0,
    workers=None,
    progress=None,
    simulate_fn=simulate,
    table=None,
    executor=None,
) -> dict[str, SimResult]:
    """Play every run the targets read (``games`` each, same ``seed``): a result per run name.

    Without ``targets``, the rules' game's own targets file. ``table`` (a bot name for every seat, or a
    list one a seat) replaces every run's bots: the same targets at another skill level. ``progress``:
    one bar over every run's games, with the time left (False: none; see ``simulate``). ``executor``: a
    ``dask.distributed.Client`` every run plays on instead of ``workers`` local processes (the same tables).
    """
    t = as_targets(targets, getattr(rules, "game", DEFAULT_GAME))
    game = getattr(rules, "game", t.game)
    if game != t.game:
        raise TargetsError(f"{t.source}: targets for {t.game}, but the ruleset is {game}'s")
    runs = t.needed_runs()
    if table is not None:
        try:
            runs = [replace(r, bots=tuple(table_of(table, r.players))) for r in runs]
        except ValueError as exc:
            raise TargetsError(f"table: {exc}") from None
    total = sum(run_games(r, games) for r in runs) if isinstance(games, int) and games > 0 else 0
    with progress_bar(total, progress, desc="targets", delay=0):
        return {
            r.name: play_run(rules, r, games, seed, workers, progress, simulate_fn, executor=executor) for r in runs
        }


def check_targets(
    result,
    targets=None,
    *,
    table=None,
    games: int = 100,
    seed: int = 0,
    workers=None,
    progress=None,
    executor=None,
) -> TargetReport:
    """Which targets hold on ``result`` (a ``SimResult`` every target reads, or a dict of them by run name).

    ``result`` may be a ruleset instead: its runs are played first (``run_targets``: ``games`` each,
    ``seed``, at ``table`` when given, the targets' own bots otherwise; one ``progress`` bar over them; on
    ``executor``, a ``dask.distributed.Client``, when given, else on ``workers`` local processes).
    A target holds when its metric's whole 95 % interval lies inside the range, fails when the whole
    interval lies outside, and is undecided otherwise (see ``design.targets``). Without ``targets``, the
    game's own targets file.
    """
    if not isinstance(result, (SimResult, dict)):
        result = run_targets(result, targets, games, seed, workers, progress, table=table, executor=executor)
    one = next(iter(result.values())) if isinstance(result, dict) and result else result
    t = as_targets(targets, getattr(one, "stamp", {}).get("game") or DEFAULT_GAME)
    rows = []
    for target in t.targets:
        missing = [r for r in target.runs if isinstance(result, dict) and r not in result]
        if missing:
            raise TargetsError(f"{target.metric}: no result for run {missing[0]!r}; give one (run_targets plays them)")
        est = target.estimate(result, t.game)
        rows.append(
            {
                "metric": target.metric,
                "run": " → ".join(target.runs),
                "value": est.value,
                "ci_low": est.lo,
                "ci_high": est.hi,
                "range": target.range_text,
                "lo": target.lo,
                "hi": target.hi,
                "status": target.status(est),
                "weight": target.weight,
                "distance": target.distance(est.value),
                "source": target.source,
                "method": est.method,
                "unit": get_metric(target.metric, t.game).unit,
                "quote": target.quote,
                "why": target.why,
                "group": target.group,
            }
        )
    return TargetReport(pl.DataFrame(rows, schema=_SCHEMA), _played_by(result))


def _played_by(result) -> dict[str, str]:
    """Each run's bots, named as its stamp names them (``4 x heuristic``, or one a seat)."""
    runs = result if isinstance(result, dict) else {"": result}
    out = {}
    for name, r in runs.items():
        bots = r.stamp.get("bots")
        players = r.stamp.get("players")
        if bots is None:
            continue
        seated = [bots] * int(players or 1) if isinstance(bots, str) else list(bots)
        text = f"{len(seated)} x {seated[0]}" if len(set(seated)) == 1 else ", ".join(seated)
        out[name or "the run"] = text
    return out


_SCHEMA = {
    "metric": pl.Utf8,
    "run": pl.Utf8,
    "value": pl.Float64,
    "ci_low": pl.Float64,
    "ci_high": pl.Float64,
    "range": pl.Utf8,
    "lo": pl.Float64,
    "hi": pl.Float64,
    "status": pl.Utf8,
    "weight": pl.Float64,
    "distance": pl.Float64,
    "source": pl.Utf8,
    "method": pl.Utf8,
    "unit": pl.Utf8,
    "quote": pl.Utf8,
    "why": pl.Utf8,
    "group": pl.Utf8,
}


def target_misses(results: dict[str, SimResult], targets: Targets) -> tuple[float, ...]:
    """Each target's weighted distance of its metric's estimate from its range (0 when inside)."""
    return tuple(t.weight * t.distance(t.estimate(results, targets.game).value) for t in targets.targets)


def targets_loss(results: dict[str, SimResult], targets: Targets) -> float:
    """The tuning objective: weighted distance of each metric's point estimate from its range."""
    return sum(target_misses(results, targets))
