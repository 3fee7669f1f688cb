"""``bourbon-lab targets``, ``sensitivity`` and ``tune``: the design tools from the shell.

``bourbon_lab/cli.py`` imports this module and calls ``register``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core import DEFAULT_GAME, load_rules


def _rules(args, game: str | None = None) -> Any:
    """The rules a design command plays: ``--ruleset`` or the game's defaults.

    The game is ``--game``, else the targets file's own, else Bourbonomics.
    """
    return load_rules(getattr(args, "game", None) or game or DEFAULT_GAME, args.ruleset)


def _allow(args) -> list[str]:
    return [a.strip() for a in (args.allow_book or "").split(",") if a.strip()]


def cmd_targets(args) -> int:
    """Play the targets file's runs and print which targets hold."""
    from .check import check_targets, run_targets
    from .targets import Targets, targets_file

    targets = Targets.load(args.file or targets_file(args.game or DEFAULT_GAME))
    rules = _rules(args, targets.game)
    runs = ", ".join(r.name for r in targets.needed_runs())
    print(
        f"bourbon-lab targets: {len(targets.targets)} targets, runs {runs}; "
        f"{args.games} games per run, seed {args.seed}"
    )
    table = (args.table.split(",") if "," in args.table else args.table) if args.table else None
    results = run_targets(rules, targets, args.games, args.seed, args.workers, not args.quiet, table=table)
    report = check_targets(results, targets)
    print(report)
    print(f"  {report.held} of {report.table.height} hold (a target holds when its whole 95 % interval is in range)")
    if args.out:
        from .report import targets_report

        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        (out / "targets.html").write_text(targets_report(report), encoding="utf-8")
        report.table.write_csv(out / "targets.csv")
        print(f"  wrote {out / 'targets.html'}")
    return 0


def cmd_sensitivity(args) -> int:
    """Morris or Sobol screening of the knobs against the metrics."""
    from .screening import sensitivity

    bots = args.bots.split(",") if "," in args.bots else args.bots
    result = sensitivity(
        _rules(args),
        args.knobs,
        [m.strip() for m in args.metrics.split(",") if m.strip()],
        method=args.method,
        games=args.games,
        players=args.players,
        bots=bots,
        seed=args.seed,
        trajectories=args.trajectories,
        allow_book=_allow(args),
        workers=args.workers,
        progress=not args.quiet,
    )
    for metric in result.table["metric"].unique(maintain_order=True):
        rows = result.table.filter(result.table["metric"] == metric).sort("effect", descending=True)
        top = ", ".join(f"{k} {e:.3g}" for k, e in zip(rows["knob"], rows["effect"]))
        print(f"  {metric}: {top}")
    if args.out:
        from .report import sensitivity_report

        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        result.table.write_csv(out / "sensitivity.csv")
        result.samples.write_csv(out / "samples.csv")
        (out / "sensitivity.html").write_text(sensitivity_report(result), encoding="utf-8")
        print(f"  wrote {out / 'sensitivity.html'}")
    return 0


def cmd_tune(args) -> int:
    """Search the knobs; write the tuned ruleset and an offline report."""
    from .targets import Targets, targets_file
    from .tuning import tune

    path = args.targets or targets_file(args.game or DEFAULT_GAME)
    result = tune(
        _rules(args, Targets.load(path).game),
        args.knobs,
        path,
        budget=args.budget,
        seed=args.seed,
        games=args.games,
        rungs=args.rungs,
        final_games=args.final_games,
        allow_book=_allow(args),
        workers=args.workers,
        progress=not args.quiet,
        objectives=args.objectives,
    )
    if result.front is not None:
        print(result.findings())
    print(f"bourbon-lab tune: best trial {result.settings['best_trial']} of {args.budget}")
    print("  before:")
    print(result.before)
    print("  after:")
    print(result.after)
    report = result.save(args.out)
    print(f"  wrote {Path(args.out) / 'tuned.yaml'} and {report}")
    return 0


def cmd_coverage(args) -> int:
    """Play bot games and print how often each of the game's mechanics fires, the dead ones flagged."""
    from ..core.registry import get_game
    from .coverage import coverage, coverage_bots, coverage_text

    game = args.game or DEFAULT_GAME
    found = get_game(game)
    if not found.mechanics:
        print(f"bourbon-lab coverage: {game} declares no mechanics yet (GameDef.mechanics_file)")
        return 2
    rules = _rules(args)
    named = args.bots or ",".join(coverage_bots(game))
    bots = named.split(",") if "," in named else named
    info = found.info
    players = args.players or max(info.min_players, min(4, info.max_players))
    result = _coverage_games(rules, game, players, bots, args)
    table = coverage(result, rules, game)
    heading = f"bourbon-lab coverage: {game}, {players} players, {args.games} games, seed {args.seed}"
    print(coverage_text(table, heading))
    if args.out:
        from .charts import coverage_chart
        from .report import page, svg, table_html

        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        table.write_csv(out / "coverage.csv")
        html = page(f"{game}: which rules fire", [table_html(table), f"<figure>{svg(coverage_chart(table))}</figure>"])
        (out / "coverage.html").write_text(html, encoding="utf-8")
        print(f"  wrote {out / 'coverage.html'} and coverage.csv")
    return 0


