"""The dashboard's stores, setup parsing and publisher, without a browser."""

from __future__ import annotations

import json
from pathlib import Path

import panel as pn
import pytest

import bourbon_lab as bl
from bourbon_lab.dashboard import ABStudy, GameTable, SetupError, Study, StudySetup, load_setup, parse_upload
from bourbon_lab.dashboard.controls import refresh, rule_controls
from bourbon_lab.dashboard.publish import publish_site
from bourbon_lab.dashboard.running import simulate_with_progress
from bourbon_lab.dashboard.setup import MAX_UPLOAD_BYTES

REPO = Path(__file__).resolve().parent.parent

SCENARIO = b"name: hotter\nplayers: 3\ngames: 4\nseed: 2\nbots: heuristic\nrules:\n  zone_multipliers: [1, 2, 4]\n"


def test_progress_run_matches_simulate():
    rules = bl.Ruleset.default()
    seen = []
    a = bl.simulate(rules, players=3, games=5, seed=4, workers=1, bots=["heuristic", "greedy", "random"])
    b = simulate_with_progress(rules, 3, 5, ["heuristic", "greedy", "random"], 4, lambda d, t: seen.append((d, t)))
    assert a.stamp == b.stamp
    assert all(getattr(a, n).equals(getattr(b, n)) for n in ("games", "players", "events"))
    assert seen[-1] == (5, 5)


def test_study_reruns_when_an_input_changes():
    s = Study(players=3, games=3)
    assert s.result is None
    s.games = 4
    assert s.result.games.height == 4 and s.message == ""
    first = s.result.run_id
    assert s.set_rule("zone_multipliers", (1, 2, 4))
    assert s.result.run_id != first
    assert s.rule_changes() == [{"rule": "zone_multipliers", "default": (1, 2, 3), "value": (1, 2, 4)}]


def test_study_refuses_bad_values_with_a_message_and_keeps_its_result():
    s = Study(players=3, games=3)
    s.run()
    before = s.result
    assert not s.set_rule("zone_multipliers", (1, 2, 99))
    assert "Zone multipliers: 99 is above the maximum 20" in s.message and s.result is before
    assert not s.set_rule("mid_zone_from", 9)
    assert "Mid from 9" in s.message and "\n" not in s.message
    s.bots = "nonsense"
    assert "unknown bot 'nonsense'" in s.message and s.result is before
    s.bots = "greedy"
    assert s.message == "" and s.result is not before


def test_ab_study_pairs_two_rulesets_on_common_seeds():
    ab = ABStudy(players=2, games=3, auto_run=False)
    assert ab.set_rule("b", "zone_multipliers", (1, 2, 5))
    assert ab.run()
    t = ab.comparison.table
    assert set(t["games"]) == {3} and "rounds" in t["metric"].to_list()
    assert ab.comparison.a.games["seed"].to_list() == ab.comparison.b.games["seed"].to_list()


def test_ab_view_shows_the_stamp_of_the_run_it_draws():
    """Issue 13 item 3: the A/B line lagged one run and the first load showed no stamp."""
    from bourbon_lab.dashboard.app import ABView

    ab = ABStudy(players=2, games=2, auto_run=False)
    view = ABView(ab)
    seen = []
    ab.param.watch(lambda e: seen.append(ab.status), "comparison")
    assert ab.run()
    assert view.status.object == ab.status and ab.comparison.b.run_id in view.status.object
    assert ab.set_rule("b", "zone_multipliers", (1, 2, 4))
    assert ab.run()
    b_stamp = ab.comparison.b.run_id
    assert f"vs B {b_stamp}" in view.status.object and ab.comparison.a.run_id != b_stamp
    assert len(seen) == 2 and f"vs B {b_stamp}" in seen[-1]  # the stamp was current when the chart redrew


