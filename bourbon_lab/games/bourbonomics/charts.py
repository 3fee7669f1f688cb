"""Bourbonomics' own charts: the market, Capital and upgrades, one game by round, Capital against Prestige.

In the game's own folder (issue 42): it imports only the core (its shared look, ``core.charting``) and the
game itself. Reached through the game: ``bl.charts.of(result).sale_zones(result)`` (or ``bl.charts.sale_zones(
result)``, which picks the run's game). Each builder takes a Bourbonomics ``simulate`` result or the table it
draws; another game's run is refused by name. Not compiled (``native.toml``).
"""

from __future__ import annotations

from typing import Any

import altair as alt
import polars as pl

from ...core.charting import (
    COUNT_AXIS,
    HEIGHT,
    WHOLE_AXIS,
    WIDTH,
    finished,
    group_title,
    plain,
    round_axis,
    source_share_chart,
    title,
)
from ...core.chartinput import result_of, second_table, table_of
from .ruleset import Ruleset

__all__ = ["economy_flow", "game_timeline", "market_events", "sale_zones", "score_share", "study", "upgrades"]

GAME = "bourbonomics"
"""The game these charts draw: another game's run is refused."""

ZONES = ["Low", "Mid", "Hot"]
ZONE_COLORS = alt.Scale(domain=ZONES, range=["#7aa6c2", "#e0a340", "#c4452f"])
"""The market's three zones, in order, and their colours in every chart."""


# --- the shared market -------------------------------------------------------------------------------


def sale_zones(events) -> alt.Chart:
    """Number of sales made in each market zone (Low, Mid, Hot), split by barrel quality.

    Parameters
    ----------
    events : SimResult, or its ``events`` table
        A Bourbonomics run, or its events table (only ``sale`` rows are used).

    Returns
    -------
    altair.Chart
    """
    events = table_of(events, "sale_zones", "events", "events", ("kind", "zone", "quality", "capital"), own=GAME)
    sales = (
        plain(events.filter(pl.col("kind") == "sale"), "zone", "quality", "capital")
        .group_by("zone", "quality")
        .agg(pl.len().alias("sales"), pl.col("capital").sum().alias("capital"))
        .sort("zone", "quality")
    )
    total = int(sales["sales"].sum()) if sales.height else 0
    return (
        alt.Chart(sales)
        .mark_bar()
        .encode(
            x=alt.X("zone:N", title="Market zone at the moment of sale", sort=ZONES, scale=alt.Scale(domain=ZONES)),
            y=alt.Y("sales:Q", title="Sales", stack="zero", axis=COUNT_AXIS),
            color=alt.Color("quality:N", title="Barrel quality"),
            tooltip=[
                alt.Tooltip("zone:N", title="Zone"),
                alt.Tooltip("quality:N", title="Quality"),
                alt.Tooltip("sales:Q", title="Sales"),
                alt.Tooltip("capital:Q", title="Capital earned"),
            ],
        )
        .properties(width=WIDTH, height=HEIGHT, title=title("Zone at the moment of sale", f"{total} sales"))
    )


