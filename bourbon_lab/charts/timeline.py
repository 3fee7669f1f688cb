"""One game round by round: the events of a live game as a table, and the game's own timeline chart.

The timeline draws what one game's rounds hold (Bourbonomics: the shared table and its zone, each
player's score, crashes and resets), so it lives in that game's folder (``charts.py``, issue 42); this
module turns a live game into ``events`` rows and finds the chart of the game played: the run's, the live
game's, or the ruleset's.
"""

from __future__ import annotations

import altair as alt
import polars as pl

from ..core.chartinput import ChartInputError, described, is_run, table_of
from ..core.registry import DEFAULT_GAME, game_of, get_game
from ..sim import tables


def _is_live(game) -> bool:
    return hasattr(game, "log") and hasattr(game, "rules") and not isinstance(game, pl.DataFrame)


def game_events(game) -> pl.DataFrame:
    """The ``events`` rows of one live or finished game (players in seat order), as ``simulate`` makes them.

    ``game`` is a table in play (``bl.new_game``); a ``simulate`` result already holds them, as ``result.events``.
    """
    if not _is_live(game):
        extra = ": it holds them already, as result.events" if is_run(game) else ""
        raise ChartInputError(f"game_events: game takes a live game (bl.new_game); got {described(game)}{extra}")
    n = game.n
    _, _, columns = tables.game_rows(game, 0, list(range(n)), ["person"] * n)
    return pl.DataFrame(columns, schema=tables.schemas(game_of(game.rules))[2])


def game_timeline(events, game: int = 0, rules=None) -> alt.VConcatChart:
    """A single game by round, drawn by its game's own ``game_timeline`` (Bourbonomics: table, zone and scores).

    A game whose ``charts.py`` has no ``game_timeline`` is refused by name (``ChartInputError``).

    Parameters
    ----------
    events : SimResult, its ``events`` table, or a live game
        A run or its events table, or one live game (its log is used; ``game`` is ignored).
    game : int
        Which game of the run to draw.
    rules : ruleset, optional
        The ruleset played (a game's chart may read its thresholds and starting score); default: the live game's, else
        the game's defaults. A run played with other rules refuses the defaults: pass its ruleset.

    Returns
    -------
    altair.VConcatChart
    """
    if _is_live(events):
        rules = rules or events.rules
        events, game = game_events(events), 0
        name = game_of(rules)
    elif is_run(events):
        name = events.game
        rules = _rules_of(events, rules)
        events = events.events
    else:
        name = game_of(rules) if rules is not None else DEFAULT_GAME
        events = table_of(events, "game_timeline", "events", "events", ("game", "round", "kind"))
    draw = getattr(get_game(name).part("charts"), "game_timeline", None)
    if draw is None:
        raise ChartInputError(f"game_timeline: {name} has no round-by-round chart (its charts.py has no game_timeline)")
    return draw(events, game, rules)


def _rules_of(run, rules):
    """The ruleset a run was played with: ``rules`` when its fingerprint matches the run's stamp, else a refusal."""
    played = run.stamp.get("ruleset")
    rules = rules if rules is not None else get_game(run.game).default_rules()
    if game_of(rules) != run.game:
        raise ChartInputError(f"game_timeline: rules: a {game_of(rules)} ruleset, but the run is of {run.game}")
    fingerprint = getattr(rules, "fingerprint", None)
    if isinstance(played, str) and callable(fingerprint) and fingerprint() != played:
        raise ChartInputError(
            "game_timeline: rules: not the ruleset this run was played with (its stamp's fingerprint differs); "
            "pass rules= the ruleset given to simulate"
        )
    return rules
