"""Setup: the blind fill of the Coppers, the deals, the hop swap and the later players' extra recipe.

With 3-4 players two copies are used (book): both decks of each kind shuffled together, the
book's discards set aside unseen, and (ours) both tins, so four Coppers can be filled. A second
copy's card is its first copy's id with ``b`` (``C07b``).
"""

from __future__ import annotations

from typing import Any

from . import copper as cu
from . import draws, work
from .content import EMPTY, HOP, JOBS, MALTS


def card_index(rules, copies: int) -> dict[str, Any]:
    """Every card in play by id (both copies at 3-4 players)."""
    out: dict[str, Any] = {}
    for deck in (rules.customers, rules.recipes, rules.reputations):
        for card in deck:
            out[card.id] = card
            if copies == 2:
                out[card.id + "b"] = card
    return out


def _ids(cards, copies: int) -> list[str]:
    return [c.id for c in cards] + ([c.id + "b" for c in cards] if copies == 2 else [])


def deal(g) -> None:
    """Lay out a new table and stop at the first hop decision."""
    r, n = g.rules, g.n
    two = n == 2
    g.round, g.phase, g.interrupt, g.ctx = 1, "setup", None, {}
    g.first = g.deck_stream.below(n)
    g.active = g.starter = g.first
    g.cash = [0] * n
    g.brewers = [r.brewers_start] * n
    g.ready = [r.brewers_start] * n
    g.upgraded = [False] * n
    g.bottles = [[] for _ in range(n)]
    g.hand, g.secret = [[] for _ in range(n)], [[] for _ in range(n)]
    g.loyal, g.asleep = [[] for _ in range(n)], []
    g.loyal_from = [{"start": 0, "served": 0, "advertised": 0, "reputation": 0} for _ in range(n)]
    g.spaces = {job: [None] * k for job, k in zip(JOBS, r.spaces_2p if two else r.spaces_3p if n == 3 else r.spaces_4p)}
    g.replaced = {job: [False] * len(s) for job, s in g.spaces.items()}
    g.brewmaster = "manage"
    g.placements, g.cap_hit, g.free_brew_used = 0, False, False
    g.final_round, g.ended_by = None, None
    g.research, g.reveals, g.revealed_reps = [], {}, [[] for _ in range(n)]
    g.stats = {"free_brews": 0, "replacements": 0, "passes": [0] * n, "compensation": [None] * n}
    counts = [x * g.copies for x in r.tin]
    g.tin, g.discard = [*counts[:3], 0], [0, 0, 0, 0]
    hops = counts[3]
    g.copper = []
    for p in range(n):
        c = [EMPTY] * (g.all_columns * g.rows)
        cu.fill(c, g.rows, g.columns, lambda: draws.token(g))
        g.copper.append(c)
        g.emit("copper_filled", p, copper="".join(c))
    _deal_cards(g, two)
    g.step, g.actor = "hop", g.first
    g.ctx = {"order": [(g.first + i) % n for i in range(n)], "at": 0, "hops": hops}
    if hops == 0:
        _after_hops(g)


