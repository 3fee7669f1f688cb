"""The box as data: every pile, deck and token kind of a game with its count, and the one law every table keeps.

A game declares what its box holds in a YAML file (``GameDef.box_file``, usually ``data/box.yaml`` beside
its content) and says where everything is now with ``GameDef.locate(state)``. ``box_broken`` then checks,
after any action, that each component is found exactly as many times as the box holds it (nothing created,
nothing lost), that no single card is in two places, and that no place holds more than the box lets it
(a pile never grows past what it held at setup). A game does not write this check; it only names places.

The file::

    components:
      - name: glass_bottle                  # a word; what ``locate`` reports items as
        count: {field: basic_item_copies}   # how many the box holds (below)
        rule: "9 of each basic item"        # the book's words (or, with source: ours, why the number is ours)
        source: book                        # book (default) or ours
        places: {"pile": {at_most: {field: basic_item_copies}}}   # optional: a place's ceiling

A count is a whole number or a mapping with one of these keys (``plus: <count>`` may add another):

- ``players: {2: 30, 3: 40}``  a number for each player count the game allows;
- ``per_player: 1``  that many for each seat;
- ``field: name``  a ruleset field's value (``times: players`` or a number multiplies it);
- ``context: name`` with ``values: {A: 12, B: 16}``  by a fact of the table ``GameDef.box_context`` gives
  (Distilled's flight, for example); ``context: name`` alone takes that fact as the number.

``locate(state)`` returns ``(place, component, item)`` triples: ``place`` a name a person reads
(``"hand[1]"``, ``"deck gin"``), ``item`` a card's own id where the game gives each card one (then it may be
found once only) or ``None`` for identical copies (tokens, a pile counted by number). A pile counted by
number can be reported as ``(place, component, n)`` with ``n`` an int via ``counted(place, component, n)``.
A component the book takes out of the game (a traded-away card) is located in a place named for where it
went (``"out of the game"``), so that nothing is lost by accident.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .entries import entry_name, entry_source
from .errors import BourbonLabError
from .yamlfile import load as load_yaml
from .yamlfile import read_text

_KEYS = {"name", "count", "rule", "source", "places", "kind"}
KINDS = ("card", "token", "die", "tile", "marker")
_COUNT_KEYS = {"players", "per_player", "field", "times", "context", "values", "plus"}


class BoxError(BourbonLabError, ValueError):
    """A box file that cannot be used; the message names the component and the field."""


class Counted:
    """``n`` identical copies of a component in one place (a pile kept as a number).

    A plain slotted class, not a frozen dataclass: a soak makes hundreds of thousands, and a frozen
    dataclass's ``__init__`` costs several times as much.
    """

    __slots__ = ("n",)

    def __init__(self, n: int):
        self.n = n

    def __eq__(self, other: object) -> bool:
        return type(other) is Counted and other.n == self.n

    def __hash__(self) -> int:
        return hash(("Counted", self.n))

    def __repr__(self) -> str:
        return f"Counted({self.n})"


def counted(place: str, component: str, n: int) -> tuple[str, str, Counted]:
    """A place holding ``n`` identical copies, for ``locate``."""
    return (place, component, Counted(int(n)))


@dataclass(frozen=True)
class Component:
    """One kind of thing in the box: its name, how many the box holds, and the book's words for it."""

    name: str
    count: Any
    rule: str
    source: str = "book"
    kind: str = "card"
    places: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "count": self.count, "rule": self.rule}
        if self.source != "book":
            out["source"] = self.source
        if self.places:
            out["places"] = {p: {"at_most": c} for p, c in self.places}
        return out


