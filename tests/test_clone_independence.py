"""``clone()`` gives a table of its own: it plays on exactly as the original would, and neither moves the other.

Search bots clone the table at every iteration, so each game's ``clone`` copies its state field by field and
shares what never changes; a field copied one level too shallow would let a search move the real table.
Every registered game at every player count plays legal games (its heuristic bots, with random choices
mixed in), cloned at many points:
(a) a clone given the original's actions ends with the same log and snapshot; (b) a clone played on its own
way leaves the original's snapshot and legal actions as they were, and the original playing on leaves an
idle clone as it was; (c) no list, dict or set of a clone is also the original's, unless two separately dealt
tables of the ruleset share it too (the ruleset, the content, a card index built once per ruleset).
"""

from __future__ import annotations

import json
import random
import types
from enum import Enum

import pytest

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.bots.base import bots_for
from bourbon_lab.core import get_game
from bourbon_lab.core.atomic import attributes

CASES = [(name, n) for name in bl.games() for n in get_game(name).info.player_counts]
CUTS = 12
"""Clone points per game, spread over its length (the first and the last decision among them)."""
WALKS = 150
"""Clone points per game for (c), a walk over both tables being cheaper than playing a clone on."""
DIVERGE = 40
"""Decisions a clone is played on its own way (or to the end)."""
RANDOM = 0.05
"""The share of random choices among the bots' (``_record``): random play alone seldom gets far into a game."""

KNOWN_SHARING = {
    # Deck.clone (rules/supply.py) hands the clone the original's ``printed`` list: nothing changes it, but it
    # is one list of two tables (a tuple would be neither's). Remove the entry once fixed (the test says so).
    "bourbonomics": {".demand.printed", ".bills.printed"},
}
"""Places where a game's clone is known to share a mutable container with its original."""

_LEAVES = (str, int, float, complex, bytes, type(None), range, type, frozenset, Enum)
_LEAVES += (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType)
_MUTABLE = (list, dict, set, bytearray)


def _dump(g) -> str:
    return json.dumps(g.snapshot(), sort_keys=True, default=str)


def _log(g) -> list[tuple]:
    return [tuple(e) for e in g.log]


def _legal(g) -> list[str]:
    return [] if g.is_over else [str(a) for a in g.legal_actions()]


