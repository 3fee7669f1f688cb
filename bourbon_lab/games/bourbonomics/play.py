"""The Play turn: stage, make bourbon, sell, complete orders, upgrade, Quality Sort, end turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .content import DemandCard
    from .game import Game
    from .state import PlayerState

from . import departments, market
from .actions import Action, interned, interned_row
from .collect import draw_resource, warehouse_room
from .content import GRAINS, QUALITIES, RESOURCES
from .departments import number
from .state import Barrel, ResourceCard, base_id

AGE_BANDS = ("younger", "prime", "older")


# --- barrels and recipes


def bill_of(g: Game, barrel: Barrel):
    bills = g.rules.bills_by_id
    return bills.get(barrel.bill) or bills[base_id(barrel.bill)]


def wild_slots(g: Game, p: PlayerState) -> int:
    return g.rules.house_blend_slots if p.has("house_blend") else 0


BOURBON_RULE = (
    "What makes it bourbon: every recipe needs exactly 1 cask, at least 1 corn, "
    "and at least 1 grain (rye, wheat, or barley)"
)
"""The rulebook's sentence, quoted by every refusal it causes."""

_SLOT_OPEN, _NO_SLOT, _NOT_BOURBON = 0, 1, 2


def accepts(g: Game, p: PlayerState, barrel: Barrel, kind: str) -> bool:
    """Whether a resting barrel has an open slot for ``kind`` (House Blend: a slot for anything)."""
    return _slot_for(g, p, barrel, kind) == _SLOT_OPEN


def _slot_for(g: Game, p: PlayerState, barrel: Barrel, kind: str) -> int:
    """Whether ``kind`` fits: an open slot, none, or a slot whose filling leaves no way to bourbon.

    Every stage is judged on the whole barrel it leaves, not on the slot it fills, so the
    answer never depends on the order the cards were staged in.
    """
    bill = bill_of(g, barrel)
    if len(barrel.staged) + len(barrel.wild) >= bill.size:
        return _NO_SLOT
    need = bill.counts.get(kind, 0)
    if not need or sum(1 for c in barrel.staged if c.kind == kind) >= need:
        if len(barrel.wild) >= wild_slots(g, p) or kind == "cask":
            return _NO_SLOT
    elif not barrel.wild:
        return _SLOT_OPEN  # every card on its own recipe slot: the recipe itself is bourbon
    return _SLOT_OPEN if _still_bourbon(bill.size, [c.kind for c in barrel.cards] + [kind]) else _NOT_BOURBON


def _still_bourbon(size: int, kinds: list[str]) -> bool:
    """Whether the open slots can still supply 1 cask, some corn and some grain (each own slot takes its kind)."""
    missing = ("cask" not in kinds) + ("corn" not in kinds) + (not any(k in GRAINS for k in kinds))
    return kinds.count("cask") <= 1 and missing <= size - len(kinds)


def bourbon_problem(kinds: list[str]) -> str | None:
    """What a finished barrel of these card types lacks to be bourbon; None when it is bourbon."""
    casks = kinds.count("cask")
    if casks != 1:
        return f"it has {casks} casks"
    if "corn" not in kinds:
        return "it has no corn"
    if not any(k in GRAINS for k in kinds):
        return "it has no rye, wheat or barley"
    return None


def is_fully_staged(g: Game, barrel: Barrel) -> bool:
    return len(barrel.staged) + len(barrel.wild) == bill_of(g, barrel).size


def age_band(bill, age: int) -> int:
    lo, hi = bill.prime
    return 0 if age < lo else (1 if age <= hi else 2)


def age_value(g: Game, barrel: Barrel) -> int:
    bill = bill_of(g, barrel)
    return g.rules.age_values[barrel.quality][age_band(bill, barrel.age)]


def fills(card: DemandCard, tagset: frozenset[str], barrel: Barrel) -> bool:
    """Whether a barrel whose bill carries ``tagset`` can fill a slot of that card (the hot path's test)."""
    return card.tagset <= tagset and barrel.age >= card.min_age and barrel.quality >= card.min_quality_index