def _deal_cards(g, two: bool) -> None:
    r, n, ds = g.rules, g.n, g.deck_stream
    customers = _ids(r.customers, g.copies)
    ds.shuffle(customers)
    g.customer_unseen = [] if two else sorted(customers[: r.customers_discard_34p])
    customers = customers if two else customers[r.customers_discard_34p :]
    for p in range(n):
        cid = customers.pop()
        g.loyal[p].append(cid)
        g.loyal_from[p]["start"] += 1
        g.emit("loyal", p, customer=cid, source="start")
        g.emit("points", p, amount=1, source="start")
    g.thirsty = [customers.pop() for _ in range(min(r.start_thirsty, len(customers)))]
    g.customer_deck = customers
    g.emit("customers_revealed", None, customers=list(g.thirsty))
    recipes = _ids(r.recipes, g.copies)
    ds.shuffle(recipes)
    g.recipe_unseen = [] if two else sorted(recipes[: r.recipes_discard_34p])
    recipes = recipes if two else recipes[r.recipes_discard_34p :]
    for p in range(n):
        for _ in range(r.start_hand):
            rid = recipes.pop()
            g.hand[p].append(rid)
            g.secret[p].append(rid)
            g.emit("recipe_dealt", p, (p,), recipe=rid)
    g.table = [recipes.pop() for _ in range(min(r.start_revealed_recipes, len(recipes)))]
    g.recipe_deck = recipes
    g.emit("recipes_revealed", None, recipes=list(g.table))
    reps = _ids(r.reputations, g.copies)
    ds.shuffle(reps)
    k = r.public_reputations_2p if two else r.public_reputations_34p
    g.public_reps = [reps.pop() for _ in range(k)]
    g.secret_reps = [[reps.pop() for _ in range(r.secret_reputations)] for _ in range(n)]
    g.aside_reps = sorted(reps)
    g.emit("reputations_dealt", None, public=list(g.public_reps))


# --- setup steps


def _legal_hop(g, p: int) -> list[str]:
    """Any malt of the basic Copper may be replaced by the hop."""
    c = g.copper[p]
    return [f"hop {cu.slot_name(s, g.rows)}" for s in range(g.columns * g.rows) if c[s] in MALTS]


def _do_hop(g, p: int, text: str) -> None:
    slot = cu.parse_slot(text.split()[1], g.rows)
    malt = g.copper[p][slot]
    g.copper[p][slot] = HOP
    g.tin[MALTS.index(malt)] += 1
    g.ctx["hops"] -= 1
    g.emit("hop_placed", p, slot=cu.slot_name(slot, g.rows), malt=malt)
    g.ctx["at"] += 1
    if g.ctx["at"] < g.n and g.ctx["hops"] > 0:
        g.actor = g.ctx["order"][g.ctx["at"]]
    else:
        _after_hops(g)


def _after_hops(g) -> None:
    g.tin[3] += g.ctx["hops"]
    order = [(g.first + i) % g.n for i in range(1, g.n)]
    g.ctx = {"order": order, "at": 0}
    _next_compensation(g)


def _next_compensation(g) -> None:
    """The players after the first may draw an extra recipe and return one (book), one at a time."""
    while g.rules.compensation and g.ctx["at"] < len(g.ctx["order"]):
        if g.recipe_deck:
            g.step, g.actor = "compensation", g.ctx["order"][g.ctx["at"]]
            return
        g.ctx["at"] += 1
    work.start_round(g)


def _legal_compensation(g, p: int) -> list[str]:
    return ["draw", "decline"]


def _do_compensation(g, p: int, text: str) -> None:
    g.stats["compensation"][p] = text == "draw"
    if text == "decline":
        g.emit("compensation", p, used=False)
        g.ctx["at"] += 1
        _next_compensation(g)
        return
    rid = g.recipe_deck.pop()
    g.hand[p].append(rid)
    g.secret[p].append(rid)
    g.emit("compensation", p, used=True)
    g.emit("recipe_drawn", p, (p,), recipe=rid)
    g.step = "return_recipe"


def _legal_return(g, p: int) -> list[str]:
    return [f"return {rid}" for rid in g.secret[p]]


def _do_return(g, p: int, text: str) -> None:
    rid = text.split()[1]
    g.hand[p].remove(rid)
    g.secret[p].remove(rid)
    draws.shuffle_in(g, g.recipe_deck, rid)
    g.emit("recipe_returned", p, (p,), recipe=rid)
    g.step = "compensation"
    g.ctx["at"] += 1
    _next_compensation(g)


STEPS = {
    "hop": (_legal_hop, _do_hop),
    "compensation": (_legal_compensation, _do_compensation),
    "return_recipe": (_legal_return, _do_return),
}
