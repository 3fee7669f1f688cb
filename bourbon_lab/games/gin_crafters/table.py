"""One table of Gin Crafters: the state, its decision point, ``apply``, snapshots and scores.

The steps themselves live beside it, one module per part of a turn (``market``, ``inspiration``,
``distillation``, ``effects``, ``turns``, ``brands``); this module holds the state they change
and dispatches each action to its step. A turn is the owner's two actions (``actions_left``);
a decision is one small choice inside it (``step``), so a turn holds many decisions.
"""

from __future__ import annotations

from typing import Any

from ...core import (
    ActionParseError,
    Decision,
    Event,
    IllegalAction,
    RulesetError,
    ScoreRow,
    SnapshotError,
    atomic,
    rank_rows,
)
from ...core.house import book_for, copy_book, restore_book
from . import (
    distillation,
    effects,
    house_hooks,  # noqa: F401  (declares the hook catalogue house rules check against)
    inspiration,
    market,
    turns,
)
from .chance import Stream
from .content import CONTENT
from .ruleset import Ruleset

DECKS = ("gin", "botanical", "juniper", "brand")
SOURCES = ("gin", "juniper", "key", "brand")
"""Where victory points come from: the gin card, the juniper bonus, the key botanical, brand cards."""

INTERRUPTS = {"bonus": "threshold_bonus", "lend": "lend"}


def _new_player(coins: int) -> dict[str, Any]:
    return {
        "coins": coins,
        "gins": [],
        "brands": [],
        "area": [],
        "distilled": [],
        "spent": [],
        "keys": [],
        "vp": dict.fromkeys(SOURCES, 0),
        "bonuses": [],
        "borrowed": 0,
        "lent": 0,
        "juniper_bonuses": 0,
        "brands_met": 0,
    }


def _copy_player(p: dict[str, Any]) -> dict[str, Any]:
    q = dict(p)
    for k in ("gins", "brands", "area", "distilled", "spent", "keys", "bonuses"):
        q[k] = list(p[k])
    q["vp"] = dict(p["vp"])
    return q


STATE_KEYS = (
    "n",
    "seed",
    "round",
    "turns",
    "start",
    "turn_owner",
    "actions_left",
    "action_no",
    "step",
    "ended_by",
    "final_until",
    "trigger",
    "take_market",
    "pending",
    "pending_deck",
    "keep_for",
    "bonus_queue",
    "refused",
    "dist",
    "actions",
)


