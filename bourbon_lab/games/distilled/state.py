"""The table's data and the small helpers every phase uses: cards, money, SP, events, snapshots.

Everything is plain lists, dicts and ints, so a snapshot is the state itself and ``clone`` copies
it field by field. The phases (``market.py``, ``distill.py``, ``sell.py``, ``age.py``,
``round_end.py``) build on this base one after the other (``game.py`` says why).
"""

from __future__ import annotations

import json
from typing import Any

from ...core import Decision, Event, SnapshotError
from ...core.house import book_for, copy_book, restore_book
from .content import BASIC_ITEMS, Card, Content, content
from .streams import Stream, seeded

SOURCES = (
    "sale_cards",
    "sale_recipe",
    "sale_flavour",
    "awards",
    "tasting",
    "warehouse",
    "bottles",
    "upgrades",
    "goals",
    "money",
)
"""Where SP come from (``ScoreRow.parts``): sales by part, awards, tastings (spent, so negative), and the
five endgame sources the book lists."""

STREAMS = ("deal", "cut", "flavour")

_PLAIN = (
    "n",
    "seed",
    "round",
    "phase",
    "step",
    "actor",
    "group",
    "first",
    "ended_by",
    "cards",
    "money",
    "sp",
    "pantry",
    "storeroom",
    "display",
    "upgrades",
    "known",
    "signature_done",
    "identity",
    "offered",
    "choices",
    "goals",
    "discarded_goals",
    "spaces",
    "sales",
    "spirits",
    "pending",
    "warehouse",
    "next_spirit",
    "decks",
    "rows",
    "truck",
    "basic_stock",
    "label_supply",
    "cube_supply",
    "flavour_deck",
    "flavour_discard",
    "identity_deck",
    "goal_deck",
    "awards",
    "award_winners",
    "passed",
    "basic_buys",
    "sold_this_round",
    "sub",
    "work",
    "queue",
    "claim",
    "stills",
    "actions",
    "out_of_game",
    "labels_out_of_game",
)

_ADDED_LATER: dict[str, list] = {"out_of_game": [], "labels_out_of_game": []}
"""Fields added after snapshots were first saved (issue 43): written only when they hold something, so a table
before any card left the game keeps its bytes, and a snapshot without them restores with them empty."""


