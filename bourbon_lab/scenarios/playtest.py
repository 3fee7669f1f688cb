"""Saving a game played by people as a scenario file (seed + script) that replays to the identical log.

The save is checked before anything is written: the file's scenario is replayed and its
log compared with the game's. The write is atomic (a temp file beside the target, then a
rename), so an interrupted save leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import yaml

from ..games.bourbonomics.rules import Ruleset
from .checks import log_digest
from .errors import ScenarioError
from .scenario import Scenario


def rules_changes(rules: Ruleset, base: Ruleset | None = None) -> dict:
    """The YAML-safe fields of ``rules`` that differ from ``base`` (the defaults; what ``rules:`` takes)."""
    mine, theirs = rules.to_dict(), (base or Ruleset.default()).to_dict()
    return {k: v for k, v in mine.items() if v != theirs.get(k)}


def closest_base(rules: Ruleset) -> tuple[str | None, dict]:
    """The defaults (``None``) or the named ruleset ``rules`` differs least from, and the differences.

    A game played on the first draft then saves as ``ruleset: first-draft`` and no changes, not as
    the whole content of the first draft written out as changes to today's defaults.
    """
    best: tuple[str | None, dict] = (None, rules_changes(rules))
    for name in Ruleset.names():
        changes = rules_changes(rules, Ruleset.named(name))
        if len(changes) < len(best[1]):
            best = (name, changes)
    return best


def playtest_text(game, name: str, description: str = "") -> str:
    """The scenario YAML for ``game``: its table, seed and every chosen action, pinned by its log digest."""
    if not game.log or game.log[0].kind != "setup":
        raise ScenarioError(name, None, "only a game started with new_game can be saved as seed + script")
    base, changes = closest_base(game.rules)
    data = {
        "name": name,
        "description": description or f"A playtest of {game.n} players, {len(game.actions)} actions.",
        "ruleset": base,
        "rules": changes,
        "players": game.n,
        "distilleries": [p.distillery for p in game.players],
        "seed": game.seed,
        "bots": "none",
        "script": list(game.actions),
        "expect": [{"at": "end", "round": game.round, "log_digest": log_digest(game.log)}],
    }
    for key in ("ruleset", "rules"):
        if not data[key]:
            del data[key]
    head = "# A playtest saved by bourbon_lab: replay with `bourbon-lab replay`, check with `bourbon-lab check`.\n"
    return head + yaml.safe_dump(data, sort_keys=False, width=110, allow_unicode=True)


def save_playtest(game, path, name: str | None = None, description: str = "") -> Path:
    """Write ``game`` as a scenario file that replays to the identical log.

    Parameters
    ----------
    game : Game
        A game started with ``new_game`` and played through ``apply`` (finished or not).
    path : str or Path
        The ``.yaml`` file to write; replaced atomically if it exists.
    name, description : str
        Shown by ``check`` and ``replay`` (default name: the file's stem).

    Raises
    ------
    ScenarioError
        When the saved file would not replay to the same log; nothing is written then.
    """
    path = Path(path)
    text = playtest_text(game, name or path.stem, description)
    replayed = Scenario.from_text(text, str(path)).game()
    if log_digest(replayed.log) != log_digest(game.log):
        raise ScenarioError(str(path), None, "this game does not replay from its seed and actions; nothing written")
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
