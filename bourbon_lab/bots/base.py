"""What a bot is: something that picks one of the legal actions from a player's view of the table."""

from __future__ import annotations

import difflib
import inspect
import random
from typing import ClassVar

from ..rules import Action, BourbonLabError
from ..rules.observation import PlayerView


class UnknownBot(BourbonLabError, ValueError):
    """A bot name that is not registered."""


class Bot:
    """A policy for one seat. It sees only ``PlayerView`` (never hidden cards) and the legal actions."""

    name: ClassVar[str] = "bot"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


REGISTRY: dict[str, type[Bot]] = {}


def register(cls: type[Bot]) -> type[Bot]:
    """Class decorator: make a bot available by its ``name``."""
    REGISTRY[cls.name] = cls
    return cls


def bot_names() -> list[str]:
    """Every registered bot name."""
    from . import heuristic, search, simple  # noqa: F401  (registers the bots)

    return sorted(REGISTRY)


def parse_spec(spec: str) -> tuple[str, dict[str, int]]:
    """``"search:budget=64"`` -> ("search", {"budget": 64})."""
    if not isinstance(spec, str):
        raise UnknownBot(f"bots: a bot is named by text like 'heuristic' or 'search:budget=16', got {spec!r}")
    name, _, rest = spec.partition(":")
    params = {}
    for part in filter(None, rest.split(",")):
        key, _, value = part.partition("=")
        try:
            params[key.strip()] = int(value)
        except ValueError:
            raise UnknownBot(f"bots: {spec!r}: parameter {key.strip()!r} needs a whole number, got {value!r}") from None
    return name.strip(), params


def check_bot(spec: str) -> None:
    """Raise ``UnknownBot`` naming the bot (with a hint) before any game starts."""
    name, params = parse_spec(spec)
    names = bot_names()
    if name not in names:
        close = difflib.get_close_matches(name, names, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownBot(f"bots: unknown bot {name!r}{hint}; known bots: {', '.join(names)}")
    accepted = [p for p in inspect.signature(REGISTRY[name].__init__).parameters if p not in ("self", "seed")]
    for key in params:
        if key not in accepted:
            close = difflib.get_close_matches(key, accepted, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            takes = ", ".join(accepted) or "no parameters"
            raise UnknownBot(f"bots: {spec!r}: unknown parameter {key!r}{hint}; {name} takes {takes}")


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its name, with optional parameters: ``"random"``, ``"search:budget=64"``."""
    check_bot(spec)
    name, params = parse_spec(spec)
    return REGISTRY[name](seed=seed, **params)
