"""A game's secrets as data: what is hidden from whom, where it lives in the state, and the book's words for it.

A game lists them in ``data/secrets.yaml`` (``GameDef.secrets``), so one property test
(``tests/test_secrets.py``) can check every game alike: over random play, a world where a seat's
secrets are re-dealt (``observe(p).determinise``) must look the same to every other seat, in its
view, its board, its narration and its RL observation. The file::

    secrets:
      - name: hand_gins                 # a word
        what: the gin cards in a player's hand
        hidden_from: others             # others (every seat but its owner) or everyone
        path: players.{seat}.gins       # where it lives in the state (below); a list of paths is one secret
        public: [count]                 # what the book lets the others know of it (count, kind, ...)
        rule: "Draw two cards each ..." # the book's sentence that makes it secret
        source: book                    # book (default), or ours: the book is silent and we hide it

A path is names and list positions joined by dots, read from the state by attribute or key: ``*``
is every item of a list (or value of a dict), ``*[built=false]`` only those whose field has that
value, ``{seat}`` the owner's entry of a list by seat (or of a dict keyed by the seat's number).
An ``others`` secret is owned seat by seat (``{seat}`` in its path) or by the one seat its ``owner``
path names (whoever is deciding, say); an ``everyone`` secret (deck order) has no owner.
``labels`` (optional) name the numbers a path reads as the events print them (the first names 0).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .entries import entry_name, entry_source
from .errors import BourbonLabError
from .yamlfile import load as load_yaml
from .yamlfile import read_text


class SecretsError(BourbonLabError, ValueError):
    """A secrets file that cannot be used; the message names the entry and the field."""


HIDDEN_FROM = ("others", "everyone")
_KEYS = {"name", "what", "hidden_from", "path", "owner", "public", "rule", "source", "labels"}
_SEGMENT = re.compile(r"^(?:\*(?:\[(\w+)=([\w-]+)\])?|\{seat\}|\w+)$")
_LITERALS: dict[str, Any] = {"true": True, "false": False, "null": None}


@dataclass(frozen=True)
class Secret:
    """One hidden thing of a game: its name, who may not see it, where it is, and why (the book)."""

    name: str
    what: str
    hidden_from: str
    paths: tuple[str, ...]
    rule: str
    public: tuple[str, ...] = ()
    owner: str | None = None
    source: str = "book"
    labels: tuple[str, ...] = ()

    @property
    def by_seat(self) -> bool:
        """Whether each seat owns its own copy (``{seat}`` in the path)."""
        return "{seat}" in self.paths[0]

    def owners(self, state: Any) -> list[int | None]:
        """The seats owning a copy now: every seat, the one ``owner`` names (none if it names none), or ``[None]``."""
        if self.hidden_from == "everyone":
            return [None]
        if self.by_seat:
            return list(range(state.n))
        seat = _one(state, self.owner)
        return [] if seat is None else [seat]

    def hidden_to(self, state: Any, viewer: int) -> list[int | None]:
        """The copies ``viewer`` may not see: another seat's, or the one nobody sees."""
        return [o for o in self.owners(state) if o != viewer]

    def values(self, state: Any, owner: int | None = None) -> list[Any]:
        """Every value the secret holds now (one owner's copy), in the state's order: the order is the secret too."""
        out: list[Any] = []
        for path in self.paths:
            out += _read(state, path.split("."), owner)
        return out

    def leaves(self, state: Any, owner: int | None = None) -> list[Any]:
        """Its values one by one: lists and dicts opened (``values`` keeps them, so a card between slots counts)."""
        return [leaf for v in self.values(state, owner) for leaf in _flat(v)]

    def words(self, state: Any, owner: int | None = None) -> set[str]:
        """Its values as the events and sentences would print them (numbers by their ``labels``)."""
        out = set()
        for v in self.leaves(state, owner):
            if isinstance(v, str):
                out.add(v)
            elif self.labels and isinstance(v, int) and 0 <= v < len(self.labels):
                out.add(self.labels[v])
        return out

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "what": self.what, "hidden_from": self.hidden_from}
        out["path"] = self.paths[0] if len(self.paths) == 1 else list(self.paths)
        for key in ("owner", "public", "labels"):
            if getattr(self, key):
                out[key] = list(getattr(self, key)) if key != "owner" else self.owner
        out["rule"] = self.rule
        if self.source != "book":
            out["source"] = self.source
        return out


def _step(node: Any, key: str) -> Any:
    if isinstance(node, dict):
        return node.get(key, node.get(int(key)) if key.isdigit() else None)
    if isinstance(node, list | tuple) and key.isdigit():
        return node[int(key)] if int(key) < len(node) else None
    return getattr(node, key, None)


