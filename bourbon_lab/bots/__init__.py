"""Bots that play through the same public step API a person uses, seeing only their player's view."""

from . import generic, heuristic, search, simple  # noqa: F401  (each module registers its bots)
from . import gin_crafters  # noqa: F401  (Gin Crafters' bots)
from . import distilled  # noqa: F401  (Distilled's bots)
from .base import ANY_GAME, REGISTRIES, REGISTRY, Bot, UnknownBot, bot_names, bots_for, make_bot

__all__ = ["ANY_GAME", "REGISTRIES", "REGISTRY", "Bot", "UnknownBot", "bot_names", "bots_for", "make_bot"]
