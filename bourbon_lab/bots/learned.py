"""``learned``: a bot for every game that learns, by self-play, the exact rules it is given.

It plays through the protocol alone. On its first move it reads the ruleset and the table size off a
world re-dealt from its view, and finds the model trained for that ruleset's fingerprint (in memory,
then on disk) or trains one (``training.train``, with a progress bar). Then each move is a lookahead
(``lookahead.py``): every legal action played out a few decisions on shared re-dealt worlds and judged
by the learned value of the state reached; it leaves the heuristic's move for one that plays out better
by more than the learned margin. Its parameters are the training budget and the lookahead's
(``learned:rounds=3,games=48,warmup=200,depth=20,steps=100``: ``steps`` thousand rollout decisions a
whole game at its table, spread over as many re-dealt worlds a move as the game's length allows), all part
of the model's name, and ``margin``: ``learned`` (the model's), hundredths of a reward, or ``inf`` (the
heuristic's move always).

``train`` (``bl.train``) trains ahead of play, with a progress bar, and returns the model; a run of games
(``simulate`` and what builds on it) trains before its workers start (``prepare``, through the bots'
``prepare_bots``), so they find the model instead of each training it. A model is trained once per
ruleset fingerprint, table size and budget, and kept (``models.py``).
"""

from __future__ import annotations

import multiprocessing
import random
from typing import Any

from ..core import game_of
from . import training as _training
from .base import ANY_GAME, Bot, bot_params, bots_for, register
from .features import Features
from .lookahead import Lookahead, heuristics
from .models import Model, ModelMismatch, load, save
from .training import DEFAULTS, TrainingError, budget

__all__ = ["Learned", "Model", "ModelMismatch", "TrainingError", "load", "prepare", "save", "train"]


class Learned(Bot):
    """A lookahead on a value learned by self-play for these very rules (see the module docstring)."""

    name = "learned"

    def __init__(
        self,
        seed: int = 0,
        rounds: int = DEFAULTS["rounds"],
        games: int = DEFAULTS["games"],
        warmup: int = DEFAULTS["warmup"],
        depth: int = DEFAULTS["depth"],
        steps: int = DEFAULTS["steps"],
        margin: str = "learned",
        trainseed: int = DEFAULTS["seed"],
    ):
        super().__init__(seed)
        try:
            self.budget = budget(rounds, games, warmup, depth, steps, trainseed)
        except TrainingError as exc:
            raise ValueError(str(exc)) from None
        self.margin = _margin(margin)
        self.model: Model | None = None
        self._given = False
        self._rules: Any = None
        self._players = 0
        self._policy: Lookahead | None = None
        self._own: Any = None
        self._rollout: list = []

    def use(self, model: Model) -> Learned:
        """Play ``model`` (already trained) instead of finding one; it is still checked against the rules."""
        self.model, self._given, self._rules = model, True, None
        return self

    def prepare(self, rules: Any, players: int, **how: Any) -> Model:
        """Find or train the model for ``rules`` at ``players`` now (``how``: workers, executor, progress)."""
        if self._given:
            self.model.check(rules, players)
        else:
            self.model = _training.train(rules, players, **self.budget, **how)
        return self.model

    @classmethod
    def before_games(cls, rules: Any, players: int, params: dict[str, Any], **how: Any) -> Model:
        """A run's once-only work (``bots.base.prepare_bots``): its model for these rules, trained now if need be."""
        return cls(seed=0, **params).prepare(rules, players, **how)

    def choose(self, view: Any, legal: list) -> Any:
        if len(legal) == 1:
            return legal[0]
        seat = getattr(view, "player", None)
        if self._policy is None or seat is None:
            world = view.determinise(self.rng)
            self._ready(world)
            seat = world.decision.actor if seat is None else seat
        legal = list(legal)
        fav = None
        if self._own is not None:
            text = str(self._own.choose(view, legal))
            fav = next((k for k, a in enumerate(legal) if str(a) == text), None)
        i = self._policy.best(view, seat, legal, self._rollout, fav, self.rng)
        if self._own is not None and i != fav:
            self._own.forget()  # its plan assumed its own move
        return legal[i]

    def forget(self) -> None:
        if self._own is not None:
            self._own.forget()

    def _ready(self, world: Any) -> None:
        """The model and lookahead for this world's rules and table (found or trained once per ruleset)."""
        rules = world.rules
        if rules is self._rules and world.n == self._players:
            return
        if self._given:
            self.model.check(rules, world.n)  # a model handed in with use(): refused by name if not for these rules
        elif self.model is None or (self.model.fingerprint, self.model.players) != (rules.fingerprint(), world.n):
            # Found if the run prepared it; else trained here once (a worker waits for another training it).
            quiet = multiprocessing.parent_process() is not None  # a worker's bar would only garble the run's
            self.model = _training.train(rules, world.n, **self.budget, progress=False if quiet else None)
        self._rules, self._players = rules, world.n
        features = Features(rules.game, world.n, self.model.size)
        margin = self.model.margin if self.margin is None else self.margin
        self._policy = Lookahead(features, self.model.weights, self.model.depth, self.model.worlds, margin)
        seed = random.Random(self.rng.random()).randrange(2**31)
        self._own = heuristics(rules.game, world.n, seed)[0]
        self._rollout = heuristics(rules.game, world.n, seed + 1)


