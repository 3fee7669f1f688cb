"""Where each component of Microbrew's box is now: the ``locate`` and ``box_context`` behind the box law.

The box itself is ``data/box.yaml``; ``core/box.py`` checks after every action that each component is
found exactly as many times as the box holds it. Cards are found by their own ids (a second copy's ends in
``b``), tokens and brewers by number in each place.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.box import counted, evaluate, load_box
from .content import TOKENS
from .ruleset import DATA

BOX_FILE = DATA / "box.yaml"
"""Beside the ruleset's data (``ruleset.py`` is never compiled: a compiled module's file sits in the build)."""
TOKEN_NAMES = dict(zip(TOKENS, ("light_malt", "medium_malt", "dark_malt", "hop")))
"""Each token letter's component in the box file."""


def tokens(g: Any) -> Iterator[tuple[str, str, int]]:
    """``(place, token letter, how many)`` for every malt and hop: tin, discards, Coppers, beers, setup's hops."""
    for i, k in enumerate(TOKENS):
        yield "tin", k, g.tin[i]
        yield "discards", k, g.discard[i]
    for p, grid in enumerate(g.copper):  # the Coppers, side tanks included
        for k in TOKENS:
            yield f"copper[{p}]", k, grid.count(k)
    for bottles in g.bottles:  # tokens still fermenting, and the contaminant areas
        for b in bottles:
            for pair in b["left"]:
                yield f"beer {b['recipe']}", pair[0], 1
            if b["contaminant"] is not None:
                yield f"contaminant area {b['recipe']}", b["contaminant"], 1
    if g.step == "hop" and isinstance(g.ctx, dict):  # setup: the hops not yet placed nor put in the tin
        yield "hops for the Coppers", "H", int(g.ctx.get("hops", 0))


def cards(g: Any) -> Iterator[tuple[str, str, str]]:
    """``(place, component, card id)`` for every customer, recipe and reputation card."""
    for place, component, ids in (
        ("customer deck", "customer", g.customer_deck),
        ("set aside unseen", "customer", g.customer_unseen),
        ("thirsty customers", "customer", g.thirsty),
        ("recipe deck", "recipe", g.recipe_deck),
        ("set aside unseen", "recipe", g.recipe_unseen),
        ("revealed recipes", "recipe", g.table),
        ("drawn by Research", "recipe", g.research),
        ("shared reputations", "reputation", g.public_reps),
        ("set aside unseen", "reputation", g.aside_reps),
    ):
        for cid in ids:
            yield place, component, cid
    for p in range(g.n):
        for place, component, ids in (
            (f"loyal[{p}]", "customer", g.loyal[p]),
            (f"hand[{p}]", "recipe", g.hand[p]),
            (f"bottles[{p}]", "recipe", [b["recipe"] for b in g.bottles[p]]),
            (f"secret reputations[{p}]", "reputation", g.secret_reps[p]),
        ):
            for cid in ids:
                yield place, component, cid


def brewers(g: Any) -> Iterator[tuple[str, str, Any]]:
    """Brewers on spaces, ready, sitting out and not yet hired; upgrade tokens; the Brewmaster."""
    placed = [0] * g.n
    for job, spaces in g.spaces.items():
        for k, q in enumerate(spaces):
            if q is not None:
                placed[q] += 1
                yield f"{job}.{k + 1}", "brewer", None
    evicting = g.ctx.get("evicting") if isinstance(g.ctx, dict) else None
    for p in range(g.n):
        waiting = int(evicting == p)  # replaced at 3-4 players, waiting for a Break space to be chosen
        if waiting:
            yield f"replaced[{p}]", "brewer", None
        yield counted(f"ready area[{p}]", "brewer", g.ready[p])
        yield counted(f"sitting out[{p}]", "brewer", g.brewers[p] - g.ready[p] - placed[p] - waiting)
        yield counted("near the Manage space", "brewer", g.rules.brewers_max - g.brewers[p])
    upgrades = sum(map(bool, g.upgraded))
    yield counted("Coppers", "upgrade", upgrades)
    yield counted("near the Manage space", "upgrade", upgrade_tokens(g.n) - upgrades)
    yield f"{g.brewmaster} space", "brewmaster", None


_UPGRADES: dict[int, int] = {}


def upgrade_tokens(players: int) -> int:
    """The upgrade tokens the box holds at this player count (its file's number: the engine keeps only who took one)."""
    if players not in _UPGRADES:
        spec = next(c.count for c in load_box(BOX_FILE) if c.name == "upgrade")
        _UPGRADES[players] = evaluate(spec, None, {"players": players}, f"{BOX_FILE}: upgrade.count")
    return _UPGRADES[players]


def locate(g: Any) -> list[tuple[str, str, Any]]:
    """Every component on the table as ``(place, component, item)`` (``GameDef.locate``)."""
    out: list[tuple[str, str, Any]] = [counted(place, TOKEN_NAMES[k], n) for place, k, n in tokens(g) if n]
    out += cards(g)
    out += brewers(g)
    return out


def box_context(g: Any) -> dict[str, int]:
    """How many of each the box holds at this table: the ruleset's tin and decks, once per copy in play."""
    r, copies = g.rules, g.copies
    out = {name: r.tin[i] * copies for i, name in enumerate(TOKEN_NAMES.values())}
    out.update(customer=len(r.customers) * copies, recipe=len(r.recipes) * copies)
    out.update(reputation=len(r.reputations) * copies, copies=copies)
    return out
