# The phases call one another through Distilled (game.py) and index optional dicts: mypy (mypyc) takes those as Any.
# mypy: disable-error-code="attr-defined,index"
"""What a player (or a spectator) may see, and the re-dealt worlds the search bot plans on.

Public (ours unless marked): pantries, storerooms, labels and warehouse stacks (their cards were
revealed when the spirit was distilled), the rows, the truck, awards, money and SP. Private: a
player's goals, the identities dealt to them, their loading during the Distill phase. Flavour
cards are face down and nobody, the owner included, sees them until the spirit is sold (book).
"""

from __future__ import annotations

import random
from typing import Any

from .content import ROWS
from .state import TableState


class Views(TableState):
    """``view(p)``, ``observe(p)`` and the spectator's view."""

    def _spirit_view(self, sid: str) -> dict[str, Any]:
        s = self.spirits[sid]
        return {
            "id": sid,
            "recipe": s["recipe"],
            "cards": self.names(s["cards"]),
            "barrel": None if s["barrel"] is None else self.cards[s["barrel"]],
            "flavours": len(s["flavours"]),
            "round": s["round"],
            "aged": s["aged"],
        }

    def _ids(self, cs: list[int]) -> list[list[str]]:
        return [[f"c{c}", self.cards[c]] for c in cs]

    def view(self, player: int | None) -> dict[str, Any]:
        d = self.decision
        ids = self._ids  # a method, not a lambda: mypyc compiles no closures over self in the phases
        out: dict[str, Any] = {
            "game": "distilled",
            "player": player,
            "round": self.round,
            "rounds": self.rules.rounds,
            "flight": self.rules.flight,
            "phase": self.phase,
            "step": self.step,
            "actor": None if d is None else d.actor,
            "group": [] if d is None else list(d.group),
            "first": self.first,
            "money": list(self.money),
            "sp": [self.total_sp(p) for p in range(self.n)],
            "sp_by_source": [dict(s) for s in self.sp],
            "identity": list(self.identity),
            "pantry": [ids(x) for x in self.pantry],
            "storeroom": [ids(x) for x in self.storeroom],
            "display": [self.names(x) for x in self.display],
            "upgrades": [ids(x) for x in self.upgrades],
            "known": [list(k) for k in self.known],
            "signature_done": list(self.signature_done),
            "spaces": [list(s) for s in self.spaces],
            "warehouse": [[self._spirit_view(s) for s in w] for w in self.warehouse],
            "pending": [[self._spirit_view(s) for s in w] for w in self.pending],
            "sales": [len(s) for s in self.sales],
            "rows": {row: [None if c is None else [f"c{c}", self.cards[c]] for c in self.rows[row]] for row in ROWS},
            "deck_sizes": {row: len(self.decks[row]) for row in ROWS},
            "truck": ids(self.truck),
            "basic_stock": dict(self.basic_stock),
            "labels_left": dict(self.label_supply),
            "cubes_left": dict(self.cube_supply),
            "flavour_deck": len(self.flavour_deck),
            "awards": {a: self.award_winners.get(a) for a in self.awards},
            "passed": list(self.passed),
            "committed": [p for p in range(self.n) if self.group and p not in self.group],
            "sub": self._sub_view(),
            "claim": self._claim_view(),
            "goals_kept": [len(g) for g in self.goals],
        }
        if self.phase == "over":
            out["goals"] = [list(g) for g in self.goals]
        if player is not None:
            out["me"] = {
                "goals": list(self.goals[player]),
                "discarded_goals": list(self.discarded_goals[player]),
                "offered": list(self.offered[player]),
                "choice": self.choices.get(str(player)),
                "work": self.work.get(str(player)),
            }
        return out

    def _claim_view(self) -> dict | None:
        if self.claim is None:
            return None
        options = [list(o) for o in self.claim["options"]]
        return {"player": self.claim["player"], "stack": self.names(self.claim["stack"]), "options": options}

    def _sub_view(self) -> dict | None:
        if self.sub is None:
            return None
        sub = dict(self.sub)
        if "card" in sub:
            sub["card"] = [f"c{sub['card']}", self.cards[sub["card"]]]
        return sub

    def observe(self, player: int) -> PlayerWindow:
        return PlayerWindow(self, player)


class PlayerWindow:
    """A bot's window on the table: its ``view`` and ``determinise`` (re-deal what it cannot see)."""

    def __init__(self, game: Any, player: int):
        self.game, self.player = game, player
        self._view: dict | None = None

    @property
    def view(self) -> dict[str, Any]:
        """``game.view(player)``, built on first use (a bot with one legal action never needs it)."""
        if self._view is None:
            self._view = self.game.view(self.player)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self.view[key]

    def determinise(self, rng: random.Random) -> Any:
        """A full table where the decks, others' goals and dealt identities, and every flavour card are re-dealt."""
        g, me = self.game.clone(), self.player
        for row in ROWS:
            rng.shuffle(g.decks[row])
        if g.phase != "over":
            others = [q for q in range(g.n) if q != me]
            pool = g.goal_deck + [x for q in others for x in g.goals[q] + g.discarded_goals[q]]
            rng.shuffle(pool)
            for q in others:
                k, j = len(g.goals[q]), len(g.discarded_goals[q])
                g.goals[q], g.discarded_goals[q], pool = pool[:k], pool[k : k + j], pool[k + j :]
                if str(q) in g.choices and g.step == "goal":
                    g.choices[str(q)] = rng.choice(g.goals[q])
            g.goal_deck = pool
            if g.phase == "setup":
                pool = g.identity_deck + [x for q in others for x in g.offered[q]]
                rng.shuffle(pool)
                for q in others:
                    k = len(g.offered[q])
                    g.offered[q], pool = sorted(pool[:k]), pool[k:]
                    if str(q) in g.choices:
                        g.choices[str(q)] = rng.choice(g.offered[q])
                g.identity_deck = pool
        _reload_washbacks(g, me, rng)
        spirits = [s for w in g.warehouse for s in w]
        pool = g.flavour_deck + [f for s in spirits for f in g.spirits[s]["flavours"]]
        rng.shuffle(pool)
        for s in spirits:
            k = len(g.spirits[s]["flavours"])
            g.spirits[s]["flavours"], pool = pool[:k], pool[k:]
        g.flavour_deck = pool
        from .streams import Stream

        g.streams = {k: Stream(rng.getrandbits(64)) for k in g.streams}
        return g


def _reload_washbacks(g: Any, me: int, rng: random.Random) -> None:
    """Others' washbacks are face down until the reveal: load them again at random.

    Who has committed is public and stays so; what a rival loaded, traded, and whether they
    distil or skip, is not. A rival still loading starts again from an empty washback.
    """
    if g.step != "distill":
        return
    for q in range(g.n):
        if q == me:
            continue
        w = g.work[str(q)] = g.fresh_work(q)
        if q in g.group:
            continue
        for _ in range(rng.randint(0, 6)):
            loads = [a for a in g._legal_distill(q) if a.startswith("load ")]
            if not loads:
                break
            _, tok, slot = rng.choice(loads).split()
            w["pantry"].remove(tok)
            w["slots"][slot].append(tok)
        w["go"] = "distill" in g._legal_distill(q) and rng.random() < 0.8
