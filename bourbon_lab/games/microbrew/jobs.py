"""What each job does, with its cost and prerequisite: Brew, Bottle, Serve, Mash, Flush, Advertise, Manage, Break.

``start`` runs a job for the brewer just placed; a job that needs choices sets its step, and
each step's effect ends by calling ``work.job_done``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import beer, draws, ending, work
from . import copper as cu
from .content import EMPTY, HOP, MALTS, MANAGE

if TYPE_CHECKING:
    from .state import Microbrew


def usable_columns(g: Microbrew, p: int) -> int:
    """The basic Copper, plus the side tank after the Copper Upgrade."""
    """The basic Copper, plus the side tank after the Copper Upgrade."""
    return g.all_columns if g.upgraded[p] else g.columns


def manage_costs(g: Microbrew) -> tuple[int, ...]:
    """Overtime, Research, Upgrade, Hire costs at this player count."""
    return g.rules.manage_cost_2p if g.n == 2 else g.rules.manage_cost_34p


def manage_options(g: Microbrew, p: int, placing: bool) -> list[str]:
    """What ``p`` can pay for and use at Manage (``placing``: before the Manage brewer is on its space)."""
    costs, out = manage_costs(g), []
    placed = sum(q == p for spaces in g.spaces.values() for q in spaces) - (0 if placing else 1)
    usable = {
        "overtime": placed >= 1,
        "research": bool(g.recipe_deck),
        "upgrade": not g.upgraded[p] and g.rules.side_tank_columns > 0,
        "hire": g.brewers[p] < g.rules.brewers_max,
    }
    for i, option in enumerate(MANAGE):
        if usable[option] and g.cash[p] >= costs[i]:
            out.append(option)
    return out


def ready_beers(g: Microbrew, p: int, clean: bool = False) -> list[dict]:
    """Fully fermented bottles (``clean``: without a contaminant)."""
    return [b for b in g.bottles[p] if not b["left"] and not (clean and b["contaminant"] is not None)]


def full_columns(g: Microbrew, p: int) -> list[int]:
    """Usable columns with no empty slot (a bottle takes a whole column)."""
    c, rows = g.copper[p], g.rows
    return [k for k in range(usable_columns(g, p)) if EMPTY not in c[k * rows : (k + 1) * rows]]


def serve_targets(g: Microbrew, p: int) -> list[str]:
    """Thirsty (face-up) customers in the row and the player's own face-up loyal customers."""
    asleep = g.asleep
    return [c for c in g.thirsty if c not in asleep] + [c for c in g.loyal[p] if c not in asleep]


def prerequisite(g: Microbrew, p: int, job: str) -> str | None:
    """The book's condition for sending a brewer to ``job``, as the reason it fails (None: it holds)."""
    check = PREREQUISITES.get(job)
    return check(g, p) if check else None


def _serve_needs(g: Microbrew, p: int) -> str | None:
    if not ready_beers(g, p):
        return "You must have bottled and fully fermented a recipe before you can send a brewer here!"
    return None if serve_targets(g, p) else "Serve: no thirsty customer to select"


def _advertise_needs(g: Microbrew, p: int) -> str | None:
    if not ready_beers(g, p, clean=True):
        return "You must have an uncontaminated, fully fermented beer to Advertise."
    if g.cash[p] < g.rules.advertise_per_loyal * len(g.loyal[p]):
        return f"Pay ${g.rules.advertise_per_loyal} per loyal customer you have."
    if not g.customer_deck and not [c for c in g.thirsty if c not in g.asleep]:
        return "Advertise: no Thirsty Customer to select"
    return None


def _manage_needs(g: Microbrew, p: int) -> str | None:
    if not manage_options(g, p, placing=True):
        return "If you send a brewer to the Manage job, you must pay to select one of the following"
    return None


def _bottle_needs(g: Microbrew, p: int) -> str | None:
    if not (g.hand[p] or g.table):
        return "Bottle: Select a recipe from your hand or a revealed one from the table."
    return None if full_columns(g, p) else "Bottle: no full column of the Copper to collect"


PREREQUISITES = {"serve": _serve_needs, "advertise": _advertise_needs, "manage": _manage_needs, "bottle": _bottle_needs}


