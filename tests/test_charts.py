"""Each chart builder: its title, human axis names, the encodings and the numbers it was given."""

from __future__ import annotations

import altair as alt
import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab import charts
from bourbon_lab.bots.base import make_bot
from bourbon_lab.sim import win_rates


@pytest.fixture(scope="module")
def rules():
    return bl.Ruleset.default()


@pytest.fixture(scope="module")
def run(rules):
    return bl.simulate(rules, players=3, games=6, seed=3, workers=1, bots=["heuristic", "greedy", "random"])


@pytest.fixture(scope="module")
def comparison(rules):
    return bl.compare(rules, rules.replace(zone_multipliers=(1, 2, 4)), players=3, games=6, workers=1)


def _walk(node):
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


def _encodings(spec):
    for node in _walk(spec):
        enc = node.get("encoding")
        if isinstance(enc, dict):
            yield from enc.items()


def _datasets(spec) -> list[dict]:
    return [row for rows in spec.get("datasets", {}).values() for row in rows]


def _title_text(spec) -> str:
    t = spec.get("title")
    return t.get("text", "") if isinstance(t, dict) else (t or "")


def _check_readable(chart) -> dict:
    """A top-level title, and every positional or colour encoding with a field carries a human title."""
    spec = chart.to_dict()
    assert _title_text(spec), "chart has no title"
    for channel, enc in _encodings(spec):
        if channel in ("x", "y", "color", "fill", "stroke") and "field" in enc:
            assert enc.get("title") or enc.get("legend", True) is None, f"{channel} {enc['field']} has no title"
            assert enc.get("title") != enc["field"] or " " in enc["field"]
    return spec


@pytest.fixture(scope="module")
def own(run):
    """Bourbonomics' own charts, reached through the game of the run."""
    return charts.of(run)


def _builders(run, comparison):
    p, g, e = run.players, run.games, run.events
    own = charts.of(run)
    return {
        "score_distribution": charts.score_distribution(p, by="bot"),
        "win_rate": charts.win_rate(p, by="seat"),
        "game_length": charts.game_length(g),
        "score_share": own.score_share(p),
        "sale_zones": own.sale_zones(e),
        "market_events": own.market_events(g),
        "upgrades": own.upgrades(p, e),
        "game_timeline": charts.game_timeline(e, game=1),
        "economy_flow": own.economy_flow(e),
        "ab_comparison": charts.ab_comparison(comparison.table),
    }


def test_every_builder_is_titled_and_readable(run, comparison):
    for name, chart in _builders(run, comparison).items():
        assert isinstance(chart, alt.TopLevelMixin), name
        _check_readable(chart)


@pytest.mark.parametrize("by", ["seat", "bot", "distillery"])
def test_score_distribution_groups_by_the_column(run, by):
    spec = charts.score_distribution(run.players, by=by).to_dict()
    enc = spec["encoding"]
    assert enc["x"]["field"] == by and enc["y"]["field"] == "score"
    assert spec["mark"]["type"] == "boxplot"
    assert sorted(r["score"] for r in _datasets(spec)) == sorted(run.players["score"].to_list())


def test_score_distribution_refuses_an_unknown_grouping(run):
    with pytest.raises(ValueError, match="by: 'colour'"):
        charts.score_distribution(run.players, by="colour")


def test_win_rate_carries_the_wilson_intervals(run):
    spec = charts.win_rate(run.players, by="bot").to_dict()
    expected = win_rates(run.players, "bot").sort("bot")
    rows = sorted((r for r in _datasets(spec) if "ci_low" in r), key=lambda r: r["bot"])
    assert [r["win_rate"] for r in rows] == pytest.approx(expected["win_rate"].to_list())
    assert [r["ci_high"] for r in rows] == pytest.approx(expected["ci_high"].to_list())
    layers = spec["layer"]
    assert layers[1]["encoding"]["y"]["field"] == "ci_low" and layers[1]["encoding"]["y2"]["field"] == "ci_high"
    assert layers[2]["encoding"]["y"] == {"datum": pytest.approx(1 / 3)}
    assert "Win rate" in layers[0]["encoding"]["y"]["title"]


def test_game_length_states_its_minutes_assumption(run):
    spec = charts.game_length(run.games, minutes_per_round=7.5).to_dict()
    subtitle = " ".join(spec["title"]["subtitle"])
    median = run.games["rounds"].median()
    assert "7.5 minutes per round" in subtitle
    assert f"≈ {median * 7.5:.0f} minutes" in subtitle
    assert spec["encoding"]["x"]["field"] == "rounds" and spec["encoding"]["x"]["bin"]
    assert {r["minutes"] for r in _datasets(spec)} == {r * 7.5 for r in run.games["rounds"]}
    with pytest.raises(ValueError):
        charts.game_length(run.games, minutes_per_round=0)


