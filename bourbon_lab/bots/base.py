"""What a bot is: something that picks one of the legal actions from a player's view of the table.

Bots are registered per game (``"heuristic"`` is that game's default), each game's in its own folder
(``games/<game>/bots``); ``random``, ``search``, ``ismcts`` and ``learned`` exist for every game, playing
through the protocol alone (``generic.py``, ``ismcts.py``, ``learned.py``).

A bot class may do work once per run before any game starts (``learned`` finds or trains its model for the
run's ruleset): ``prepare_bots`` calls its ``before_games`` classmethod, so a run's workers inherit the
result instead of each doing it again.
"""

from __future__ import annotations

import difflib
import inspect

from ..core import DEFAULT_GAME, BourbonLabError, game_of, get_game
from ..core.bots import ANY_GAME, REGISTRIES, REGISTRY, Bot, register

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
    "register",
]


class UnknownBot(BourbonLabError, ValueError):
    """A bot name that is not registered."""


def bots_for(game: str = DEFAULT_GAME) -> dict[str, type[Bot]]:
    """Every bot that plays ``game``: its own, then the generic ones it does not replace."""
    from . import generic, ismcts, learned  # noqa: F401  (registers the bots every game has)

    if game != ANY_GAME:
        get_game(game).part("bots")  # the game's own bots register as its folder's ``bots`` is imported
    return {**REGISTRIES[ANY_GAME], **REGISTRIES.get(game, {})}


def bot_names(game: str = DEFAULT_GAME) -> list[str]:
    """Every bot name ``game`` can use."""
    return sorted(bots_for(game))


def registry_key() -> tuple:
    """What a worker process must know of the registries (a new bot means new workers).

    And of the learned models: where they are saved, and which this process holds (a model trained since
    the workers started means new workers, which inherit it, so none of them trains it again).
    """
    from . import models

    bots = tuple(sorted((g, name, id(cls)) for g, bots in REGISTRIES.items() for name, cls in bots.items()))
    return bots, str(models.folder()), models.remembered_keys()


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"search:budget=64"`` -> ("search", {"budget": "64"}); ``"ismcts:200"`` -> ("ismcts", {"": "200"}).

    Values stay text here: ``bot_params`` reads them by the bot's own signature.
    """
    if not isinstance(spec, str):
        raise UnknownBot(f"bots: a bot is named by text like 'heuristic' or 'search:budget=16', got {spec!r}")
    name, _, rest = spec.partition(":")
    params = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq:  # a bare value is the bot's first parameter, its budget ("ismcts:200")
            key, value = "", key
        params[key.strip()] = value.strip()
    return name.strip(), params


def bot_params(spec: str, game: str = DEFAULT_GAME) -> tuple[str, dict[str, object]]:
    """The bot's name and its parameters, typed as its ``__init__`` declares them (whole numbers, or text).

    Raises ``UnknownBot`` naming the bot (with a hint) or the parameter, before any game starts.
    """
    name, raw = parse_spec(spec)
    known = bots_for(game)
    names = sorted(known)
    if name not in names:
        close = difflib.get_close_matches(name, names, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownBot(f"bots: unknown bot {name!r} for {game}{hint}; known bots: {', '.join(names)}")
    signature = inspect.signature(known[name].__init__).parameters
    accepted = [p for p in signature if p not in ("self", "seed")]
    params: dict[str, object] = {}
    for key, value in raw.items():
        if key == "":
            if not accepted:
                raise UnknownBot(f"bots: {spec!r}: {name} takes no parameters")
            key = accepted[0]
        if key not in accepted:
            close = difflib.get_close_matches(key, accepted, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            takes = ", ".join(accepted) or "no parameters"
            raise UnknownBot(f"bots: {spec!r}: unknown parameter {key!r}{hint}; {name} takes {takes}")
        if isinstance(signature[key].default, str):
            params[key] = value
            continue
        try:
            params[key] = int(value)
        except ValueError:
            raise UnknownBot(f"bots: {spec!r}: parameter {key!r} needs a whole number, got {value!r}") from None
    return name, params


def check_bot(spec: str, game: str = DEFAULT_GAME) -> None:
    """Raise ``UnknownBot`` naming the bot (with a hint), a parameter, or a value the bot refuses."""
    name, params = bot_params(spec, game)
    try:
        bots_for(game)[name](seed=0, **params)
    except ValueError as exc:
        raise UnknownBot(f"bots: {spec!r}: {exc}") from None


def make_bot(spec: str, seed: int = 0, game: str = DEFAULT_GAME) -> Bot:
    """A bot for ``game`` from its name, with optional parameters: ``"random"``, ``"search:budget=64"``."""
    get_game(game)  # an unknown game is named as such, not as an unknown bot
    name, params = bot_params(spec, game)
    try:
        return bots_for(game)[name](seed=seed, **params)
    except UnknownBot:
        raise
    except ValueError as exc:
        raise UnknownBot(f"bots: {spec!r}: {exc}") from None


def prepare_bots(
    rules, players: int, bots, *, workers: int | None = None, executor=None, progress: bool | None = None
) -> None:
    """Each bot's once-a-run work, here and now, before a run's games start (and its workers fork).

    ``bots``: one spec or a list (as ``simulate`` takes them). A bot class with a ``before_games`` classmethod
    gets the rules, the table size and its parameters: ``learned`` finds or trains its model for these rules,
    so every worker finds it instead of training it again. ``workers``, ``executor`` and ``progress`` are the
    run's own (training spreads its games the same way and shows its own bar). The rest do nothing.
    """
    game = game_of(rules)
    for spec in dict.fromkeys([bots] if isinstance(bots, str) else bots):
        name, params = bot_params(spec, game)
        hook = getattr(bots_for(game)[name], "before_games", None)
        if hook is not None:
            hook(rules, players, params, workers=workers, executor=executor, progress=progress)
