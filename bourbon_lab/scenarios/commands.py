"""``bourbon-lab check``, ``replay`` and ``postgame``: the scenario layer's sub-commands.

``bourbon_lab/cli.py`` imports this module and calls ``register``. ``check`` never stops at a
bad file: each file gets one PASS/FAIL/ERROR line and the exit code is 1 if any did not pass.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..core.errors import BourbonLabError, one_line
from .errors import ScenarioError
from .report import event_lines, replay_text  # noqa: F401  (event_lines: its old home)
from .run import play
from .scenario import Scenario

DEFAULT_FOLDER = "scenarios"


def scenario_files(paths) -> list[Path]:
    """The scenario files named by ``paths``: files as given, folders searched for ``*.yaml``/``*.yml``."""
    out: list[Path] = []
    for p in map(Path, paths or [DEFAULT_FOLDER]):
        if p.is_dir():
            out += sorted(f for f in p.rglob("*") if f.suffix in (".yaml", ".yml") and not f.name.startswith("_"))
        else:
            out.append(p)
    return out


def check_file(path: Path, game: str | None = None) -> tuple[bool, str]:
    """(passed, text) for one file: a PASS line, or FAIL with one line per failure, or one ERROR line.

    With ``game``, a scenario of another game is an ERROR rather than a run (``--game`` names the game meant).
    """
    try:
        scenario = Scenario.load(path)
        if game is not None and scenario.spec.game != game:
            return False, f"ERROR {path}: a {scenario.spec.game} scenario, not {game} (--game)"
        result = scenario.run()
    except ScenarioError as exc:
        return False, f"ERROR {exc}"
    except BourbonLabError as exc:
        return False, f"ERROR {path}: {one_line(exc)}"
    except Exception as exc:  # an engine bug must not hide the other files' results
        return False, f"ERROR {path}: internal error {type(exc).__name__}: {exc}"
    return result.passed, str(result)


def _game_of(path: Path) -> str | None:
    """The game a scenario file names (None when it cannot be read: the check then reports why)."""
    try:
        return Scenario.load(path).spec.game
    except (BourbonLabError, OSError):
        return None


def cmd_check(args) -> int:
    """Run every scenario's expectations; exit 1 if any file failed or could not be read."""
    game = getattr(args, "game", None)
    own = Path(DEFAULT_FOLDER) / str(game)
    files = scenario_files(args.paths or ([own] if game and own.is_dir() else None))
    if game and not args.paths:  # the whole folder: this game's lessons, not the other games' files
        files = [f for f in files if _game_of(f) in (game, None)]
    if not files:
        print(f"bourbon-lab check: no scenario files in {' '.join(args.paths or [DEFAULT_FOLDER])}", file=sys.stderr)
        return 1
    failed = 0
    for path in files:
        ok, text = check_file(path, game)
        failed += not ok
        print(text, flush=True)
    print(f"{len(files) - failed} of {len(files)} scenario(s) passed")
    return 1 if failed else 0


def cmd_replay(args) -> int:
    """Print one game of a scenario turn by turn: the game's own report, else its events one a line."""
    sc = Scenario.load(args.file)
    if getattr(args, "game", None) not in (None, sc.spec.game):
        raise ScenarioError(args.file, None, f"a {sc.spec.game} scenario, not {args.game} (--game)")
    seed = sc.seeds[0] if args.seed is None else args.seed
    game, _ = play(sc.spec, seed)
    start = len(sc.spec.snapshot.get("log") or ()) if sc.spec.snapshot else 0
    sys.stdout.write(replay_text(sc.spec, game, seed, start))
    return 0


def cmd_postgame(args) -> int:
    """Print a playtest's post-game summary; with ``--html``, write its page too."""
    from .postgame import postgame

    sc = Scenario.load(args.file)
    if getattr(args, "game", None) not in (None, sc.spec.game):
        raise ScenarioError(args.file, None, f"a {sc.spec.game} scenario, not {args.game} (--game)")
    humans = None if args.humans is None else _seats(args.humans)
    pg = postgame(sc, humans=humans, advisor=args.advisor, rollouts=args.rollouts, seed=args.seed)
    print(pg)
    if args.html:
        pg.page(args.html)
        print(f"wrote {args.html}")
    return 0


def _seats(text: str) -> list[int]:
    try:
        return [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise ScenarioError("--humans", None, f"takes seat numbers like 0,2; got {text!r}") from None


def register(subparsers) -> None:
    """Add ``check``, ``replay`` and ``postgame`` to the ``bourbon-lab`` command."""
    p = subparsers.add_parser("check", help="run every scenario's expectations: one PASS/FAIL line per file")
    p.add_argument("paths", nargs="*", help=f"scenario files or folders (default: {DEFAULT_FOLDER}/)")
    p.set_defaults(func=cmd_check)
    p = subparsers.add_parser("replay", help="print a scenario's game turn by turn")
    p.add_argument("file", help="a scenario .yaml file")
    p.add_argument("--seed", type=int, default=None, help="which game (default: the scenario's first seed)")
    p.set_defaults(func=cmd_replay)
    p = subparsers.add_parser(
        "postgame",
        help="a playtest's points by source per round, and each human decision against the strongest bot",
        epilog="Where a person and the bot differ, both choices are played on by the default bots --rollouts times "
        "from the same re-dealt worlds; the difference is the person's final lead minus the bot's, with a 95 %% "
        "interval.",
    )
    p.add_argument("file", help="a playtest .yaml file (save_playtest)")
    p.add_argument("--rollouts", type=int, default=8, help="playouts per action where they differ (default 8)")
    p.add_argument("--humans", default=None, help="seats people played, like 0,2 (default: the file's humans:)")
    p.add_argument("--advisor", default=None, help="the bot to ask (default: the game's strongest, bl STRONGEST)")
    p.add_argument("--seed", type=int, default=0, help="seeds the advisor and the playouts (default 0)")
    p.add_argument("--html", default=None, help="also write the post-game page here (offline HTML)")
    p.set_defaults(func=cmd_postgame)
