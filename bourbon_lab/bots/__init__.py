"""Bots that play through the same public step API a person uses, seeing only their player's view."""

# The generic bots register here, learned too; each game's own from its folder (games/<game>/bots) on first use.
from . import generic, ismcts, learned  # noqa: F401
from .base import (
    ANY_GAME,
    REGISTRIES,
    REGISTRY,
    Bot,
    UnknownBot,
    bot_names,
    bots_for,
    make_bot,
    prepare_bots,
)

__all__ = [
    "ANY_GAME",
    "REGISTRIES",
    "REGISTRY",
    "Bot",
    "UnknownBot",
    "bot_names",
    "bots_for",
    "make_bot",
    "prepare_bots",
]