@dataclass(frozen=True)
class Box:
    """A game's declared box: its components, in the file's order."""

    components: tuple[Component, ...]
    source: str = ""

    def __iter__(self):
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)

    def names(self) -> list[str]:
        return [c.name for c in self.components]

    def counts(self, rules: Any, players: int, context: dict[str, Any] | None = None) -> dict[str, int]:
        """How many of each component this table's box holds."""
        ctx = {"players": players, **(context or {})}
        return {c.name: evaluate(c.count, rules, ctx, f"{self.source}: {c.name}.count") for c in self.components}

    def ceilings(self, rules: Any, players: int, context: dict[str, Any] | None = None) -> dict[tuple[str, str], int]:
        """``(component, place) -> the most that place may hold``."""
        ctx = {"players": players, **(context or {})}
        return {
            (c.name, place): evaluate(at_most, rules, ctx, f"{self.source}: {c.name}.places.{place}")
            for c in self.components
            for place, at_most in c.places
        }

    def to_rows(self, rules: Any, players: int, context: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """One row a component with its count at this table: what a designer reads."""
        counts = self.counts(rules, players, context)
        return [{**c.to_dict(), "count": counts[c.name]} for c in self.components]


def evaluate(spec: Any, rules: Any, ctx: dict[str, Any], where: str) -> int:
    """The number a count stands for at a table (``ctx`` holds ``players`` and the game's own facts)."""
    if isinstance(spec, bool) or not isinstance(spec, (int, dict)):
        raise BoxError(f"{where}: expected a whole number or a count mapping, got {spec!r}")
    if isinstance(spec, int):
        return spec
    value = _base(spec, rules, ctx, where)
    times = spec.get("times", 1)
    value *= ctx["players"] if times == "players" else int(times)
    if "plus" in spec:
        value += evaluate(spec["plus"], rules, ctx, f"{where}.plus")
    return value


def _base(spec: dict, rules: Any, ctx: dict[str, Any], where: str) -> int:
    n = ctx["players"]
    if "players" in spec:
        if n not in spec["players"]:
            raise BoxError(f"{where}: the box gives no count for {n} players (it gives {sorted(spec['players'])})")
        return int(spec["players"][n])
    if "per_player" in spec:
        return int(spec["per_player"]) * n
    if "field" in spec:
        return int(getattr(rules, spec["field"]))
    if "context" not in spec:
        raise BoxError(f"{where}: a count mapping needs players, per_player, field or context, got {sorted(spec)}")
    key = spec["context"]
    if key not in ctx:
        raise BoxError(f"{where}: the table gives no {key!r} (it gives {sorted(ctx)})")
    if "values" not in spec:
        return int(ctx[key])
    if ctx[key] not in spec["values"]:
        raise BoxError(f"{where}: no count for {key} {ctx[key]!r} (the box gives {sorted(spec['values'])})")
    return int(spec["values"][ctx[key]])


_LIMITS: dict[tuple, tuple[Any, dict[str, int], dict[tuple[str, str], int]]] = {}
"""Counts and ceilings by (box, ruleset, players, table facts): the soak asks after every action."""


def limits(box: Box, rules: Any, players: int, context: dict[str, Any] | None = None):
    """``(counts, ceilings)`` at a table, worked out once for each ruleset, player count and table facts."""
    try:
        key = (id(box), id(rules), players, tuple(sorted((context or {}).items())))
        hash(key)
    except TypeError:  # a table fact that is not hashable: work it out each time
        return box.counts(rules, players, context), box.ceilings(rules, players, context)
    got = _LIMITS.get(key)
    if got is None or got[0][0] is not box or got[0][1] is not rules:  # an id reused by a new object
        if len(_LIMITS) > 512:
            _LIMITS.clear()
        got = _LIMITS[key] = ((box, rules), box.counts(rules, players, context), box.ceilings(rules, players, context))
    return got[1], got[2]


def box_broken(box: Box, rules: Any, players: int, located, context: dict[str, Any] | None = None) -> list[str]:
    """Every way the table's things differ from its box (empty when each is where it may be, once).

    ``located`` is what ``GameDef.locate`` returns: ``(place, component, item)`` triples.
    """
    counts, ceilings = limits(box, rules, players, context)
    located = located if isinstance(located, list) else list(located)
    found = dict.fromkeys(counts, 0)
    capped = dict.fromkeys(ceilings, 0)
    seen: dict[tuple[str, Any], str] = {}
    out: list[str] = []
    for place, component, item in located:
        if component not in found:
            out.append(f"{place} holds {component!r}{'' if item is None else f' ({item})'}, which is not in the box")
            continue
        k = 1
        if type(item) is Counted:
            k = item.n
            if k < 0:
                out.append(f"{place} holds {k} {component}")
        elif item is not None:
            key = (component, item)
            if key in seen:
                out.append(f"{component} {item} is in {seen[key]} and in {place}")
            else:
                seen[key] = place
        found[component] += k
        if capped and (component, place) in capped:
            capped[(component, place)] += k
    return out + _misfits(counts, found, ceilings, capped, located)


def _misfits(counts, found, ceilings, capped, located: list) -> list[str]:
    """Each component found more or fewer times than the box holds, and each place over its ceiling."""
    out = []
    for name, want in counts.items():
        if found[name] != want:
            verb = "created" if found[name] > want else "lost"
            out.append(f"{found[name]} {name} in play ({_where(located, name)}), the box holds {want}: {verb}")
    for (name, place), most in ceilings.items():
        if capped[(name, place)] > most:
            out.append(f"{place} holds {capped[(name, place)]} {name}, more than the {most} it may hold")
    return out


def _where(located: list, name: str) -> str:
    """How many of a component each place holds, for the message (read again only when the count is wrong)."""
    by_place: Counter[str] = Counter()
    for place, component, item in located:
        if component == name:
            by_place[place] += item.n if type(item) is Counted else 1
    return ", ".join(f"{p} {k}" for p, k in sorted(by_place.items()) if k) or "nowhere"


def load_box(path: str | Path) -> Box:
    """Read and check a box file; a bad one is refused whole, naming the component and field."""
    return parse_box(load_yaml(read_text(path), str(path)), str(path))


def parse_box(data: Any, source: str) -> Box:
    """The box of a loaded file's data."""
    if not isinstance(data, dict) or not isinstance(data.get("components"), list) or not data["components"]:
        raise BoxError(f"{source}: components: expected a non-empty list of components")
    out: list[Component] = []
    for i, raw in enumerate(data["components"]):
        c = _component(raw, f"{source}: components[{i}]", source)
        if c.name in {o.name for o in out}:
            raise BoxError(f"{source}: components[{i}].name: {c.name!r} is listed twice")
        out.append(c)
    return Box(tuple(out), source)


def _component(raw: Any, where: str, source: str) -> Component:
    name = entry_name(raw, where, _KEYS, BoxError, "name, count and rule")
    where = f"{source}: {name}"
    rule = raw.get("rule")
    if not isinstance(rule, str) or not rule.strip():
        raise BoxError(f"{where}.rule: quote the book's component list (or say why the number is ours)")
    source_of = entry_source(raw, where, BoxError)
    kind = raw.get("kind", "card")
    if kind not in KINDS:
        raise BoxError(f"{where}.kind: {kind!r} must be one of {', '.join(KINDS)}")
    _check_count(raw.get("count"), f"{where}.count")
    return Component(name, raw["count"], " ".join(rule.split()), source_of, kind, _places(raw.get("places"), where))


def _places(places: Any, where: str) -> tuple[tuple[str, Any], ...]:
    if not isinstance(places, (dict, type(None))):
        raise BoxError(f"{where}.places: expected a mapping of place to {{at_most: count}}")
    out = []
    for place, limit in (places or {}).items():
        if not isinstance(limit, dict) or set(limit) != {"at_most"}:
            raise BoxError(f"{where}.places.{place}: expected {{at_most: count}}, got {limit!r}")
        _check_count(limit["at_most"], f"{where}.places.{place}.at_most")
        out.append((str(place), limit["at_most"]))
    return tuple(out)


def _check_count(spec: Any, where: str) -> None:
    if isinstance(spec, bool) or spec is None:
        raise BoxError(f"{where}: expected a whole number or a count mapping, got {spec!r}")
    if isinstance(spec, int):
        if spec < 0:
            raise BoxError(f"{where}: {spec} is below 0")
        return
    if not isinstance(spec, dict):
        raise BoxError(f"{where}: expected a whole number or a count mapping, got {spec!r}")
    unknown = set(spec) - _COUNT_KEYS
    if unknown:
        known = ", ".join(sorted(_COUNT_KEYS))
        raise BoxError(f"{where}: unknown key {sorted(map(str, unknown))[0]!r} (known: {known})")
    kinds = [k for k in ("players", "per_player", "field", "context") if k in spec]
    if len(kinds) != 1:
        raise BoxError(f"{where}: give exactly one of players, per_player, field or context, got {sorted(spec)}")
    if "players" in spec and (not isinstance(spec["players"], dict) or not spec["players"]):
        raise BoxError(f"{where}.players: expected a mapping of player count to number")
    times = spec.get("times", 1)
    if times != "players" and (isinstance(times, bool) or not isinstance(times, int)):
        raise BoxError(f"{where}.times: expected a whole number or 'players', got {times!r}")
    if "plus" in spec:
        _check_count(spec["plus"], f"{where}.plus")


def check_box(gamedef: Any, state: Any) -> list[str]:
    """The box law for any registered game's table (``[]`` for a game that declares no box)."""
    box = gamedef.box
    if box is None or gamedef.locate is None:
        return []
    context = gamedef.box_context(state) if gamedef.box_context is not None else None
    return box_broken(box, state.rules, state.n, gamedef.locate(state), context)