def start(g: Microbrew, p: int, job: str) -> None:
    """Run ``job`` for the brewer ``p`` just placed."""
    if job == "brew":
        start_brew(g, p)
    elif job == "manage" and not manage_options(g, p, placing=False):
        g.emit("manage", p, option=None, cost=0)  # a Break eviction took back the brewer Overtime needed
        work.job_done(g)
    elif job in ("bottle", "serve", "manage"):
        g.step = job
    elif job == "mash":
        mash(g, p)
    elif job == "flush":
        flush(g, p)
    elif job == "advertise":
        advertise(g, p)
    else:
        take_break(g, p)


# --- Brew


def start_brew(g: Microbrew, p: int) -> None:
    """Begin a Brew (a placed brewer's, or the free one out of turn)."""
    g.actor = p
    g.step = "brew_select"
    g.ctx["brewer"] = p


def _legal_select(g: Microbrew, p: int) -> list[str]:
    slots = cu.movable(g.copper[p], g.rows, usable_columns(g, p), g.rules.sideways_swap)
    return [f"select {cu.slot_name(s, g.rows)}" for s in slots] or ["stop"]


def _do_select(g: Microbrew, p: int, text: str) -> None:
    if text == "stop":
        g.emit("brew", p, token=None, chain=0, hop=False, circular=False, free=g.interrupt is not None)
        work.job_done(g)
        return
    slot = cu.parse_slot(text.split()[1], g.rows)
    g.ctx.update(slot=slot, start=slot, swaps=0, token=g.copper[p][slot])
    g.step = "brew_swap"


def _legal_swap(g: Microbrew, p: int) -> list[str]:
    ctx = g.ctx
    out = [
        f"swap {d}"
        for d in cu.swaps_from(g.copper[p], ctx["slot"], g.rows, usable_columns(g, p), g.rules.sideways_swap)
    ]
    if ctx["swaps"] and g.rules.brew_chain == "may_stop":
        out.append("stop")
    return out


def _do_swap(g: Microbrew, p: int, text: str) -> None:
    ctx = g.ctx
    if text != "stop":
        ctx["slot"] = cu.swap(g.copper[p], ctx["slot"], text.split()[1], g.rows, usable_columns(g, p))
        ctx["swaps"] += 1
        cap = g.rules.swap_cap_factor * g.rows * g.all_columns
        more = cu.swaps_from(g.copper[p], ctx["slot"], g.rows, usable_columns(g, p), g.rules.sideways_swap)
        if ctx["swaps"] < cap and more:
            return
    g.emit(
        "brew",
        p,
        token=ctx["token"],
        chain=ctx["swaps"],
        hop=ctx["token"] == HOP,
        circular=ctx["slot"] == ctx["start"],
        free=g.interrupt is not None,
    )
    work.job_done(g)


# --- Bottle


def _legal_bottle(g: Microbrew, p: int) -> list[str]:
    cols = full_columns(g, p)
    return [f"bottle {rid} col {k + 1}" for rid in (*g.hand[p], *g.table) for k in cols]


def _do_bottle(g: Microbrew, p: int, text: str) -> None:
    _, rid, _, col = text.split()
    k = int(col) - 1
    rows = g.rows
    tokens = g.copper[p][k * rows : (k + 1) * rows]
    g.copper[p][k * rows : (k + 1) * rows] = [EMPTY] * rows
    if rid in g.hand[p]:
        g.hand[p].remove(rid)
        if rid in g.secret[p]:
            g.secret[p].remove(rid)
    else:
        g.table.remove(rid)
    recipe = g.cards[rid].colours
    match = g.rules.ferment_match
    g.bottles[p].append({"recipe": rid, "left": beer.lay(tokens, recipe, match), "contaminant": None})
    g.emit(
        "bottle",
        p,
        recipe=rid,
        column=k + 1,
        tokens="".join(tokens),
        contaminated=beer.would_contaminate(tokens, recipe, match),
    )
    work.job_done(g)


# --- Serve


def _legal_serve(g: Microbrew, p: int) -> list[str]:
    targets = serve_targets(g, p)
    return [f"serve {b['recipe']} {c}" for b in ready_beers(g, p) for c in targets]


