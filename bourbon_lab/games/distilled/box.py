"""Where each component of Distilled's box is now, for the box law (``data/box.yaml``, ``core/box.py``).

``locate`` names every place a component can be, the book's and ours: a traded-away card, a sold
spirit's stack, a spent wood barrel, a discarded upgrade and a starting item given at the truck are
"out of the game" (``out_of_game``, decisions file), so a card that vanishes any other way is lost.
Cards the engine numbers are found by their id; a pile kept as a number is ``counted``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.box import Counted, counted
from .content import BASIC_ITEMS, DATA
from .invariants import places
from .ruleset import TIERS

BOX_FILE = DATA / "box.yaml"
PILE, LABELS, CUBES, OUT = "basic market", "label supply", "cube supply", "out of the game"
PREMIUM = {"ingredients": "premium_ingredient", "items": "premium_item", "upgrades": "distillery_upgrade"}


def locate(g: Any) -> list[tuple[str, str, Any]]:
    """``(place, component, item)`` for every component on the table and out of the game."""
    out = _cards(g)
    out += [counted(PILE, name, g.basic_stock[name]) for name in BASIC_ITEMS]
    out += _flavours(g) + _labels(g) + _cubes(g) + _deals(g)
    return out


def box_context(g: Any) -> dict[str, Any]:
    """The table facts the counts read: the flight, the seats that took an identity, the cube split and stand-ins."""
    made = _stand_ins(g)
    ctx: dict[str, Any] = {"flight": g.rules.flight, "seated": sum(i is not None for i in g.identity)}
    ctx.update({f"{t}_cubes": g.rules.cube_supply[t] for t in TIERS})
    names = [*BASIC_ITEMS, *(f"{t}_cube" for t in TIERS), *(label(g, r) for r in g.content.recipes)]
    ctx.update({f"{name}_stand_ins": made[name] for name in names})
    return ctx


def label(g: Any, recipe: str) -> str:
    """A spirit label's component: one per recipe, the signature recipes' labels as one."""
    return "signature_label" if g.content.recipes[recipe].signature_of else f"{recipe}_label"


def _cards(g: Any) -> list[tuple[str, str, Any]]:
    starting = g.starting_items()
    out: list[tuple[str, str, Any]] = []
    for where, ids in [*places(g), (OUT, g.out_of_game)]:
        for cid in ids:
            card = g.card(cid)
            if card.row is not None:
                out.append((where, PREMIUM[card.row], cid))
            elif card.name in BASIC_ITEMS:
                out.append((where, f"starting_{card.name}" if cid in starting else card.name, cid))
    return out


def _flavours(g: Any) -> list[tuple[str, str, Any]]:
    out: list[tuple[str, str, Any]] = [counted("flavour deck", "flavour", len(g.flavour_deck))]
    out.append(counted("flavour discards", "flavour", len(g.flavour_discard)))
    out += [counted(f"spirit {sid}", "flavour", len(s["flavours"])) for sid, s in g.spirits.items()]
    return out


def _labels(g: Any) -> list[tuple[str, str, Any]]:
    """The supply, spirits, label spaces, a label in hand (a sale's label step), offices and out of the game."""
    out: list[tuple[str, str, Any]] = [counted(LABELS, label(g, r), k) for r, k in g.label_supply.items()]
    out += [(f"spirit {sid}", label(g, s["recipe"]), None) for sid, s in g.spirits.items() if s["labelled"]]
    for p in range(g.n):
        out += [(f"label spaces[{p}]", label(g, r), None) for r in g.spaces[p] if r is not None]
        if g.identity[p] is not None and not g.signature_done[p]:
            out.append((f"office[{p}]", "signature_label", None))
    if g.sub is not None and g.sub.get("step") == "label":
        out.append((f"label in hand[{g.sub['player']}]", label(g, g.sub["recipe"]), None))
    out += [(OUT, label(g, r), None) for r in g.labels_out_of_game]
    return out


def _cubes(g: Any) -> list[tuple[str, str, Any]]:
    out: list[tuple[str, str, Any]] = [counted(CUBES, f"{t}_cube", g.cube_supply[t]) for t in TIERS]
    for p in range(g.n):
        out += [(f"clipboard[{p}]", f"{g.content.recipes[r].tier}_cube", None) for r in g.known[p]]
    return out


def _deals(g: Any) -> list[tuple[str, str, Any]]:
    """Goals, identities and awards, each by its own id."""
    out: list[tuple[str, str, Any]] = [("goal deck", "goal", x) for x in g.goal_deck]
    out += [("identity deck", "identity", x) for x in g.identity_deck]
    out += [("awards", "award", x) for x in g.awards]
    for p in range(g.n):
        out += [(f"goals[{p}]", "goal", x) for x in g.goals[p]]
        out += [(f"discarded goals[{p}]", "goal", x) for x in g.discarded_goals[p]]
        chosen = g.identity[p]
        out += [(f"office[{p}]" if x == chosen else f"dealt[{p}]", "identity", x) for x in g.offered[p]]
    return out


def _stand_ins(g: Any) -> Counter[str]:
    """Under a variant that makes a supply unlimited, what stands in for it: each one found outside the supply.

    'Basic ingredients and alcohol cards are considered unlimited; use stand-ins if necessary' (book); such a
    supply is never taken from, so the box holds its own number plus the stand-ins.
    """
    made: Counter[str] = Counter()
    found: list[tuple[str, str, Any]] = []
    if g.rules.basic_items == "unlimited":
        found += [x for x in _cards(g) if x[1] in BASIC_ITEMS and x[0] != PILE]
    if g.rules.labels == "unlimited":
        found += [x for x in _labels(g) if x[0] != LABELS and x[1] != "signature_label"]
    if g.rules.cubes == "unlimited":
        found += [x for x in _cubes(g) if x[0] != CUBES]
    for _, component, item in found:
        made[component] += item.n if isinstance(item, Counted) else 1
    return made
