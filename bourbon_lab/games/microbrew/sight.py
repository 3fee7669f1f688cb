"""What a player may see (``view``), and a bot's window whose ``determinise`` re-deals the rest.

Public (book): Coppers, bottles, brewers, customers, cash, the revealed recipes and reputations,
the backs (flavours) of every hand recipe. Private: a player's hand recipes that nobody else has
seen, their secret reputations, the recipes Research drew, a committed reveal. Unseen by all: deck
orders, the tin's order (the view shows its counts, which can be deduced) and set-aside cards.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from .state import Microbrew


def view(g: Microbrew, player: int | None) -> dict[str, Any]:
    """What ``player`` (None: a spectator) may see, JSON-safe."""
    d = g.decision
    players = []
    for p in range(g.n):
        mine = p == player
        known = [r for r in g.hand[p] if r not in g.secret[p]]
        players.append(
            {
                "cash": g.cash[p],
                "ready": g.ready[p],
                "brewers": g.brewers[p],
                "upgraded": g.upgraded[p],
                "copper": "".join(g.copper[p]),
                "bottles": [
                    {"recipe": b["recipe"], "left": list(b["left"]), "contaminant": b["contaminant"]}
                    for b in g.bottles[p]
                ],
                "loyal": list(g.loyal[p]),
                "hand": list(g.hand[p]) if mine else known,
                "secret_flavours": sorted([g.cards[r].flavour for r in g.secret[p]]),
                "secret_reputations": list(g.secret_reps[p]) if mine else [],  # one type for every viewer
                "secret_reputation_count": len(g.secret_reps[p]),
                "revealed_reputations": list(g.revealed_reps[p]),
                "score": sum(g.loyal_from[p].values()),
            }
        )
    return {
        "game": "microbrew",
        "player": player,
        "round": g.round,
        "phase": g.phase,
        "step": g.step,
        "decision": None
        if d is None
        else {
            "actor": d.actor,
            "step": d.step,
            "turn_owner": d.turn_owner,
            "group": list(d.group),
            "interrupt": d.interrupt,
        },
        "first": g.first,
        "active": g.active,
        "brewmaster": g.brewmaster,
        "spaces": {job: list(s) for job, s in g.spaces.items()},
        "placements": g.placements,
        "thirsty": list(g.thirsty),
        "asleep": list(g.asleep),
        "table": list(g.table),
        "public_reputations": list(g.public_reps),
        "customer_deck": len(g.customer_deck),
        "recipe_deck": len(g.recipe_deck),
        "tin": list(g.tin),
        "discard": list(g.discard),
        "final_round": g.final_round,
        "ended_by": g.ended_by,
        "brew": {k: g.ctx[k] for k in ("slot", "start", "swaps", "token") if k in g.ctx},
        "research": list(g.research) if player is not None and d is not None and d.actor == player else [],
        "research_count": len(g.research),
        "reveals": {k: (v if player is not None and k == str(player) else True) for k, v in g.reveals.items()},
        "players": players,
    }


@mypyc_attr(native_class=False)  # a Python object when compiled: bots keep their memos in its __dict__
class Sight:
    """A bot's window on the table: ``view`` (what ``player`` sees), the rules, and ``determinise``."""

    def __init__(self, game, player: int):
        self._game, self.player = game, player
        self.rules = game.rules
        self.cards = game.cards
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = view(self._game, self.player)
        return self._view

    @property
    def step(self) -> str:
        return self._game.step

    def determinise(self, rng: random.Random):
        """A full table where everything this player cannot see is re-dealt at random."""
        return determinise(self._game, self.player, rng)


def determinise(g: Microbrew, me: int, rng: random.Random):
    """A copy of the table with everything ``me`` cannot see re-dealt (decks, others' secrets, the streams)."""
    w = g.clone()
    pool = w.customer_deck + w.customer_unseen
    rng.shuffle(pool)
    k = len(w.customer_deck)
    w.customer_deck, w.customer_unseen = pool[:k], sorted(pool[k:])
    _redeal_recipes(w, me, rng)
    others = [p for p in range(w.n) if p != me]
    reps = w.aside_reps + [r for p in others for r in w.secret_reps[p]]
    rng.shuffle(reps)
    for p in others:
        k = len(w.secret_reps[p])
        w.secret_reps[p], reps = reps[:k], reps[k:]
    w.aside_reps = sorted(reps)
    w.tin_stream.state = rng.getrandbits(64)
    w.deck_stream.state = rng.getrandbits(64)
    return w


def _redeal_recipes(w, me: int, rng: random.Random) -> None:
    """A copy of the table with everything ``me`` cannot see re-dealt."""
    """Others' unseen hand cards (and Research draws) swap with unseen cards of the same flavour (their backs show)."""
    others = [p for p in range(w.n) if p != me]
    hidden = {p: [i for i, r in enumerate(w.hand[p]) if r in w.secret[p]] for p in others}
    slots: list[tuple[list, int]] = [(w.hand[p], i) for p in others for i in hidden[p]]
    if w.research and w.actor != me:
        slots += [(w.research, i) for i in range(len(w.research))]
    slots += [(w.recipe_deck, i) for i in range(len(w.recipe_deck))]
    slots += [(w.recipe_unseen, i) for i in range(len(w.recipe_unseen))]
    by_flavour: dict[str, list[tuple[list, int]]] = {}
    for zone, i in slots:
        by_flavour.setdefault(w.cards[zone[i]].flavour, []).append((zone, i))
    for places in by_flavour.values():
        cards = [zone[i] for zone, i in places]
        rng.shuffle(cards)
        for (zone, i), card in zip(places, cards):
            zone[i] = card
    for p in others:
        w.secret[p] = [w.hand[p][i] for i in hidden[p]]
    rng.shuffle(w.recipe_deck)
    w.recipe_unseen.sort()