def test_upload_is_data_only_capped_and_checked():
    setup = parse_upload(SCENARIO, "hot.yaml")
    assert (setup.players, setup.games, setup.seed, setup.rules.zone_multipliers) == (3, 4, 2, (1, 2, 4))
    with pytest.raises(SetupError, match="over the 256 KB limit"):
        parse_upload(b"#" * (MAX_UPLOAD_BYTES + 1), "big.yaml")
    with pytest.raises(SetupError, match=r"bad.yaml line \d+: not valid YAML"):
        parse_upload(b"rules:\n  - [unclosed\n", "bad.yaml")
    with pytest.raises(SetupError, match="players"):
        parse_upload(b"players: 9\n", "p.yaml")
    with pytest.raises(SetupError, match="zone_multipliers"):
        parse_upload(b"rules:\n  zone_multipliers: [1, 2, 400]\n", "z.yaml")
    with pytest.raises(SetupError):  # a Python tag is refused by the safe loader, never built
        parse_upload(b"rules: !!python/object/apply:os.system ['echo pwned']\n", "evil.yaml")
    with pytest.raises(SetupError, match="empty"):
        parse_upload(b"", "e.yaml")


def test_load_setup_reads_a_file_or_the_defaults(tmp_path):
    assert load_setup(None) == StudySetup()
    path = tmp_path / "hot.yaml"
    path.write_bytes(SCENARIO)
    assert load_setup(path).rules.zone_multipliers == (1, 2, 4)
    with pytest.raises(SetupError, match="no such scenario file"):
        load_setup(tmp_path / "missing.yaml")


def test_rule_controls_come_from_the_schema_like_the_notebook_editor():
    """Issue 13 item 10: the dashboard asked for YAML text where the notebook has named number boxes."""
    from bourbon_lab.widgets import RulesEditor

    rules = bl.Ruleset.default()
    calls = []
    acc = rule_controls(rules, lambda n, v: calls.append((n, v)), calls.append)
    editor = RulesEditor(rules)
    assert set(acc.rule_widgets) == {f.name for f in bl.Ruleset.schema()} == set(editor.controls)
    assert not [w for w in acc.rule_widgets.values() for p in w.parts if isinstance(p, pn.widgets.TextInput)]
    pile = acc.rule_widgets["pile_size"]
    assert (pile.spec.lo, pile.spec.hi) == rules.allowed_range("pile_size")  # narrowed by the content
    start = acc.rule_widgets["start_capital"]
    assert start.spec.lo == editor.controls["start_capital"].input.min == rules.allowed_range("start_capital")[0]
    zones = acc.rule_widgets["zone_multipliers"]
    assert [p.label for p in zones.parts] == [b.description for b in editor.controls["zone_multipliers"].boxes]
    assert [p.label for p in zones.parts] == ["Low", "Mid", "Hot"]
    for spec in bl.Ruleset.schema():  # every control hands back a value the Ruleset takes as it is
        value = acc.rule_widgets[spec.name].value
        assert value == getattr(rules, spec.name), spec.name
        shown = acc.rule_widgets[spec.name].__panel__().select(pn.widgets.Widget)
        helps = {getattr(x, "description", None) for x in shown} | {x.value for x in shown if hasattr(x, "value")}
        # the notebook's help text, as a tooltip, with the number's source (the book's or ours)
        source = "printed in the rulebook" if spec.book else "ours"
        assert any(spec.description in h and source in h for h in helps if isinstance(h, str)), spec.name
    zones.parts[2].value = 5  # a person types 5 in the Hot box
    assert calls[-1] == ("zone_multipliers", (1, 2, 5)) and zones.value == (1, 2, 5)
    piles = acc.rule_widgets["pile_quality_odds"]
    piles.pile.value = "rye"
    piles.own.value = True  # own odds for the rye pile
    assert calls[-1] == ("pile_quality_odds", (("rye", (50, 25, 15, 8, 2)),))
    piles.boxes[0].value = 40
    piles.boxes[1].value = 35
    assert calls[-1][0] == "pile_quality_odds" and rules.replace(pile_quality_odds=calls[-1][1])
    refresh(acc, rules.replace(zone_multipliers=(1, 3, 6)))
    assert [p.value for p in zones.parts] == [1, 3, 6]
    lo, hi = rules.allowed_range("start_capital")
    start.parts[0].value = hi + 1  # typed above what the content allows: the highest, and said so under the box
    assert start.value == start.parts[0].value == hi and calls[-1] == ("start_capital", hi)
    assert start.notes == [f"Start capital: {hi + 1} is above its range {lo}–{hi}; set to {hi}"] and start.note.visible
    start.parts[0].value = lo  # a number in range clears the note
    assert start.notes == [] and not start.note.visible and calls[-1] == ("start_capital", lo)


