"""Saving a game played by people as a scenario file (seed + script) that replays to the identical log.

Any registered game saves the same way: ``game:``, its rules as a named ruleset it ships (the closest
one, if it ships any) plus changes, its player count, its setup choices (Bourbonomics' distilleries),
the seed and every action. ``humans:`` records which seats people played (``bl.postgame`` reads it).

The save is checked before anything is written: the file's scenario is replayed and its
log compared with the game's. The write is atomic (a temp file beside the target, then a
rename), so an interrupted save leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import yaml

from ..core import BourbonLabError, game_of, get_game
from ..core.errors import one_line
from ..core.optional import named_ruleset, ruleset_names, table_setup
from .checks import log_digest
from .errors import ScenarioError
from .format import check_humans
from .scenario import Scenario


def rules_changes(rules, base=None) -> dict:
    """The YAML-safe fields of ``rules`` that differ from ``base`` (its game's defaults; what ``rules:`` takes)."""
    mine, theirs = rules.to_dict(), (base or get_game(game_of(rules)).default_rules()).to_dict()
    return {k: v for k, v in mine.items() if v != theirs.get(k)}


def closest_base(rules) -> tuple[str | None, dict]:
    """The defaults (``None``) or the named ruleset ``rules`` differs least from, and the differences.

    A game played on the first draft then saves as ``ruleset: first-draft`` and no changes, not as
    the whole content of the first draft written out as changes to today's defaults. A game that ships
    no named rulesets saves its rules as changes to its defaults.
    """
    game = get_game(game_of(rules))
    best: tuple[str | None, dict] = (None, rules_changes(rules))
    for name in ruleset_names(game):
        changes = rules_changes(rules, named_ruleset(game, name))
        if len(changes) < len(best[1]):
            best = (name, changes)
    return best


def playtest_text(game, name: str, description: str = "", humans=None) -> str:
    """The scenario YAML for ``game``: its table, seed and every chosen action, pinned by its log digest.

    ``humans`` (seats people played) is written as a sorted ``humans:`` list; ``None`` leaves the key out.
    """
    gd = get_game(game_of(game.rules))
    players = len(game.score_rows())
    base, changes = closest_base(game.rules)
    data = {
        "name": name,
        "description": description or f"A playtest of {players} players, {len(game.actions)} actions.",
        "game": gd.name,
        "ruleset": base,
        "rules": changes,
        "players": players,
        **table_setup(gd, game),  # the game's setup choices, one value per seat
        "seed": game.seed,
        "bots": "none",
        "humans": None if humans is None else _Flow(check_humans(humans, players, name)),
        "script": list(game.actions),
        "expect": [{"at": "end", "round": game.round, "log_digest": log_digest(game.log)}],
    }
    for key in ("ruleset", "rules", "humans"):
        if data[key] is None or data[key] == {}:
            del data[key]
    head = "# A playtest saved by bourbon_lab: replay with `bourbon-lab replay`, check with `bourbon-lab check`.\n"
    return head + yaml.dump(data, Dumper=_Dumper, sort_keys=False, width=110, allow_unicode=True)


class _Flow(list):
    """A list written on one line (``humans: [0, 2]``)."""


class _Dumper(yaml.SafeDumper):
    """The safe dumper, with ``_Flow`` lists in flow style."""


_Dumper.add_representer(_Flow, lambda dumper, v: dumper.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))


def save_playtest(game, path, name: str | None = None, description: str = "", humans=None) -> Path:
    """Write ``game`` as a scenario file that replays to the identical log.

    Parameters
    ----------
    game : GameState
        A game of any registered game, started with ``new_game`` and played through ``apply``
        (finished or not).
    path : str or Path
        The ``.yaml`` file to write; replaced atomically if it exists.
    name, description : str
        Shown by ``check`` and ``replay`` (default name: the file's stem).
    humans : iterable of int, optional
        The seats people played, saved as ``humans: [0, 2]`` (sorted) for ``bl.postgame``;
        ``None`` (the default) leaves the key out.

    Raises
    ------
    ScenarioError
        When the saved file would not replay to the same log (a table not dealt by ``new_game``, or
        changed by hand), or ``humans`` names a seat twice or one the table does not have; nothing is
        written then.

    Examples
    --------
    >>> import tempfile, bourbon_lab as bl
    >>> game = bl.new_game(bl.default_rules("gin_crafters"), players=2, seed=1)
    >>> _ = game.apply(game.legal_actions()[0])
    >>> path = save_playtest(game, Path(tempfile.mkdtemp()) / "gin.yaml", humans=[0])
    >>> bl.Scenario.load(path).spec.humans
    [0]
    """
    path = Path(path)
    text = playtest_text(game, name or path.stem, description, humans)
    refused = "this game does not replay from its seed and actions"
    only = "only a game dealt by new_game and played through apply saves as seed + script; nothing written"
    try:
        replayed = Scenario.from_text(text, str(path)).game()
    except BourbonLabError as exc:
        raise ScenarioError(str(path), None, f"{refused} ({one_line(exc)}); {only}") from None
    if log_digest(replayed.log) != log_digest(game.log):
        raise ScenarioError(str(path), None, f"{refused} (its log differs); {only}")
    atomic_write(path, text)
    return path


def _write(fh, text: str) -> None:
    """Write in pieces (the step a test interrupts to prove a half write never shows)."""
    for i in range(0, len(text), 4096):
        fh.write(text[i : i + 4096])


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to a temp file in the same folder, flush it to disk, then rename it over ``path``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            _write(fh, text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
