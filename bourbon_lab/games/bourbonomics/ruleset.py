"""The Ruleset: every tunable number and all content, as one immutable, validated value."""

from __future__ import annotations

import difflib
import hashlib
import json
import os
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from ...core import house, yamlfile
from .content import (
    DEPARTMENTS,
    GRAINS,
    QUALITIES,
    RESOURCES,
    TAGS,
    ULTIMATES,
    DemandCard,
    Distillery,
    MashBill,
)
from .errors import FileFormatError, RulesetError, short
from .schema import CONTENT_FIELDS, FIELDS, GROUPS, SPECS, TABS, FieldSpec

_CONTENT_TYPES = {"mash_bills": MashBill, "demand_cards": DemandCard, "distilleries": Distillery}
_CONTENT_FILES = {
    "mash_bills": "mash_bills.yaml",
    "demand_cards": "demand_deck.yaml",
    "distilleries": "distilleries.yaml",
}


def _name(key: Any) -> str:
    """A field name as a message shows it: short text as is, anything else as a cut ``repr``."""
    return key if isinstance(key, str) and len(key) <= 60 else short(key)


def _did_you_mean(name: str, known) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _read_yaml(path: Path) -> tuple[Any, dict[str, int]]:
    """A ruleset file's data and the line of each field (content entries as ``mash_bills[M26]``)."""
    source = str(path)
    try:
        node = yamlfile.compose(yamlfile.read_text(path), source)
        data = yamlfile.construct(node, source)
    except FileFormatError as exc:
        why = f"line {exc.line}: {exc.why}" if exc.line else exc.why
        raise RulesetError([(source, why)], source=source) from None
    if isinstance(data, dict) and isinstance(data.get("rules"), dict):
        node = yamlfile.child(node, "rules")
    lines: dict[str, int] = dict(yamlfile.key_lines(node))
    for name in CONTENT_FIELDS:
        items = yamlfile.child(node, name)
        for i, item in enumerate(getattr(items, "value", None) if isinstance(items, yaml.SequenceNode) else ()):
            ident = yamlfile.child(item, "id")
            label = ident.value if isinstance(ident, yaml.ScalarNode) else i
            lines[f"{name}[{label}]"] = lines[f"{name}[{i}]"] = item.start_mark.line + 1
    return data, lines


