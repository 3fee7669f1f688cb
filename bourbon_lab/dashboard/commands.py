"""``bourbon-lab dashboard`` and ``bourbon-lab publish``: registered by ``bourbon_lab.cli``; both take ``--game``."""

from __future__ import annotations

import sys
from dataclasses import replace

from ..core import get_game
from .setup import MAX_GAMES, SetupError, load_setup


def _dashboard(args) -> int:
    from .app import serve

    load_setup(args.scenario, args.game)  # refuse a bad file with one line before the server starts
    if not 0 < args.port < 65536:
        raise SetupError(f"--port: {args.port} is not a port number")
    serve(args.scenario, port=args.port, show=not args.no_show, game=args.game)
    return 0


def _publish(args) -> int:
    from .publish import publish_site

    setup = load_setup(args.scenario, args.game)
    if args.games is not None:
        if not 1 <= args.games <= MAX_GAMES:
            raise SetupError(f"--games: {args.games} is outside 1-{MAX_GAMES}")
        setup = replace(setup, games=args.games)
    if args.players is not None:
        info = get_game(setup.game).info
        if not info.min_players <= args.players <= info.max_players:
            raise SetupError(f"--players: {args.players} is outside {info.min_players}-{info.max_players}")
        setup = replace(setup, players=args.players)
    index = publish_site(setup, args.out)
    print(f"wrote {index} (open it from disk; no server or network needed)", file=sys.stdout)
    return 0


def register(subparsers) -> None:
    """Add the ``dashboard`` and ``publish`` sub-commands."""
    p = subparsers.add_parser("dashboard", help="serve the study dashboard on 127.0.0.1 (works offline)")
    p.add_argument("--scenario", help="a scenario YAML file to start from (default: the defaults)")
    p.add_argument("--port", type=int, default=5006, help="port on 127.0.0.1 (default 5006)")
    p.add_argument("--no-show", action="store_true", help="do not open a browser (tests, remote use)")
    p.add_argument("--game", default=None, help="the game to start with (default bourbonomics; the page can switch)")
    p.set_defaults(func=_dashboard)

    p = subparsers.add_parser("publish", help="write a static report folder that opens from disk")
    p.add_argument("--scenario", help="a scenario YAML file (default: the defaults)")
    p.add_argument("--out", required=True, help="the folder to write")
    p.add_argument("--games", type=int, default=None, help="games to simulate (default: the scenario's)")
    p.add_argument("--players", type=int, default=None, help="players per game (default: the scenario's)")
    p.add_argument("--game", default=None, help="the game (default bourbonomics, or the scenario's)")
    p.set_defaults(func=_publish)
