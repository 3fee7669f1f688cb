"""Issue 50: every public chart and table builder, called by hand on what ``simulate`` and ``compare`` give.

A designer calls ``charts.win_rate(result)``: each builder takes a run (or a ``Comparison``, where one fits) as
well as its table, and refuses anything else with a ``ChartInputError`` that names the builder. The builders
are enumerated (``bl.charts.__all__``, each game's ``charts.__all__``, the post-game, skill and design chart
modules), and every public function of a chart module must be listed there, so a builder added later is
called here too.
"""

from __future__ import annotations

import inspect
import json
import math
import re
from types import ModuleType

import altair as alt
import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab import charts
from bourbon_lab.charts import comparison as comparison_module
from bourbon_lab.charts import postgame, skill
from bourbon_lab.design import charts as design_charts
from bourbon_lab.games import BUILTIN
from bourbon_lab.sim import win_rates

GAMES = sorted(BUILTIN)

NOT_BUILDERS = {
    "ChartInputError": "the error the builders raise",
    "MINUTES_PER_ROUND": "a number (game_length's assumption)",
    "Table": "the finished table's class",
    "interval": "formats one value",
    "percent": "formats one value",
    "of": "finds a game's charts module (tested below)",
    "save": "writes a chart to a file",
    "use_offline_renderer": "chooses Altair's renderer",
}
"""Names in ``bl.charts.__all__`` that draw nothing from a result."""

REFUSES_A_RUN = {
    "ab_comparison": "draws two runs' differences: a Comparison",
    "comparison_table": "shows two runs' differences: a Comparison",
    "table": "one table at a time, and a run holds four",
    "game_events": "reads a live game; a run holds its events already",
}
"""Builders of ``bl.charts`` that refuse a ``simulate`` result by design, naming what to pass instead."""

TAKES_A_COMPARISON = {"ab_comparison", "comparison_table", "table"}
"""The builders a ``Comparison`` fits; every other one needs one run and refuses it by name."""

HELPERS = {
    "charts": {
        "metric_name",
        "metric_names",
        "paired",
        "builders",
        "game_builder",
        "seat_label",
        "svg",
        "postgame_page",
    },
    "runtime": {"version_key", "altair_version", "panel_version", "schema_version", "pin_schema"},
}
"""Public functions of the chart modules that are not builders (a name, a lookup, a page, the spec version)."""

OTHER_MODULES = (postgame, skill, design_charts)
"""Chart modules over other results (a playtest, a ladder, the design tools): a run is refused by name."""

COMMON = [n for n in charts.__all__ if n not in NOT_BUILDERS]
OWN = [(game, name) for game in GAMES for name in charts.of(game).__all__]
OTHERS = [(module, name) for module in OTHER_MODULES for name in module.__all__]


@pytest.fixture(scope="module")
def runs() -> dict:
    """A small random-bot run of every built-in game."""
    return {
        g: bl.simulate(bl.default_rules(g), players=2, games=4, bots="random", seed=0, progress=False) for g in GAMES
    }


@pytest.fixture(scope="module")
def comparisons() -> dict:
    """A paired comparison of every built-in game (its defaults both sides: the charts only need its shape)."""
    return {
        g: bl.compare(bl.default_rules(g), bl.default_rules(g), players=2, games=4, bots="random", progress=False)
        for g in GAMES
    }


def rendered(out) -> None:
    """What a builder gave, drawn as a notebook would: a chart's spec as strict JSON, a table's HTML and text."""
    if isinstance(out, dict):
        assert out
        for value in out.values():
            rendered(value)
    elif isinstance(out, alt.TopLevelMixin):
        spec = json.loads(json.dumps(out.to_dict(), allow_nan=False))  # the browser gets JSON, which has no NaN
        assert spec.get("title") and spec.get("datasets"), "a chart with a title and its data"
    elif isinstance(out, charts.Table):
        page = out._repr_html_()
        assert page.startswith("<table") and out.rows and str(out)
    elif isinstance(out, pl.DataFrame):
        assert out.height
    else:
        assert isinstance(out, float) and math.isfinite(out), out


def refused(build, *args, name: str, match: str = ""):
    """``build(*args)`` raises the named error, its message starting with the builder's name."""
    with pytest.raises(charts.ChartInputError, match=rf"^{name}: (.|\n)*{match}") as caught:
        build(*args)
    return str(caught.value)


def has_timeline(game: str) -> bool:
    return "game_timeline" in charts.of(game).__all__


