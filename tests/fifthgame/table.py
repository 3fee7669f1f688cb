"""One table of Rickhouse Nim, satisfying ``bourbon_lab.core.GameState``: all public, no chance."""

from __future__ import annotations

from bourbon_lab.core import Decision, Event, IllegalAction, ScoreRow, rank_rows
from bourbon_lab.core.house import book_for, copy_book

from . import house_hooks  # noqa: F401  (declares the hook points house rules check against)

CASKS = ("oak", "cedar", "hickory")
"""The setup choice: each distiller's cask wood (shown on the table, nothing more: an example of the slot)."""


class RickhouseNim:
    def __init__(self, rules, players: int, seed: int = 0, casks=None):
        self.rules, self.n, self.seed = rules, players, seed
        self.casks = list(casks) if casks is not None else ["oak"] * players
        self.left, self.turn, self.winner = rules.barrels, 0, None
        self.round, self.phase, self.step, self.ended_by = 1, "roll", "roll", None  # one long round
        self.log: list[Event] = []
        self.actions: list[str] = []
        self.house = book_for(rules, seed)  # the house rules in play; None without any

    @classmethod
    def new(cls, rules, players, seed=0, casks=None):
        if isinstance(casks, str):
            casks = [casks] * players
        if casks is not None and (len(casks) != players or any(c not in CASKS for c in casks)):
            raise ValueError(f"casks: one of {', '.join(CASKS)} per seat, got {casks!r}")
        table = cls(rules, players, seed, casks)
        table.emit("setup", None, players=players, seed=seed, casks=list(table.casks))
        return table

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def decision(self) -> Decision | None:
        return None if self.is_over else Decision(self.turn, "roll", self.turn)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn

    def legal_actions(self, player=None) -> list[str]:
        if self.is_over or player not in (None, self.turn):
            return []
        rolls = [f"roll {k}" for k in range(1, min(self.rules.most, self.left) + 1)]
        return rolls if self.house is None else self.house.legal(self, self.turn, rolls)

    def apply(self, action, player=None, *, check=True):
        text = " ".join(str(action).split())
        if self.house is not None and not self.is_over and player in (None, self.turn):
            events = self.house.intercept(self, "rickhouse_nim", self.turn, text, text, check)
            if events is not None:  # a house rule's own action, played with its handlers
                return events
        if text not in self.legal_actions(player):  # checked before anything changes: the table stays as it was
            why = f"not possible now ({self.left} barrels left)"
            raise IllegalAction(text, why, round=self.round, phase=self.phase, player=self.turn)
        start, me, k = len(self.log), self.turn, int(text.split()[1])
        self.actions.append(text)
        self.left -= k
        self.emit("rolled_out", me, barrels=k)
        if self.left == 0:
            self.winner, self.phase, self.step, self.ended_by = me, "over", "over", "empty"
            self.emit("game_end", None, ended_by="empty")
        else:
            self.turn = (self.turn + 1) % self.n
        if self.house is not None:
            self.house.after(self, start)
        return self.log[start:]

    def emit(self, kind: str, player, **data) -> None:
        self.log.append(Event(len(self.log), 1, "roll", player, kind, data, None))

    def view(self, player) -> dict:
        return {
            "left": self.left,
            "most": self.rules.most,
            "turn": self.turn,
            "winner": self.winner,
            "casks": self.casks,
        }

    def observe(self, player):
        return Sight(self, player)

    def visible_to(self, event):
        return event.visible_to

    def score_rows(self) -> list[ScoreRow]:
        won = [int(s == self.winner) for s in range(self.n)]
        rows = [ScoreRow(s, won[s], (), parts={"last_barrel": won[s]}) for s in range(self.n)]
        return rank_rows(rows, self.is_over)

    def snapshot(self) -> dict:
        return {"game": "rickhouse_nim", "rules": self.rules.to_dict(), "n": self.n, "seed": self.seed,
                "casks": list(self.casks), "actions": list(self.actions)}  # fmt: skip

    @classmethod
    def restore(cls, snap: dict) -> RickhouseNim:
        from .ruleset import Ruleset

        game = cls.new(Ruleset(**snap["rules"]), snap["n"], snap["seed"], snap.get("casks"))
        for action in snap["actions"]:
            game.apply(action)
        return game

    def clone(self) -> RickhouseNim:
        twin = type(self)(self.rules, self.n, self.seed, self.casks)
        twin.left, twin.turn, twin.winner = self.left, self.turn, self.winner
        twin.phase, twin.step, twin.ended_by = self.phase, self.step, self.ended_by
        twin.log, twin.actions, twin.house = list(self.log), list(self.actions), copy_book(self.house)
        return twin


class Sight:
    """A bot's window: what it needs of the table (all public) and whose seat it is."""

    def __init__(self, table: RickhouseNim, player: int):
        self.table, self.player, self.left, self.rules = table, player, table.left, table.rules

    def determinise(self, rng):
        return self.table.clone()  # nothing is hidden: every re-deal is the table itself
