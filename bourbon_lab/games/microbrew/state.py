"""A Microbrew table in play: the decision point, ``apply``, the log, scores and snapshots.

Every step of the round is a pair of functions (legal actions, effect) in the module that owns
that part of the rules (``setup``, ``work``, ``jobs``, ``ending``); this module routes to them.
Actions are plain texts (``"place brew.1"``), so their ``str()`` is themselves.
"""

from __future__ import annotations

import json
from typing import Any

from ...core import Decision, Event, IllegalAction, ScoreRow, atomic, rank_rows
from ...core.house import book_for, copy_book, restore_book
from . import (
    ending,
    house_hooks,  # noqa: F401  (declares the hook catalogue house rules check against)
    jobs,
    refusals,
    setup,
    sight,
    work,
)
from .chance import Stream
from .ruleset import Ruleset

STEPS = {
    **setup.STEPS,
    **work.STEPS,
    **jobs.STEPS,
    **ending.STEPS,
}
"""step name -> (legal actions of seat p, effect of an action of seat p)."""

SAVED = (
    "n seed round phase step actor active first starter interrupt ctx cash ready brewers upgraded copper bottles "
    "hand secret "
    "loyal loyal_from asleep thirsty table customer_deck recipe_deck customer_unseen recipe_unseen public_reps "
    "secret_reps aside_reps revealed_reps tin discard spaces replaced brewmaster placements cap_hit free_brew_used "
    "final_round ended_by research reveals stats actions"
).split()
"""Every attribute a snapshot carries (besides the rules, the streams and the log)."""