# --- every name accounted for -------------------------------------------------------------------------


def _public_functions(module: ModuleType) -> set[str]:
    return {
        n
        for n, f in inspect.getmembers(module, inspect.isfunction)
        if not n.startswith("_") and f.__module__ == module.__name__
    }


def test_every_chart_module_lists_its_builders():
    """A builder added anywhere is in an ``__all__`` these tests enumerate (or a declared helper)."""
    import importlib
    import pkgutil

    listed = set(charts.__all__) | HELPERS["charts"] | {n for m in OTHER_MODULES for n in m.__all__}
    for info in pkgutil.iter_modules(charts.__path__):
        module = importlib.import_module(f"{charts.__name__}.{info.name}")
        helpers = HELPERS.get(info.name, set())
        assert _public_functions(module) - helpers <= listed, info.name
    assert _public_functions(design_charts) == set(design_charts.__all__)
    for game in GAMES:
        module = charts.of(game)
        assert _public_functions(module) == set(module.__all__), game
    assert all(callable(getattr(charts, n)) or n in NOT_BUILDERS for n in charts.__all__)


# --- a run of every game ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", COMMON)
@pytest.mark.parametrize("game", GAMES)
def test_each_common_builder_draws_a_run_of_every_game_or_refuses_it_by_name(runs, game, name):
    build = getattr(charts, name)
    if name in REFUSES_A_RUN:
        refused(build, runs[game], name=name)
    elif name == "game_timeline" and not has_timeline(game):
        refused(build, runs[game], name=name, match=f"{game} has no round-by-round chart")
    else:
        rendered(build(runs[game]))


@pytest.mark.parametrize(("owner", "name"), OWN)
def test_a_games_own_builder_draws_its_runs_and_refuses_another_games_by_name(runs, owner, name):
    build = getattr(charts.of(owner), name)
    for game, run in runs.items():
        if game == owner:
            rendered(build(run))
        else:
            refused(build, run, name=name, match=rf"is a {owner} chart; the {game} charts are in bl\.charts\.of")


@pytest.mark.parametrize(("owner", "name"), OWN)
def test_a_games_builder_asked_of_bl_charts_goes_through_the_runs_game(runs, owner, name):
    if name in charts.__all__:
        return  # a common builder of that name (game_timeline) finds the game's chart itself, tested above
    through = getattr(charts, name)
    for game, run in runs.items():
        if name in charts.of(game).__all__:
            rendered(through(run))
        else:
            refused(through, run, name=name, match=rf"{game} has no such chart.*bl\.charts\.of\('{game}'\)")


@pytest.mark.parametrize(("module", "name"), OTHERS, ids=[f"{m.__name__}.{n}" for m, n in OTHERS])
def test_a_chart_of_another_result_refuses_a_run_by_name(runs, module, name):
    for run in runs.values():
        refused(getattr(module, name), run, name=name)


# --- a comparison -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", COMMON)
@pytest.mark.parametrize("game", GAMES)
def test_a_comparison_is_drawn_where_it_fits_and_refused_by_name_elsewhere(comparisons, game, name):
    build = getattr(charts, name)
    if name in TAKES_A_COMPARISON:
        rendered(build(comparisons[game]))
        rendered(build(comparisons[game].table))
    else:
        refused(build, comparisons[game], name=name)


@pytest.mark.parametrize(("owner", "name"), OWN)
def test_a_games_own_builder_refuses_a_comparison_by_name(comparisons, owner, name):
    refused(getattr(charts.of(owner), name), comparisons[owner], name=name)


# --- wrong arguments ----------------------------------------------------------------------------------

WRONG = {"a string": "players", "a dict": {"players": [1, 2]}, "a table without the columns": pl.DataFrame({"x": [1]})}

ALL = (
    [(charts, n) for n in COMMON]
    + [(charts.of(g), n) for g, n in OWN]
    + [(charts, n) for g, n in OWN if n not in charts.__all__]
    + OTHERS
)


@pytest.mark.parametrize("wrong", list(WRONG))
@pytest.mark.parametrize(("module", "name"), ALL, ids=[f"{m.__name__}.{n}" for m, n in ALL])
def test_a_wrong_argument_is_refused_by_name(module, name, wrong):
    build, value = getattr(module, name), WRONG[wrong]
    if (module, name) == (charts, "table") and isinstance(value, pl.DataFrame):
        rendered(build(value))  # any table is a table
        return
    message = refused(build, value, name=name)
    assert "takes" in message or "a game's own chart" in message, message


