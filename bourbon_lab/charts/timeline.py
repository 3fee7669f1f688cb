"""One game round by round: the events of a live game as a table, and the game's own timeline chart.

The timeline draws what one game's rounds hold (Bourbonomics: the shared table and its zone, each
player's score, crashes and resets), so it lives in that game's folder (``charts.py``, issue 42); this
module turns a live game into ``events`` rows and finds the chart of the game the ruleset belongs to.
"""

from __future__ import annotations

import altair as alt
import polars as pl

from ..core.registry import DEFAULT_GAME, game_of, get_game
from ..sim import tables


def game_events(game) -> pl.DataFrame:
    """The ``events`` rows of one live or finished game (players in seat order), as ``simulate`` makes them."""
    n = game.n
    _, _, columns = tables.game_rows(game, 0, list(range(n)), ["person"] * n)
    return pl.DataFrame(columns, schema=tables.schemas(game_of(game.rules))[2])


def game_timeline(events, game: int = 0, rules=None) -> alt.VConcatChart:
    """A single game by round, drawn by its game's own ``game_timeline`` (Bourbonomics: table, zone and scores).

    Parameters
    ----------
    events : polars.DataFrame or a live game
        The ``events`` table of a run, or one live game (its log is used; ``game`` is ignored).
    game : int
        Which game of the table to draw.
    rules : ruleset, optional
        The ruleset played; default: the live game's, else the default game's defaults. It says which
        game's chart draws the table.

    Returns
    -------
    altair.VConcatChart
    """
    if not isinstance(events, pl.DataFrame):
        rules = rules or events.rules
        events, game = game_events(events), 0
    name = game_of(rules) if rules is not None else DEFAULT_GAME
    draw = getattr(get_game(name).part("charts"), "game_timeline", None)
    if draw is None:
        raise ValueError(f"game_timeline: {name} has no round-by-round chart (its charts.py has no game_timeline)")
    return draw(events, game, rules)
