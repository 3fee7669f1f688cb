"""Distilled's speed and the issue's acceptance check, printed, never asserted.

Speed: CPU ms per 4-player heuristic game and games/s on one core (this process; the median of
``--repeats`` runs of ``--games`` games each), then compiled and plain side by side. Acceptance
(``--acceptance``): 200 four-player
heuristic games through ``bl.simulate``; every one must end after exactly 7 rounds, and
``score_parts`` must show every endgame source the book lists. Calibration (``--calibrate``): the
design targets of ``data/targets.yaml`` on both flights, 400 games a run, with 95 % intervals.

    .venv/bin/python benchmarks/bench_distilled.py
    .venv/bin/python benchmarks/bench_distilled.py --acceptance
    .venv/bin/python benchmarks/bench_distilled.py --calibrate
"""

from __future__ import annotations

import argparse
import statistics
import time

import polars as pl

import bourbon_lab as bl
from bourbon_lab.bots import make_bot

ENDGAME = ("warehouse", "bottles", "upgrades", "goals", "money")


def one_game(rules, players: int, seed: int, bot: str) -> int:
    g = bl.new_game(rules, players=players, seed=seed)
    bots = [make_bot(bot, seed=seed * 31 + i, game="distilled") for i in range(players)]
    while not g.is_over:
        d = g.decision
        # unchecked, as the simulator plays a bot's legal move (a checked apply first copies the table)
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()), check=False)
    return len(g.actions)


def speed(games: int, repeats: int, players: int, bot: str) -> None:
    rules = bl.default_rules("distilled")
    one_game(rules, players, 0, bot)  # warm the content and imports
    runs = []
    for r in range(repeats):
        t = time.process_time()  # CPU time of this process: other work on the machine does not count
        decisions = sum(one_game(rules, players, 1000 * r + i, bot) for i in range(games))
        runs.append((time.process_time() - t) / games)
    ms = statistics.median(runs) * 1000
    how = bl.native.status("distilled")
    print(f"distilled {players}p {bot}: {ms:.1f} ms per game, {1000 / ms:.1f} games/s on one core ({how}), "
          f"median of {repeats} x {games} games, {decisions / games:.0f} decisions a game")  # fmt: skip
    from compiled_vs_plain import compare  # the table, compiled and plain side by side

    compare("distilled", players, bot, repeats=repeats)


def acceptance(games: int) -> None:
    t = time.perf_counter()
    res = bl.simulate(bl.default_rules("distilled"), games=games, players=4, bots="heuristic", seed=17, workers=1,
                      progress=False)  # fmt: skip
    rounds = res.games["rounds"].value_counts().sort("rounds")
    totals = dict(res.score_parts.group_by("source").agg(pl.col("points").sum()).iter_rows())
    seven = (res.games["rounds"] == 7).all()
    shown = {s: totals.get(s, 0) for s in ENDGAME}
    print(f"{games} four-player heuristic games in {time.perf_counter() - t:.1f} s, {len(res.failures)} failures")
    print(f"rounds per game: {dict(rounds.iter_rows())}; every game exactly 7 rounds: {bool(seven)}")
    print(f"endgame SP by source (all games): {shown}; every source shown: {all(v > 0 for v in shown.values())}")
    print(f"SP by source, mean per player: { {k: round(v / (4 * games), 2) for k, v in sorted(totals.items())} }")
    print(f"fallback distillations: {res.games['fallbacks'].sum()} of {res.games['distillations'].sum()}")


def calibrate(games: int, seed: int) -> None:
    """Distilled's design targets (``data/targets.yaml``) checked on both flights, with 95 % intervals.

    Each flight plays the targets' runs (every chair the ager; ager, seller, ager, seller), ``games``
    four-player games each, in one process. The before/after table is in
    ``docs/games/distilled-rules-decisions.md`` (Calibration).
    """
    from bourbon_lab.design import check_targets, run_targets
    from bourbon_lab.games.distilled.metrics import TARGETS

    for flight in ("A", "B"):
        t = time.perf_counter()
        rules = bl.default_rules("distilled").replace(flight=flight)
        report = check_targets(run_targets(rules, TARGETS, games=games, seed=seed, workers=1), TARGETS)
        took = time.perf_counter() - t
        held = f"{report.held} of {report.table.height} targets hold"
        print(f"flight {flight}: {held} ({games} games a run, {took:.0f} s)")
        print(report)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=None, help="games a run (speed: 20, calibration: 400)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--acceptance", action="store_true", help="run the issue's 200-game acceptance check")
    ap.add_argument("--calibrate", action="store_true", help="check Distilled's design targets on both flights")
    ap.add_argument("--seed", type=int, default=17, help="the calibration run's seed")
    args = ap.parse_args()
    if args.acceptance:
        acceptance(200)
    elif args.calibrate:
        calibrate(args.games or 400, args.seed)
    else:
        speed(args.games or 20, args.repeats, args.players, args.bot)


if __name__ == "__main__":
    main()
