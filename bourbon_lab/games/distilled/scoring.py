# The phases call one another through Distilled (game.py) and index optional dicts: mypy (mypyc) takes those as Any.
# mypy: disable-error-code="attr-defined,index"
"""Endgame scoring (after the last round) and the score rows: SP by source, money as the tie-break.

'SP from unsold spirits aging in warehouse (all card SP + recipe SP + 1 SP per flavor card). Bottle
collection ... Distillery upgrade SP values. Distillery goal SP (if achieved; cannot be achieved by
scoring zero). Money: 1 SP per 5 money remaining (rounded down).' 'Highest SP wins. Tiebreaker:
most money remaining. Further tie: shared victory.' (book)
"""

from __future__ import annotations

from ...core import ScoreRow, rank_rows
from .measures import MEASURES
from .view import Views


class Scoring(Views):
    """The five endgame sources and ``score_rows``."""

    def final_scoring(self) -> None:
        r, c = self.rules, self.content
        self.phase, self.step, self.group = "endgame", "endgame", []
        for p in self.order():
            for sid in self.warehouse[p]:
                s = self.spirits[sid]
                items = s["cards"] + ([s["barrel"]] if s["barrel"] is not None else [])
                pts = sum(self.card(x).sp for x in items) + self.recipe_sp(s["recipe"])
                pts += r.unsold_flavour_sp * len(s["flavours"])
                if r.unsold_flavour == "flat_plus_face":
                    pts += sum(c.flavours[f][1] for f in s["flavours"])
                if self.house is not None:
                    pts = int(
                        self.house.quantity(self, "unsold_spirit_sp", pts, player=p, spirit=sid, recipe=s["recipe"])
                    )
                self.emit("unsold_spirit", p, spirit=sid, recipe=s["recipe"], flavours=len(s["flavours"]), sp=pts)
                self.score(p, pts, "warehouse")
            regions = len({self.card(b).region for b in self.display[p]})
            self.score(p, r.bottle_region_sp[min(regions, len(r.bottle_region_sp)) - 1] if regions else 0, "bottles")
            self.score(p, sum(self.card(u).sp for u in self.upgrades[p]), "upgrades")
        for p in self.order():
            for goal in self.goals[p]:
                met = self.goal_met(p, goal)
                self.emit("goal_scored", p, goal=goal, met=met, sp=c.goals[goal]["sp"] if met else 0)
                if met:
                    self.score(p, c.goals[goal]["sp"], "goals")
        for p in self.order():
            self.score(p, self.money[p] // r.money_per_sp, "money")
        self.phase, self.step, self.ended_by = "over", "over", "rounds"
        self.emit("game_end", None, ended_by="rounds", scores=[self.total_sp(p) for p in range(self.n)])

    def goal_met(self, p: int, goal: str) -> bool:
        """A goal: 'Compared relative to other players. Cannot be achieved by scoring zero.' (book)."""
        measure = MEASURES[self.content.goals[goal]["measure"]]
        values = [measure(self, q) for q in range(self.n)]
        mine, best = values[p], max(values)
        met = mine > 0 and mine >= best and (self.rules.goal_ties == "all" or values.count(best) == 1)
        if self.house is not None:
            met = bool(self.house.quantity(self, "goal_met", met, player=p, goal=goal, values=values))
        return met

    def score_rows(self) -> list[ScoreRow]:
        rows = [ScoreRow(p, self.total_sp(p), (self.money[p],), parts=dict(self.sp[p])) for p in range(self.n)]
        return rank_rows(rows, self.is_over, ("money",))
