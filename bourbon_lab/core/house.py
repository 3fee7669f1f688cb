"""House rules: a designer's change to what a rule *does*, written in a few lines of a notebook cell.

A ``HouseRule`` has a name, a one-line description, its own parameters (field specs like a ruleset's,
always *ours*) and handlers at the game's named hook points:

- ``@rule.on("crash")``: after an event of that kind, change the table through the game's effect
  functions (``h.give_prestige(p, 2)``); the events they emit carry the rule's name;
- ``@rule.quantity("sale_value")``: receives the value the engine computed and returns the one to use;
- ``@rule.forbid``: ``(h, player, action) -> reason | None``; a forbidden action leaves the legal list
  and ``IllegalAction`` quotes the reason;
- ``rule.action(legal, do)``: a new action (``legal(h, player) -> texts``, ``do(h, player, text)``),
  listed (marked ``NewAction``, which a bot written for the book leaves out) and played like any other.

``rules.with_house_rules(crash_bonus(prestige=2))`` puts configured rules into a ruleset; the game
then keeps a ``HouseBook`` on its table (``None`` without house rules, so the engines' only cost is
an ``is not None`` test). Each game declares its ``HookCatalogue`` (events, quantities, effects,
with the book's sentence for each); ``bl.hooks(game)`` prints it.
"""

from __future__ import annotations

import hashlib
import inspect
import random
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .atomic import atomic
from .errors import BourbonLabError, IllegalAction, RulesetError, short
from .fields import FieldSpec

GROUP = "house rules"
"""The ruleset group (an editor tab) that house-rule parameters show under."""
PREFIX = "house:"
"""Knob names: ``house:<rule>.<parameter>``."""


class EndlessGame(BourbonLabError):
    """A table with house rules went past its game's decision guard (``GameInfo.max_decisions``)."""

    def __init__(self, game: str, decisions: int, rules: list[str]):
        self.game, self.decisions, self.rules = game, decisions, rules
        super().__init__(
            f"{game}: not over after {decisions} decisions with the house rules {', '.join(rules)} in play; "
            "a house rule may keep the game from ending (check its game_ends, or what its handlers give back)"
        )


class HouseRuleError(BourbonLabError):
    """A house rule's handler raised; the game is as it was before the action."""

    def __init__(self, rule: str, hook: str, action: str | None, cause: BaseException):
        self.rule, self.hook, self.action, self.cause = rule, hook, action, cause
        during = f" while playing {action!r}" if action is not None else ""
        super().__init__(
            f"house rule {rule!r}: {type(cause).__name__} in its {hook} handler{during}: {cause} "
            "(the game is unchanged)"
        )


@dataclass(frozen=True)
class Param:
    """One parameter of a house rule: its default, range and help (``choices`` for a pick-one)."""

    default: Any
    lo: float | None = None
    hi: float | None = None
    description: str = ""
    choices: tuple[Any, ...] = ()

    @property
    def kind(self) -> str:
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        if isinstance(self.default, float):
            return "float"
        return "text"


def param(default: Any, lo: float | None = None, hi: float | None = None, description: str = "", choices=()) -> Param:
    """A house-rule parameter: ``param(2, 0, 10, "Prestige for each player with an empty rickhouse")``."""
    return Param(default, lo, hi, description, tuple(choices))


@dataclass(frozen=True)
class Hook:
    """One handler of a rule: ``kind`` is event, quantity, forbid or action; ``key`` the event or quantity."""

    kind: str
    key: str
    fn: Callable[..., Any]
    legal: Callable[..., Any] | None = None