class Ruleset:
    """Every rule number and all content of one version of Bourbonomics.

    Immutable: ``replace`` returns a validated copy, and an invalid change is
    refused whole with a ``RulesetError`` naming each bad field.

    >>> rules = Ruleset.default()
    >>> rules.zone_multipliers
    (1, 2, 3)
    >>> rules.replace(zone_multipliers=(1, 2, 4)).zone_multipliers
    (1, 2, 4)
    """

    game = "bourbonomics"
    TABS = TABS
    """The groups shown first as tabs, in this order (``widgets.labels.tab_order``)."""
    """The game this ruleset belongs to: ``bl.new_game`` dispatches on it (see ``bourbon_lab.core``)."""

    __slots__ = (
        tuple(SPECS)
        + CONTENT_FIELDS
        + ("bills_by_id", "cards_by_id", "distilleries_by_id", "derived", "_key", "house_rules")
    )

    def __init__(self, values: dict[str, Any], _prior: list[tuple[str, str]] | tuple[()] = ()):
        problems: list[tuple[str, str]] = list(_prior)
        clean: dict[str, Any] = {}
        values, chosen = _house_rules(values, problems)
        for spec in FIELDS:
            if spec.name not in values:
                problems.append((spec.name, "missing"))
                continue
            try:
                value = spec.coerce(values[spec.name])
            except (TypeError, ValueError) as exc:
                problems.append((spec.name, str(exc)))
                continue
            why = spec.check(value)
            if why:
                problems.append((spec.name, why))
            clean[spec.name] = value
        for name, kind in _CONTENT_TYPES.items():
            items, faults = _coerce_content(name, kind, values.get(name, ()))
            problems += faults
            if not faults:
                clean[name] = items
        bad = {name for name, _ in problems}
        problems.extend(_cross_checks({k: v for k, v in clean.items() if k not in bad}))
        if problems:
            raise RulesetError(problems)
        for name, value in clean.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "bills_by_id", MappingProxyType({b.id: b for b in self.mash_bills}))
        object.__setattr__(self, "cards_by_id", MappingProxyType({c.id: c for c in self.demand_cards}))
        object.__setattr__(self, "distilleries_by_id", MappingProxyType({d.id: d for d in self.distilleries}))
        # Tables other modules work out from the fields once and reuse (the rules' hot path).
        object.__setattr__(self, "derived", {})
        object.__setattr__(self, "house_rules", chosen)
        refs = tuple(repr(r.ref()) for r in chosen)
        object.__setattr__(self, "_key", tuple(clean[n] for n in (*SPECS, *CONTENT_FIELDS)) + refs)

    def __getattr__(self, name: str) -> Any:
        """``house:<rule>.<param>`` knobs read like fields (only names the class lacks come here)."""
        if name.startswith(house.PREFIX):
            return house.knob_value(object.__getattribute__(self, "house_rules"), name)
        raise AttributeError(f"Ruleset has no field {name!r}")

    def with_house_rules(self, *rules: Any) -> Ruleset:
        """The ruleset with house rules added (one of the same name is replaced), checked whole."""
        return Ruleset({**self.to_values(), "house_rules": house.with_rules(self.house_rules, rules, self.game)})

    def without_house_rules(self) -> Ruleset:
        values = self.to_values()
        values.pop("house_rules", None)
        return Ruleset(values)

    def __setattr__(self, name, value):
        raise AttributeError("a Ruleset is immutable: use rules.replace(...) for a changed copy")

    def __eq__(self, other):
        return isinstance(other, Ruleset) and self._key == other._key

    def __hash__(self):
        return hash(self._key)

    def __repr__(self):
        changed = self.changes()
        inner = ", ".join(f"{k}={v!r}" for k, v in changed.items())
        return f"Ruleset.default().replace({inner})" if changed else "Ruleset.default()"

    def __reduce__(self):
        return (Ruleset, (self.to_values(),))

    # --- construction
    @classmethod
    def default(cls) -> Ruleset:
        """The ruleset in ``bourbon_lab/games/bourbonomics/data/``: the book plus this project's defaults."""
        return _default()

    @classmethod
    def from_dict(cls, data: dict, *, source: str = "ruleset") -> Ruleset:
        """Defaults overlaid with ``data``; unknown keys are refused with a hint."""
        if not isinstance(data, dict):
            raise RulesetError([(source, f"expected a mapping of field: value, got {type(data).__name__}")], source)
        return _default()._changed(data)

    @classmethod
    def named(cls, name: str) -> Ruleset:
        """A ruleset the lab ships by name (``Ruleset.names()``).

        ``"first-draft"`` (the defaults before issue 15), ``"calibrated"``, ``"calibrated-2"`` and
        ``"calibrated-3"`` (issue 15; the defaults hold calibrated-3 now).
        """
        known = named_rulesets()
        if name not in known:
            hint = _did_you_mean(str(name), known)
            raise RulesetError([(str(name), f"no such named ruleset{hint}; known: {', '.join(known) or 'none'}")])
        return _named(name)

    @staticmethod
    def names() -> list[str]:
        """The named rulesets ``Ruleset.named`` (and ``load``, and every ``--ruleset``) accepts."""
        return named_rulesets()

    @classmethod
    def load(cls, path: str | os.PathLike) -> Ruleset:
        """Read a YAML ruleset; fields it leaves out keep their default values. A name from ``names()`` also works."""
        if not Path(path).is_file():
            if str(path) in named_rulesets():
                return _named(str(path))
            known = ", ".join(named_rulesets())
            raise RulesetError([(str(path), f"no such ruleset file (or named ruleset: {known})")], source=str(path))
        data, lines = _read_yaml(Path(path))
        data = {} if data is None else data
        if isinstance(data, dict) and isinstance(data.get("rules"), dict):
            data = data["rules"]
        try:
            return cls.from_dict(data, source=str(path))
        except RulesetError as exc:
            raise RulesetError(exc.problems, source=str(path), lines=lines) from None

    def replace(self, **changes: Any) -> Ruleset:
        """A validated copy with ``changes`` applied; the original is untouched."""
        return self._changed(changes)

    def _changed(self, changes: dict[str, Any]) -> Ruleset:
        changes, knobs = house.split_knobs(changes)
        known = (*SPECS, *CONTENT_FIELDS, "house_rules")
        unknown = [(_name(k), "unknown field" + _did_you_mean(str(k)[:100], known)) for k in changes if k not in known]
        values = self.to_values()
        values.update({k: v for k, v in changes.items() if k in known})
        if knobs:
            try:
                values["house_rules"] = house.set_knobs(self.house_rules, knobs)
            except RulesetError as exc:
                unknown += exc.problems
        return Ruleset(values, _prior=unknown)

    # --- export
    def to_values(self) -> dict[str, Any]:
        """Python values of every field and content list (what ``Ruleset(...)`` takes)."""
        out = {n: getattr(self, n) for n in (*SPECS, *CONTENT_FIELDS)}
        if self.house_rules:
            out["house_rules"] = self.house_rules
        return out

    def to_dict(self) -> dict[str, Any]:
        """A JSON/YAML-safe dict of the whole ruleset (house rules by name, parameters and source hash)."""
        out: dict[str, Any] = {spec.name: spec.to_yaml(getattr(self, spec.name)) for spec in FIELDS}
        for name in CONTENT_FIELDS:
            out[name] = [item.to_data() for item in getattr(self, name)]
        if self.house_rules:
            out["house_rules"] = [r.ref() for r in self.house_rules]
        return out

    def dump(self, path: str | os.PathLike) -> Path:
        """Write the whole ruleset as YAML, atomically (a temp file, then a rename)."""
        return yamlfile.write_text(path, self.to_yaml())

    def to_yaml(self) -> str:
        data = self.to_dict()
        parts = ["# A Bourbonomics ruleset for bourbon_lab (load with bl.Ruleset.load).\n"]
        for group in GROUPS:
            parts.append(f"\n# --- {group}\n")
            for s in FIELDS:
                if s.group == group:
                    parts.append(_yaml_entry(s.name, data[s.name]))
        for name in CONTENT_FIELDS:
            parts.append(f"\n# --- {name.replace('_', ' ')}\n")
            parts.append(yaml.safe_dump({name: data[name]}, sort_keys=False, default_flow_style=None, width=100))
        if self.house_rules:
            parts.append("\n# --- house rules (defined in Python; loading needs them defined first)\n")
            parts.append(yaml.safe_dump({"house_rules": data["house_rules"]}, sort_keys=False))
        return "".join(parts)

    def fingerprint(self) -> str:
        """A short stable hash of every value: the ruleset part of a run stamp."""
        blob = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def changes(self, base: Ruleset | None = None) -> dict[str, Any]:
        """Fields (and content lists) whose value differs from ``base`` (default: the defaults)."""
        base = base or _default()
        out = {n: getattr(self, n) for n in (*SPECS, *CONTENT_FIELDS) if getattr(self, n) != getattr(base, n)}
        if self.house_rules:
            out["house_rules"] = [r.ref() for r in self.house_rules]
        return out

    # --- schema
    @staticmethod
    def schema() -> tuple[FieldSpec, ...]:
        """Every tunable field with its kind, range, group and description."""
        return FIELDS

    @staticmethod
    def variants() -> list[dict[str, Any]]:
        """The named rule variants: where the rulebook reads two ways."""
        default = _default()
        return [
            {
                "name": s.name,
                "choices": list(s.choices),
                "default": getattr(default, s.name),
                "description": s.description,
            }
            for s in FIELDS
            if s.variant
        ]

    def allowed_range(self, name: str) -> tuple[float | None, float | None]:
        """A field's range from the schema, narrowed by this ruleset's content, for bounding a control.

        Start capital may not go so low that a distillery's own change would leave it below 0: on
        the defaults Lantern Hill starts 5 below it, so 5 is the floor; the first draft's lowest
        board (Hollow Creek, -3) allowed 3.

        >>> Ruleset.default().allowed_range("start_capital")
        (5, 50)
        >>> Ruleset.named("first-draft").allowed_range("start_capital")
        (3, 50)
        """
        spec = SPECS.get(name) or next((s for r in self.house_rules for s in r.specs() if s.name == name), None)
        if spec is None:
            raise KeyError(name)
        lo, hi = spec.lo, spec.hi
        if name == "start_capital" and self.distilleries:
            lowest = -min(d.capital for d in self.distilleries)
            lo = lowest if lo is None else max(lo, lowest)
        return lo, hi

    # --- derived numbers the engine reads
    def department_levels(self, department: str) -> tuple[int, ...]:
        return getattr(self, _LEVELS_FIELD[department])

    def upgrade_cost(self, nth: int) -> int:
        """Capital cost of a player's ``nth`` upgrade (1-based), shared across departments."""
        return self.upgrade_cost_first + (nth - 1) * self.upgrade_cost_step

    def odds_for(self, pile: str) -> tuple[int, ...]:
        for name, odds in self.pile_quality_odds:
            if name == pile:
                return odds
        return self.quality_odds


