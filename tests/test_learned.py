"""Issue 51: the ``learned`` bot, which learns by self-play the exact rules it is given.

Known answers: a house rule whose new move wins at once is learned (the bot's own games show that leaving
the heuristic pays) and taken, where the heuristic, which knows only the book, leaves it; a kept model is
found, not trained again, and a changed number trains anew; a model saved for one ruleset is refused by
name for another; the same seed trains the same model on one worker or two, on an executor and in a fresh
process; it plays whole games of every game, and of a game with no heuristic and simultaneous bids.
Budgets are tiny: these check the machinery, not the strength (``benchmarks/bench_learned.py`` does).
"""

from __future__ import annotations

import fifthreg
import numpy as np
import pytest

import bourbon_lab as bl
from bourbon_lab.bots import learned, make_bot, models, training
from bourbon_lab.bots.base import bot_params

TINY = {"rounds": 1, "games": 16, "warmup": 4, "depth": 4, "steps": 1}
"""A tiny budget: 4 heuristic games, then one round of 16 games (four seeds, each at all 4 margins, the seats
swapping seed by seed), 4-decision rollouts on one world a move."""

SPEC = "learned:rounds=1,games=16,warmup=4,depth=4,steps=1"

SMALL = {"rounds": 1, "games": 4, "warmup": 4, "depth": 4, "steps": 1}
"""Smaller still, where only the machinery is checked: one seed at each margin."""

NIM = "rickhouse_nim"


@pytest.fixture(autouse=True)
def _models(tmp_path, monkeypatch):
    """Each test saves its models in its own folder and starts with none in memory."""
    monkeypatch.setenv("BOURBON_LAB_MODELS", str(tmp_path / "models"))
    models.forget_all()
    yield
    models.forget_all()


@pytest.fixture(scope="module")
def nim():
    """The fifth game of docs/adding-a-game.md, registered for these tests (``tests/fifthreg.py``)."""
    with fifthreg.fifth_game():
        yield bl.get_game(NIM)


@bl.house_rule(NIM)
def bonanza(rule):
    "Instead of rolling, a distiller may roll out every barrel but one; they then roll out the last."

    def legal(h, player):
        return ["bonanza"] if h.game.left > 1 else []

    @rule.action(legal)
    def clear(h, player, text):
        h.add_barrels(player, 1 - h.game.left)


def test_a_move_that_wins_at_once_is_learned_and_taken(nim):
    """Known answer: bonanza leaves one barrel to the same distiller, whose only move then wins.

    The heuristic plays the book (it rolls 3, leaving a multiple of 4) and never a house rule's move; the
    learned bot tries every legal move, sees bonanza's game end in its win, and learns from its own games
    that leaving the heuristic pays (the margin it learns is not ``inf``).
    """
    rules = bl.default_rules(NIM).with_house_rules(bonanza())
    game = bl.new_game(rules, players=2, seed=3)
    legal = game.legal_actions()
    assert [str(a) for a in legal] == ["roll 1", "roll 2", "roll 3", "bonanza"]
    assert str(make_bot("heuristic", seed=1, game=NIM).choose(game.observe(0), legal)) == "roll 3"
    model = learned.train(rules, 2, workers=1, progress=False, **TINY)
    assert model.margin < float("inf")  # the evidence said to leave the heuristic
    bot = make_bot(SPEC, seed=1, game=NIM)
    assert str(bot.choose(game.observe(0), legal)) == "bonanza"
    assert wins(rules) == [True] * 4  # from either seat
    assert wins(bl.default_rules(NIM)) == [True, False] * 2  # without the rule, the book's line: the first seat wins


def wins(rules) -> list[bool]:
    """Whether the learned bot won each of 4 games against the heuristic, the seats swapping each game."""
    res = bl.simulate(rules, players=2, games=4, bots=[SPEC, "heuristic"], workers=1, progress=False)
    return res.players.filter(res.players["bot"] == SPEC).sort("game")["won"].to_list()


def test_a_kept_model_is_not_trained_again_and_a_changed_rule_is(nim):
    rules = bl.default_rules(NIM)
    before = training.FITS
    first = learned.train(rules, 2, workers=1, progress=False, **TINY)
    assert training.FITS == before + 1
    assert learned.train(rules, 2, workers=1, progress=False, **TINY) is first  # from memory
    models.forget_all()
    again = learned.train(rules, 2, workers=1, progress=False, **TINY)  # from disk
    assert training.FITS == before + 1
    assert np.array_equal(again.weights, first.weights) and again.margin == first.margin
    assert again.header()["fingerprint"] == rules.fingerprint() and again.version == bl.__version__
    changed = learned.train(rules.replace(barrels=16), 2, workers=1, progress=False, **TINY)
    assert training.FITS == before + 2
    assert changed.fingerprint != first.fingerprint
    learned.train(rules, 3, workers=1, progress=False, **TINY)  # another table size is another model
    assert training.FITS == before + 3


def test_a_saved_model_is_refused_by_name_for_another_ruleset(nim, tmp_path):
    rules = bl.default_rules(NIM)
    model = learned.train(rules, 2, workers=1, progress=False, **TINY)
    path = learned.save(model, tmp_path / "nim.npz")
    assert learned.load(path, rules, 2).key == model.key
    other = rules.replace(most=4)
    with pytest.raises(learned.ModelMismatch) as err:
        learned.load(path, other)
    assert rules.fingerprint() in str(err.value) and other.fingerprint() in str(err.value)
    assert isinstance(err.value, bl.BourbonLabError)
    with pytest.raises(learned.ModelMismatch, match="3"):
        learned.load(path, rules, 3)
    bot = learned.Learned(seed=0).use(learned.load(path))
    game = bl.new_game(other, players=2, seed=1)
    with pytest.raises(learned.ModelMismatch, match=other.fingerprint()):
        bot.choose(game.observe(0), game.legal_actions())


