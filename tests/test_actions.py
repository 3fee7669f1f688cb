"""Actions: one canonical text form that parses back, a repr that is valid Python, and parse errors.

style.md: "An action is a small frozen value with one canonical text form that parses back
(str(action) / Action.parse(text)), and a repr that is valid Python." and "Separate 'could not
parse' from 'parsed but not legal now'."
"""

from __future__ import annotations

import dataclasses
import doctest
import importlib.util
import random
import sys

import pytest

import bourbon_lab as bl
from bourbon_lab import Action
from bourbon_lab.games.bourbonomics import actions as actions_module
from bourbon_lab.games.bourbonomics import ruleset as ruleset_module
from bourbon_lab.games.bourbonomics.actions import GRAMMAR

CANONICAL = [
    "pick D07",
    "pick D07.2",
    "keep bill M03",
    "return bills",
    "draw bills",
    "skip bills",
    "keep die rye",
    "keep die any",
    "roll",
    "select any",
    "select cask",
    "reroll",
    "trade -> corn",
    "trade -> any",
    "stop rolling",
    "claim rye",
    "claim any -> wheat",
    "pass dice",
    "stage rye17 -> B3",
    "unstage rye17",
    "make B3",
    "sell B3 -> D07",
    "sell B12 -> D07.2",
    "sell B3 -> private",
    "upgrade supply",
    "upgrade rickhouse -> mega_expansion",
    "upgrade supply -> prospector rye",
    "upgrade marketing -> private_demand_card",
    "sort barley",
    "end turn",
    "climate B4",
]

JUNK = [
    "",
    "   ",
    "dance",
    "end turns",
    "endturn",
    "sell B3",
    "sell B3 D07",
    "sell B3 -> ",
    "sell 3B -> D07",
    "make",
    "make B3 B4",
    "claim",
    "claim rye ->",
    "upgrade",
    "stage -> B3",
    "pick",
    "keep bill",
    "roll 3",
    "trade corn",
    "end turn now",
    "sell B3 -> D07; end turn",
]


def test_the_samples_cover_every_verb():
    assert {Action.parse(t).verb for t in CANONICAL} == set(GRAMMAR)


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_text_parses_and_prints_back(text):
    a = Action.parse(text)
    assert str(a) == text
    assert Action.parse(str(a)) == a
    assert hash(Action.parse(text)) == hash(a)


@pytest.mark.parametrize("text", CANONICAL)
def test_repr_is_python_that_evaluates_to_an_equal_action(text):
    a = Action.parse(text)
    back = eval(repr(a), {"Action": Action})
    assert back == a
    assert type(back) is Action


def test_parsed_values():
    assert Action.parse("sell B3 -> D07") == Action("sell", ("B3", "D07"))
    assert Action.parse("claim rye") == Action("claim", ("rye", "rye"))
    assert Action.parse("claim any -> rye") == Action("claim", ("any", "rye"))
    assert Action.parse("upgrade supply -> prospector rye") == Action("upgrade", ("supply", "prospector", "rye"))
    assert Action.parse("upgrade supply") == Action("upgrade", ("supply",))
    assert Action.parse("end turn") == Action("end_turn")
    assert str(Action("end_turn")) == "end turn"
    assert str(Action("claim", ("corn", "corn"))) == "claim corn"


def test_parse_accepts_an_action():
    a = Action("make", ("B1",))
    assert Action.parse(a) is a


@pytest.mark.parametrize("verb, args", [("sell", ("B1",)), ("stage", ()), ("upgrade", ()), ("fly", ("away",))], ids=str)
def test_a_hand_built_malformed_action_is_refused_or_printable(verb, args):
    # Either the constructor refuses it (a ValueError such as ActionParseError), or str/repr work:
    # a repr that raises makes every error message and test report about it unreadable.
    try:
        a = Action(verb, args)
    except ValueError:
        return
    assert isinstance(repr(a), str) and isinstance(str(a), str)


def test_action_is_frozen_and_hashable():
    a = Action.parse("make B3")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.verb = "sell"
    assert {a, Action.parse("make B3")} == {a}