def _house_rules(values: dict[str, Any], problems: list[tuple[str, str]]) -> tuple[dict[str, Any], tuple]:
    """The values without ``house_rules``, and those rules resolved (a fault joins ``problems``)."""
    if "house_rules" not in values:
        return values, ()
    values = dict(values)
    try:
        return values, house.resolve(values.pop("house_rules"), "bourbonomics")
    except RulesetError as exc:
        problems += exc.problems
        return values, ()


def _yaml_entry(name: str, value: Any) -> str:
    """One top-level ``name: value`` block, compact where the value is small."""
    if isinstance(value, dict | list) and value:
        return yaml.safe_dump({name: value}, sort_keys=False, default_flow_style=None, width=100)
    text = yaml.safe_dump(value, default_flow_style=True).strip()
    return f"{name}: {text.removesuffix('...').strip()}\n"


def _coerce_content(name: str, kind, items) -> tuple[tuple, list[tuple[str, str]]]:
    """The content list as frozen values, or the faults naming each bad entry (``mash_bills[M26]``)."""
    if items is None:
        return (), []
    if not isinstance(items, (list, tuple)):
        return (), [(name, f"expected a list of entries, got {short(items)}")]
    out, faults = [], []
    for i, x in enumerate(items):
        if isinstance(x, kind):
            out.append(x)
            continue
        ident = x.get("id") if isinstance(x, dict) else None
        where = f"{name}[{ident if isinstance(ident, str | int) and not isinstance(ident, bool) else i}]"
        if not isinstance(x, dict):
            faults.append((where, f"an entry is a mapping of id, name, ..., got {short(x)}"))
            continue
        try:
            out.append(kind.from_data(x))
        except (TypeError, ValueError, KeyError, OverflowError) as exc:
            faults.append((where, str(exc).strip("'\"") if isinstance(exc, KeyError) else str(exc)))
    return tuple(out), faults