def test_rule_groups_reach_the_page_when_opened():
    """Panel's notebook output costs time in the square of its models: closed groups start empty."""
    acc = rule_controls(bl.Ruleset.default(), lambda n, v: None, print)
    closed = len(list(acc.get_root().references()))
    market = [title for title in acc._names].index("Market")
    assert acc.objects[market].objects == []
    acc.active = [0, market]
    assert acc.rule_widgets["mid_zone_from"].parts[0] in acc.objects[market].select(pn.widgets.IntInput)
    acc.active = list(range(len(acc.objects)))
    assert len(list(acc.get_root().references())) > 2 * closed


def test_run_inputs_are_number_boxes():
    from bourbon_lab.dashboard.app import ABView

    ab = ABStudy(players=2, games=2, auto_run=False)
    boxes = {w.name: w for w in ABView(ab).__panel__().select(pn.widgets.Widget)}
    assert isinstance(boxes["Seed"], pn.widgets.IntInput) and boxes["Seed"].end == 2**31 - 1
    assert not [w for w in boxes.values() if isinstance(w, pn.widgets.IntSlider)]


def test_game_table_steps_and_refuses_an_illegal_click():
    t = GameTable(players=2, seed=1, bot="random")
    assert t.state["round"] == 1
    assert t.step(5) == 5
    snapshot = t.game.snapshot()
    assert not t.play("sell B99 -> D01")
    assert t.error and t.game.snapshot() == snapshot
    legal = str(t.game.legal_actions()[0])
    assert t.play(legal) and t.error == ""
    start = t.game.round
    t.to_round_end()
    assert t.game.round == start + 1 or t.game.is_over
    t.players = 3
    assert t.game.n == 3 and t.state["round"] == 1


def test_publish_writes_a_self_contained_report(tmp_path):
    setup = parse_upload(SCENARIO, "hot.yaml")
    index = publish_site(setup, tmp_path / "site")
    page = index.read_text()
    assert "http://" not in page and "https://" not in page
    assert "zone_multipliers" in page and "(1, 2, 4)" in page
    assert "Win rate by seat" in page and "ab_comparison" in page
    stamp = json.loads(page.split("<pre id='stamp'>")[1].split("</pre>")[0].replace("&quot;", '"'))
    assert stamp["games"] == 4 and stamp["players"] == 3
    js = (tmp_path / "site" / "assets" / "vega.js").read_text()
    assert "window.vegaEmbed" in js
    for name in ("win_rate", "game_timeline", "ab_comparison"):
        assert (tmp_path / "site" / "charts" / f"{name}.png").stat().st_size > 1000
        assert (tmp_path / "site" / "charts" / f"{name}.svg").read_text().lstrip().startswith("<svg")