def meets(g: Game, barrel: Barrel, card_id: str) -> str | None:
    """Why this barrel cannot fill a slot of that card; None when it can."""
    cards = g.rules.cards_by_id
    card = cards.get(card_id) or cards[base_id(card_id)]
    bill = bill_of(g, barrel)
    if fills(card, bill.tagset, barrel):
        return None
    if not card.tagset <= bill.tagset:
        missing = [t for t in card.tags if t not in bill.tagset]
        return f"{card_id} needs the tag(s) {', '.join(missing)}; {barrel.id} carries {', '.join(bill.tags)}"
    if barrel.age < card.min_age:
        return f"{card_id} needs age {card.min_age}+; {barrel.id} is {barrel.age}"
    return f"{card_id} needs {card.min_quality}+; {barrel.id} is {QUALITIES[barrel.quality]}"


# --- finding cards


def _find_card(p: PlayerState, card_id: str) -> tuple[ResourceCard | None, Barrel | None]:
    for c in p.warehouse:
        if c.id == card_id:
            return c, None
    for b in p.barrels:
        if not b.built:
            for c in b.cards:
                if c.id == card_id:
                    return c, b
    return None, None


def _representatives(cards: list[ResourceCard]) -> list[ResourceCard]:
    """One card per (type, quality): identical cards are interchangeable choices."""
    seen: dict[str, int] = {}  # card type -> the qualities already listed, as bits
    out: list[ResourceCard] = []
    for c in cards:
        listed = seen.get(c.kind, 0)
        bit = 1 << c.quality
        if not listed & bit:
            seen[c.kind] = listed | bit
            out.append(c)
    return out


# --- candidates and checks


def legal(g: Game, p: PlayerState) -> list[Action]:
    """The legal Play actions, built directly (the hot path of every simulation).

    Staging, making and selling are generated only where they pass their rule; the rarer
    kinds go through ``check``. ``tests/test_api.py`` holds this equal to ``check`` both ways.
    """
    resting = [b for b in p.barrels if not b.built]
    out = _legal_stages(g, p, resting)
    if p.has("long_cellar"):
        out.extend(_long_cellar_moves(g, p, resting))
    out.extend(
        interned("make", b.id)
        for b in resting
        if is_fully_staged(g, b) and bourbon_problem([c.kind for c in b.cards]) is None
    )
    trade = g._sales_and_upgrades
    if trade is None:
        trade = _legal_sales(g, p)
        if p.capital >= departments.price(g, p):
            trade.extend(a for a in departments.candidates(g, p) if departments.check(g, p, a) is None)
        g._sales_and_upgrades = trade
    out.extend(trade)
    if p.has("quality_sort"):
        out.extend(a for a in (Action.of("sort", pile) for pile in RESOURCES) if _check_sort(g, p, a) is None)
    out.append(Action.of("end_turn"))
    return out


def _legal_stages(g: Game, p: PlayerState, resting: list[Barrel]) -> list[Action]:
    """Each warehouse card (one per type and quality) onto each resting barrel with a slot for it."""
    out: list[Action] = []
    open_to: dict[str, list[Barrel]] = {}  # card type -> resting barrels with a slot for it
    for c in _representatives(p.warehouse):
        barrels = open_to.get(c.kind)
        if barrels is None:
            barrels = open_to[c.kind] = [b for b in resting if accepts(g, p, b, c.kind)]
        if barrels:
            row = interned_row("stage", c.id)
            for b in barrels:
                action = row.get(b.id)
                out.append(action if action is not None else interned("stage", c.id, b.id))
    return out


def _long_cellar_moves(g: Game, p: PlayerState, resting: list[Barrel]) -> list[Action]:
    """Staged cards (one per type and quality on each barrel) onto another barrel with a slot, or back."""
    out: list[Action] = []
    room = warehouse_room(g, p) > 0
    for src in resting:
        for c in _representatives(src.cards):
            out.extend(interned("stage", c.id, b.id) for b in resting if b is not src and accepts(g, p, b, c.kind))
            if room:
                out.append(interned("unstage", c.id))
    return out


