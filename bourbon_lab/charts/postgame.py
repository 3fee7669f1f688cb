"""The post-game charts and page of a playtest (``bl.postgame``): points by source, and where people and bots differ.

Each builder takes a ``PostGame`` (``bl.postgame``) or its tables (polars), so this module needs nothing from
the scenarios layer; anything else is refused with a ``ChartInputError`` naming the builder.
The page draws the charts as inline SVG through vl-convert: no script and nothing fetched, so it opens
from disk with the network off (docs/offline.md).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import altair as alt
import polars as pl

from ..core.charting import HEIGHT, WHOLE_AXIS, WIDTH, title
from ..core.chartinput import second_table, table_of
from .tables import Table, interval

__all__ = ["decision_differences", "decisions_table", "points_by_round", "postgame_chart"]
"""The chart and table builders; ``postgame_page`` writes a whole page from them."""

POINTS = ("round", "player", "source", "points")
DECISIONS = ("step", "round", "seat", "human", "bot", "agree", "choices", "difference", "ci_low", "ci_high")
_TAKES = "a PostGame (bl.postgame) or its {} table"


def _humans(given, humans: Sequence[int]) -> Sequence[int]:
    """The seats people played: as given, else the ``PostGame``'s own."""
    return humans or getattr(given, "humans", None) or ()


PANEL_WIDTH = 180
"""Width of one seat's panel: two panels a row (legend below) fit beside a notebook's file browser."""


def seat_label(player: int, humans: Sequence[int]) -> str:
    """``"Seat 0 (person)"`` or ``"Seat 2 (bot)"``."""
    return f"Seat {player} ({'person' if player in humans else 'bot'})"