def train(
    rules: Any,
    players: int = 4,
    bot: str = "learned",
    *,
    seed: int | None = None,
    progress: bool | None = None,
    executor: Any = None,
    workers: int | None = None,
    retrain: bool = False,
    rounds: int | None = None,
    games: int | None = None,
    warmup: int | None = None,
    depth: int | None = None,
    steps: int | None = None,
) -> Model:
    """The learned bot's model for exactly ``rules`` at ``players``: found if kept, else trained now (by self-play).

    Parameters
    ----------
    rules : a ruleset of any game, house rules included.
    players : the table size it learns (and will play) at.
    bot : the bot as a run names it, its budget included: ``"learned"``, ``"learned:rounds=2,warmup=100"``.
    seed : the training seed (default: the bot's ``trainseed``, 0); the same seed trains the same model on any
        number of workers, in any process.
    progress : a tqdm bar over the training's games (True at once, False never, None after a second).
    executor : a Dask client (anything with ``submit``) to play the training's games on; ``workers``: local
        processes instead (default one per CPU; 1 = in this process).
    retrain : train even when a model is kept.
    rounds, games, warmup, depth, steps : the budget, each in place of the spec's.

    Returns the ``Model``: its ``fingerprint``, ``players``, ``budget`` and the figures of each round
    (``history``). A second call for the same rules, table and budget returns the kept model (from memory,
    else from disk) without training; a changed rule is another fingerprint, and trains anew. A simulation
    with the same spec plays this model.
    """
    name, params = bot_params(bot, game_of(rules))  # an unknown bot or parameter: UnknownBot, by name
    learner = bots_for(game_of(rules))[name]
    if not (isinstance(learner, type) and issubclass(learner, Learned)):
        raise TrainingError(f"train: only the learned bot trains (a bot like 'learned:rounds=2'), got {bot!r}")
    try:
        spent = learner(seed=0, **params).budget
    except ValueError as exc:
        raise TrainingError(str(exc)) from None
    given = {"rounds": rounds, "games": games, "warmup": warmup, "depth": depth, "steps": steps, "seed": seed}
    spent.update({k: v for k, v in given.items() if v is not None})
    return _training.train(
        rules, players, **spent, workers=workers, executor=executor, progress=progress, retrain=retrain
    )


def prepare(rules: Any, players: int, spec: str, **how: Any) -> Model | None:
    """A run's once-only training: the model a ``learned`` ``spec`` plays at ``players`` (None for another bot).

    Call it in the process that starts the run's workers, before they start: they inherit the model, or find
    it saved, and none trains it again. ``how``: ``workers``, ``executor``, ``progress`` (as ``train``'s).
    """
    name, params = bot_params(spec, game_of(rules))
    cls = bots_for(game_of(rules))[name]
    if not (isinstance(cls, type) and issubclass(cls, Learned)):
        return None
    return cls.before_games(rules, players, params, **how)


def _margin(text: Any) -> float | None:
    """``"learned"`` (None: the model's), else hundredths of a reward (``"inf"``: the heuristic's move always)."""
    if text == "learned":
        return None
    if str(text) == "inf":
        return float("inf")
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"learned: margin is 'learned', 'inf' or whole hundredths of a reward, got {text!r}") from None
    if value < 0:
        raise ValueError(f"learned: margin must not be negative, got {value}")
    return value / 100


register(Learned, ANY_GAME)
