"""Every built-in game as a PettingZoo AEC environment (issue 16), proven by PettingZoo's own tests.

``api_test`` and ``seed_test`` run for every game and player count. ``max_cycles_test`` does not
apply: it drives ``mod.parallel_env``, and a turn-based game is not parallelizable (its
``metadata["is_parallelizable"]`` is False, as for PettingZoo's own classic games).
"""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import bourbon_lab as bl
from bourbon_lab.games import BUILTIN
from bourbon_lab.rl import pettingzoo as pz

# Other test modules register throwaway (and deliberately broken) games; the adapters are proven on the lab's own.
TABLES = [(g, n) for g in bl.games() if g in BUILTIN for n in bl.get_game(g).info.player_counts]


def _play(env, seed: int, steps: int | None = None) -> list[int]:
    """Random legal numbers from a seeded generator; the numbers chosen."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen = []
    for _agent in env.agent_iter() if steps is None else env.agent_iter(steps):
        obs, _, term, trunc, _ = env.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        chosen.append(action)
        env.step(action)
    return chosen


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_pettingzoo_api_test_passes(game, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice (Box observations, …) is printed as warnings, not failures
        api_test(pz.env(game=game, players=players), num_cycles=2000)


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_pettingzoo_seed_test_passes(game, players):
    seed_test(lambda: pz.env(game=game, players=players), num_cycles=30)


def test_a_seed_reproduces_the_game_of_new_game_with_that_seed():
    env = pz.env(players=3)
    chosen = _play(env, seed=11, steps=300)
    raw = env.unwrapped
    again = bl.new_game(bl.default_rules("bourbonomics"), 3, 11)
    for action in raw.state.actions:
        again.apply(action)
    assert again.snapshot() == raw.state.snapshot()
    assert _play(env, seed=11, steps=300) == chosen
    assert _play(env, seed=12, steps=300) != chosen


def test_rewards_come_at_the_end_and_name_the_winners():
    env = pz.env(players=2)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if not (term or trunc):
            assert reward == 0
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    rows = env.unwrapped.state.score_rows()
    assert totals == {f"player_{r.player}": (1.0 if r.won else 0.0) for r in rows}


def test_score_rewards_are_score_differences_summing_to_zero():
    raw = pz.raw_env(players=3, reward="score")
    _play(raw, seed=5)
    rows = sorted(raw.state.score_rows(), key=lambda r: r.player)
    returns = raw.table.returns(raw.state)
    assert sum(returns) == pytest.approx(0)
    assert returns[0] == pytest.approx(rows[0].score - (rows[1].score + rows[2].score) / 2)


def test_the_mask_marks_exactly_the_legal_actions_and_numbers_name_them():
    raw = pz.raw_env(players=4)
    raw.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(400):
        obs = raw.observe(raw.agent_selection)
        legal = raw.state.legal_actions()
        numbers = np.flatnonzero(obs["action_mask"])
        assert {raw.action_text(int(k)) for k in numbers} <= {str(a) for a in legal}
        assert len(numbers) >= 1
        for other in raw.possible_agents:
            if other != raw.agent_selection:
                assert raw.observe(other)["action_mask"].sum() == 0
        raw.step(int(rng.choice(numbers)))


def test_an_illegal_number_ends_the_game_with_a_penalty_and_raw_env_refuses_it():
    env = pz.env(players=2)
    env.reset(seed=0)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    offender = env.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1

    raw = pz.raw_env(players=2)
    raw.reset(seed=0)
    before = raw.state.snapshot()
    with pytest.raises(pz.IllegalActionNumber, match=f"action {illegal} is not legal"):
        raw.step(illegal)
    assert raw.state.snapshot() == before


def test_observations_are_the_players_views_and_hide_what_they_hide():
    raw = pz.raw_env(players=2)
    raw.reset(seed=4)
    a, b = raw.observe("player_0")["observation"], raw.observe("player_1")["observation"]
    assert a.shape == (raw.table.encoder.size,) and a.dtype == np.float32
    assert not np.array_equal(a, b)
    lab = raw.state
    rng = __import__("random").Random(1)
    hidden = lab.observe(0).determinise(rng)
    assert np.array_equal(raw.table.observation(hidden, 0), a)


def test_render_prints_the_board_text():
    raw = pz.raw_env(players=2, render_mode="ansi")
    raw.reset(seed=0)
    text = raw.render()
    assert "round 1" in text and "player 0" in text and "to act: player" in text


def test_bad_arguments_are_one_line_errors_naming_the_field():
    with pytest.raises(ValueError, match=r"^players: bourbonomics is played by 2-6, got 7$"):
        pz.env(players=7)
    with pytest.raises(ValueError, match="^reward: 'money' is not one of win, score$"):
        pz.env(reward="money")
    with pytest.raises(bl.core.UnknownGame, match="unknown game 'chess'"):
        pz.env(game="chess")


def test_a_missing_rl_extra_is_one_line_naming_it():
    code = "import sys; sys.modules['pettingzoo'] = None\nimport bourbon_lab.rl.pettingzoo"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode != 0
    last = out.stderr.strip().splitlines()[-1]
    assert last == "ImportError: bourbon_lab.rl needs 'pettingzoo', part of the rl extra: pip install 'bourbon_lab[rl]'"


def test_env_enforces_the_call_order_and_the_action_space_like_pettingzoos_wrappers():
    env = pz.env(players=2)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
        env.step(0)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before observe"):
        env.observe("player_0")
    env.reset(seed=1)
    before = env.unwrapped.state.snapshot()
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(env.action_space(env.agent_selection).n)
    assert env.unwrapped.state.snapshot() == before
    agents = iter(env.agent_iter())
    next(agents)
    with pytest.raises(AssertionError, match="need to call step\\(\\) or reset\\(\\)"):
        next(agents)


def test_the_environment_plays_the_ruleset_it_is_given():
    rules = bl.default_rules("bourbonomics").replace(zone_multipliers=(1, 2, 4))
    raw = pz.raw_env(players=2, rules=rules)
    raw.reset(seed=1)
    assert raw.table.rules is rules and raw.table.rules.zone_multipliers == (1, 2, 4)
    assert pz.raw_env(players=2).table.rules.zone_multipliers != (1, 2, 4)
