"""Tip Jar: a test-only game that exercises what Bourbonomics does not, registered only in the tests.

Each round: every player secretly bids 0-2 coins at once (a commit group, hidden until the
reveal); each bid is paid to the player on the bidder's left (a payment to another player); the
single highest bid scores a point. The player on the winner's right may then challenge out of
turn (an interrupt): pay the winner 1 coin, and take the point if their best hand card beats
the winner's. Then each player in turn draws a hidden card or cashes their hand (2+ cards of
value 3 or more score a point). Reaching the target ends the game once the round finishes.
"""

from __future__ import annotations

import copy
import json
import random

from bourbon_lab.core import Decision, Event, GameDef, GameInfo, IllegalAction, ScoreRow, rank_rows, register_game

SOURCES = ("bid", "challenge", "cards")


class TipRules:
    """The toy's ruleset: a few numbers, immutable, and one variant."""

    game = "tipjar"
    FIELDS = {"coins": 3, "target": 3, "rounds": 6, "ties": "nobody"}

    def __init__(self, **values):
        object.__setattr__(self, "values", {**self.FIELDS, **values})

    def __getattr__(self, name):
        if name == "values":  # not set yet while unpickling (a process pool or Dask sends the ruleset)
            raise AttributeError(name)
        try:
            return self.values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        raise AttributeError("immutable")

    @classmethod
    def default(cls):
        return cls()

    @staticmethod
    def variants():
        return [{"name": "ties", "choices": ["nobody", "both"], "default": "nobody", "description": "tied top bids"}]

    @staticmethod
    def schema():
        return tuple(TipRules.FIELDS)

    def replace(self, **changes):
        return type(self)(**{**self.values, **changes})

    def to_dict(self):
        return dict(self.values)

    def fingerprint(self):
        return repr(sorted(self.values.items()))


