"""The ``bourbon-lab`` command."""

from __future__ import annotations

import argparse
import importlib
import sys
import textwrap

from .core import DEFAULT_GAME, BourbonLabError
from .core.errors import one_line


def _fmt(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "(" + ", ".join(_fmt(v) for v in value) + ")"
    return str(value)


WIDTH = 100
"""Columns ``bourbon-lab rules`` fits in; ``--wide`` lifts the limit."""


def _table(rows: list[list[str]], header: list[str], width: int | None = WIDTH) -> str:
    """Aligned columns; when a row would pass ``width``, the last column goes under each row, wrapped."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    if width is None or sum(widths) + 2 * (len(widths) - 1) <= width:
        out = ["  ".join(h.ljust(w) for h, w in zip(header, widths)), "  ".join("-" * w for w in widths)]
        out += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)) for r in rows]
        return "\n".join(row.rstrip() for row in out)
    widths = widths[:-1]
    indent = " " * 4
    out = ["  ".join(h.ljust(w) for h, w in zip(header, widths)), f"{indent}{header[-1]}"]
    out.append("  ".join("-" * w for w in widths))
    for r in rows:
        out.append("  ".join(str(c).ljust(w) for c, w in zip(r, widths)))
        out += textwrap.wrap(str(r[-1]), width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False)
    return "\n".join(row.rstrip() for row in out)


def rules_report(rules, show_all: bool = False, width: int | None = WIDTH) -> str:
    """The variants table with the current values; with ``show_all``, every field by group. Any game's ruleset.

    The fields and their groups are the ruleset class's own schema (``schema()``), so no game is named here.
    A game may end the report with a sentence on its content: ``content(rules)`` in its folder's ``rules_report``
    module (Bourbonomics counts its mash bills, demand cards and distilleries).
    Lines fit in ``width`` columns (a description then goes under its row); None keeps one line a row.
    """
    from .core import game_of, get_game

    fields = _fields(rules)
    rows = []
    for v in type(rules).variants():
        current = getattr(rules, v["name"])
        choices = " | ".join(_fmt(c) for c in v["choices"])
        rows.append([v["name"], choices, _fmt(v["default"]), _fmt(current), v.get("description", "")])
    parts = ["Rule variants", _table(rows, ["variant", "choices", "default", "current", "what it decides"], width)]
    changed = _changes(rules)
    if changed:
        parts += ["", "Changed from the defaults:"]
        parts += [
            f"  {k} = {_fmt(v) if k in {f.name for f in fields} else f'({len(v)} entries)'}" for k, v in changed.items()
        ]
    if show_all:
        for group in dict.fromkeys(f.group for f in fields):  # the schema's groups, in its order
            rows = [
                [f.name, _fmt(getattr(rules, f.name)), _range(f), f.description] for f in fields if f.group == group
            ]
            parts += ["", f"[{group}]", _table(rows, ["field", "value", "range", "description"], width)]
    own = get_game(game_of(rules)).part("rules_report")
    content = getattr(own, "content", None)
    closing = " ".join([*([content(rules)] if content else []), f"Ruleset fingerprint {rules.fingerprint()}."])
    parts += ["", *(textwrap.wrap(closing, width) if width else [closing])]
    return "\n".join(parts)


def _fields(rules) -> list:
    """The ruleset's fields as its schema lists them; a bare name (a ruleset with no specs) is a field of its own."""
    from types import SimpleNamespace

    bare = {"group": "rules", "description": "", "choices": (), "lo": None, "hi": None}
    return [SimpleNamespace(name=f, **bare) if isinstance(f, str) else f for f in type(rules).schema()]


def _changes(rules) -> dict:
    """What ``rules`` changes from its game's defaults: its own ``changes()``, else its values compared."""
    if hasattr(rules, "changes"):
        return rules.changes()
    base = type(rules).default().to_dict()
    return {k: v for k, v in rules.to_dict().items() if base.get(k) != v}


def _range(f) -> str:
    if f.choices:
        return " | ".join(_fmt(c) for c in f.choices)
    if f.lo is None:
        return ""
    return f"{f.lo:g}-{f.hi:g}"


def _game(args) -> str:
    """The game a command works on: ``--game``, else the default game; an unknown name is refused in one line."""
    from .core import get_game

    return get_game(getattr(args, "game", None) or DEFAULT_GAME).name


def _load_rules(args):
    """``--ruleset FILE`` read as the game's ruleset, else the game's defaults."""
    from .core import load_rules

    return load_rules(_game(args), getattr(args, "ruleset", None))


def _cmd_rules(args) -> int:
    rules = _load_rules(args)
    print(rules_report(rules, show_all=args.all, width=None if args.wide else WIDTH))
    return 0


def _cmd_games(args) -> int:
    from .core import describe

    rows = [("game", "title", "players", "turns", "variants")]
    rows += [
        (r["name"], r["title"], r["players"], r["dynamics"], ", ".join(r["variants"]) or "-")
        for r in describe()
        if args.game is None or r["name"] == _game(args)
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[4])
    return 0


def _cmd_hooks(args) -> int:
    from .core.house import hooks

    cat = hooks(_game(args))
    print(cat.markdown() if args.markdown else repr(cat), end="\n" if not args.markdown else "")
    return 0


def _cmd_simulate(args) -> int:
    from pathlib import Path

    from .sim import simulate

    rules = _load_rules(args)
    bots = _bots(args).split(",")
    result = simulate(
        rules,
        players=args.players,
        games=args.games,
        bots=bots if len(bots) > 1 else bots[0],
        seed=args.seed,
        workers=args.workers,
    )
    print(result.summary())
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        for name in ("games", "players", "events", "score_parts"):
            getattr(result, name).write_parquet(out / f"{name}.parquet")
        (out / "stamp.json").write_text(__import__("json").dumps(result.stamp, indent=2))
        print(f"wrote {out}/games.parquet, players.parquet, events.parquet, score_parts.parquet, stamp.json")
    return 1 if result.failures else 0


def _cmd_ladder(args) -> int:
    """The openskill ladder from mixed tables (default), or every pair head to head (``--pairs``)."""
    rules = _load_rules(args)
    if args.pairs:
        from .sim.ladder import ladder, ladder_text

        bots = _bots(args, pairs=True).split(",")
        table = ladder(rules, bots, players=args.players or 2, games=args.games, seed=args.seed, workers=args.workers)
        print(ladder_text(table))
        return 0
    from .sim.skill import DEFAULT_BOTS, ladder

    bots = (args.bots or ",".join(DEFAULT_BOTS)).split(",")
    rated = ladder(rules, bots, players=args.players, games=args.games, seed=args.seed, workers=args.workers)
    print(rated.text())
    if args.out:
        from pathlib import Path

        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        rated.ratings.write_csv(out / "ladder.csv")
        rated.games.write_csv(out / "ladder-games.csv")
        from .charts.export import save

        save(rated.chart(), out / "ladder.html")
        print(f"wrote {out}/ladder.csv, ladder-games.csv, ladder.html")
    return 0


def _bots(args, pairs: bool = False) -> str:
    """``--bots``, else the game's own bots: one rule for every game.

    Its ``heuristic`` (else ``random``); for ``ladder --pairs``, the bots its ``bots`` module lists as ``PAIRS``
    (Bourbonomics' six), else every bot of the game.
    """
    from .bots.base import bot_names, bots_for
    from .core import get_game

    if args.bots:
        return args.bots
    game = _game(args)
    names = bot_names(game)
    if pairs:  # every bot, but one that trains first (``before_games``: minutes) only when named
        quick = [n for n in names if not hasattr(bots_for(game)[n], "before_games")]
        return ",".join(getattr(get_game(game).part("bots"), "PAIRS", None) or quick)
    return "heuristic" if "heuristic" in names else "random"


def _cmd_compile(args) -> int:
    """Build each game's compiled engine (one build per game); a game that fails runs as Python, the rest compiled."""
    from . import native

    games = [args.game] if args.game else list(native.GROUPS)
    if args.game and args.game not in native.GROUPS:
        print(f"bourbon-lab compile: --game: no compiled build for {args.game!r} ({', '.join(native.GROUPS)})")
        return 2
    if args.status:
        for game in games:
            print(native.status(game) if args.game else f"{game}: {native.status(game)}")
        return 0
    failed = 0
    for game, built in native.build_all(games, verbose=args.verbose, retry=args.retry).items():
        if isinstance(built, str):
            failed += 1
            print(f"bourbon-lab compile: {built}", file=sys.stderr)
        else:
            print(f"bourbon-lab compile: {game} is ready ({built.name}); new Python processes use it")
    return 1 if failed else 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, one sub-command per job."""
    parser = argparse.ArgumentParser(prog="bourbon-lab", description="A design lab for Bourbonomics.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("rules", help="print the rule variants and current values")
    p.add_argument("--ruleset", help="a ruleset YAML file (default: the built-in defaults)")
    p.add_argument("--all", action="store_true", help="also print every tunable field by group")
    p.add_argument("--wide", action="store_true", help=f"one line per row, however long (default: fit {WIDTH} columns)")
    p.set_defaults(func=_cmd_rules)
    p = sub.add_parser("games", help="list the registered games with their player counts and variants")
    p.set_defaults(func=_cmd_games)
    p = sub.add_parser("hooks", help="list a game's hook points for house rules: events, quantities, effects")
    p.add_argument("--markdown", action="store_true", help="as the docs page (docs/games/<game>-hooks.md)")
    p.set_defaults(func=_cmd_hooks)

    p = sub.add_parser("simulate", help="play bot games and print a summary (optionally write Parquet)")
    _common(p, players=4, games=1000, bots="heuristic")
    p.add_argument("--out", help="a folder for games/players/events/score_parts .parquet and the run stamp")
    p.set_defaults(func=_cmd_simulate)

    p = sub.add_parser(
        "ladder",
        help="the skill ladder: bots rated (openskill) from mixed tables, with 95 %% intervals; --pairs: head to head",
        epilog="Default bots: random, heuristic, ismcts:25, ismcts:100 at the game's own table size, every mix of "
        "them; a search bot makes a run minutes long (a progress bar shows). --pairs plays every pair head to head "
        "(Bourbonomics' default: its six bots).",
    )
    _common(p, players=0, games=100, bots="random,heuristic,ismcts:25,ismcts:100")
    p.set_defaults(func=_cmd_ladder, players=None)
    p.add_argument("--pairs", action="store_true", help="every pair head to head instead (2 players unless told)")
    p.add_argument("--out", help="a folder for ladder.csv, ladder-games.csv and ladder.html (the chart, offline)")
    p = sub.add_parser(
        "compile",
        help="build each game's compiled rules engine and bots (mypyc) for these sources; games run faster",
        epilog="make lab and make test run this. Without a C compiler the same code runs as Python.",
    )
    p.add_argument("--status", action="store_true", help="only say whether this process runs it compiled")
    p.add_argument("--game", help="build (or say) only this game's engine; default: every game, one build each")
    p.add_argument("--retry", action="store_true", help="try again a game whose sources mypyc refused before")
    p.add_argument("-v", "--verbose", action="store_true", help="show the compiler's output")
    p.set_defaults(func=_cmd_compile)
    for module in _COMMAND_MODULES:
        try:
            commands = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if not exc.name or not module.startswith(exc.name):
                raise
            continue
        commands.register(sub)
    for p in sub.choices.values():
        if not any("--game" in a.option_strings for a in p._actions):
            p.add_argument(
                "--game", default=None, help=f"the game (default {DEFAULT_GAME}; bourbon-lab games lists them)"
            )
    return parser


_COMMAND_MODULES = (
    "bourbon_lab.scenarios.commands",
    "bourbon_lab.dashboard.commands",
    "bourbon_lab.testing.commands",
    "bourbon_lab.design.commands",
    "bourbon_lab.design.behaviour",
)
"""Layers that add their own sub-commands: each module has ``register(subparsers)``."""


def _common(p, players: int, games: int, bots: str) -> None:
    told = players or "the game's own table"
    p.add_argument("--players", type=int, default=players, help=f"players per game, 2-6 (default {told})")
    p.add_argument("--games", type=int, default=games, help=f"games to play (default {games})")
    p.add_argument(
        "--bots", default=None, help=f"comma-separated bot names (default {bots}; another game: its own bots)"
    )
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--workers", type=int, default=None, help="local processes (default: one per CPU)")
    p.add_argument("--ruleset", help="a ruleset YAML file (default: the built-in defaults)")


def main(argv: list[str] | None = None) -> int:
    """Run a sub-command; bad input prints one clear line and exits 2, never a traceback."""
    try:  # a layer reads the default ruleset as it registers: a slip in a game's data/ shows here
        parser = build_parser()
    except BourbonLabError as exc:
        print(f"bourbon-lab: {one_line(exc)}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    try:
        _check_game(args)
        return args.func(args)
    except (BourbonLabError, OSError) as exc:
        print(f"bourbon-lab {args.command}: {one_line(exc)}", file=sys.stderr)
        return 2


def _check_game(args) -> None:
    """Refuse an unknown ``--game`` in one line before the command starts."""
    if getattr(args, "game", None) is not None:
        _game(args)


if __name__ == "__main__":
    sys.exit(main())
