"""The learned bot (issue 51): its training time, its game time, and how it fares against each game's heuristic.

Three parts, each printed with the figures it rests on (``--parts train,speed,versus``):

- **train**: ``bl.train``-equivalent (``bourbon_lab.bots.learned.train``) at the default budget for each
  game and table, timed (wall and CPU, the workers' CPU summed), with what each round learned;
- **speed**: one four-player game of four ``learned`` bots at their default budget (with the margin they
  learned, and with ``margin=0``: the lookahead at every move, the slowest they can be), of four
  ``ismcts:50`` and of four heuristics, on one core in this process, wall and CPU time each, the same seed;
- **versus**: ``learned`` against the heuristic at ``--players`` (one learned seat, seats rotated game by
  game), ``--games`` games: wins with a Wilson 95 % interval against the fair share, and the wins of a
  heuristic in its place on the same games (the same deals are not equally kind to every seat: with seed 0,
  Bourbonomics' first player wins 63 of 100 two-player games of heuristics).

``python benchmarks/bench_learned.py [GAME ...] [--parts train,speed,versus] [--players 2] [--games 100]``
Models are kept in the usual folder (``$BOURBON_LAB_MODELS`` or the user's cache): a second run reuses them.

Measured on 2026-12-07 (the defaults: rounds=3, games=48, warmup=200, depth=20, steps=100; two cores shared
with five other engineers' jobs, load average 2 to 9, so wall times are inflated up to threefold: read the CPU
times, the workers' summed; the games compiled with mypyc for the speed part, each game's build current):

train (``--parts train``, two workers; CPU = the games' CPU in every worker plus this process's fits):

| game | 2 players: wall, CPU, margin learned | 4 players: wall, CPU, margin learned |
| --- | --- | --- |
| Bourbonomics | 56 s, 87 s, inf (1 world, depth 20) | 304 s, 227 s, inf (1 world, depth 4) |
| Distilled | 66 s, 130 s, inf (2 worlds) | 71 s, 139 s, inf (1 world) |
| Gin Crafters | 71 s, 129 s, 0.15 (8 worlds) | 99 s, 192 s, 0.05 (6 worlds) |
| Microbrew | 48 s, 93 s, 0.15 (5 worlds) | 67 s, 130 s, 0.05 (3 worlds) |

speed (``--parts speed``, one four-player game, seed 0, one core, CPU seconds; ``margin=0`` is the slowest the
bot can be, a lookahead at every move):

| game | 4 x learned (its margin) | 4 x learned:margin=0 | 4 x ismcts:50 | 4 x heuristic |
| --- | --- | --- | --- | --- |
| Bourbonomics | 0.05 | 2.23 (1,280 decisions) | 47.1 | 0.01 |
| Distilled | 0.05 | 1.70 | 12.2 | 0.01 |
| Gin Crafters | 2.86 | 3.79 | 5.10 | 0.01 |
| Microbrew | 1.94 | 2.39 | 7.41 | 0.01 |

versus (``--parts versus --games 100``, seed 0, one learned seat, seats rotated; "mirror": a heuristic in the
learned seat on the same games, the deals' own bias):

| game | 2 players: wins [95 %], mirror | 4 players: wins [95 %], mirror |
| --- | --- | --- |
| Bourbonomics | 63 % [53.2, 71.8] (margin inf: it is the heuristic), 63 | 23 % [15.8, 32.2] (margin inf), 23 |
| Distilled | 53 % [43.3, 62.5] (margin inf), 48 | 22 % [15.0, 31.1] (margin inf), 25 |
| Gin Crafters | 48 % [38.5, 57.7], undecided, 43 | 38 % [29.1, 47.8], above its 25 %, 25 |
| Microbrew | 79 % [70.0, 85.8], above its 50 %, 51 | 61 % [51.2, 70.0], above its 25 %, 34 |
"""

from __future__ import annotations

import argparse
import time

import polars as pl

import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.bots import learned
from bourbon_lab.sim.stats import wilson


def train_part(game: str, players: int, workers: int) -> None:
    rules = bl.default_rules(game)
    start, cpu = time.perf_counter(), time.process_time()
    model = learned.train(rules, players, workers=workers, progress=False)
    took, here = time.perf_counter() - start, time.process_time() - cpu
    rounds = [h for h in model.history if "cpu_seconds" in h]
    games_cpu = sum(h["cpu_seconds"] for h in rounds)
    print(
        f"train {game} at {players}: {took:.0f} s wall, {games_cpu + here:.0f} s CPU "
        f"({games_cpu:.0f} in games, {here:.0f} here; 0 s if the model was kept); margin {model.margin}",
        flush=True,
    )
    for h in model.history:
        print(f"  {h}", flush=True)


def speed_part(game: str, seed: int) -> None:
    rules = bl.default_rules(game)
    learned.train(rules, 4, progress=False)  # the model first: the game time is the play alone
    for bots in ("learned", "learned:margin=0", "ismcts:50", "heuristic"):
        start, cpu = time.perf_counter(), time.process_time()
        res = bl.simulate(rules, players=4, games=1, bots=bots, seed=seed, workers=1, progress=False)
        took, used = time.perf_counter() - start, time.process_time() - cpu
        decisions = res.games["decisions"][0]
        print(
            f"speed {game}, 4 x {bots}: {took:.2f} s wall, {used:.2f} s CPU, {decisions} decisions "
            f"({native.status(game)})",
            flush=True,
        )


def versus_part(game: str, players: int, games: int, workers: int, seed: int) -> None:
    rules = bl.default_rules(game)
    model = learned.train(rules, players, workers=workers, progress=False)
    start = time.perf_counter()
    wins, n, failed = _wins(rules, "learned", players, games, workers, seed)
    took = time.perf_counter() - start
    mirror, _, _ = _wins(rules, "heuristic", players, games, workers, seed)
    lo, hi = wilson(wins, n)
    fair = 100 / players
    verdict = "above" if 100 * lo > fair else ("below" if 100 * hi < fair else "undecided")
    print(
        f"versus {game} at {players}: learned (margin {model.margin}, {model.worlds} worlds, depth {model.depth}) "
        f"+ {players - 1} x heuristic, {n} games, seats rotated, seed {seed} ({took:.0f} s, {failed} failed): "
        f"wins {wins} = {100 * wins / max(n, 1):.1f} % [{100 * lo:.1f}, {100 * hi:.1f}] against a fair {fair:.0f} % "
        f"({verdict}); a heuristic in its place on the same games won {mirror}",
        flush=True,
    )


def _wins(rules, bot: str, players: int, games: int, workers: int, seed: int) -> tuple[int, int, int]:
    """Player 0's wins (``bot``, the rest heuristics), games finished, games failed."""
    res = bl.simulate(
        rules,
        players=players,
        games=games,
        bots=[bot] + ["heuristic"] * (players - 1),
        seed=seed,
        workers=workers,
        progress=False,
    )
    done = res.players.join(res.games.filter(pl.col("error").is_null()).select("game"), on="game")
    mine = done.filter(pl.col("player") == 0)
    return int(mine["won"].sum()), mine.height, len(res.failures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME", default=None)
    parser.add_argument("--parts", default="train,speed,versus")
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    parts = args.parts.split(",")
    for game in args.names or ["bourbonomics", "distilled", "gin_crafters", "microbrew"]:
        for players in args.players:
            if "train" in parts:
                train_part(game, players, args.workers)
        if "speed" in parts:
            speed_part(game, args.seed)
        for players in args.players:
            if "versus" in parts:
                versus_part(game, players, args.games, args.workers, args.seed)


if __name__ == "__main__":
    main()