class TipJar:
    """One table of Tip Jar, satisfying ``bourbon_lab.core.GameState``."""

    def __init__(self, rules, n, seed):
        self.rules, self.n, self.seed = rules, n, seed
        self.round, self.phase, self.turn, self.ended_by, self.final = 1, "bid", 0, None, False
        self.coins, self.points = [rules.coins] * n, [dict.fromkeys(SOURCES, 0) for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.bids: dict[int, int] = {}
        self.winner: int | None = None
        self.rng = random.Random(seed)
        self.deck = [v for v in range(1, 6) for _ in range(4)]
        self.rng.shuffle(self.deck)
        self.log: list[Event] = []
        self.actions: list[str] = []

    @classmethod
    def new(cls, rules, players, seed=0):
        return cls(rules, players, seed)

    # --- the decision point
    @property
    def step(self):
        return self.phase

    @property
    def is_over(self):
        return self.phase == "over"

    @property
    def decision(self):
        if self.phase == "over":
            return None
        if self.phase == "bid":
            group = tuple(s for s in range(self.n) if s not in self.bids)
            return Decision(group[0], "bid", None, group)
        if self.phase == "challenge":
            return Decision((self.winner - 1) % self.n, "challenge", self.winner, (), "challenge")
        seat = (self.round + self.turn) % self.n
        return Decision(seat, "play", seat)

    @property
    def current_player(self):
        d = self.decision
        return None if d is None else d.actor

    def legal_actions(self, player=None):
        d = self.decision
        if d is None or (player is not None and player != d.actor and player not in d.group):
            return []
        p = d.actor if player is None else player
        if self.phase == "bid":
            return [f"bid {k}" for k in range(min(2, self.coins[p]) + 1)]
        if self.phase == "challenge":
            return ["allow"] + (["challenge"] if self.coins[p] else [])
        return (["draw"] if self.deck else []) + (["cash"] if self.hands[p] else []) + ["pass"]

    # --- playing
    def apply(self, action, player=None, *, check=True):
        """Play ``action`` for the actor, or for ``player`` (a commit-group member acting out of order)."""
        text, _, at = str(action).partition(" @")
        p = int(at) if at else self.current_player if player is None else player
        if text not in self.legal_actions(p):
            raise IllegalAction(text, f"not possible now ({self.phase})", round=self.round, phase=self.phase, player=p)
        start = len(self.log)
        self.actions.append(text if p == self.current_player else f"{text} @{p}")
        getattr(self, "_" + self.phase)(p, text)
        return self.log[start:]

    def emit(self, kind, player, visible_to=None, **data):
        self.log.append(Event(len(self.log), self.round, self.phase, player, kind, data, visible_to))

    def pay(self, payer, payee, amount, source):
        self.coins[payer] -= amount
        self.coins[payee] += amount
        self.emit("income", payee, amount=amount, source=source, from_player=payer)

    def score(self, seat, amount, source):
        self.points[seat][source] += amount
        self.emit("points", seat, amount=amount, source=source)
        self.final = self.final or sum(self.points[seat].values()) >= self.rules.target

    def _bid(self, p, text):
        self.bids[p] = int(text.split()[1])
        self.emit("bid_committed", p, (p,), bid=self.bids[p])
        if len(self.bids) < self.n:
            return
        bids, self.bids = self.bids, {}
        self.emit("bids_revealed", None, bids=[bids[s] for s in range(self.n)])
        for s in range(self.n):
            if bids[s]:
                self.pay(s, (s + 1) % self.n, bids[s], "tip")
        top = max(bids.values())
        winners = [s for s in range(self.n) if bids[s] == top]
        if len(winners) == 1 or self.rules.ties == "both":
            for w in winners:
                self.score(w, 1, "bid")
        self.winner = winners[0] if len(winners) == 1 else None
        self.phase, self.turn = ("challenge" if self.winner is not None else "play"), 0

    def _challenge(self, p, text):
        if text == "challenge":
            w = self.winner
            self.pay(p, w, 1, "challenge_fee")
            mine, theirs = max(self.hands[p], default=0), max(self.hands[w], default=0)
            self.emit("hands_compared", p, (p, w), challenger=mine, winner=theirs)
            if mine > theirs:
                self.score(w, -1, "bid")
                self.score(p, 1, "challenge")
        self.phase = "play"

    def _play(self, p, text):
        if text == "draw":
            self.hands[p].append(self.deck.pop())
            self.emit("card_drawn", p, (p,), value=self.hands[p][-1])
        elif text == "cash":
            hand, self.hands[p] = self.hands[p], []
            self.emit("hand_cashed", p, cards=hand)
            if sum(v >= 3 for v in hand) >= 2:
                self.score(p, 1, "cards")
        self.turn += 1
        if self.turn < self.n:
            return
        if self.final or self.round >= self.rules.rounds:  # a reached target finishes the round first
            self.phase, self.ended_by = "over", "target" if self.final else "rounds"
            self.emit("game_end", None, ended_by=self.ended_by)
        else:
            self.round, self.phase = self.round + 1, "bid"

    # --- what players see, scores, snapshots
    def view(self, player):
        return {
            "round": self.round,
            "phase": self.phase,
            "coins": list(self.coins),
            "points": [dict(p) for p in self.points],
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "my_bid": self.bids.get(player),
            "committed": sorted(self.bids),
        }

    def observe(self, player):
        return TipView(self, player)

    def visible_to(self, event):
        return event.visible_to

    def score_rows(self):
        points = [sum(p.values()) for p in self.points]
        rows = [ScoreRow(s, points[s], (self.coins[s],), parts=self.points[s]) for s in range(self.n)]
        return rank_rows(rows, self.is_over, ("coins",))

    def snapshot(self):
        state = copy.deepcopy({k: v for k, v in vars(self).items() if k not in ("rules", "rng", "log", "bids")})
        state.update(game="tipjar", rules=self.rules.to_dict(), rng=_rng_state(self.rng))
        state.update(bids={str(k): v for k, v in self.bids.items()}, log=[list(e) for e in self.log])
        return state

    @classmethod
    def restore(cls, snap):
        g = cls(TipRules(**snap["rules"]), snap["n"], snap["seed"])
        for k, v in snap.items():
            if k not in ("game", "rules", "rng", "log", "bids"):
                setattr(g, k, v)
        g.rng.setstate((snap["rng"][0], tuple(snap["rng"][1]), snap["rng"][2]))
        g.bids = {int(k): v for k, v in snap["bids"].items()}
        g.log = [Event(*e[:5], e[5], None if e[6] is None else tuple(e[6])) for e in snap["log"]]
        return g

    def clone(self):
        return type(self).restore(json.loads(json.dumps(self.snapshot())))


class TipView:
    """A bot's window: ``determinise`` re-deals the deck and others' hands and re-picks others' hidden bids."""

    def __init__(self, game, player):
        self.game, self.player = game, player

    def determinise(self, rng):
        g, me = self.game.clone(), self.player
        pool = g.deck + [c for s in range(g.n) if s != me for c in g.hands[s]]
        rng.shuffle(pool)
        for s in range(g.n):
            if s != me:
                g.hands[s], pool = pool[: len(g.hands[s])], pool[len(g.hands[s]) :]
        g.deck = pool
        g.bids = {s: (b if s == me else rng.randint(0, min(2, g.coins[s]))) for s, b in g.bids.items()}
        g.rng = random.Random(rng.getrandbits(64))
        return g


def _rng_state(rng):
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


INFO = GameInfo(
    name="tipjar",
    title="Tip Jar (test-only)",
    min_players=2,
    max_players=4,
    max_decisions=200,
    dynamics=("sequential", "commit_groups"),
    interrupts=("challenge",),
    ended_by=("target", "rounds"),
)
GAME = GameDef(info=INFO, ruleset=TipRules, new=TipJar.new, restore=TipJar.restore)


def register() -> GameDef:
    """Register Tip Jar (the tests call this; the lab itself never lists it)."""
    return register_game(GAME)


register()