def _legal_sales(g: Game, p: PlayerState) -> list[Action]:
    targets = [c for c in g.table if c.open_slots > 0]
    if p.private and p.private.open_slots > 0:
        targets.append(p.private)
    if not targets:
        return []
    cards = g.rules.cards_by_id
    wanted = [(order, cards.get(order.id) or cards[base_id(order.id)]) for order in targets]
    limit = g.rules.barrel_sales_per_round
    out = []
    for b in p.barrels:
        if not b.built or b.sales_left <= 0 or b.age < g.rules.min_sell_age:
            continue
        if limit is not None and b.sold_round == g.round and b.sold_count >= limit:
            continue
        tags = bill_of(g, b).tagset
        for order, card in wanted:
            if fills(card, tags, b):
                out.append(interned("sell", b.id, "private" if order is p.private else order.id))
    return out


def check(g: Game, p: PlayerState, a: Action) -> str | None:
    return _CHECKS[a.verb](g, p, a)


def _check_stage(g: Game, p: PlayerState, a: Action) -> str | None:
    card_id, barrel_id = a.args
    card, source = _find_card(p, card_id)
    if card is None:
        owners = [f"P{q.seat}'s" for q in g.players if q is not p and _find_card(q, card_id)[0] is not None]
        return f"{card_id} is not in your warehouse" + (f" (it is {owners[0]})" if owners else "")
    if source is not None:
        if not p.has("long_cellar"):
            return f"{card_id} is staged on {source.id}: staged cards lock to their barrel (Long Cellar frees them)"
        if source.id == barrel_id:
            return f"{card_id} is already staged on {barrel_id}"
    barrel = p.barrel(barrel_id)
    if barrel is None:
        return f"{barrel_id} is not a barrel in your rickhouse"
    if barrel.built:
        return f"{barrel_id} is already built; stage onto a resting barrel"
    fit = _slot_for(g, p, barrel, card.kind)
    if fit == _NO_SLOT:
        return f"{barrel_id}'s recipe ({bill_of(g, barrel).id}) has no open {card.kind} slot"
    if fit == _NOT_BOURBON:
        kinds = ", ".join(c.kind for c in [*barrel.cards, card])
        return f"{barrel_id} ({kinds}) could no longer be finished as bourbon: {BOURBON_RULE}"
    return None


def _check_unstage(g: Game, p: PlayerState, a: Action) -> str | None:
    if not p.has("long_cellar"):
        return "staged cards lock to their barrel (only Long Cellar moves them back)"
    card, source = _find_card(p, a.args[0])
    if card is None or source is None:
        return f"{a.args[0]} is not staged on one of your resting barrels"
    if warehouse_room(g, p) <= 0:
        return f"your warehouse is full ({number(g.rules, p, 'warehouse')})"
    return None


def _check_make(g: Game, p: PlayerState, a: Action) -> str | None:
    barrel = p.barrel(a.args[0])
    if barrel is None:
        return f"{a.args[0]} is not a barrel in your rickhouse"
    if barrel.built:
        return f"{barrel.id} is already built"
    if not is_fully_staged(g, barrel):
        bill = bill_of(g, barrel)
        return f"{barrel.id}'s recipe {bill.id} needs {bill.size} cards staged, it has {len(barrel.cards)}"
    why = bourbon_problem([c.kind for c in barrel.cards])
    if why:
        return f"{barrel.id} is not bourbon ({why}): {BOURBON_RULE}"
    return None


