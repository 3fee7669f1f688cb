"""Events: the typed log records of a game, one per thing that happened, each a table row."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """What happened, when, to whom; ``data`` holds the kind's own JSON-safe columns.

    A named tuple, not a frozen dataclass: as immutable, and a game makes some 2,500 of them,
    which a frozen dataclass builds three times slower.
    """

    seq: int
    round: int
    phase: str
    player: int | None
    kind: str
    data: dict[str, Any]

    def to_row(self) -> dict[str, Any]:
        row = {"seq": self.seq, "round": self.round, "phase": self.phase, "player": self.player, "kind": self.kind}
        row.update(self.data)
        return row

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Event:
        row = dict(row)
        base = {k: row.pop(k) for k in ("seq", "round", "phase", "player", "kind")}
        return cls(data=row, **base)

    def __str__(self) -> str:
        who = "" if self.player is None else f" P{self.player}"
        details = " ".join(f"{k}={v}" for k, v in self.data.items())
        return f"#{self.seq} r{self.round} {self.phase}{who} {self.kind} {details}".rstrip()