class Table:
    """A Gin Crafters table in play; satisfies ``bourbon_lab.core.GameState``."""

    content = CONTENT

    def __init__(self, rules: Ruleset, n: int, seed: int, _deal: bool = True):
        self.rules, self.n, self.seed = rules, n, seed
        self.rng = Stream.seeded(seed, "deal")
        self.log: list[Event] = []
        self.actions: list[str] = []
        self._legal_cache: list[str] = []
        self._legal_at = -1
        self.round, self.turns, self.action_no = 1, 0, 0
        self.step = "action"
        self.ended_by: str | None = None
        self.final_until: int | None = None
        self.trigger: int | None = None
        self.take_market: str | None = None
        self.pending: list[str] = []
        self.pending_deck: str | None = None
        self.keep_for: str | None = None
        self.bonus_queue: list[int] = []
        self.refused: list[int] = []
        self.dist: dict[str, Any] | None = None
        self.players = [_new_player(rules.start_coins) for _ in range(n)]
        self.decks: dict[str, list[str]] = {}
        self.discards: dict[str, list[str]] = {d: [] for d in DECKS}
        self.market: dict[str, list[str | None]] = {}
        self.start = self.turn_owner = 0
        self.actions_left = rules.actions_per_turn
        self.house: Any = book_for(rules, seed)  # the house rules in play (core/house.py); None: the fast path
        if _deal:
            self._setup()

    @classmethod
    def new(cls, rules: Ruleset, players: int, seed: int = 0) -> Table:
        if not isinstance(rules, Ruleset):
            raise TypeError(f"gin_crafters: rules must be a gin_crafters Ruleset, got {type(rules).__name__}")
        if not 2 <= players <= 4:
            raise ValueError(f"players: Gin Crafters is for 2-4 players (book), got {players}")
        return cls(rules, players, seed)

    def _setup(self) -> None:
        """Shuffle the four decks, deal the markets (4 + 2) and the hands (2 gin + 2 brand), pick the start player."""
        c = self.content
        for deck, cards in zip(DECKS, (c.gins, c.botanicals, c.junipers, c.brands)):
            self.decks[deck] = list(cards)  # type: ignore[call-overload]
            self.rng.shuffle(self.decks[deck])
        self.market["botanical"] = [self.draw("botanical") for _ in self.rules.botanical_prices]
        self.market["juniper"] = [self.draw("juniper") for _ in self.rules.juniper_prices]
        for p in self.players:
            p["gins"] = [c for c in (self.draw("gin") for _ in range(self.rules.start_gin)) if c]
            p["brands"] = [c for c in (self.draw("brand") for _ in range(self.rules.start_brand)) if c]
        self.start = self.turn_owner = self.rng.below(self.n)
        self.emit("game_start", None, start_player=self.start, players=self.n)
        self.emit("market", None, botanical=list(self.market["botanical"]), juniper=list(self.market["juniper"]))
        for s in range(self.n):
            self.emit("hand_dealt", s, (s,), gins=list(self.players[s]["gins"]), brands=list(self.players[s]["brands"]))

    # --- chance and bookkeeping

    def draw(self, deck: str) -> str | None:
        """The top card of ``deck``; an empty deck first takes its shuffled discards (book), else None."""
        cards = self.decks[deck]
        if not cards and self.discards[deck]:
            cards.extend(self.discards[deck])
            self.discards[deck].clear()
            self.rng.shuffle(cards)
            self.emit("reshuffle", None, deck=deck, cards=len(cards))
        return cards.pop() if cards else None

    def left(self, deck: str) -> int:
        return len(self.decks[deck]) + len(self.discards[deck])

    def emit(self, kind: str, player: int | None, visible_to: tuple[int, ...] | None = None, **data: Any) -> None:
        phase = "over" if self.step == "over" else "play"
        self.log.append(Event(len(self.log), self.round, phase, player, kind, data, visible_to))

    def stock(self) -> int | None:
        """Coins left in the stock, or None when coins are unlimited (ours)."""
        if self.rules.coins == "unlimited":
            return None
        return self.rules.coin_supply - sum(p["coins"] for p in self.players)

    def gain(self, seat: int, amount: int, source: str, **data: Any) -> int:
        """Pay ``seat`` from the stock (as much as is left under finite coins); log an ``income`` event."""
        left = self.stock()
        amount = amount if left is None else max(0, min(amount, left))
        if amount:
            self.players[seat]["coins"] += amount
            self.emit("income", seat, amount=amount, source=source, **data)
        return amount

    def pay(self, seat: int, amount: int, source: str) -> None:
        if amount:
            self.players[seat]["coins"] -= amount
            self.emit("spend", seat, amount=amount, source=source)

    def score(self, seat: int, amount: int, source: str) -> None:
        if amount:
            self.players[seat]["vp"][source] += amount
            self.emit("points", seat, amount=amount, source=source)

    def track(self, seat: int) -> int:
        """A player's place on the VP track (brand cards are added only at the end)."""
        vp = self.players[seat]["vp"]
        return vp["gin"] + vp["juniper"] + vp["key"]

    # --- the decision point

    @property
    def phase(self) -> str:
        return "over" if self.step == "over" else "play"

    @property
    def is_over(self) -> bool:
        return self.step == "over"

    @property
    def decision(self) -> Decision | None:
        if self.step == "over":
            return None
        actor = self.dist["lender"] if self.step == "lend" else self.turn_owner  # type: ignore[index]
        return Decision(actor, self.step, self.turn_owner, (), INTERRUPTS.get(self.step))

    @property
    def current_player(self) -> int | None:
        d = self.decision
        return None if d is None else d.actor

    def legal_actions(self, player: int | None = None) -> list[str]:
        d = self.decision
        if d is None or (player is not None and player != d.actor):
            return []
        if self.house is not None:
            return self.house.legal(self, d.actor, list(self._legal()))
        return list(self._legal())

    def _legal(self) -> list[str]:
        """The actor's choices, listed once per decision (``apply`` checks against the same list)."""
        if self._legal_at != len(self.actions):
            self._legal_cache, self._legal_at = STEPS[self.step][0](self), len(self.actions)
        return self._legal_cache

    def apply(self, action: Any, player: int | None = None, *, check: bool = True) -> list[Event]:
        """Play ``action`` (or its text) for the actor; ``IllegalAction`` names the rule and changes nothing.

        Whatever a step raises, the table is put back as it was (``core.atomic``); ``check=False``
        (bots, the simulator) skips that copy.
        """
        text = " ".join(str(action).split())
        verb = text.split(" ", 1)[0]
        if self.house is not None and self.decision is not None and (player is None or player == self.decision.actor):
            book, actor = self.house, self.decision.actor
            events = book.intercept(self, "gin_crafters", actor, text, text, check)
            if events is not None:
                return events
        if verb not in VERBS:
            raise ActionParseError(f"gin_crafters: unknown action {text!r}; verbs are {', '.join(sorted(VERBS))}")
        d = self.decision
        if d is None:
            raise IllegalAction(text, "3. Game End: the game is over", round=self.round, phase="over", player=player)
        if player is not None and player != d.actor:
            why = f"it is player {d.actor}'s decision ({d.step}), not player {player}'s"
            raise IllegalAction(text, why, round=self.round, phase=self.phase, player=player)
        if text not in self._legal():
            raise IllegalAction(text, _why(self, verb), round=self.round, phase=self.phase, player=d.actor)
        start = len(self.log)
        if check:
            return atomic(self, "gin_crafters", text, lambda: self._play(text, start))
        return self._play(text, start)

    def _play(self, text: str, start: int) -> list[Event]:
        self.actions.append(text)
        STEPS[self.step][1](self, text.split(" "))  # type: ignore[misc]
        if self.house is not None:
            self.house.after(self, start)
        return self.log[start:]

    # --- scores

    def score_rows(self) -> list[ScoreRow]:
        """Score = VP track plus brand cards (once scored); ties go to more brand cards met, then the later seat."""
        rows = []
        for s, p in enumerate(self.players):
            parts = dict(p["vp"])
            distance = (s - self.start) % self.n
            rows.append(ScoreRow(s, sum(parts.values()), (p["brands_met"], distance), parts=parts))
        return rank_rows(rows, self.is_over, ("brand cards met", "seats after the start player"))

    def scores(self) -> list[dict[str, Any]]:
        """Wide rows (score, rank, won and VP by source as ``vp_<source>``), as Bourbonomics' ``scores`` gives."""
        return [
            {
                "player": r.player,
                "score": r.score,
                "rank": r.rank,
                "won": r.won,
                **{f"vp_{k}": v for k, v in r.parts.items()},
            }
            for r in self.score_rows()
        ]

    def visible_to(self, event: Event) -> tuple[int, ...] | None:
        return event.visible_to

    # --- views

    def view(self, player: int | None) -> dict[str, Any]:
        from .observation import view

        return view(self, player)

    def observe(self, player: int):
        from .observation import Observation

        return Observation(self, player)

    # --- snapshots

    def snapshot(self) -> dict[str, Any]:
        """Every fact of the table as JSON-safe values; ``restore`` rebuilds it exactly."""
        snap = {k: getattr(self, k) for k in STATE_KEYS}
        snap.update(
            game="gin_crafters",
            rules=self.rules.to_dict(),
            rng=self.rng.state,
            players=[_copy_player(p) for p in self.players],
            decks={k: list(v) for k, v in self.decks.items()},
            discards={k: list(v) for k, v in self.discards.items()},
            market={k: list(v) for k, v in self.market.items()},
            pending=list(self.pending),
            bonus_queue=list(self.bonus_queue),
            refused=list(self.refused),
            dist=dict(self.dist) if self.dist else None,
            actions=list(self.actions),
            log=[[e.seq, e.round, e.phase, e.player, e.kind, e.data, e.visible_to] for e in self.log],
        )
        if self.house is not None:
            snap["house"] = self.house.to_data()
        return snap

    @classmethod
    def restore(cls, snap: dict[str, Any]) -> Table:
        if not isinstance(snap, dict) or snap.get("game") != "gin_crafters":
            raise SnapshotError("game", "not a gin_crafters snapshot")
        try:
            rules = Ruleset(**snap["rules"])
            g = cls(rules, snap["n"], snap["seed"], _deal=False)
            for k in STATE_KEYS:
                setattr(g, k, snap[k])
            g.rng = Stream(snap["rng"])
            g.players = [_copy_player(p) for p in snap["players"]]
            g.decks = {k: list(snap["decks"][k]) for k in DECKS}
            g.discards = {k: list(snap["discards"][k]) for k in DECKS}
            g.market = {k: list(snap["market"][k]) for k in ("botanical", "juniper")}
            g.pending, g.bonus_queue, g.refused = (
                list(snap["pending"]),
                list(snap["bonus_queue"]),
                list(snap["refused"]),
            )
            g.dist = dict(snap["dist"]) if snap["dist"] else None
            g.actions = list(snap["actions"])
            g.log = [Event(*e[:6], None if e[6] is None else tuple(e[6])) for e in snap["log"]]  # type: ignore[call-arg]
            g.house = restore_book(rules, g.seed, snap.get("house"))
        except RulesetError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise SnapshotError(str(exc).strip("'"), "missing or malformed") from None
        return g

    def clone(self) -> Table:
        """A copy that shares nothing mutable (events are immutable and shared)."""
        g = Table(self.rules, self.n, self.seed, _deal=False)
        for k in STATE_KEYS:  # attribute by attribute (no __dict__: Table may be a mypyc native class)
            setattr(g, k, getattr(self, k))
        g.rng = Stream(self.rng.state)
        g.players = [_copy_player(p) for p in self.players]
        g.decks = {k: list(v) for k, v in self.decks.items()}
        g.discards = {k: list(v) for k, v in self.discards.items()}
        g.market = {k: list(v) for k, v in self.market.items()}
        g.pending, g.bonus_queue, g.refused = list(self.pending), list(self.bonus_queue), list(self.refused)
        g.dist = dict(self.dist) if self.dist else None
        g.actions, g.log = list(self.actions), list(self.log)
        g._legal_at = -1  # a re-dealt copy may have other choices
        g.house = copy_book(self.house)
        return g


