"""The scenario file format: read a YAML file, check every key and value, and say where a fault is.

Nothing is played here; ``run.py`` plays what this module has validated. Every fault is a
``ScenarioError`` naming the file and the line (and, for script items, the step).
"""

from __future__ import annotations

import json
import runpy
from dataclasses import dataclass, field
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
    get_game,
    yamlfile,
)
from ..core.errors import one_line
from ..core.house import HouseRule
from .checks import GENERIC, Where, scenario_part
from .errors import ScenarioError, did_you_mean
from .expect import parse_expectation
from .marked import load_marked
from .points import EndPoint, StepPoint

KEYS = (
    "game",
    "name",
    "description",
    "ruleset",
    "rules",
    "players",
    "distilleries",
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
MAX_GAMES = 1000
GENERIC_CHECKS = tuple(GENERIC)
"""What a scenario of a game other than the default may check so far (``expect:`` reads the default game's checks)."""


def _default_title() -> str:
    """The default game's title, for errors that say which game a key or check belongs to."""
    return get_game(DEFAULT_GAME).info.title


def _ruleset_class() -> Any:
    """The default game's ruleset class: its scenarios name rulesets and restore snapshots under one."""
    return get_game(DEFAULT_GAME).ruleset


@dataclass(frozen=True)
class ScriptStep:
    """One scripted action in its text form, with the line it is written on."""

    text: str
    line: int | None


@dataclass
class Spec:
    """A validated scenario: everything needed to play it, nothing played yet."""

    file: str
    name: str
    description: str = ""
    game: str = DEFAULT_GAME
    changes: dict = field(default_factory=dict)
    ruleset: str | None = None
    rules: Any = None
    players: int = 4
    distilleries: list | None = None
    bots: list | None = None
    seeds: list = field(default_factory=lambda: [0])
    snapshot: dict | None = None
    snapshot_file: str | None = None
    script: list = field(default_factory=list)
    expect: list = field(default_factory=list)
    humans: list | None = None
    """The seats people played (``humans: [0, 2]``, sorted), or None when the file does not say."""


def read_spec(text: str, file: str, base_dir: Path | None = None) -> Spec:
    """Validate scenario YAML ``text`` (from ``file``); ``base_dir`` resolves the snapshot path."""
    data = load_marked(text, file)
    top = Where(file, 1)
    if not isinstance(data, dict):
        raise top.fail("a scenario file is a mapping of keys (name, rules, players, ...)")
    for key in data:
        if key not in KEYS:
            raise top.at(data, key).fail(f"unknown key {key!r}{did_you_mean(key, KEYS)}; keys are {', '.join(KEYS)}")
    spec = Spec(file=file, name=_text(data, "name", top, Path(file).stem), description=_text(data, "description", top))
    spec.game = _read_game(data, top)
    house = _read_house_rules(data, top, base_dir or Path(file).parent)  # first: a snapshot may name them
    if spec.game != DEFAULT_GAME:
        spec = _with_house_rules(_read_other_game(spec, data, top, base_dir or Path(file).parent), house, data, top)
        return _read_humans(spec, data, top)
    _read_snapshot(spec, data, top, base_dir or Path(file).parent)
    _read_rules(spec, data, top)
    _with_house_rules(spec, house, data, top)
    _read_table(spec, data, top)
    _read_seeds(spec, data, top)
    _read_bots(spec, data, top)
    spec.script = _read_script(data, top)
    spec.expect = _read_expect(data, top)
    return _read_humans(spec, data, top)


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


def _read_expect(data, where: Where) -> list:
    expect = data.get("expect") or []
    if not isinstance(expect, list):
        raise where.at(data, "expect").fail("expect: takes a list of expectations (each starts with at: or after:)")
    return [parse_expectation(item, where.at(expect, i)) for i, item in enumerate(expect)]


def _read_other_game(spec: Spec, data, where: Where, base_dir: Path) -> Spec:
    """A scenario of another registered game: its rules, table, seeds, bots and script through the protocol.

    Its script is checked as it plays (each game parses its own actions); its expectations may use
    ``GENERIC_CHECKS`` at a step or at the end.
    """
    game = get_game(spec.game)
    if "ruleset" in data:
        raise where.at(data, "ruleset").fail(
            f"ruleset: names a {_default_title()} ruleset; {game.name} has no named rulesets"
        )
    _read_other_table(spec, game, data, where, base_dir)
    _read_seeds(spec, data, where)
    default = "heuristic" if "heuristic" in bot_names(game.name) else "random"
    _read_bots(spec, {**data, "bots": data.get("bots", default)}, where)
    script = data.get("script") or []
    if not isinstance(script, list) or not all(isinstance(t, str) for t in script):
        raise where.at(data, "script").fail("script: takes a list of actions in their text form")
    spec.script = [ScriptStep(t, where.at(script, i).line) for i, t in enumerate(script)]
    spec.expect = _read_expect(data, where)
    for e in spec.expect:
        other = [n for n in e.names if n not in GENERIC_CHECKS]
        if other:
            raise Where(where.file, e.line).fail(
                f"{other[0]}: a {_default_title()} check; a {game.name} scenario can check {', '.join(GENERIC_CHECKS)}"
            )
        if not isinstance(e.point, StepPoint | EndPoint):
            raise Where(where.file, e.line).fail(f"a {game.name} scenario checks at: end or after: {{step: K}}")
    return spec


def _read_other_table(spec: Spec, game, data, where: Where, base_dir: Path) -> None:
    """Another game's rules and players: from its snapshot, or its defaults with ``rules:`` changes."""
    if "distilleries" in data:
        raise where.at(data, "distilleries").fail(f"distilleries: {game.name} has no distilleries")
    if "snapshot" in data:
        _read_snapshot(spec, data, where, base_dir, needs_players=False)
        if "rules" in data or "players" in data:
            key = "rules" if "rules" in data else "players"
            raise where.at(data, key).fail(f"{key}: comes from the snapshot; leave it out")
        restored = check_snapshot(spec, where.at(data, "snapshot"))
        spec.rules, spec.players = restored.rules, restored.n
    else:
        changes = data.get("rules") or {}
        if not isinstance(changes, dict):
            raise where.at(data, "rules").fail("rules: takes a mapping of ruleset fields to change")
        try:
            spec.rules = game.default_rules().replace(**{str(k): v for k, v in changes.items()})
        except (BourbonLabError, ValueError, TypeError) as exc:
            raise where.at(data, "rules").fail(f"rules: {one_line(exc)}") from None
        spec.changes = dict(changes)
        players = data.get("players", game.info.min_players)
        lo, hi = game.info.min_players, game.info.max_players
        if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
            raise where.at(data, "players").fail(f"players: {players!r} is out of range {lo}-{hi}")
        spec.players = players


def _text(data, key: str, where: Where, default: str = "") -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise where.at(data, key).fail(f"{key} must be text, got {value!r}")
    return value.strip()


def _read_snapshot(spec: Spec, data, where: Where, base_dir: Path, needs_players: bool = True) -> None:
    if "snapshot" not in data:
        return
    w = where.at(data, "snapshot")
    name = data["snapshot"]
    if not isinstance(name, str):
        raise w.fail(f"snapshot: takes a file path (relative to this file), got {name!r}")
    path = base_dir / name
    snap = read_json(path, name, w)
    if not isinstance(snap, dict) or (needs_players and "players" not in snap):
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


def _read_rules(spec: Spec, data, where: Where) -> None:
    changes = data.get("rules") or {}
    w = where.at(data, "rules")
    if not isinstance(changes, dict):
        raise w.fail("rules: takes a mapping of ruleset fields to change, as Ruleset.replace takes them")
    base = _named_base(spec, data, where)
    if spec.snapshot and "rules" in spec.snapshot:
        if spec.ruleset:
            raise where.at(data, "ruleset").fail("ruleset: the snapshot holds its own ruleset; leave one of them out")
        try:
            base = _ruleset_class().from_dict(spec.snapshot["rules"], source="snapshot rules")
        except RulesetError as exc:
            field_name, why = exc.problems[0]
            raise where.at(data, "snapshot").fail(f"snapshot {spec.snapshot_file} rules: {field_name}: {why}") from None
    try:
        spec.rules = base.replace(**{str(k): v for k, v in changes.items()})
    except RulesetError as exc:
        field_name, why = exc.problems[0]
        more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
        raise where.at(changes, field_name.split("[")[0]).fail(f"rules: {field_name}: {why}{more}") from None
    spec.changes = dict(changes)
    if spec.snapshot:
        check_snapshot(spec, where.at(data, "snapshot"))  # refuse an impossible table before anything plays


def _named_base(spec: Spec, data, where: Where) -> Any:
    """The ruleset ``rules:`` changes: the defaults, or a named one (a lesson recorded on earlier numbers)."""
    ruleset = _ruleset_class()
    if "ruleset" not in data:
        return ruleset.default()
    name, known = data["ruleset"], ruleset.names()
    if not isinstance(name, str) or name not in known:
        hint = did_you_mean(name, known)
        raise where.at(data, "ruleset").fail(
            f"ruleset: unknown named ruleset {name!r}{hint}; known: {', '.join(known)}"
        )
    spec.ruleset = name
    return ruleset.named(name)


def _read_table(spec: Spec, data, where: Where) -> None:
    rules = spec.rules
    if spec.snapshot:
        spec.players = len(spec.snapshot["players"])
        spec.distilleries = [p["distillery"] for p in spec.snapshot["players"]]
        for key in ("players", "distilleries"):
            if key in data:
                raise where.at(data, key).fail(f"{key}: comes from the snapshot; leave it out")
        return
    players = data.get("players", 4)
    whole = isinstance(players, int) and not isinstance(players, bool)
    if not whole or not rules.min_players <= players <= rules.max_players:
        raise where.at(data, "players").fail(
            f"players: {players!r} is out of range {rules.min_players}-{rules.max_players}"
        )
    spec.players = players
    if "distilleries" in data:
        spec.distilleries = _per_seat(data["distilleries"], players, where.at(data, "distilleries"), "distilleries")
        known = list(rules.distilleries_by_id)
        for i, d in enumerate(spec.distilleries):
            if d not in known:
                w = where.at(data["distilleries"], i) if isinstance(data["distilleries"], list) else where
                raise w.at(data, "distilleries").fail(
                    f"unknown distillery {d!r}{did_you_mean(d, known)}; known: {', '.join(known)}"
                )


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


def _read_bots(spec: Spec, data, where: Where) -> None:
    value = data.get("bots", "heuristic")
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


def _read_script(data, where: Where) -> list[ScriptStep]:
    """The default game's script, each step read now so a typo fails as the file loads."""
    parse = scenario_part(DEFAULT_GAME).parse_action
    script = data.get("script") or []
    if not isinstance(script, list):
        raise where.at(data, "script").fail("script: takes a list of actions in their text form, like 'end turn'")
    steps = []
    for i, text in enumerate(script):
        line = where.at(script, i).line
        if not isinstance(text, str):
            raise ScenarioError(where.file, line, f"an action is text like 'end turn', got {text!r}", step=i + 1)
        try:
            parse(text)
        except ActionParseError as exc:
            raise ScenarioError(where.file, line, str(exc), step=i + 1) from None
        steps.append(ScriptStep(text, line))
    return steps


def check_snapshot(spec: Spec, where: Where | None = None) -> Any:
    """Restore the spec's snapshot under its rules, turning engine errors into a ScenarioError."""
    if spec.game != DEFAULT_GAME:
        try:
            return get_game(spec.game).restore(json.loads(json.dumps(spec.snapshot)))
        except (BourbonLabError, LookupError, TypeError, ValueError, AttributeError) as exc:
            why = f"snapshot {spec.snapshot_file} is not a {spec.game} snapshot: {type(exc).__name__} {exc}"
            raise (where or Where(spec.file, None)).fail(why) from None
    try:
        return get_game(spec.game).restore(spec.snapshot, rules=spec.rules)  # the default game takes rules=
    except SnapshotError as exc:
        raise (where or Where(spec.file, None)).fail(f"snapshot {spec.snapshot_file}: {exc.field}: {exc.why}") from None
    except BourbonLabError as exc:
        why = f"snapshot {spec.snapshot_file} cannot be restored: {one_line(exc)}"
        raise (where or Where(spec.file, None)).fail(why) from None
