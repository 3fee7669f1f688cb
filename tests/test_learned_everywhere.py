"""Issue 51: ``learned`` is a lab bot of every game, trained once per ruleset and shared by a run's workers.

The lab registers it (``bourbon_lab.bots``); a run with it trains its model once, whatever the workers:
in this process before they start (``prepare_bots``), or, when no one did, in the first worker to need it
while the others wait for its file (``models.claim``). One worker or two play the same games. ``bl.train``
trains ahead with one bar over the training's games, keeps the model (a second call trains nothing) and
trains anew for a changed rule; a model offered for other rules is refused by name (``bl.ModelMismatch``).
Budgets are the smallest: 4 heuristic games, then 2-decision rollouts, leaving the heuristic for any better
move (margin 0).
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from tqdmbars import shown

import bourbon_lab as bl
from bourbon_lab.bots import bot_names, learned, make_bot, models, prepare_bots, training
from bourbon_lab.bots.base import registry_key
from bourbon_lab.games import BUILTIN
from bourbon_lab.sim.runner import shutdown_pool

GAME = "gin_crafters"
SPEC = "learned:rounds=0,warmup=4,depth=2,steps=1,margin=0"
RULES = bl.default_rules(GAME)
CHANGED = RULES.replace(end_vp=RULES.end_vp + 2)
TABLES = ("games", "players", "events", "score_parts")


@pytest.fixture(autouse=True)
def _fresh(tmp_path, monkeypatch):
    """Each test keeps its models in its own folder, with none in memory, and its own worker processes."""
    monkeypatch.setenv("BOURBON_LAB_MODELS", str(tmp_path / "models"))
    models.forget_all()
    shutdown_pool()
    yield
    models.forget_all()
    shutdown_pool()


@pytest.fixture
def fits(tmp_path, monkeypatch):
    """Every training from now on, in this process or a worker forked from it: the training process's id each."""
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("counts a worker's trainings through a forked copy of this process")
    log = tmp_path / "fits.log"
    real = training._train

    def counted(*args, **kwargs):
        with open(log, "a") as f:
            f.write(f"{os.getpid()}\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(training, "_train", counted)
    shutdown_pool()  # workers started from here on count too
    return lambda: log.read_text().split() if log.exists() else []


def run(workers: int, rules=RULES, bots=(SPEC, "heuristic")):
    return bl.simulate(rules, players=2, games=4, bots=list(bots), workers=workers, progress=False)


def test_the_lab_registers_learned_for_every_game():
    import toygame

    toygame.register()
    for game in (*sorted(BUILTIN), "tipjar"):
        assert "learned" in bot_names(game), game
        assert type(make_bot("learned", game=game)) is learned.Learned
    assert bl.train is learned.train and bl.ModelMismatch is models.ModelMismatch
    assert {"train", "ModelMismatch"} <= set(bl.__all__)


def test_a_run_trains_once_and_one_worker_or_two_play_the_same_games(fits):
    """Two workers, no model yet: one training between them (wherever it ran); then one worker finds it."""
    two = run(workers=2)
    assert len(fits()) == 1
    one = run(workers=1)
    assert len(fits()) == 1
    assert not two.failures and set(two.players["bot"]) == {SPEC, "heuristic"}
    for name in TABLES:
        assert getattr(one, name).equals(getattr(two, name)), name
    assert len(list(models.folder().glob("*.npz"))) == 1


def test_prepare_trains_here_before_the_workers_start(fits):
    """``prepare_bots`` (what a run calls before its workers start) trains in this process; the workers train
    nothing, and a pool started before the model existed is replaced (its workers would lack it)."""
    before = registry_key()
    prepare_bots(RULES, 2, [SPEC, "heuristic"], workers=1, progress=False)
    assert fits() == [str(os.getpid())]
    assert registry_key() != before
    run(workers=2)
    assert fits() == [str(os.getpid())]
    assert learned.prepare(RULES, 2, "heuristic") is None  # a bot with nothing to prepare
    model = learned.prepare(RULES, 2, SPEC)
    assert (model.fingerprint, model.players) == (RULES.fingerprint(), 2) and len(fits()) == 1


def test_two_asking_at_once_train_once(fits):
    """A second caller for the same key waits for the first's training (the key's lock), then finds it."""
    with ThreadPoolExecutor(2) as pool:
        a, b = pool.map(lambda _: bl.train(RULES, 2, SPEC, workers=1, progress=False), range(2))
    assert a is b and len(fits()) == 1


def test_train_keeps_its_model_and_retrains_for_a_changed_rule(fits, bars):
    model = bl.train(RULES, players=2, bot=SPEC, seed=0, progress=True, workers=1)
    assert (model.game, model.fingerprint, model.players) == (GAME, RULES.fingerprint(), 2)
    assert [h["games"] for h in model.history] == [4] and model.history[0]["moves"] > 0
    (bar,) = shown(bars)  # one bar over the training's games, with its total
    assert (bar.total, bar.n) == (4, 4) and f"learning {GAME} at 2" in bar.fp.getvalue()
    assert bl.train(RULES, players=2, bot=SPEC, seed=0, progress=True) is model  # kept: no training, no bar
    assert len(fits()) == 1 and len(shown(bars)) == 1
    changed = bl.train(CHANGED, players=2, bot=SPEC, progress=False)
    assert len(fits()) == 2 and changed.fingerprint == CHANGED.fingerprint() != model.fingerprint
    again = bl.train(RULES, players=2, bot=SPEC, progress=False, retrain=True)  # the same seed, the same model
    assert np.array_equal(again.weights, model.weights) and again.margin == model.margin
    seeded = bl.train(RULES, players=2, bot=SPEC, seed=1, progress=False)
    assert len(fits()) == 4 and seeded.budget["seed"] == 1
    assert bl.train(RULES, players=2, bot=f"{SPEC},trainseed=1", progress=False) is seeded


def test_a_model_for_other_rules_is_refused_by_name(tmp_path):
    model = bl.train(RULES, players=2, bot=SPEC, workers=1, progress=False)
    path = learned.save(model, tmp_path / "gin.npz")
    with pytest.raises(bl.ModelMismatch, match=CHANGED.fingerprint()):
        learned.load(path, CHANGED)
    bot = make_bot(SPEC, game=GAME).use(learned.load(path))
    g = bl.new_game(CHANGED, players=2, seed=1)
    with pytest.raises(bl.ModelMismatch, match=RULES.fingerprint()) as err:
        bot.choose(g.observe(g.decision.actor), g.legal_actions())
    assert isinstance(err.value, bl.BourbonLabError)


def test_train_refuses_a_bot_that_does_not_learn():
    with pytest.raises(bl.BourbonLabError, match="only the learned bot trains"):
        bl.train(RULES, players=2, bot="heuristic")
    with pytest.raises(bl.BourbonLabError, match="unknown bot 'lerned' for gin_crafters"):
        bl.train(RULES, players=2, bot="lerned")
    with pytest.raises(bl.BourbonLabError, match="games must be a multiple of 4"):
        bl.train(RULES, players=2, bot="learned:games=7")


def test_compare_at_skill_levels_with_learned_shows_its_training_apart(bars):
    """Each ruleset trains its own model, on a bar of its own: the comparison's bar counts only its games."""
    c = bl.compare(RULES, CHANGED, players=2, games=2, skill=["heuristic", SPEC], workers=1, progress=True)
    assert set(c.table["level"]) == {"heuristic", SPEC}
    outer = [b for b in shown(bars) if b.desc == "compare at skill levels"]
    assert [(b.total, b.n) for b in outer] == [(8, 8)]
    trained = [b for b in shown(bars) if b.desc.startswith("learning")]
    assert [(b.total, b.n) for b in trained] == [(4, 4), (4, 4)]