def test_score_share_splits_capital_and_prestige(run, own):
    spec = own.score_share(run.players, by="bot").to_dict()
    rows = _datasets(spec)
    assert {r["source"] for r in rows} == {"Capital", "Prestige"}
    for bot in run.players["bot"].unique():
        assert sum(r["share"] for r in rows if r["bot"] == bot) == pytest.approx(1.0)
    heur = run.players.filter(pl.col("bot") == "heuristic")
    cap = next(r for r in rows if r["bot"] == "heuristic" and r["source"] == "Capital")
    assert cap["points"] == heur["capital"].sum()


def test_sale_zones_count_every_sale_in_zone_order(run, own):
    spec = own.sale_zones(run.events).to_dict()
    assert sum(r["sales"] for r in _datasets(spec)) == run.events.filter(pl.col("kind") == "sale").height
    assert spec["encoding"]["x"]["sort"] == ["Low", "Mid", "Hot"]


def test_market_events_count_games_per_number_of_crashes(run, own):
    spec = own.market_events(run.games).to_dict()
    rows = _datasets(spec)
    crashes = run.games.group_by("crashes").len()
    for r in crashes.iter_rows(named=True):
        assert any(x["event"] == "Crash" and x["per_game"] == r["crashes"] and x["games"] == r["len"] for x in rows)
    assert sum(x["games"] for x in rows if x["event"] == "Hot reset") == run.games.height


def test_upgrades_panels_cover_every_upgrade(run, own):
    spec = own.upgrades(run.players, run.events).to_dict()
    left, right = spec["hconcat"]
    assert left["encoding"]["x"]["field"] == "upgrades" and right["encoding"]["y"]["field"] == "department"
    rows = _datasets(spec)
    assert sum(r["count"] for r in rows if "count" in r) == run.events.filter(pl.col("kind") == "upgrade").height
    assert sum(r["players"] for r in rows if "players" in r) == run.players.height


def test_timeline_ends_on_the_final_scores_and_marks_crashes(run, rules):
    game = 1
    spec = charts.game_timeline(run.events, game=game, rules=rules).to_dict()
    rows = _datasets(spec)
    last = run.games.filter(pl.col("game") == game)["rounds"].item()
    final = {r["who"]: r["score"] for r in rows if "who" in r and r["round"] == last}
    expected = run.players.filter(pl.col("game") == game).sort("player")
    assert final == {f"Player {p}": s for p, s in zip(expected["player"], expected["score"])}
    crashes = run.games.filter(pl.col("game") == game)["crashes"].item()
    marks = [r for r in rows if r.get("marker") == "Crash" and "table_size" not in r]
    assert len(marks) == crashes
    assert {r["zone"] for r in rows if "zone" in r} <= {"Low", "Mid", "Hot"}


def test_timeline_from_a_live_game(rules):
    game = bl.new_game(rules, players=2, seed=5)
    bot = make_bot("greedy", seed=1)
    for _ in range(200):
        game.apply(bot.choose(game.observe(game.current_player), game.legal_actions()))
    spec = charts.game_timeline(game).to_dict()
    scores = {r["who"]: r["score"] for r in _datasets(spec) if "who" in r and r["round"] == game.round}
    capital_plus_prestige = {f"Player {r['player']}": r["capital"] + r["prestige"] for r in game.scores()}
    assert scores == capital_plus_prestige


def test_economy_flow_balances_sales_against_upgrades(run, own):
    spec = own.economy_flow(run.events).to_dict()
    rows = _datasets(spec)
    e = run.events
    sales = e.filter(pl.col("kind") == "sale")["capital"].sum()
    spent = e.filter(pl.col("kind") == "upgrade")["cost"].sum()
    per_game = run.games.height
    assert sum(r["per_game"] for r in rows if r["flow"] == "In: sales") == pytest.approx(sales / per_game)
    assert sum(r["per_game"] for r in rows if r["flow"] == "Out: upgrades") == pytest.approx(-spent / per_game)


def test_ab_comparison_marks_zero_and_each_ci(comparison):
    spec = charts.ab_comparison(comparison.table).to_dict()
    layers = spec["spec"]["layer"]
    assert layers[0]["encoding"]["x"] == {"datum": 0}
    assert layers[1]["encoding"]["x"]["field"] == "ci_low" and layers[1]["encoding"]["x2"]["field"] == "ci_high"
    assert spec["resolve"]["scale"]["x"] == "independent"
    names = {r["name"] for r in _datasets(spec)}
    assert "Rounds per game" in names and "Seat 0 win rate" in names
    assert len(names) == comparison.table.height


