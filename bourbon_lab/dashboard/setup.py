"""What a study starts from: a ruleset, players, bots, games and a seed, read from a scenario file or an upload.

Scenario files are data only: they are read with the bounded safe reader
``bourbon_lab.core.yamlfile`` (and through ``bourbon_lab.scenarios`` when that layer is
installed), never executed. An upload is capped in size and refused with one readable line
when it is malformed, not UTF-8, too deep or an alias bomb. A setup may be of any
registered game (a scenario's ``game:`` key, or ``StudySetup.for_game``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import (
    DEFAULT_GAME,
    BourbonLabError,
    FileFormatError,
    RulesetType,
    default_rules,
    game_of,
    get_game,
    yamlfile,
)
from ..widgets.study import default_bot

MAX_UPLOAD_BYTES = 256 * 1024
"""Largest scenario upload accepted; real scenario files are a few KB."""

MAX_GAMES = 2000
"""Most games one dashboard study may ask for (a served app is shared by several people)."""

DEFAULT_GAMES = 40


class SetupError(BourbonLabError, ValueError):
    """A scenario or upload that cannot start a study; the message is one line for the page or the shell."""


@dataclass(frozen=True)
class StudySetup:
    """The inputs of a study: the rules and who plays how many games from which seed."""

    rules: RulesetType = field(default_factory=default_rules)  # the default game's, unless told
    players: int = 4
    bots: tuple[str, ...] = ("heuristic",)
    games: int = DEFAULT_GAMES
    seed: int = 0
    name: str = "defaults"

    @property
    def game(self) -> str:
        """The name of the game studied (the rules' game)."""
        return game_of(self.rules)

    @classmethod
    def for_game(cls, game: str = DEFAULT_GAME) -> StudySetup:
        """A game's defaults: its default rules, its own first table (``default_players``), its default bot."""
        bots = (default_bot(game),)
        return cls(rules=default_rules(game), players=default_players(game), bots=bots, name="defaults")

    def bot_list(self) -> list[str]:
        """One bot per player: a single name is used for everyone, a list must match the player count."""
        if len(self.bots) == 1:
            return list(self.bots) * self.players
        return list(self.bots)


def default_players(game: str) -> int:
    """Players at a study's tables unless told: the game's own table (``GameInfo.table``), else 4 within its counts."""
    info = get_game(game).info
    if info.table is not None:
        return info.table
    return min(max(4, info.min_players), info.max_players)


def _one_line(exc: Exception) -> str:
    text = str(exc).strip().replace(":\n  ", ": ").replace("\n  ", "; ").replace("\n", " ")
    return text[:400]


def _int(data: dict, key: str, default: int, lo: int, hi: int, where: str) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SetupError(f"{where}: {key} must be a whole number from {lo} to {hi}, got {value!r}")
    return value


def _bots(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(b, str) for b in value):
        raise SetupError(f"{where}: bots must be a bot name or a list of names, got {value!r}")
    return tuple(value)


def setup_from_data(data: Any, where: str = "scenario") -> StudySetup:
    """A study setup from a parsed scenario mapping (``rules:``, ``players:``, ``bots:``, ``games:``, ``seed:``).

    Parameters
    ----------
    data : Any
        The parsed YAML.
    where : str
        The file name, used in messages.

    Returns
    -------
    StudySetup
    """
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise SetupError(
            f"{where}: expected a mapping with rules, players, bots, games, seed; got {type(data).__name__}"
        )
    rules_data = data.get("rules") or {}
    try:
        game = get_game(str(data.get("game", DEFAULT_GAME)))
        from_dict = getattr(game.ruleset, "from_dict", None)  # a ruleset class that reads a mapping itself says where
        if from_dict is not None:
            rules = from_dict(rules_data, source=f"{where} rules")
        else:
            rules = game.default_rules().replace(**rules_data)
    except BourbonLabError as exc:
        raise SetupError(f"{where}: {_one_line(exc)}") from None
    info = game.info
    return StudySetup(
        rules=rules,
        players=_int(data, "players", default_players(game.name), info.min_players, info.max_players, where),
        bots=_bots(data.get("bots", default_bot(game.name)), where),
        games=_int(data, "games", DEFAULT_GAMES, 1, MAX_GAMES, where),
        seed=_int(data, "seed", 0, 0, 2**31 - 1, where),
        name=str(data.get("name") or Path(where).stem),
    )


def _from_scenarios_layer(text: str, name: str, base_dir: Path | None = None) -> StudySetup | None:
    """Read through ``bourbon_lab.scenarios`` when that layer exists (it checks scripts and expectations too).

    A scenario's seeds become the study's first seed and its number of games.
    """
    try:
        from ..scenarios import Scenario
    except ImportError:
        return None
    try:
        spec = Scenario.from_text(text, file=name, base_dir=base_dir).spec
    except BourbonLabError as exc:
        raise SetupError(_one_line(exc)) from None
    game = getattr(spec, "game", DEFAULT_GAME)
    bots = tuple(b or default_bot(game) for b in (spec.bots or [default_bot(game)]))
    seeds = list(spec.seeds) or [0]
    games = min(max(len(seeds), 1), MAX_GAMES)
    rules = spec.rules or default_rules(game)
    return StudySetup(rules, spec.players, bots, games, int(seeds[0]), spec.name or name)


def load_setup(path: str | Path | None = None, game: str | None = None) -> StudySetup:
    """The study setup of a scenario file, or a game's defaults when ``path`` is None.

    Parameters
    ----------
    path : str or Path, optional
        A scenario YAML file.
    game : str, optional
        The game (``--game``): its defaults without a file; with a file, the file must be of it.

    Returns
    -------
    StudySetup
    """
    if path is None:
        return StudySetup.for_game(get_game(game or DEFAULT_GAME).name)
    path = Path(path)
    if not path.is_file():
        raise SetupError(f"{path}: no such scenario file")
    if path.stat().st_size > MAX_UPLOAD_BYTES:
        raise SetupError(f"{path}: {path.stat().st_size} bytes is over the {MAX_UPLOAD_BYTES // 1024} KB limit")
    setup = parse_upload(path.read_bytes(), path.name, base_dir=path.parent)
    if game is not None and setup.game != get_game(game).name:
        raise SetupError(f"{path}: a {setup.game} scenario, not {game} (drop --game or pick another file)")
    return setup


def _safe_yaml(raw: bytes, name: str) -> Any:
    """Data only, bounded: not UTF-8, not YAML, alias bombs and deep nesting are one-line errors."""
    try:
        return yamlfile.load(yamlfile.decode(raw, name), name)
    except FileFormatError as exc:
        raise SetupError(str(exc)) from None


def parse_upload(raw: bytes, filename: str = "upload.yaml", base_dir: Path | None = None) -> StudySetup:
    """A study setup from uploaded bytes: size-capped, parsed as data only (safe YAML), never executed.

    Parameters
    ----------
    raw : bytes
        The file's content.
    filename : str
        The name the browser sent (used in messages only).
    base_dir : Path, optional
        Where a scenario file on disk lives, to find its snapshot; None for uploads, which may
        not refer to files on the server.

    Returns
    -------
    StudySetup
    """
    name = Path(filename or "upload.yaml").name
    if raw is None or len(raw) == 0:
        raise SetupError(f"{name}: the file is empty")
    if len(raw) > MAX_UPLOAD_BYTES:
        raise SetupError(f"{name}: {len(raw)} bytes is over the {MAX_UPLOAD_BYTES // 1024} KB limit")
    data = _safe_yaml(raw, name)
    if base_dir is None and isinstance(data, dict) and "snapshot" in data:
        raise SetupError(f"{name}: an uploaded scenario cannot refer to a snapshot file on the server")
    found = _from_scenarios_layer(raw.decode("utf-8"), name, base_dir)
    return found if found is not None else setup_from_data(data, name)
