"""Actions: small frozen values with one canonical text form that parses back.

>>> a = Action.parse("sell B3 -> D07")
>>> a
Action.parse('sell B3 -> D07')
>>> str(a), a.verb, a.args
('sell B3 -> D07', 'sell', ('B3', 'D07'))
>>> Action.parse("claim any -> rye") == Action("claim", ("any", "rye"))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...core.house import NEW_VERB
from .errors import ActionParseError

_ID = r"([A-Za-z_][\w.]*)"

# verb -> (pattern, format); the format rebuilds the canonical text from the args.
GRAMMAR: dict[str, tuple[str, str]] = {
    "pick": (rf"pick {_ID}", "pick {0}"),
    "keep_bill": (rf"keep bill {_ID}", "keep bill {0}"),
    "return_bills": (r"return bills", "return bills"),
    "draw_bills": (r"draw bills", "draw bills"),
    "skip_bills": (r"skip bills", "skip bills"),
    "keep_die": (rf"keep die {_ID}", "keep die {0}"),
    "roll": (r"roll", "roll"),
    "select": (rf"select {_ID}", "select {0}"),
    "reroll": (r"reroll", "reroll"),
    "trade": (rf"trade -> {_ID}", "trade -> {0}"),
    "stop_rolling": (r"stop rolling", "stop rolling"),
    "claim": (r"claim (?:(any) -> ([A-Za-z_]\w*)|((?!any\b)[A-Za-z_]\w*))", "claim {0}"),
    "pass_dice": (r"pass dice", "pass dice"),
    "stage": (rf"stage {_ID} -> {_ID}", "stage {0} -> {1}"),
    "unstage": (rf"unstage {_ID}", "unstage {0}"),
    "make": (rf"make {_ID}", "make {0}"),
    "sell": (rf"sell {_ID} -> {_ID}", "sell {0} -> {1}"),
    "upgrade": (rf"upgrade {_ID}(?: -> {_ID}(?: {_ID})?)?", "upgrade {0}"),
    "sort": (rf"sort {_ID}", "sort {0}"),
    "end_turn": (r"end turn", "end turn"),
    "climate": (rf"climate {_ID}", "climate {0}"),
}
_COMPILED = {verb: re.compile(pat + r"\Z") for verb, (pat, _) in GRAMMAR.items()}
_ARITY = {verb: (fmt.count("{"), fmt.count("{")) for verb, (_, fmt) in GRAMMAR.items()}
_ARITY.update(claim=(2, 2), upgrade=(1, 3), house=(1, 1))
HOUSE = NEW_VERB
"""The verb of a house rule's own action (core/house.py): its one operand is its whole text; never parsed."""
EXAMPLES = {
    "claim": "claim rye | claim any -> corn",
    "upgrade": "upgrade warehouse | upgrade rickhouse -> mega_expansion | upgrade supply -> prospector rye",
}
_WORDS = {verb: pat.split(" ")[0] for verb, (pat, _) in GRAMMAR.items()}


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: a verb and its operands (ids of cards, barrels, dice faces, departments)."""

    verb: str
    args: tuple[str, ...] = ()
    # The text form, kept: the game log writes one per decision.
    _text: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self):
        if self.verb not in GRAMMAR and self.verb != HOUSE:
            raise ActionParseError(f"unknown action verb {self.verb!r}; verbs are {', '.join(GRAMMAR)}")
        lo, hi = _ARITY[self.verb]
        if not isinstance(self.args, tuple) or not lo <= len(self.args) <= hi:
            raise ActionParseError(f"{self.verb!r} takes {lo}-{hi} operands, got {self.args!r}")
        if not all(isinstance(a, str) and a for a in self.args):
            raise ActionParseError(f"operands of {self.verb!r} are non-empty texts, got {self.args!r}")
        if self.verb == "claim" and self.args[0] not in ("any", self.args[1]):
            raise ActionParseError(f"a {self.args[0]} die claims from the {self.args[0]} pile, not {self.args[1]!r}")
        object.__setattr__(self, "_text", self._render())

    @staticmethod
    def of(verb: str, *args: str) -> Action:
        """A checked action, built once and reused: the engine lists the same few thousand often."""
        key = (verb, args)
        action = _INTERNED.get(key)
        if action is None:
            if len(_INTERNED) > 200_000:
                _INTERNED.clear()
                _BY_OPERANDS.clear()
            action = _INTERNED[key] = Action(verb, args)
        return action

    def __str__(self) -> str:
        return self._text

    def _render(self) -> str:
        v, a = self.verb, self.args
        if v == HOUSE:
            return a[0]
        if v == "claim":
            return f"claim {a[0]}" if a[0] == a[1] else f"claim any -> {a[1]}"
        if v == "upgrade":
            return "upgrade " + " -> ".join((a[0], " ".join(a[1:]))) if len(a) > 1 else f"upgrade {a[0]}"
        return GRAMMAR[v][1].format(*a)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: object) -> Action:  # object, not str | Action: mypyc would reject non-text with TypeError
        """Read the canonical text form; raise ``ActionParseError`` for anything else."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionParseError(f"an action is text like 'end turn', got {text!r}")
        clean = " ".join(text.strip().split())
        for verb, rx in _COMPILED.items():
            m = rx.match(clean)
            if m:
                args = tuple(g for g in m.groups() if g is not None)
                if verb == "claim" and len(args) == 1:
                    args = (args[0], args[0])
                return cls(verb, args)
        first = clean.split(" ")[0] if clean else ""
        forms = [
            EXAMPLES.get(v) or GRAMMAR[v][1].replace("{0}", "X").replace("{1}", "Y")
            for v in GRAMMAR
            if _WORDS[v] == first
        ]
        hint = f"; '{first}' takes the form: {' | '.join(forms)}" if forms else ""
        raise ActionParseError(f"cannot read action {text!r}{hint}")


_INTERNED: dict[tuple[str, tuple[str, ...]], Action] = {}
_BY_OPERANDS: dict[str, dict[str, dict[str, Action]]] = {}


def interned(verb: str, first: str, second: str = "") -> Action:
    """``Action.of`` for the legal lists' one- and two-operand actions, found by plain text keys.

    The same object ``Action.of`` returns, about three times faster: no key tuple to build and hash.
    """
    row = interned_row(verb, first)
    action = row.get(second)
    if action is None:
        action = row[second] = Action.of(verb, first, second) if second else Action.of(verb, first)
    return action


def interned_row(verb: str, first: str) -> dict[str, Action]:
    """Second operand -> action, for every interned ``verb first ...`` (fill it with ``interned``)."""
    by_first = _BY_OPERANDS.get(verb)
    if by_first is None:
        by_first = _BY_OPERANDS[verb] = {}
    row = by_first.get(first)
    if row is None:
        row = by_first[first] = {}
    return row
