"""The five departments: the number each one gives a player, and upgrading them (Base → +1 → +1 → Ultimate)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .state import PlayerState

from .actions import Action
from .content import DEPARTMENTS, RESOURCES, ULTIMATES

_ULTIMATE_BONUS = {
    "rickhouse": ("mega_expansion", "mega_expansion_slots"),
    "supply": ("overflow_roll", "overflow_roll_dice"),
    "warehouse": ("grand_warehouse", "grand_warehouse_cap"),
    "mash_floor": ("master_recipe", "master_recipe_bills"),
}


def number(rules: Any, p: PlayerState, department: str) -> int:
    """Rickhouse slots, dice, Warehouse cap, bills per draw or demand cards drawn for player ``p``."""
    levels, ultimate, bonus = _table(rules)[p.distillery, department]
    value = levels[min(p.levels[department], len(levels) - 1)]
    if ultimate is not None and p.ultimates.get(department) == ultimate:
        value += bonus
    return max(value, 0)


def _table(rules) -> dict:
    """(distillery, department) -> (numbers by level with the distillery's change, bonus Ultimate, bonus)."""
    table = rules.derived.get("department_numbers")
    if table is None:
        table = {}
        for d in rules.distilleries:
            for dept in DEPARTMENTS:
                change = d.cap_change(dept)
                levels = tuple(v + change for v in rules.department_levels(dept))
                ultimate, field = _ULTIMATE_BONUS.get(dept, (None, None))
                table[d.id, dept] = (levels, ultimate, getattr(rules, field) if field else 0)
        rules.derived["department_numbers"] = table
    return table


def _level_count(rules: Any, p: PlayerState, department: str) -> int:
    return len(_table(rules)[p.distillery, department][0])


def at_ultimate_step(rules: Any, p: PlayerState, department: str) -> bool:
    return p.levels[department] == _level_count(rules, p, department) - 1


def is_maxed(rules: Any, p: PlayerState, department: str) -> bool:
    return p.levels[department] >= _level_count(rules, p, department)


def candidates(g: Game, p: PlayerState) -> list[Action]:
    """Every upgrade a player could name next, one per department (or per offered Ultimate)."""
    out = []
    offers = g.rules.distilleries_by_id[p.distillery]
    for dept in DEPARTMENTS:
        if is_maxed(g.rules, p, dept):
            continue
        if not at_ultimate_step(g.rules, p, dept):
            out.append(Action.of("upgrade", dept))
            continue
        for ult in offers.offers(dept):
            if ult == "prospector":
                out.extend(Action.of("upgrade", dept, ult, pile) for pile in RESOURCES)
            else:
                out.append(Action.of("upgrade", dept, ult))
    return out


def check(g: Game, p: PlayerState, action: Action) -> str | None:
    """Why this upgrade is not allowed now, in the rulebook's words; None when it is."""
    dept, rest = action.args[0], action.args[1:]
    if dept not in DEPARTMENTS:
        return f"there is no department {dept!r}; departments are {', '.join(DEPARTMENTS)}"
    if is_maxed(g.rules, p, dept):
        return f"your {dept} already has its Ultimate ({p.ultimates.get(dept)})"
    if not at_ultimate_step(g.rules, p, dept):
        if rest:
            return f"your {dept} is not yet at its Ultimate step (Base → +1 → +1 → Ultimate)"
    else:
        why = _check_ultimate(g, p, dept, rest)
        if why:
            return why
    cost = price(g, p)
    if p.capital < cost:
        return f"your upgrade no. {p.upgrades + 1} costs {cost} Capital and you have {p.capital}"
    return None


def _check_ultimate(g: Game, p: PlayerState, dept: str, rest: tuple[str, ...]) -> str | None:
    offered = g.rules.distilleries_by_id[p.distillery].offers(dept)
    if not rest:
        return f"name the Ultimate: your distillery offers {', '.join(offered) or 'none'} for {dept}"
    ult = rest[0]
    if ult not in ULTIMATES[dept]:
        return f"{ult!r} is not a {dept} Ultimate"
    if ult not in offered:
        return f"your distillery does not offer {ult} (it offers {', '.join(offered) or 'none'})"
    if ult == "prospector":
        if len(rest) < 2 or rest[1] not in RESOURCES:
            return f"Prospector names one pile: one of {', '.join(RESOURCES)}"
    elif len(rest) > 1:
        return f"{ult} takes no pile"
    return None


def price(g: Game, p: PlayerState) -> int:
    """The player's next upgrade's price (a house rule may change it: ``upgrade_cost``)."""
    cost = g.rules.upgrade_cost(p.upgrades + 1)
    if g.house is not None:
        cost = int(g.house.quantity(g, "upgrade_cost", cost, player=p.seat, nth=p.upgrades + 1))
    return cost


def apply(g: Game, p: PlayerState, action: Action) -> None:
    dept, rest = action.args[0], action.args[1:]
    cost = price(g, p)
    p.capital -= cost
    p.upgrades += 1
    p.levels[dept] += 1
    data = {"department": dept, "level": p.levels[dept], "cost": cost}
    if rest:
        p.ultimates[dept] = rest[0]
        data["ultimate"] = rest[0]
        if rest[0] == "prospector":
            p.prospector_pile = rest[1]
            data["pile"] = rest[1]
    g.emit("upgrade", p.seat, **data)
    if rest and rest[0] == "private_demand_card":
        g.deal_private_card(p)
