"""Tuning: search the knobs for a ruleset whose play meets the design targets (Optuna).

Why these choices:

- **Sampler: TPE** (Optuna's ``TPESampler``, seeded, multivariate). It models which knob values
  tend to give a good loss rather than fitting the noisy losses exactly, takes whole-number and
  real knobs alike, and is useful from a few dozen trials. CMA-ES needs many more trials and
  treats whole-number knobs poorly.
- **Racing: successive halving.** A trial plays its games in rungs (``games`` per rung); after each
  rung it reports its loss on all its games so far, and Optuna's ``SuccessiveHalvingPruner`` stops
  the trials that are behind, so most games go to the promising ones.
- **Common random numbers.** Rung ``r`` of every trial plays the same game seeds.
- **Every trial a validated ruleset.** A point that makes an invalid ruleset is recorded with its
  error and scored ``INVALID_LOSS``, so the sampler learns to avoid it.
- **Reproducible.** Trials run one after another (the games inside a trial use every core), so the
  same seed and budget give the same trials and the same best ruleset.

The before/after check plays fresh games (a seed no trial used), so the reported improvement is
not the tuning games' luck.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from ..core.errors import BourbonLabError, one_line
from ..core.registry import DEFAULT_GAME
from ..sim import game_seed, simulate
from .check import TargetReport, check_targets, compare_reports, run_targets, target_misses, targets_loss
from .knobs import Knob, apply_knobs, parse_knobs
from .metrics import point_only
from .runs import join_results, play_run
from .screening import require
from .targets import Targets, TargetsError, as_targets

INVALID_LOSS = 100.0
"""The loss of a trial whose knob values make an invalid ruleset."""


@dataclass
class TuneResult:
    """The best ruleset, every trial, the targets before and after (with intervals), and the settings."""

    best: object
    trials: pl.DataFrame
    before: TargetReport
    after: TargetReport
    importance: pl.DataFrame
    settings: dict = field(default_factory=dict)
    front: pl.DataFrame | None = None
    conflicts: pl.DataFrame | None = None

    def findings(self) -> str:
        """In words: the front's size, whether some trial meets every target, and the strongest conflicts."""
        if self.front is None:
            return "one weighted loss (objectives='loss'): no Pareto front"
        misses = [c for c in self.front.columns if c.startswith("miss:")]
        meets = self.front.filter(pl.sum_horizontal(misses) == 0)
        lines = [f"{self.front.height} trials on the Pareto front: {', '.join(map(str, self.front['trial']))}"]
        if meets.height:
            lines.append(f"trial {meets['trial'][0]} meets every target on its tuning games")
        else:
            best = self.front.row(0, named=True)
            missed = [f"{c.removeprefix('miss:')} by {best[c]:.2f}" for c in misses if best[c] > 0]
            lines.append(f"no trial meets every target; the best (trial {best['trial']}) misses " + ", ".join(missed))
        for r in (self.conflicts if self.conflicts is not None else pl.DataFrame()).head(3).iter_rows(named=True):
            if r["spearman"] < 0:
                lines.append(f"{r['target']} pulls against {r['against']} (Spearman {r['spearman']:+.2f})")
        return "\n".join(lines)

    @property
    def comparison(self) -> pl.DataFrame:
        """Targets before and after in one long table (``ruleset`` = before / after)."""
        return compare_reports({"before": self.before, "after": self.after})

    def charts(self) -> dict:
        """history, importance and before/after charts (Altair)."""
        from .charts import before_after_chart, history_chart, importance_chart, pareto_chart

        out = {
            "history": history_chart(self.trials),
            "importance": importance_chart(self.importance),
            "targets": before_after_chart(self.comparison),
        }
        if self.front is not None:
            out["pareto"] = pareto_chart(self.front, self.conflicts)
        return out

    def save(self, out: str | Path) -> Path:
        """Write ``tuned.yaml``, ``trials.csv`` and an offline ``report.html`` into ``out``."""
        from .report import tune_report

        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        self.best.dump(out / "tuned.yaml")
        self.trials.write_csv(out / "trials.csv")
        (out / "report.html").write_text(tune_report(self), encoding="utf-8")
        return out / "report.html"