def test_a_missing_column_is_named_with_what_the_builder_takes(runs):
    message = refused(charts.win_rate, runs["gin_crafters"].players, "distillery", name="win_rate")
    assert "no column 'distillery'" in message and "a simulate result (bl.simulate) or its players table" in message
    message = refused(charts.score_by_source, runs["microbrew"].score_parts, name="score_by_source")
    assert "players is missing" in message


# --- what the issue found -----------------------------------------------------------------------------


def test_the_issues_calls_now_work(runs, comparisons):
    """``win_rate(res)``, ``win_table(res.players, "seat")``, untitled tables: all drawn, as the table itself draws."""
    run = runs["gin_crafters"]
    assert charts.win_rate(run).to_dict()["datasets"] == charts.win_rate(run.players).to_dict()["datasets"]
    assert charts.win_table(run.players, "seat").rows == charts.win_table(win_rates(run.players, "seat"), "seat").rows
    assert charts.win_table(run).rows == charts.win_table(run.players).rows
    untitled = charts.table(run.games)._repr_html_()
    assert "<caption" not in untitled and "<td" in untitled
    assert "<caption" not in charts.comparison_table(comparisons["gin_crafters"])._repr_html_()


def test_a_games_own_chart_is_not_in_the_shared_namespace(runs):
    assert not {n for _, n in OWN} & set(charts.__all__) - {"game_timeline"}
    assert "sale_zones" not in dir(charts)
    refused(charts.sale_zones, runs["gin_crafters"], name="sale_zones", match=r"bl\.charts\.of\('gin_crafters'\)")
    refused(
        charts.sale_zones, runs["bourbonomics"].events, name="sale_zones", match=r"bl\.charts\.of\('bourbonomics'\)"
    )
    assert charts.distilled is charts.of("distilled") is charts.of(runs["distilled"])
    assert charts.of(bl.default_rules("microbrew")) is charts.of("microbrew")


def test_a_game_without_charts_of_its_own_is_told_where_the_common_ones_are():
    import toygame

    name = toygame.INFO.name
    with pytest.raises(charts.ChartInputError, match=rf"^of: {name} has no charts of its own"):
        charts.of(name)
    with pytest.raises(charts.ChartInputError, match="^of: game takes"):
        charts.of(3)


def test_a_timeline_of_a_run_with_other_rules_asks_for_them():
    rules = bl.Ruleset.default().replace(zone_multipliers=(1, 2, 4))
    run = bl.simulate(rules, players=2, games=2, bots="random", seed=1, progress=False)
    refused(charts.game_timeline, run, name="game_timeline", match="not the ruleset this run was played with")
    rendered(charts.game_timeline(run, rules=rules))


# --- labels read alike --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_ab_comparison_names_every_metric_alike(comparisons, game):
    """Issue 50: "Mean final score" beside "First_player_advantage". Every name now reads as words."""
    spec = charts.ab_comparison(comparisons[game]).to_dict()
    names = {r["name"] for rows in spec["datasets"].values() for r in rows}
    assert len(names) == comparisons[game].table.height, "one row per metric, none merged"
    words = {re.sub(r" \([\w:=/]+\)$", "", n) for n in names}  # two alike keep their metric's own name after
    assert all("_" not in n and n[:1].isupper() for n in words), names
    assert comparison_module.metric_name("first_player_advantage") == "First player advantage"
    assert comparison_module.metric_name("win_rate:heuristic") == "Win rate: heuristic"


def test_a_metric_without_an_interval_keeps_its_row_and_shows_a_dash():
    table = pl.DataFrame(
        {"metric": ["rounds", "winner_margin"], "a": [20.0, 3.0], "b": [21.0, math.nan], "diff": [1.0, math.nan],
         "ci_low": [0.5, math.nan], "ci_high": [1.5, math.nan], "games": [4, 4]}
    )  # fmt: skip
    rendered(charts.ab_comparison(table))
    rows = charts.comparison_table(table).rows
    assert rows[1][2:4] == ["—", "—"]


def test_a_skill_comparison_is_drawn_one_level_at_a_time(comparisons):
    table = comparisons["microbrew"].table
    levels = pl.concat([table.with_columns(pl.lit(level).alias("level")) for level in ("random", "heuristic")])
    refused(charts.ab_comparison, levels, name="ab_comparison", match=r"result\.levels\['random'\]")
