"""The game protocol (``bourbon_lab.core``), the registry and the conformance harness (issue 14).

Bourbonomics and the test-only Tip Jar (``toygame.py``) both pass the harness; each broken
copy of Tip Jar (``brokengames.py``) fails it, for the reason it was broken.
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import json
import random
from pathlib import Path

import brokengames  # noqa: F401  (registers the broken copies)
import pytest
import toygame

import bourbon_lab as bl
from bourbon_lab import core
from bourbon_lab.testing.harness import HarnessFailure, check_game

RULES = bl.Ruleset.default()
PACKAGE = Path(bl.__file__).parent


def _random_game(players: int, seed: int):
    g = bl.new_game(RULES, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        yield g
        g.apply(rng.choice(g.legal_actions()))
    yield g


# --- the registry


def test_games_lists_bourbonomics_and_new_game_dispatches_on_rules_game():
    assert "bourbonomics" in bl.games()
    rules = bl.default_rules("bourbonomics")
    assert rules == bl.Ruleset.default() == bl.default_rules()
    assert rules.game == "bourbonomics"
    g = bl.new_game(rules, players=4, seed=1)
    assert isinstance(g, bl.Game) and isinstance(g, core.GameState)
    direct = bl.Game.new(rules, 4, 1, ["standard"] * 4)
    assert [e.to_row() for e in g.log] == [e.to_row() for e in direct.log]
    assert bl.new_game(rules, 2, 3, ["standard", "standard"]).log[0].data["distilleries"] == ["standard"] * 2


def test_an_unknown_game_is_named_with_a_hint():
    with pytest.raises(core.UnknownGame, match="unknown game 'bourbonomic' \\(did you mean 'bourbonomics'\\?\\)"):
        bl.default_rules("bourbonomic")

    class Stray:
        game = "tipjr"

    with pytest.raises(core.UnknownGame, match="did you mean 'tipjar'"):
        bl.new_game(Stray(), players=2, seed=0)
    with pytest.raises(bl.SetupError, match="rules must be a bourbon_lab Ruleset"):
        bl.new_game({"zone_multipliers": [1, 2, 3]}, players=2)  # no game named: Bourbonomics' own refusal


def test_a_game_whose_ruleset_names_another_game_is_refused():
    stray = dataclasses.replace(toygame.GAME, info=dataclasses.replace(toygame.INFO, name="tipjar-2"))
    with pytest.raises(ValueError, match="says game = 'tipjar'"):
        core.register_game(stray)
    assert "tipjar-2" not in bl.games()


def test_describe_reads_each_games_declared_facts():
    rows = {r["name"]: r for r in core.describe()}
    assert rows["bourbonomics"]["players"] == "2-6"
    assert rows["bourbonomics"]["variants"] == [v["name"] for v in bl.Ruleset.variants()]
    assert rows["tipjar"] == {
        "name": "tipjar",
        "title": "Tip Jar (test-only)",
        "players": "2-4",
        "dynamics": "sequential, commit_groups",
        "variants": ["ties"],
    }
    assert isinstance(bl.new_game(bl.default_rules("tipjar"), players=3, seed=2), toygame.TipJar)


def test_restore_finds_the_game_a_snapshot_belongs_to():
    for rules in (RULES, bl.default_rules("tipjar")):
        g = bl.new_game(rules, players=2, seed=9)
        g.apply(g.legal_actions()[-1])
        snap = json.loads(json.dumps(g.snapshot()))
        back = core.restore(snap)
        assert type(back) is type(g) and back.snapshot() == g.snapshot()


def test_game_info_refuses_impossible_facts():
    with pytest.raises(ValueError, match="min_players 3 / max_players 2"):
        core.GameInfo("odd", "Odd", 3, 2, max_decisions=10)
    with pytest.raises(ValueError, match="dynamics \\['realtime'\\]"):
        core.GameInfo("odd", "Odd", 2, 4, max_decisions=10, dynamics=("realtime",))


def test_the_core_imports_no_game_and_no_game_imports_the_layers_above():
    above = ("sim", "bots", "widgets", "charts", "dashboard", "scenarios", "testing", "cli")
    for path in sorted((PACKAGE / "core").glob("*.py")):
        outside = [m for m in _imports(path) if m.startswith("bourbon_lab") and not m.startswith("bourbon_lab.core")]
        assert not outside, f"{path.name} imports {outside}"
    for path in sorted([*(PACKAGE / "rules").glob("*.py"), *(PACKAGE / "games").rglob("*.py")]):
        bad = [m for m in _imports(path) if m.split(".")[1:2] and m.split(".")[1] in above]
        assert not bad, f"{path.relative_to(PACKAGE)} imports {bad}"


def _imports(path: Path) -> list[str]:
    """Absolute names of the bourbon_lab modules a file imports (relative imports resolved)."""
    package = ["bourbon_lab", *path.relative_to(PACKAGE).parent.parts]
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            out.append(".".join([*base, *(node.module.split(".") if node.module else [])]))
    return [m for m in out if m.startswith("bourbon_lab")]


# --- Bourbonomics behind the protocol


def test_bourbonomics_decisions_name_the_current_player_who_owns_the_turn():
    for g in _random_game(players=3, seed=5):
        d = g.decision
        if g.is_over:
            assert d is None
            break
        assert d.actor == g.current_player == d.turn_owner
        assert d.step == g.step and d.group == () and d.interrupt is None and not d.out_of_turn


def test_bourbonomics_score_rows_are_its_scores_in_the_shared_shape():
    """Rulebook: the final score is Capital + Prestige; ties go to more completed orders."""
    *_, g = _random_game(players=4, seed=8)
    for row, wide in zip(g.score_rows(), g.scores(), strict=True):
        assert row.player == wide["player"]
        assert row.score == wide["score"] == sum(row.parts.values())
        assert dict(row.parts) == {"capital": wide["capital"], "prestige": wide["prestige"]}
        assert row.tiebreak == (wide["orders"],)
        assert (row.rank, row.won) == (wide["rank"], wide["won"])


def test_bourbonomics_events_say_who_may_see_them():
    """Rulebook: "Each card also has a hidden quality (...), mixed into every pile." """
    *_, g = _random_game(players=3, seed=4)
    drawn = [e for e in g.log if e.kind == "card_drawn"]
    assert drawn and all(g.visible_to(e) == (e.player,) for e in drawn)
    public = [e for e in g.log if e.kind in ("round_start", "dice_rolled", "barrel_built", "sale", "game_end")]
    assert public and all(g.visible_to(e) is None for e in public)


def test_25_bourbonomics_games_through_the_protocol_are_the_engines_own_games():
    """The registry, ``decision`` and ``observe`` change nothing: same seeds and bots, same logs and scores."""
    from bourbon_lab.bots import make_bot
    from bourbon_lab.sim.runner import GameTask, game_seed, play_one
    from bourbon_lab.testing.harness import log_hash

    rules = bl.default_rules("bourbonomics")
    direct, through = hashlib.sha256(), hashlib.sha256()
    for i in range(25):
        n = 2 + i % 5
        bots = ("heuristic", "random", "rush", "prime", "hot", "greedy")[:n]
        task = GameTask(i, game_seed(14, i), tuple(range(n)), bots, None)
        g = play_one(RULES, task)
        direct.update((log_hash(g) + repr(g.scores())).encode())
        g = bl.new_game(rules, players=n, seed=task.seed)
        seated = [make_bot(bot, seed=task.seed * 31 + seat) for seat, bot in enumerate(bots)]
        while not g.is_over:
            actor = g.decision.actor
            g.apply(seated[actor].choose(g.observe(actor), g.legal_actions()))
        through.update((log_hash(g) + repr(g.scores())).encode())
    assert through.hexdigest() == direct.hexdigest()


REGISTERED = [name for name in bl.games() if name not in brokengames.BROKEN]


@pytest.mark.parametrize("name", REGISTERED)
def test_every_registered_game_passes_the_harness_at_every_player_count_and_variant(name):
    game = core.get_game(name)
    report = check_game(name, games=1, seed=1)
    counts = [f"{n}p" for n in game.info.player_counts]
    variants = sum(len(v["choices"]) - 1 for v in game.variants())
    assert report.tables[: len(counts)] == counts
    assert len(report.tables) == len(counts) + variants == report.games
    assert report.restores >= report.games and report.views_checked and report.other_process
    assert report.redeals_that_changed or game.info.information == "perfect"


def test_the_registered_games_include_bourbonomics_at_two_to_six_players():
    assert {"bourbonomics", "tipjar"} <= set(REGISTERED)
    assert core.get_game("bourbonomics").info.player_counts == (2, 3, 4, 5, 6)


@pytest.mark.slow
def test_bourbonomics_passes_a_longer_harness_run():
    report = check_game("bourbonomics", games=4, seed=7)
    assert report.games == 4 * len(report.tables) and report.illegal_checked


# --- Tip Jar: what Bourbonomics does not exercise


def test_tipjar_passes_many_harness_games_with_its_commit_groups_checked():
    report = check_game("tipjar", games=8, seed=3)
    assert report.tables == ["2p", "3p", "4p", "ties=both 2p"]
    assert report.games == 32 and report.other_process and report.commit_orders_checked


def test_a_commit_group_hides_each_choice_until_the_reveal_and_bids_pay_the_left_neighbour():
    g = bl.new_game(bl.default_rules("tipjar"), players=3, seed=0)
    d = g.decision
    assert (d.actor, d.group, d.turn_owner) == (0, (0, 1, 2), None)
    g.apply("bid 2", player=2)  # a member of the group commits out of order
    assert g.decision.group == (0, 1) and g.current_player == 0
    assert g.view(2)["my_bid"] == 2 and g.view(0)["my_bid"] is None and g.view(0)["committed"] == [2]
    assert g.visible_to(g.log[-1]) == (2,)
    with pytest.raises(bl.IllegalAction):
        g.apply("bid 1", player=2)  # already committed
    g.apply("bid 1")
    g.apply("bid 0")
    reveal = next(e for e in g.log if e.kind == "bids_revealed")
    assert reveal.data["bids"] == [1, 0, 2] and g.visible_to(reveal) is None
    paid = {(e.data["from_player"], e.player, e.data["amount"]) for e in g.log if e.kind == "income"}
    assert paid == {(0, 1, 1), (2, 0, 2)}
    assert g.view(None)["coins"] == [4, 4, 1]


def test_an_out_of_turn_challenge_interrupts_the_winners_turn():
    g = bl.new_game(bl.default_rules("tipjar"), players=3, seed=0)
    for action in ("bid 0", "bid 0", "bid 2"):
        g.apply(action)
    d = g.decision
    assert (d.actor, d.turn_owner, d.interrupt, d.step) == (1, 2, "challenge", "challenge") and d.out_of_turn
    assert g.legal_actions() == ["allow", "challenge"]
    g.apply("challenge")
    fee = g.log[len(g.log) - 2]
    assert (fee.kind, fee.player, fee.data["from_player"], fee.data["source"]) == ("income", 2, 1, "challenge_fee")
    assert g.decision.step == "play" and g.decision.interrupt is None


def test_reaching_the_target_finishes_the_round_before_the_game_ends():
    g = bl.new_game(bl.default_rules("tipjar").replace(target=1), players=3, seed=0)
    for action in ("bid 2", "bid 0", "bid 0", "allow"):
        g.apply(action)
    assert g.score_rows()[0].score == 1 and not g.is_over  # the target is reached during the bids
    turns = []
    while not g.is_over:
        turns.append(g.current_player)
        g.apply("pass")
    assert sorted(turns) == [0, 1, 2] and g.round == 1 and g.ended_by == "target"
    assert [r.won for r in g.score_rows()] == [True, False, False]


# --- the harness fails what breaks the protocol


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("tipjar-leaky-view", "view\\(\\d\\) shows what player \\d cannot see: hands"),
        ("tipjar-dirty-apply", "the illegal '.*' changed the state at log"),
        ("tipjar-process-seeded", "the same seed and actions gave another log elsewhere"),
        ("tipjar-no-redeal", "determinise never changed anything"),
        ("tipjar-lopsided-scores", "do not sum to the score"),
        ("tipjar-too-long", "not over after max_decisions=5"),
        ("tipjar-first-comes-first", "the order of the same commits changed the outcome"),
    ],
)
def test_the_harness_fails_a_broken_game(name, why):
    with pytest.raises(HarnessFailure, match=why):
        check_game(name, games=3, seed=0)


def test_bourbon_lab_games_lists_each_game_with_players_and_variants(capsys):
    from bourbon_lab.cli import main

    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["game", "title", "players", "turns", "variants"]
    bourbonomics = next(line for line in lines if line.startswith("bourbonomics "))
    assert " 2-6 " in bourbonomics and "piles, opening_round_adds_card" in bourbonomics
    assert any(line.startswith("tipjar ") and " 2-4 " in line and line.endswith("ties") for line in lines)


def test_soak_plays_another_game_through_the_harness_with_its_ruleset_file(tmp_path, capsys):
    """`bourbon-lab soak --game microbrew`: a game without a book-invariant list is soaked by the protocol harness,
    on the ruleset file given, and the replay in another process plays that ruleset, not the defaults."""
    from bourbon_lab.cli import main

    path = tmp_path / "mine.yaml"
    path.write_text("game: microbrew\npay_lower: [4, 3, 1]\n")
    assert main(["soak", "--game", "microbrew", "--games", "9", "--ruleset", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "1 random games on each of its 9 tables" in out
    assert "microbrew: 9 games" in out and "same log in another process" in out


def test_soak_of_a_broken_game_says_why_and_exits_1(capsys):
    from bourbon_lab.cli import main

    assert main(["soak", "--game", "tipjar-leaky-view", "--games", "3", "--quiet"]) == 1
    assert "broken: " in (err := capsys.readouterr().err) and "cannot see: hands" in err
