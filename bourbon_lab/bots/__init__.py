"""Bots that play through the same public step API a person uses, seeing only their player's view."""

from . import heuristic, search, simple  # noqa: F401  (each module registers its bots)
from .base import REGISTRY, Bot, UnknownBot, bot_names, make_bot

__all__ = ["REGISTRY", "Bot", "UnknownBot", "bot_names", "make_bot"]