def test_cli_refuses_bad_input_in_one_line(tmp_path, capsys):
    from bourbon_lab.cli import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [\n")
    assert main(["publish", "--scenario", str(bad), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("bourbon-lab publish: bad.yaml") and "line" in err and "\n" not in err
    assert main(["publish", "--out", str(tmp_path / "o"), "--games", "0"]) == 2
    assert main(["dashboard", "--scenario", str(tmp_path / "none.yaml"), "--no-show"]) == 2


def test_a_scenario_file_with_a_snapshot_loads_from_its_own_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the snapshot path is relative to the scenario file, not the working folder
    setup = load_setup(REPO / "scenarios" / "variant-hot-pays-x4.yaml")
    assert setup.rules.zone_multipliers == (1, 2, 4)


def test_an_uploaded_scenario_may_not_name_a_server_file():
    raw = (REPO / "scenarios" / "variant-hot-pays-x4.yaml").read_bytes()
    with pytest.raises(SetupError, match="snapshot"):
        parse_upload(raw, "hot.yaml")


def test_the_progress_bar_follows_a_run_whose_size_changes():
    import param

    from bourbon_lab.dashboard.app import _progress

    class Store(param.Parameterized):
        running = param.Boolean(False)
        done = param.Integer(0)
        total = param.Integer(1)
        games = param.Integer(1)
        eta = param.String("")

    store = Store()
    shown = _progress(store)
    bar, words = shown.bar, shown.words
    left = "4 of 6 games, 00:08 so far, about 00:04 left"
    store.param.update(total=6, done=4, running=True, eta=left)  # the value passes the old maximum in one batch
    assert (bar.max, bar.value, bar.visible) == (6, 4, True)
    assert (words.object, words.visible) == (left, True)  # the time left, under the bar
    store.param.update(total=2, done=1)
    assert (bar.max, bar.value) == (2, 1)
    store.running = False
    assert not bar.visible and not words.visible


def test_summary_tables_read_as_finished_text():
    """The dashboard's tables show shares as percentages and rates with their interval, not raw floats."""
    import re

    from bourbon_lab.dashboard import summary_tables

    result = bl.simulate(bl.Ruleset.default(), players=3, games=6, bots="heuristic", seed=1, workers=1)
    tables = summary_tables(result)
    assert re.fullmatch(r"\d+ %", tables["Per game"]["ended by orders"][0])
    for by in ("seat", "bot"):
        cells = tables[f"Win rate by {by}"]["win rate [95 % CI]"].to_list()
        assert cells and all(re.fullmatch(r"\d+ % \[\d+, \d+\]", c) for c in cells), cells


def test_a_picked_scenario_retitles_the_study_and_each_game_lists_its_own_scenarios(monkeypatch):
    """Issue 30: every scenario pick logged "TypeError: Constant parameter 'name' cannot be modified", the title
    kept "bourbonomics defaults", and Gin Crafters' and Microbrew's pickers listed only Bourbonomics' files."""
    from bourbon_lab.dashboard.app import DEFAULTS, GameApp, scenario_files

    monkeypatch.chdir(REPO)
    own = {game: set(scenario_files(None, game)) - {DEFAULTS} for game in bl.games()}
    assert "two-players.yaml" in own["bourbonomics"]
    for game in ("distilled", "gin_crafters", "microbrew"):
        assert own[game] == {p.name for p in (REPO / "scenarios" / game).glob("*.y*ml")} and own[game], game
        assert not own[game] & own["bourbonomics"], game
    app = GameApp(StudySetup(players=2, games=2), served=False)
    view = app.tabs.views[0]
    pick = next(w for w in view._inputs().objects if getattr(w, "name", "") == "Scenario")
    pick.value = "two-players.yaml"
    study = app.tabs.stores[0]
    named = load_setup(REPO / "scenarios" / "two-players.yaml").name
    assert study.message == "" and study.source == named and study.players == 2
    assert f"({named})" in app.title.object
    app.picker.value = "microbrew"
    assert "Microbrew study (defaults)" in app.title.object
    picker = next(w for w in app.tabs.views[0]._inputs().objects if getattr(w, "name", "") == "Scenario")
    assert set(picker.options) - {DEFAULTS} == own["microbrew"]
