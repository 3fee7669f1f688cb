"""Gin Crafters speed and the issue's acceptance check, printed, never asserted.

``python benchmarks/bench_gin_crafters.py``: ms per 4-player heuristic game and games/s on one
core (in this process: compiled when Gin Crafters' build is there), the median of repeats; also a
random-legal game, ``clone`` and ``snapshot``. ``--acceptance`` plays the issue's 200 heuristic
games (both final-turns readings, 2-4 players) and prints whether every one ended by the 30-point
signal with the final turns the variant says, and every lending event paid the lend fee.
``--duels`` prints each heuristic's win rate against random. ``--calibration [GAMES]`` prints issue 18's
item 7 check under both final-turns readings: win rate by turn position at 2, 3 and 4 players with
Wilson 95 % intervals, who triggers the end and how often the start player wins after a later seat
did, game length in turns (and minutes at ``MINUTES_PER_TURN``), and the two strategies at 4 players.
``--levers [GAMES]`` replays the ruleset levers of the calibration notes (gin and brand VP, juniper
bonuses) under the book's final turns: start player's win rate and the worst turn position at 2-4 players.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import polars as pl

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.design.metrics import proportion
from bourbon_lab.games.gin_crafters.audit import audit

RULES = bl.default_rules("gin_crafters")
REPEATS = 5
MINUTES_PER_TURN = 1.25
"""Ours: a turn is two actions, a distillation 3-5 small choices; the box's 30-45 minutes is then 24-36 turns."""


def heuristic_game(rules, names: list[str], seed: int):
    g = bl.new_game(rules, players=len(names), seed=seed)
    bots = [make_bot(name, seed=seed * 10 + s, game="gin_crafters") for s, name in enumerate(names)]
    while not g.is_over:
        d = g.decision
        # unchecked, as the simulator plays a bot's legal move (a checked apply first copies the table)
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()), check=False)
    return g


