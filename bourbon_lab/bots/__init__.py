"""Bots that play through the same public step API a person uses, seeing only their player's view."""

# Each module registers its bots: the generic ones for every game, then each game's own.
from . import distilled, generic, gin_crafters, heuristic, microbrew, search, simple  # noqa: F401
from .base import ANY_GAME, REGISTRIES, REGISTRY, Bot, UnknownBot, bot_names, bots_for, make_bot

__all__ = ["ANY_GAME", "REGISTRIES", "REGISTRY", "Bot", "UnknownBot", "bot_names", "bots_for", "make_bot"]