class Microbrew:
    """One table of Microbrew, satisfying ``bourbon_lab.core.GameState``."""

    # What setup.deal and the steps set (``SAVED``), declared so a compiled (mypyc) table can hold them.
    round: int
    phase: str
    step: str
    actor: int | None
    active: int
    first: int
    starter: int
    interrupt: str | None
    ctx: dict[str, Any]
    cash: list[int]
    ready: list[int]
    brewers: list[int]
    upgraded: list[bool]
    copper: list[list[str]]
    bottles: list[list[dict[str, Any]]]
    hand: list[list[str]]
    secret: list[list[str]]
    loyal: list[list[str]]
    loyal_from: list[dict[str, int]]
    asleep: list[Any]
    thirsty: list[str]
    table: list[str]
    customer_deck: list[str]
    recipe_deck: list[str]
    customer_unseen: list[str]
    recipe_unseen: list[str]
    public_reps: list[str]
    secret_reps: list[list[str]]
    aside_reps: list[str]
    revealed_reps: list[list[str]]
    tin: list[int]
    discard: list[int]
    spaces: dict[str, list[Any]]
    replaced: dict[str, list[bool]]
    brewmaster: str
    placements: int
    cap_hit: bool
    free_brew_used: bool
    final_round: int | None
    ended_by: str | None
    research: list[str]
    reveals: dict[str, Any]
    stats: dict[str, Any]

    def __init__(self, rules: Ruleset, n: int, seed: int, _blank: bool = True):
        self.rules, self.n, self.seed = rules, n, seed
        if not _blank:  # clone sets every attribute itself
            return
        self.copies = 1 if n == 2 else 2
        self.rows = rules.copper_rows
        self.columns = rules.copper_columns
        self.all_columns = rules.copper_columns + rules.side_tank_columns
        self.cards = _cards(rules, self.copies)
        self.log: list[Event] = []
        self.actions: list[str] = []
        self._legal: tuple | None = None  # (where the table was, legal actions): asked twice per decision
        # The last Decision made and what it was made of: ``decision`` is asked several times per action.
        self._decided: Decision | None = None
        self._decided_step = ""
        self._decided_actor: int | None = None
        self._decided_owner: int | None = None
        self._decided_interrupt: str | None = None
        self.tin_stream = Stream.derive(seed, "tin")
        self.deck_stream = Stream.derive(seed, "decks")
        self.house: Any = book_for(rules, seed)  # the house rules in play (core/house.py); None: the fast path

    @classmethod
    def new(cls, rules: Ruleset, players: int, seed: int = 0) -> Microbrew:
        if not isinstance(rules, Ruleset):
            raise TypeError(f"rules: expected a microbrew Ruleset, got {type(rules).__name__}")
        if not 2 <= players <= 4:
            raise ValueError(f"players: Microbrew is for 2 players, or 3-4 with two copies; got {players}")
        g = cls(rules, players, seed)
        setup.deal(g)
        return g

    # --- the decision point

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def decision(self) -> Decision | None:
        if self.phase == "over":
            return None
        if self.step == "reveal":
            group = tuple(s for s in range(self.n) if str(s) not in self.reveals)
            return Decision(group[0], "reveal", None, group)
        owner = self.active if self.phase == "work" else self.actor
        d = self._decided
        if (
            d is None
            or self._decided_step != self.step
            or self._decided_actor != self.actor
            or self._decided_owner != owner
            or self._decided_interrupt != self.interrupt
        ):
            d = self._decided = Decision(self.actor, self.step, owner, (), self.interrupt)  # type: ignore[arg-type]
            self._decided_step, self._decided_actor = self.step, self.actor
            self._decided_owner, self._decided_interrupt = owner, self.interrupt
        return d

    @property
    def current_player(self) -> int | None:
        d = self.decision
        return None if d is None else d.actor

    def legal_actions(self, player: int | None = None) -> list[str]:
        d = self.decision
        if d is None or (player is not None and player != d.actor and player not in d.group):
            return []
        p = d.actor if player is None else player
        if self.house is not None:
            return self.house.legal(self, p, list(self._legal_of(p)))
        return list(self._legal_of(p))

    def _legal_of(self, p: int) -> list[str]:
        """Seat ``p``'s legal actions here, kept until the table moves on (the list itself: not to be changed)."""
        key = (len(self.log), len(self.actions), p, self.step)
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, STEPS[self.step][0](self, p))
        return self._legal[1]

    def apply(self, action: Any, player: int | None = None, *, check: bool = True) -> list[Event]:
        """Play ``action`` for the actor (or for ``player``, a commit-group member acting out of order).

        Whatever a step raises, the table is put back as it was (``core.atomic``); ``check=False``
        (bots, the simulator) skips that copy.
        """
        whole = str(action).strip()
        text, sep, at = whole.rpartition(" @")
        d = self.decision
        seat = d.actor if player is None and d is not None else player
        if not sep or not at.strip().isdecimal():  # " @" and a seat only: a house rule's text may hold "@"
            text, at = whole, ""
        elif self.house is not None and seat is not None and self.house.own_action(self, seat, whole) is not None:
            text, at = whole, ""  # a house rule's own text that ends like a seat ("toast @2") is its own
        p = int(at) if at else seat
        if self.house is not None and d is not None and p is not None:
            book, seat = self.house, p
            record = text if seat == d.actor else f"{text} @{seat}"
            events = book.intercept(self, "microbrew", seat, text, record, check)
            if events is not None:
                return events
        if d is None or p is None or (p != d.actor and p not in d.group) or text not in self._legal_of(p):
            raise IllegalAction(text, refusals.why(self, p, text), round=self.round, phase=self.phase, player=p)
        start = len(self.log)
        if check:
            return atomic(self, "microbrew", text, lambda: self._play(p, d.actor, text, start))
        return self._play(p, d.actor, text, start)

    def _play(self, p: int, actor: int, text: str, start: int) -> list[Event]:
        self.actions.append(text if p == actor else f"{text} @{p}")
        STEPS[self.step][1](self, p, text)
        if self.house is not None:
            self.house.after(self, start)
        return self.log[start:]

    # --- the log

    def emit(self, kind: str, player: int | None, visible_to: tuple[int, ...] | None = None, **data: Any) -> None:
        self.log.append(Event(len(self.log), self.round, self.phase, player, kind, data, visible_to))

    def visible_to(self, event: Event) -> tuple[int, ...] | None:
        return event.visible_to

    # --- scores

    def score_rows(self) -> list[ScoreRow]:
        """Loyal customers by how they were won, plus reputation bonuses; money breaks ties."""
        rows = []
        for p in range(self.n):
            parts = dict(self.loyal_from[p])
            rows.append(ScoreRow(p, sum(parts.values()), (self.cash[p],), parts=parts))
        return rank_rows(rows, self.is_over, ("money",))

    def scores(self) -> list[dict[str, Any]]:
        """Wide rows: score, loyal customers, money, reputation bonus, rank."""
        return [
            {
                "player": r.player,
                "score": r.score,
                "loyal": len(self.loyal[r.player]),
                "money": self.cash[r.player],
                "reputation": r.parts.get("reputation", 0),
                "rank": r.rank,
                "won": r.won,
            }
            for r in self.score_rows()
        ]

    # --- views

    def view(self, player: int | None) -> dict[str, Any]:
        return sight.view(self, player)

    def observe(self, player: int) -> sight.Sight:
        return sight.Sight(self, player)

    # --- snapshots

    def snapshot(self) -> dict[str, Any]:
        snap = {k: getattr(self, k) for k in SAVED}
        snap = json.loads(json.dumps(snap))
        snap.update(
            game="microbrew",
            rules=self.rules.to_dict(),
            streams=[self.tin_stream.state, self.deck_stream.state],
            log=[[e.seq, e.round, e.phase, e.player, e.kind, e.data, e.visible_to] for e in self.log],
        )
        if self.house is not None:
            snap["house"] = self.house.to_data()
        return json.loads(json.dumps(snap))

    @classmethod
    def restore(cls, snap: dict[str, Any]) -> Microbrew:
        text = json.dumps(snap["rules"], sort_keys=True)
        rules = _RULES.get(text)
        if rules is None:
            rules = Ruleset(**snap["rules"])
            if not rules.house_rules:  # a house rule is looked up (and its source checked) every time
                _RULES[text] = rules
        g = cls(rules, snap["n"], snap["seed"])
        for k in SAVED:
            setattr(g, k, json.loads(json.dumps(snap[k])))
        g.tin_stream.state, g.deck_stream.state = snap["streams"]
        g.log = [Event(*e[:6], None if e[6] is None else tuple(e[6])) for e in snap["log"]]  # type: ignore[call-arg]
        g.house = restore_book(rules, g.seed, snap.get("house"))
        return g

    def clone(self) -> Microbrew:
        """An independent copy, field by field: every mutable container copied, immutable leaves shared.

        The same table as ``restore(snapshot())`` at a fraction of its cost (a search bot clones at every
        step): each field's shape is the one ``setup.deal`` and the steps give it; the ruleset, its card
        index and the log's events are immutable and shared.
        """
        g = type(self)(self.rules, self.n, self.seed, _blank=False)
        g.copies, g.cards, g.house = self.copies, self.cards, copy_book(self.house)
        g.rows, g.columns, g.all_columns = self.rows, self.columns, self.all_columns
        g._legal = None  # a copy re-dealt for a search may have other choices
        g._decided, g._decided_step, g._decided_actor = None, "", None
        g._decided_owner, g._decided_interrupt = None, None
        g.round, g.phase, g.step, g.actor, g.active = self.round, self.phase, self.step, self.actor, self.active
        g.first, g.starter, g.interrupt, g.brewmaster = self.first, self.starter, self.interrupt, self.brewmaster
        g.placements, g.cap_hit, g.free_brew_used = self.placements, self.cap_hit, self.free_brew_used
        g.final_round, g.ended_by = self.final_round, self.ended_by
        g.ctx = _flat(self.ctx)
        g.cash, g.ready = list(self.cash), list(self.ready)
        g.brewers, g.upgraded = list(self.brewers), list(self.upgraded)
        g.copper = [list(x) for x in self.copper]
        g.bottles = [[{**b, "left": list(b["left"])} for b in x] for x in self.bottles]
        g.hand = [list(x) for x in self.hand]
        g.secret = [list(x) for x in self.secret]
        g.loyal = [list(x) for x in self.loyal]
        g.loyal_from = [dict(x) for x in self.loyal_from]
        g.asleep = list(self.asleep)
        g.thirsty, g.table = list(self.thirsty), list(self.table)
        g.customer_deck, g.recipe_deck = list(self.customer_deck), list(self.recipe_deck)
        g.customer_unseen, g.recipe_unseen = list(self.customer_unseen), list(self.recipe_unseen)
        g.public_reps, g.aside_reps = list(self.public_reps), list(self.aside_reps)
        g.secret_reps = [list(x) for x in self.secret_reps]
        g.revealed_reps = [list(x) for x in self.revealed_reps]
        g.tin, g.discard = list(self.tin), list(self.discard)
        g.spaces = {k: list(v) for k, v in self.spaces.items()}
        g.replaced = {k: list(v) for k, v in self.replaced.items()}
        g.research = list(self.research)
        g.reveals = dict(self.reveals)
        g.stats = _flat(self.stats)
        g.actions = list(self.actions)
        g.log = list(self.log)
        g.tin_stream, g.deck_stream = Stream(self.tin_stream.state), Stream(self.deck_stream.state)
        return g


def _flat(d: dict[str, Any]) -> dict[str, Any]:
    """A copy of a dict of scalars and lists of scalars (``ctx``, ``stats``)."""
    return {k: list(v) if isinstance(v, list) else v for k, v in d.items()}


_RULES: dict[str, Ruleset] = {}
"""Rulesets rebuilt from snapshots, by their values (a ruleset is immutable, so tables may share one)."""

_CARDS: dict[tuple[int, int], tuple[Ruleset, dict]] = {}


def _cards(rules: Ruleset, copies: int) -> dict:
    """Every card in play by id, built once per ruleset (kept alive with it, so the id stays its own)."""
    key = (id(rules), copies)
    hit = _CARDS.get(key)
    if hit is None or hit[0] is not rules:
        if len(_CARDS) > 64:
            _CARDS.clear()
        hit = _CARDS[key] = (rules, setup.card_index(rules, copies))
    return hit[1]
