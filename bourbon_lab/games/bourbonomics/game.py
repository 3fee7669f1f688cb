"""The Game: one table of Bourbonomics played step by step through ``legal_actions`` and ``apply``.

The round reads like the rulebook's loop: Demand → Collect → Play → ageing. Each decision
is one small ``Action``; steps with exactly one way forward (nothing to keep, no reroll
left, nothing to do but end the turn) advance on their own and are logged like any other.
"""

from __future__ import annotations

import difflib
import random
from typing import Any

from ...core.atomic import atomic
from ...core.house import book_for, copy_book, restore_book
from . import (
    ageing,
    collect,
    house_hooks,  # noqa: F401  (declares the hook catalogue house rules check against)
    market,
    play,
)
from .actions import Action
from .content import DEPARTMENTS
from .departments import number
from .errors import BourbonLabError, IllegalAction, SnapshotError
from .events import Event
from .observation import PlayerView
from .ruleset import Ruleset
from .scoring import score_table
from .snapshot import check_snapshot
from .state import OrderCard, PlayerState
from .supply import Deck, ResourcePiles, make_streams, restore_stream, stream_state

SNAPSHOT_VERSION = 1
PHASE_NAMES = {"demand": "Demand phase", "collect": "Collect phase", "play": "Play phase", "ageing": "ageing step"}
STEP_NAMES = {
    "pick": "choosing the demand card",
    "bills": "drawing mash bills",
    "keep": "keeping inherited dice",
    "reroll": "rerolling dice",
    "claim": "claiming dice",
    "turn": "taking actions",
    "climate": "naming the Climate Controlled barrel",
    "over": "game over",
}
# The step protocol: each decision point (step) names three functions of (game, player[, action]):
# candidates -> actions worth listing, check -> why an action breaks a rule (None if legal),
# apply -> its effect. legal_actions() is the candidates that pass check (for the steps in
# _EXACT the first function lists only legal actions itself); apply() checks first.
# step -> (candidates, check, apply, verbs)
_STEPS = {
    "pick": (market.pick_candidates, market.check_pick, market.apply_pick, {"pick"}),
    "bills": (
        collect.bills_candidates,
        collect.check_bills,
        collect.apply_bills,
        {"keep_bill", "return_bills", "draw_bills", "skip_bills"},
    ),
    "keep": (collect.keep_candidates, collect.check_keep, collect.apply_keep, {"keep_die", "roll"}),
    "reroll": (
        collect.reroll_candidates,
        collect.check_reroll,
        collect.apply_reroll,
        {"select", "reroll", "trade", "stop_rolling"},
    ),
    "claim": (collect.claim_candidates, collect.check_claim, collect.apply_claim, {"claim", "pass_dice"}),
    "turn": (
        play.legal,
        play.check,
        play.apply,
        {"stage", "unstage", "make", "sell", "upgrade", "sort", "end_turn"},
    ),
    "climate": (ageing.candidates, ageing.check, ageing.apply, {"climate"}),
}
_EXACT = {"turn", "claim"}
"""Steps whose first function already returns only legal actions (no check needed)."""
_VERB_STEP = {v: step for step, (*_, verbs) in _STEPS.items() for v in verbs}
_AUTO = {"return_bills", "skip_bills", "roll", "stop_rolling", "pass_dice"}


class SetupError(BourbonLabError, ValueError):
    """A game cannot be set up as asked (player count, distilleries, seed)."""


