"""The scenario file format: read a YAML file, check every key and value, and say where a fault is.

Nothing is played here; ``run.py`` plays what this module has validated. Every fault is a
``ScenarioError`` naming the file and the line (and, for script items, the step).
"""

from __future__ import annotations

import json
import runpy
from dataclasses import InitVar, dataclass, field
from pathlib import Path
from typing import Any

from ..bots.base import UnknownBot, bot_names, check_bot
from ..core import (
    DEFAULT_GAME,
    ActionParseError,
    BourbonLabError,
    FileFormatError,
    RulesetError,
    SnapshotError,
    games,
    get_game,
    yamlfile,
)
from ..core.errors import one_line
from ..core.house import HouseRule
from ..core.optional import (
    SetupChoiceError,
    check_setup,
    named_ruleset,
    restore_under,
    setup_choice,
    setup_choices,
    snapshot_setup,
)
from .checks import GENERIC, Where, part_of
from .errors import ScenarioError, did_you_mean
from .expect import parse_expectation
from .marked import load_marked

FIXED_KEYS = (
    "game",
    "name",
    "description",
    "ruleset",
    "rules",
    "players",
    "bots",
    "seed",
    "seeds",
    "games",
    "snapshot",
    "script",
    "expect",
    "house_rules",
    "humans",
)
"""The keys every scenario file may hold; a game's setup choices (``distilleries``...) come after ``players``."""

MAX_GAMES = 1000
GENERIC_CHECKS = tuple(GENERIC)
"""What a scenario of a game without its own scenario checks may check."""


def keys_of(game) -> tuple[str, ...]:
    """The keys a scenario of ``game`` (a ``GameDef``) may hold: the fixed ones, its setup choices after ``players``."""
    at = FIXED_KEYS.index("players") + 1
    return (*FIXED_KEYS[:at], *(c.name for c in setup_choices(game)), *FIXED_KEYS[at:])


@dataclass(frozen=True)
class ScriptStep:
    """One scripted action in its text form, with the line it is written on."""

    text: str
    line: int | None


@dataclass
class Spec:
    """A validated scenario: everything needed to play it, nothing played yet.

    ``setup`` holds the table's setup choices (choice name -> one value per seat; ``core.optional``), e.g.
    Bourbonomics' ``{"distilleries": [...]}``; ``distilleries`` is its old spelling (a keyword and an
    attribute reading and writing ``setup["distilleries"]``).
    """

    file: str
    name: str
    description: str = ""
    game: str = DEFAULT_GAME
    changes: dict = field(default_factory=dict)
    ruleset: str | None = None
    rules: Any = None
    players: int = 4
    setup: dict = field(default_factory=dict)
    bots: list | None = None
    seeds: list = field(default_factory=lambda: [0])
    snapshot: dict | None = None
    snapshot_file: str | None = None
    script: list = field(default_factory=list)
    expect: list = field(default_factory=list)
    humans: list | None = None
    """The seats people played (``humans: [0, 2]``, sorted), or None when the file does not say."""
    distilleries: InitVar[list | None] = None

    def __post_init__(self, distilleries) -> None:
        self.setup = dict(self.setup)
        if distilleries is not None and not isinstance(distilleries, property):
            self.setup["distilleries"] = list(distilleries)


def _get_distilleries(spec: Spec) -> list | None:
    return spec.setup.get("distilleries")


def _set_distilleries(spec: Spec, value) -> None:
    if value is None:
        spec.setup.pop("distilleries", None)
    else:
        spec.setup["distilleries"] = list(value)


Spec.distilleries = property(_get_distilleries, _set_distilleries, doc="Old spelling of ``setup['distilleries']``.")  # type: ignore[assignment]


def read_spec(text: str, file: str, base_dir: Path | None = None) -> Spec:
    """Validate scenario YAML ``text`` (from ``file``); ``base_dir`` resolves the snapshot path.

    One reader for every game: the keys are ``FIXED_KEYS`` plus the game's setup choices, and what its
    scenario part declares decides its checks, its points and whether its script is read as the file loads.
    """
    data = load_marked(text, file)
    top = Where(file, 1)
    if not isinstance(data, dict):
        raise top.fail("a scenario file is a mapping of keys (name, rules, players, ...)")
    spec = Spec(file=file, name="")
    spec.game = _read_game(data, top)
    game = get_game(spec.game)
    _check_keys(game, data, top)
    spec.name, spec.description = _text(data, "name", top, Path(file).stem), _text(data, "description", top)
    base_dir = base_dir or Path(file).parent
    house = _read_house_rules(data, top, base_dir)  # first: a snapshot may name them
    _read_snapshot(spec, data, top, base_dir)
    _read_rules(spec, game, data, top)
    _with_house_rules(spec, house, data, top)
    _read_table(spec, game, data, top)
    _read_seeds(spec, data, top)
    _read_bots(spec, data, top)
    spec.script = _read_script(spec, data, top)
    spec.expect = _read_expect(spec, data, top)
    return _read_humans(spec, data, top)


