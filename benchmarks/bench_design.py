"""Design-tool speed: a Morris sensitivity run, a tuning run and a Pareto tune on Bourbonomics, and
mechanic coverage for every game, printed with games/s.

Printed, never asserted. The issues' sizes are the defaults: Morris over 8 knobs with 10
trajectories and 100 four-player heuristic games a point (90 points), a 60-trial tuning run
against the book targets, a 60-trial multi-objective (NSGA-II) tune (issue 29), and
``bourbon-lab coverage`` at 200 games for each game. ``--out DIR`` keeps the reports.

    .venv/bin/python benchmarks/bench_design.py --out results/design
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.sim import simulate

KNOBS = (
    "scale:gated_prestige=1:7,"
    "scale:open_prestige=0.5:2,"
    "scale:value_curve=0.5:3,"
    "scale:younger_values=0.4:1,"
    "scale:common_odds=0.5:1,"
    "mid_zone_from=2:5,"
    "private_card_slots=1:4,"
    "pile_size=20:80"
)
"""Eight of our numbers (none the book's), each knob keeping the quality ladder in order (a single prime value
could cross its neighbours, which the ruleset refuses): Prestige of gated and open orders, the sale-value curve,
younger values, Common's odds, the Mid zone, private slots, pile size."""

METRICS = [
    "rounds",
    "upgrades_per_player",
    "prestige_share",
    "prestige_share_winners",
    "orders_per_player",
    "winner_margin",
]


class Counted:
    """``simulate`` that counts the games it plays."""

    def __init__(self):
        self.games = 0

    def __call__(self, rules, **kw):
        self.games += kw["games"]
        return simulate(rules, **kw)


def run_sensitivity(args) -> None:
    count = Counted()
    started = time.perf_counter()
    res = bl.sensitivity(
        bl.Ruleset.default(),
        KNOBS,
        METRICS,
        games=args.games,
        trajectories=args.trajectories,
        seed=args.seed,
        simulate_fn=count,
    )
    spent = time.perf_counter() - started
    print(
        f"sensitivity: Morris, 8 knobs, {args.trajectories} trajectories ({res.settings['points']} points), "
        f"{args.games} games a point: {spent / 60:.1f} min, {count.games} games, {count.games / spent:.1f} games/s"
    )
    for metric in METRICS:
        print(f"  {metric}: driven by {', '.join(res.drivers(metric, 3))}")
    if args.out:
        from bourbon_lab.design.report import sensitivity_report

        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        res.table.write_csv(out / "sensitivity.csv")
        res.samples.write_csv(out / "sensitivity-samples.csv")
        (out / "sensitivity.html").write_text(sensitivity_report(res), encoding="utf-8")


def _timed_tune(args, knobs: str, **kw):
    """``bl.tune`` on the defaults at the arguments' sizes: the result, seconds spent and games played."""
    count = Counted()
    started = time.perf_counter()
    res = bl.tune(
        bl.Ruleset.default(),
        knobs,
        budget=args.budget,
        games=args.tune_games,
        seed=args.seed,
        final_games=args.final_games,
        simulate_fn=count,
        **kw,
    )
    return res, time.perf_counter() - started, count.games


def run_tuning(args) -> None:
    res, spent, games = _timed_tune(args, KNOBS)
    pruned = int((res.trials["state"] == "pruned").sum())
    print(
        f"tuning: {args.budget} trials ({pruned} pruned), {args.tune_games} games per run per rung: "
        f"{spent / 60:.1f} min, {games} games, {games / spent:.1f} games/s"
    )
    print("  before:")
    print(res.before)
    print("  after:")
    print(res.after)
    print(
        "  tuned:",
        {
            k: v
            for k, v in res.trials.filter(res.trials["trial"] == res.settings["best_trial"]).row(0, named=True).items()
            if k not in ("error",)
        },
    )
    if args.out:
        res.save(Path(args.out) / "tuning")


def run_pareto(args) -> None:
    """Issue 29: a 60-trial multi-objective tune on 2 cores, in minutes."""
    res, spent, games = _timed_tune(args, PARETO_KNOBS, rungs=2, objectives="pareto")
    print(
        f"pareto tune: {args.budget} trials, {args.tune_games} games per run per rung, 2 rungs, "
        f"{len(res.front)} on the front: {spent / 60:.1f} min, {games} games, {games / spent:.1f} games/s"
    )
    print(res.findings())
    if args.out:
        res.save(Path(args.out) / "pareto")


PARETO_KNOBS = "mid_zone_from=2:5,scale:gated_age=0:3,scale:gated_prestige=0.6:1.6,scale:common_odds=0.7:1.3"
"""Four of our numbers that move the market (issue 29)."""


def run_coverage(args) -> None:
    """Issue 29: ``bourbon-lab coverage`` for each game at 200 games (its default players and bots)."""
    from bourbon_lab.cli import main as cli

    for game in bl.games():
        started = time.perf_counter()
        argv = ["coverage", "--game", game, "--games", str(args.coverage_games), "--quiet"]
        if args.out:
            argv += ["--out", str(Path(args.out) / f"coverage-{game}")]
        cli(argv)
        spent = time.perf_counter() - started
        print(
            f"coverage {game}: {args.coverage_games} games in {spent:.1f} s, {args.coverage_games / spent:.1f} games/s"
        )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--trajectories", type=int, default=10)
    p.add_argument("--games", type=int, default=100, help="games a sensitivity point")
    p.add_argument("--budget", type=int, default=60, help="tuning trials")
    p.add_argument("--tune-games", type=int, default=40, help="games per run per rung in tuning")
    p.add_argument("--final-games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--coverage-games", type=int, default=200)
    p.add_argument("--only", choices=("sensitivity", "tuning", "pareto", "coverage"))
    p.add_argument("--out")
    args = p.parse_args()
    print(f"{native.status()}; {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}")
    steps = {"sensitivity": run_sensitivity, "tuning": run_tuning, "pareto": run_pareto, "coverage": run_coverage}
    for name, step in steps.items():
        if args.only in (None, name):
            step(args)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
