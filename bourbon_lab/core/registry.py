"""Games by name: ``register_game`` files a ``GameDef``; ``games``, ``new_game`` and friends read it.

Built-in games register lazily (``bourbon_lab.games`` calls ``register_lazy`` with a module path
when ``bourbon_lab`` is imported), so listing names imports no game; the first real use imports
the game's package, which calls ``register_game``. This module imports no game. Like
OpenSpiel's ``register_game``/``load_game`` and pgx's ``available_envs``/``make``: nothing
else in the lab lists games.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from .errors import BourbonLabError, UnknownGame
from .protocol import GameInfo, GameState

Narrate = Callable[[Any, int | None], str | None]
"""A game's sentence for one event: ``narrate(event, viewer) -> str`` (``None``: use the lab's generic sentence)."""


@dataclass(frozen=True)
class BoardDef:
    """A game's own board for the notebook and the dashboard: front-end files and a view model.

    ``view(state, viewer)`` returns the JSON-safe dict the game's ESM draws (``viewer`` is a seat,
    or ``None`` for a hot-seat table: the seat to act). ``esm`` and ``css`` are files inside the
    game's package; an anywidget ESM (``export default { render }``) that draws the ``state``
    trait and plays a click by setting ``action``. Without ``esm`` the lab's generic board draws
    the model. Plain data and functions: the game imports nothing from the widgets.
    """

    view: Callable[[Any, int | None], dict[str, Any]]
    esm: Path | None = None
    css: Path | None = None


DEFAULT_GAME = "bourbonomics"
"""The game meant by a ruleset without ``game``, a scenario without ``game:``, a command without ``--game``."""


@dataclass(frozen=True)
class ViewSeats:
    """Where a game's ``view(player)`` holds seats, so the hashed RL view can turn them to the viewer.

    ``by_seat`` paths lead to a list indexed by seat number (or a dict keyed by it); ``seat_numbers``
    paths lead to a seat number, or a list of them. A path is view keys joined by dots, ``*`` standing
    for any one key or list position (``spaces.*``, ``awards.*.players``).
    """

    by_seat: tuple[str, ...] = ("players",)
    seat_numbers: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameDef:
    """One game: its facts, its ruleset class, and how to start or restore a table.

    ``new(rules, players, seed, **options)`` deals a table; ``restore(snapshot)`` rebuilds one
    from ``state.snapshot()`` (after a JSON round trip). ``columns`` (a ``GameColumns``, optional)
    declares the game's own columns of the simulation tables. ``action_index(rules, players)``
    (optional) gives the fixed numbering of actions the RL adapters use (``bourbon_lab/rl/``,
    ``docs/rl-adapters.md``); without it they number the legal actions in the order listed.
    ``encoder(rules, players)`` (optional) gives the adapters' observation read from the state: an
    object with ``size`` and ``encode(state, player, out)`` writing what ``player`` may see into
    ``out``, a zeroed buffer of ``size`` floats; without it they hash ``view(player)`` (``rl/observation.py``).
    ``narrate`` and ``board`` (optional) are how the game is presented: its sentences for its
    events and its own board (``BoardDef``); without them the widgets use generic ones.
    ``invariants(state)`` (optional) lists every law of the book the table breaks now (cards and
    tokens conserved, money never below zero…); the harness and ``bourbon-lab soak`` check it after
    every action. ``mechanics_file`` (optional, ``core.mechanics``) names each rule of the book with how
    the events table shows it firing; ``bourbon-lab coverage`` counts them. ``targets_file`` (optional)
    is the game's design targets (``design.targets``), what ``bourbon-lab targets --game`` checks by default.
    ``view_seats`` (``ViewSeats``) says where its view holds seats (by default a ``players`` list only).
    ``box_file`` (optional, ``core.box``) lists every pile, deck and token kind of the box with its count;
    ``locate(state)`` says where each is now and ``box_context(state)`` gives the table facts counts depend
    on (a flight, say): the harness and the soak then check after every action that nothing is created,
    lost, in two places or over its place's ceiling. ``secrets_file`` (optional, ``core.secrets``) declares what is
    hidden from whom and where it lives in the state; ``tests/test_secrets.py`` checks no seat can see another's.
    ``setup`` (optional) lists its setup choices (``core.optional``: Bourbonomics' distilleries); a ruleset
    class with ``names()``/``named(name)`` ships named rulesets. ``package`` (the game's package,
    ``__name__`` in its ``__init__``) is where ``part`` finds the game's own
    modules: ``bots`` (registers its bots), ``charts`` and ``metrics`` (its design extras).
    """

    info: GameInfo
    ruleset: Any
    new: Callable[..., GameState]
    restore: Callable[[dict], GameState]
    columns: Any = None
    action_index: Callable[[Any, int], Any] | None = None
    encoder: Callable[[Any, int], Any] | None = None
    narrate: Narrate | None = None
    board: BoardDef | None = None
    invariants: Callable[[Any], list[str]] | None = None
    mechanics_file: Path | None = None
    targets_file: Path | None = None
    view_seats: ViewSeats = ViewSeats()
    box_file: Path | None = None
    locate: Callable[[Any], Any] | None = None
    box_context: Callable[[Any], dict[str, Any]] | None = None
    secrets_file: Path | None = None
    package: str | None = None
    setup: tuple = ()
    """Optional ``core.optional.SetupChoice``s: choices made at the table before play, one per seat."""

    def part(self, name: str) -> Any:
        """The module ``name`` of the game's own folder (``bots``, ``charts``, ``metrics``...), or ``None``.

        A game is one folder: the layers above find its bots, charts and design extras by these
        well-known module names (``docs/adding-a-game.md``) instead of naming the game.
        """
        if self.package is None:
            return None
        try:
            return importlib.import_module(f"{self.package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{self.package}.{name}":
                raise
            return None

    @cached_property
    def mechanics(self) -> tuple:
        """The mechanics file, read and checked on first use: only the design tools need it, not every import."""
        if self.mechanics_file is None:
            return ()
        from .mechanics import load_mechanics

        return load_mechanics(self.mechanics_file, getattr(self.columns, "event_kinds", None))

    @cached_property
    def box(self) -> Any:
        """The box file, read and checked on first use (``None`` for a game that declares none)."""
        if self.box_file is None:
            return None
        from .box import load_box

        return load_box(self.box_file)

    @cached_property
    def secrets(self) -> tuple:
        """The secrets file, read and checked on first use: only the privacy test needs it, not every import."""
        if self.secrets_file is None:
            return ()
        from .secrets import load_secrets

        return load_secrets(self.secrets_file)

    @property
    def name(self) -> str:
        return self.info.name

    def default_rules(self) -> Any:
        return self.ruleset.default()

    def variants(self) -> list[dict[str, Any]]:
        """The named variants: ``name``, ``choices``, ``default``, ``description`` each."""
        return list(self.ruleset.variants())


_GAMES: dict[str, GameDef] = {}
_LAZY: dict[str, str] = {}


def register_game(game: GameDef) -> GameDef:
    """File ``game`` under its name (a later registration of the same name replaces it)."""
    if not isinstance(game, GameDef):
        raise TypeError(f"register_game takes a GameDef, got {type(game).__name__}")
    if getattr(game.ruleset, "game", None) != game.name:
        raise ValueError(f"{game.name}: its ruleset class says game = {getattr(game.ruleset, 'game', None)!r}")
    _GAMES[game.name] = game
    return game


def register_lazy(name: str, module: str) -> None:
    """Promise that importing ``module`` registers game ``name`` (imported on first use)."""
    _LAZY.setdefault(name, module)


def unregister_game(name: str) -> None:
    """Forget a game (tests register throwaway games and clean up after themselves)."""
    _GAMES.pop(name, None)
    _LAZY.pop(name, None)


def games() -> list[str]:
    """The names of every registered game, sorted.

    >>> "bourbonomics" in games()
    True
    """
    return sorted({*_GAMES, *_LAZY})


def get_game(name: str) -> GameDef:
    """The ``GameDef`` registered as ``name``; an unknown name raises ``UnknownGame`` with a hint."""
    if name not in _GAMES and name in _LAZY:
        importlib.import_module(_LAZY[name])
    if name not in _GAMES:
        known = games()
        close = difflib.get_close_matches(str(name), known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownGame(f"game: unknown game {name!r}{hint}; registered games: {', '.join(known)}")
    return _GAMES[name]


def game_of(rules: Any) -> str:
    """The name of the game a ruleset belongs to (``rules.game``; older rulesets mean the default)."""
    name = getattr(rules, "game", DEFAULT_GAME)
    if not isinstance(name, str):
        raise UnknownGame(f"rules.game: expected a game name, got {name!r}")
    return name


def default_rules(name: str = DEFAULT_GAME) -> Any:
    """A game's default ruleset: the book plus the project's defaults."""
    return get_game(name).default_rules()


def load_rules(name: str = DEFAULT_GAME, source: str | None = None) -> Any:
    """A game's ruleset read from ``source`` (a file, or a name its ruleset class knows), else its defaults.

    The one reading of a ``--ruleset`` option, for every command that takes one.
    """
    game = get_game(name)
    if not source:
        return game.default_rules()
    if not hasattr(game.ruleset, "load"):
        raise BourbonLabError(f"--ruleset: {game.name} rulesets cannot be read from a file yet")
    return game.ruleset.load(source)


def new_game(rules: Any, players: int, seed: int = 0, *args: Any, **options: Any) -> GameState:
    """Deal a table of the game ``rules`` belongs to; extra arguments go to that game (e.g. ``distilleries``).

    ``rules`` may be a game's name instead (``new_game("distilled", players=3)``): its default ruleset.
    """
    if isinstance(rules, str):
        rules = get_game(rules).default_rules()
    return get_game(game_of(rules)).new(rules, players, seed, *args, **options)


def restore(snapshot: dict, game: str | None = None) -> GameState:
    """Rebuild a table from a snapshot of the named game (default: the snapshot's ``game`` key, then the default)."""
    name = game or (snapshot.get("game") if isinstance(snapshot, dict) else None) or DEFAULT_GAME
    return get_game(name).restore(snapshot)


def describe() -> list[dict[str, Any]]:
    """One row per game: name, title, player counts, variants (what ``bourbon-lab games`` prints)."""
    rows = []
    for name in games():
        g = get_game(name)
        rows.append(
            {
                "name": name,
                "title": g.info.title,
                "players": f"{g.info.min_players}-{g.info.max_players}",
                "dynamics": ", ".join(g.info.dynamics),
                "variants": [v["name"] for v in g.variants()],
            }
        )
    return rows
