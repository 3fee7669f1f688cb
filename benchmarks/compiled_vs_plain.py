"""A game's heuristic games timed compiled (its mypyc build) and as plain Python, side by side.

Used by ``bench_distilled.py``, ``bench_gin_crafters.py`` and ``bench_microbrew.py`` (and runnable
alone: ``python benchmarks/compiled_vs_plain.py``). Each run is a fresh process, compiled and plain
runs alternate (so load on the shared machine hits both alike), the CPU time per game is the median
over the repeats, and the ratio comes from the same run. The games are the same seeds both ways.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

# The issues' table sizes (#17, #18, #19) and their aims, compiled, in games/s on one core.
AIMS = {"distilled": (4, 100.0), "gin_crafters": (4, 200.0), "microbrew": (2, 200.0)}

_RUN = """
import json, sys, time
import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.bots import make_bot

game, players, bot, games = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
rules = bl.default_rules(game)


def play(seed):
    g = bl.new_game(rules, players=players, seed=seed)
    bots = [make_bot(bot, seed=seed * 10 + s, game=game) for s in range(players)]
    while not g.is_over:
        d = g.decision
        # unchecked, as the simulator plays a bot's legal move (a checked apply first copies the table)
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()), check=False)
    return len(g.actions)


play(10_000)  # imports, content and caches warm before the clock starts
t = time.process_time()
decisions = sum(play(seed) for seed in range(games))
spent = time.process_time() - t
print(json.dumps({"s": spent / games, "decisions": decisions / games, "status": native.status(game)}))
"""


def _run(game: str, players: int, bot: str, games: int, pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "BOURBON_LAB_PURE"}
    if pure:
        env["BOURBON_LAB_PURE"] = "1"
    args = [sys.executable, "-c", _RUN, game, str(players), bot, str(games)]
    return json.loads(subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout)


def compare(game: str, players: int | None = None, bot: str = "heuristic", games: int = 10, repeats: int = 5) -> float:
    """Print one line: ms per game and games/s compiled and plain, the ratio and the aim; returns compiled games/s."""
    players = players or AIMS[game][0]
    runs: dict[bool, list[float]] = {False: [], True: []}
    status = ""
    for _ in range(repeats):
        for pure in (False, True):
            out = _run(game, players, bot, games, pure)
            runs[pure].append(out["s"])
            status = out["status"] if not pure else status
    compiled, plain = statistics.median(runs[False]), statistics.median(runs[True])
    aim = AIMS.get(game, (None, None))[1] if players == AIMS.get(game, (0,))[0] else None
    verdict = "" if aim is None else f"; aim {aim:.0f} games/s compiled: {'met' if 1 / compiled >= aim else 'missed'}"
    print(
        f"  {game} {players}p {bot}: compiled {1000 * compiled:.1f} ms ({1 / compiled:.1f} games/s), "
        f"plain {1000 * plain:.1f} ms ({1 / plain:.1f} games/s), {plain / compiled:.2f}x{verdict}"
    )
    print(f"    one core, CPU time, median of {repeats} alternating runs of {games} games; {game}: {status}")
    return 1 / compiled


if __name__ == "__main__":
    print("Compiled (bourbon-lab compile) vs plain Python, heuristic games at the issues' table sizes")
    for name in sys.argv[1:] or list(AIMS):
        compare(name)
