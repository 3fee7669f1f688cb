"""Where each component of Bourbonomics' box is now: the ``locate`` and ``box_context`` behind the box law.

The box is ``data/box.yaml``. The book's piles and decks "never run out": the engine prints fresh cards
when one would, so the box holds every card printed so far (``box_context``), and every one of them is found
in exactly one place (``core/box.py``). The soak's ``every_card_in_one_place`` reads the same places and
checks every id; ``locate``, checked after every action, counts the face-down piles, decks and discards by
number (their cards are alike whatever their ids, and a few hundred ids an action would slow the soak
sixfold) and names every card a player holds or the market shows by its id.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.box import counted
from .content import RESOURCES

BOX_FILE = Path(str(resources.files("bourbon_lab.games.bourbonomics") / "data" / "box.yaml"))
"""Found through the package, not ``__file__``: a compiled module's file sits in the build, without the data."""
_PILES = tuple((kind, f"{kind} pile", f"{kind} discard") for kind in RESOURCES)


def resource_cards(g: Any) -> Iterator[tuple[str, Any]]:
    """``(place, card)`` for every resource card: the piles, their discards, warehouses and barrels."""
    for kind, pile in g.piles.piles.items():
        for c in pile:
            yield f"{kind} pile", c
    for kind, pile in g.piles.discards.items():
        for c in pile:
            yield f"{kind} discard", c
    for p in g.players:
        for c in p.warehouse:
            yield f"warehouse[{p.seat}]", c
        for b in p.barrels:
            for c in b.cards:
                yield f"barrel {b.id}", c


def demand_cards(g: Any) -> Iterator[tuple[str, str]]:
    """``(place, card id)`` for every demand card: deck, discard, market, reveal, private and completed."""
    for place, ids in (("demand deck", g.demand.cards), ("demand discard", g.demand.discards)):
        for cid in ids:
            yield place, cid
    yield from held_demand_cards(g)


def held_demand_cards(g: Any) -> Iterator[tuple[str, str]]:
    """The demand cards face up: the market, the first player's reveal, private and completed cards."""
    for c in g.table:
        yield "market", c.id
    for cid in g.demand_reveal:
        yield "demand cards revealed", cid
    for p in g.players:
        if p.private:
            yield f"private[{p.seat}]", p.private.id
        for cid, _ in p.completed:
            yield f"completed[{p.seat}]", cid


def mash_bills(g: Any) -> Iterator[tuple[str, str]]:
    """``(place, bill id)`` for every mash bill: the supply, its discard, the revealed bills and the barrels."""
    for place, ids in (("mash-bill supply", g.bills.cards), ("mash-bill discard", g.bills.discards)):
        for bid in ids:
            yield place, bid
    yield from held_mash_bills(g)


def held_mash_bills(g: Any) -> Iterator[tuple[str, str]]:
    """The mash bills face up: the ones revealed to keep, and each barrel's in a rickhouse."""
    for bid in g.revealed_bills:
        yield "mash bills revealed", bid
    for p in g.players:
        for b in p.barrels:
            yield f"rickhouse[{p.seat}]", b.bill


def locate(g: Any) -> list[tuple[str, str, Any]]:
    """Every component on the table as ``(place, component, item)`` (``GameDef.locate``).

    With ``piles = iid`` a discarded resource card leaves the game unrecorded: what was printed and is not
    found is counted there, so only that no card is found unprinted or twice is checked.
    """
    piles = g.piles
    out: list[tuple[str, str, Any]] = []
    for p in g.players:
        place = f"warehouse[{p.seat}]"
        out += [(place, c.kind, c.id) for c in p.warehouse]
        for b in p.barrels:
            place = f"barrel {b.id}"
            out += [(place, c.kind, c.id) for c in b.staged]
            out += [(place, c.kind, c.id) for c in b.wild]
    if g.rules.piles == "iid":
        held = Counter(kind for _, kind, _ in out)
        out += [counted("out of the game", kind, piles.serial[kind] - held[kind]) for kind in RESOURCES]
    for kind, pile, discard in _PILES:
        out.append(counted(pile, kind, len(piles.piles[kind])))
        out.append(counted(discard, kind, len(piles.discards[kind])))
    out.append(counted("demand deck", "demand_card", len(g.demand.cards)))
    out.append(counted("demand discard", "demand_card", len(g.demand.discards)))
    out += [(place, "demand_card", cid) for place, cid in held_demand_cards(g)]
    out.append(counted("mash-bill supply", "mash_bill", len(g.bills.cards)))
    out.append(counted("mash-bill discard", "mash_bill", len(g.bills.discards)))
    out += [(place, "mash_bill", bid) for place, bid in held_mash_bills(g)]
    out += [(f"seat {p.seat}", "distillery", None) for p in g.players]
    return out


def box_context(g: Any) -> dict[str, int]:
    """How many of each were printed so far (the box's counts read these): each pile's cards, each deck's copies."""
    out = {f"{kind}_printed": g.piles.serial[kind] for kind in RESOURCES}
    out["demand_cards_printed"] = len(g.demand.printed) * g.demand.copies
    out["mash_bills_printed"] = len(g.bills.printed) * g.bills.copies
    return out
