"""A game's mechanics as data: each rule of the book named, with how the events table shows it firing.

A game lists them in ``data/mechanics.yaml`` (``GameDef.mechanics``); the design tools count them
(``bourbon-lab coverage``), and targets name them (``fires:<name>``), so a tuning run cannot
kill a rule unnoticed. A mechanic fires once per row of the ``events`` table whose ``kind`` is one
of its kinds and whose columns match ``where``:

- ``column: value`` (equal), ``column: [a, b]`` (one of), ``column: {at_least: n}`` / ``{at_most: n}``;
- ``column: null`` (the column is empty).

``expect_rare`` (optional) says, with figures, why the book itself makes a mechanic rare, so the
coverage report does not flag it as dead.

``actions`` (optional) names the actions by which a player chooses the mechanic, so restricted play
(``design/restricted.py``) can bar one seat from it: a list of patterns, each a regular expression
matched at the start of an action's text up to a word's end. ``sell`` matches ``sell B3 -> D07`` (not
``seller``), ``place brew`` matches ``place brew.2``, ``upgrade [a-z_]+ -> mega_expansion`` one Ultimate.
A mechanic that is not a choice (a market reset, end-of-round scoring), or whose choice the action's
text does not show, has none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from .entries import entry_name, entry_source
from .errors import BourbonLabError
from .yamlfile import load as load_yaml
from .yamlfile import read_text


class MechanicsError(BourbonLabError, ValueError):
    """A mechanics file that cannot be used; the message names the entry and the field."""


_KEYS = {"name", "kind", "where", "rule", "group", "source", "expect_rare", "actions"}
_TESTS = {"at_least", "at_most"}


@dataclass(frozen=True)
class Mechanic:
    """One rule of the book, read off the events table: rows of ``kinds`` matching ``where``."""

    name: str
    kinds: tuple[str, ...]
    rule: str
    where: tuple[tuple[str, Any], ...] = ()
    group: str = ""
    source: str = "book"
    expect_rare: str = ""
    actions: tuple[str, ...] = ()

    @cached_property
    def _pattern(self) -> re.Pattern[str] | None:
        return action_pattern(self.actions) if self.actions else None

    def matches(self, action: Any) -> bool:
        """Whether the action (or its text) is one of those by which a player chooses this mechanic."""
        return self._pattern is not None and self._pattern.match(str(action)) is not None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": list(self.kinds), "rule": self.rule}
        if self.where:
            out["where"] = dict(self.where)
        for key in ("group", "expect_rare"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.source != "book":
            out["source"] = self.source
        if self.actions:
            out["actions"] = list(self.actions)
        return out


def action_pattern(patterns: tuple[str, ...] | list[str]) -> re.Pattern[str]:
    """One regular expression for a mechanic's ``actions``: any of them, from the text's start to a word's end."""
    return re.compile("(?:" + "|".join(f"(?:{p})" for p in patterns) + r")(?!\w)")


def load_mechanics(path: str | Path, kinds: tuple[str, ...] | None = None, columns=None) -> tuple[Mechanic, ...]:
    """Read and check a mechanics file; a bad one is refused whole, naming the entry and field.

    ``kinds`` and ``columns`` (the events table's, when known) are what ``kind`` and ``where`` may name.
    """
    data = load_yaml(read_text(path), str(path))
    return parse_mechanics(data, str(path), kinds, columns)


def parse_mechanics(data: Any, source: str, kinds=None, columns=None) -> tuple[Mechanic, ...]:
    """The mechanics of a loaded file's data (``load_mechanics`` says what is checked)."""
    if not isinstance(data, dict) or not isinstance(data.get("mechanics"), list) or not data["mechanics"]:
        raise MechanicsError(f"{source}: mechanics: expected a non-empty list of mechanics")
    out: list[Mechanic] = []
    seen: set[str] = set()
    for i, raw in enumerate(data["mechanics"]):
        where = f"{source}: mechanics[{i}]"
        m = _mechanic(raw, where, kinds, columns)
        if m.name in seen:
            raise MechanicsError(f"{where}.name: {m.name!r} is listed twice")
        seen.add(m.name)
        out.append(m)
    return tuple(out)


def _mechanic(raw: Any, where: str, kinds, columns) -> Mechanic:
    name = entry_name(raw, where, _KEYS, MechanicsError, "name, kind and rule")
    rule = raw.get("rule")
    if not isinstance(rule, str) or not rule.strip():
        raise MechanicsError(f"{where}.rule: quote the book's sentence this mechanic comes from")
    source = entry_source(raw, where, MechanicsError)
    rare = raw.get("expect_rare") or ""
    return Mechanic(
        name,
        _kinds(raw.get("kind"), where, kinds),
        " ".join(rule.split()),
        _where(raw.get("where") or {}, where, columns),
        str(raw.get("group") or ""),
        source,
        " ".join(str(rare).split()),
        _actions(raw.get("actions"), f"{where} ({name})"),
    )


def _kinds(kind: Any, where: str, kinds) -> tuple[str, ...]:
    listed = [kind] if isinstance(kind, str) else kind
    if not isinstance(listed, list) or not listed or not all(isinstance(k, str) for k in listed):
        raise MechanicsError(f"{where}.kind: expected an event kind or a list of kinds, got {kind!r}")
    for k in listed:
        if kinds is not None and k not in kinds:
            raise MechanicsError(f"{where}.kind: {k!r} is not an event kind of the table; kinds: {', '.join(kinds)}")
    return tuple(listed)


def _actions(actions: Any, where: str) -> tuple[str, ...]:
    if actions is None:
        return ()
    if not isinstance(actions, list) or not actions:
        raise MechanicsError(f"{where}.actions: expected a list of action patterns (e.g. [sell]), got {actions!r}")
    for i, p in enumerate(actions):
        at = f"{where}.actions[{i}]"
        if not isinstance(p, str) or not p.strip() or p != p.strip():
            raise MechanicsError(f"{at}: {p!r} must be an action's text or a pattern, without spaces at its ends")
        try:
            compiled = re.compile(p)
        except re.error as exc:
            raise MechanicsError(f"{at}: {p!r} is not a regular expression: {exc}") from None
        if compiled.fullmatch("") is not None:
            raise MechanicsError(f"{at}: {p!r} matches an empty text, so it would match every action")
    return tuple(actions)


def _where(tests: Any, where: str, columns) -> tuple[tuple[str, Any], ...]:
    if not isinstance(tests, dict):
        raise MechanicsError(f"{where}.where: expected a mapping of column to value")
    for col, test in tests.items():
        if columns is not None and col not in columns:
            raise MechanicsError(f"{where}.where.{col}: not a column of the events table")
        if isinstance(test, dict) and (not test or set(test) - _TESTS):
            raise MechanicsError(f"{where}.where.{col}: use at_least or at_most, got {sorted(test)}")
    return tuple((str(c), t) for c, t in tests.items())