def _side_business(t: Table, words: list[str]) -> None:
    """Side Business: "Receive 3 coins from stock." (book)."""
    turns.begin_action(t, "side_business")
    got = t.gain(t.turn_owner, t.rules.side_business, "side_business")
    t.emit("side_business", t.turn_owner, amount=got)
    turns.action_done(t)


def _action_choices(t: Table) -> list[str]:
    return (
        market.purchases(t)
        + market.refreshes(t)
        + inspiration.inspirations(t)
        + ["side business"]
        + distillation.distills(t)
    )


def _action(t: Table, words: list[str]) -> None:
    ACTION_VERBS[words[0]](t, words)


ACTION_VERBS = {
    "purchase": market.purchase,
    "refresh": market.refresh,
    "inspire": inspiration.inspire,
    "side": _side_business,
    "distill": distillation.declare,
}

STEPS = {
    "action": (_action_choices, _action),
    "take": (market.takes, market.take),
    "keep": (inspiration.keeps, inspiration.keep),
    "bonus": (inspiration.bonuses, inspiration.bonus),
    "lend": (distillation.lends, distillation.lend),
    "juniper": (distillation.junipers, distillation.juniper),
    "key": (distillation.keys, distillation.key),
    "effect": (effects.choices, effects.resolve),
    "over": (lambda t: [], None),
}

