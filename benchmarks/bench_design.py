"""Design-tool speed: a Morris sensitivity run and a tuning run on Bourbonomics, printed with games/s.

Printed, never asserted. The issue's sizes are the defaults: Morris over 8 knobs with 10
trajectories and 100 four-player heuristic games a point (90 points), and a 60-trial tuning run
against the book targets. ``--out DIR`` keeps both reports (the findings come from them).

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


def run_tuning(args) -> None:
    count = Counted()
    started = time.perf_counter()
    res = bl.tune(
        bl.Ruleset.default(),
        KNOBS,
        budget=args.budget,
        games=args.tune_games,
        seed=args.seed,
        final_games=args.final_games,
        simulate_fn=count,
    )
    spent = time.perf_counter() - started
    pruned = int((res.trials["state"] == "pruned").sum())
    print(
        f"tuning: {args.budget} trials ({pruned} pruned), {args.tune_games} games per run per rung: "
        f"{spent / 60:.1f} min, {count.games} games, {count.games / spent:.1f} games/s"
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


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--trajectories", type=int, default=10)
    p.add_argument("--games", type=int, default=100, help="games a sensitivity point")
    p.add_argument("--budget", type=int, default=60, help="tuning trials")
    p.add_argument("--tune-games", type=int, default=40, help="games per run per rung in tuning")
    p.add_argument("--final-games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--only", choices=("sensitivity", "tuning"))
    p.add_argument("--out")
    args = p.parse_args()
    print(f"{native.status()}; {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}")
    if args.only != "tuning":
        run_sensitivity(args)
    if args.only != "sensitivity":
        run_tuning(args)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
