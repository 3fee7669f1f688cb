"""After the Play phase every built barrel ages +1 (Climate Controlled: one named barrel ages more)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game
    from .state import PlayerState

from .actions import Action


def start(g: Game) -> None:
    """Queue the Climate Controlled owners who have a barrel to name, in turn order."""
    g.phase = "ageing"
    g.step = "climate"
    g.climate_queue = [
        s for s in g.order if g.players[s].has("climate_controlled") and any(b.built for b in g.players[s].barrels)
    ]
    g.climate_choice = {}
    if not g.climate_queue:
        age_all(g)


def candidates(g: Game, p: PlayerState) -> list[Action]:
    return [Action.of("climate", b.id) for b in p.barrels if b.built]


def check(g: Game, p: PlayerState, a: Action) -> str | None:
    barrel = p.barrel(a.args[0])
    if barrel is None or not barrel.built:
        return f"{a.args[0]} is not a built barrel in your rickhouse"
    return None


def apply(g: Game, p: PlayerState, a: Action) -> None:
    g.climate_choice[p.seat] = a.args[0]
    g.climate_queue.pop(0)
    g.emit("climate_named", p.seat, barrel=a.args[0])
    if not g.climate_queue:
        age_all(g)


def age_all(g: Game) -> None:
    rules = g.rules
    for seat in g.order:
        p = g.players[seat]
        built = [b for b in p.barrels if b.built]
        for b in built:
            before = b.age
            b.age += 1 + (rules.climate_controlled_extra_age if g.climate_choice.get(seat) == b.id else 0)
            if p.has("double_maturation") and not b.matured and before < rules.double_maturation_age <= b.age:
                b.matured = True
                b.sales_left += rules.double_maturation_extra_sales
                g.emit("double_maturation", seat, barrel=b.id, age=b.age, sales_left=b.sales_left)
        if built:
            g.emit("aged", seat, barrels=[b.id for b in built], ages=[b.age for b in built])
        if p.has("warehouse_tasting") and len(built) >= rules.warehouse_tasting_min_barrels:
            p.capital += rules.warehouse_tasting_capital
            g.emit("warehouse_tasting", seat, capital=rules.warehouse_tasting_capital, barrels=len(built))
    g.climate_choice = {}
    if g.on_round_end is not None:
        g.on_round_end(g)
    g.start_round()
