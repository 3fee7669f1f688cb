"""Information-set Monte Carlo tree search for any game, through the protocol alone.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse 2012), shaped like OpenSpiel's
``ISMCTSBot``: every iteration re-deals what this seat cannot see (``view.determinise``), walks
one tree shared by all those worlds with UCT, keying each node by the choices made since the
root (so worlds that differ only in hidden cards share their statistics), adds one node, plays
on with a rollout policy for ``depth`` decisions and scores where it stopped. Each node keeps
the rewards of the seat that chose the move into it, so every seat is assumed to play for
itself (max-n). The move played is the root's most visited.

Rewards lie in [0, 1]: the share of rivals a seat is ahead of (ties count half; the game's
own tie-break decides, through ``score_rows``), blended with its score lead, so a search that
stops before the end still sees who is doing better. At the end of a game the share is exact.
Before the end a game whose points come late (Distilled scores its warehouse at the end,
Bourbonomics' barrels are Capital spent) may declare an ``estimate`` module in its folder:
``estimate(state)`` gives each seat's points as if the game ended now. Without one the score
so far is used.

A rollout stops after ``depth`` decisions or, with ``rounds`` > 0, at the start of the round
``rounds`` past the one it began in, whichever comes first: a horizon in rounds lets every seat
answer a move at any table size (at 4 Bourbonomics players a round is about 70 decisions).

``iterations`` is the budget; ``ms`` > 0 makes it a time budget per decision instead (which is
not reproducible: the same seed may play differently on a busier machine).
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..core.errors import UnknownGame
from ..core.registry import get_game
from .base import ANY_GAME, Bot, bots_for, make_bot, register

ROLLOUTS = ("heuristic", "random")


class Node:
    """Statistics of one move, for the seat that made it."""

    __slots__ = ("visits", "total", "avail", "children", "seat")

    def __init__(self, seat: int):
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.children: dict[str, Node] = {}
        self.seat = seat


def rewards(world: Any, n: int, lead_weight: float = 0.2, estimate: Any = None) -> list[float]:
    """Each seat's reward where the search stopped: rivals beaten (ties half), and a little for the lead.

    ``estimate`` (the game's, or None) replaces the score so far before the end; the tie-break stays the game's.
    """
    rows = world.score_rows()
    keys: list[tuple] = [()] * n
    scores = [0.0] * n
    for r in rows:
        keys[r.player] = r.key
        scores[r.player] = float(r.score)
    if estimate is not None and not world.is_over:
        scores = [float(x) for x in estimate(world)]
        keys = [(scores[p], *keys[p][1:]) for p in range(n)]
    spread = max(1.0, 0.25 * sum(abs(s) for s in scores) / n)
    out = []
    for p in range(n):
        ahead = sum(1.0 if keys[q] < keys[p] else 0.5 if keys[q] == keys[p] else 0.0 for q in range(n) if q != p)
        best_rival = max(scores[q] for q in range(n) if q != p)
        lead = 0.5 + 0.5 * math.tanh((scores[p] - best_rival) / spread)
        out.append((1.0 - lead_weight) * ahead / (n - 1) + lead_weight * lead)
    return out


class ISMCTS(Bot):
    """IS-MCTS over re-dealt worlds: UCT in the tree, a rollout policy beyond it, an evaluation at its horizon.

    ``iterations`` worlds a decision (or ``ms`` milliseconds of them); ``c`` the UCT exploration
    constant (rewards lie in [0, 1]); ``depth`` the decisions a rollout plays past the tree
    before it is scored (0: score at once); ``rollout`` the policy that plays them (``heuristic``,
    the game's own bot, or ``random``); ``lead`` how much the score lead weighs in a reward, in
    hundredths (the rest is the share of rivals beaten); ``prior`` the share, in hundredths, of a
    PUCT prior on the rollout policy's own move (0: plain UCT); ``rounds`` a horizon in rounds that
    stops a rollout sooner than ``depth`` (0: ``depth`` alone).

    The defaults were measured (Microbrew, 2 players, 16 games against the heuristic, 200
    iterations): plain UCT with 12-decision rollouts won 0 of 40 four-player games, the prior at 50
    with 12-decision rollouts 9 of 16 two-player games, and with 30-decision rollouts 14 of 16
    (87.5 % [64.0, 96.5]). Short rollouts seldom reach a point being scored, so their rewards are
    noise; the prior keeps the heuristic's plan until the search finds better.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 200,
        ms: int = 0,
        c: int = 70,
        depth: int = 30,
        rollout: str = "heuristic",
        lead: int = 20,
        prior: int = 50,
        rounds: int = 0,
    ):
        super().__init__(seed)
        if iterations < 1:
            raise ValueError(f"ismcts: iterations must be at least 1, got {iterations}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"ismcts: rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        numbers = {"ms": ms, "c": c, "depth": depth, "lead": lead, "prior": prior, "rounds": rounds}
        for field, value in numbers.items():
            if value < 0:
                raise ValueError(f"ismcts: {field} must not be negative, got {value}")
        self.iterations, self.ms, self.depth, self.rollout_policy = iterations, ms, depth, rollout
        self.c = c / 100
        self.lead = min(lead, 100) / 100
        self.prior = min(prior, 100) / 100
        self.rounds = rounds
        self._estimates: dict[str, Any] = {}
        self._policies: list[Bot] = []
        self._game = ""
        self.last_iterations = 0
        """How many worlds the last decision searched (a time budget varies)."""

    def choose(self, view: Any, legal: list) -> Any:
        if len(legal) == 1:
            return legal[0]
        root = self.search(view, legal)
        texts = {str(a): a for a in legal}
        best = max((k for k in root.children if k in texts), key=lambda k: root.children[k].visits, default=None)
        return texts[best] if best is not None else self.rng.choice(list(legal))

    def search(self, view: Any, legal: list) -> Node:
        """The tree grown from this view: the root's children are the legal moves, with their statistics."""
        me = view.player
        allowed = {str(a) for a in legal}
        root = Node(me)
        deadline = time.perf_counter() + self.ms / 1000 if self.ms else None
        done = 0
        while True:
            if deadline is None:
                if done >= self.iterations:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            world = view.determinise(self.rng)
            for policy in self.policies(world):
                policy.forget()  # a plan from the last world is no plan in this one
            self.iterate(world, root, allowed)
            done += 1
        self.last_iterations = done
        return root

    def iterate(self, world: Any, root: Node, allowed: set[str]) -> None:
        """One world: select down the tree, add a node, roll out, back the rewards up."""
        n = world.n
        path: list[Node] = []
        node = root
        expanded = False
        while not world.is_over and not expanded:
            d = world.decision
            legal = world.legal_actions()
            if len(legal) == 1:
                world.apply(legal[0], check=False)
                continue
            texts = [str(a) for a in legal]
            if node is root:
                pairs = [(t, a) for t, a in zip(texts, legal) if t in allowed]
                if not pairs:  # a world whose choices this seat could tell apart: no use to the tree
                    return
            else:
                pairs = list(zip(texts, legal))
            children = node.children
            for t, _ in pairs:
                child = children.get(t)
                if child is not None:
                    child.avail += 1
            if self.prior and self.policies(world):
                t, action = self.select_with_prior(world, node, pairs)
            else:
                t, action = self.select(node, pairs)
            child = children.get(t)
            if child is None:
                child = children[t] = Node(d.actor)
                expanded = True
            world.apply(action, check=False)
            path.append(child)
            node = child
        self.roll_out(world)
        reward = rewards(world, n, self.lead, self.estimate(world))
        for node in path:
            node.visits += 1
            node.total += reward[node.seat]

    def select(self, node: Node, pairs: list) -> tuple[str, Any]:
        """An untried move at random, else the UCT best (availability counts: a move is judged where it was legal)."""
        children = node.children
        untried = [p for p in pairs if p[0] not in children]
        if untried:
            return untried[self.rng.randrange(len(untried))]
        c, log_of, sqrt = self.c, math.log, math.sqrt
        best, best_value = pairs[0], -1.0
        for pair in pairs:
            ch = children[pair[0]]
            value = ch.total / ch.visits + c * sqrt(log_of(ch.avail) / ch.visits)
            if value > best_value:
                best, best_value = pair, value
        return best

    def select_with_prior(self, world: Any, node: Node, pairs: list) -> tuple[str, Any]:
        """PUCT with the heuristic's own move as the prior: the search leaves it only on evidence."""
        actor = world.decision.actor
        favourite = str(self.policies(world)[actor].choose(world.observe(actor), [a for _, a in pairs]))
        children = node.children
        k = len(pairs)
        share = (1.0 - self.prior) / k
        seen = [children[t] for t, _ in pairs if t in children]
        visits = sum(ch.visits for ch in seen)
        first = sum(ch.total for ch in seen) / visits if visits else 0.5
        scale = self.c * math.sqrt(visits + 1)
        best, best_value = pairs[0], -1.0
        for pair in pairs:
            ch = children.get(pair[0])
            p = share + (self.prior if pair[0] == favourite else 0.0)
            if ch is None or not ch.visits:
                value = first + scale * p
            else:
                value = ch.total / ch.visits + scale * p / (1 + ch.visits)
            if value > best_value:
                best, best_value = pair, value
        return best

    def roll_out(self, world: Any) -> None:
        """Play ``depth`` decisions past the tree with the rollout policy (forced moves are free), or to the horizon."""
        left = self.depth
        if not left:
            return
        policies = self.policies(world)
        rng = self.rng
        stop = world.round + self.rounds if self.rounds else None
        while left and not world.is_over and (stop is None or world.round < stop):
            actor = world.decision.actor
            legal = world.legal_actions()
            if len(legal) == 1:
                world.apply(legal[0], check=False)
                continue
            if policies:
                action = policies[actor].choose(world.observe(actor), list(legal))
            else:
                action = legal[rng.randrange(len(legal))]
            world.apply(action, check=False)
            left -= 1

    def estimate(self, world: Any) -> Any:
        """The game's ``estimate(state)`` (its folder's ``estimate`` module), or None: then the score so far."""
        game = getattr(world.rules, "game", "")
        if game not in self._estimates:
            try:
                module = get_game(game).part("estimate")
            except UnknownGame:  # a game made up for a test, not registered: it has no estimate
                module = None
            self._estimates[game] = getattr(module, "estimate", None)
        return self._estimates[game]

    def policies(self, world: Any) -> list[Bot]:
        """One rollout bot a seat, made on first use for this world's game (none: ``random``, or no heuristic)."""
        if self.rollout_policy == "random":
            return []
        game = getattr(world.rules, "game", "")
        if game != self._game or len(self._policies) != world.n:
            self._game = game
            own = "heuristic" in bots_for(game)
            self._policies = (
                [make_bot("heuristic", seed=self.rng.randrange(2**31), game=game) for _ in range(world.n)]
                if own
                else []
            )
        return self._policies


register(ISMCTS, ANY_GAME)