class HouseRule:
    """A named change to a game's rules. Call it with parameter values for a configured copy."""

    def __init__(
        self,
        name: str,
        description: str = "",
        *,
        game: str | None = None,
        params: dict[str, Param] | None = None,
        narrate: Callable[..., str | None] | None = None,
    ):
        if not isinstance(name, str) or not name.isidentifier():
            raise RulesetError([("house rule", f"a house rule's name is a Python identifier, got {short(name)}")])
        self.name, self.description, self.game = name, description.strip().splitlines()[0] if description else "", game
        self.params: dict[str, Param] = dict(params or {})
        self.values: dict[str, Any] = {k: p.default for k, p in self.params.items()}
        self.hooks: list[Hook] = []
        self.narrate = narrate
        self._extra_source = ""
        self._sources: list[str] = []  # read once, where the code is: a copy on a worker keeps the same text
        problems = [(self.knob(k), why) for k, why in self._check(self.values)]
        if problems:
            raise RulesetError(problems)
        remember(self)

    # --- handlers, as decorators

    def on(self, kind: str) -> Callable:
        """``@rule.on("crash")``: ``fn(h, event)`` runs after each such event of an action."""
        return self._add("event", kind)

    def quantity(self, name: str) -> Callable:
        """``@rule.quantity("sale_value")``: ``fn(h, value, **about) -> value``."""
        return self._add("quantity", name)

    def forbid(self, fn: Callable) -> Callable:
        """``@rule.forbid``: ``fn(h, player, action) -> reason or None``."""
        self._hook(Hook("forbid", "action", fn))
        return fn

    def action(self, legal: Callable, do: Callable | None = None) -> Any:
        """A new action: ``legal(h, player) -> [texts]``, ``do(h, player, text)`` (or decorate ``do``)."""

        def add(do_fn: Callable) -> Callable:
            self._hook(Hook("action", getattr(legal, "__name__", "action"), do_fn, legal))
            return do_fn

        return add(do) if do is not None else add

    def _add(self, kind: str, key: str) -> Callable:
        def deco(fn: Callable) -> Callable:
            self._hook(Hook(kind, key, fn))
            return fn

        return deco

    def _hook(self, hook: Hook) -> None:
        self.hooks.append(hook)
        self._sources.append(_source_of(hook.fn) + (_source_of(hook.legal) if hook.legal else ""))

    # --- parameters

    def knob(self, param_name: str) -> str:
        return f"{PREFIX}{self.name}.{param_name}"

    def specs(self) -> tuple[FieldSpec, ...]:
        """The parameters as ruleset fields (group ``house rules``, never *book*)."""
        return tuple(
            FieldSpec(self.knob(k), p.kind, GROUP, p.description or k, p.lo, p.hi, choices=p.choices)
            for k, p in self.params.items()
        )

    def _check(self, values: dict[str, Any]) -> list[tuple[str, str]]:
        problems = []
        for k, v in values.items():
            if k not in self.params:
                problems.append((k, f"unknown parameter; {self.name} takes {sorted(self.params)}"))
                continue
            spec = FieldSpec(
                k, self.params[k].kind, GROUP, "", self.params[k].lo, self.params[k].hi, choices=self.params[k].choices
            )
            try:
                why = spec.check(spec.coerce(v))
            except (TypeError, ValueError) as exc:
                why = str(exc)
            if why:
                problems.append((k, why))
        return problems

    def __call__(self, **values: Any) -> HouseRule:
        """A copy with these parameter values, refused whole (by ``house:<rule>.<param>``) when one is wrong."""
        problems = [(self.knob(k), why) for k, why in self._check(values)]
        if problems:
            raise RulesetError(problems)
        out = self._copy()
        for k, v in values.items():
            spec = self.specs()[list(self.params).index(k)]
            out.values[k] = spec.coerce(v)
        return out

    def _copy(self) -> HouseRule:
        out = object.__new__(HouseRule)
        out.__dict__.update(self.__dict__)
        out.values = dict(self.values)
        out.hooks = list(self.hooks)
        out._sources = list(self._sources)
        return out

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    # --- identity

    @property
    def source(self) -> str:
        """The code that makes the rule what it is: every handler's source (its code when no source is found)."""
        return "\n".join(p for p in [self._extra_source, *self._sources] if p)

    @property
    def source_hash(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()[:16]

    def ref(self) -> dict[str, Any]:
        """How a ruleset, a snapshot or a playtest file names the rule: name, parameters, source hash."""
        return {"name": self.name, "params": dict(self.values), "source": self.source_hash}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HouseRule) and other.ref() == self.ref()

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"<house rule {self.name}({inner})>"

    def __reduce__(self):
        # By value (cloudpickle): a rule written in a notebook cell travels to worker processes and Dask.
        import cloudpickle

        return (_revive, (cloudpickle.dumps(self.__dict__),))