def _cross_checks(v: dict[str, Any]) -> list[tuple[str, str]]:
    """Checks between fields; each runs when the fields it reads were themselves valid."""
    problems: list[tuple[str, str]] = []
    for needs, check in _CROSS:
        if all(n in v for n in needs):
            problems += check(v)
    return problems


def _check_players(v) -> list[tuple[str, str]]:
    return [("min_players", "must not exceed max_players")] if v["min_players"] > v["max_players"] else []


def _check_zones(v) -> list[tuple[str, str]]:
    out = []
    if v["hot_zone_from"] >= v["crash_size"]:
        out.append(
            ("hot_zone_from", f"Hot from {v['hot_zone_from']} cards is at or above the crash size {v['crash_size']}")
        )
    if v["mid_zone_from"] >= v["hot_zone_from"]:
        out.append(("mid_zone_from", f"Mid from {v['mid_zone_from']} cards must be below Hot ({v['hot_zone_from']})"))
    return out


def _check_unique(name: str, items) -> list[tuple[str, str]]:
    seen, out = set(), []
    for item in items:
        if item.id in seen:
            out.append((name, f"duplicate id {item.id!r}"))
        seen.add(item.id)
    return out


def _check_bills(bills, high_corn: int) -> list[tuple[str, str]]:
    out = _check_unique("mash_bills", bills)
    if not bills:
        out.append(("mash_bills", "at least one mash bill is needed"))
    for b in bills:
        where = f"mash_bills[{b.id}]"
        counts = b.counts
        unknown = [k for k in counts if k not in RESOURCES]
        if unknown:
            out.append((where, f"unknown resource {unknown[0]!r}; resources are {list(RESOURCES)}"))
            continue
        if any(n < 0 for n in counts.values()):
            out.append((where, "resource counts must not be negative"))
        if counts.get("cask", 0) != 1:
            out.append((where, f"every recipe needs exactly 1 cask, this one has {counts.get('cask', 0)}"))
        if counts.get("corn", 0) < 1:
            out.append((where, "every recipe needs at least 1 corn"))
        if not any(counts.get(g, 0) for g in GRAINS):
            out.append((where, "every recipe needs at least 1 grain (rye, wheat or barley)"))
        out += _check_bill_tags(where, b, counts, high_corn)
        lo, hi = b.prime if len(b.prime) == 2 else (0, -1)
        if len(b.prime) != 2 or lo < 0 or hi < lo:
            out.append((where, f"prime window must be [first, last] with 0 <= first <= last, got {list(b.prime)}"))
        if b.bonus_sales < 0:
            out.append((where, "bonus_sales must not be negative"))
    return out


