"""What house rules cost (issue 28): per-game ms of a heuristic game, compiled, in the same run.

Four columns per game, each the median of ``--repeats`` fresh processes of ``--games`` games (CPU time,
the same seeds), the processes alternating so machine noise falls on every column alike:

- ``before``: the engine before house rules existed (``--before DIR``: a checkout of commit
  ``BEFORE`` with its own compiled build; made with ``git worktree`` and ``bourbon-lab compile`` when
  the folder does not exist yet);
- ``none``: today's engine with no house rule (the cost of the ``house is None`` tests);
- ``event``: one after-event rule that does nothing, on a common event;
- ``quantity``: one quantity rule that returns the engine's value.

    python benchmarks/bench_house_rules.py              # about 4 minutes on 2 cores, plus a first build
    python benchmarks/bench_house_rules.py --games 5 --repeats 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from checkout import ROOT, before_tree, tree_env

BEFORE = "3c2efa7"
"""The last commit before house rules (issue 27's end)."""

TABLES = {"bourbonomics": 4, "distilled": 4, "gin_crafters": 4, "microbrew": 2}
EVENT = {"bourbonomics": "turn_end", "distilled": "income", "gin_crafters": "action", "microbrew": "placement"}
QUANTITY = {
    "bourbonomics": "sale_value",
    "distilled": "sale_value",
    "gin_crafters": "game_ends",
    "microbrew": "serve_pay",
}

_PLAY = """
import json, sys, time
import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.bots import make_bot

game, kind, event, quantity = sys.argv[1], sys.argv[4], sys.argv[5], sys.argv[6]
players, games = int(sys.argv[2]), int(sys.argv[3])
rules = bl.default_rules(game)
if kind != "none":
    from bourbon_lab.core.house import house_rule

    @house_rule(game)
    def trivial(rule):
        "Does nothing: what a hook costs."
        if kind == "event":
            @rule.on(event)
            def nothing(h, e):
                pass
        else:
            @rule.quantity(quantity)
            def same(h, value, **about):
                return value

    rules = rules.with_house_rules(trivial)
start = time.process_time()
for seed in range(games):
    g = bl.new_game(rules, players=players, seed=seed)
    bots = [make_bot("heuristic", seed=seed * 10 + s, game=game) for s in range(players)]
    while not g.is_over:
        d = g.decision
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()), check=False)
print(json.dumps({"ms": 1000 * (time.process_time() - start) / games, "compiled": native.is_compiled(game)}))
"""


def _run(tree: Path, game: str, games: int, kind: str) -> dict:
    env = tree_env(tree)
    args = [game, str(TABLES[game]), str(games), kind, EVENT[game], QUANTITY[game]]
    out = subprocess.run([sys.executable, "-c", _PLAY, *args], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--before", default="/tmp/bourbon_lab-before-house-rules", help="a checkout of " + BEFORE)
    ap.add_argument("games_to_run", nargs="*", default=list(TABLES))
    args = ap.parse_args()
    before = before_tree(Path(args.before), BEFORE)
    columns = {
        "before": (before, "none"),
        "none": (ROOT, "none"),
        "event": (ROOT, "event"),
        "quantity": (ROOT, "quantity"),
    }
    print(f"heuristic games, ms per game (CPU), median of {args.repeats} processes x {args.games} games")
    ratios = "   none/before  event/none  quantity/none"
    print(f"{'game':14} {'table':>5} " + " ".join(f"{c:>9}" for c in columns) + ratios)
    for game in args.games_to_run:
        times: dict[str, list[float]] = {c: [] for c in columns}
        for _ in range(args.repeats):
            for name, (tree, kind) in columns.items():
                r = _run(tree, game, args.games, kind)
                if not r["compiled"]:
                    raise SystemExit(f"{game} ({name}) ran as plain Python: run bourbon-lab compile first")
                times[name].append(r["ms"])
        med = {c: statistics.median(v) for c, v in times.items()}
        ratios = (med["none"] / med["before"], med["event"] / med["none"], med["quantity"] / med["none"])
        print(
            f"{game:14} {TABLES[game]:>4}p "
            + " ".join(f"{med[c]:9.2f}" for c in columns)
            + "   "
            + "  ".join(f"{r:11.2f}x" for r in ratios)
        )


if __name__ == "__main__":
    main()
