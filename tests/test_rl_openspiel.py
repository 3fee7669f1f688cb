"""Every built-in game as an OpenSpiel game (issue 16), proven by OpenSpiel's own ``random_sim_test``.

``random_sim_test`` plays a random game and checks at every step that clones and deserialized
copies match, legal actions are sorted and masked, tensors have their declared size and the
returns lie within the declared utilities.
"""

from __future__ import annotations

import random

import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import bourbon_lab as bl
from bourbon_lab.games import BUILTIN
from bourbon_lab.rl import openspiel as ops

# Other test modules register throwaway (and deliberately broken) games; the adapters are proven on the lab's own.
TABLES = [(g, n) for g in bl.games() if g in BUILTIN for n in bl.get_game(g).info.player_counts]


# A random game at the larger tables runs to thousands of decisions: those are slow (make test runs them all).
SIM_TABLES = [
    pytest.param(g, n, marks=[pytest.mark.slow] if n > bl.get_game(g).info.min_players + 1 else []) for g, n in TABLES
]


@pytest.mark.parametrize(("game", "players"), SIM_TABLES)
def test_openspiel_random_sim_test_passes_with_serialization(game, players):
    pyspiel.random_sim_test(ops.load(game, players=players, seed=players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game", [g for g in bl.games() if g in BUILTIN])
def test_the_game_type_states_the_games_facts(game):
    info = bl.get_game(game).info
    g = ops.load(game, players=info.min_players)
    t = g.get_type()
    assert t.short_name == f"bourbon_lab_{game}"
    assert (t.min_num_players, t.max_num_players) == (info.min_players, info.max_players)
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert g.max_game_length() == info.max_decisions
    assert g.num_players() == info.min_players
    assert g.num_distinct_actions() == g.new_initial_state().held.table.index.size
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert g.max_chance_outcomes() == ops.DEALS
    # What the state provides, which OpenSpiel's algorithms read before asking for it (all four are there).
    provided = ("information_state_string", "information_state_tensor", "observation_string", "observation_tensor")
    assert [getattr(t, f"provides_{what}") for what in provided] == [True] * 4
    state = g.new_initial_state()
    assert isinstance(state.observation_string(0), str) and isinstance(state.information_state_string(0), str)


def _advance(state, steps: int, seed: int = 0):
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_serialization_goes_through_the_snapshot_and_continues_identically():
    game = ops.load("bourbonomics", players=3)
    state = _advance(game.new_initial_state(), 250)
    copy_game, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert copy.lab_state.snapshot() == state.lab_state.snapshot()
    assert copy.legal_actions() == state.legal_actions()
    assert str(_advance(copy, 100, seed=9)) == str(_advance(state, 100, seed=9))


def test_a_clone_is_independent():
    state = _advance(ops.load("bourbonomics", players=2).new_initial_state(), 50)
    clone = state.clone()
    before = state.lab_state.snapshot()
    _advance(clone, 20)
    assert state.lab_state.snapshot() == before
    assert clone.lab_state.snapshot() != before


def test_the_root_is_the_deal_a_chance_node_of_equally_likely_seeds():
    game = ops.load("bourbonomics", players=4, seed=21, deals=8)
    root = game.new_initial_state()
    assert root.is_chance_node() and not root.is_terminal() and root.returns() == [0.0] * 4
    outcomes = root.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(8)) and sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert root.information_state_string(0) == "p0 (not dealt yet)" and not any(root.observation_tensor(1))
    for outcome in (0, 5):
        state = root.child(outcome)
        assert not state.is_chance_node() and state.current_player() == state.lab_state.decision.actor
        want = bl.new_game(bl.default_rules("bourbonomics"), 4, 21 + outcome).snapshot()
        assert state.lab_state.snapshot() == want
    assert root.is_chance_node()  # child() left the root as it was
    with pytest.raises(ValueError, match="deal 8: the root chance node has outcomes 0-7"):
        root.apply_action(8)


def test_the_root_serializes_and_deals_the_same_after():
    game = ops.load("gin_crafters", players=3, seed=4, deals=5)
    root = game.new_initial_state()
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, root))
    assert copy.is_chance_node() and copy.chance_outcomes() == root.chance_outcomes()
    assert copy.child(3).lab_state.snapshot() == root.child(3).lab_state.snapshot()


def test_a_root_without_outcomes_is_refused_in_one_line():
    with pytest.raises(ValueError, match=r"^deals: the root chance node needs at least 1 outcome, got 0$"):
        ops.load("bourbonomics", players=2, deals=0)


def test_returns_follow_the_score_rows():
    state = _advance(ops.load("bourbonomics", players=2).new_initial_state(), 100_000, seed=4)
    assert state.is_terminal()
    rows = sorted(state.lab_state.score_rows(), key=lambda r: r.player)
    assert state.returns() == [1.0 if r.won else 0.0 for r in rows]
    score = ops.load("bourbonomics", players=2, reward="score")
    assert score.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_strings_and_tensors_are_the_players_view():
    state = _advance(ops.load("bourbonomics", players=2).new_initial_state(), 30)
    assert state.observation_string(0) != state.observation_string(1)
    assert len(state.information_state_tensor(0)) == ops.load("bourbonomics", players=2).information_state_tensor_size()
    assert "legal_actions" not in state.observation_string(0)


def test_resample_keeps_what_the_player_knows_and_redeals_the_rest():
    state = _advance(ops.load("bourbonomics", players=3).new_initial_state(), 200)
    player = state.current_player()
    other = ops.resample(state, player, seed=5)
    assert other.information_state_string(player) == state.information_state_string(player)
    assert other.legal_actions() == state.legal_actions()
    assert other.lab_state.snapshot() != state.lab_state.snapshot()


def test_openspiel_bots_play_through_the_adapter():
    game = ops.load("bourbonomics", players=2)
    state = _advance(game.new_initial_state(), 40)
    while len(state.legal_actions()) < 2:
        _advance(state, 1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3)
    bot.set_resampler(lambda s, p: ops.resample(s, p, seed=1))
    assert bot.step(state) in state.legal_actions()


def test_a_bad_player_count_is_one_line_naming_the_field():
    with pytest.raises(ValueError, match=r"^players: bourbonomics is played by 2-6, got 1$"):
        ops.load("bourbonomics", players=1)
