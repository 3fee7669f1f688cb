"""One game round by round: the shared table and its zone, each player's score, crashes and resets marked."""

from __future__ import annotations

import altair as alt
import polars as pl

from ..games.bourbonomics import Ruleset
from ..sim import tables
from ._style import COUNT_AXIS, WHOLE_AXIS, WIDTH, ZONE_COLORS, ZONES, plain, title

MARKERS = {"crash": "Crash", "hot_reset": "Hot reset"}
SCORE_DELTA = (
    pl.when(pl.col("kind") == "upgrade")
    .then(-pl.col("cost").cast(pl.Int64))
    .when(pl.col("kind") == "order_completed")
    .then(pl.col("prestige").cast(pl.Int64))
    .otherwise(pl.col("capital").cast(pl.Int64))
    .fill_null(0)
)
"""Score change of one event: sales and tastings add Capital, orders add Prestige, upgrades spend Capital."""


def game_events(game) -> pl.DataFrame:
    """The ``events`` rows of one live or finished ``Game`` (players in seat order), as ``simulate`` makes them."""
    n = game.n
    _, _, columns = tables.game_rows(game, 0, list(range(n)), ["person"] * n)
    return pl.DataFrame(columns, schema=tables.EVENTS_SCHEMA)


def _zone_of(rules: Ruleset) -> pl.Expr:
    size = pl.col("table_size")
    return (
        pl.when(size >= rules.hot_zone_from)
        .then(pl.lit("Hot"))
        .when(size >= rules.mid_zone_from)
        .then(pl.lit("Mid"))
        .otherwise(pl.lit("Low"))
    )


def _table_track(events: pl.DataFrame, rules: Ruleset) -> pl.DataFrame:
    """Every moment the table size is known, placed inside its round so several changes in one round show."""
    known = plain(events.filter(pl.col("table_size").is_not_null()), "seq", "round", "kind", "table_size")
    return (
        known.sort("seq")
        .with_columns(
            (pl.col("round") + (pl.col("seq").rank("ordinal").over("round")) / (pl.len().over("round") + 1)).alias(
                "position"
            ),
            _zone_of(rules).alias("zone"),
            pl.col("kind").replace_strict(MARKERS, default=None, return_dtype=pl.Utf8).alias("marker"),
        )
        .select("round", "position", "table_size", "zone", "marker")
    )


def _score_track(events: pl.DataFrame, rules: Ruleset) -> pl.DataFrame:
    """Each player's Capital + Prestige at the end of each round, rebuilt from the events."""
    players = events["player"].drop_nulls().unique().sort().to_list()
    last = int(events["round"].max() or 0)
    grid = pl.DataFrame({"player": players}).join(pl.DataFrame({"round": list(range(last + 1))}), how="cross")
    deltas = (
        plain(events.filter(pl.col("player").is_not_null()), "player", "round", "kind", "capital", "cost", "prestige")
        .with_columns(SCORE_DELTA.alias("delta"), pl.col("player").cast(pl.Int64), pl.col("round").cast(pl.Int64))
        .group_by("player", "round")
        .agg(pl.col("delta").sum())
    )
    start = rules.start_capital + rules.start_prestige
    return (
        grid.with_columns(pl.col("player").cast(pl.Int64), pl.col("round").cast(pl.Int64))
        .join(deltas, on=["player", "round"], how="left")
        .sort("player", "round")
        .with_columns((pl.col("delta").fill_null(0).cum_sum().over("player") + start).alias("score"))
        .with_columns(("Player " + pl.col("player").cast(pl.Utf8)).alias("who"), (pl.col("round") + 1).alias("end"))
        .select("round", "end", "who", "score")
    )


_BELOW = alt.Legend(orient="bottom")
"""Legends under the panels, so the timeline keeps its width in a narrow notebook."""