def cmd_restricted(args) -> int:
    """Bar one seat from each mechanic in turn and print its win-rate loss, decorations flagged."""
    from ..core.registry import get_game
    from .restricted import restricted_across, restricted_play, restricted_text

    game = args.game or DEFAULT_GAME
    if not get_game(game).mechanics:
        print(f"bourbon-lab restricted: {game} declares no mechanics yet (GameDef.mechanics_file)")
        return 2
    tables = [t.split(",") if "," in t else t for t in (args.table or ["heuristic"])]
    mechanics = [m.strip() for m in args.mechanics.split(",") if m.strip()] if args.mechanics else None
    kw: dict[str, Any] = dict(
        players=args.players,
        games=args.games,
        mechanics=mechanics,
        seed=args.seed,
        workers=args.workers,
        progress=not args.quiet,
    )
    rules = _rules(args)
    if len(tables) == 1:
        table = restricted_play(rules, table=tables[0], **kw)
    else:
        table = restricted_across(rules, levels=tables, **kw)
    heading = (
        f"bourbon-lab restricted: {game}, {table['players'][0]} players, {args.games} games a mechanic "
        f"(and {args.games} unrestricted), seed {args.seed}"
    )
    print(restricted_text(table, heading))
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        table.write_csv(out / "restricted.csv")
        print(f"  wrote {out / 'restricted.csv'}")
    return 0


def _coverage_games(rules, game: str, players: int, bots, args):
    from .coverage import play_coverage

    return play_coverage(rules, players, bots, args.games, args.seed, args.workers, not args.quiet, args.standard)


def _shared(p, games: int) -> None:
    p.add_argument("--games", type=int, default=games, help=f"games per run or point (default {games})")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--workers", type=int, default=None, help="local processes (default: one per CPU)")
    p.add_argument("--ruleset", help="a ruleset YAML file (default: the built-in defaults)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


_KNOBS_HELP = (
    "comma-separated name=low:high, e.g. 'scale:gated_prestige=0.5:3,scale:value_curve=0.5:3,mid_zone_from=2:5'"
)


def register(subparsers) -> None:
    """Add ``targets``, ``coverage``, ``restricted``, ``sensitivity`` and ``tune`` to the ``bourbon-lab`` command."""
    p = subparsers.add_parser("targets", help="check a design targets file against bot games, with 95 %% intervals")
    p.add_argument("file", nargs="?", default=None, help="a targets YAML (default: the game's own targets file)")
    p.add_argument("--out", help="a folder for targets.html (opens offline) and targets.csv")
    p.add_argument(
        "--table",
        help="play every run at this table instead of the file's bots: one bot for every seat (ismcts:100), "
        "or one per player comma-separated",
    )
    _shared(p, games=100)
    p.set_defaults(func=cmd_targets)

    p = subparsers.add_parser("coverage", help="how often each of a game's mechanics fires; dead rules flagged")
    p.add_argument("--game", help="the game (default bourbonomics)")
    p.add_argument("--players", type=int, default=None, help="players (default 4, or the nearest the game allows)")
    p.add_argument(
        "--bots",
        default=None,
        help="one bot name, or one per player, comma-separated (default: the game's coverage bots, "
        "its mechanics file's 'bots', else heuristic)",
    )
    p.add_argument("--standard", action="store_true", help="Bourbonomics: every seat Standard (no board rotation)")
    p.add_argument("--out", help="a folder for coverage.html (chart, opens offline) and coverage.csv")
    _shared(p, games=200)
    p.set_defaults(func=cmd_coverage)

    p = subparsers.add_parser(
        "restricted", help="restricted play: one seat barred from each mechanic; its win-rate loss, decorations flagged"
    )
    p.add_argument("--game", help="the game (default bourbonomics)")
    p.add_argument("--players", type=int, default=None, help="players (default 4, or the nearest the game allows)")
    p.add_argument(
        "--table",
        action="append",
        help="the bots: one name, or one per player comma-separated, the first barred (default heuristic); "
        "give it again for more skill levels (a decoration must lose nothing at every one)",
    )
    p.add_argument("--mechanics", help="comma-separated mechanics (default: every one with actions)")
    p.add_argument("--out", help="a folder for restricted.csv")
    _shared(p, games=200)
    p.set_defaults(func=cmd_restricted)

    p = subparsers.add_parser("sensitivity", help="which knob moves which metric (SALib Morris or Sobol)")
    p.add_argument("--knobs", required=True, help=_KNOBS_HELP)
    p.add_argument("--metrics", default="rounds,upgrades_per_player,prestige_share", help="comma-separated metrics")
    p.add_argument("--method", choices=("morris", "sobol"), default="morris")
    p.add_argument("--trajectories", type=int, default=10, help="Morris trajectories / Sobol base samples (default 10)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", default="heuristic", help="one bot name, or one per player, comma-separated")
    p.add_argument("--allow-book", help="comma-separated book fields the knobs may move")
    p.add_argument("--out", help="a folder for sensitivity.html (opens offline) and the tables as CSV")
    _shared(p, games=100)
    p.set_defaults(func=cmd_sensitivity)

    p = subparsers.add_parser("tune", help="search the knobs for a ruleset that meets a targets file (Optuna)")
    p.add_argument("--targets", default=None, help="a targets YAML (default: the game's own targets file)")
    p.add_argument("--knobs", required=True, help=_KNOBS_HELP)
    p.add_argument("--budget", type=int, default=30, help="trials (default 30)")
    p.add_argument(
        "--objectives", choices=("loss", "pareto"), default="loss", help="one weighted loss, or a Pareto front"
    )
    p.add_argument("--rungs", type=int, default=3, help="successive-halving rungs per trial (default 3)")
    p.add_argument("--final-games", type=int, default=200, help="games per run for the before/after check")
    p.add_argument("--allow-book", help="comma-separated book fields the knobs may move")
    p.add_argument("--out", required=True, help="a folder for tuned.yaml, trials.csv and report.html")
    _shared(p, games=40)
    p.set_defaults(func=cmd_tune)
