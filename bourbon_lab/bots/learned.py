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
"""

from __future__ import annotations

import random
from typing import Any

from .base import ANY_GAME, Bot, register
from .features import Features
from .lookahead import Lookahead, heuristics
from .models import Model, ModelMismatch, load, save
from .training import DEFAULTS, TrainingError, budget, train

__all__ = ["Learned", "Model", "ModelMismatch", "TrainingError", "load", "save", "train"]


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

    def prepare(self, rules: Any, players: int) -> Model:
        """Find or train the model for ``rules`` at ``players`` now (before a run forks its workers, say)."""
        if self._given:
            self.model.check(rules, players)
        else:
            self.model = train(rules, players, **self.budget)
        return self.model

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
            self.model = train(rules, world.n, **self.budget)
        self._rules, self._players = rules, world.n
        features = Features(rules.game, world.n, self.model.size)
        margin = self.model.margin if self.margin is None else self.margin
        self._policy = Lookahead(features, self.model.weights, self.model.depth, self.model.worlds, margin)
        seed = random.Random(self.rng.random()).randrange(2**31)
        self._own = heuristics(rules.game, world.n, seed)[0]
        self._rollout = heuristics(rules.game, world.n, seed + 1)


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
