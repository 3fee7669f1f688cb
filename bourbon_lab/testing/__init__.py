"""Tools for testing games: the conformance harness every registered game passes."""

from .harness import HarnessFailure, check_game

__all__ = ["HarnessFailure", "check_game"]