def _check_bill_tags(where: str, b: MashBill, counts: dict[str, int], high_corn: int) -> list[tuple[str, str]]:
    out = []
    if not b.tags:
        out.append((where, "a bourbon carries one or more tags"))
    for tag in b.tags:
        if tag not in TAGS:
            out.append((where, f"unknown tag {tag!r}" + _did_you_mean(tag, TAGS)))
    needs = {"Rye": ("rye",), "Wheat": ("wheat",), "Four-Grain": ("corn", "rye", "wheat", "barley")}
    for tag, grains in needs.items():
        if tag in b.tags and not all(counts.get(g, 0) for g in grains):
            out.append((where, f"tag {tag} needs {', '.join(grains)} in the recipe"))
    if "High-Corn" in b.tags and counts.get("corn", 0) < high_corn:
        out.append((where, f"tag High-Corn needs at least {high_corn} corn in the recipe (high_corn_corn)"))
    return out


def _check_cards(cards, bills) -> list[tuple[str, str]]:
    out = _check_unique("demand_cards", cards)
    if not any(c.is_open for c in cards):
        out.append(("demand_cards", "the deck needs at least one 'any bourbon' card for the opening market"))
    bill_tags = [set(b.tags) for b in bills]
    for c in cards:
        where = f"demand_cards[{c.id}]"
        bad = [t for t in c.tags if t not in TAGS]
        if bad:
            out.append((where, f"unknown tag {bad[0]!r}" + _did_you_mean(bad[0], TAGS)))
        elif c.tags and not any(set(c.tags) <= tags for tags in bill_tags):
            out.append((where, f"no mash bill carries all of {list(c.tags)}, so no bourbon could fill it"))
        if c.min_quality not in QUALITIES:
            out.append((where, f"unknown quality {c.min_quality!r}; qualities are {list(QUALITIES)}"))
        if c.min_age < 0:
            out.append((where, "min_age must not be negative"))
        if c.prestige < 0:
            out.append((where, "prestige must not be negative"))
    return out


