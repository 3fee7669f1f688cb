"""Does the search bot beat each game's heuristic? (issue 41's acceptance, figures for docs/design-findings.md)

For each game: a mixed table of one ``ismcts`` seat (the first-named bot) and heuristic seats, seats rotated
game by game, ``--games`` games. Printed per game: the search seat's win rate with its Wilson interval against
the fair share, and ``skill_expression`` (its win share above the fair share, shared wins split) with its
bootstrap interval, and the time taken. The table is named with every figure.

``python benchmarks/search_vs_heuristic.py [GAME ...] [--games 40] [--players 4] [--search ismcts:200]``
"""

from __future__ import annotations

import argparse
import time

import polars as pl

import bourbon_lab as bl
from bourbon_lab.design import measure
from bourbon_lab.sim.stats import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_", nargs="*", metavar="GAME", default=None)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--search", default="ismcts:200")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for game in args.games_ or bl.games():
        bots = [args.search] + [args.against] * (args.players - 1)
        start = time.perf_counter()
        res = bl.simulate(
            bl.default_rules(game),
            players=args.players,
            games=args.games,
            bots=bots,
            seed=args.seed,
            workers=args.workers,
            progress=False,
        )
        took = time.perf_counter() - start
        done = res.players.join(res.games.filter(pl.col("error").is_null()).select("game"), on="game")
        mine = done.filter(pl.col("player") == 0)
        wins, n = int(mine["won"].sum()), mine.height
        lo, hi = wilson(wins, n)
        skill = measure(res, ["skill_expression"], game=game).row(0, named=True)
        fair = 100 / args.players
        verdict = "above" if 100 * lo > fair else ("below" if 100 * hi < fair else "undecided")
        print(
            f"{game}: {args.search} + {args.players - 1} x {args.against}, {n} games ({took:.0f} s, "
            f"{len(res.failures)} failed): wins {wins} = {100 * wins / max(n, 1):.1f} % "
            f"[{100 * lo:.1f}, {100 * hi:.1f}] "
            f"against a fair {fair:.0f} % ({verdict}); skill_expression {skill['value']:+.1f} "
            f"[{skill['ci_low']:+.1f}, {skill['ci_high']:+.1f}] points",
            flush=True,
        )


if __name__ == "__main__":
    main()