def _check_sell(g: Game, p: PlayerState, a: Action) -> str | None:
    barrel_id, target = a.args
    barrel = p.barrel(barrel_id)
    if barrel is None:
        return f"{barrel_id} is not a barrel in your rickhouse"
    if not barrel.built:
        return f"{barrel_id} is a resting barrel: make bourbon before selling"
    if barrel.age < g.rules.min_sell_age:
        return f"a barrel below age {g.rules.min_sell_age} can't be sold yet ({barrel_id} is {barrel.age})"
    if barrel.sales_left <= 0:
        return f"{barrel_id} has no sales left"
    limit = g.rules.barrel_sales_per_round
    if limit is not None and barrel.sold_round == g.round and barrel.sold_count >= limit:
        return f"a barrel sells at most {limit} time(s) per round"
    order = _target(g, p, target)
    if order is None:
        if target == "private":
            return "you have no Private Demand Card"
        return f"{target} is not a demand card on the shared table"
    if order.open_slots <= 0:
        return f"{order.id} has no open slot"
    return meets(g, barrel, order.id)


def _target(g: Game, p: PlayerState, target: str):
    if target == "private":
        return p.private
    for c in g.table:
        if c.id == target:
            return c
    return None


def _check_sort(g: Game, p: PlayerState, a: Action) -> str | None:
    if not p.has("quality_sort"):
        return "a free draw needs the Quality Sort Ultimate"
    if p.sorts_used >= g.rules.quality_sort_draws:
        return "Quality Sort is once per round"
    if a.args[0] not in RESOURCES:
        return f"there is no {a.args[0]!r} pile; piles are {', '.join(RESOURCES)}"
    if warehouse_room(g, p) <= 0:
        return f"the free draw must fit your Warehouse cap ({number(g.rules, p, 'warehouse')})"
    return None


def _always(g: Game, p: PlayerState, a: Action) -> str | None:
    return None


_CHECKS = {
    "stage": _check_stage,
    "unstage": _check_unstage,
    "make": _check_make,
    "sell": _check_sell,
    "upgrade": departments.check,
    "sort": _check_sort,
    "end_turn": _always,
}


# --- effects


def apply(g: Game, p: PlayerState, a: Action) -> None:
    _APPLY[a.verb](g, p, a)


def _apply_stage(g: Game, p: Any, a: Action) -> None:
    card, source = _find_card(p, a.args[0])
    if source is None:
        p.warehouse.remove(card)
    else:
        _take_off(g, source, card)  # type: ignore[arg-type]
    barrel = p.barrel(a.args[1])
    own = sum(1 for c in barrel.staged if c.kind == card.kind)  # type: ignore
    slot = "own" if own < bill_of(g, barrel).counts.get(card.kind, 0) else "wild"  # type: ignore
    (barrel.staged if slot == "own" else barrel.wild).append(card)
    data = {"card": card.id, "barrel": barrel.id, "slot": slot}  # type: ignore
    if source is not None:
        data["moved_from"] = source.id
    g.emit("card_staged", p.seat, **data)


def _apply_unstage(g: Game, p: Any, a: Action) -> None:
    card, source = _find_card(p, a.args[0])
    _take_off(g, source, card)  # type: ignore[arg-type]
    p.warehouse.append(card)
    g.emit("card_unstaged", p.seat, card=card.id, barrel=source.id)  # type: ignore


def _take_off(g: Game, barrel: Barrel, card: ResourceCard) -> None:
    """Take a staged card off (Long Cellar); a same-type card on the House Blend slot moves onto its recipe slot.

    So the wild slot is free again for an off-recipe card, whichever of the two cards was moved.
    """
    if card not in barrel.staged:
        barrel.wild.remove(card)
        return
    barrel.staged.remove(card)
    for c in barrel.wild:
        if c.kind == card.kind:
            barrel.wild.remove(c)
            barrel.staged.append(c)
            return


def _apply_make(g: Game, p: Any, a: Action) -> None:
    barrel = p.barrel(a.args[0])
    bill = bill_of(g, barrel)
    barrel.built = True
    barrel.quality = max(c.quality for c in barrel.cards)
    barrel.age = g.rules.char_and_toast_start_age if p.has("char_and_toast") else 0
    barrel.sales_left = g.rules.sales_per_quality[barrel.quality] + bill.bonus_sales
    g.emit(
        "barrel_built",
        p.seat,
        barrel=barrel.id,
        quality=QUALITIES[barrel.quality],
        mash_bill=bill.id,
        age=barrel.age,
        sales=barrel.sales_left,
    )