def _check_distilleries(v: dict[str, Any]) -> list[tuple[str, str]]:
    out = _check_unique("distilleries", v["distilleries"])
    if not v["distilleries"]:
        out.append(("distilleries", "at least one distillery is needed"))
    for d in v["distilleries"]:
        where = f"distilleries[{d.id}]"
        if v["start_capital"] + d.capital < 0:
            total = str(v["start_capital"] + d.capital).replace("-", "\u2212")
            own = f"{d.capital:+d}".replace("-", "\u2212")
            why = f"{d.name} would start with {total} Capital (start capital {v['start_capital']}, {d.name} {own})"
            out.append(("start_capital", why))
        out += [(where, why) for why in _distillery_departments(v, d)]
    return out


def _unknown_department(dept: str) -> str | None:
    if dept in DEPARTMENTS:
        return None
    return f"unknown department {dept!r}" + _did_you_mean(dept, DEPARTMENTS)


def _distillery_departments(v: dict[str, Any], d: Distillery) -> list[str]:
    out = []
    for dept, level in d.levels:
        why = _unknown_department(dept)
        if why is None and not 0 <= level < len(v[f"{dept}_levels"]):
            why = f"{dept} starting level {level} is outside 0-{len(v[f'{dept}_levels']) - 1}"
        out += [why] if why else []
    for dept, change in d.caps:
        why = _unknown_department(dept)
        if why is None and v[f"{dept}_levels"][0] + change < 1:
            why = f"{dept} cap change {change:+d} leaves less than 1 at Base"
        out += [why] if why else []
    for dept, offered in d.ultimates:
        why = _unknown_department(dept)
        if why:
            out.append(why)
            continue
        out += [
            f"{u!r} is not a {dept} Ultimate" + _did_you_mean(u, ULTIMATES[dept])
            for u in offered
            if u not in ULTIMATES[dept]
        ]
    return out


_LEVELS_FIELD = {d: f"{d}_levels" for d in DEPARTMENTS}
_LEVELS = tuple(_LEVELS_FIELD.values())
_CROSS = (
    (("min_players", "max_players"), _check_players),
    (("mid_zone_from", "hot_zone_from", "crash_size"), _check_zones),
    (("mash_bills", "high_corn_corn"), lambda v: _check_bills(v["mash_bills"], v["high_corn_corn"])),
    (("mash_bills", "demand_cards"), lambda v: _check_cards(v["demand_cards"], v["mash_bills"])),
    (("distilleries", "start_capital", *_LEVELS), _check_distilleries),
)


@lru_cache(maxsize=1)
def _default() -> Ruleset:
    """The files in ``data/``."""
    return load_folder(_data_dir())


def _data_dir() -> Path:
    return Path(str(resources.files("bourbon_lab.games.bourbonomics") / "data"))


def named_rulesets() -> list[str]:
    """Folders under ``data/rulesets/``, each laid out like ``data/``: earlier defaults kept for comparison."""
    root = _data_dir() / "rulesets"
    return sorted(p.name for p in root.iterdir() if (p / "ruleset.yaml").is_file()) if root.is_dir() else []


@lru_cache(maxsize=8)
def _named(name: str) -> Ruleset:
    return load_folder(_data_dir() / "rulesets" / name)


def load_folder(data_dir: Path) -> Ruleset:
    """A ruleset from a folder laid out like ``data/``; a slip in one file is refused naming that file and line."""
    values, lines = _read_data(data_dir / "ruleset.yaml", None)
    for name, filename in _CONTENT_FILES.items():
        content, content_lines = _read_data(data_dir / filename, name)
        values[name] = content[name]
        lines.update({k: v for k, v in content_lines.items() if k.startswith(name)})
    try:
        return Ruleset(values)
    except RulesetError as exc:
        raise RulesetError(exc.problems, source=str(data_dir), lines=lines) from None


def _read_data(path: Path, key: str | None) -> tuple[dict, dict[str, str]]:
    """One default file: its mapping (holding ``key`` when given) and ``field -> 'file line N'``."""
    data, lines = _read_yaml(path)
    if not isinstance(data, dict) or (key is not None and key not in data):
        what = f"a mapping with {key}:" if key else "a mapping of field: value"
        raise RulesetError([(str(path), f"expected {what}")], source=str(path))
    return data, {k: f"{path.name} line {n}" for k, n in lines.items()}
