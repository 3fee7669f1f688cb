"""The Bourbonomics market and the book's targets at a skilled table (issue 41, figures for docs/design-findings.md).

Every seat plays the same bot: the default heuristic, then the search bot (``--search``), at 2, 4 and 6
players, ``--games`` games each on the same seeds. Printed per table: each metric of the book's targets file
(``bourbon_lab/games/bourbonomics/data/targets.yaml``) that one run can measure, with its 95 % interval and
the target's range, and whether it holds there (the whole interval in range), fails (wholly outside) or is
undecided. ``per_round:wipe`` rising with the player count is read off the three tables.

``python benchmarks/skilled_market.py [--games 20] [--search ismcts:50] [--players 2 4 6]``
"""

from __future__ import annotations

import argparse
import time

import bourbon_lab as bl
from bourbon_lab.design import measure
from bourbon_lab.design.metrics import Estimate
from bourbon_lab.design.targets import Targets, targets_file

METRICS = (
    "rounds",
    "upgrades_per_player",
    "prestige_share_winners",
    "most_orders_edge",
    "seat_spread",
    "share:sale_above_low/shared_sale",
    "share:sale_hot/shared_sale",
    "fires:wipe",
    "per_round:wipe",
)


def ranges() -> dict[str, object]:
    """Each metric's target in the book's file (the first one that names it)."""
    out: dict[str, object] = {}
    for t in Targets.load(targets_file("bourbonomics")).targets:
        out.setdefault(t.metric, t)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--search", default="ismcts:50")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 6])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rules, targets = bl.Ruleset.default(), ranges()
    for players in args.players:
        for bot in ("heuristic", args.search):
            start = time.perf_counter()
            res = bl.simulate(
                rules, players=players, games=args.games, bots=bot, seed=0, workers=args.workers, progress=False
            )
            took = time.perf_counter() - start
            print(f"{players} x {bot}: {res.games.height} games, {len(res.failures)} failed ({took:.0f} s)", flush=True)
            for r in measure(res, list(METRICS), game="bourbonomics").iter_rows(named=True):
                t = targets.get(r["metric"])
                status = ""
                if t is not None and not t.rising:
                    est = Estimate(r["value"], r["ci_low"], r["ci_high"], r["method"], r["n"])
                    status = f"target {t.range_text}: {t.status(est)}"
                print(
                    f"  {r['metric']:<36} {r['value']:8.2f} [{r['ci_low']:.2f}, {r['ci_high']:.2f}]  {status}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
