"""Rickhouse Nim (tests/fifthgame) registered for one test module and forgotten after, the same way everywhere.

Forgetting drops its modules too: a later registration imports it afresh, so the game and its bots register
again in whichever module of the same xdist worker asks next (a module left imported would register nothing).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from bourbon_lab.core import register_lazy, unregister_game
from bourbon_lab.core.bots import REGISTRIES

FIFTH = "rickhouse_nim"


def forget() -> None:
    unregister_game(FIFTH)
    REGISTRIES.pop(FIFTH, None)
    for name in [m for m in sys.modules if m == "fifthgame" or m.startswith("fifthgame.")]:
        del sys.modules[name]


@contextmanager
def fifth_game() -> Iterator[str]:
    """The game registered inside the block (its one line, as a built-in game's in games/__init__.py)."""
    forget()
    register_lazy(FIFTH, "fifthgame")
    try:
        yield FIFTH
    finally:
        forget()
