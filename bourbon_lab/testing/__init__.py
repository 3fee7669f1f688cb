"""Testing tools for the rules: the soak that plays random legal games and checks the book's invariants."""

from __future__ import annotations

from .harness import HarnessFailure, check_game
from .invariants import INVARIANTS, Step
from .soak import Break, SoakResult, recheck, soak

__all__ = ["INVARIANTS", "Break", "HarnessFailure", "SoakResult", "Step", "check_game", "recheck", "soak"]
