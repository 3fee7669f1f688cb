"""What ``bourbon-lab replay`` prints: a game's own report, else its events one a line, then the score rows.

A game declares its report in its scenario part (``report(spec, game, seed, start)`` in its
``scenario_checks.py``, built from the core and its own state: Bourbonomics tells its game turn by turn in
plain sentences); a game without one is told by ``event_lines``, each event as the game's own sentence
(its ``narrate`` hook) if it has one, else as its kind and data.
"""

from __future__ import annotations

from typing import Any

from ..core import DEFAULT_GAME, game_of, get_game
from .checks import part_of, scenario_part


def replay_text(spec: Any, game: Any, seed: int, start: int = 0) -> str:
    """The whole game as text from event ``start`` on: the game's own report, else ``event_lines``."""
    own = part_of(spec.game).report
    return own(spec, game, seed, start) if own is not None else event_lines(game, seed, start)


def event_lines(game, seed: int, start: int = 0) -> str:
    """A playthrough as its events, one a line, then the score rows.

    Each event reads as the game's own sentence (its ``narrate`` hook) if it has one, else as its kind and
    data; an event some seats may not see says who may.
    """
    name = game_of(game.rules)
    lines = [f"{name}, {len(game.score_rows())} players, seed {seed}"]
    narrate = get_game(name).narrate
    for e in game.log[start:]:
        seen = game.visible_to(e)
        only = "" if seen is None else f"  (seen by {', '.join(map(str, seen)) or 'nobody'})"
        said = narrate(e, None) if narrate is not None else None
        who = "" if e.player is None else f" player {e.player}"
        data = ", ".join(f"{k} {v}" for k, v in e.data.items())
        text = f" {said}" if said else f"{who} {e.kind} {data}"
        lines.append(f"  round {e.round} {e.phase}:{text}{only}".rstrip())
    for r in game.score_rows():
        parts = ", ".join(f"{k} {v}" for k, v in r.parts.items())
        lines.append(f"player {r.player}: {r.score} ({parts}), rank {r.rank}{' WON' if r.won else ''}")
    return "\n".join(lines) + "\n"


_OLD_NAMES = {"PHRASES": "PHRASES", "ordinal": "ordinal", "header": "header", "game_report": "report"}
"""Names this module held when it was the default game's report; they now live in that game's scenario part."""


def __getattr__(name: str) -> Any:
    if name in _OLD_NAMES:
        return getattr(scenario_part(DEFAULT_GAME), _OLD_NAMES[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
