"""The Copper: a grid of malt and hop tokens, the Brew swap rules, and the blind fill.

A Copper is a flat list, slot ``c * rows + r`` for column ``c`` (0 = left) and row ``r``
(0 = bottom); the side tank is the columns after the basic ones. ``"."`` is an empty slot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .content import DARKNESS, EMPTY, HOP

STEPS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
DIRECTIONS: Final = ("up", "down", "left", "right")
"""``STEPS``' keys in order, as a tuple (what the legal-move loops walk)."""


def can_swap(token: str, other: str, direction: str, sideways: str) -> bool:
    """Whether the selected ``token`` may swap with its neighbour ``other`` in ``direction`` (the book's rules).

    A hop swaps with any token; a malt swaps up only with a darker malt or a hop, down only with
    a lighter malt or a hop; nothing swaps with an empty slot. Sideways is ours: another colour
    or a hop (``different``), or only a hop (``hop_only``).
    """
    if other == EMPTY or token == EMPTY:
        return False
    if token == HOP or other == HOP:
        return True
    if direction == "up":
        return DARKNESS[other] > DARKNESS[token]
    if direction == "down":
        return DARKNESS[other] < DARKNESS[token]
    return sideways == "different" and other != token


def neighbour(slot: int, direction: str, rows: int, columns: int) -> int | None:
    """The slot next to ``slot`` in ``direction`` among the first ``columns`` columns, or None at the edge."""
    c, r = slot // rows, slot % rows  # STEPS spelt out: no tuple or dict look-up in the legal-move loops
    if direction == "up":
        r += 1
    elif direction == "down":
        r -= 1
    elif direction == "left":
        c -= 1
    elif direction == "right":
        c += 1
    else:
        raise KeyError(direction)
    if 0 <= c < columns and 0 <= r < rows:
        return c * rows + r
    return None


def swaps_from(copper: list[str], slot: int, rows: int, columns: int, sideways: str) -> list[str]:
    """The directions the token in ``slot`` may swap now."""
    token = copper[slot]
    out = []
    for direction in DIRECTIONS:
        other = neighbour(slot, direction, rows, columns)
        if other is not None and can_swap(token, copper[other], direction, sideways):
            out.append(direction)
    return out


def movable(copper: list[str], rows: int, columns: int, sideways: str) -> list[int]:
    """Slots whose token has at least one legal swap (what a Brew may select)."""
    return [s for s in range(rows * columns) if copper[s] != EMPTY and _can_move(copper, s, rows, columns, sideways)]


def _can_move(copper: list[str], slot: int, rows: int, columns: int, sideways: str) -> bool:
    """Whether ``swaps_from`` would name any direction (stopping at the first)."""
    token = copper[slot]
    for direction in DIRECTIONS:
        other = neighbour(slot, direction, rows, columns)
        if other is not None and can_swap(token, copper[other], direction, sideways):
            return True
    return False


def swap(copper: list[str], slot: int, direction: str, rows: int, columns: int) -> int:
    """Swap the token in ``slot`` with its neighbour; returns the token's new slot."""
    other = neighbour(slot, direction, rows, columns)
    copper[slot], copper[other] = copper[other], copper[slot]  # type: ignore[index]
    return other  # type: ignore[return-value]


def fill(copper: list[str], rows: int, columns: int, draw: Callable[[], str | None]) -> list[str]:
    """Fill empty slots column by column from the left, bottom up (the book); returns the tokens drawn.

    ``draw`` gives the next blind token, or None when the tin is empty even after recycling.
    """
    drawn = []
    for slot in range(rows * columns):
        if copper[slot] == EMPTY:
            token = draw()
            if token is None:
                break
            copper[slot] = token
            drawn.append(token)
    return drawn


def column(copper: list[str], c: int, rows: int) -> list[str]:
    """The tokens of column ``c``, bottom up."""
    return copper[c * rows : (c + 1) * rows]


def slot_name(slot: int, rows: int) -> str:
    """``"2,3"``: column 2, row 3 (both from 1, rows from the bottom)."""
    c, r = divmod(slot, rows)
    return f"{c + 1},{r + 1}"


def parse_slot(text: str, rows: int) -> int:
    """The slot of a ``"2,3"`` name."""
    c, _, r = text.partition(",")
    return (int(c) - 1) * rows + int(r) - 1