def points_by_round(points, humans: Sequence[int] = ()) -> alt.FacetChart:
    """Each seat's points by source as each round ended: one panel a seat, a stacked bar a round.

    Parameters
    ----------
    points : PostGame, or its ``points`` table
        The playtest seen afterwards, or ``PostGame.points``: round, player, source, points.
    humans : sequence of int
        The seats people played (named so in each panel's title); default: the PostGame's.

    Returns
    -------
    altair.FacetChart
    """
    humans = _humans(points, humans)
    points = table_of(points, "points_by_round", "points", "points", POINTS, takes=_TAKES.format("points"))
    data = points.with_columns(
        pl.col("player").map_elements(lambda p: seat_label(p, humans), return_dtype=pl.Utf8).alias("seat"),
        pl.col("points").cast(pl.Float64),
    )
    rounds = data["round"].n_unique() if data.height else 1
    base = (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X("round:O", title="End of round", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("sum(points):Q", title="Points", stack="zero"),
            color=alt.Color("source:N", title="Points from", legend=alt.Legend(orient="bottom", columns=4)),
            tooltip=[
                alt.Tooltip("seat:N", title="Seat"),
                alt.Tooltip("round:O", title="Round"),
                alt.Tooltip("source:N", title="From"),
                alt.Tooltip("points:Q", title="Points", format=".3~g"),
            ],
        )
        .properties(width=min(PANEL_WIDTH, 40 * rounds + 40), height=HEIGHT // 2)
    )
    return base.facet(
        data=data,
        facet=alt.Facet("seat:N", title=None, sort=sorted(set(data["seat"].to_list()))),
        columns=2,
    ).properties(title=title("Points by source as each round ended", "the score as it stood, split by source"))


def decision_differences(decisions) -> alt.LayerChart:
    """Each human decision: the estimated worth of the person's choice minus the bot's, with its 95 % interval.

    Decisions where the bot agreed sit on the zero line; forced ones (a single legal action) are left out.

    Parameters
    ----------
    decisions : PostGame, or its ``decisions`` table
        The playtest seen afterwards, or ``PostGame.decisions``.

    Returns
    -------
    altair.LayerChart
    """
    decisions = table_of(
        decisions, "decision_differences", "decisions", "decisions", DECISIONS, takes=_TAKES.format("decisions")
    )
    floats = [c for c in ("difference", "ci_low", "ci_high") if c in decisions.columns]
    data = (
        decisions.filter(pl.col("choices") > 1)
        .with_columns(
            pl.col("seat").cast(pl.Utf8),
            pl.when(pl.col("agree")).then(pl.lit("agreed")).otherwise(pl.lit("differed")).alias("verdict"),
            *(pl.col(c).fill_nan(None) for c in floats),
        )
        .select("step", "round", "seat", "human", "bot", "verdict", *floats)
    )
    x = alt.X("step:Q", title="Decision (actions played before it)", axis=WHOLE_AXIS)
    tip = [
        alt.Tooltip("step:Q", title="Step"),
        alt.Tooltip("round:Q", title="Round"),
        alt.Tooltip("seat:N", title="Seat"),
        alt.Tooltip("human:N", title="Played"),
        alt.Tooltip("bot:N", title="The bot"),
        alt.Tooltip("difference:Q", title="Difference", format="+.1f"),
        alt.Tooltip("ci_low:Q", title="95 % low", format="+.1f"),
        alt.Tooltip("ci_high:Q", title="95 % high", format="+.1f"),
    ]
    chart = alt.Chart(data)
    zero = alt.Chart().mark_rule(color="#888", strokeDash=[4, 3]).encode(y=alt.datum(0))
    bars = chart.mark_rule().encode(x=x, y=alt.Y("ci_low:Q"), y2="ci_high:Q", color=alt.Color("seat:N", title="Seat"))
    dots = chart.mark_point(filled=True, size=45).encode(
        x=x,
        y=alt.Y("difference:Q", title="Person's choice minus the bot's (final lead)"),
        color=alt.Color("seat:N", title="Seat"),
        shape=alt.Shape("verdict:N", title="The bot", scale=alt.Scale(domain=["agreed", "differed"])),
        tooltip=tip,
    )
    subtitle = "below 0: the bot's choice looked better in paired playouts; bars are 95 % intervals"
    return alt.layer(zero, bars, dots).properties(
        width=WIDTH, height=HEIGHT, title=title("Where the person and the strongest bot differ", subtitle)
    )


def postgame_chart(points, decisions=None, humans: Sequence[int] = ()) -> alt.VConcatChart:
    """Points by source over the rounds per seat, above the per-decision differences.

    ``points``: a ``PostGame`` (both tables are read from it), or its points table beside its ``decisions``.
    """
    humans = _humans(points, humans)
    first = points
    points = table_of(points, "postgame_chart", "points", "points", POINTS, takes=_TAKES.format("points"))
    decisions = second_table(
        decisions, first, "postgame_chart", "decisions", "decisions", DECISIONS, takes=_TAKES.format("decisions")
    )
    return alt.vconcat(points_by_round(points, humans), decision_differences(decisions)).resolve_scale(
        color="independent"
    )


def decisions_table(decisions, heading: str | None = "Human decisions") -> Table:
    """The human decisions as a designer reads them: the two choices and the difference with its interval.

    ``decisions``: a ``PostGame`` or its decisions table; ``heading``: the caption (None for none).
    """
    columns = (*DECISIONS, "human_worth", "bot_worth")
    decisions = table_of(
        decisions, "decisions_table", "decisions", "decisions", columns, takes=_TAKES.format("decisions")
    )
    rows = []
    for r in decisions.iter_rows(named=True):
        diff = (
            ""
            if r["agree"]
            else interval(r["difference"], r["ci_low"], r["ci_high"], as_percent=False, digits=1, signed=True)
        )
        worth = "" if r["human_worth"] is None else f"{r['human_worth']:+.1f} / {r['bot_worth']:+.1f}"
        rows.append(
            [
                str(r["step"]),
                str(r["round"]),
                str(r["seat"]),
                r["human"],
                r["bot"],
                "yes" if r["agree"] else "no",
                worth,
                diff,
            ]
        )
    columns = ["step", "round", "seat", "played", "the bot", "agree", "worth (person / bot)", "difference [95 %]"]
    return Table(columns, rows, title=heading)


_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;color:#222}"
    "pre{white-space:pre-wrap;font-size:13px}figure{margin:1.5em 0}"
)


def svg(chart: alt.TopLevelMixin) -> str:
    """An Altair chart as inline SVG (vl-convert draws it locally; no script, no CDN)."""
    import vl_convert as vlc

    version = ".".join(alt.SCHEMA_VERSION.split(".")[:2])
    return vlc.vegalite_to_svg(chart.to_dict(), vl_version=version)


def postgame_page(
    heading: str, summary: str, points: pl.DataFrame, decisions: pl.DataFrame, humans: Sequence[int] = ()
) -> str:
    """A whole HTML page: the summary, both charts as inline SVG and the decisions table; nothing fetched."""
    shown = decisions.filter(pl.col("choices") > 1)
    parts = [
        f"<pre>{html.escape(summary)}</pre>",
        f"<figure>{svg(points_by_round(points, humans))}</figure>",
        f"<figure>{svg(decision_differences(decisions))}</figure>",
        decisions_table(shown, f"Decisions with a choice ({shown.height})")._repr_html_(),
    ]
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(heading)}</title>"
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(heading)}</h1>{''.join(parts)}</body></html>"
    )
