"""``bourbon-lab soak``: random legal games with every book invariant checked after every action.

One rule for every game: a game whose folder declares a ``soak`` part (Bourbonomics) has the deep soak
(``soak.py``: its own tables and players, its book's laws step by step, and what its part says a soak should
reach); any other is soaked by the protocol harness (``harness.check_game``: views, snapshots, illegal actions,
scores, its book invariants and its box), its games spread over every player count and variant.

``bourbon_lab/cli.py`` imports this module and calls ``register``.
"""

from __future__ import annotations

import os
import sys

from .. import native
from ..core import DEFAULT_GAME, get_game, load_rules
from .harness import HarnessFailure, Report, check_game, harness_tables
from .soak import soak


def cmd_soak(args) -> int:
    """Run the soak; print its summary and every break; exit 1 if an invariant broke."""
    gamedef = get_game(getattr(args, "game", None) or DEFAULT_GAME)
    game = gamedef.name
    if gamedef.part("soak") is None:  # the game declares no deep soak of its own
        return _soak_by_protocol(game, args)
    rules = load_rules(game, args.ruleset)
    workers = args.workers or os.cpu_count() or 1
    head = f"bourbon-lab soak: {args.games} games on {workers} worker(s), seed {args.seed}"
    print(head + (f"; {native.status(game)}" if game in native.GROUPS else ""), flush=True)
    result = soak(
        args.games, seed=args.seed, workers=workers, rules=rules, out=args.out, progress=not args.quiet, keep=args.keep
    )
    print(result.summary())
    missing = result.unreached(rules)
    for what, names in missing.items():
        if names:
            print(f"  not reached: {what} {', '.join(names)}")
    for b in result.breaks:
        print(b, file=sys.stderr)
    if len(result.breaks) > args.keep:
        print(f"  ({len(result.breaks) - args.keep} more broken games not saved)", file=sys.stderr)
    return 1 if result.breaks else 0


PLAIN_SAMPLE = 50
"""Games of a protocol soak replayed on the plain-Python engine (the same logs, compiled or not)."""


def _soak_by_protocol(game: str, args) -> int:
    """A game with no deep soak of its own: random games through the protocol harness and its book invariants.

    The games of each table are split into parts over ``--workers`` processes (the same games at any count).
    """
    rules = load_rules(game, args.ruleset) if args.ruleset else None
    gamedef = get_game(game)
    tables = len(harness_tables(gamedef, None, None))
    per_table = max(1, -(-args.games // tables))
    workers = args.workers or os.cpu_count() or 1
    laws = "its book invariants after every action" if gamedef.invariants else "no book-invariant list yet"
    print(
        f"bourbon-lab soak: {game}, {laws}; {per_table} random games on each of its {tables} tables "
        f"(player counts and variants) through the protocol harness on {workers} worker(s), seed {args.seed}"
        + (f"; {native.status(game)}" if game in native.GROUPS else ""),
        flush=True,
    )
    parts = _parts(per_table, workers)
    sample = -(-PLAIN_SAMPLE // len(parts))
    jobs = [(game, n, args.seed, rules, sample, first, first == 0) for first, n in parts]
    report = Report(game)
    try:
        if workers <= 1:
            for job in jobs:
                report.add(_soak_part(*job))
        else:
            from ..sim.runner import submit

            for fut in [submit(workers, _soak_part, *job) for job in jobs]:
                report.add(fut.result())
    except HarnessFailure as exc:
        print(f"  broken: {exc}", file=sys.stderr)
        return 1
    print(f"  {report}")
    return 0


def _parts(per_table: int, workers: int) -> list[tuple[int, int]]:
    """(first game, games) of each part: four parts a worker, so a slow part does not idle the others."""
    count = min(per_table, 4 * workers) if workers > 1 else 1
    size = -(-per_table // count)
    return [(i, min(size, per_table - i)) for i in range(0, per_table, size)]


def _soak_part(game: str, games: int, seed: int, rules, sample: int, start: int, other_process: bool) -> Report:
    return check_game(
        game, games=games, seed=seed, rules=rules, plain_sample=sample, start=start, other_process=other_process
    )


def register(subparsers) -> None:
    """Add ``soak`` to the ``bourbon-lab`` command."""
    p = subparsers.add_parser(
        "soak",
        help="play random legal games and check the book's invariants after every action",
        epilog="The release check is --games 100000. A broken invariant prints its seed, seats, distilleries "
        "and actions, and the game is saved under --out as a playtest file for bourbon-lab replay.",
    )
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--workers", type=int, default=None, help="local processes (default: one per CPU)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--out", default="soak-failures", help="folder for broken games' playtest files")
    p.add_argument("--keep", type=int, default=20, help="most broken games to save (default 20)")
    p.add_argument("--ruleset", help="a ruleset YAML file (default: the built-in defaults)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_soak)
