"""The optional parts a game may declare, read one way by every layer.

They are setup choices, named rulesets, a checked script step and a table restored under other rules.
A game that declares none of them still plays everywhere; one that declares them gets them in scenarios,
playtest files, forks, the Stepper, the post-game review and the command line, with no layer naming it.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import BourbonLabError, IllegalAction


class SetupChoiceError(BourbonLabError, ValueError):
    """A setup choice a game does not have, or a value it does not offer; the message names the choice."""


@dataclass(frozen=True)
class SetupChoice:
    """A choice made at the table before play, one value per seat (Bourbonomics' distilleries).

    ``name`` is the keyword ``new`` takes and the key a scenario or playtest file writes; ``options(rules)``
    lists the values the ruleset offers; ``of_table(state)`` and ``of_snapshot(snapshot)`` read back what a
    table was dealt, one per seat. ``item`` names one value in errors ("unknown distillery 'x'").
    """

    name: str
    item: str
    options: Callable[[Any], Sequence[str]]
    of_table: Callable[[Any], list[str]]
    of_snapshot: Callable[[dict], list[str]]
    description: str = ""


def setup_choices(game: Any) -> tuple[SetupChoice, ...]:
    """The setup choices ``game`` (a ``GameDef``) declares, in the order a file writes them."""
    return tuple(getattr(game, "setup", ()) or ())


def check_setup(game: Any, rules: Any, players: int, values: Mapping[str, Any]) -> dict[str, list[str]]:
    """``values`` as one list per choice, every value one the ruleset offers; a fault names the choice.

    A single text stands for every seat (``distilleries: standard``).
    """
    out: dict[str, list[str]] = {}
    for name, value in values.items():
        if value is None:
            continue
        choice = setup_choice(game, name)
        if isinstance(value, str):
            value = [value] * players
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            why = f"give one {choice.item} per seat (text), or one for every seat; got {value!r}"
            raise SetupChoiceError(f"{name}: {why}")
        if len(value) != players:
            raise SetupChoiceError(f"{name}: {len(value)} given for {players} players")
        known = list(choice.options(rules))
        for v in value:
            if v not in known:
                close = difflib.get_close_matches(v, known, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise SetupChoiceError(f"{name}: unknown {choice.item} {v!r}{hint}; known: {', '.join(known)}")
        out[name] = list(value)
    return out


def setup_choice(game: Any, name: str) -> SetupChoice:
    """The setup choice ``game`` declares as ``name``; a name it does not declare is refused, naming the choice."""
    declared = {c.name: c for c in setup_choices(game)}
    if name not in declared:
        has = f"; its setup choices: {', '.join(declared)}" if declared else " (it declares no setup choices)"
        raise SetupChoiceError(f"{name}: {game.info.title} has no setup choice {name!r}{has}")
    return declared[name]


def table_setup(game: Any, state: Any) -> dict[str, list[str]]:
    """What ``state`` was dealt for each of its game's setup choices."""
    return {c.name: list(c.of_table(state)) for c in setup_choices(game)}


def snapshot_setup(game: Any, snapshot: dict) -> dict[str, list[str]]:
    """What a snapshot's table was dealt for each setup choice."""
    return {c.name: list(c.of_snapshot(snapshot)) for c in setup_choices(game)}


def ruleset_names(game: Any) -> tuple[str, ...]:
    """The named rulesets ``game`` ships (earlier defaults kept for comparison); () if it ships none."""
    names = getattr(game.ruleset, "names", None)
    return tuple(names()) if callable(names) else ()


def named_ruleset(game: Any, name: Any) -> Any:
    """The ruleset ``game`` ships as ``name``; an unknown name is refused with the known ones."""
    known = ruleset_names(game)
    if not isinstance(name, str) or name not in known:
        close = difflib.get_close_matches(str(name), known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        if not known:
            raise BourbonLabError(f"ruleset: {game.info.title} has no named rulesets")
        raise BourbonLabError(f"ruleset: unknown named ruleset {name!r}{hint}; known: {', '.join(known)}")
    return game.ruleset.named(name)


def acts_for(state: Any, text: str) -> tuple[str, int | None]:
    """(action, seat) for a recorded text: ``"bid 2 @2"`` is seat 2's commit out of turn, anything else the actor's.

    Only a trailing number naming a seat of the open commit group is read as a seat, so a house rule's
    text holding ``@`` stays whole.
    """
    decision = state.decision
    actor = None if decision is None else decision.actor
    body, at, seat = str(text).rpartition(" @")
    group = tuple(getattr(decision, "group", None) or ())
    if at and seat.strip().isdecimal() and int(seat) != actor and int(seat) in group:
        return body, int(seat)
    return str(text), actor


def apply_as(state: Any, action: Any, seat: int | None, *, check: bool = True) -> list:
    """Play ``action`` for ``seat``: as the actor, or (a commit-group member) with ``player=``."""
    decision = state.decision
    if seat is None or decision is None or seat == decision.actor:
        return state.apply(action, check=check)
    return state.apply(action, player=seat, check=check)


def why_illegal(state: Any, action: Any, seat: int | None = None) -> str | None:
    """The rule ``action`` breaks now for ``seat`` (default: the actor), in the game's words; None if legal.

    A game's own ``why_illegal`` answers when it has one; otherwise the action is tried on a copy.
    """
    own = getattr(state, "why_illegal", None)
    decision = state.decision
    if own is not None and (seat is None or decision is None or seat == decision.actor):
        return own(action)
    trial = state.clone()
    try:
        apply_as(trial, action, seat, check=True)
    except IllegalAction as exc:
        return exc.rule
    return None


def restore_under(game: Any, snapshot: dict, rules: Any = None) -> Any:
    """A table from ``snapshot``, under ``rules`` when given (a fork changes the rules mid-game)."""
    if rules is None:
        return game.restore(snapshot)
    try:
        takes_rules = "rules" in inspect.signature(game.restore).parameters
    except (TypeError, ValueError):  # a compiled restore may show no signature: the snapshot's rules are replaced
        takes_rules = False
    if takes_rules:
        return game.restore(snapshot, rules=rules)
    if isinstance(snapshot, dict) and hasattr(rules, "to_dict"):  # the snapshot's own rules (or none) replaced
        return game.restore({**snapshot, "rules": rules.to_dict()})
    raise BourbonLabError(f"{game.info.title} cannot restore a table under other rules (its restore takes no rules=)")
