"""The laws a Distilled table keeps after every action, for the harness and the soak.

Book: a card is in one place at a time; the flavour deck is a fixed box ("draw 1 face-down flavor card"). Money
and SP move only through their events (``income``, ``points``), money never below 0, and a finished game played
every round of ``rounds``. What the box holds, pile by pile and deck by deck (the basic piles, the starting
items, the premium decks), is ``data/box.yaml``, checked by ``core.box`` through ``box.locate``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any


def places(g: Any) -> list[tuple[str, list[int]]]:
    """Every place a card id can be, named for the report."""
    out: list[tuple[str, list[int]]] = []
    for p in range(g.n):
        for where in ("pantry", "storeroom", "display", "upgrades"):
            out.append((f"{where}[{p}]", list(getattr(g, where)[p])))
    for row, deck in g.decks.items():
        out.append((f"deck {row}", list(deck)))
    for row, cards in g.rows.items():
        out.append((f"row {row}", [c for c in cards if c is not None]))
    out.append(("truck", list(g.truck)))
    for sid, s in g.spirits.items():
        out.append((f"spirit {sid}", s["cards"] + ([s["barrel"]] if s["barrel"] is not None else [])))
    for seat, slots in g.stills.items():
        out.append((f"washback[{seat}]", [c for ids in slots.values() for c in ids]))
    if g.claim is not None:
        out.append((f"claim[{g.claim['player']}]", list(g.claim["stack"])))
    if g.sub is not None and g.sub.get("step") == "revealed":
        out.append(("revealed", [g.sub["card"]]))
    return out


def broken(g: Any) -> list[str]:
    """Every law the table breaks now (empty when it keeps them all)."""
    out, _ = _cards(g)
    flavours = Counter(g.flavour_deck) + Counter(g.flavour_discard)
    flavours += Counter(f for s in g.spirits.values() for f in s["flavours"])
    if flavours != Counter(g.content.flavour_deck):
        out.append(f"flavour cards in play {sorted(flavours.elements())} differ from the box")
    out += [f"player {p} has {m} money" for p, m in enumerate(g.money) if m < 0]
    if g.phase == "over":
        out += _ledger(g)
        if g.round != g.rules.rounds:
            out.append(f"the game ended in round {g.round}, the ruleset plays {g.rules.rounds}")
    return out


def _cards(g: Any) -> tuple[list[str], Counter]:
    """A card is in one place at a time, and no premium card is held more often than the box prints it."""
    out: list[str] = []
    seen: dict[int, str] = {}
    for where, ids in places(g):
        for cid in ids:
            if not 0 <= cid < len(g.cards):
                out.append(f"{where} holds c{cid}, a card that was never made")
            elif cid in seen:
                out.append(f"c{cid} ({g.cards[cid]}) is in {seen[cid]} and in {where}")
            else:
                seen[cid] = where
    held = Counter(g.cards[c] for c in seen)
    box = Counter(name for deck in g.content.decks.values() for name in deck)
    out += [f"{held[n]} {n} cards in play, the box has {k}" for n, k in box.items() if held[n] > k]
    return out, held


def _ledger(g: Any) -> list[str]:
    """Money and every SP source equal the sum of their events (checked once, at the end: it reads the log)."""
    money: list[int] = [0] * g.n
    sp: list[Counter[str]] = [Counter() for _ in range(g.n)]
    for e in g.log:
        if e.kind == "income":
            money[e.player] += e.data["amount"]
        elif e.kind == "points":
            sp[e.player][e.data["source"]] += e.data["amount"]
    out = [
        f"player {p} has {g.money[p]} money, its income events sum to {m}"
        for p, m in enumerate(money)
        if m != g.money[p]
    ]
    for p in range(g.n):
        parts = {k: v for k, v in g.sp[p].items() if v}
        if parts != {k: v for k, v in sp[p].items() if v}:
            out.append(f"player {p}'s SP parts {parts} differ from their points events {dict(sp[p])}")
    return out
