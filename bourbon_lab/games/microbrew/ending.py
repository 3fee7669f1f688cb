"""The Rest phase, the Brewmaster's path, both ends of the game and the reputation bonuses.

The game ends after the Rest of the round set by the deck-out (the round the last customer was
drawn, then ``final_rounds_after_deckout`` full rounds), at once when every customer is loyal, or at
the round limit (a safety net). Then each reputation scores one extra loyal customer for the single
player who leads its count; a tie for the lead scores nobody (book: "the single player").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import draws, work
from .content import BREWMASTER_PATH

if TYPE_CHECKING:
    from .state import Microbrew


def rest(g: Microbrew) -> None:
    """Gather brewers, flip customers, reveal new ones, move the Brewmaster; then end or start a round."""
    g.phase, g.interrupt, g.ctx = "rest", None, {}
    g.starter = (g.active + 1) % g.n  # where the turn tracker slid after the last placement or pass
    for spaces in g.spaces.values():
        spaces[:] = [None] * len(spaces)
    g.ready = list(g.brewers)
    g.asleep = []
    two = g.n == 2
    r = g.rules
    for _ in range(r.rest_customers_2p if two else r.rest_customers_34p):
        draws.customer(g)
    for _ in range(r.rest_recipes_2p if two else r.rest_recipes_34p):
        draws.recipe(g)
    g.brewmaster = BREWMASTER_PATH[(BREWMASTER_PATH.index(g.brewmaster) + 1) % len(BREWMASTER_PATH)]
    if g.brewmaster == "flush":
        effect = f"{draws.recycle(g)} tokens back in the tin"
    elif g.brewmaster == "manage":
        effect = draws.recipe(g) or "no recipe left"
    else:
        effect = draws.customer(g) or "no customer left"
    g.emit("brewmaster", None, job=g.brewmaster, effect=effect)
    if g.final_round is not None and g.round >= g.final_round:
        finish(g, "deck_out")
    elif g.round >= r.round_limit:
        finish(g, "round_limit")
    else:
        g.round += 1
        work.start_round(g)


def finish(g: Microbrew, how: str) -> None:
    """Stop play; score the shared reputations, then each player's secret one (revealed or chosen)."""
    g.ended_by, g.phase, g.interrupt, g.ctx = how, "end", None, {}
    g.emit("game_over", None, ended_by=how, round=g.round)
    for rid in g.public_reps:
        _score(g, rid, None)
    if g.rules.reputation_reveal == "choose":
        g.step, g.reveals = "reveal", {}
        g.actor = 0
        return
    for p in range(g.n):
        _reveal(g, p, best_reveal(g, p))
    _close(g)


def count(g: Microbrew, p: int, rid: str) -> int:
    """How far ``p`` meets a reputation: loyal customers with its flag, or recipes collected of its flavour."""
    card = g.cards[rid]
    if card.kind == "region":
        return sum(1 for c in g.loyal[p] if g.cards[c].flag == card.target)
    owned = [*g.hand[p], *(b["recipe"] for b in g.bottles[p])]
    return sum(1 for r in owned if g.cards[r].flavour == card.target)


def leader(g: Microbrew, rid: str) -> int | None:
    """The single player with the most for this reputation, or None on a tie for the lead."""
    counts = [count(g, p, rid) for p in range(g.n)]
    top = max(counts)
    return counts.index(top) if counts.count(top) == 1 else None


def best_reveal(g: Microbrew, p: int) -> list[int]:
    """Which secret cards ``p`` reveals: one that scores (both if two copies of the same card score)."""
    secret = g.secret_reps[p]
    scoring = [i for i, rid in enumerate(secret) if leader(g, rid) == p]
    if not scoring:
        return [0] if secret else []
    first = secret[scoring[0]].rstrip("b")
    return [i for i in scoring if secret[i].rstrip("b") == first]


def _reveal(g: Microbrew, p: int, indexes: list[int]) -> None:
    for i in indexes:
        rid = g.secret_reps[p][i]
        g.revealed_reps[p].append(rid)
        _score(g, rid, p)


def _score(g: Microbrew, rid: str, p: int | None) -> None:
    """A public card scores for its leader; a revealed secret one only for its owner if they lead."""
    who = leader(g, rid)
    scored = who is not None and (p is None or who == p)
    g.emit("reputation", p, card=rid, public=p is None, leader=who, scored=scored)
    if scored and who is not None:  # (scored says who is not None; mypyc needs it said)
        g.loyal_from[who]["reputation"] += 1
        g.emit("points", who, amount=1, source="reputation")


def _legal_reveal(g: Microbrew, p: int) -> list[str]:
    return [f"reveal {rid}" for rid in dict.fromkeys(g.secret_reps[p])]


def _do_reveal(g: Microbrew, p: int, text: str) -> None:
    rid = text.split()[1]
    g.reveals[str(p)] = g.secret_reps[p].index(rid)
    g.emit("reveal_committed", p, (p,), card=rid)
    if len(g.reveals) < g.n:
        g.actor = next(s for s in range(g.n) if str(s) not in g.reveals)
        return
    chosen = {int(k): v for k, v in g.reveals.items()}
    g.emit("reveals", None, cards=[g.secret_reps[s][chosen[s]] for s in range(g.n)])
    for s in range(g.n):
        secret = g.secret_reps[s]
        same = [i for i, r in enumerate(secret) if r.rstrip("b") == secret[chosen[s]].rstrip("b")]
        _reveal(g, s, same)
    _close(g)


def _close(g: Microbrew) -> None:
    g.phase, g.step, g.actor = "over", "over", None
    rows = g.score_rows()
    g.emit(
        "game_end", None, ended_by=g.ended_by, scores=[r.score for r in rows], winners=[r.player for r in rows if r.won]
    )


STEPS = {"reveal": (_legal_reveal, _do_reveal)}
