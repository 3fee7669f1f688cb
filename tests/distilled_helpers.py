"""Helpers for the Distilled tests: deal a table past the identity pick, edit a snapshot, drive phases."""

from __future__ import annotations

import bourbon_lab as bl
from bourbon_lab.core import restore


def rules(**changes):
    base = bl.default_rules("distilled")
    return base.replace(**changes) if changes else base


def fresh(players: int = 2, seed: int = 1, **changes):
    """A table at the first decision of round 1's Market (each player took their first identity)."""
    g = bl.new_game(rules(**changes), players=players, seed=seed)
    for p in list(g.decision.group):
        g.apply(g.legal_actions(p)[0], player=p)
    return g


def edit(g, change):
    """The same table after ``change(snapshot)`` edits its snapshot (a prepared table)."""
    snap = g.snapshot()
    change(snap)
    return restore(snap, "distilled")


def give(snap: dict, p: int, name: str, where: str = "pantry") -> int:
    """Put a new card ``name`` in seat ``p``'s ``where`` (pantry, storeroom, display, upgrades); its id."""
    snap["cards"].append(name)
    cid = len(snap["cards"]) - 1
    snap[where][p].append(cid)
    return cid


def clear(snap: dict, p: int) -> None:
    """Empty seat ``p``'s pantry and storeroom."""
    snap["pantry"][p] = []
    snap["storeroom"][p] = []


def pass_market(g):
    while g.step == "market":
        g.apply("pass")
    return g


def commit(g, loads: dict[int, list[str]]):
    """The Distill commit group: each seat loads ``["c12 sugar", ...]`` and distils; the others skip."""
    for p in list(g.decision.group):
        if p in loads:
            for load in loads[p]:
                g.apply(f"load {load}", player=p)
            g.apply("distill", player=p)
        else:
            g.apply("skip", player=p)
    return g


def first_legal(g, prefix: str = ""):
    for a in g.legal_actions():
        if a.startswith(prefix):
            return a
    raise AssertionError(f"no legal {prefix!r} in {g.legal_actions()}")


def water_revealed_fourth_upgrade(seed: int = 1):
    """A 3-player table whose actor, holding three upgrades and 30 money, has played 'basic water',
    revealed the upgrade deck and taken the card: the book's discard of a 4th upgrade comes next.

    Returns the game, the actor and the step after each of the three actions.
    """
    g = fresh(players=3, seed=seed)
    p = g.decision.actor

    def prep(s):
        for name in ("buyer", "silo", "cooperage"):
            give(s, p, name, "upgrades")
        s["money"][p] = 30

    g = edit(g, prep)
    steps = []
    for action in ("basic water", "reveal upgrades", "take revealed"):
        g.apply(action)
        steps.append(g.step)
    return g, p, steps