def _read(node: Any, parts: list[str], owner: int | None) -> list[Any]:
    """The leaves under ``parts``; a missing key or ``None`` holds nothing (a washback outside the Distill phase)."""
    if node is None:
        return []
    if not parts:
        return [node]
    head, rest = parts[0], parts[1:]
    if head == "{seat}":
        return _read(_step(node, str(owner)), rest, owner)
    if head.startswith("*"):
        items = list(node.values()) if isinstance(node, dict) else list(node)
        m = _SEGMENT.match(head)
        if m and m.group(1):
            want = _literal(m.group(2))
            items = [x for x in items if _step(x, m.group(1)) == want]
        if not rest:
            return [x for x in items if x is not None]
        if len(rest) == 1 and rest[0] != "{seat}" and not rest[0].startswith("*"):  # a field of each (a pile's)
            return [v for x in items if x is not None and (v := _step(x, rest[0])) is not None]
        return [leaf for x in items for leaf in _read(x, rest, owner)]
    return _read(_step(node, head), rest, owner)


def _flat(node: Any) -> list[Any]:
    if isinstance(node, dict):
        node = list(node.values())
    if isinstance(node, list):
        return [leaf for x in node for leaf in _flat(x)]
    return [node]


def _literal(text: str) -> Any:
    if text in _LITERALS:
        return _LITERALS[text]
    return int(text) if text.lstrip("-").isdigit() else text


def _one(state: Any, path: str | None) -> int | None:
    found = _read(state, path.split("."), None) if path else []
    return found[0] if found and isinstance(found[0], int) else None


def load_secrets(path: str | Path) -> tuple[Secret, ...]:
    """Read and check a secrets file; a bad one is refused whole, naming the entry and field."""
    return parse_secrets(load_yaml(read_text(path), str(path)), str(path))


def parse_secrets(data: Any, source: str) -> tuple[Secret, ...]:
    """The secrets of a loaded file's data (``load_secrets`` says what is checked)."""
    if not isinstance(data, dict) or not isinstance(data.get("secrets"), list) or not data["secrets"]:
        raise SecretsError(f"{source}: secrets: expected a non-empty list of secrets")
    out: list[Secret] = []
    for i, raw in enumerate(data["secrets"]):
        where = f"{source}: secrets[{i}]"
        s = _secret(raw, where)
        if any(s.name == t.name for t in out):
            raise SecretsError(f"{where}.name: {s.name!r} is listed twice")
        out.append(s)
    return tuple(out)


def _text(raw: dict, key: str, where: str, hint: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise SecretsError(f"{where}.{key}: {hint}")
    return " ".join(value.split())


def _secret(raw: Any, where: str) -> Secret:
    name = entry_name(raw, where, _KEYS, SecretsError, "name, what, hidden_from, path and rule")
    where = f"{where} ({name})"
    hidden = raw.get("hidden_from")
    if hidden not in HIDDEN_FROM:
        raise SecretsError(f"{where}.hidden_from: {hidden!r} must be one of {', '.join(HIDDEN_FROM)}")
    source = entry_source(raw, where, SecretsError)
    paths = _paths(raw.get("path"), f"{where}.path")
    owner = raw.get("owner")
    if owner is not None:
        _paths(owner, f"{where}.owner")
    _owned(hidden, paths, owner, where)
    return Secret(
        name,
        _text(raw, "what", where, "say what the secret is"),
        hidden,
        paths,
        _text(raw, "rule", where, "quote the book's sentence that makes it secret (or, with source: ours, why)"),
        _words(raw.get("public"), f"{where}.public"),
        owner,
        source,
        _words(raw.get("labels"), f"{where}.labels"),
    )


def _paths(value: Any, where: str) -> tuple[str, ...]:
    listed = [value] if isinstance(value, str) else value
    if not isinstance(listed, list) or not listed:
        raise SecretsError(f"{where}: expected a path (players.{{seat}}.gins) or a list of paths, got {value!r}")
    for p in listed:
        bad = [s for s in str(p).split(".")] if isinstance(p, str) else [p]
        bad = [s for s in bad if not isinstance(s, str) or not _SEGMENT.match(s)]
        if bad:
            raise SecretsError(f"{where}: {p!r}: {bad[0]!r} is not a name, a position, *, *[field=value] or {{seat}}")
    return tuple(listed)


def _owned(hidden: str, paths: tuple[str, ...], owner: Any, where: str) -> None:
    seated = {"{seat}" in p for p in paths}
    if len(seated) > 1:
        raise SecretsError(f"{where}.path: either every path has {{seat}} or none does")
    if hidden == "everyone" and (True in seated or owner is not None):
        raise SecretsError(f"{where}.hidden_from: a secret hidden from everyone has no owner ({{seat}} or owner)")
    if hidden == "others" and (True in seated) == (owner is not None):
        raise SecretsError(
            f"{where}.owner: a secret hidden from the others has {{seat}} in its path or an owner, not both"
        )


def _words(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    listed = [value] if isinstance(value, str) else value
    if not isinstance(listed, list) or not all(isinstance(w, str) and w.strip() for w in listed):
        raise SecretsError(f"{where}: expected a word or a list of words, got {value!r}")
    return tuple(listed)
