"""Rickhouse Nim's hook points for house rules (``core/house.py``): two events, no quantity, two effects."""

from bourbon_lab.core.house import NOTE, Effect, HookCatalogue, declare


def add_barrels(g, rule: str, player, amount: int) -> None:
    """Barrels into the rickhouse (a negative amount rolls them out, never the last one: only a turn wins)."""
    amount = max(int(amount), 1 - g.left)
    if amount:
        g.left += amount
        g.emit("barrels", player, amount=amount, rule=rule, unit="barrels")


CATALOGUE = declare(
    HookCatalogue(
        game="rickhouse_nim",
        events={"rolled_out": "In turn each distiller rolls out 1 to `most` barrels.",
                "game_end": "Whoever rolls out the last barrel wins."},
        quantities={},
        effects={"add_barrels": Effect(add_barrels, "player, amount", "a rickhouse holds barrels"), "note": NOTE},
    )
)  # fmt: skip