def _do_serve(g: Microbrew, p: int, text: str) -> None:
    _, rid, cid = text.split()
    bottle = next(b for b in g.bottles[p] if b["recipe"] == rid and not b["left"])
    recipe, customer = g.cards[rid], g.cards[cid]
    r = g.rules
    rated = beer.rating(
        recipe.colours, customer.favourite, bottle["contaminant"] is not None, r.rating_cuts, r.contaminant_penalty
    )
    base = beer.pay(recipe.colours, rated, r.pay_perfect, r.pay_lower)
    bonus = customer.bonus if customer.likes == recipe.flavour else 0
    if g.house is not None:
        base = int(g.house.quantity(g, "serve_pay", base, player=p, recipe=rid, customer=cid, rating=rated))
    g.bottles[p].remove(bottle)
    if bottle["contaminant"] is not None:  # ours: the book never removes a token, so it joins the discards
        draws.discard(g, bottle["contaminant"])
    g.hand[p].append(rid)
    g.cash[p] += base + bonus
    gained = rated == 0 and cid in g.thirsty
    g.emit(
        "serve",
        p,
        recipe=rid,
        customer=cid,
        rating=rated,
        pay=base,
        flavour_bonus=bonus,
        loyal_gained=gained,
        contaminated=bottle["contaminant"] is not None,
    )
    g.emit("income", p, amount=base + bonus, source="serve")
    if rated:
        g.asleep.append(cid)
        work.job_done(g)
        return
    if gained:
        g.thirsty.remove(cid)
        win_customer(g, p, cid, "served")
        if g.phase != "work":
            return
    placed = [(job, k) for job, spaces in g.spaces.items() for k, q in enumerate(spaces) if q == p]
    if len(placed) == 1:
        recall(g, p, *placed[0])
    else:
        g.step = "recall"


def win_customer(g: Microbrew, p: int, cid: str, source: str) -> None:
    """A customer becomes loyal to ``p`` (a point); the last one ends the game at once."""
    g.loyal[p].append(cid)
    g.loyal_from[p][source] += 1
    g.emit("loyal", p, customer=cid, source=source)
    g.emit("points", p, amount=1, source=source)
    total = len(g.rules.customers) * g.copies - (0 if g.n == 2 else g.rules.customers_discard_34p)
    if sum(len(x) for x in g.loyal) >= total:
        ending.finish(g, "all_loyal")


def _legal_recall(g: Microbrew, p: int) -> list[str]:
    return [f"recall {job}.{k + 1}" for job, spaces in g.spaces.items() for k, q in enumerate(spaces) if q == p]


def _do_recall(g: Microbrew, p: int, text: str) -> None:
    job, _, k = text.split()[1].partition(".")
    recall(g, p, job, int(k) - 1)


def recall(g: Microbrew, p: int, job: str, k: int) -> None:
    """A brewer comes back from its space to the ready area."""
    g.spaces[job][k] = None
    g.ready[p] += 1
    g.emit("recall", p, job=job, space=k + 1)
    work.job_done(g)


# --- Mash, Flush, Break


def mash(g: Microbrew, p: int) -> None:
    """Fill the empty slots by blind draws (the book's order)."""
    drawn = cu.fill(g.copper[p], g.rows, usable_columns(g, p), lambda: draws.token(g))
    g.emit("mash", p, tokens="".join(drawn))
    work.job_done(g)


def flush(g: Microbrew, p: int) -> None:
    """Discards back to the tin; then hops may be swapped for chosen malts."""
    moved = draws.recycle(g)
    g.emit("flush", p, returned=moved)
    if _legal_flush(g, p) != ["done"]:
        g.step = "flush"
    else:
        work.job_done(g)


def _legal_flush(g: Microbrew, p: int) -> list[str]:
    c, rows = g.copper[p], g.rows
    hops = [s for s in range(usable_columns(g, p) * rows) if c[s] == HOP]
    malts = [m for i, m in enumerate(MALTS) if g.tin[i]]
    return [f"flush {cu.slot_name(s, rows)} {m}" for s in hops for m in malts] + ["done"]


def _do_flush(g: Microbrew, p: int, text: str) -> None:
    if text == "done":
        work.job_done(g)
        return
    _, where, malt = text.split()
    slot = cu.parse_slot(where, g.rows)
    g.copper[p][slot] = malt
    g.tin[MALTS.index(malt)] -= 1
    g.tin[3] += 1
    g.emit("hop_flushed", p, slot=where, malt=malt)
    if _legal_flush(g, p) == ["done"]:
        work.job_done(g)


