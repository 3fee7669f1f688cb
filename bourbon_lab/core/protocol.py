"""What a game is, for every layer above the rules: declared facts, a decision point, score rows, events.

A game package provides two things. A ``GameDef`` (``registry.py``) holds the facts about the
game (``GameInfo``), its ruleset type and how to start or restore a table. A table in play (a
*state*) satisfies ``GameState``: one actor at a time, ``legal_actions`` and ``apply``, chance
drawn inside ``apply`` from seeded streams kept in the snapshot, views for players and for
spectators, score rows and a typed event log that says who may see each event. The layers
above (simulation, bots, widgets, the dashboard, the harness) use nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

Visibility = tuple[int, ...] | None
"""Who may see an event: ``None`` everyone, a tuple of seats only those (``()`` nobody, e.g. a shuffle)."""

EVERYONE: Visibility = None
NOBODY: Visibility = ()

DYNAMICS = ("sequential", "commit_groups")
"""``sequential``: one actor at a time in a fixed turn flow. ``commit_groups``: some phases are
simultaneous, played as commit groups (members act in any order, choices hidden until a reveal)."""


@dataclass(frozen=True)
class GameInfo:
    """The declared facts of a game, read by ``bl.games()``, ``bourbon-lab games`` and the harness.

    >>> info = GameInfo("toy", "Toy", 2, 4, max_decisions=500)
    >>> info.player_counts
    (2, 3, 4)
    """

    name: str
    title: str
    min_players: int
    max_players: int
    max_decisions: int
    """A random-legal game that needs more decisions than this is a defect (the harness fails it)."""
    dynamics: tuple[str, ...] = ("sequential",)
    interrupts: tuple[str, ...] = ()
    """Reasons a player may be asked to decide out of turn (``Decision.interrupt``)."""
    ended_by: tuple[str, ...] = ()
    """Every value ``state.ended_by`` may take."""
    chance: str = "sampled"
    """``sampled``: chance is drawn inside ``apply`` from seeded streams (no explicit chance nodes)."""
    information: str = "imperfect"
    """``imperfect`` when a view hides anything (hands, deck order); ``perfect`` otherwise."""
    description: str = ""
    table: int | None = None
    """The table a study starts at unless told (the game's own first table); None: 4 within its counts."""

    def __post_init__(self):
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.name}: min_players {self.min_players} / max_players {self.max_players}")
        if self.table is not None and not self.min_players <= self.table <= self.max_players:
            raise ValueError(f"{self.name}: table {self.table} outside {self.min_players}-{self.max_players} players")
        unknown = [d for d in self.dynamics if d not in DYNAMICS]
        if unknown:
            raise ValueError(f"{self.name}: dynamics {unknown} not among {DYNAMICS}")

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.min_players, self.max_players + 1))


@dataclass(frozen=True)
class Decision:
    """Who acts now and in what capacity: the one decision point every layer loops on.

    ``actor`` decides now; ``turn_owner`` is whose turn it is (another seat during an
    interrupt, which names its ``interrupt`` reason). In a commit group every seat in ``group``
    still has to commit; ``actor`` is the first of them, but any of them may act (pass
    ``player=`` to ``legal_actions`` and ``apply``), and their choices stay hidden until the reveal.

    >>> Decision(actor=2, step="free_brew", turn_owner=0, interrupt="free_brew").out_of_turn
    True
    """

    actor: int
    step: str
    turn_owner: int | None = None
    group: tuple[int, ...] = ()
    interrupt: str | None = None

    @property
    def out_of_turn(self) -> bool:
        return self.interrupt is not None or (self.turn_owner is not None and self.turn_owner != self.actor)


@dataclass(frozen=True)
class ScoreRow:
    """One player's result in the shape every game shares.

    ``tiebreak`` is compared after ``score`` (larger is better, in the game's order); ``rank`` 1
    is best and shared on a full tie, so ``won`` may hold for several players. ``parts`` is
    points by source and sums to ``score``. ``tiebreak_names`` says what each tie-break value is.
    Nobody has ``won`` before the game is over (``rank`` is then the standing so far).

    >>> ScoreRow(player=0, score=7, tiebreak=(2,), rank=1, won=True, parts={"sales": 5, "orders": 2}).key
    (7, 2)
    """

    player: int
    score: int | float
    tiebreak: tuple = ()
    rank: int = 1
    won: bool = False
    parts: Mapping[str, int | float] = field(default_factory=dict)
    tiebreak_names: tuple[str, ...] = ()

    @property
    def key(self) -> tuple:
        """What ranks are decided by: the score, then the tie-break in order."""
        return (self.score, *self.tiebreak)