def _check_keys(game, data, where: Where) -> None:
    """Every key is one of ``game``'s; another game's setup choice is refused as a choice this game lacks."""
    keys = keys_of(game)
    for key in data:
        if key in keys:
            continue
        w = where.at(data, key)
        if any(key in (c.name for c in setup_choices(get_game(g))) for g in games()):
            try:
                setup_choice(game, str(key))
            except SetupChoiceError as exc:
                raise w.fail(str(exc)) from None
        raise w.fail(f"unknown key {key!r}{did_you_mean(key, keys)}; keys are {', '.join(keys)}")


def _read_humans(spec: Spec, data, where: Where) -> Spec:
    """``humans: [0, 2]``: the seats people played, each a seat of the table, none twice (kept sorted)."""
    if "humans" in data:
        w = where.at(data, "humans")
        try:
            spec.humans = check_humans(data["humans"], spec.players, where.file)
        except ScenarioError as exc:
            raise w.fail(exc.why) from None
    return spec


def check_humans(seats, players: int, file: str = "<humans>") -> list[int]:
    """``seats`` as a sorted list of seat numbers; a ``ScenarioError`` naming ``humans:`` otherwise.

    >>> check_humans((2, 0), players=3)
    [0, 2]
    """
    form = f"humans: takes a list of the seats people played, each 0-{players - 1} once, like [0, 2]; got {seats!r}"
    if isinstance(seats, str | bytes | dict) or not hasattr(seats, "__iter__"):
        raise ScenarioError(file, None, form)
    seats = list(seats)
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int):
            raise ScenarioError(file, None, form)
        if not 0 <= s < players:
            why = f"humans: seat {s} is not at a {players}-player table (seats 0-{players - 1})"
            raise ScenarioError(file, None, why)
    twice = sorted({s for s in seats if seats.count(s) > 1})
    if twice:
        raise ScenarioError(file, None, f"humans: seat {twice[0]} is named twice")
    return sorted(seats)


def _read_house_rules(data, where: Where, base_dir: Path) -> tuple:
    """The house rules a scenario takes from the ``.py`` file beside it, configured (core/house.py).

    ``house_rules: {file: rules.py, rules: [name, ...] or {name: {parameter: value}}}``
    """
    if "house_rules" not in data:
        return ()
    w = where.at(data, "house_rules")
    entry = data["house_rules"]
    form = "house_rules: takes {file: a .py file beside this one, rules: [names] or {name: {parameter: value}}}"
    if not isinstance(entry, dict) or not isinstance(entry.get("file"), str) or "rules" not in entry:
        raise w.fail(form)
    chosen = entry["rules"]
    chosen = {str(n): {} for n in chosen} if isinstance(chosen, list) else chosen
    if not isinstance(chosen, dict) or not all(isinstance(v, dict | None) for v in chosen.values()):
        raise w.fail(form)
    path = base_dir / entry["file"]
    if not path.is_file():
        raise w.fail(f"house_rules: no file {entry['file']} beside this scenario")
    try:
        names = runpy.run_path(str(path))
    except Exception as exc:  # noqa: BLE001  (a designer's file: whatever it raises is reported on one line)
        raise w.fail(f"house_rules: running {entry['file']} raised {type(exc).__name__}: {exc}") from None
    found = {k: v for k, v in names.items() if isinstance(v, HouseRule)}
    out = []
    for name, params in chosen.items():
        if name not in found:
            raise w.fail(f"house_rules: {entry['file']} defines no house rule {name!r}; it defines {sorted(found)}")
        try:
            out.append(found[name](**(params or {})))
        except RulesetError as exc:
            raise w.fail(f"house_rules: {one_line(exc)}") from None
    return tuple(out)


def _with_house_rules(spec: Spec, house: tuple, data, where: Where) -> Spec:
    if house:
        try:
            spec.rules = spec.rules.with_house_rules(*house)
        except RulesetError as exc:
            raise where.at(data, "house_rules").fail(f"house_rules: {one_line(exc)}") from None
    return spec


def _read_game(data, where: Where) -> str:
    name = data.get("game", DEFAULT_GAME)
    try:
        return get_game(name).name if isinstance(name, str) else get_game(repr(name)).name
    except BourbonLabError as exc:
        raise where.at(data, "game").fail(str(exc)) from None