def _fields(x) -> dict:
    """What a value holds, ``{label: (key, value)}``: its keys, its positions or its attributes."""
    if isinstance(x, dict):
        return {f"[{k!r}]": (k, v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return {f"[{i}]": (i, v) for i, v in enumerate(x)}
    if isinstance(x, (set, bytearray)):
        return {}  # hashable leaves only
    names = list(attributes(x))
    for klass in type(x).__mro__:
        slots = getattr(klass, "__slots__", ())
        names += [s for s in ([slots] if isinstance(slots, str) else slots) if s not in names]
    names = [n for n in names if n not in ("__dict__", "__weakref__") and hasattr(x, n)]
    return {f".{n}": (n, getattr(x, n)) for n in names}


def _pairs(a, b, path: str, skip: set[int], seen: set):
    """``(path, the clone's parent, key, the original's value, the clone's value)`` for each place both hold.

    Leaves and objects in ``skip`` are not listed; a value both tables hold is listed, not entered. The log's
    entries are immutable events, shared by design: only the ``log`` list itself is compared.
    """
    theirs = _fields(b)
    for label, (key, x) in _fields(a).items():
        if label not in theirs or isinstance(x, _LEAVES) or id(x) in skip:
            continue
        y, where = theirs[label][1], path + label
        yield where, b, key, x, y
        if x is y or (id(x), id(y)) in seen or where == ".log":
            continue
        seen.add((id(x), id(y)))
        yield from _pairs(x, y, where, skip, seen)


def _shared_by_design(rules, n: int, seed: int) -> tuple[set[int], list]:
    """Ids of what two separately dealt tables of one ruleset hold in common (and the tables, kept alive)."""
    one, two = (bl.new_game(rules, players=n, seed=seed) for _ in range(2))
    return {id(x) for _, _, _, x, y in _pairs(one, two, "", set(), set()) if x is y}, [one, two]


def shared_containers(original, clone, design: set[int]) -> list[str]:
    """Where the clone holds a list, dict or set that is the original's own."""
    return [p for p, _, _, x, y in _pairs(original, clone, "", design, set()) if isinstance(x, _MUTABLE) and x is y]


def _record(name: str, n: int, seed: int) -> list:
    """The actions of one game of the game's heuristic bots, one choice in twenty random instead.

    Uniformly random play seldom gets far into a game (hardly a Distilled spirit is ever made); the bots do,
    and the random choices take them off their usual paths.
    """
    g = bl.new_game(bl.default_rules(name), players=n, seed=seed)
    spec = "heuristic" if "heuristic" in bots_for(name) else "random"  # a test's toy game has no heuristic
    bots = [make_bot(spec, seed=seed * 10 + s, game=name) for s in range(n)]
    rng, limit = random.Random(seed), get_game(name).info.max_decisions
    actions: list = []
    while not g.is_over and len(actions) < limit:
        legal, actor = list(g.legal_actions()), g.decision.actor
        actions.append(rng.choice(legal) if rng.random() < RANDOM else bots[actor].choose(g.observe(actor), legal))
        g.apply(actions[-1], check=False)
    return actions


def _cuts(actions: list, cuts: int = CUTS) -> set[int]:
    return {0, len(actions) - 1, *(len(actions) * i // cuts for i in range(1, cuts))}


def _same_table(g, c) -> None:
    names = attributes(g)
    assert sorted(attributes(c)) == sorted(names), "the clone's attributes are not the table's"
    unset = [k for k in names if hasattr(g, k) != hasattr(c, k)]
    assert not unset, f"attributes set on one table and not the other: {unset}"
    assert _dump(c) == _dump(g) and _log(c) == _log(g) and _legal(c) == _legal(g)


def _caught_up(copy, k: int, then: str, actions: list):
    """A clone taken at decision ``k`` and left alone, given the original's actions since."""
    assert _dump(copy) == then, f"the original playing on changed the clone taken at decision {k}"
    for a in actions[k:]:
        copy.apply(a, check=False)
    return copy


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_clone_plays_on_exactly_and_apart(name, players):
    seed = players + 10
    actions = _record(name, players, seed)
    cuts = _cuts(actions)
    g = bl.new_game(bl.default_rules(name), players=players, seed=seed)
    twins: list = []  # clones given the original's actions
    idle = None  # a clone left alone since a cut: (clone, that decision, the snapshot then)
    rng = random.Random(seed + 1)
    for k, action in enumerate(actions):
        if k in cuts:
            before, legal = _dump(g), _legal(g)
            if idle is not None:
                twins.append(_caught_up(*idle, actions[:k]))
            c = g.clone()
            _same_table(g, c)
            for _ in range(DIVERGE):  # (b) its own way, first of all not the original's next action
                if c.is_over:
                    break
                choices = [a for a in c.legal_actions() if len(c.actions) > k or str(a) != str(action)]
                c.apply(rng.choice(choices or list(c.legal_actions())), check=False)
            assert _dump(g) == before and _legal(g) == legal, f"playing a clone changed the original at decision {k}"
            idle = (g.clone(), k, before)
        g.apply(action, check=False)
        for t in twins:
            t.apply(action, check=False)
    assert idle is not None
    twins.append(_caught_up(*idle, actions))
    end = _dump(g)
    for t in twins:  # (a)
        assert _log(t) == _log(g) and _dump(t) == end, "a clone given the same actions played otherwise"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_clone_holds_no_list_dict_or_set_of_the_original(name, players):
    seed = players + 20
    rules = bl.default_rules(name)
    design, _alive = _shared_by_design(rules, players, seed)
    actions = _record(name, players, seed)
    cuts = _cuts(actions, WALKS)
    g = bl.new_game(rules, players=players, seed=seed)
    found: dict[str, int] = {}
    for k, action in enumerate(actions):
        if k in cuts:
            for path in shared_containers(g, g.clone(), design):
                found.setdefault(path, k)
        g.apply(action, check=False)
    known = KNOWN_SHARING.get(name, set())
    new = {p: k for p, k in found.items() if p not in known}
    assert not new, f"a clone shares mutable state with its original at (path: first decision) {new}"
    assert known <= set(found), f"fixed, so to be taken out of KNOWN_SHARING: {sorted(known - set(found))}"


def _leaky(real, planted: list):
    """``real`` clone, but handing the clone one nested list (or dict) of the original's; its path in ``planted``."""

    def clone(self):
        c = real(self)
        for where, parent, key, mine, theirs in _pairs(self, c, "", set(), set()):
            if isinstance(mine, _MUTABLE) and isinstance(parent, _MUTABLE) and mine is not theirs and mine:
                parent[key] = mine
                planted.append(where)
                return c
        raise AssertionError("no nested list or dict to share")

    return clone


@pytest.mark.parametrize("name", bl.games())
def test_a_clone_sharing_one_nested_list_is_caught(name, monkeypatch):
    """The check must fail on a planted clone bug, the original's own inner list in the clone, naming its place."""
    rules = bl.default_rules(name)
    design, _alive = _shared_by_design(rules, 2, 3)
    g = bl.new_game(rules, players=2, seed=3)
    for a in _record(name, 2, 3)[:30]:
        g.apply(a, check=False)
    honest = shared_containers(g, g.clone(), design)
    planted: list[str] = []
    monkeypatch.setattr(type(g), "clone", _leaky(type(g).clone, planted))
    leaky = shared_containers(g, g.clone(), design)
    assert len(planted) == 1 and planted[0] not in honest
    assert planted[0] in leaky, f"planted a shared {planted[0]}, found only {leaky}"
