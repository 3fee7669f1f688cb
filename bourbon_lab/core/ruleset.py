"""A ruleset built from ``FieldSpec``s: the base a data-driven game's ``Ruleset`` class extends.

A game writes its fields once (kind, range, group, *book* or *ours*) and its default values in
YAML beside its code; this class gives it validation that refuses a ruleset whole (naming every
bad field, with the YAML line), immutability, ``replace``, ``to_dict``/``to_yaml``, a stable
``fingerprint`` and ``variants()`` — everything the editor, the dashboard, the tuner and the run
stamps read. Subclass it::

    class Ruleset(FieldRuleset):
        game = "microbrew"
        FIELDS = (FieldSpec("target_points", "int", "scoring", "Points that end the game.", 10, 60, book=True), ...)
        DEFAULTS = Path(__file__).parent / "data" / "ruleset.yaml"
        TABS = ("scoring", "end")  # optional: the groups shown first as the editors' tabs

The editors (the notebook's and the dashboard's) read a ruleset's tab order through ``tabs_of`` and a
list field's entry names from its ``FieldSpec`` (``parts``, ``rows``, ``keys``), the same way for every game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import yaml

from . import house, yamlfile
from .errors import RulesetError
from .fields import FieldSpec


class FieldRuleset:
    """An immutable, validated set of values, one per ``FIELDS`` entry."""

    game: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[FieldSpec, ...]] = ()
    DEFAULTS: ClassVar[Path | Mapping[str, Any] | None] = None
    """A YAML file (or a mapping) of field -> default value: every field, nothing else."""
    TABS: ClassVar[tuple[str, ...]] = ()
    """The groups the editors show first as tabs, in this order; the other groups follow in the order
    ``FIELDS`` lists them. The default ``()`` is the fields' order alone. Read it with ``tabs_of``."""

    _default_cache: ClassVar[dict[type, FieldRuleset]] = {}

    def __init__(self, _source: str | None = None, _lines: dict | None = None, **values: Any):
        specs = {f.name: f for f in self.FIELDS}
        problems: list[tuple[str, str]] = []
        chosen: tuple = ()
        if "house_rules" in values:
            try:
                chosen = house.resolve(values.pop("house_rules"), self.game)
            except RulesetError as exc:
                problems += exc.problems
        problems += [(k, f"unknown field; fields are {sorted(specs)}") for k in values if k not in specs]
        problems += [(k, "missing") for k in specs if k not in values]
        clean: dict[str, Any] = {}
        for name, spec in specs.items():
            if name not in values:
                continue
            try:
                clean[name] = spec.coerce(values[name])
            except (TypeError, ValueError) as exc:
                problems.append((name, str(exc)))
                continue
            why = spec.check(clean[name])
            if why:
                problems.append((name, why))
        if not problems:
            problems = [(n, why) for n, why in self.check_together(clean)]
        if problems:
            raise RulesetError(problems, source=_source, lines=_lines)
        object.__setattr__(self, "_values", clean)
        object.__setattr__(self, "_house", chosen)
        # Each field also as a plain instance attribute, read without a call to __getattr__ (the rules and
        # bots read fields at every step); a name the class itself defines keeps going to the class, as before.
        fast = {name: value for name, value in clean.items() if not hasattr(type(self), name)}
        object.__getattribute__(self, "__dict__").update(fast)

    def check_together(self, values: dict[str, Any]) -> list[tuple[str, str]]:
        """Faults between fields (a minimum above a maximum); a game overrides this."""
        return []

    # --- immutable value

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # not set yet while unpickling
            raise AttributeError(name)
        if name.startswith(house.PREFIX):
            return house.knob_value(self._house, name)
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a ruleset is immutable: use .replace({name}=...)")

    def __reduce__(self):
        values = {f.name: f.to_yaml(self._values[f.name]) for f in self.FIELDS}
        return (_rebuild, (type(self), {**values, "house_rules": self._house} if self._house else values))

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and other._values == self._values  # type: ignore[attr-defined]
            and [r.ref() for r in other._house] == [r.ref() for r in self._house]  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        return hash((type(self), self.fingerprint()))

    def __repr__(self) -> str:
        changed = self.changes()
        inner = ", ".join(f"{k}={v!r}" for k, v in changed.items())
        return f"{type(self).__name__}({inner})" if changed else f"{type(self).__name__}.default()"

    # --- the RulesetType protocol

    @classmethod
    def default(cls) -> FieldRuleset:
        """The game's defaults as its data files give them (read once per process)."""
        if cls not in cls._default_cache:
            if cls.DEFAULTS is None:
                raise TypeError(f"{cls.__name__} names no DEFAULTS file")
            given = cls.DEFAULTS
            cls._default_cache[cls] = cls(**given) if isinstance(given, Mapping) else cls.from_yaml(given)
        return cls._default_cache[cls]

    @classmethod
    def from_yaml(cls, path: str | Path, base: FieldRuleset | None = None) -> FieldRuleset:
        """A ruleset from a YAML file: every field, or (with ``base``) the fields it changes."""
        text = yamlfile.read_text(path)
        node = yamlfile.compose(text, str(path))
        data = yamlfile.construct(node, str(path))
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise RulesetError([("(file)", "expected a mapping of field: value")], source=str(path))
        data = {"game": cls.game, **data}
        if data.pop("game") != cls.game:
            raise RulesetError([("game", f"this file is for another game, not {cls.game!r}")], source=str(path))
        values = {**(base.to_dict() if base is not None else {}), **data}
        return cls(_source=str(path), _lines=yamlfile.key_lines(node), **values)

    @classmethod
    def load(cls, source: str | Path) -> FieldRuleset:
        """A ruleset file (``--ruleset``, ``tuned.yaml``): the fields it names over the game's defaults."""
        if not Path(source).is_file():
            raise RulesetError([(str(source), f"no such {cls.game} ruleset file")], source=str(source))
        return cls.from_yaml(source, base=cls.default())

    def dump(self, path: str | Path) -> Path:
        """Write every field as YAML that ``load`` reads back to an equal ruleset."""
        return yamlfile.write_text(path, self.to_yaml())

    @classmethod
    def schema(cls) -> tuple[FieldSpec, ...]:
        return cls.FIELDS

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """The named variants: the fields where the book reads two ways."""
        default = cls.default()
        return [
            {
                "name": f.name,
                "choices": list(f.choices),
                "default": getattr(default, f.name),
                "description": f.description,
            }
            for f in cls.FIELDS
            if f.variant
        ]

    def replace(self, **changes: Any) -> FieldRuleset:
        """A new ruleset with ``changes`` (``house:<rule>.<param>`` too), validated whole."""
        fields, knobs = house.split_knobs(changes)
        chosen = house.set_knobs(self._house, knobs) if knobs else self._house
        return type(self)(**{**self._values, **fields, **({"house_rules": chosen} if chosen else {})})

    # --- house rules (core/house.py)

    @property
    def house_rules(self) -> tuple:
        """The house rules in this ruleset, configured (``with_house_rules``)."""
        return self._house

    def with_house_rules(self, *rules: Any) -> FieldRuleset:
        """The ruleset with house rules added (one of the same name is replaced), checked whole."""
        return type(self)(**{**self._values, "house_rules": house.with_rules(self._house, rules, self.game)})

    def without_house_rules(self) -> FieldRuleset:
        return type(self)(**self._values)

    def to_dict(self) -> dict[str, Any]:
        """JSON- and YAML-safe values by field name (and the house rules by name, parameters and source hash)."""
        out = {f.name: f.to_yaml(self._values[f.name]) for f in self.FIELDS}
        if self._house:
            out["house_rules"] = [r.ref() for r in self._house]
        return out

    def to_yaml(self) -> str:
        return yaml.safe_dump({"game": self.game, **self.to_dict()}, sort_keys=False, allow_unicode=True)

    def fingerprint(self) -> str:
        """A short stable hash of every value: the ruleset part of a run stamp."""
        blob = json.dumps({"game": self.game, **self.to_dict()}, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def changes(self, base: FieldRuleset | None = None) -> dict[str, Any]:
        """Fields whose value differs from ``base`` (default: the game's defaults)."""
        try:
            base = base or type(self).default()
        except (TypeError, RulesetError):
            return dict(self._values)
        out = {k: v for k, v in self._values.items() if base._values.get(k) != v}
        if self._house:
            out["house_rules"] = [r.ref() for r in self._house]
        return out


def tabs_of(rules: Any) -> tuple[str, ...]:
    """The groups a ruleset (or ruleset class) shows first as tabs, in order: its class's ``TABS``.

    ``FieldRuleset.TABS`` declares it (default ``()``: the schema's order); a game's ruleset class that
    is not a ``FieldRuleset`` may declare it the same way, and one without it gets ``()``.

    >>> class Rules(FieldRuleset):
    ...     TABS = ("market", "end")
    >>> tabs_of(Rules), tabs_of(FieldRuleset), tabs_of(object())
    (('market', 'end'), (), ())
    """
    cls = rules if isinstance(rules, type) else type(rules)
    return tuple(getattr(cls, "TABS", None) or ())


def groups_in_tab_order(groups: Any, tabs: tuple[str, ...] = ()) -> list[str]:
    """``groups`` (repeats dropped) in tab order: those named in ``tabs`` first, in that order, then the rest as given.

    >>> groups_in_tab_order(["table", "economy", "end", "economy"], ("end", "market"))
    ['end', 'table', 'economy']
    """
    found = list(dict.fromkeys(groups))
    return [g for g in tabs if g in found] + [g for g in found if g not in tabs]


def _rebuild(cls: type, values: dict[str, Any]) -> FieldRuleset:
    return cls(**values)