def _read_expect(spec: Spec, data, where: Where) -> list:
    """The expectations, each with the checks and at the points its game's scenario part supports."""
    expect = data.get("expect") or []
    if not isinstance(expect, list):
        raise where.at(data, "expect").fail("expect: takes a list of expectations (each starts with at: or after:)")
    return [parse_expectation(item, where.at(expect, i), spec.game) for i, item in enumerate(expect)]


def _text(data, key: str, where: Where, default: str = "") -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise where.at(data, key).fail(f"{key} must be text, got {value!r}")
    return value.strip()


def _read_snapshot(spec: Spec, data, where: Where, base_dir: Path) -> None:
    if "snapshot" not in data:
        return
    w = where.at(data, "snapshot")
    name = data["snapshot"]
    if not isinstance(name, str):
        raise w.fail(f"snapshot: takes a file path (relative to this file), got {name!r}")
    path = base_dir / name
    snap = read_json(path, name, w)
    if not isinstance(snap, dict):
        raise w.fail(f"{name} is not a bourbon_lab snapshot (game.snapshot() output)")
    spec.snapshot, spec.snapshot_file = snap, str(path)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a snapshot can hold")


def read_json(path: Path, name: str, w: Where):
    """A JSON file's data; unreadable, non-UTF-8, malformed, too deep or non-finite input is a one-line error."""
    try:
        return json.loads(yamlfile.read_text(path), parse_constant=_no_constant)
    except FileFormatError as exc:
        raise w.fail(f"snapshot {name}: {exc.why}") from None
    except json.JSONDecodeError as exc:
        raise w.fail(f"snapshot {name} is not valid JSON (its line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise w.fail(f"snapshot {name} is nested too deeply to be a snapshot") from None
    except ValueError as exc:  # NaN/Infinity, or an integer of more than 4,300 digits
        raise w.fail(f"snapshot {name} holds an unreadable value: {exc}") from None


def _read_rules(spec: Spec, game, data, where: Where) -> None:
    """The rules: ``rules:`` changes on the base (a named ruleset, the defaults, or the snapshot's own rules)."""
    changes = data.get("rules") or {}
    if not isinstance(changes, dict):
        raise where.at(data, "rules").fail(
            "rules: takes a mapping of ruleset fields to change, as Ruleset.replace takes them"
        )
    base = _named_base(spec, game, data, where)
    if spec.snapshot is not None and "rules" in spec.snapshot:
        if spec.ruleset:
            raise where.at(data, "ruleset").fail("ruleset: the snapshot holds its own ruleset; leave one of them out")
        base = check_snapshot(spec, where.at(data, "snapshot"), rules=None).rules
    try:
        spec.rules = base.replace(**{str(k): v for k, v in changes.items()}) if changes else base
    except RulesetError as exc:
        field_name, why = exc.problems[0]
        more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
        raise where.at(changes, field_name.split("[")[0]).fail(f"rules: {field_name}: {why}{more}") from None
    except (BourbonLabError, ValueError, TypeError) as exc:
        raise where.at(data, "rules").fail(f"rules: {one_line(exc)}") from None
    spec.changes = dict(changes)


def _named_base(spec: Spec, game, data, where: Where) -> Any:
    """The ruleset ``rules:`` changes: the defaults, or one the game ships by name (a lesson on earlier numbers)."""
    if "ruleset" not in data:
        return game.default_rules()
    try:
        base = named_ruleset(game, data["ruleset"])
    except BourbonLabError as exc:
        raise where.at(data, "ruleset").fail(str(exc)) from None
    spec.ruleset = data["ruleset"]
    return base


def _read_table(spec: Spec, game, data, where: Where) -> None:
    """Players and setup choices: from the snapshot, or from the file.

    A snapshot is restored now, so an impossible table is refused before anything plays. The file's
    ``players:`` must be within the game's player counts (and its ruleset's, if it has them).
    """
    names = [c.name for c in setup_choices(game)]
    if spec.snapshot is not None:
        table = check_snapshot(spec, where.at(data, "snapshot"))
        spec.players = len(table.score_rows())
        try:
            spec.setup = snapshot_setup(game, spec.snapshot)
        except (LookupError, TypeError, ValueError, AttributeError) as exc:
            why = f"snapshot {spec.snapshot_file} holds no setup choices: {type(exc).__name__} {exc}"
            raise where.at(data, "snapshot").fail(why) from None
        for key in ("players", *names):
            if key in data:
                raise where.at(data, key).fail(f"{key}: comes from the snapshot; leave it out")
        return
    info, rules = game.info, spec.rules
    lo = max(info.min_players, _whole_or(getattr(rules, "min_players", None), info.min_players))
    hi = min(info.max_players, _whole_or(getattr(rules, "max_players", None), info.max_players))
    players = data.get("players", min(max(part_of(game).players, lo), hi))
    whole = isinstance(players, int) and not isinstance(players, bool)
    if not whole or not lo <= players <= hi:
        raise where.at(data, "players").fail(f"players: {players!r} is out of range {lo}-{hi}")
    spec.players = players
    try:
        spec.setup = check_setup(game, rules, players, {n: data[n] for n in names if n in data})
    except SetupChoiceError as exc:
        raise where.at(data, str(exc).partition(":")[0]).fail(str(exc)) from None


def _whole_or(value, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _per_seat(value, players: int, where: Where, what: str) -> list[str]:
    if isinstance(value, str):
        return [value] * players
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise where.fail(f"{what}: give one name for every seat, or a list with one per seat; got {value!r}")
    if len(value) != players:
        raise where.fail(f"{what}: {len(value)} given for {players} players")
    return list(value)


def _read_seeds(spec: Spec, data, where: Where) -> None:
    if "seed" in data and "seeds" in data:
        raise where.at(data, "seeds").fail("give seed: (with games:) or seeds:, not both")
    if "seeds" in data:
        seeds = data["seeds"]
        if not isinstance(seeds, list) or not seeds:
            raise where.at(data, "seeds").fail(f"seeds: takes a list of whole numbers, got {seeds!r}")
        if "games" in data:
            raise where.at(data, "games").fail("games: counts games from seed:; with seeds: leave it out")
        spec.seeds = [_whole(s, where.at(seeds, i), "seed", 0) for i, s in enumerate(seeds)]
        return
    seed = _whole(data.get("seed", 0), where.at(data, "seed"), "seed", 0)
    games = _whole(data.get("games", 1), where.at(data, "games"), "games", 1)
    if games > MAX_GAMES:
        raise where.at(data, "games").fail(f"games: {games} is out of range 1-{MAX_GAMES}")
    spec.seeds = list(range(seed, seed + games))


def _whole(value, where: Where, what: str, lo: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise where.fail(f"{what}: {value!r} is out of range (a whole number, at least {lo})")
    return value


def default_bot(game: str) -> str:
    """Who plays after the script unless the file says: the game's ``heuristic``, else ``random``."""
    return "heuristic" if "heuristic" in bot_names(game) else "random"


def _read_bots(spec: Spec, data, where: Where) -> None:
    value = data.get("bots", default_bot(spec.game))
    w = where.at(data, "bots")
    if value is None or value == "none" or value == []:
        spec.bots = None
        return
    spec.bots = _per_seat(value, spec.players, w, "bots")
    for i, name in enumerate(spec.bots):
        try:
            check_bot(name, spec.game)
        except UnknownBot as exc:
            raise (w.at(value, i) if isinstance(value, list) else w).fail(str(exc)) from None


def _read_script(spec: Spec, data, where: Where) -> list[ScriptStep]:
    """The script, its steps as text.

    A game whose scenario part reads actions (``parse_action``) has each step read now, so a typo fails as
    the file loads; another game's steps are checked as they play.
    """
    part = part_of(spec.game)
    like = f", like {part.action_example!r}" if part.action_example else ""
    script = data.get("script") or []
    if not isinstance(script, list):
        raise where.at(data, "script").fail(f"script: takes a list of actions in their text form{like}")
    steps = []
    for i, text in enumerate(script):
        line = where.at(script, i).line
        if not isinstance(text, str):
            raise ScenarioError(where.file, line, f"an action is text{like}, got {text!r}", step=i + 1)
        if part.parse_action is not None:
            try:
                part.parse_action(text)
            except ActionParseError as exc:
                raise ScenarioError(where.file, line, str(exc), step=i + 1) from None
        steps.append(ScriptStep(text, line))
    return steps


def check_snapshot(spec: Spec, where: Where | None = None, *, rules: Any = ...) -> Any:
    """The spec's snapshot restored under its rules (``rules=None``: the snapshot's own), for any game.

    A table no game could reach, or a file of another game, is a ScenarioError naming the snapshot file.
    """
    game = get_game(spec.game)
    rules = spec.rules if rules is ... else rules
    place = where or Where(spec.file, None)
    try:
        snap = json.loads(json.dumps(spec.snapshot))  # the table never shares a list with the spec
        return restore_under(game, snap, rules)
    except SnapshotError as exc:
        raise place.fail(f"snapshot {spec.snapshot_file}: {exc.field}: {exc.why}") from None
    except RulesetError as exc:
        field_name, why = exc.problems[0]
        raise place.fail(f"snapshot {spec.snapshot_file} rules: {field_name}: {why}") from None
    except BourbonLabError as exc:
        raise place.fail(f"snapshot {spec.snapshot_file} cannot be restored: {one_line(exc)}") from None
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        why = f"snapshot {spec.snapshot_file} is not a {spec.game} snapshot: {type(exc).__name__} {exc}"
        raise place.fail(why) from None