@pytest.mark.parametrize(
    "messy, clean",
    [
        ("  sell   B3  ->\tD07  ", "sell B3 -> D07"),
        ("end\nturn", "end turn"),
        ("\tclaim   any   ->  rye ", "claim any -> rye"),
        ("upgrade  supply ->  prospector   corn", "upgrade supply -> prospector corn"),
        (" roll ", "roll"),
    ],
)
def test_whitespace_is_normalised(messy, clean):
    assert str(Action.parse(messy)) == clean
    assert Action.parse(messy) == Action.parse(clean)


@pytest.mark.parametrize("text", JUNK)
def test_junk_raises_action_parse_error(text):
    with pytest.raises(bl.ActionParseError) as info:
        Action.parse(text)
    assert not isinstance(info.value, bl.IllegalAction)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("thing", [None, 42, ("sell", "B3"), b"end turn"])
def test_non_text_raises_action_parse_error(thing):
    with pytest.raises(bl.ActionParseError):
        Action.parse(thing)


def test_parse_error_is_distinct_from_illegal_action():
    assert not issubclass(bl.ActionParseError, bl.IllegalAction)
    assert not issubclass(bl.IllegalAction, bl.ActionParseError)
    assert issubclass(bl.ActionParseError, bl.BourbonLabError)
    assert issubclass(bl.IllegalAction, bl.BourbonLabError)
    assert issubclass(bl.ActionParseError, ValueError)


def test_parse_error_hints_at_the_form_of_a_known_verb():
    with pytest.raises(bl.ActionParseError) as info:
        Action.parse("sell B3")
    assert "sell X -> Y" in str(info.value)


@pytest.mark.parametrize("text", ["upgrade", "claim", "stage B1", "keep", "sell"])
def test_parse_error_hints_have_no_template_placeholders(text):
    with pytest.raises(bl.ActionParseError) as info:
        Action.parse(text)
    message = str(info.value)
    assert "{" not in message and "}" not in message, message


@pytest.mark.parametrize("text", ["claim rye -> corn", "claim rye -> rye", "claim corn -> any"])
def test_every_accepted_claim_text_round_trips(text):
    # Whatever parse accepts must print back to text that parses to the same action (or be refused).
    try:
        a = Action.parse(text)
    except bl.ActionParseError:
        return
    assert Action.parse(str(a)) == a
    assert eval(repr(a), {"Action": Action}) == a


def test_every_legal_action_of_real_games_round_trips():
    seen: set[str] = set()
    rules = bl.Ruleset.default()
    for seed, players in ((1, 2), (2, 4), (3, 6)):
        dists = [d.id for d in rules.distilleries][:players]
        g = bl.new_game(rules, players=players, seed=seed, distilleries=dists)
        rng = random.Random(seed)
        for _ in range(600):
            if g.is_over:
                break
            legal = g.legal_actions()
            for a in legal:
                text = str(a)
                seen.add(a.verb)
                assert Action.parse(text) == a, text
                assert eval(repr(a), {"Action": Action}) == a
            g.apply(rng.choice(legal))
    assert {"claim", "stage", "make", "end_turn"} <= seen


# --- doctests ----------------------------------------------------------------------------------


def _from_source(module):
    """The module run from its .py file: a compiled build (bourbon_lab.native) keeps no docstrings."""
    source = bl.native.PACKAGE.parent / (module.__name__.replace(".", "/") + ".py")
    name = f"{module.__name__}_doctest"
    spec = importlib.util.spec_from_file_location(name, source)
    copy = importlib.util.module_from_spec(spec)
    sys.modules[name] = copy  # dataclasses look their module up while the class is built
    try:
        spec.loader.exec_module(copy)
    finally:
        del sys.modules[name]
    return copy


@pytest.mark.parametrize("module", [actions_module, ruleset_module], ids=["actions", "ruleset"])
def test_module_doctests_pass(module):
    result = doctest.testmod(_from_source(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module.__name__} has no doctests"
    assert result.failed == 0