@pytest.mark.parametrize("game", ["microbrew", NIM])
def test_the_same_seed_trains_the_same_model_on_one_worker_or_two(nim, game):
    rules = bl.default_rules(game)
    one = learned.train(rules, 2, workers=1, progress=False, retrain=True, **SMALL)
    two = learned.train(rules, 2, workers=2, progress=False, retrain=True, **SMALL)
    assert np.array_equal(one.weights, two.weights)
    assert one.margin == two.margin
    assert [h["moves"] for h in one.history] == [h["moves"] for h in two.history]
    other = learned.train(rules, 2, workers=1, progress=False, retrain=True, **{**SMALL, "seed": 1})
    assert [h["moves"] for h in other.history] != [h["moves"] for h in one.history]


def test_an_executor_trains_the_same_model_as_local_workers(nim):
    from concurrent.futures import ThreadPoolExecutor

    rules = bl.default_rules(NIM)
    here = learned.train(rules, 2, workers=1, progress=False, retrain=True, **TINY)
    with ThreadPoolExecutor(2) as pool:  # anything with submit(), as a Dask client
        there = learned.train(rules, 2, executor=pool, progress=False, retrain=True, **TINY)
    assert np.array_equal(here.weights, there.weights) and here.margin == there.margin


def test_parameters_are_the_training_budget_and_bad_ones_are_refused():
    assert bot_params("learned:rounds=2,games=8,warmup=8,depth=6,margin=5", "microbrew")[1] == {
        "rounds": 2,
        "games": 8,
        "warmup": 8,
        "depth": 6,
        "margin": "5",
    }
    assert bot_params("learned:2", "microbrew")[1] == {"rounds": 2}
    assert make_bot("learned:margin=5", game="microbrew").margin == 0.05
    assert make_bot("learned:margin=inf", game="microbrew").margin == float("inf")
    assert make_bot("learned", game="microbrew").margin is None  # the model's own
    for bad, word in (
        ("learned:rounds=-1", "rounds"),
        ("learned:steps=0", "steps"),
        ("learned:games=7", "multiple of 4"),
        ("learned:margin=lots", "margin"),
    ):
        with pytest.raises(bl.bots.UnknownBot, match=word):
            make_bot(bad, game="microbrew")
    with pytest.raises(training.TrainingError, match="players"):
        learned.train(bl.default_rules("microbrew"), 9)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game", ["bourbonomics", "distilled", "gin_crafters", "microbrew"])
def test_it_plays_whole_games_of_every_game(game, players):
    """Trained on 4 heuristic games only, told to leave the heuristic for any better move (margin 0)."""
    spec = "learned:rounds=0,warmup=4,depth=4,margin=0"
    res = bl.simulate(bl.default_rules(game), players=players, games=1, bots=[spec, "heuristic"] * (players // 2),
                      workers=1, progress=False)  # fmt: skip
    assert not res.failures and res.games.height == 1
    assert res.games["error"].is_null().all()


def test_a_game_without_a_heuristic_is_played_out_at_random_and_still_learned():
    """Tip Jar (tests/toygame.py) has no heuristic and simultaneous bids: rollouts play random moves, and a
    commit group's last member may choose before the seat the decision names (its move is its own)."""
    import toygame

    toygame.register()
    model = learned.train(toygame.TipRules(), 3, workers=1, progress=False, **SMALL)
    assert model.game == "tipjar" and np.isfinite(model.weights).all()
    g = bl.new_game(toygame.TipRules(), players=3, seed=2)
    seats = [learned.Learned(seed=s, margin="0", **SMALL).use(model) for s in range(3)]
    out_of_turn = 0
    while not g.is_over:
        d = g.decision
        seat = d.group[-1] if d.group else d.actor
        legal = g.legal_actions(player=seat) if seat != d.actor else g.legal_actions()
        action = seats[seat].choose(g.observe(seat), legal)
        assert str(action) in {str(a) for a in legal}
        if seat != d.actor:
            out_of_turn += 1
            g.apply(action, player=seat)
        else:
            g.apply(action)
    assert out_of_turn > 0


def test_the_same_seed_trains_the_same_model_in_a_fresh_process(nim, tmp_path):
    """Another interpreter, another hash seed, no model kept: the same weights, to the bit."""
    import hashlib
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = learned.train(bl.default_rules(NIM), 2, workers=1, progress=False, retrain=True, **TINY)
    script = (
        "import sys, hashlib; sys.path.insert(0, sys.argv[1])\n"
        "import bourbon_lab as bl\nfrom bourbon_lab.bots import learned\nfrom bourbon_lab.core import register_lazy\n"
        f"register_lazy({NIM!r}, 'fifthgame')\n"
        f"m = learned.train(bl.default_rules({NIM!r}), 2, workers=1, progress=False, retrain=True, **{TINY!r})\n"
        "print(hashlib.sha256(m.weights.tobytes()).hexdigest(), m.margin, m.worlds)\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345", "BOURBON_LAB_MODELS": str(tmp_path / "elsewhere")}
    out = subprocess.run([sys.executable, "-c", script, str(Path(__file__).parent)], env=env, capture_output=True,
                         text=True, check=True).stdout.split()  # fmt: skip
    assert out == [hashlib.sha256(here.weights.tobytes()).hexdigest(), str(here.margin), str(here.worlds)]