def _revive(blob: bytes) -> HouseRule:
    import cloudpickle

    out = object.__new__(HouseRule)
    out.__dict__.update(cloudpickle.loads(blob))
    remember(out)
    return out


def _source_of(fn: Any) -> str:
    """A handler's source text, or (code typed at ``python -c`` has none) its bytecode, the same in any process."""
    try:
        return textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        code = getattr(fn, "__code__", None)
        return _code_text(code) if code is not None else type(fn).__qualname__


def _code_text(code: Any) -> str:
    consts = [_code_text(c) if hasattr(c, "co_code") else repr(c) for c in code.co_consts]
    return repr((code.co_name, code.co_code.hex(), code.co_names, code.co_varnames)) + "".join(consts)


def house_rule(
    game: str | None = None, *, name: str | None = None, narrate: Callable | None = None, **params: Param
) -> Callable[[Callable], HouseRule]:
    """Define a house rule from a function that attaches its handlers; its docstring's first line describes it.

    >>> @house_rule("bourbonomics", prestige=param(2, 0, 10, "Prestige each"))
    ... def crash_bonus(rule):
    ...     "When the market crashes, every player with an empty rickhouse gains Prestige."
    ...     @rule.on("crash")
    ...     def pay(h, event):
    ...         for p in h.seats:
    ...             if not h.game.players[p].barrels:
    ...                 h.give_prestige(p, h.prestige)
    """

    def build(fn: Callable) -> HouseRule:
        rule = HouseRule(name or fn.__name__, fn.__doc__ or "", game=game, params=params, narrate=narrate)
        fn(rule)
        rule._extra_source = _source_of(fn)
        remember(rule)
        return rule

    return build


# --- the rules this process knows (a snapshot names them; restore finds them here)

_KNOWN: dict[str, HouseRule] = {}


def remember(rule: HouseRule) -> None:
    """Know the rule by name in this process (the latest definition wins: a re-run cell replaces it)."""
    _KNOWN[rule.name] = rule


def resolve(refs: Any, game: str, where: str = "house_rules") -> tuple[HouseRule, ...]:
    """The configured rules a ruleset dict or snapshot names, refused by name when missing or changed."""
    if isinstance(refs, HouseRule):
        refs = [refs]
    if not isinstance(refs, (list, tuple)):
        raise RulesetError([(where, f"expected a list of house rules, got {short(refs)}")])
    out = []
    for ref in refs:
        if isinstance(ref, HouseRule):
            out.append(ref)
            continue
        if not isinstance(ref, dict) or not isinstance(ref.get("name"), str):
            raise RulesetError([(where, f"a house rule is named as {{name, params, source}}, got {short(ref)}")])
        known = _KNOWN.get(ref["name"])
        if known is None:
            raise RulesetError(
                [
                    (
                        f"{PREFIX}{ref['name']}",
                        "this house rule is not defined in this process: run the cell (or import "
                        "the file) that defines it, then load again",
                    )
                ]
            )
        if ref.get("source") not in (None, known.source_hash):
            raise RulesetError(
                [
                    (
                        f"{PREFIX}{ref['name']}",
                        f"the house rule's source has changed since this was saved (saved "
                        f"{ref.get('source')}, defined now {known.source_hash}); re-run with the rule as it was, "
                        "or start anew",
                    )
                ]
            )
        out.append(known(**dict(ref.get("params") or {})))
    return check_rules(tuple(out), game)