def _apply_sell(g: Game, p: Any, a: Action) -> None:
    barrel = p.barrel(a.args[0])
    private = a.args[1] == "private"
    order = _target(g, p, a.args[1])
    table_size = len(g.table)
    zone = market.zone_index(g.rules, table_size)
    mult = g.rules.zone_multipliers[zone]
    value = age_value(g, barrel)
    capital = value * mult
    if g.house is not None:
        capital = int(
            g.house.quantity(
                g,
                "sale_value",
                capital,
                player=p.seat,
                barrel=barrel.id,
                zone=market.ZONES[zone],
                base_value=value,
                multiplier=mult,
            )
        )
    p.capital += capital
    order.filled.append(p.seat)
    barrel.sales_left -= 1
    barrel.sold_count = barrel.sold_count + 1 if barrel.sold_round == g.round else 1
    barrel.sold_round = g.round
    g.emit(
        "sale",
        p.seat,
        barrel=barrel.id,
        quality=QUALITIES[barrel.quality],
        age=barrel.age,
        band=AGE_BANDS[age_band(bill_of(g, barrel), barrel.age)],
        base_value=value,
        zone=market.ZONES[zone],
        multiplier=mult,
        capital=capital,
        table_size=table_size,
        card=order.id,
        private=private,
    )
    if barrel.sales_left == 0:
        _retire(g, p, barrel)
    if order.open_slots == 0:
        _complete(g, p, order, private, hot=(zone == 2))


def _retire(g: Game, p: PlayerState, barrel: Barrel) -> None:
    """A barrel only leaves the rickhouse after its last sale; its cards go to their discards."""
    p.barrels.remove(barrel)
    for c in barrel.cards:
        g.piles.discard(c)
    g.bills.discards.append(barrel.bill)
    g.emit("barrel_emptied", p.seat, barrel=barrel.id, mash_bill=barrel.bill)


def _complete(g: Game, p: PlayerState, order, private: bool, hot: bool) -> None:
    prestige = g.rules.cards_by_id[base_id(order.id)].prestige
    p.completed.append((order.id, prestige))
    if private:
        p.private = None
    else:
        g.table.remove(order)
    g.emit("order_completed", p.seat, card=order.id, prestige=prestige, private=private, orders=len(p.completed))
    if private:
        market.deal_private(g, p)
    elif hot:
        market.hot_reset(g, p.seat)
    ends = len(p.completed) >= g.rules.orders_to_end
    if g.house is not None:
        ends = bool(g.house.quantity(g, "game_ends", ends, player=p.seat, orders=len(p.completed)))
    if ends and not g.end_triggered:
        g.end_triggered = True
        g.emit("final_round", p.seat, orders=len(p.completed))


def _apply_sort(g: Game, p: PlayerState, a: Action) -> None:
    p.sorts_used += 1
    draw_resource(g, p, a.args[0], "quality_sort")


def _apply_upgrade(g: Game, p: PlayerState, a: Action) -> None:
    departments.apply(g, p, a)


def _apply_end_turn(g: Game, p: PlayerState, a: Action) -> None:
    blocked = warehouse_room(g, p) <= 0 and not any(
        accepts(g, p, b, c.kind) for b in p.barrels if not b.built for c in p.warehouse
    )
    if blocked:
        p.stalls += 1
        g.emit("stall", p.seat, warehouse=len(p.warehouse), barrels=len(p.barrels))
    g.emit("turn_end", p.seat)
    g.end_play_turn()


_APPLY = {
    "stage": _apply_stage,
    "unstage": _apply_unstage,
    "make": _apply_make,
    "sell": _apply_sell,
    "upgrade": _apply_upgrade,
    "sort": _apply_sort,
    "end_turn": _apply_end_turn,
}
