"""``apply`` never half-changes a game: whatever a step raises, the table is as it was.

A failure is injected inside a real step of each game, after the step has changed the table
(``actions`` is appended before the step runs, and the injected step runs the real one first),
and the snapshot must come back byte-identical, with a ``StepError`` naming game, step and action.
"""

from __future__ import annotations

import json
import random

import pytest

import bourbon_lab as bl
from bourbon_lab.core import StepError


def _walk(name: str, players: int, seed: int, until) -> object:
    """A random-legal table advanced until ``until(game)`` holds at a decision."""
    g = bl.new_game(bl.default_rules(name), players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(2000):
        if until(g):
            return g
        g.apply(rng.choice(list(g.legal_actions())))
    raise AssertionError(f"{name}: no decision where the injection applies")


def _frozen(g) -> str:
    return json.dumps(g.snapshot(), sort_keys=True, default=str)


def _check_rolled_back(g, name: str, patch) -> None:
    action = str(g.legal_actions()[0])
    step, before, log, actions = g.step, _frozen(g), list(g.log), list(g.actions)
    control = bl.restore(g.snapshot(), name)
    with patch(), pytest.raises(StepError) as caught:
        g.apply(action)
    err = caught.value
    assert (err.game, err.step, err.action) == (name, step, action)
    assert name in str(err) and repr(action) in str(err) and "unchanged" in str(err)
    assert isinstance(err.__cause__, RuntimeError)
    assert _frozen(g) == before and list(g.log) == log and list(g.actions) == actions
    # and it still plays the same as a table that never saw the failure
    assert [e.kind for e in g.apply(action)] == [e.kind for e in control.apply(action)]
    assert _frozen(g) == _frozen(control)


def _wrap_dict_step(table: dict, key: str, index: int):
    """Replace ``table[key][index]`` (a step's effect) by one that runs it, then raises."""
    from contextlib import contextmanager

    @contextmanager
    def patch():
        entry = table[key]
        real = entry[index]

        def broken(*args):
            real(*args)
            raise RuntimeError("injected after the step")

        table[key] = (*entry[:index], broken, *entry[index + 1 :])
        try:
            yield
        finally:
            table[key] = entry

    return patch


def test_bourbonomics_step_failure_rolls_back():
    from bourbon_lab.games.bourbonomics import game as module

    g = _walk("bourbonomics", 3, 4, lambda g: g.step == "keep")
    _check_rolled_back(g, "bourbonomics", _wrap_dict_step(module._STEPS, "keep", 2))


def test_microbrew_step_failure_rolls_back():
    from bourbon_lab.games.microbrew import state as module

    g = _walk("microbrew", 2, 3, lambda g: g.step == "place")
    _check_rolled_back(g, "microbrew", _wrap_dict_step(module.STEPS, g.step, 1))


def test_gin_crafters_step_failure_rolls_back():
    from bourbon_lab.games.gin_crafters import table as module

    g = _walk("gin_crafters", 3, 2, lambda g: g.step == "action" and g.round > 1)
    _check_rolled_back(g, "gin_crafters", _wrap_dict_step(module.STEPS, "action", 1))


class _Booby(dict):
    """A Distilled work table whose first read, inside a step, changes the table and then fails."""

    def __getitem__(self, key):
        value = dict.__getitem__(self, key)
        value["pantry"].append("spilled")
        raise RuntimeError("injected inside the step")


def test_distilled_step_failure_rolls_back():
    from contextlib import contextmanager

    g = _walk("distilled", 3, 5, lambda g: g.step == "distill")

    @contextmanager
    def patch():
        g.work = _Booby(g.work)
        try:
            yield
        finally:
            g.work = dict(g.work)  # the rolled-back table, without the booby trap

    _check_rolled_back(g, "distilled", patch)


def test_a_lab_error_inside_a_step_is_raised_as_it_is_and_rolls_back():
    """An ``IllegalAction`` raised mid-step keeps its own type and message, and the table is as it was."""
    from contextlib import contextmanager

    from bourbon_lab.games.microbrew import state as module

    g = _walk("microbrew", 2, 3, lambda g: g.step == "place")
    entry, action, before = module.STEPS[g.step], str(g.legal_actions()[0]), _frozen(g)

    @contextmanager
    def patch():
        def refusing(*args):
            entry[1](*args)
            raise bl.IllegalAction(action, "a rule found mid-step", round=1, phase="x", player=0)

        module.STEPS[g.step] = (entry[0], refusing)
        try:
            yield
        finally:
            module.STEPS[g.step] = entry

    with patch(), pytest.raises(bl.IllegalAction, match="a rule found mid-step"):
        g.apply(action)
    assert _frozen(g) == before