def check_rules(rules: tuple[HouseRule, ...], game: str) -> tuple[HouseRule, ...]:
    """Refuse whole a list with a rule of another game, two rules of one name, or a hook the game lacks."""
    problems: list[tuple[str, str]] = []
    names = [r.name for r in rules]
    problems += [(f"{PREFIX}{n}", "named twice") for n in sorted({n for n in names if names.count(n) > 1})]
    catalogue = CATALOGUES.get(game)
    for r in rules:
        if not isinstance(r, HouseRule):
            problems.append(("house_rules", f"expected a HouseRule, got {short(r)}"))
            continue
        if r.game not in (None, game):
            problems.append((f"{PREFIX}{r.name}", f"a house rule for {r.game}, not {game}"))
        if catalogue is None:
            continue
        for h in r.hooks:
            known = {"event": catalogue.events, "quantity": catalogue.quantities}.get(h.kind)
            if known is not None and h.key not in known:
                what = "event kind" if h.kind == "event" else "quantity"
                problems.append(
                    (f"{PREFIX}{r.name}", f"{game} has no {what} {h.key!r}; they are {', '.join(sorted(known))}")
                )
    if problems:
        raise RulesetError(problems)
    return rules


# --- what a game offers house rules


@dataclass(frozen=True)
class Effect:
    """A game's effect function a handler may call: ``fn(game, rule_name, *args)``."""

    fn: Callable[..., Any]
    args: str
    rule: str


def note(g: Any, rule: str, player: int | None, text: str) -> None:
    """A line in the log (and the narration) saying what the house rule did."""
    g.emit("house", player, rule=rule, effect="note", text=str(text))


NOTE = Effect(note, "player, text", "(a log line of the house rule's own)")
"""The one effect every game offers: a log line of the rule's own."""


@dataclass(frozen=True)
class HookPoint:
    """One named place a house rule hooks into: ``kind`` is event, quantity or effect; ``sentence`` the book's."""

    kind: str
    name: str
    arguments: str
    sentence: str


HOOK_COLUMN = {"event": "on", "quantity": "quantity", "effect": "effect"}
"""How each kind shows in the catalogue's table: the decorator (``rule.on``) or the handle (``h.<effect>``)."""


@dataclass(frozen=True)
class HookCatalogue:
    """A game's hook points, each with the book's sentence it belongs to.

    ``events``: kind -> rule; ``quantities``: name -> (arguments, rule); ``effects``: name -> ``Effect``.
    ``changed(game)`` drops the engine's cached legal lists after a handler changed the table.
    Iterating yields the named ``HookPoint``s in declared order (events, quantities, effects); ``len``
    counts them. ``forbid`` and ``action`` take no name and are every game's, so they show only in the table.
    """

    game: str
    events: dict[str, str]
    quantities: dict[str, tuple[str, str]]
    effects: dict[str, Effect]
    changed: Callable[[Any], None] = lambda g: None
    seats: Callable[[Any], range] = lambda g: range(g.n)

    def points(self) -> tuple[HookPoint, ...]:
        """Every named hook point, in the order the game declares them."""
        out = [HookPoint("event", k, "h, event", v) for k, v in self.events.items()]
        out += [
            HookPoint("quantity", k, f"h, value, {a}" if a else "h, value", v) for k, (a, v) in self.quantities.items()
        ]
        out += [HookPoint("effect", k, e.args, e.rule) for k, e in self.effects.items()]
        return tuple(out)

    def __iter__(self) -> Iterator[HookPoint]:
        return iter(self.points())

    def __len__(self) -> int:
        return len(self.events) + len(self.quantities) + len(self.effects)

    def __contains__(self, item: object) -> bool:
        """A hook point, or a name of one: ``"crash" in bl.hooks(g)`` asks by name, not by ``HookPoint``."""
        return any(item in (p, p.name) for p in self.points())

    def rows(self) -> list[dict[str, str]]:
        """One row per hook point: kind, name, arguments, rule."""
        out = [
            {"hook": HOOK_COLUMN[p.kind], "name": p.name, "arguments": p.arguments, "rule": p.sentence} for p in self
        ]
        out += [
            {
                "hook": "forbid",
                "name": "(any action)",
                "arguments": "h, player, action",
                "rule": "return a reason to refuse",
            },
            {
                "hook": "action",
                "name": "(a new action)",
                "arguments": "legal(h, player), do(h, player, text)",
                "rule": "listed and played like any other action",
            },
        ]
        return out

    def __repr__(self) -> str:
        width = max(len(r["name"]) for r in self.rows())
        lines = [f"{self.game} hook points (rule.on / rule.quantity / h.<effect>):"]
        lines += [f"  {r['hook']:8} {r['name']:{width}}  ({r['arguments']})  {r['rule']}" for r in self.rows()]
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        rows = ["| hook | name | arguments | rule |", "| --- | --- | --- | --- |"]
        rows += [f"| {r['hook']} | `{r['name']}` | `{r['arguments']}` | {r['rule']} |" for r in self.rows()]
        return f"**{self.game}** hook points\n\n" + "\n".join(rows)

    def markdown(self) -> str:
        """The game's docs page (``docs/games/<game>-hooks.md``; ``bourbon-lab hooks --game G --markdown``)."""
        head = (
            f"# {self.game}: hook points for house rules\n\n"
            "Generated by `bourbon-lab hooks --game "
            f"{self.game} --markdown`; a test keeps it equal to the game's catalogue. How to write a rule: "
            "[docs/house-rules.md](" + UP + "house-rules.md).\n\n"
            "- `on`: `@rule.on(kind)` runs `fn(h, event)` after each such event of an action.\n"
            "- `quantity`: `@rule.quantity(name)` gets the engine's value and returns the one to use.\n"
            "- `effect`: what a handler may call as `h.<name>(...)`; its events carry the rule's name.\n\n"
        )
        return head + self._repr_markdown_().split("\n\n", 1)[1] + "\n"


