"""Issue 52: the optional parts a game declares work for the toy game exactly as for Bourbonomics.

Rickhouse Nim (tests/fifthgame) declares a setup choice (``casks``: each distiller's cask wood) and a named
ruleset (``short-rickhouse``, 7 barrels). A scenario, a playtest file, a fork, the Stepper and the post-game
review take them through the same layer code as Bourbonomics' distilleries and named rulesets.
"""

from __future__ import annotations

import fifthreg
import pytest

import bourbon_lab as bl
from bourbon_lab.core import get_game, new_game
from bourbon_lab.core.optional import SetupChoiceError, check_setup, ruleset_names, table_setup

SCENARIO = """\
name: short nim
game: rickhouse_nim
ruleset: short-rickhouse
players: 2
casks: [cedar, hickory]
seed: 3
bots: none
script: [roll 3, roll 1, roll 2]
expect:
  - {at: end, round: 1}
"""


@pytest.fixture(scope="module", autouse=True)
def fifth():
    with fifthreg.fifth_game() as name:
        yield name


def test_the_toy_game_declares_a_setup_choice_and_a_named_ruleset():
    game = get_game("rickhouse_nim")
    assert [c.name for c in game.setup] == ["casks"]
    assert ruleset_names(game) == ("short-rickhouse",)
    assert check_setup(game, game.default_rules(), 2, {"casks": "oak"}) == {"casks": ["oak", "oak"]}
    with pytest.raises(SetupChoiceError, match=r"casks: unknown cask wood 'pine'; known: oak, cedar, hickory"):
        check_setup(game, game.default_rules(), 2, {"casks": ["oak", "pine"]})
    with pytest.raises(SetupChoiceError, match=r"casks: 3 given for 2 players"):
        check_setup(game, game.default_rules(), 2, {"casks": ["oak"] * 3})
    with pytest.raises(SetupChoiceError, match=r"distilleries: Rickhouse Nim \(example\) has no setup choice"):
        check_setup(game, game.default_rules(), 2, {"distilleries": "standard"})


def test_a_scenario_takes_the_named_ruleset_and_the_setup_choice():
    sc = bl.Scenario.from_text(SCENARIO, "short.yaml")
    assert sc.spec.rules.barrels == 7 and sc.spec.ruleset == "short-rickhouse"
    game = sc.game()
    assert game.casks == ["cedar", "hickory"] and game.left == 1 and game.actions == ["roll 3", "roll 1", "roll 2"]
    assert sc.run().passed


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("casks: [cedar, hickory]", "casks: [cedar, pine]"), ["casks: unknown cask wood 'pine'"]),
        (("ruleset: short-rickhouse", "ruleset: short-rickhuose"), ["did you mean 'short-rickhouse'"]),
        (("players: 2", "players: 2\ndistilleries: standard"), ["has no setup choice 'distilleries'"]),
    ],
)
def test_a_bad_setup_choice_or_ruleset_name_is_refused_by_name(change, words):
    with pytest.raises(bl.ScenarioError) as info:
        bl.Scenario.from_text(SCENARIO.replace(*change), "short.yaml")
    for word in words:
        assert word in str(info.value)


def test_an_illegal_script_step_quotes_the_rule_with_its_place():
    text = SCENARIO.replace("script: [roll 3, roll 1, roll 2]", "script: [roll 3, roll 4]")
    with pytest.raises(bl.ScenarioError) as info:
        bl.Scenario.from_text(text, "short.yaml").run()
    message = str(info.value)
    assert "step 2 (line 8): 'roll 4' is illegal here (round 1, roll, player 1)" in message
    assert "not possible now (4 barrels left)" in message


def test_a_playtest_file_keeps_the_setup_choice_and_the_named_ruleset(tmp_path):
    rules = get_game("rickhouse_nim").ruleset.named("short-rickhouse").replace(most=2)
    game = new_game(rules, 2, seed=5, casks=["hickory", "oak"])
    for action in ["roll 2", "roll 1", "roll 2"]:
        game.apply(action)
    path = bl.save_playtest(game, tmp_path / "nim.yaml", humans=[0])
    text = path.read_text()
    assert "ruleset: short-rickhouse" in text and "most: 2" in text and "casks:" in text
    replayed = bl.Scenario.load(path).game()
    assert replayed.casks == ["hickory", "oak"] and replayed.actions == game.actions and replayed.rules == rules


def test_a_fork_keeps_the_setup_and_switches_the_rules():
    game = new_game(get_game("rickhouse_nim").default_rules(), 2, seed=1, casks=["cedar", "oak"])
    for action in ["roll 1", "roll 2", "roll 3"]:
        game.apply(action)
    same = bl.fork(game, at=2, bots="heuristic")
    assert same.forked.casks == ["cedar", "oak"] and same.forked.actions[:2] == game.actions[:2]
    shorter = bl.fork(game, at=2, rules={"barrels": 9}, bots="heuristic")
    assert shorter.forked.rules.barrels == 9 and shorter.forked.is_over
    assert table_setup(get_game("rickhouse_nim"), shorter.forked) == {"casks": ["cedar", "oak"]}


def test_the_stepper_deals_the_same_table():
    from bourbon_lab.widgets.stepper import Stepper

    game = new_game(get_game("rickhouse_nim").default_rules(), 2, seed=2, casks=["hickory", "cedar"])
    for action in ["roll 3", "roll 3"]:
        game.apply(action)
    stepper = Stepper(game)
    assert stepper.game.casks == ["hickory", "cedar"]
    stepper.show(stepper.steps)
    assert stepper.game.left == game.left == 9 and stepper.game.casks == ["hickory", "cedar"]


def test_the_post_game_review_replays_a_playtest_of_the_toy_game(tmp_path):
    rules = get_game("rickhouse_nim").ruleset.named("short-rickhouse")
    game = new_game(rules, 2, seed=4, casks="cedar")
    for action in ["roll 1", "roll 3", "roll 3"]:  # seat 0 rolls 1 and the last 3; seat 1 rolls 3 between
        game.apply(action)
    path = bl.save_playtest(game, tmp_path / "review.yaml", humans=[0])
    review = bl.postgame(path, advisor="heuristic", rollouts=2)
    seats = review.decisions["seat"].to_list() if "seat" in review.decisions.columns else None
    assert review.decisions.height == 2 and (seats is None or set(seats) == {0})