class Game:
    """A game in progress. Create one with ``bourbon_lab.new_game``."""

    # Declared for mypy/mypyc (set in ``new``/``restore``/``clone``).
    rules: Any
    seed: int
    n: int
    rngs: dict[str, random.Random]
    log: list[Event]
    actions: list[str]
    round: int
    phase: str
    step: str
    turn: int
    order: list[int]
    tiebreak: list[int]
    players: list[PlayerState]
    piles: ResourcePiles
    demand: Deck
    bills: Deck
    table: list[OrderCard]
    demand_reveal: list[str]
    revealed_bills: list[str]
    bill_draws_left: int
    passed: list[str]
    kept: list[str]
    dice: list[str]
    selected: list[str]
    rerolls_left: int
    traded: bool
    barrel_serial: int
    end_triggered: bool
    ended_by: str | None
    climate_queue: list[int]
    climate_choice: dict[int, str]
    on_round_end: Any
    house: Any
    shared_streams: set[str]

    def __init__(self, rules: Ruleset):
        self.rules = rules
        # Streams this table still shares with a clone: copied on the first draw (``stream``), not at the clone.
        self.shared_streams = set()
        self._legal: list[Action] | None = None
        # The Play turn's sales and upgrades: staging a card changes neither, so they outlive it.
        self._sales_and_upgrades: list[Action] | None = None
        # Called with the game after ageing, before the next round begins (scenarios read that state).
        self.on_round_end = None
        # The house rules in play (core/house.py); None without any, the engine's fast path.
        self.house = None

    # --- setup

    @classmethod
    def new(cls, rules: Any, players: Any, seed: Any, distilleries=None) -> Game:
        _check_setup(rules, players, seed)
        chosen = _choose_distilleries(rules, players, distilleries)
        g = cls(rules)
        g.seed, g.n = int(seed), players
        g.house = book_for(rules, g.seed)
        g.rngs = make_streams(g.seed)
        g.log, g.actions = [], []
        g.round, g.phase, g.step, g.turn = 0, "setup", "setup", 0
        g.order = list(range(players))
        g.players = []
        for seat, dist_id in enumerate(chosen):
            dist = rules.distilleries_by_id[dist_id]
            levels = {d: dist.level(d) for d in DEPARTMENTS}
            g.players.append(PlayerState(seat, dist_id, rules.start_capital + dist.capital, levels))
        g.piles = ResourcePiles(rules)
        if rules.piles == "deck":
            for kind in g.piles.piles:
                g.piles.build(kind, g.rngs["piles"])
        g.demand = Deck([c.id for c in rules.demand_cards])
        g.demand.shuffle_new(g.rngs["demand"])
        g.bills = Deck([b.id for b in rules.mash_bills])
        g.bills.shuffle_new(g.rngs["bills"])
        g._reset_turn_state()
        g.table, g.demand_reveal = [], []
        g.barrel_serial = 0
        g.end_triggered, g.ended_by = False, None
        g.climate_queue, g.climate_choice = [], {}
        g.tiebreak = list(range(players))
        g.rngs["setup"].shuffle(g.tiebreak)
        g.emit("setup", None, players=players, seed=g.seed, distilleries=chosen, ruleset=rules.fingerprint())
        opener = g.demand.remove_first(lambda cid: rules.cards_by_id[cid].is_open)
        market.add_card(g, opener, None)  # type: ignore[arg-type]
        g.start_round()
        g._advance()
        return g

    def _reset_turn_state(self) -> None:
        self.revealed_bills, self.bill_draws_left = [], 0
        self.passed, self.kept, self.dice, self.selected = [], [], [], []
        self.rerolls_left, self.traded = 0, False

    # --- the round

    def start_round(self) -> None:
        self.round += 1
        prev = {seat: i for i, seat in enumerate(self.order if self.round > 1 else self.tiebreak)}
        self.order = sorted(range(self.n), key=lambda s: (-self.players[s].capital, prev[s]))
        for p in self.players:
            p.sorts_used = 0
        self.phase, self.step, self.turn = "demand", "pick", 0
        self.emit("round_start", None, order=list(self.order))
        market.start_demand_phase(self)
        if not self.demand_reveal:
            self.start_collect()

    def start_collect(self) -> None:
        self.phase, self.turn = "collect", 0
        self.passed = []
        collect.begin_turn(self, self.players[self.order[0]])

    def end_collect_turn(self) -> None:
        self.turn += 1
        if self.turn < self.n:
            collect.begin_turn(self, self.players[self.order[self.turn]])
            return
        if self.passed:
            self.emit("dice_returned", None, dice=list(self.passed))
        self._reset_turn_state()
        self.phase, self.step, self.turn = "play", "turn", 0

    def end_play_turn(self) -> None:
        self.turn += 1
        if self.turn < self.n:
            return
        if self.end_triggered:
            self._finish("orders")
        elif self.round >= self.rules.round_limit:
            self._finish("round_limit")
        else:
            ageing.start(self)

    def _finish(self, how: str) -> None:
        self.phase, self.step, self.ended_by = "over", "over", how
        table = self.scores()
        self.emit("game_end", None, ended_by=how, winners=[r["player"] for r in table if r["won"]])

    # --- public API

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "ageing":
            return self.climate_queue[0]
        return self.order[self.turn]

    @property
    def zone(self) -> str:
        return market.ZONES[market.zone_index(self.rules, len(self.table))]

    @property
    def multiplier(self) -> int:
        return market.multiplier(self.rules, len(self.table))

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action the current player may take now (one card per type and quality); none for another seat."""
        if player is not None and player != self.current_player:
            return []
        if self.house is not None and self.phase != "over":
            return self.house.legal(self, self.current_player, list(self._legal_list()), _house_action)
        return list(self._legal_list())

    def _forget_legal(self) -> None:
        """Drop the cached legal lists (after something changed the state other than an action)."""
        self._legal = None
        self._sales_and_upgrades = None

    def _legal_list(self) -> list[Action]:
        """The cached legal list itself: callers inside the engine do not change it."""
        if self._legal is None:
            if self.phase == "over":
                self._legal = []
            else:
                self._legal = self._list_legal(self.step, self.players[self.current_player])  # type: ignore[index]
        return self._legal

    def _list_legal(self, step: str, p: PlayerState) -> list[Action]:
        # The commonest steps by direct call (compiled, a call through _STEPS is slower).
        if step == "turn":
            return play.legal(self, p)
        if step == "claim":
            return collect.claim_candidates(self, p)
        if step == "keep":
            return [a for a in collect.keep_candidates(self, p) if collect.check_keep(self, p, a) is None]
        if step == "reroll":
            return [a for a in collect.reroll_candidates(self, p) if collect.check_reroll(self, p, a) is None]
        cands, check, _, _ = _STEPS[step]
        if step in _EXACT:
            return cands(self, p)
        return [a for a in cands(self, p) if check(self, p, a) is None]

    def why_illegal(self, action: object, player: int | None = None) -> str | None:
        """The rule an action breaks now, in the game's words; None if it is legal."""
        action = Action.parse(action)
        if self.phase == "over":
            return "the game is over"
        if player is not None and player != self.current_player:
            return f"it is player {self.current_player}'s decision, not player {player}'s (no one acts out of turn)"
        step = _VERB_STEP.get(action.verb)
        if step != self.step:
            where = PHASE_NAMES.get(self.phase, self.phase)
            return f"'{action.verb.replace('_', ' ')}' is not possible now: it is the {where}, {STEP_NAMES[self.step]}"
        _, check, _, _ = _STEPS[self.step]
        return check(self, self.players[self.current_player], action)  # type: ignore[index]

    def apply(self, action: object, player: int | None = None, *, check: bool = True) -> list[Event]:
        """Play one action for the current player and return the events it caused.

        With ``check=False`` (bots and the simulator, with actions from ``legal_actions``)
        the legality check and the rollback copy are skipped. An illegal action raises
        ``IllegalAction``, and anything else raised inside the step a named lab error
        (``core.atomic``); either way the game is exactly as it was.
        """
        if player is not None and player != self.current_player:
            turn = f"it is player {self.current_player}'s decision, not player {player}'s (no one acts out of turn)"
            raise IllegalAction(action, turn, round=self.round, phase=self.phase, player=player)
        if self.house is not None:
            text = str(action) if isinstance(action, Action) else " ".join(str(action).split())
            p = self.current_player
            book = self.house
            if p is not None:
                events = book.intercept(self, "bourbonomics", p, text, text, check, refuse=check)
                if events is not None:
                    return events
        action = Action.parse(action)
        if check:
            why = self.why_illegal(action)
            if why:
                raise IllegalAction(action, why, round=self.round, phase=self.phase, player=self.current_player)
            return atomic(self, "bourbonomics", str(action), lambda: self._play(action))
        return self._play(action)

    def _play(self, action: Action) -> list[Event]:
        start = len(self.log)
        self.actions.append(str(action))
        self._do(action)
        self._advance()
        if self.house is not None:
            self.house.after(self, start)
            self._advance()
        return self.log[start:]

    def _do(self, action: Action) -> None:
        step = self.step
        p = self.players[self.current_player]  # type: ignore[index]
        self._legal = None
        if action.verb != "stage":
            self._sales_and_upgrades = None
        if step == "turn":
            play.apply(self, p, action)
        elif step == "claim":
            collect.apply_claim(self, p, action)
        else:
            _STEPS[step][2](self, p, action)
        self._legal = None

    def _advance(self) -> None:
        """Take the steps that offer exactly one way forward, so every decision left is a real one."""
        while self.phase != "over":
            legal = self._legal_list()
            if len(legal) != 1 or legal[0].verb not in _AUTO:
                return
            self._do(legal[0])

    def emit(self, kind: str, player: int | None, **data: Any) -> None:
        # tuple.__new__ rather than Event(...): the named tuple's own __new__ is interpreted.
        self.log.append(tuple.__new__(Event, (len(self.log), self.round, self.phase, player, kind, data)))  # type: ignore[arg-type]

    def deal_private_card(self, p: PlayerState) -> None:
        market.deal_private(self, p)

    def scores(self) -> list[dict[str, Any]]:
        """Capital + Prestige per player, ranked, ties to more completed orders, then shared."""
        return score_table(self)

    # --- the shared game protocol (bourbon_lab.core): read-only, off the hot path

    @property
    def decision(self) -> Any:
        """Who acts now, as the protocol's ``Decision``; None once the game is over."""
        from .protocol import decision

        return decision(self)

    def score_rows(self) -> list[Any]:
        """``scores()`` as the protocol's ``ScoreRow``s: tie-break (orders,), points by source."""
        from .protocol import score_rows

        return score_rows(self)

    def visible_to(self, event: Any) -> Any:
        """Who may see ``event``: None for everyone, else a tuple of seats."""
        from .protocol import visible_to

        return visible_to(event)

    def number(self, player: int, department: str) -> int:
        """The department's current number for a player (slots, dice, cap, bills, demand draws)."""
        return number(self.rules, self.players[player], department)

    # --- snapshots

    def snapshot(self) -> dict[str, Any]:
        """The whole state as a JSON-safe dict; ``Game.restore`` rebuilds it exactly."""
        out = self._snapshot()
        if self.house is not None:
            out["house"] = self.house.to_data()
        return out

    def _snapshot(self) -> dict[str, Any]:
        return {
            "version": SNAPSHOT_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "n": self.n,
            "round": self.round,
            "phase": self.phase,
            "step": self.step,
            "turn": self.turn,
            "order": list(self.order),
            "tiebreak": list(self.tiebreak),
            "players": [p.to_data() for p in self.players],
            "piles": self.piles.to_data(),
            "demand": self.demand.to_data(),
            "bills": self.bills.to_data(),
            "table": [c.to_data() for c in self.table],
            "demand_reveal": list(self.demand_reveal),
            "revealed_bills": list(self.revealed_bills),
            "bill_draws_left": self.bill_draws_left,
            "passed": list(self.passed),
            "kept": list(self.kept),
            "dice": list(self.dice),
            "selected": list(self.selected),
            "rerolls_left": self.rerolls_left,
            "traded": self.traded,
            "barrel_serial": self.barrel_serial,
            "end_triggered": self.end_triggered,
            "ended_by": self.ended_by,
            "climate_queue": list(self.climate_queue),
            "climate_choice": {str(k): v for k, v in self.climate_choice.items()},
            "rngs": {k: stream_state(r) for k, r in self.rngs.items()},
            "log": [e.to_row() for e in self.log],
            "actions": list(self.actions),
        }

    @classmethod
    def restore(cls, snap: Any, rules: Ruleset | None = None) -> Game:
        """Rebuild a game from ``snapshot()`` output (rules from the snapshot unless given)."""
        if not isinstance(snap, dict) or snap.get("version") != SNAPSHOT_VERSION or snap["version"] is True:
            raise SetupError(f"not a bourbon_lab snapshot of version {SNAPSHOT_VERSION}")
        if rules is None and "rules" not in snap:
            raise SnapshotError("rules", "missing (or pass rules= to restore)")
        rules = rules or Ruleset.from_dict(snap["rules"], source="snapshot.rules")
        check_snapshot(snap, rules)  # an edited file in an impossible state is refused, not played
        g = cls(rules)
        for k in ("seed", "n", "round", "phase", "step", "turn", "bill_draws_left", "rerolls_left", "traded"):
            setattr(g, k, snap[k])
        for k in ("order", "tiebreak", "demand_reveal", "revealed_bills", "passed", "kept", "dice", "selected"):
            setattr(g, k, list(snap[k]))
        for k in ("barrel_serial", "end_triggered", "ended_by", "actions"):
            setattr(g, k, snap[k] if k != "actions" else list(snap[k]))
        g.climate_queue = list(snap["climate_queue"])
        g.climate_choice = {int(k): v for k, v in snap["climate_choice"].items()}
        g.players = [PlayerState.from_data(p) for p in snap["players"]]
        g.piles = ResourcePiles.from_data(rules, snap["piles"])
        g.demand = Deck.from_data([c.id for c in rules.demand_cards], snap["demand"])
        g.bills = Deck.from_data([b.id for b in rules.mash_bills], snap["bills"])
        g.table = [OrderCard.from_data(c) for c in snap["table"]]
        g.rngs = {k: restore_stream(v) for k, v in snap["rngs"].items()}
        g.log = [Event.from_row(r) for r in snap["log"]]
        g.house = restore_book(rules, g.seed, snap.get("house"))
        return g

    def clone(self) -> Game:
        """A deep copy sharing only the immutable ruleset and log entries (fast, for search bots)."""
        # Attribute by attribute (no __dict__ / __new__: Game may be a mypyc native class).
        g = Game(self.rules)
        g.on_round_end = self.on_round_end
        g.seed, g.n, g.round, g.phase, g.step, g.turn = self.seed, self.n, self.round, self.phase, self.step, self.turn
        g.bill_draws_left, g.rerolls_left, g.traded = self.bill_draws_left, self.rerolls_left, self.traded
        g.barrel_serial, g.end_triggered, g.ended_by = self.barrel_serial, self.end_triggered, self.ended_by
        g.order, g.tiebreak, g.demand_reveal = list(self.order), list(self.tiebreak), list(self.demand_reveal)
        g.revealed_bills, g.passed, g.kept = list(self.revealed_bills), list(self.passed), list(self.kept)
        g.dice, g.selected = list(self.dice), list(self.selected)
        g.actions, g.log = list(self.actions), list(self.log)
        g.climate_queue, g.climate_choice = list(self.climate_queue), dict(self.climate_choice)
        g.players = [p.clone() for p in self.players]
        g.piles, g.demand, g.bills = self.piles.clone(), self.demand.clone(), self.bills.clone()
        g.table = [c.clone() for c in self.table]
        # Copying a Mersenne Twister costs about 30 µs a stream, most of a clone, and a search clone
        # seldom draws from more than one: both tables share them until their first draw.
        g.rngs = dict(self.rngs)
        g.shared_streams = set(self.rngs)
        self.shared_streams = set(self.rngs)
        g.house = copy_book(self.house)
        return g

    def stream(self, name: str) -> random.Random:
        """The named chance stream to draw from, first copied if a clone still shares it."""
        r = self.rngs[name]
        if name in self.shared_streams:
            r = restore_stream(stream_state(r))
            self.rngs[name] = r
            self.shared_streams.discard(name)
        return r

    # --- what a player may see

    def observe(self, player: int) -> PlayerView:
        """A live, cheap window for bots showing only what ``player`` may see (see ``observation``)."""
        return PlayerView(self, player)

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: no pile order or quality, no deck order, others' loose cards by type only.

        ``None`` is a spectator, who sees only what every player sees.
        """
        from .view import player_view

        return player_view(self, player)

    def __repr__(self) -> str:
        who = "" if self.current_player is None else f", player {self.current_player}"
        return f"<Game seed={self.seed} players={self.n} round {self.round}, {self.phase}{who}>"


def _house_action(text: str) -> Action:
    return Action("house", (text,))


def _check_setup(rules: Any, players: Any, seed: Any) -> None:
    if not isinstance(rules, Ruleset):
        raise SetupError(f"rules must be a bourbon_lab Ruleset, got {type(rules).__name__}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise SetupError(f"players must be a whole number, got {players!r}")
    if not rules.min_players <= players <= rules.max_players:
        raise SetupError(f"players: {players} is outside {rules.min_players}-{rules.max_players} (the book plays 2-6)")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"seed must be a whole number, got {seed!r}")


def _choose_distilleries(rules: Ruleset, players: int, distilleries) -> list[str]:
    known = list(rules.distilleries_by_id)
    if distilleries is None:
        default = "standard" if "standard" in rules.distilleries_by_id else known[0]
        return [default] * players
    if isinstance(distilleries, str):
        distilleries = [distilleries] * players
    if not isinstance(distilleries, list | tuple) or not all(isinstance(d, str) for d in distilleries):
        raise SetupError(f"distilleries: give one distillery id (text) per player, got {distilleries!r}")
    chosen = list(distilleries)
    if len(chosen) != players:
        raise SetupError(f"distilleries: {len(chosen)} given for {players} players")
    for d in chosen:
        if d not in rules.distilleries_by_id:
            close = difflib.get_close_matches(str(d), known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise SetupError(f"distilleries: unknown distillery {d!r}{hint}; known: {', '.join(known)}")
    return chosen
