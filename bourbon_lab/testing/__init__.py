"""Testing tools for the rules: the soak that plays random legal games and checks the book's invariants."""

from __future__ import annotations

from typing import Any

from .harness import HarnessFailure, check_game
from .soak import Break, SoakResult, recheck, soak

__all__ = ["INVARIANTS", "Break", "HarnessFailure", "SoakResult", "Step", "check_game", "recheck", "soak"]


def __getattr__(name: str) -> Any:
    """``INVARIANTS`` and ``Step`` belong to the default game's folder: read through the registry on first use."""
    if name in ("INVARIANTS", "Step"):
        from . import invariants

        return getattr(invariants, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