def market_events(games) -> alt.Chart:
    """How many games had 0, 1, 2 … crashes and Hot resets, side by side.

    Parameters
    ----------
    games : SimResult, or its ``games`` table
        A Bourbonomics run, or its games table; failed games are left out.

    Returns
    -------
    altair.Chart
    """
    games = table_of(games, "market_events", "games", "games", ("game", "crashes", "hot_resets"), own=GAME)
    done = plain(finished(games), "game", "crashes", "hot_resets")
    counts = (
        done.rename({"crashes": "Crash", "hot_resets": "Hot reset"})
        .unpivot(index="game", variable_name="event", value_name="per_game")
        .group_by("event", "per_game")
        .agg(pl.len().alias("games"))
        .sort("event", "per_game")
    )
    means = ", ".join(
        f"{label} {done[col].mean() or 0:.2f}" for col, label in (("crashes", "crashes"), ("hot_resets", "Hot resets"))
    )
    return (
        alt.Chart(counts)
        .mark_bar()
        .encode(
            x=alt.X("per_game:O", title="Times in one game", axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("event:N"),
            y=alt.Y("games:Q", title="Games", axis=COUNT_AXIS),
            color=alt.Color("event:N", title="Market event", scale=alt.Scale(range=["#c4452f", "#e0a340"])),
            tooltip=[
                alt.Tooltip("event:N", title="Event"),
                alt.Tooltip("per_game:O", title="Times in one game"),
                alt.Tooltip("games:Q", title="Games"),
            ],
        )
        .properties(
            width=WIDTH, height=HEIGHT, title=title("Crashes and Hot resets per game", f"mean per game: {means}")
        )
    )


# --- Capital and upgrades ------------------------------------------------------------------------

FLOWS = {"sale": "In: sales", "warehouse_tasting": "In: Warehouse Tasting", "upgrade": "Out: upgrades"}


def upgrades(players, events=None) -> alt.HConcatChart:
    """Two panels: how many upgrades each player bought, and which departments they went to, by level.

    Parameters
    ----------
    players : SimResult, or its ``players`` table
        A Bourbonomics run (then ``events`` is read from it too), or its players table (``upgrades`` per player).
    events : polars.DataFrame, optional
        The ``events`` table of the same run (``upgrade`` rows: department and level); needed beside a bare
        players table.

    Returns
    -------
    altair.HConcatChart
    """
    first = players
    players = table_of(players, "upgrades", "players", "players", ("upgrades",), own=GAME)
    events = second_table(events, first, "upgrades", "events", "events", ("kind", "department", "level"), own=GAME)
    per_player = plain(players, "upgrades").group_by("upgrades").agg(pl.len().alias("players")).sort("upgrades")
    n_players = max(players.height, 1)
    by_dept = (
        plain(events.filter(pl.col("kind") == "upgrade"), "department", "level")
        .group_by("department", "level")
        .agg(pl.len().alias("count"))
        .with_columns((pl.col("count") / n_players).alias("per_player"), pl.col("level").cast(pl.Utf8))
        .sort("department", "level")
    )
    left = (
        alt.Chart(per_player)
        .mark_bar(color="#5a3e85")
        .encode(
            x=alt.X("upgrades:O", title="Upgrades bought in the game", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("players:Q", title="Players", axis=COUNT_AXIS),
            tooltip=[alt.Tooltip("upgrades:O", title="Upgrades"), alt.Tooltip("players:Q", title="Players")],
        )
        .properties(width=WIDTH // 2, height=HEIGHT, title="Upgrades per player")
    )
    right = (
        alt.Chart(by_dept)
        .mark_bar()
        .encode(
            y=alt.Y("department:N", title="Department"),
            x=alt.X("per_player:Q", title="Upgrades per player", stack="zero"),
            color=alt.Color(
                "level:O", title="Level reached", scale=alt.Scale(scheme="purples"), legend=alt.Legend(orient="bottom")
            ),
            tooltip=[
                alt.Tooltip("department:N", title="Department"),
                alt.Tooltip("level:O", title="Level"),
                alt.Tooltip("per_player:Q", title="Per player", format=".2f"),
                alt.Tooltip("count:Q", title="Upgrades, all games"),
            ],
        )
        .properties(width=WIDTH // 2, height=HEIGHT, title="Which departments")
    )
    mean = players["upgrades"].mean() if players.height else 0
    return alt.hconcat(left, right).properties(
        title=title("Upgrades per player and which departments", f"mean {mean or 0:.2f} upgrades per player")
    )


def economy_flow(events) -> alt.Chart:
    """Capital in (sales, Warehouse Tasting) and out (upgrades) per round, averaged over games.

    Parameters
    ----------
    events : SimResult, or its ``events`` table
        A Bourbonomics run, or its events table (or one game's).

    Returns
    -------
    altair.Chart
    """
    events = table_of(
        events, "economy_flow", "events", "events", ("game", "round", "kind", "capital", "cost"), own=GAME
    )
    n_games = max(events["game"].n_unique(), 1)
    flows = (
        plain(events.filter(pl.col("kind").is_in(list(FLOWS))), "round", "kind", "capital", "cost")
        .with_columns(
            pl.when(pl.col("kind") == "upgrade")
            .then(-pl.col("cost").cast(pl.Int64))
            .otherwise(pl.col("capital").cast(pl.Int64))
            .alias("amount"),
            pl.col("kind").replace_strict(FLOWS, return_dtype=pl.Utf8).alias("flow"),
        )
        .group_by("round", "flow")
        .agg((pl.col("amount").sum() / n_games).alias("per_game"))
        .sort("round", "flow")
    )
    # Every round gets a band, even one with no Capital moving, so the axis's every-nth labels stay apart.
    rounds = list(range(flows["round"].min(), flows["round"].max() + 1)) if flows.height else []
    return (
        alt.Chart(flows)
        .mark_bar()
        .encode(
            x=alt.X(
                "round:O",
                title="Round",
                scale=alt.Scale(domain=rounds) if rounds else alt.Undefined,
                axis=round_axis(len(rounds)),
            ),
            y=alt.Y("per_game:Q", title="Capital per game (out is below zero)", stack="zero"),
            color=alt.Color(
                "flow:N",
                title="Capital",
                scale=alt.Scale(domain=list(FLOWS.values()), range=["#3f8f4f", "#8cc084", "#c4452f"]),
            ),
            tooltip=[
                alt.Tooltip("round:O", title="Round"),
                alt.Tooltip("flow:N", title="Flow"),
                alt.Tooltip("per_game:Q", title="Capital per game", format=".2f"),
            ],
        )
        .properties(
            width=WIDTH,
            height=HEIGHT,
            title=title("Economy flow: Capital in and out per round", f"averaged over {n_games} game(s)"),
        )
    )


# --- one game, round by round ---------------------------------------------------------------------

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

    ``bl.charts.game_timeline`` calls this with a run's ``events`` table (a live game's log already turned
    into one) and the ruleset the game was played with; it also checks a run's ruleset against its stamp.

    Parameters
    ----------
    events : SimResult, or its ``events`` table
        A Bourbonomics run, or its events table.
    game : int
        Which game of the table to draw.
    rules : Ruleset, optional
        The ruleset played (zone thresholds, start Capital/Prestige); default: the defaults.

    Returns
    -------
    altair.VConcatChart
    """
    rules = rules or Ruleset.default()
    columns = ("game", "seq", "round", "player", "kind", "table_size", "capital", "cost", "prestige")
    events = table_of(events, "game_timeline", "events", "events", columns, own=GAME)
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


# --- the score ---------------------------------------------------------------------------------


def score_share(players, by: str = "bot") -> alt.Chart:
    """Share of the final score that came from Capital and from Prestige, per seat, bot or distillery.

    Parameters
    ----------
    players : SimResult, or its ``players`` table
        A Bourbonomics run, or its players table.
    by : {"seat", "bot", "distillery"}
        What to group players by (default: bot, since strategies differ most).

    Returns
    -------
    altair.Chart
    """
    group_title(by)
    players = table_of(players, "score_share", "players", "players", (by, "capital", "prestige"), own=GAME)
    sums = (
        plain(players, by, "capital", "prestige")
        .with_columns(pl.col(by).cast(pl.Utf8))
        .group_by(by)
        .agg(pl.col("capital").clip(0).sum().alias("Capital"), pl.col("prestige").clip(0).sum().alias("Prestige"))
        .unpivot(index=by, variable_name="source", value_name="points")
        .with_columns((pl.col("points") / pl.col("points").sum().over(by)).fill_nan(0).alias("share"))
        .sort(by, "source")
    )
    color = alt.Color("source:N", title="Points from", scale=alt.Scale(range=["#b5893a", "#5a3e85"]))
    return source_share_chart(sums, by, color)


CHARTS = (
    "win_rate",
    "score_distribution",
    "score_share",
    "game_length",
    "market_events",
    "sale_zones",
    "upgrades",
    "economy_flow",
    "game_timeline",
)
"""A study's charts in reading order (the Study tab, a published report): three common ones, then the market's."""

STUDY = ("score_share", "market_events", "sale_zones", "upgrades", "economy_flow", "game_timeline")
"""This game's own charts in a study."""


def study(result: Any, rules: Any = None, by: str = "seat") -> dict[str, alt.TopLevelMixin]:
    """Each chart of ``STUDY`` drawn from one Bourbonomics ``simulate`` run (the timeline: its first finished game)."""
    result = result_of(result, "study", "result", ("games", "players", "events"), "a Bourbonomics simulate result")
    table_of(result, "study", "result", "games", own=GAME)
    p, g, e = result.players, result.games, result.events
    first = int(g.filter(pl.col("error").is_null())["game"].min() or 0) if g.height else 0
    return {
        "score_share": score_share(p, by="bot" if by == "seat" else by),
        "market_events": market_events(g),
        "sale_zones": sale_zones(e),
        "upgrades": upgrades(p, e),
        "economy_flow": economy_flow(e),
        "game_timeline": game_timeline(e, game=first, rules=rules),
    }