UP = "../"
"""The generated page sits in ``docs/games/``: its link to the house-rules page goes one folder up."""

CATALOGUES: dict[str, HookCatalogue] = {}


def declare(catalogue: HookCatalogue) -> HookCatalogue:
    """Register a game's hook catalogue (its package does this on import)."""
    CATALOGUES[catalogue.game] = catalogue
    return catalogue


def hooks(game: str) -> HookCatalogue:
    """A game's hook catalogue: every event kind, quantity and effect a house rule may use."""
    from .registry import get_game

    get_game(game)  # imports the package, which declares its catalogue
    try:
        return CATALOGUES[game]
    except KeyError:
        raise RulesetError([("game", f"{game} declares no house-rule hooks")]) from None


# --- a table's house rules in play


NEW_VERB = "house"
"""The verb of a house rule's own action in a game whose actions are values with a verb (``make`` in ``legal``)."""


class NewAction(str):
    """A house rule's own action as a legal list gives it: its text, marked as no action of the book.

    It is equal to its text and plays as it (``str()`` of it is the plain text the log records); a bot
    written for the book leaves it out (``core.bots.book_actions``), a random or search bot plays it.
    """

    __slots__ = ()


class Handle:
    """What a handler gets as ``h``: the table, the rule's parameters, its own random stream, the effects."""

    def __init__(self, book: HouseBook, rule: HouseRule, game: Any):
        self._book, self.rule, self.game = book, rule, game

    @property
    def seats(self) -> range:
        return self._book.catalogue.seats(self.game)

    @property
    def rng(self) -> random.Random:
        """The rule's own stream, from the game seed and its name: same seed, same draws, in any process."""
        return self._book.stream(self.rule.name)

    def __getattr__(self, name: str) -> Any:
        rule = self.__dict__["rule"]
        if name in rule.values:
            return rule.values[name]
        effects = self.__dict__["_book"].catalogue.effects
        if name in effects:
            fn, g, who = effects[name].fn, self.__dict__["game"], rule.name
            return lambda *args, **kw: fn(g, who, *args, **kw)
        raise AttributeError(
            f"house rule {rule.name!r}: no parameter or effect {name!r}; parameters {sorted(rule.values)}, "
            f"effects {sorted(effects)}"
        )


