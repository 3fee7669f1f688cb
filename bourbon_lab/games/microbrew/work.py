"""The Work phase: placing brewers (and replacing others'), passing, the free Brew and fermentation.

The active player places one ready brewer, the job resolves (some jobs ask more), then all beer
ferments and the next player with a ready brewer acts; a player with none passes, and a pass
ferments too (book). The phase ends when nobody has a ready brewer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import beer, ending, jobs
from .content import JOBS

if TYPE_CHECKING:
    from .state import Microbrew


def start_round(g: Microbrew) -> None:
    """A new Work phase: the first player starts and the loop guard resets."""
    g.phase, g.interrupt, g.ctx = "work", None, {}
    g.placements, g.free_brew_used = 0, False
    for flags in g.replaced.values():
        flags[:] = [False] * len(flags)
    rule = g.rules.round_starter
    g.active = g.first if rule == "first" else (g.first + g.round - 1) % g.n if rule == "rotate" else g.starter
    g.emit("round_start", None, first=g.active)
    if g.ready[g.active]:
        _turn(g, g.active)
    else:
        _next_turn(g)


def _turn(g: Microbrew, p: int) -> None:
    g.active, g.actor, g.step, g.interrupt, g.ctx = p, p, "place", None, {}


# --- placement


def refusal(g: Microbrew, p: int, job: str) -> str | None:
    """Why ``p`` may not send a brewer to ``job`` now, or None (the book's prerequisites and space rules)."""
    spaces = g.spaces[job]
    if not spaces:
        return "this job has no space at this player count"
    if p in spaces:
        return "If your brewer already occupies a location, you cannot send a brewer to that location."
    why = jobs.prerequisite(g, p, job)
    if why:
        return why
    if None in spaces:
        return None
    if not replaceable(g, p, job):
        if g.placements >= g.rules.placement_cap:
            return f"every space is taken and replacing stops after {g.rules.placement_cap} placements a round"
        return "every space is taken and no brewer there may be replaced"
    return None


def replaceable(g: Microbrew, p: int, job: str) -> list[int]:
    """Spaces of ``job`` whose brewer ``p`` may replace (an opponent's; the loop guard and variant allowing)."""
    if g.placements >= g.rules.placement_cap:
        return []
    once = g.rules.replacement == "once_per_space"
    flags = g.replaced[job]
    out = [k for k, q in enumerate(g.spaces[job]) if q is not None and q != p and not (once and flags[k])]
    if g.house is not None:
        out = list(g.house.quantity(g, "replaceable_spaces", out, player=p, job=job))
    return out


def _legal_place(g: Microbrew, p: int) -> list[str]:
    out = []
    for job in JOBS:
        if refusal(g, p, job) is None:
            spaces = g.spaces[job]
            if None in spaces:
                out.append(f"place {job}.{spaces.index(None) + 1}")
            else:
                out += [f"place {job}.{k + 1}" for k in replaceable(g, p, job)]
    return out or ["pass"]


def _do_place(g: Microbrew, p: int, text: str) -> None:
    if text == "pass":  # no job is open to a ready brewer: they sit out the round
        g.emit("pass", p, forced=True, brewers=g.ready[p])
        g.stats["passes"][p] += 1
        g.ready[p] = 0
        end_turn(g)
        return
    job, _, space = text.split()[1].partition(".")
    k = int(space) - 1
    other = g.spaces[job][k]
    g.placements += 1
    if g.placements >= g.rules.placement_cap and not g.cap_hit:
        g.cap_hit = True
        g.emit("placement_cap", None, placements=g.placements)
    g.ready[p] -= 1
    g.spaces[job][k] = p
    master = job == g.brewmaster
    g.emit("placement", p, job=job, space=k + 1, replaced=other, brewmaster=master)
    free = g.n == 2 and master and (g.rules.free_brew == "each_time" or not g.free_brew_used)
    if g.house is not None and g.n == 2 and master:
        free = bool(g.house.quantity(g, "free_brew", free, player=p, job=job))
    g.ctx = {"job": job, "space": k, "free": free}
    if other is not None:
        g.replaced[job][k] = True
        g.stats["replacements"] += 1
        if not _send_home(g, p, other, job, k):
            return  # the replacing player first picks whose brewer leaves a full Break
    jobs.start(g, p, job)


def _send_home(g: Microbrew, p: int, other: int, job: str, k: int) -> bool:
    """A replaced brewer goes home (2 players) or to a Break space for $1 (3-4); False while a choice waits."""
    if g.n == 2:
        g.ready[other] += 1
        g.emit("replaced", other, job=job, to="ready")
        return True
    breaks = g.spaces["break"]
    if None in breaks:
        _to_break(g, other, breaks.index(None))
        return True
    choices = [i for i in range(len(breaks)) if not (job == "break" and i == k)]
    if not choices:
        g.ready[other] += 1
        g.emit("replaced", other, job=job, to="ready")
        return True
    g.ctx["evicting"] = other
    g.step = "evict"
    return False


def _to_break(g: Microbrew, other: int, i: int) -> None:
    g.spaces["break"][i] = other
    g.cash[other] += g.rules.evicted_income
    g.emit("replaced", other, job="break", to="break")
    g.emit("income", other, amount=g.rules.evicted_income, source="replaced")


def _legal_evict(g: Microbrew, p: int) -> list[str]:
    job, k = g.ctx["job"], g.ctx["space"]
    return [f"evict break.{i + 1}" for i in range(len(g.spaces["break"])) if not (job == "break" and i == k)]


def _do_evict(g: Microbrew, p: int, text: str) -> None:
    i = int(text.split(".")[1]) - 1
    home = g.spaces["break"][i]
    g.ready[home] += 1
    g.emit("evicted", home, space=i + 1)
    _to_break(g, g.ctx.pop("evicting"), i)
    jobs.start(g, p, g.ctx["job"])


# --- after the job: the free Brew, fermentation, the next turn


def job_done(g: Microbrew) -> None:
    """The job has resolved: offer the free Brew if it is due, else ferment and pass the turn."""
    if g.ctx.get("free"):
        g.ctx["free"] = False
        g.free_brew_used = True
        g.step, g.actor, g.interrupt = "free_brew", 1 - g.active, "free_brew"
        return
    end_turn(g)


def _legal_free_brew(g: Microbrew, p: int) -> list[str]:
    return ["brew", "decline"]


def _do_free_brew(g: Microbrew, p: int, text: str) -> None:
    g.emit("free_brew", p, taken=text == "brew")
    if text == "brew":
        g.stats["free_brews"] += 1
        jobs.start_brew(g, p)
    else:
        end_turn(g)


def end_turn(g: Microbrew) -> None:
    """After a placement: all beer ferments and the next player acts."""
    if g.phase != "work":
        return  # the game ended during the job
    g.interrupt = None
    ferment(g)
    _next_turn(g)


def _next_turn(g: Microbrew) -> None:
    """The next player with a ready brewer acts; each one without passes, and all beer ferments."""
    while any(g.ready):
        q = (g.active + 1) % g.n
        g.active = q
        if g.ready[q]:
            _turn(g, q)
            return
        g.stats["passes"][q] += 1
        g.emit("pass", q, forced=False, brewers=0)
        ferment(g)
    ending.rest(g)


def ferment(g: Microbrew) -> None:
    """Every bottle loses one token: discarded if it matches its space or a contaminant is already there."""
    match = g.rules.ferment_match
    for p in range(g.n):
        for b in g.bottles[p]:
            left = b["left"]
            if not left:
                continue
            pair = left.pop(0)
            if b["contaminant"] is None and not beer.matches(pair, g.cards[b["recipe"]].colours, match):
                b["contaminant"] = pair[0]
            else:
                g.discard["LMDH".index(pair[0])] += 1
            if not left:
                g.emit("beer_ready", p, recipe=b["recipe"], contaminated=b["contaminant"] is not None)


STEPS = {
    "place": (_legal_place, _do_place),
    "evict": (_legal_evict, _do_evict),
    "free_brew": (_legal_free_brew, _do_free_brew),
}
