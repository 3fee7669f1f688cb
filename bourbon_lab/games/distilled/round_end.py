# The phases call one another through Distilled (game.py) and index optional dicts: mypy (mypyc) takes those as Any.
# mypy: disable-error-code="attr-defined,index"
"""The end of a round: awards, tastings, the goal discard after round 3, the first player token, the end.

'End of Round: Check spirit awards (divide SP if tied, rounding up). If you did not sell a spirit
this round, you may offer a tasting (spend up to 4 SP to gain that much money). After round 3,
discard 1 of your 3 distillery goals. Advance round marker; pass first player clockwise.' (book)
"""

from __future__ import annotations

from .measures import MEASURES
from .scoring import Scoring


class RoundEnd(Scoring):
    """Awards, ``tasting 2``, the ``discard G05`` commit group and the last round."""

    def _end_round(self) -> None:
        self.phase = "round_end"
        self.check_awards()
        self.queue = [p for p in self.order() if not self.sold_this_round[p] and self.total_sp(p) > 0]
        self._next_taster()

    def check_awards(self) -> None:
        """Awards: 'First to fulfill scores full; ties split, rounding up.' (book)."""
        for award in self.awards:
            if award in self.award_winners:
                continue
            spec = self.content.awards[award]
            measure = MEASURES[spec["measure"]]
            winners = [p for p in self.order() if measure(self, p) >= spec["at_least"]]
            if not winners:
                continue
            each = -(-spec["sp"] // len(winners))
            self.award_winners[award] = {"players": sorted(winners), "round": self.round, "sp": each}
            self.emit("award", None, award=award, name=spec["name"], players=sorted(winners), sp=each)
            for p in sorted(winners):
                self.score(p, each, "awards")

    def tasting_max(self, p: int) -> int:
        r = self.rules
        return min(r.tasting_room_max if self.owns(p, "tasting_plus") else r.tasting_max, self.total_sp(p))

    def _next_taster(self) -> None:
        if self.queue:
            self.step, self.actor = "tasting", self.queue[0]
            return
        if self.round == self.rules.goal_discard_after_round and all(len(g) > 1 for g in self.goals):
            self.step, self.group = "goal", self.order()
            return
        self._next_round()

    def _legal_tasting(self, p: int) -> list[str]:
        return [f"tasting {k}" for k in range(self.tasting_max(p) + 1)]

    def _do_tasting(self, p: int, words: list[str]) -> None:
        """'Spend up to 4 SP to gain that much money' (book); never below 0 SP (ours)."""
        k = int(words[1])
        self.queue.pop(0)
        self.emit("tasting", p, sp=k)
        if k:
            self.score(p, -k, "tasting")
            self.gain(p, k, "tasting")
        self._next_taster()

    def _legal_goal(self, p: int) -> list[str]:
        return [] if str(p) in self.choices else [f"discard {g}" for g in self.goals[p]]

    def _do_goal(self, p: int, words: list[str]) -> None:
        self.choices[str(p)] = words[1]
        self.group.remove(p)
        self.emit("goal_chosen", p, (p,), goal=words[1])
        if self.group:
            return
        chosen, self.choices = self.choices, {}
        for q in range(self.n):
            goal = chosen[str(q)]
            self.goals[q].remove(goal)
            self.discarded_goals[q].append(goal)
            self.emit("goal_discarded", q, (q,), goal=goal)
        self.emit("goals_discarded", None, players=list(range(self.n)))
        self._next_round()

    def _next_round(self) -> None:
        if self.round >= self.rules.rounds:
            self.final_scoring()
            return
        self.first = (self.first + 1) % self.n
        self._start_round()