@dataclass
class HouseBook:
    """The house rules in play at one table, their hooks indexed, and their random streams."""

    game: str
    rules: tuple[HouseRule, ...]
    seed: int
    catalogue: HookCatalogue
    streams: dict[str, random.Random] = field(default_factory=dict)
    points: dict[int, int] = field(default_factory=dict)
    action: str | None = None
    limit: int = 0
    events: dict[str, list[tuple[HouseRule, Hook]]] = field(default_factory=dict)
    quantities: dict[str, list[tuple[HouseRule, Hook]]] = field(default_factory=dict)
    forbids: list[tuple[HouseRule, Hook]] = field(default_factory=list)
    actions: list[tuple[HouseRule, Hook]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for r in self.rules:
            for h in r.hooks:
                if h.kind == "event":
                    self.events.setdefault(h.key, []).append((r, h))
                elif h.kind == "quantity":
                    self.quantities.setdefault(h.key, []).append((r, h))
                elif h.kind == "forbid":
                    self.forbids.append((r, h))
                else:
                    self.actions.append((r, h))

    @property
    def names(self) -> list[str]:
        return [r.name for r in self.rules]

    def add_points(self, seat: int, amount: int) -> None:
        """Points a house rule gave (or took): the game adds them to the seat's score as a part of its own."""
        self.points[seat] = self.points.get(seat, 0) + amount

    def points_of(self, seat: int) -> int:
        return self.points.get(seat, 0)

    def stream(self, name: str) -> random.Random:
        if name not in self.streams:
            self.streams[name] = random.Random(f"{self.seed}/house/{name}")
        return self.streams[name]

    def _call(self, rule: HouseRule, hook: str, g: Any, fn: Callable, *args: Any, **kw: Any) -> Any:
        try:
            return fn(Handle(self, rule, g), *args, **kw)
        except BourbonLabError:
            raise
        except Exception as exc:  # noqa: BLE001  (a designer's code: anything it raises is named)
            raise HouseRuleError(rule.name, hook, self.action, exc) from exc

    # --- the hook points, as the engines call them

    def quantity(self, g: Any, name: str, value: Any, **about: Any) -> Any:
        for rule, h in self.quantities.get(name, ()):
            value = self._call(rule, f"quantity({name!r})", g, h.fn, value, **about)
        return value

    def guard(self, g: Any) -> None:
        """The game's decision guard, naming the house rules in play: a rule must not make a game endless."""
        if self.limit and len(g.actions) > self.limit and not g.is_over:
            raise EndlessGame(self.game, len(g.actions), self.names)

    def after(self, g: Any, start: int) -> None:
        """Run the ``on`` handlers for the events an action caused (from log index ``start``); theirs are not re-run."""
        self.guard(g)
        if not self.events:
            return
        ran = False
        for e in list(g.log[start:]):
            for rule, h in self.events.get(e.kind, ()):
                self._call(rule, f"on({e.kind!r})", g, h.fn, e)
                ran = True
        if ran:  # a handler may have changed the table: the engine's cached legal lists go
            self.catalogue.changed(g)

    def legal(self, g: Any, player: int, legal: list, make: Callable[[str], Any] = NewAction) -> list:
        """The engine's legal list with forbidden actions left out and the rules' own actions added after it.

        ``make`` marks the rules' own (``NewAction`` texts, or a game's own action value), so that a bot
        written for the book can leave out what it does not know.
        """
        if self.forbids:
            legal = [a for a in legal if self.why_forbidden(g, player, str(a)) is None]
        if self.actions:
            legal = legal + [make(t) for t in self.own_texts(g, player)]
        return legal

    def own_texts(self, g: Any, player: int) -> list[str]:
        """The rules' own actions legal for ``player`` now (what ``legal`` adds to the engine's list)."""
        out: list[str] = []
        for rule, h in self.actions:
            out += [t for t in self._texts(g, player, rule, h) if self.why_forbidden(g, player, t) is None]
        return out

    def _texts(self, g: Any, player: int, rule: HouseRule, h: Hook) -> list[str]:
        """A rule's new actions legal now, each a text every engine reads back as it is (else a ``HouseRuleError``)."""
        texts = self._call(rule, "action (legal)", g, h.legal, player) or ()
        if not isinstance(texts, (list, tuple)) or not all(
            isinstance(t, str) and t and " ".join(t.split()) == t for t in texts
        ):
            why = ValueError(
                f"legal(h, player) returns a list of texts, each of words with single spaces between them "
                f"(like ['raise a glass']), got {short(texts)}"
            )
            raise HouseRuleError(rule.name, "action (legal)", self.action, why)
        return list(texts)

    def why_forbidden(self, g: Any, player: int, text: str) -> str | None:
        for rule, h in self.forbids:
            reason = self._call(rule, "forbid", g, h.fn, player, text)
            if reason:
                return f"house rule {rule.name}: {reason}"
        return None

    def own_action(self, g: Any, player: int, text: str) -> tuple[HouseRule, Hook] | None:
        """The rule whose new action ``text`` is, when it is one of its legal texts now."""
        for rule, h in self.actions:
            if text in self._texts(g, player, rule, h):
                return rule, h
        return None

    def refuse(self, g: Any, player: int | None, text: str) -> None:
        """Raise ``IllegalAction`` quoting the rule when a house rule forbids ``text`` now."""
        self.action = text
        if player is None or not self.forbids:
            return
        why = self.why_forbidden(g, player, text)
        if why:
            raise IllegalAction(text, why, round=g.round, phase=g.phase, player=player)

    def intercept(self, g: Any, game: str, player: int, text: str, record: str, check: bool, refuse: bool = True):
        """The house part of an engine's ``apply``, the same in every game.

        Plays ``text`` when it is a rule's own action (its events are returned), else refuses it when a
        rule forbids it; ``None`` leaves the action to the engine.
        """
        found = self.own_action(g, player, text) if self.actions else None
        if found is not None:
            if check:
                return atomic(g, game, text, lambda: self.play_own(g, player, text, found, record))
            return self.play_own(g, player, text, found, record)
        if refuse:
            self.refuse(g, player, text)
        return None

    def play_own(self, g: Any, player: int, text: str, found: tuple[HouseRule, Hook], record: str) -> list:
        """Play a rule's new action: logged in ``actions`` as ``record``, then its events' handlers."""
        rule, h = found
        self.catalogue.changed(g)
        start = len(g.log)
        g.actions.append(record)
        self._call(rule, "action", g, h.fn, player, text)
        self.after(g, start)
        self.catalogue.changed(g)
        return g.log[start:]

    # --- snapshots

    def to_data(self) -> dict[str, Any]:
        return {
            "rules": [r.ref() for r in self.rules],
            "streams": {k: _state(v) for k, v in self.streams.items()},
            "points": {str(k): v for k, v in self.points.items()},
        }

    def load(self, data: dict[str, Any]) -> HouseBook:
        self.points = {int(k): int(v) for k, v in (data.get("points") or {}).items()}
        for k, v in (data.get("streams") or {}).items():
            r = random.Random()
            r.setstate((v[0], tuple(v[1]), v[2]))
            self.streams[k] = r
        return self

    def clone(self) -> HouseBook:
        return HouseBook(self.game, self.rules, self.seed, self.catalogue, limit=self.limit).load(self.to_data())


def _state(r: random.Random) -> list:
    version, internal, gauss = r.getstate()
    return [version, list(internal), gauss]


def book_for(rules: Any, seed: int) -> HouseBook | None:
    """The table's house rules in play, or ``None`` (the engines' fast path) when the ruleset has none."""
    chosen = getattr(rules, "house_rules", ())
    if not chosen:
        return None
    from .registry import get_game

    game = rules.game
    return HouseBook(game, tuple(chosen), int(seed), CATALOGUES[game], limit=get_game(game).info.max_decisions)


def restore_book(rules: Any, seed: int, data: Any) -> HouseBook | None:
    """``book_for`` with the streams a snapshot kept (a snapshot of a table with house rules has them)."""
    book = book_for(rules, seed)
    if book is not None and isinstance(data, dict):
        book.load(data)
    return book


def copy_book(book: HouseBook | None) -> HouseBook | None:
    """A clone's own house book (streams and points copied; the rules are shared, they never change)."""
    return None if book is None else book.clone()


# --- rulesets with house rules (both ruleset classes use these)


def with_rules(current: tuple[HouseRule, ...], added: tuple[Any, ...], game: str) -> tuple[HouseRule, ...]:
    """``current`` with ``added`` (a rule of the same name replaces the one in place), checked whole."""
    out = list(current)
    for r in added:
        if not isinstance(r, HouseRule):
            raise RulesetError([("house_rules", f"expected a HouseRule, got {short(r)}")])
        names = [x.name for x in out]
        if r.name in names:
            out[names.index(r.name)] = r
        else:
            out.append(r)
    return check_rules(tuple(out), game)


def split_knobs(changes: dict[str, Any]) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """``replace`` arguments into ruleset fields and ``{rule: {param: value}}`` for ``house:`` knobs."""
    fields, knobs = {}, {}
    for k, v in changes.items():
        if isinstance(k, str) and k.startswith(PREFIX):
            rule, _, p = k[len(PREFIX) :].partition(".")
            knobs.setdefault(rule, {})[p] = v
        else:
            fields[k] = v
    return fields, knobs


def set_knobs(current: tuple[HouseRule, ...], knobs: dict[str, dict[str, Any]]) -> tuple[HouseRule, ...]:
    """The rules with new parameter values; an unknown rule or parameter, or a bad value, is refused whole."""
    names = {r.name: r for r in current}
    problems = [
        (f"{PREFIX}{n}", f"no such house rule in this ruleset; it has {sorted(names)}") for n in knobs if n not in names
    ]
    out = []
    for r in current:
        if r.name not in knobs:
            out.append(r)
            continue
        try:
            out.append(r(**knobs[r.name]))
        except RulesetError as exc:
            problems += exc.problems
    if problems:
        raise RulesetError(problems)
    return tuple(out)


def knob_value(rules_tuple: tuple[HouseRule, ...], name: str) -> Any:
    """The value of ``house:<rule>.<param>``; ``AttributeError`` when the ruleset has no such knob."""
    rule, _, p = name[len(PREFIX) :].partition(".")
    for r in rules_tuple:
        if r.name == rule and p in r.values:
            return r.values[p]
    raise AttributeError(f"no house-rule parameter {name!r} in this ruleset")


def defaults_of(rules: Any) -> dict[str, Any]:
    """Each house-rule knob of a ruleset at its rule's default value (an editor's reset)."""
    return {r.knob(k): p.default for r in getattr(rules, "house_rules", ()) for k, p in r.params.items()}


def specs_of(rules: Any) -> tuple[FieldSpec, ...]:
    """A ruleset's fields and its house rules' parameters: what editors, dashboards and tuners show."""
    base = tuple(type(rules).schema())
    return base + tuple(s for r in getattr(rules, "house_rules", ()) for s in r.specs())


# --- narration


def sentence(event: Any) -> str | None:
    """A house rule's event in words, with the rule's name (its own ``narrate`` first); None for any other event."""
    data = getattr(event, "data", None) or {}
    name = data.get("rule") if isinstance(data, dict) else None
    if not isinstance(name, str):
        return None
    rule = _KNOWN.get(name)
    if rule is not None and rule.narrate is not None:
        said = rule.narrate(event)
        if said:
            return str(said)
    who = "" if event.player is None else f"P{event.player} "
    if "text" in data:
        return f"House rule {name}: {data['text']}"
    amount, unit = data.get("amount", 0), data.get("unit", "points")
    verb = "pays" if event.kind == "spend" else "gains" if amount >= 0 else "loses"
    return f"House rule {name}: {who}{verb} {abs(amount)} {unit}."