def take_break(g: Microbrew, p: int) -> None:
    """Earn the vending machine's money; every face-down customer is thirsty again."""
    g.cash[p] += g.rules.break_income
    g.asleep = []
    g.emit("break", p)
    g.emit("income", p, amount=g.rules.break_income, source="break")
    work.job_done(g)


# --- Advertise


def advertise(g: Microbrew, p: int) -> None:
    """Pay per loyal customer and reveal a new customer; the player then picks beer and customer."""
    cost = g.rules.advertise_per_loyal * len(g.loyal[p])
    g.cash[p] -= cost
    g.emit("advertise_paid", p, cost=cost, loyal_before=len(g.loyal[p]))
    draws.customer(g)
    g.step = "advertise"


def _legal_advertise(g: Microbrew, p: int) -> list[str]:
    faceup = [c for c in g.thirsty if c not in g.asleep]
    return [f"advertise {b['recipe']} {c}" for b in ready_beers(g, p, clean=True) for c in faceup]


def _do_advertise(g: Microbrew, p: int, text: str) -> None:
    _, rid, cid = text.split()
    bottle = next(b for b in ready_beers(g, p, clean=True) if b["recipe"] == rid)
    g.bottles[p].remove(bottle)
    g.hand[p].append(rid)
    g.thirsty.remove(cid)
    g.emit("advertise", p, recipe=rid, customer=cid)
    win_customer(g, p, cid, "advertised")
    if g.phase == "work":
        work.job_done(g)


# --- Manage


def _legal_manage(g: Microbrew, p: int) -> list[str]:
    return [f"manage {o}" for o in manage_options(g, p, placing=False)]


def _do_manage(g: Microbrew, p: int, text: str) -> None:
    option = text.split()[1]
    cost = manage_costs(g)[MANAGE.index(option)]
    g.cash[p] -= cost
    g.emit("manage", p, option=option, cost=cost)
    if option == "overtime":
        g.step = "overtime"
    elif option == "research":
        k = min(g.rules.research_draw, len(g.recipe_deck))
        g.research = [g.recipe_deck.pop() for _ in range(k)]
        g.emit("research_drawn", p, (p,), recipes=list(g.research))
        g.step = "research"
    elif option == "upgrade":
        g.upgraded[p] = True
        work.job_done(g)
    else:
        g.brewers[p] += 1
        g.ready[p] += 1
        work.job_done(g)


def _legal_overtime(g: Microbrew, p: int) -> list[str]:
    here = ("manage", g.ctx["space"])
    return [
        f"overtime {job}.{k + 1}"
        for job, spaces in g.spaces.items()
        for k, q in enumerate(spaces)
        if q == p and (job, k) != here
    ]


def _do_overtime(g: Microbrew, p: int, text: str) -> None:
    job, _, k = text.split()[1].partition(".")
    g.spaces[job][int(k) - 1] = None
    g.ready[p] += 1
    g.emit("overtime", p, job=job, space=int(k))
    work.job_done(g)


def _legal_research(g: Microbrew, p: int) -> list[str]:
    drawn = g.research
    if len(drawn) == 1:
        return [f"research keep {drawn[0]}"]
    return [f"research table {a} keep {b}" for a in drawn for b in drawn if a != b]


def _do_research(g: Microbrew, p: int, text: str) -> None:
    words = text.split()
    keep = words[-1]
    put = words[2] if len(words) == 5 else None
    rest = [r for r in g.research if r not in (keep, put)]
    g.research = []
    g.hand[p].append(keep)
    g.secret[p].append(keep)
    g.emit("research_kept", p, (p,), recipe=keep)
    if put:
        g.table.append(put)
        g.emit("recipe_revealed", None, recipe=put, source="research")
    for rid in rest:
        draws.shuffle_in(g, g.recipe_deck, rid)
    work.job_done(g)


STEPS = {
    "brew_select": (_legal_select, _do_select),
    "brew_swap": (_legal_swap, _do_swap),
    "bottle": (_legal_bottle, _do_bottle),
    "serve": (_legal_serve, _do_serve),
    "recall": (_legal_recall, _do_recall),
    "flush": (_legal_flush, _do_flush),
    "advertise": (_legal_advertise, _do_advertise),
    "manage": (_legal_manage, _do_manage),
    "overtime": (_legal_overtime, _do_overtime),
    "research": (_legal_research, _do_research),
}
