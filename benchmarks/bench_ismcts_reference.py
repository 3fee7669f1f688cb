"""Our IS-MCTS against the reference, OpenSpiel's ``ISMCTSBot``, on Tip Jar (issue 41).

Tip Jar (``tests/toygame.py``) is a small game with hidden hands and a simultaneous bid. Both bots get
the same budget of iterations and random rollouts to the end; OpenSpiel's plays through our adapter
(``bourbon_lab.rl.openspiel``, ``reward="score"``: the ``win`` reward pays a shared win in full) with
``ops.resample`` as its re-deal, ours through the protocol. Seats alternate game by game. Printed: our
win share against theirs (a shared win counts half), and each against random play, with Wilson intervals.
The test (``tests/test_ismcts.py``) checks the two agree where one move wins at once.

``python benchmarks/bench_ismcts_reference.py [--games 40] [--iterations 30]``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import numpy as np  # noqa: E402
import toygame  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from bourbon_lab.bots import make_bot  # noqa: E402
from bourbon_lab.rl import openspiel as ops  # noqa: E402
from bourbon_lab.sim.stats import wilson  # noqa: E402


def reference_bot(game, iterations: int, seed: int):
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=iterations, random_state=rng
    )
    draws = iter(range(10**9))
    bot.set_resampler(lambda s, p: ops.resample(s, p, seed=seed * 10**6 + next(draws)))
    return bot


def play(seed: int, seats: dict[int, str], iterations: int) -> list[float]:
    """One game; ``seats`` maps each seat to ours, reference or random. Each seat's share of the win."""
    game = ops.load("tipjar", players=2, reward="score")
    state = game.deal(seed)
    rng = random.Random(seed)
    bots = {}
    for seat, kind in seats.items():
        if kind == "ours":
            bots[seat] = make_bot(f"ismcts:iterations={iterations},rollout=random,depth=500", seed=seed, game="tipjar")
        elif kind == "reference":
            bots[seat] = reference_bot(game, iterations, seed)
    while not state.is_terminal():
        p = state.current_player()
        kind = seats[p]
        if kind == "reference":
            action = bots[p].step(state)
        else:
            lab = state.lab_state
            legal = lab.legal_actions()
            text = str(bots[p].choose(lab.observe(p), legal) if kind == "ours" else rng.choice(legal))
            action = next(k for k, v in state.held.legal().items() if str(v) == text)
        state.apply_action(action)
    won = [r.won for r in sorted(state.lab_state.score_rows(), key=lambda r: r.player)]
    return [w / sum(won) for w in won]


def match(a: str, b: str, games: int, iterations: int) -> str:
    start = time.perf_counter()
    share = 0.0
    for g in range(games):
        seats = {0: a, 1: b} if g % 2 == 0 else {0: b, 1: a}
        mine = 0 if g % 2 == 0 else 1
        share += play(1000 + g, seats, iterations)[mine]
    lo, hi = wilson(round(share), games)
    took = time.perf_counter() - start
    rate = f"{100 * share / games:5.1f} % [{100 * lo:4.1f}, {100 * hi:4.1f}]"
    return f"  {a} against {b}: {rate} of {games} games ({took:.0f} s)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=30)
    args = parser.parse_args()
    toygame.register()
    print(f"Tip Jar, 2 players, {args.iterations} iterations a decision, random rollouts, seats alternating:")
    print(match("ours", "reference", args.games, args.iterations))
    print(match("ours", "random", args.games, args.iterations))
    print(match("reference", "random", args.games, args.iterations))


if __name__ == "__main__":
    main()
