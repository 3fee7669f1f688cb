"""One table of Rickhouse Nim, satisfying ``bourbon_lab.core.GameState``: all public, no chance."""

from __future__ import annotations

from bourbon_lab.core import Decision, Event, IllegalAction, ScoreRow, rank_rows


class RickhouseNim:
    def __init__(self, rules, players: int, seed: int = 0):
        self.rules, self.n, self.seed = rules, players, seed
        self.left, self.turn, self.winner = rules.barrels, 0, None
        self.round, self.phase, self.step, self.ended_by = 1, "roll", "roll", None  # one long round
        self.log: list[Event] = []
        self.actions: list[str] = []

    @classmethod
    def new(cls, rules, players, seed=0):
        return cls(rules, players, seed)

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
        return [f"roll {k}" for k in range(1, min(self.rules.most, self.left) + 1)]

    def apply(self, action, player=None, *, check=True):
        text = str(action)  # checked before anything changes: a refused action leaves the table as it was
        if text not in self.legal_actions(player):
            raise IllegalAction(text, f"not possible now ({self.left} barrels left)", player=self.turn)
        start, me, k = len(self.log), self.turn, int(text.split()[1])
        self.actions.append(text)
        self.left -= k
        self.log.append(Event(len(self.log), 1, "roll", me, "rolled_out", {"barrels": k}, None))
        if self.left == 0:
            self.winner, self.phase, self.step, self.ended_by = me, "over", "over", "empty"
            self.log.append(Event(len(self.log), 1, "roll", None, "game_end", {"ended_by": "empty"}, None))
        else:
            self.turn = (self.turn + 1) % self.n
        return self.log[start:]

    def view(self, player) -> dict:
        return {"left": self.left, "most": self.rules.most, "turn": self.turn, "winner": self.winner}

    def observe(self, player):
        return self

    def determinise(self, rng):
        return self.clone()  # nothing is hidden: every re-deal is the table itself

    def visible_to(self, event):
        return event.visible_to

    def score_rows(self) -> list[ScoreRow]:
        won = [int(s == self.winner) for s in range(self.n)]
        rows = [ScoreRow(s, won[s], (), parts={"last_barrel": won[s]}) for s in range(self.n)]
        return rank_rows(rows, self.is_over)

    def snapshot(self) -> dict:
        return {"game": "rickhouse_nim", "rules": self.rules.to_dict(), "n": self.n, "seed": self.seed,
                "actions": list(self.actions)}  # fmt: skip

    @classmethod
    def restore(cls, snap: dict) -> RickhouseNim:
        from .ruleset import Ruleset

        game = cls(Ruleset(**snap["rules"]), snap["n"], snap["seed"])
        for action in snap["actions"]:
            game.apply(action)
        return game

    def clone(self) -> RickhouseNim:
        twin = type(self)(self.rules, self.n, self.seed)
        twin.left, twin.turn, twin.winner = self.left, self.turn, self.winner
        twin.phase, twin.step, twin.ended_by = self.phase, self.step, self.ended_by
        twin.log, twin.actions = list(self.log), list(self.actions)
        return twin
