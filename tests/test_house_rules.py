"""House rules as code (issue 28): one mechanism in ``core``, used by all four games.

A house rule is written here as a designer writes it in a notebook cell; the tests play it through
the engines and check what a designer relies on: it does what it says, it is part of the ruleset (its
parameters are knobs and refused by name), it survives snapshots (and a changed source is refused), a
handler that raises loses nothing, and two built-in variants of each game can be said as house rules.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from house_variants import PAIRS

import bourbon_lab as bl
from bourbon_lab.core import IllegalAction, RulesetError
from bourbon_lab.core.house import HouseRuleError, house_rule, param

GAMES = ("bourbonomics", "distilled", "gin_crafters", "microbrew")
HERE = Path(__file__).resolve().parent


@house_rule("bourbonomics", prestige=param(2, 0, 10, "Prestige for each player with an empty rickhouse"))
def crash_bonus(rule):
    "Whenever the market crashes, every player with no barrel in their rickhouse gains Prestige."

    @rule.on("crash")
    def pay(h, event):
        for p in h.seats:
            if not h.game.players[p].barrels:
                h.give_prestige(p, h.prestige)


def _rules(game: str):
    return bl.default_rules(game)


def _random_game(rules, players: int, seed: int, until=None, pick=None):
    g = bl.new_game(rules, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over and not (until and until(g)):
        legal = g.legal_actions()
        g.apply(rng.choice(legal) if pick is None else pick(rng, legal), check=False)
    return g


def _crashing(seed=2):
    """A first-draft 4-player table just before the action that crashes the market, seat 1's rickhouse emptied
    (random players always hold a barrel, so the bonus's condition is set by a snapshot edit)."""
    g = bl.new_game(bl.Ruleset.named("first-draft"), players=4, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        action = rng.choice(g.legal_actions())
        if g.round >= 5 and any(e.kind == "crash" for e in g.clone().apply(action, check=False)):
            snap = g.snapshot()
            snap["players"][1]["barrels"] = []
            return snap, action
        g.apply(action, check=False)
    raise AssertionError("no crash in this first-draft game")


# --- the crash bonus of the issue, through the engine


def test_the_crash_bonus_pays_every_player_with_an_empty_rickhouse_with_its_name():
    """'When the new card would be the 7th on the table, the whole table is wiped instead.' A house rule on
    that event gives Prestige to each player with no barrel, in events carrying its name, counted in the score."""
    snap, action = _crashing()
    snap["rules"] = bl.Ruleset.named("first-draft").with_house_rules(crash_bonus(prestige=3)).to_dict()
    snap["house"] = {"points": {}, "streams": {}}
    g = bl.restore(snap)
    empty = [p for p in range(g.n) if not g.players[p].barrels]
    events = g.apply(action)
    paid = [e for e in events if e.data.get("rule") == "crash_bonus"]
    assert [e.player for e in paid] == empty and all(e.data["amount"] == 3 for e in paid)
    assert all(e.seq > next(c.seq for c in events if c.kind == "crash") for e in paid)  # after the crash
    after = {r.player: r for r in g.score_rows()}
    for p in range(g.n):
        gained = 3 if p in empty else 0
        assert after[p].parts["house rules"] == gained
        assert sum(after[p].parts.values()) == after[p].score
    from bourbon_lab.widgets.narrate import describe

    assert empty, "the chosen table has an empty rickhouse at the crash (else the test proves nothing)"
    assert describe(paid[0], None, "bourbonomics") == f"House rule crash_bonus: P{paid[0].player} gains 3 Prestige."


def test_a_house_rule_changes_the_fingerprint_and_its_parameters_are_knobs():
    base = bl.Ruleset.default()
    two, three = base.with_house_rules(crash_bonus), base.with_house_rules(crash_bonus(prestige=3))
    assert len({base.fingerprint(), two.fingerprint(), three.fingerprint()}) == 3
    assert getattr(three, "house:crash_bonus.prestige") == 3
    moved = two.replace(**{"house:crash_bonus.prestige": 5})
    assert moved.house_rules[0]["prestige"] == 5 and moved.fingerprint() != two.fingerprint()
    assert two.house_rules[0]["prestige"] == 2  # immutable: replace made a copy
    from bourbon_lab.core.house import specs_of

    spec = [s for s in specs_of(two) if s.name == "house:crash_bonus.prestige"][0]
    assert (spec.group, spec.lo, spec.hi, spec.book) == ("house rules", 0, 10, False)
    assert two.without_house_rules() == base


@pytest.mark.parametrize("value, ok", [(0, True), (10, True), (-1, False), (11, False), (2.5, False)])
def test_a_house_rule_parameter_is_refused_whole_by_name_at_its_edges(value, ok):
    base = bl.Ruleset.default().with_house_rules(crash_bonus)
    if ok:
        assert getattr(base.replace(**{"house:crash_bonus.prestige": value}), "house:crash_bonus.prestige") == value
        return
    with pytest.raises(RulesetError) as caught:
        base.replace(**{"house:crash_bonus.prestige": value, "round_limit": -5})
    assert "house:crash_bonus.prestige" in caught.value.fields and "round_limit" in caught.value.fields


def test_a_rule_for_another_game_or_an_unknown_hook_is_refused_by_name():
    with pytest.raises(RulesetError, match="house:crash_bonus: a house rule for bourbonomics, not microbrew"):
        bl.default_rules("microbrew").with_house_rules(crash_bonus)

    @house_rule("bourbonomics")
    def typo(rule):
        "A rule on an event that does not exist."

        @rule.on("crsh")
        def never(h, e):
            pass

    with pytest.raises(RulesetError, match="house:typo: bourbonomics has no event kind 'crsh'"):
        bl.Ruleset.default().with_house_rules(typo)


# --- snapshots and playtest files name the rule and its source


def test_a_snapshot_names_its_house_rules_and_restores_them():
    rules = bl.Ruleset.named("first-draft").with_house_rules(crash_bonus(prestige=4))
    g = _random_game(rules, 4, 3, until=lambda g: g.round >= 4)
    snap = json.loads(json.dumps(g.snapshot()))
    assert snap["rules"]["house_rules"] == [crash_bonus(prestige=4).ref()]
    back = bl.restore(snap)
    assert back.rules == rules and back.snapshot() == g.snapshot()


def test_a_snapshot_whose_rule_source_changed_is_refused_naming_the_rule():
    @house_rule("microbrew", money=param(1, 0, 5, "money per serve"))
    def tip_jar(rule):
        "Every serve earns a tip."

        @rule.on("serve")
        def tip(h, e):
            h.give_money(e.player, h.money)

    g = _random_game(_rules("microbrew").with_house_rules(tip_jar), 2, 1, until=lambda g: g.round >= 2)
    snap = json.loads(json.dumps(g.snapshot()))

    @house_rule("microbrew", money=param(1, 0, 5, "money per serve"))
    def tip_jar(rule):  # noqa: F811  (the designer edits the cell and runs it again)
        "Every serve earns a bigger tip."

        @rule.on("serve")
        def tip(h, e):
            h.give_money(e.player, 2 * h.money)

    with pytest.raises(RulesetError, match="house:tip_jar: the house rule's source has changed"):
        bl.restore(snap)


def test_a_snapshot_of_a_rule_this_process_never_defined_is_refused_naming_it():
    snap = bl.new_game(_rules("gin_crafters"), players=2, seed=1).snapshot()
    snap["rules"]["house_rules"] = [{"name": "ghost_rule", "params": {}, "source": "0" * 16}]
    with pytest.raises(RulesetError, match="house:ghost_rule: this house rule is not defined in this process"):
        bl.restore(snap)


# --- a handler that raises loses nothing


@pytest.mark.parametrize("game", GAMES)
def test_a_handler_that_raises_names_the_rule_and_leaves_the_game_as_it_was(game):
    @house_rule(game)
    def clumsy(rule):
        "Raises after every action."

        @rule.on(
            {"bourbonomics": "turn_end", "distilled": "income", "gin_crafters": "action", "microbrew": "placement"}[
                game
            ]
        )
        def boom(h, e):
            h.note(None, "about to fail")
            raise ZeroDivisionError("designer's bug")

    g = bl.new_game(_rules(game).with_house_rules(clumsy), players=2, seed=5)
    rng = random.Random(5)
    for _ in range(400):
        before, action = json.dumps(g.snapshot(), sort_keys=True), str(rng.choice(g.legal_actions()))
        try:
            g.apply(action)
        except HouseRuleError as exc:
            assert (exc.rule, exc.action) == ("clumsy", action) and exc.hook.startswith("on(")
            assert isinstance(exc.__cause__, ZeroDivisionError) and "clumsy" in str(exc) and "unchanged" in str(exc)
            assert json.dumps(g.snapshot(), sort_keys=True) == before
            return
    raise AssertionError(f"{game}: the handler's event never happened in 400 actions")


# --- forbid, a new action, randomness of its own


def test_a_forbidden_action_leaves_the_legal_list_and_is_refused_quoting_the_reason():
    @house_rule("distilled")
    def no_cubes(rule):
        "Recipe cubes are not for sale."

        @rule.forbid
        def cubes(h, player, action):
            return "recipe cubes are not for sale" if action.startswith("cube ") else None

    plain = _random_game(
        _rules("distilled"), 3, 2, until=lambda g: any(a.startswith("cube ") for a in g.legal_actions())
    )
    cube = next(a for a in plain.legal_actions() if a.startswith("cube "))
    snap = plain.snapshot()
    snap["rules"] = _rules("distilled").with_house_rules(no_cubes).to_dict()
    g = bl.restore(snap)
    assert cube not in g.legal_actions() and len(g.legal_actions()) == len(plain.legal_actions()) - sum(
        a.startswith("cube ") for a in plain.legal_actions()
    )
    before = g.snapshot()
    with pytest.raises(IllegalAction, match="house rule no_cubes: recipe cubes are not for sale"):
        g.apply(cube)
    assert g.snapshot() == before


@house_rule("gin_crafters", price=param(4, 1, 10, "coins for one VP"))
def buy_fame(rule):
    "At an action, pay coins for 1 VP (as often as you can pay)."

    def legal(h, player):
        t = h.game
        return ["fame"] if t.step == "action" and t.players[player]["coins"] >= h.price else []

    @rule.action(legal)
    def fame(h, player, text):
        h.give_coins(player, -h.price)
        h.give_vp(player, 1)


def test_a_new_action_is_listed_played_replayed_and_taken_by_bots():
    rules = _rules("gin_crafters").with_house_rules(buy_fame)
    g = _random_game(rules, 2, 4, until=lambda g: "fame" in g.legal_actions())
    coins, before = g.players[g.current_player]["coins"], g.score_rows()[g.current_player].score
    seat = g.current_player
    events = g.apply("fame")
    assert [e.kind for e in events] == ["spend", "points"] and g.actions[-1] == "fame"
    assert [e.player for e in events] == [seat, seat]  # who paid and who scored, in the log and its tables
    assert events[1].data == {"amount": 1, "source": "house:buy_fame", "rule": "buy_fame", "unit": "VP"}
    assert g.players[seat]["coins"] == coins - 4 and g.score_rows()[seat].score == before + 1
    from bourbon_lab.bots import make_bot

    bot = make_bot("random", seed=1, game="gin_crafters")
    picks = {bot.choose(g.observe(g.current_player), ["fame", "side business"]) for _ in range(40)}
    assert "fame" in picks
    replay = bl.new_game(rules, players=2, seed=4)
    for a in g.actions:
        replay.apply(a)
    assert replay.snapshot() == g.snapshot()


def test_randomness_inside_a_rule_comes_from_its_own_stream_same_in_another_process():
    script = f"""
import json, random, sys
sys.path.insert(0, {str(HERE)!r})
import bourbon_lab as bl
from bourbon_lab.core.house import house_rule

@house_rule("microbrew")
def lucky_break(rule):
    "A break may earn a lucky coin."

    @rule.on("break")
    def luck(h, e):
        if h.rng.random() < 0.5:
            h.give_money(e.player, 1)

g = bl.new_game(bl.default_rules("microbrew").with_house_rules(lucky_break), players=2, seed=8)
rng = random.Random(8)
while not g.is_over:
    g.apply(rng.choice(g.legal_actions()), check=False)
print(json.dumps([[e.kind, e.player, e.data] for e in g.log if e.data.get("rule")]))
"""
    runs = [
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            timeout=300,
            env={"PYTHONHASHSEED": str(k), "PATH": ""},
        )
        for k in (1, 2)
    ]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    first = json.loads(runs[0].stdout)
    assert first and runs[0].stdout == runs[1].stdout


# --- every game: its catalogue, and two of its variants said as house rules


@pytest.mark.parametrize("game", GAMES)
def test_each_game_publishes_its_hook_catalogue_of_real_event_kinds(game):
    cat = bl.hooks(game)
    source = "".join(
        p.read_text()
        for p in (HERE.parent / "bourbon_lab" / "games" / game).rglob("*.py")
        if p.name != "house_hooks.py"
    )
    missing = [k for k in cat.events if f'"{k}"' not in source]
    assert not missing and cat.quantities and cat.effects
    assert all(row["rule"] for row in cat.rows())
    assert game in repr(cat) and "| hook |" in cat._repr_markdown_()


_PREFER = {
    "bourbonomics": ("sell", "make", "stage"),
    "distilled": ("distill", "load", "claim", "label"),
    "gin_crafters": ("distill", "refresh", "take", "juniper", "key", "use"),
    "microbrew": ("place",),
}


def _keen(game):
    """Random play that leans to each game's scoring actions, so the variants' rules come up."""

    def pick(rng, legal):
        texts = [str(a) for a in legal]
        avoid = ("sell s",) if game == "distilled" else ("@@",)
        keen = [a for a in texts if a.startswith(_PREFER[game]) and not a.startswith(avoid)]
        ok = [a for a in texts if not a.startswith(avoid)] or texts
        return rng.choice(keen if keen and rng.random() < 0.8 else ok)

    return pick


def _log(g) -> list:
    return [
        (e.kind, e.player, e.round, repr(sorted((k, v) for k, v in e.data.items() if k != "ruleset"))) for e in g.log
    ]


@pytest.mark.parametrize("game, change, rule", PAIRS, ids=[f"{g}-{next(iter(c))}" for g, c, _ in PAIRS])
def test_a_built_in_variant_rewritten_as_a_house_rule_plays_the_identical_log(game, change, rule):
    """50 seeds: the variant and the house rule on the defaults give the same log (the setup's ruleset
    fingerprint aside); and the variant is not a no-op here (some seed plays otherwise than the defaults)."""
    base, fired = _rules(game), False
    for seed in range(50):
        n = 2 + seed % 2 if game == "microbrew" else 2 + seed % 3
        variant = _log(_random_game(base.replace(**change), n, seed, pick=_keen(game)))
        house = _log(_random_game(base.with_house_rules(rule), n, seed, pick=_keen(game)))
        assert variant == house, f"seed {seed}"
        fired = fired or variant != _log(_random_game(base, n, seed, pick=_keen(game)))
    assert fired


# --- it travels: process pools and Dask take a rule defined where no worker can import it


def _local_crash_bonus():
    """The crash bonus defined inside a function, as in a notebook cell: no worker can import it by name."""

    @house_rule("bourbonomics", prestige=param(2, 0, 10, "Prestige for each player at a crash"))
    def cell_crash_bonus(rule):
        "Whenever the market crashes, every player gains Prestige (the heuristics always hold a barrel)."

        @rule.on("crash")
        def pay(h, event):
            for p in h.seats:
                h.give_prestige(p, h.prestige)

    return cell_crash_bonus


def _tables(result) -> dict:
    return {name: getattr(result, name) for name in ("games", "players", "events", "score_parts")}


def test_a_rule_from_a_cell_runs_on_two_local_workers_with_the_same_tables():
    rules = bl.Ruleset.named("first-draft").with_house_rules(_local_crash_bonus()(prestige=3))
    one = bl.simulate(rules, games=12, players=4, seed=2, workers=1, progress=False)
    two = bl.simulate(rules, games=12, players=4, seed=2, workers=2, progress=False)
    assert not one.failures and not two.failures and one.run_id == two.run_id
    for name, table in _tables(one).items():
        assert table.equals(getattr(two, name)), name
    house = one.score_parts.filter(one.score_parts["source"] == "house rules")
    assert house.height == 48 and house["points"].sum() > 0  # the rule fired and its points are a score part
    assert one.events.filter(one.events["source"] == "house:cell_crash_bonus").height > 0


@pytest.mark.slow
def test_a_rule_from_a_cell_runs_on_a_dask_cluster_with_the_same_tables():
    distributed = pytest.importorskip("dask.distributed")
    rules = bl.Ruleset.named("first-draft").with_house_rules(_local_crash_bonus()(prestige=3))
    local = bl.simulate(rules, games=12, players=4, seed=2, workers=1, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = bl.simulate(rules, games=12, players=4, seed=2, executor=client, progress=False)
    assert not on_dask.failures and on_dask.run_id == local.run_id
    for name, table in _tables(local).items():
        assert table.equals(getattr(on_dask, name)), name


def test_the_docs_pages_list_each_games_catalogue():
    for game in GAMES:
        page = HERE.parent / "docs" / "games" / f"{game}-hooks.md"
        assert page.read_text() == bl.hooks(game).markdown(), f"regenerate {page.name}: bourbon-lab hooks --markdown"


def test_an_endless_house_rule_is_stopped_by_the_decision_guard_naming_it():
    from bourbon_lab.core.house import EndlessGame

    @house_rule("gin_crafters")
    def never_ends(rule):
        "Nobody ever signals the end, and the round limit is ignored."

        @rule.quantity("game_ends")
        def no(h, ends, player, vp):
            return False

        def legal(h, player):
            return ["wait"] if h.game.step == "action" else []

        @rule.action(legal)
        def wait(h, player, text):
            pass

    g = bl.new_game(_rules("gin_crafters").with_house_rules(never_ends), players=2, seed=1)
    with pytest.raises(EndlessGame, match="never_ends"):
        for _ in range(7000):
            g.apply("wait")
    assert len(g.actions) == bl.get_game("gin_crafters").info.max_decisions  # the failing action rolled back


# --- scenarios and playtest files


def test_a_scenario_takes_house_rules_from_a_file_beside_it(capsys):
    """``house_rules: {file, rules}`` runs the file and plays its rules; ``bourbon-lab check`` runs it."""
    from bourbon_lab.cli import main

    assert main(["check", str(HERE.parent / "scenarios" / "house-rules" / "crash-bonus.yaml")]) == 0
    assert "PASS House rules at the crash" in capsys.readouterr().out


@pytest.mark.parametrize(
    "entry, message",
    [
        ("{file: crash_rules.py, rules: [crash_bonnus]}", "crash_rules.py defines no house rule 'crash_bonnus'"),
        ("{file: missing.py, rules: [crash_bonus]}", "no file missing.py beside this scenario"),
        ("{file: crash_rules.py, rules: {crash_bonus: {prestige: 99}}}", "house:crash_bonus.prestige: 99 is above"),
        ("crash_rules.py", "house_rules: takes {file:"),
    ],
)
def test_a_scenarios_bad_house_rules_entry_is_one_line_naming_it(tmp_path, entry, message):
    from bourbon_lab.scenarios import Scenario, ScenarioError

    folder = HERE.parent / "scenarios" / "house-rules"
    (tmp_path / "crash_rules.py").write_text((folder / "crash_rules.py").read_text())
    path = tmp_path / "s.yaml"
    path.write_text(f"name: bad\nhouse_rules: {entry}\nplayers: 2\nbots: random\n")
    with pytest.raises(ScenarioError, match="line 2") as caught:
        Scenario.load(path)
    assert message in str(caught.value)


def test_a_playtest_file_names_its_house_rules_and_replays(tmp_path):
    from bourbon_lab.scenarios import Scenario, save_playtest

    @house_rule("bourbonomics", prestige=param(1, 0, 5, "Prestige for everyone"))
    def dividend(rule):
        "Every crash pays everyone Prestige."

        @rule.on("crash")
        def pay(h, e):
            for p in h.seats:
                h.give_prestige(p, h.prestige)

    rules = bl.Ruleset.named("first-draft").with_house_rules(dividend(prestige=2))
    g = _random_game(rules, 3, 4)
    assert any(e.data.get("rule") == "dividend" for e in g.log)
    path = save_playtest(g, tmp_path / "p.yaml")
    text = path.read_text()
    assert f"source: {dividend.source_hash}" in text and "name: dividend" in text
    replayed = Scenario.load(path).game()
    assert replayed.snapshot() == g.snapshot()


# --- the conformance harness plays a ruleset with house rules (another process included)


_GIVE = {
    "bourbonomics": ("turn_end", "give_capital"),
    "distilled": ("round_start", "give_money"),
    "gin_crafters": ("action", "give_coins"),
    "microbrew": ("round_start", "give_money"),
}


@pytest.mark.parametrize("game", GAMES)
def test_the_conformance_harness_plays_a_ruleset_with_a_house_rule(game):
    from bourbon_lab.testing import check_game

    kind, effect = _GIVE[game]

    @house_rule(game, chance=param(0.3, 0.0, 1.0, "chance of a windfall"))
    def windfall(rule):
        "Now and then a player finds a coin (the rule's own random stream)."

        @rule.on(kind)
        def coin(h, event):
            if event.player is not None and h.rng.random() < h.chance:
                getattr(h, effect)(event.player, 1)

    report = check_game(game, players=[2], variants=(), games=1, seed=3, rules=_rules(game).with_house_rules(windfall))
    assert report.games == 1 and report.other_process and report.restores >= 1


# --- the controls and the design tools see a rule's parameters


def test_the_rules_editor_and_the_dashboard_controls_show_a_rules_parameters():
    from bourbon_lab.dashboard.controls import rule_controls
    from bourbon_lab.widgets import RulesEditor

    rules = bl.Ruleset.default().with_house_rules(crash_bonus)
    editor = RulesEditor(rules)
    assert "house:crash_bonus.prestige" in editor.controls
    editor.set_value("house:crash_bonus.prestige", 6)
    assert getattr(editor.rules, "house:crash_bonus.prestige") == 6 and not editor.problems
    editor.set_value("house:crash_bonus.prestige", 60)  # the box is bounded by the parameter's range
    assert getattr(editor.rules, "house:crash_bonus.prestige") == 10 and not editor.problems
    editor.reset()
    assert getattr(editor.rules, "house:crash_bonus.prestige") == 2
    seen = []
    acc = rule_controls(rules, lambda name, value: seen.append((name, value)), lambda text: None)
    acc.rule_widgets["house:crash_bonus.prestige"].value = 4
    assert seen == [("house:crash_bonus.prestige", 4)]


def test_a_rules_parameter_is_a_knob_for_the_design_tools():
    from bourbon_lab.design.knobs import apply_knobs, parse_knobs

    rules = bl.Ruleset.default().with_house_rules(crash_bonus)
    (knob,) = parse_knobs(rules, "house:crash_bonus.prestige=0:6")
    assert (knob.field, knob.integer, knob.book) == ("house:crash_bonus.prestige", True, False)
    moved = apply_knobs(rules, [knob], [0.5])
    assert getattr(moved, "house:crash_bonus.prestige") == knob.value(0.5)
    with pytest.raises(bl.BourbonLabError, match="outside the field's range"):
        parse_knobs(rules, "house:crash_bonus.prestige=0:60")


def test_the_rl_adapters_number_a_rules_new_action_after_the_games_own():
    """A new action is listed to agents like any other: the mask offers it, and its number plays it."""
    pytest.importorskip("pettingzoo")
    from bourbon_lab.rl.pettingzoo import raw_env

    env = raw_env("gin_crafters", players=2, rules=_rules("gin_crafters").with_house_rules(buy_fame))
    env.reset(seed=3)
    rng = random.Random(3)
    played = 0
    for _ in range(400):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        mask = env.observe(agent)["action_mask"]
        choices = [i for i, ok in enumerate(mask) if ok]
        fame_number = env.table.index.base.size  # the first house-rule number
        pick = fame_number if fame_number in choices else rng.choice(choices)
        played += pick == fame_number
        env.step(pick)
    assert played > 0 and "fame" in env.state.actions


def test_the_bourbonomics_soak_checks_its_book_invariants_with_a_house_rule():
    """The soak's law "Capital changes only by sales, upgrades and Tastings" counts a rule's named income."""
    from bourbon_lab.testing.soak import soak

    @house_rule("bourbonomics", capital=param(1, 0, 5, "Capital at each turn's end"))
    def turn_wage(rule):
        "Every turn's end pays the player Capital and a Prestige."

        @rule.on("turn_end")
        def pay(h, e):
            h.give_capital(e.player, h.capital)
            h.give_prestige(e.player, 1)

    result = soak(6, seed=1, workers=1, rules=bl.Ruleset.default().with_house_rules(turn_wage), progress=False)
    assert result.games == 6 and not result.breaks