def random_game(seed: int):
    g = bl.new_game(RULES, players=4, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def timed(fn, repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def speed() -> None:
    games = 20
    how = bl.native.status("gin_crafters")
    print(f"Gin Crafters engine ({how}), one core (median of {REPEATS} repeats of {games} games)")
    for label, names in (("4p heuristic (tempo)", ["heuristic"] * 4), ("4p brand", ["brand"] * 4)):
        t = timed(lambda n=names: [heuristic_game(RULES, n, s) for s in range(games)])
        print(f"  {label:24s} {1000 * t / games:7.1f} ms/game  {games / t:7.1f} games/s")
    t = timed(lambda: [random_game(s) for s in range(games)])
    decisions = sum(len(random_game(s).actions) for s in range(games))
    print(
        f"  {'4p random legal':24s} {1000 * t / games:7.1f} ms/game  {games / t:7.1f} games/s  "
        f"{1e6 * t / decisions:5.1f} us/decision"
    )
    g = heuristic_game(RULES, ["heuristic"] * 4, 1)
    print(
        f"  clone {1e6 * timed(lambda: [g.clone() for _ in range(200)]) / 200:7.1f} us   "
        f"snapshot {1e6 * timed(lambda: [g.snapshot() for _ in range(200)]) / 200:7.1f} us (a finished game)"
    )
    from compiled_vs_plain import compare  # the table, compiled and plain side by side

    compare("gin_crafters", 4)


def acceptance(total: int = 200) -> int:
    """The issue's check on ``total`` heuristic games; returns how many games broke it."""
    broken, lends, turns = 0, 0, []
    for i in range(total):
        rules = RULES.replace(final_turns=("others_once", "complete_round")[i % 2])
        n = 2 + i % 3
        g = heuristic_game(rules, ["heuristic" if s % 2 == 0 else "brand" for s in range(n)], 1000 + i)
        problems = audit(g)
        lends += sum(e.kind == "lend" for e in g.log)
        turns.append(g.turns / n)
        if problems:
            broken += 1
            print(f"  game {i} ({n}p, {rules.final_turns}): {'; '.join(problems)}")
    print(
        f"acceptance: {total - broken}/{total} heuristic games ended by the {RULES.end_vp}-point signal with the "
        f"final turns their variant says; {lends} lending events, each paid the lend fee of {RULES.lend_fee}"
    )
    print(f"  turns per player: median {statistics.median(turns):.1f}, range {min(turns):.1f}-{max(turns):.1f}")
    return broken


def duels(games: int = 200) -> None:
    for bot in ("tempo", "brand"):
        for n in (2, 4):
            wins = 0
            for s in range(games):
                me = s % n
                rows = heuristic_game(RULES, [bot if k == me else "random" for k in range(n)], s).score_rows()
                wins += rows[me].won and sum(r.won for r in rows) == 1
            print(f"  {bot} vs {n - 1} random: won {wins}/{games} ({100 * wins / games:.1f} %)")


def seats(rules, players: int, games: int, seed: int = 99) -> None:
    """Win rate by turn position (0 = start player) with Wilson 95 % intervals; trigger seats; length."""
    r = bl.simulate(rules, players=players, games=games, seed=seed, workers=1, progress=False)
    p, g = r.players, r.games
    wins = [proportion(int(p.filter(pl.col("turn_order") == t)["won"].sum()), games, 100) for t in range(players)]
    worst = max(abs(w.value - 100 / players) for w in wins)
    cells = "  ".join(f"{w.value:4.1f} [{w.lo:4.1f}, {w.hi:4.1f}]" for w in wins)
    turns = g["turns"].median()
    print(f"  {players}p  {cells}   worst {worst:4.1f} from even; median {turns:g} turns", end="")
    print(f" ({turns * MINUTES_PER_TURN:.0f} min)")
    trig = p.join(g.select("game", "trigger_seat"), on="game").filter(pl.col("seat") == pl.col("trigger_seat"))
    trig = trig.select("game", pl.col("turn_order").alias("trigger"))
    start = p.filter(pl.col("turn_order") == 0).join(trig, on="game")
    shares = " / ".join(f"{100 * (trig['trigger'] == t).sum() / games:.0f}" for t in range(players))
    later = start.filter(pl.col("trigger") > 0)
    print(
        f"       trigger by turn position {shares} %; the start player wins {100 * later['won'].mean():.1f} % "
        f"of the {later.height} games a later seat triggered"
    )


def calibration(games: int = 800) -> None:
    """Issue 18 item 7 on the default content, under each final-turns reading."""
    for reading in ("others_once", "complete_round"):
        rules = RULES.replace(final_turns=reading)
        print(f"final_turns = {reading}: win % by turn position (Wilson 95 %), {games} heuristic games a count")
        for n in (2, 3, 4):
            seats(rules, n, games)
        mixed = bl.simulate(
            rules, players=4, games=games, seed=13, workers=1, progress=False, bots=["tempo", "brand"] * 2
        )
        rates = {
            b: proportion(int(mixed.players.filter(pl.col("bot") == b)["won"].sum()), 2 * games, 100)
            for b in ("tempo", "brand")
        }
        print(
            "  4p mixed, win % per seat: "
            + "; ".join(f"{b} {e.value:.1f} [{e.lo:.1f}, {e.hi:.1f}]" for b, e in rates.items())
        )


def _gin_vp(*values: int) -> dict[str, int]:
    return dict(zip((s for s, _ in RULES.gin_vp), values))


LEVERS = {
    "default content": {},
    "brand VP x 2": {"brand_vp": {c: min(10, 2 * v) for c, v in RULES.brand_vp}},
    "big gins 2/3/4/5/6/7/12/15": {"gin_vp": _gin_vp(2, 3, 4, 5, 6, 7, 12, 15)},
    "all lower 1/2/3/5/6/5/6/8": {"gin_vp": _gin_vp(1, 2, 3, 5, 6, 5, 6, 8)},
    "juniper bonuses 0/0 (not book)": {"juniper_bonus_low": 0, "juniper_bonus_high": 0},
    "4/4/4/4/2/2/8/10 (not book)": {"gin_vp": _gin_vp(4, 4, 4, 4, 2, 2, 8, 10)},
}
"""The calibration notes' ruleset levers (``docs/games/gin_crafters-rules-decisions.md``); book values marked."""


def levers(games: int = 800) -> None:
    """Each lever's start-player win rate (Wilson 95 %) and worst turn position, same deals for every lever."""
    for name, changes in LEVERS.items():
        rules = RULES.replace(**changes)
        cells = []
        for n in (2, 3, 4):
            r = bl.simulate(rules, players=n, games=games, seed=99, workers=1, progress=False)
            p = r.players
            wins = [proportion(int(p.filter(pl.col("turn_order") == t)["won"].sum()), games, 100) for t in range(n)]
            worst = max(abs(w.value - 100 / n) for w in wins)
            cells.append(f"{n}p start {wins[0].value:4.1f} [{wins[0].lo:4.1f}, {wins[0].hi:4.1f}] worst {worst:4.1f}")
            cells[-1] += f" {r.games['turns'].median():g} turns"
        print(f"  {name:32s} " + " | ".join(cells), flush=True)


if __name__ == "__main__":
    if "--levers" in sys.argv:
        rest = sys.argv[sys.argv.index("--levers") + 1 :]
        levers(int(rest[0]) if rest else 800)
        sys.exit(0)
    if "--calibration" in sys.argv:
        rest = sys.argv[sys.argv.index("--calibration") + 1 :]
        calibration(int(rest[0]) if rest else 800)
        sys.exit(0)
    if "--acceptance" in sys.argv:
        sys.exit(1 if acceptance() else 0)
    if "--duels" in sys.argv:
        duels()
    else:
        speed()