def _markers(track: pl.DataFrame, scale: alt.Scale) -> alt.Chart:
    marks = track.filter(pl.col("marker").is_not_null()).select("position", "round", "marker")
    return (
        alt.Chart(marks)
        .mark_rule(strokeDash=[3, 3], strokeWidth=1.5)
        .encode(
            x=alt.X("position:Q", title="Round", scale=scale, axis=WHOLE_AXIS),
            color=alt.Color(
                "marker:N", title="Market event", scale=alt.Scale(range=["#222222", "#c4452f"]), legend=_BELOW
            ),
            tooltip=[alt.Tooltip("marker:N", title="Event"), alt.Tooltip("round:Q", title="Round")],
        )
    )


def _table_panel(track: pl.DataFrame, scale: alt.Scale) -> alt.LayerChart:
    base = alt.Chart(track).encode(x=alt.X("position:Q", title="Round", scale=scale, axis=WHOLE_AXIS))
    line = base.mark_line(interpolate="step-after", color="#888888").encode(
        y=alt.Y("table_size:Q", title="Demand cards on the shared table", axis=COUNT_AXIS)
    )
    dots = base.mark_circle(size=30).encode(
        y=alt.Y("table_size:Q", title="Demand cards on the shared table", axis=COUNT_AXIS),
        fill=alt.Fill("zone:N", title="Zone", scale=ZONE_COLORS, sort=ZONES, legend=_BELOW),
        tooltip=[
            alt.Tooltip("round:Q", title="Round"),
            alt.Tooltip("table_size:Q", title="Cards on the table"),
            alt.Tooltip("zone:N", title="Zone"),
        ],
    )
    return alt.layer(line, dots, _markers(track, scale)).properties(
        width=WIDTH, height=160, title="Shared table and zone"
    )


def _score_panel(scores: pl.DataFrame, track: pl.DataFrame, scale: alt.Scale) -> alt.LayerChart:
    lines = (
        alt.Chart(scores)
        .mark_line(point=False)
        .encode(
            x=alt.X("end:Q", title="Round", scale=scale, axis=WHOLE_AXIS),
            y=alt.Y("score:Q", title="Score (Capital + Prestige)"),
            stroke=alt.Stroke("who:N", title="Player", legend=_BELOW),
            tooltip=[
                alt.Tooltip("who:N", title="Player"),
                alt.Tooltip("round:Q", title="End of round"),
                alt.Tooltip("score:Q", title="Score"),
            ],
        )
    )
    return alt.layer(lines, _markers(track, scale)).properties(width=WIDTH, height=200, title="Each player's score")


def game_timeline(events, game: int = 0, rules: Ruleset | None = None) -> alt.VConcatChart:
    """A single game by round: table size and zone, every player's score, crashes and Hot resets marked.

    Parameters
    ----------
    events : polars.DataFrame or bourbon_lab.Game
        The ``events`` table of a run, or one live game (its log is used; ``game`` is ignored).
    game : int
        Which game of the table to draw.
    rules : Ruleset, optional
        The ruleset played (zone thresholds, start Capital/Prestige); default: the game's or the defaults.

    Returns
    -------
    altair.VConcatChart
    """
    if not isinstance(events, pl.DataFrame):
        rules = rules or events.rules
        events, game = game_events(events), 0
    rules = rules or Ruleset.default()
    one = events.filter(pl.col("game") == game)
    if one.height == 0:
        raise ValueError(f"game: no events for game {game}")
    last = int(one["round"].max())
    scale = alt.Scale(domain=[0, last + 1], nice=False)
    track = _table_track(one, rules)
    chart = alt.vconcat(_table_panel(track, scale), _score_panel(_score_track(one, rules), track, scale))
    crashes = int((one["kind"] == "crash").sum())
    resets = int((one["kind"] == "hot_reset").sum())
    subtitle = f"{last} rounds, {crashes} crash(es), {resets} Hot reset(s); dashed lines mark them"
    return chart.resolve_scale(color="independent").properties(title=title(f"Game {game}, round by round", subtitle))