def test_save_writes_png_and_svg(run, tmp_path):
    chart = charts.win_rate(run.players)
    png = charts.save(chart, tmp_path / "win.png")
    svg = charts.save(chart, tmp_path / "win.svg")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = svg.read_text()
    assert text.lstrip().startswith("<svg") and "Win rate by seat" in text
    with pytest.raises(ValueError, match="must end in"):
        charts.save(chart, tmp_path / "win.gif")


def test_offline_renderer_is_the_jupyter_one():
    before = alt.renderers.active
    try:
        assert charts.use_offline_renderer() == "jupyter"
        assert alt.renderers.options.get("offline") is True
    finally:
        alt.renderers.enable(before)


def _axis_labels(chart) -> list[list[tuple[float, float, str]]]:
    """Each axis's labels as (x, y, text), read from the SVG that vl-convert draws offline."""
    import re

    import vl_convert as vlc

    svg = vlc.vegalite_to_svg(chart.to_dict())
    groups = re.findall(r'<g class="mark-text role-axis-label"[^>]*>(.*?)</g>', svg, re.S)
    place = re.compile(r"<text[^>]*translate\(([-\d.]+),([-\d.]+)\)[^>]*>([^<]*)</text>")
    return [[(float(x), float(y), t) for x, y, t in place.findall(g)] for g in groups]


def _crowded(labels: list[tuple[float, float, str]], font_px: float = 10.0) -> list[tuple[str, str]]:
    """Neighbouring labels of a horizontal axis whose boxes (about 0.6 em a character) come within 3 px."""
    row = sorted(lab for lab in labels if lab[2])
    if len({y for _, y, _ in row}) != 1:
        return []  # a vertical axis: labels stack, they cannot run into each other sideways
    width = [0.6 * font_px * len(t) for _, _, t in row]
    return [(a[2], b[2]) for a, b, wa, wb in zip(row, row[1:], width, width[1:]) if b[0] - a[0] < (wa + wb) / 2 + 3]


def test_axis_labels_do_not_crowd_and_counts_are_whole(run, comparison):
    """Issue 13: "crowded axis ticks ("18.020.0")". Round and count axes show whole numbers only, spaced apart."""
    long_games = run.games.with_columns(pl.Series("rounds", [18, 19, 20, 21, 22, 23]))
    built = {**_builders(run, comparison), "game_length (narrow range)": charts.game_length(long_games)}
    for name in ("game_length", "game_length (narrow range)", "game_timeline", "economy_flow", "market_events"):
        axes = _axis_labels(built[name])
        assert axes, name
        for labels in axes:
            assert not _crowded(labels), (name, _crowded(labels))
            numbers = [t for _, _, t in labels if t.lstrip("−-").isdigit() or "." in t]
            assert not any("." in t for t in numbers), (name, numbers)


def test_the_crowding_check_can_fail():
    assert _crowded([(0, 15, "18.0"), (20, 15, "20.0")]) == [("18.0", "20.0")]
    assert _crowded([(0, 15, "18"), (40, 15, "20")]) == []


def test_even_chance_is_one_over_the_players_at_each_table(run):
    """Four-player games give 25 %, also for a table of seat 0 only from several runs (notebook 03's boards)."""
    assert charts.win_rate(run.players).to_dict()["layer"][2]["encoding"]["y"] == {"datum": pytest.approx(1 / 3)}
    subtitle = charts.win_rate(run.players).to_dict()["title"]["subtitle"]
    assert "even chance (33 %)" in subtitle
    seat0 = pl.concat([run.players.filter(pl.col("player") == 0)] * 5)
    with pytest.raises(ValueError, match="players_per_game: the table has 5 rows per game but seats 0-0"):
        charts.win_rate(seat0, by="distillery")
    spec = charts.win_rate(seat0, by="distillery", players_per_game=4).to_dict()
    assert spec["layer"][2]["encoding"]["y"] == {"datum": 0.25}
    assert "even chance (25 %)" in spec["title"]["subtitle"]


def test_a_jupyter_kernel_gets_the_offline_renderer_at_import(monkeypatch):
    """Issue 30: a new notebook's chart loaded Vega from a CDN unless the designer knew to call
    use_offline_renderer(); in a kernel, importing bourbon_lab does it (and a kernel without Altair is left alone)."""
    import sys
    import types

    import altair as alt

    import bourbon_lab

    kernel = types.SimpleNamespace(kernel=object())
    before = alt.renderers.active
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: kernel))
    alt.renderers.enable("default")
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None if name == "altair" else object())
    bourbon_lab._charts_offline_in_a_kernel()
    assert alt.renderers.active == "default"
    monkeypatch.undo()
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: kernel))
    bourbon_lab._charts_offline_in_a_kernel()
    assert alt.renderers.active == "jupyter"
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: None))
    alt.renderers.enable("default")
    bourbon_lab._charts_offline_in_a_kernel()  # a plain Python process: nothing changes
    assert alt.renderers.active == "default"
    alt.renderers.enable(before)