def tune(
    rules,
    knobs,
    targets=None,
    budget: int = 30,
    seed: int = 0,
    games: int = 40,
    rungs: int = 3,
    final_games: int = 200,
    allow_book=(),
    workers=None,
    progress: bool | None = None,
    simulate_fn=simulate,
    objectives: str = "loss",
    executor=None,
) -> TuneResult:
    """Search ``knobs`` for the ruleset that best meets ``targets``.

    Parameters
    ----------
    rules : Ruleset
        Where the search starts (the trial 0 point) and what it compares against.
    knobs : str or list
        ``"name=low:high,..."`` (``design.knobs``); a book field only when named in ``allow_book``.
    targets : Targets, path or None
        The targets file (default: the shipped book targets of Bourbonomics).
    budget : int
        Trials.
    games : int
        Games per run per rung; a trial that survives every rung plays ``games * rungs`` per run.
    final_games : int
        Games per run for the before/after check, on seeds no trial used.
    objectives : "loss" or "pareto"
        ``"loss"``: one weighted loss (TPE with successive halving). ``"pareto"``: each target's distance
        is an objective of its own (Optuna's NSGA-II, every trial plays all its rungs); ``front`` holds
        the Pareto-optimal trials and ``conflicts`` which targets pull against which. The best is the
        front's trial with the smallest weighted loss.
    executor : dask.distributed.Client, optional
        Every trial's runs (and the before/after check) play on this cluster instead of ``workers``
        local processes; the trials are the same, so is the result.
    """
    optuna = require("optuna")
    t = as_targets(targets, getattr(rules, "game", DEFAULT_GAME))
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise TargetsError(f"budget: {budget!r} must be a whole number of trials, 1 or more")
    if objectives not in ("loss", "pareto"):
        raise TargetsError(f"objectives: {objectives!r} must be 'loss' (one weighted loss) or 'pareto'")
    pareto = objectives == "pareto"
    ks = parse_knobs(rules, knobs, allow_book)
    objective = _Objective(rules, ks, t, games, rungs, seed, workers, simulate_fn, pareto, executor)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # multivariate TPE is marked experimental
        if pareto:
            population = max(4, min(20, budget // 3))
            sampler = optuna.samplers.NSGAIISampler(seed=seed, population_size=population)
            study = optuna.create_study(directions=["minimize"] * len(target_columns(t)), sampler=sampler)
        else:
            sampler = optuna.samplers.TPESampler(seed=seed, multivariate=True, n_startup_trials=max(4, budget // 4))
            study = optuna.create_study(
                direction="minimize",
                sampler=sampler,
                pruner=optuna.pruners.SuccessiveHalvingPruner(min_resource=1, reduction_factor=3),
            )
    study.enqueue_trial(_start_point(rules, ks))
    _optimize(study, objective, budget, progress)
    trials = _trial_table(study, ks, games, t if pareto else None)
    front = pareto_front(trials, t) if pareto else None
    best_number = _best_trial(trials if front is None else front)
    best = apply_knobs(rules, ks, [objective.values[best_number][k.name] for k in ks])
    final_seed = game_seed(seed, 999_999)
    final = dict(workers=workers, progress=False, simulate_fn=simulate_fn, executor=executor)
    before = check_targets(run_targets(rules, t, final_games, final_seed, **final), t)
    after = check_targets(run_targets(best, t, final_games, final_seed, **final), t)
    settings = {
        "budget": budget,
        "seed": seed,
        "games": games,
        "rungs": rungs,
        "final_games": final_games,
        "final_seed": final_seed,
        "knobs": [k.name for k in ks],
        "targets": t.source,
        "best_trial": best_number,
        "objectives": objectives,
    }
    importance = _importance(optuna, study) if not pareto else _EMPTY_IMPORTANCE
    out = TuneResult(best, trials, before, after, importance, settings)
    if front is not None:
        out.front, out.conflicts = front, conflicts(trials, t)
    return out


def _start_point(rules, ks: list[Knob]) -> dict:
    """Trial 0 tries the starting ruleset's own values (clipped into the knobs' ranges)."""
    out = {}
    for k in ks:
        if k.scaling:
            out[k.name] = min(max(k.identity, k.lo), k.hi)
        else:
            v = getattr(rules, k.field)
            for i in k.path:
                v = v[i]
            v = min(max(v, k.lo), k.hi)
            out[k.name] = int(round(v)) if k.integer else float(v)
    return out


class _Objective:
    """One trial: suggest knob values, build the ruleset, play rung after rung, report the loss."""

    def __init__(
        self, rules, ks, targets: Targets, games, rungs, seed, workers, simulate_fn, pareto=False, executor=None
    ):
        self.rules, self.ks, self.targets, self.pareto = rules, ks, targets, pareto
        self.games, self.rungs, self.seed, self.workers, self.simulate_fn = games, rungs, seed, workers, simulate_fn
        self.executor = executor
        self.values: dict[int, dict] = {}

    def __call__(self, trial) -> float:
        import optuna

        values = {k.name: self._suggest(trial, k) for k in self.ks}
        self.values[trial.number] = values
        try:
            rules = apply_knobs(self.rules, self.ks, [values[k.name] for k in self.ks])
        except BourbonLabError as exc:
            trial.set_user_attr("error", one_line(exc))
            return (INVALID_LOSS,) * len(target_columns(self.targets)) if self.pareto else INVALID_LOSS
        played: dict[str, list] = {r.name: [] for r in self.targets.needed_runs()}
        loss = math.nan
        for rung in range(self.rungs):
            rung_seed = game_seed(self.seed, 1_000 + rung)
            for run in self.targets.needed_runs():
                played[run.name].append(
                    play_run(
                        rules, run, self.games, rung_seed, self.workers, False, self.simulate_fn, executor=self.executor
                    )
                )
            trial.set_user_attr("games", (rung + 1) * self.games)
            if self.pareto and rung < self.rungs - 1:
                continue  # a multi-objective study cannot prune: only the whole trial's games are scored
            joined = {n: join_results(parts) for n, parts in played.items()}
            if self.pareto:
                return _distances(joined, self.targets)
            loss = _loss(joined, self.targets)
            trial.report(loss, rung)
            if rung < self.rungs - 1 and trial.should_prune():
                trial.set_user_attr("pruned_loss", loss)
                raise optuna.TrialPruned()
        return loss

    @staticmethod
    def _suggest(trial, k: Knob):
        if k.integer:
            return trial.suggest_int(k.name, math.ceil(k.lo), math.floor(k.hi))
        return trial.suggest_float(k.name, k.lo, k.hi)


def _loss(results: dict, targets: Targets) -> float:
    with point_only():
        return targets_loss(results, targets)


def _distances(results: dict, targets: Targets) -> tuple[float, ...]:
    """Each objective's weighted miss (point estimates): a target's, or the sum over a group's targets."""
    with point_only():
        misses = target_misses(results, targets)
    return tuple(sum(misses[i] for i in members) for members in _objectives(targets).values())


def _objectives(targets: Targets) -> dict[str, list[int]]:
    """The Pareto mode's objectives in file order, each with the targets it sums.

    ``miss:<metric>`` (``@run`` when needed) per target, one ``miss:<group>`` for a group's targets
    (``fires:*``: dozens of floors are one objective, so NSGA-II still has a front to find).
    """
    out: dict[str, list[int]] = {}
    for i, t in enumerate(targets.targets):
        name = f"miss:{t.group or t.metric}"
        if not t.group and name in out:
            name = f"{name}@{'→'.join(t.runs)}"
        out.setdefault(name, []).append(i)
    return out


def target_columns(targets: Targets) -> list[str]:
    """The trials table's column per objective in the Pareto mode (``_objectives``)."""
    return list(_objectives(targets))


def pareto_front(trials: pl.DataFrame, targets: Targets) -> pl.DataFrame:
    """The complete trials no other complete trial beats on every target (ties kept), by weighted loss."""
    cols = target_columns(targets)
    done = trials.filter(pl.col("state") == "complete")
    rows = done.select(cols).to_numpy()
    keep = [
        i
        for i in range(len(rows))
        if not any((rows[j] <= rows[i]).all() and (rows[j] < rows[i]).any() for j in range(len(rows)) if j != i)
    ]
    return done[keep].sort("loss", "trial")


def conflicts(trials: pl.DataFrame, targets: Targets) -> pl.DataFrame:
    """Which targets pull against which: Spearman correlation of their misses over the complete trials.

    A negative correlation means trials that come closer to one target go further from the other. Pairs
    where either target is met by every trial are left out (nothing to trade).
    """
    from scipy.stats import spearmanr

    cols = target_columns(targets)
    done = trials.filter(pl.col("state") == "complete")
    rows = []
    for i, a in enumerate(cols):
        for b in cols[i + 1 :]:
            x, y = done[a].to_numpy(), done[b].to_numpy()
            if len(x) < 3 or x.std() == 0 or y.std() == 0:
                continue
            rho = float(spearmanr(x, y).statistic)
            rows.append({"target": a.removeprefix("miss:"), "against": b.removeprefix("miss:"), "spearman": rho})
    schema = {"target": pl.Utf8, "against": pl.Utf8, "spearman": pl.Float64}
    return pl.DataFrame(rows, schema=schema).sort("spearman")


_EMPTY_IMPORTANCE = pl.DataFrame(schema={"knob": pl.Utf8, "importance": pl.Float64})


def _optimize(study, objective, budget: int, progress) -> None:
    from tqdm.auto import tqdm

    bar = tqdm(total=budget, desc="tuning", unit="trial", disable=progress is False, leave=False)
    try:
        for _ in range(budget):
            study.optimize(objective, n_trials=1, catch=())
            best = [sum(t.values) for t in study.trials if t.values is not None and t.state.name == "COMPLETE"]
            bar.set_postfix(best=f"{min(best):.3f}" if best else "-")
            bar.update(1)
    finally:
        bar.close()


def _trial_table(study, ks: list[Knob], games: int, targets: Targets | None = None) -> pl.DataFrame:
    rows = []
    for t in study.trials:
        state = "invalid" if "error" in t.user_attrs else t.state.name.lower()
        if targets is not None:
            values = list(t.values) if t.values is not None else [math.nan] * len(target_columns(targets))
            loss = sum(values)
        else:
            loss = t.value if t.value is not None else t.user_attrs.get("pruned_loss", math.nan)
        row = {"trial": t.number, "state": state, "loss": float(loss), "games": int(t.user_attrs.get("games", 0))}
        if targets is not None:
            row.update({c: float(v) for c, v in zip(target_columns(targets), values)})
        row.update({k.name: float(t.params.get(k.name, math.nan)) for k in ks})
        row["error"] = t.user_attrs.get("error", "")
        rows.append(row)
    return pl.DataFrame(rows)


def _best_trial(trials: pl.DataFrame) -> int:
    full = trials.filter(pl.col("state") == "complete").sort("loss", "trial")
    if full.is_empty():
        raise TargetsError(
            "tune: no trial finished every rung with a valid ruleset; widen the knobs or raise the budget"
        )
    return int(full["trial"][0])


def _importance(optuna, study) -> pl.DataFrame:
    """PED-ANOVA importance of each knob for the loss (empty when too few full trials differ).

    Optuna's PED-ANOVA needs no scikit-learn, unlike its default fANOVA.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            evaluator = optuna.importance.PedAnovaImportanceEvaluator()
            imp = optuna.importance.get_param_importances(study, evaluator=evaluator)
    except (ValueError, RuntimeError, ImportError):
        imp = {}
    return pl.DataFrame(
        {"knob": list(imp), "importance": [float(v) for v in imp.values()]},
        schema={"knob": pl.Utf8, "importance": pl.Float64},
    )