class TableState:
    """The data of one table and the bookkeeping helpers; no rule decisions live here."""

    rules: Any
    content: Content
    group: list[int]
    ended_by: str | None
    house: Any

    def _blank(self, rules: Any, n: int, seed: int) -> None:
        self.rules, self.n, self.seed, self.content = rules, n, seed, content()
        self.house = book_for(rules, seed)  # the house rules in play (core/house.py); None: the fast path
        self.round, self.phase, self.step, self.actor, self.group = 0, "setup", "identity", 0, []
        self.first, self.ended_by = 0, None
        self.cards: list[str] = []
        self.money = [0] * n
        self.sp: list[dict[str, int]] = [dict.fromkeys(SOURCES, 0) for _ in range(n)]
        self.pantry: list[list[int]] = [[] for _ in range(n)]
        self.storeroom: list[list[int]] = [[] for _ in range(n)]
        self.display: list[list[int]] = [[] for _ in range(n)]
        self.upgrades: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[str]] = [[] for _ in range(n)]
        self.signature_done = [False] * n
        self.identity: list[str | None] = [None] * n
        self.offered: list[list[str]] = [[] for _ in range(n)]
        self.choices: dict[str, str] = {}
        self.goals: list[list[str]] = [[] for _ in range(n)]
        self.discarded_goals: list[list[str]] = [[] for _ in range(n)]
        self.spaces: list[list[str | None]] = [[None] * len(self.content.label_spaces) for _ in range(n)]
        self.sales: list[list[dict]] = [[] for _ in range(n)]
        self.spirits: dict[str, dict] = {}
        self.pending: list[list[str]] = [[] for _ in range(n)]
        self.warehouse: list[list[str]] = [[] for _ in range(n)]
        self.next_spirit = 1
        self.decks: dict[str, list[int]] = {}
        self.rows: dict[str, list[int | None]] = {}
        self.truck: list[int] = []
        self.basic_stock: dict[str, int] = {}
        self.label_supply: dict[str, int] = {}
        self.cube_supply: dict[str, int] = {}
        self.flavour_deck: list[str] = []
        self.flavour_discard: list[str] = []
        self.identity_deck: list[str] = []
        self.goal_deck: list[str] = []
        self.awards: list[str] = []
        self.award_winners: dict[str, dict] = {}
        self.passed = [False] * n
        self.basic_buys = [0] * n
        self.sold_this_round = [False] * n
        self.sub: dict | None = None
        self.work: dict[str, dict] = {}
        self.queue: list[int] = []
        self.claim: dict | None = None
        self.stills: dict[str, dict] = {}
        self.out_of_game: list[int] = []  # cards a sale, trade, discard or loss took out (box.yaml counts them)
        self.labels_out_of_game: list[str] = []  # labels of spirits sold with no empty space, or lost
        self.log: list[Event] = []
        self.actions: list[str] = []
        self.streams = {name: seeded(seed, name) for name in STREAMS}
        self._legal_cache: tuple = (None, [])  # (decisions taken, player) -> that player's legal actions

    # --- cards

    def card(self, cid: int) -> Card:
        return self.content.cards[self.cards[cid]]

    def new_card(self, name: str) -> int:
        """A new card of kind ``name`` (ingredients and alcohol are unlimited, book), its id."""
        self.cards.append(name)
        return len(self.cards) - 1

    def names(self, ids: list) -> list[str]:
        return [self.cards[c] for c in ids]

    def starting_items(self) -> set[int]:
        """The seats' starting metal barrels and glass bottles, which are not the basic piles' cards.

        'Each player takes ... 1 starting Metal Barrel, 1 starting Glass Bottle' (book): setup makes them before
        anything can be bought, so they are the first ``n`` cards of each of those names.
        """
        out: set[int] = set()
        left = dict.fromkeys(BASIC_ITEMS, self.n)
        for cid, name in enumerate(self.cards):
            if left.get(name, 0) > 0:
                left[name] -= 1
                out.add(cid)
                if len(out) == len(left) * self.n:
                    break
        return out

    # --- turn order

    def order(self) -> list[int]:
        """Seats from the first player, clockwise."""
        return [(self.first + i) % self.n for i in range(self.n)]

    def owns(self, p: int, effect: str) -> int:
        """How many of ``p``'s upgrades have ``effect``."""
        return sum(1 for c in self.upgrades[p] if self.card(c).upgrade == effect)

    def power(self, p: int) -> str | None:
        ident = self.identity[p]
        return None if ident is None else self.content.identities[ident]["power"]

    # --- money, SP, events

    def emit(self, kind: str, player: int | None, visible_to: tuple | None = None, **data: Any) -> None:
        self.log.append(Event(len(self.log), self.round, self.phase, player, kind, data, visible_to))

    def gain(self, p: int, amount: int, source: str) -> None:
        if amount:
            self.money[p] += amount
            self.emit("income", p, amount=amount, source=source)

    def pay(self, p: int, amount: int, source: str) -> None:
        if amount:
            self.money[p] -= amount
            self.emit("income", p, amount=-amount, source=source)

    def score(self, p: int, amount: int, source: str) -> None:
        if amount:
            self.sp[p][source] += amount
            self.emit("points", p, amount=amount, source=source)

    def total_sp(self, p: int) -> int:
        return sum(self.sp[p].values())

    # --- the decision point

    @property
    def decision(self) -> Decision | None:
        if self.phase == "over":
            return None
        if self.group:
            return Decision(self.group[0], self.step, None, tuple(self.group))
        return Decision(self.actor, self.step, self.actor)

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else (self.group[0] if self.group else self.actor)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def visible_to(self, event: Event) -> tuple | None:
        return event.visible_to

    # --- snapshots

    def snapshot(self) -> dict[str, Any]:
        """JSON-safe state: the seed, the actions and everything dealt so far."""
        state = {k: getattr(self, k) for k in _PLAIN if k not in _ADDED_LATER or getattr(self, k)}
        state = json.loads(json.dumps(state))
        state["game"] = "distilled"
        state["rules"] = self.rules.to_dict()
        state["streams"] = {k: s.state for k, s in self.streams.items()}
        state["log"] = [[*e[:6], None if e.visible_to is None else list(e.visible_to)] for e in self.log]
        if self.house is not None:
            state["house"] = self.house.to_data()
        return json.loads(json.dumps(state))

    @classmethod
    def restore(cls, snap: dict) -> Any:
        from .ruleset import Ruleset

        if not isinstance(snap, dict) or snap.get("game") != "distilled":
            raise SnapshotError("game", "not a snapshot of distilled")
        missing = [k for k in (*_PLAIN, "rules", "streams", "log") if k not in snap and k not in _ADDED_LATER]
        if missing:
            raise SnapshotError(missing[0], "missing")
        g = cls(Ruleset(**snap["rules"]), snap["n"], snap["seed"], deal=False)  # type: ignore[call-arg]
        data = json.loads(json.dumps({k: snap.get(k, _ADDED_LATER.get(k)) for k in _PLAIN}))
        for k, v in data.items():
            setattr(g, k, v)
        g.streams = {k: Stream(v) for k, v in snap["streams"].items()}
        g.log = [Event(*e[:6], None if e[6] is None else tuple(e[6])) for e in snap["log"]]  # type: ignore[call-arg]
        g.house = restore_book(g.rules, g.seed, snap.get("house"))
        return g

    def clone(self) -> Any:
        """An independent copy, field by field: each mutable container copied, its immutable leaves shared.

        A search bot clones the table at every step: this costs under two unchecked ``apply`` calls (a pickle
        round trip cost eight). The ruleset, the content and the log's events are immutable and shared.
        Every attribute ``_blank`` sets is set here (``tests/test_clone_independence.py`` holds the two equal).
        """
        g: TableState = type(self)(self.rules, self.n, self.seed, deal=False, blank=False)  # type: ignore[call-arg]
        g.rules, g.n, g.seed, g.content = self.rules, self.n, self.seed, self.content
        g.house = copy_book(self.house)
        g.round, g.phase, g.step, g.actor, g.group = self.round, self.phase, self.step, self.actor, list(self.group)
        g.first, g.ended_by, g.next_spirit = self.first, self.ended_by, self.next_spirit
        g.cards = list(self.cards)
        g.money = list(self.money)
        g.sp = [dict(x) for x in self.sp]
        g.pantry = [list(x) for x in self.pantry]
        g.storeroom = [list(x) for x in self.storeroom]
        g.display = [list(x) for x in self.display]
        g.upgrades = [list(x) for x in self.upgrades]
        g.known = [list(x) for x in self.known]
        g.signature_done = list(self.signature_done)
        g.identity = list(self.identity)
        g.offered = [list(x) for x in self.offered]
        g.choices = dict(self.choices)
        g.goals = [list(x) for x in self.goals]
        g.discarded_goals = [list(x) for x in self.discarded_goals]
        g.spaces = [list(x) for x in self.spaces]
        g.pending = [list(x) for x in self.pending]
        g.warehouse = [list(x) for x in self.warehouse]
        g.decks = {k: list(v) for k, v in self.decks.items()}
        g.rows = {k: list(v) for k, v in self.rows.items()}
        g.truck = list(self.truck)
        g.basic_stock = dict(self.basic_stock)
        g.label_supply = dict(self.label_supply)
        g.cube_supply = dict(self.cube_supply)
        g.flavour_deck = list(self.flavour_deck)
        g.flavour_discard = list(self.flavour_discard)
        g.identity_deck = list(self.identity_deck)
        g.goal_deck = list(self.goal_deck)
        g.awards = list(self.awards)
        g.passed = list(self.passed)
        g.basic_buys = list(self.basic_buys)
        g.sold_this_round = list(self.sold_this_round)
        g.queue = list(self.queue)
        g.sales = [[dict(r) for r in x] for x in self.sales]  # each record: flat scalars
        g.spirits = {
            k: {**v, "cards": list(v["cards"]), "flavours": list(v["flavours"])} for k, v in self.spirits.items()
        }
        g.award_winners = {k: {**v, "players": list(v["players"])} for k, v in self.award_winners.items()}
        g.sub = None if self.sub is None else dict(self.sub)  # flat scalars
        g.work = {k: _copy_work(v) for k, v in self.work.items()}
        c = self.claim
        g.claim = None if c is None else {**c, "stack": list(c["stack"]), "options": [list(o) for o in c["options"]]}
        g.stills = {k: {s: list(v) for s, v in slots.items()} for k, slots in self.stills.items()}
        g.actions = list(self.actions)
        g.out_of_game = list(self.out_of_game)
        g.labels_out_of_game = list(self.labels_out_of_game)
        g.log = list(self.log)
        g.streams = {k: Stream(s.state) for k, s in self.streams.items()}
        g._legal_cache = (None, [])  # a copy re-dealt for a search may have other choices
        return g


def _copy_work(w: dict) -> dict:
    """A washback being loaded (``Distill.fresh_work``): its token lists, slots and planned trades."""
    out = dict(w)
    out["pantry"], out["store"] = list(w["pantry"]), list(w["store"])
    out["slots"] = {s: list(v) for s, v in w["slots"].items()}
    out["trades"] = [list(t) for t in w["trades"]]
    return out