RULES = {
    "purchase": "Purchase: pay the price of a market position that holds a card",
    "refresh": "Refresh & Purchase: pay 3 coins (botanicals) or 2 (juniper berries) to replace a market row",
    "take": "Refresh & Purchase: select any one card of the refreshed row",
    "inspire": "Inspiration: look at the top two cards of the gin deck or brand deck",
    "keep": "Inspiration: add one of the cards you looked at to your hand",
    "side": "Side Business: receive 3 coins from stock",
    "distill": "Distillation: all the ingredients on the gin card must be in your botanical area "
    "(one borrowed botanical at most, never a juniper)",
    "juniper": "Distillation: select one juniper berry from your botanical area",
    "key": "Distillation: select one key botanical from your own ingredient botanicals, never a borrowed one",
    "use": "Distillation: a key botanical's effect is used only when its conditions are met",
    "skip": "Distillation: the key botanical's effect may be declined once the key is chosen",
    "decline": "Bonus Action: an Inspiration offered on reaching 10 or 20 points",
    "lend": "Distillation with a Share of Botanicals: only the asked lender answers",
    "refuse": "Distillation with a Share of Botanicals: only the asked lender answers",
}
VERBS = set(RULES)


def _why(t: Table, verb: str) -> str:
    """The rule an illegal action breaks, and what the current step allows instead."""
    options = STEPS[t.step][0](t)
    hint = ", ".join(options[:6]) + (", ..." if len(options) > 6 else "")
    return f"{RULES[verb]}; now ({t.step}) the choices are {hint}"