def legal_for(state: Any, viewer: int | None) -> list:
    """What ``viewer`` may do now: the actor's actions, a commit-group member's own, else nothing.

    ``None`` is the hot seat (whoever acts). Boards and sessions ask this, so every game answers alike.
    """
    d = state.decision
    if d is None:
        return []
    if viewer is None or viewer == d.actor:
        return list(state.legal_actions())
    if viewer in d.group:
        return list(state.legal_actions(player=viewer))
    return []


def rank_rows(rows: Sequence[ScoreRow], over: bool = True, names: tuple[str, ...] = ()) -> list[ScoreRow]:
    """The same rows with ``rank`` (1 = best, shared on equal keys) and ``won`` (rank 1, once ``over``) filled in."""
    keys = [r.key for r in rows]
    out = []
    for r in rows:
        rank = 1 + sum(1 for other in keys if other > r.key)
        out.append(
            ScoreRow(r.player, r.score, r.tiebreak, rank, over and rank == 1, dict(r.parts), names or r.tiebreak_names)
        )
    return out


class Event(NamedTuple):
    """A typed log record for games written on the core: one per thing that happened, one table row.

    ``visible_to`` says who may see it (``Visibility``); ``data`` holds the kind's own JSON-safe
    columns. A game may keep its own event type, as long as it has these first six fields, a
    ``to_row()`` and the state answers ``visible_to(event)``.
    """

    seq: int
    round: int
    phase: str
    player: int | None
    kind: str
    data: dict[str, Any]
    visible_to: Visibility = None

    def to_row(self) -> dict[str, Any]:
        row = {"seq": self.seq, "round": self.round, "phase": self.phase, "player": self.player, "kind": self.kind}
        row.update(self.data)
        return row


@runtime_checkable
class GameState(Protocol):
    """A table in play. ``bl.new_game`` returns one; the layers above use only this.

    Actions are small values whose ``str()`` parses back (``apply`` also takes the text).
    ``apply`` raises ``IllegalAction`` naming the rule and leaves the state exactly as it was; anything
    else raised inside a step leaves it so too and is re-raised as ``StepError`` (``core.atomic``).
    ``check=False`` is for bots and the simulator, with actions from ``legal_actions``: no rollback copy.
    ``view(player)`` is JSON-safe and shows only what that player may see (``None``: a
    spectator); ``observe(player)`` is the same for bots, and its ``determinise(rng)`` returns a
    full state in which everything that player cannot see is re-dealt at random.
    ``scores()`` may keep the game's own wide rows; ``score_rows()`` is the shared shape.
    """

    rules: Any
    seed: int
    n: int
    round: int
    phase: str
    step: str
    ended_by: str | None
    log: list
    actions: list[str]

    @property
    def decision(self) -> Decision | None: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any, player: int | None = None, *, check: bool = True) -> list: ...

    def view(self, player: int | None) -> dict[str, Any]: ...

    def observe(self, player: int) -> Any: ...

    def score_rows(self) -> list[ScoreRow]: ...

    def visible_to(self, event: Any) -> Visibility: ...

    def snapshot(self) -> dict[str, Any]: ...

    def clone(self) -> GameState: ...


@runtime_checkable
class RulesetType(Protocol):
    """What a game's ruleset class offers: an immutable, validated value naming its game."""

    game: str

    @classmethod
    def default(cls) -> Any: ...

    @staticmethod
    def variants() -> list[dict[str, Any]]: ...

    @staticmethod
    def schema() -> Sequence[Any]: ...

    def replace(self, **changes: Any) -> Any: ...

    def to_dict(self) -> dict[str, Any]: ...

    def fingerprint(self) -> str: ...
