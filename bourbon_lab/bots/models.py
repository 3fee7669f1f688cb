"""Learned models, kept by the ruleset they were trained on: in memory, and on disk as ``.npz`` + a JSON header.

A model is only good for the exact rules it learned (house rules included), the table size and the
training budget, and for the code that trained it: its key hashes the ruleset's ``fingerprint()``, the
player count, the budget, the feature format and the library's version. A second run of the same
ruleset finds it (in this process, or on disk from an earlier one); a changed rule has another
fingerprint, so another key, and trains anew. A file loaded for a ruleset it was not trained on is
refused by name (``ModelMismatch``), never played.

The folder is ``$BOURBON_LAB_MODELS`` when set, else ``bourbon_lab/models`` under the user's cache
folder (``$XDG_CACHE_HOME``, else ``~/.cache``). Processes sharing the folder train a key once: the first
holds the key's lock (``claim``) while it trains, and the others wait for it and load its file.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .. import __version__
from ..core.errors import BourbonLabError

FORMAT = 3
"""The features' and the file's layout; a change makes every saved model another key."""


class ModelMismatch(BourbonLabError, ValueError):
    """A saved model offered for a ruleset (or table size) it was not trained on."""


@dataclass
class Model:
    """A learned value: weights over ``Features`` columns, and what it was trained on and how."""

    game: str
    fingerprint: str
    players: int
    budget: dict[str, int]
    size: int
    weights: np.ndarray
    """The value of a state: weights over the ``Features`` columns (the lookahead's judge at a rollout's end)."""
    margin: float
    """How much better (in reward) than the heuristic's move another must play out (``inf``: never leave it)."""
    worlds: int
    """Re-dealt worlds each move is tried on (from the budget and the game's length)."""
    depth: int
    """Decisions each rollout plays (the budget's, or fewer in a long game)."""
    history: list[dict[str, Any]] = field(default_factory=list)
    version: str = __version__
    format: int = FORMAT

    @property
    def key(self) -> str:
        return model_key(self.game, self.fingerprint, self.players, self.budget, self.size)

    def header(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "fingerprint": self.fingerprint,
            "players": self.players,
            "budget": dict(self.budget),
            "size": self.size,
            "margin": self.margin,
            "worlds": self.worlds,
            "depth": self.depth,
            "version": self.version,
            "format": self.format,
            "history": self.history,
        }

    def check(self, rules: Any, players: int | None = None) -> None:
        """Refuse (``ModelMismatch``) a ruleset or table size this model was not trained on, naming both."""
        fingerprint = rules.fingerprint()
        game = getattr(rules, "game", self.game)
        if game != self.game or fingerprint != self.fingerprint:
            raise ModelMismatch(
                f"learned model: trained on {self.game} ruleset {self.fingerprint}, "
                f"offered for {game} ruleset {fingerprint}; train one for these rules (bl.train)"
            )
        if players is not None and players != self.players:
            raise ModelMismatch(
                f"learned model: trained at {self.players} players, offered for {players}; train one for {players}"
            )


def model_key(game: str, fingerprint: str, players: int, budget: dict[str, int], size: int) -> str:
    """What names a model: same rules, table, budget, format and library version, same model."""
    blob = json.dumps(
        [game, fingerprint, players, sorted(budget.items()), size, FORMAT, __version__], separators=(",", ":")
    )
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def folder() -> Path:
    """Where models are saved (``$BOURBON_LAB_MODELS``, else the user's cache folder)."""
    env = os.environ.get("BOURBON_LAB_MODELS")
    if env:
        return Path(env)
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "bourbon_lab" / "models"


def path_for(game: str, players: int, key: str) -> Path:
    """The file a model of this key is saved in (its header beside it, ``.json``)."""
    return folder() / f"{game}-{players}p-{key}.npz"


def save(model: Model, path: str | Path | None = None) -> Path:
    """Write the weights (``.npz``) and the header beside it (``.json``), each whole or not at all."""
    target = Path(path) if path is not None else path_for(model.game, model.players, model.key)
    target.parent.mkdir(parents=True, exist_ok=True)
    header = json.dumps(model.header(), indent=1, sort_keys=True)
    _atomic(
        target,
        lambda f: np.savez(f, weights=model.weights, header=np.array(header)),
    )
    _atomic(target.with_suffix(".json"), lambda f: f.write(header.encode()))
    return target


def _atomic(target: Path, write) -> None:
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load(path: str | Path, rules: Any = None, players: int | None = None) -> Model:
    """A saved model; with ``rules`` (and ``players``) it must have been trained on them, else ``ModelMismatch``."""
    with np.load(Path(path), allow_pickle=False) as data:
        header = json.loads(str(data["header"]))
        weights = np.array(data["weights"], dtype=np.float64)
    model = Model(
        game=header["game"],
        fingerprint=header["fingerprint"],
        players=int(header["players"]),
        budget={k: int(v) for k, v in header["budget"].items()},
        size=int(header["size"]),
        weights=weights,
        margin=float(header["margin"]),
        worlds=int(header["worlds"]),
        depth=int(header["depth"]),
        history=list(header.get("history", [])),
        version=header.get("version", ""),
        format=int(header.get("format", 0)),
    )
    if rules is not None:
        model.check(rules, players)
    return model


_MEMORY: dict[str, Model] = {}
_LOCK = threading.Lock()


def remembered(key: str) -> Model | None:
    """The model of this key trained or loaded in this process, if any."""
    with _LOCK:
        return _MEMORY.get(key)


def remember(model: Model) -> None:
    """Keep ``model`` for this process (forked workers inherit it)."""
    with _LOCK:
        _MEMORY[model.key] = model


def find(game: str, fingerprint: str, players: int, budget: dict[str, int], size: int) -> Model | None:
    """The model for this key: from memory, else from disk (then remembered), else None."""
    key = model_key(game, fingerprint, players, budget, size)
    found = remembered(key)
    if found is not None:
        return found
    path = path_for(game, players, key)
    if not path.exists():
        return None
    try:
        model = load(path)
    except (OSError, ValueError, KeyError):  # a half-written or foreign file: train again, and overwrite it
        return None
    if (model.format, model.version, model.fingerprint, model.game) != (FORMAT, __version__, fingerprint, game):
        return None
    remember(model)
    return model


def remembered_keys() -> tuple[str, ...]:
    """The keys of the models this process holds (a process pool started before one was trained lacks it)."""
    with _LOCK:
        return tuple(sorted(_MEMORY))


@contextmanager
def claim(game: str, players: int, key: str) -> Iterator[None]:
    """Hold this key's lock (a file beside its model) while the block runs: one process trains it at a time.

    Another process (a run's worker, a second notebook) asking for the same key waits here, then finds the
    model saved. Where the folder cannot be written, or the system has no ``flock``, nothing is held.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover  (Windows: no lock; a second process may train the key again)
        yield
        return
    path = path_for(game, players, key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.with_name(f".{path.stem}.lock"), "a+b")  # noqa: SIM115  (closed below)
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def forget_all() -> None:
    """Drop the models kept in memory (the files stay)."""
    with _LOCK:
        _MEMORY.clear()
