"""Distillation in the book's order: the gin, one juniper and its bonus, one key botanical and its effect.

Each is one decision: ``distill G12`` (or ``distill G12 borrow herbal from 2``), then
``juniper J04``, then ``key B09``, then the key's effect (``effects.py``). A two-juniper gin
needs two junipers, spends one, and has no juniper bonus and no key (book). A borrowed botanical
counts as owned for this distillation only, is never a juniper and never the key; its owner is
paid the lend fee from the stock without a decision of theirs (book), unless ``lender = may_refuse``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import effects, turns

_NEEDS: dict[str, dict[str, int]] = {}
"""Each gin's recipe as type -> cards needed, built once per card."""


def _need(t: Any, gin_id: str) -> dict[str, int]:
    need = _NEEDS.get(gin_id)
    if need is None:
        need = _NEEDS[gin_id] = dict(Counter(t.content.gins[gin_id].recipe))
    return need


def _owned(t: Any, seat: int) -> tuple[dict[str, int], int]:
    """A player's botanicals by type, and their junipers."""
    types: dict[str, int] = {}
    junipers = 0
    bots = t.content.botanicals
    for card in t.players[seat]["area"]:
        b = bots.get(card)
        if b is None:
            junipers += 1
        else:
            types[b.type] = types.get(b.type, 0) + 1
    return types, junipers


def _lenders(t: Any, seat: int, kind: str) -> list[int]:
    bots = t.content.botanicals
    return [
        s
        for s in range(t.n)
        if s != seat and s not in t.refused and any(c in bots and bots[c].type == kind for c in t.players[s]["area"])
    ]


def _borrowable(t: Any, need: dict[str, int], have: dict[str, int], short: list[tuple[str, int]]) -> list[str]:
    """The types one borrowed card may supply so that the recipe is complete and a key of your own remains."""
    if not t.rules.max_borrow or len(short) > 1 or (short and short[0][1] > 1):
        return []
    if short:
        return [short[0][0]] if any(have.get(k, 0) for k in need) else []
    return sorted(need) if t.rules.borrow == "any_time" else []


def distills(t: Any) -> list[str]:
    """Every gin in hand that can be distilled now, alone or with one borrowed botanical."""
    seat = t.turn_owner
    have, junipers = _owned(t, seat)
    gins = t.content.gins
    out = []
    for gin_id in t.players[seat]["gins"]:
        if junipers < gins[gin_id].junipers:
            continue
        need = _need(t, gin_id)
        short = [(k, n - have.get(k, 0)) for k, n in need.items() if n > have.get(k, 0)]
        if not short:
            out.append(f"distill {gin_id}")
        if need:
            for kind in _borrowable(t, need, have, short):
                out.extend(f"distill {gin_id} borrow {kind} from {s}" for s in _lenders(t, seat, kind))
    return out


def declare(t: Any, words: list[str]) -> None:
    """Distillation step 1: "Select a gin card from your hand" (and name the botanical to borrow)."""
    borrow = words[3] if len(words) > 2 else None
    lender = int(words[5]) if borrow else None
    t.dist = {"gin": words[1], "borrow": borrow, "lender": lender, "juniper": None, "bonus": 0, "key": None}
    t.dist.update(effect=None, used=False)
    if borrow is not None and t.rules.lender == "may_refuse":
        t.emit("borrow_asked", t.turn_owner, gin=words[1], type=borrow, lender=lender)
        t.step = "lend"
        return
    _place_gin(t)


def _place_gin(t: Any) -> None:
    """Distillation step 2: the gin goes to the distilled area and scores its VP; a lender is paid."""
    seat, d = t.turn_owner, t.dist
    turns.begin_action(t, "distill")
    p = t.players[seat]
    p["gins"].remove(d["gin"])
    p["distilled"].append(d["gin"])
    gin = t.content.gins[d["gin"]]
    t.score(seat, dict(t.rules.gin_vp)[gin.shape], "gin")
    if d["borrow"] is not None:
        lender = d["lender"]
        p["borrowed"] += 1
        t.players[lender]["lent"] += 1
        t.emit("lend", lender, borrower=seat, type=d["borrow"], gin=d["gin"])
        t.gain(lender, t.rules.lend_fee, "lend", borrower=seat)
    t.step = "juniper"


def lends(t: Any) -> list[str]:
    """The asked lender's answers (``lender = may_refuse``)."""
    return ["lend", "refuse"]


def lend(t: Any, words: list[str]) -> None:
    """Under ``lender = may_refuse`` the asked player answers; a refusal costs the borrower nothing (ours)."""
    if words[0] == "lend":
        _place_gin(t)
        return
    t.refused.append(t.dist["lender"])
    t.emit("borrow_refused", t.dist["lender"], borrower=t.turn_owner, type=t.dist["borrow"], gin=t.dist["gin"])
    t.dist = None
    turns.advance(t)


def junipers(t: Any) -> list[str]:
    """The junipers in the distiller's own area."""
    return [f"juniper {c}" for c in t.players[t.turn_owner]["area"] if c in t.content.junipers]


def juniper(t: Any, words: list[str]) -> None:
    """Distillation step 3: one juniper to the distilled area; its bonus if the recipe holds its type."""
    seat, d, card = t.turn_owner, t.dist, words[1]
    p = t.players[seat]
    p["area"].remove(card)
    p["spent"].append(card)
    d["juniper"] = card
    gin = t.content.gins[d["gin"]]
    if not gin.recipe:  # the two-juniper gin: no bonus, no key (book)
        finish(t)
        return
    j = t.content.junipers[card]
    if j.bonus is not None and j.bonus in gin.recipe:
        d["bonus"] = t.rules.juniper_bonus_high if j.level == "high" else t.rules.juniper_bonus_low
        p["juniper_bonuses"] += 1
        t.score(seat, d["bonus"], "juniper")
    t.step = "key"


def keys(t: Any) -> list[str]:
    """Own botanicals of a type the recipe lists (a borrowed card is never the key)."""
    recipe = set(t.content.gins[t.dist["gin"]].recipe)
    bots = t.content.botanicals
    return [f"key {c}" for c in t.players[t.turn_owner]["area"] if c in bots and bots[c].type in recipe]


def key(t: Any, words: list[str]) -> None:
    """Distillation step 4: "select one key botanical from the ingredient botanical cards"."""
    t.dist["key"] = words[1]
    t.dist["effect"] = t.content.botanicals[words[1]].effect
    if effects.options(t):
        t.step = "effect"
    else:
        finish(t)


def finish(t: Any) -> None:
    """The key moves to the distilled area; the distillation is logged whole; the action ends."""
    seat, d = t.turn_owner, t.dist
    p = t.players[seat]
    if d["key"] is not None:
        p["area"].remove(d["key"])
        p["spent"].append(d["key"])
        p["keys"].append(d["key"])
    gin = t.content.gins[d["gin"]]
    t.emit(
        "distill",
        seat,
        gin=d["gin"],
        shape=gin.shape,
        vp=dict(t.rules.gin_vp)[gin.shape],
        juniper=d["juniper"],
        juniper_bonus=d["bonus"],
        key=d["key"],
        key_effect=d["effect"],
        effect_used=d["used"],
        borrowed=d["borrow"],
        lender=d["lender"],
    )
    t.dist = None
    turns.action_done(t)
