"""The compiled engines (``bourbon-lab compile``, one build per game) play exactly the games the Python ones do."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from bourbon_lab import native

# Every registered heuristic and the random bot, 2 to 6 players, the default rules and a variant.
_PLAY = """
import hashlib, json, sys
import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.sim.runner import GameTask, game_seed, play_one

out = {"compiled": native.is_compiled(), "status": native.status(), "games": []}
plans = [
    (bl.Ruleset.default(), ("heuristic",) * 4),
    (bl.Ruleset.default(), ("prime", "hot", "specialist", "greedy")),
    (bl.Ruleset.default(), ("random", "rush")),
    (bl.Ruleset.default().replace(zone_multipliers=(1, 2, 4)), ("heuristic", "hot", "random", "prime", "rush", "rush")),
]
for i, (rules, bots) in enumerate(plans):
    for j in range(2):
        g = play_one(rules, GameTask(j, game_seed(i, j), tuple(range(len(bots))), bots, None))
        text = "\\n".join(g.actions) + repr([tuple(e) for e in g.log]) + repr(g.scores())
        out["games"].append(hashlib.sha256(text.encode()).hexdigest())
print(json.dumps(out))
"""

# A peer game: its bots seat by seat through the protocol, then a snapshot round trip and a clone.
_PLAY_PEER = """
import hashlib, json, sys
import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.bots import make_bot

game = sys.argv[1]
out = {"compiled": native.is_compiled(game), "status": native.status(game), "games": []}
for players, names, seed in json.loads(sys.argv[2]):
    g = bl.new_game(bl.default_rules(game), players=players, seed=seed)
    bots = [make_bot(name, seed=seed * 10 + s, game=game) for s, name in enumerate(names)]
    while not g.is_over:
        d = g.decision
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
    snap = json.dumps(g.snapshot(), sort_keys=True)
    again = json.dumps(type(g).restore(json.loads(snap)).clone().snapshot(), sort_keys=True)
    text = "\\n".join(g.actions) + repr([tuple(e) for e in g.log]) + repr(g.score_rows()) + snap
    out["games"].append([hashlib.sha256(text.encode()).hexdigest(), snap == again])
print(json.dumps(out))
"""

PEER_PLANS = {
    "distilled": [(4, ["heuristic"] * 4, 1), (3, ["ager", "seller", "random"], 2), (2, ["heuristic", "random"], 3)],
    "gin_crafters": [(4, ["heuristic"] * 4, 1), (3, ["brand", "tempo", "random"], 2), (2, ["heuristic", "random"], 3)],
    "microbrew": [
        (2, ["perfect", "advertise"], 1),
        (4, ["heuristic"] * 4, 2),
        (3, ["heuristic", "random"] + ["random"], 3),
    ],
}


def _run(args: list[str], pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "BOURBON_LAB_PURE"}
    if pure:
        env["BOURBON_LAB_PURE"] = "1"
    proc = subprocess.run([sys.executable, "-c", *args], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _needs_build(game: str) -> None:
    if not (native.build_dir(game) / "COMPLETE").exists():
        pytest.skip(f"no compiled {game} build for these sources (make test runs bourbon-lab compile first)")


def test_compiled_engine_plays_the_same_games_as_python():
    _needs_build("bourbonomics")
    compiled, pure = _run([_PLAY], pure=False), _run([_PLAY], pure=True)
    assert compiled["compiled"], compiled["status"]
    assert not pure["compiled"] and "BOURBON_LAB_PURE" in pure["status"]
    assert len(compiled["games"]) == 8
    assert compiled["games"] == pure["games"]


@pytest.mark.parametrize("game", sorted(PEER_PLANS))
def test_each_peer_game_compiled_plays_the_same_games_as_python(game):
    """Same seeds and bots: the same actions, log, scores and snapshot, and restore + clone give that snapshot back."""
    _needs_build(game)
    args = [_PLAY_PEER, game, json.dumps(PEER_PLANS[game])]
    compiled, pure = _run(args, pure=False), _run(args, pure=True)
    assert compiled["compiled"], compiled["status"]
    assert not pure["compiled"] and "BOURBON_LAB_PURE" in pure["status"]
    assert len(compiled["games"]) == len(PEER_PLANS[game])
    assert all(round_trip for _, round_trip in compiled["games"])
    assert compiled["games"] == pure["games"]


@pytest.mark.parametrize("game", sorted(native.GROUPS))
def test_every_games_bots_compile_with_its_rules(game):
    """Issue 42: Distilled's bots were left out of its build (mypyc refused a class attribute's type); no game's are."""
    _needs_build(game)
    assert not (native.build_dir(game) / "LEFT_OUT").exists(), (native.build_dir(game) / "LEFT_OUT").read_text()


def test_every_built_game_loads_together_in_one_process():
    """mypyc names each build's shared library after its modules, so the games' builds sit side by side."""
    built = [game for game in native.GROUPS if (native.build_dir(game) / "COMPLETE").exists()]
    if len(built) < 2:
        pytest.skip("fewer than two games built for these sources")
    code = f"from bourbon_lab import native; print([native.is_compiled(g) for g in {built!r}])"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, env=_unpure())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == repr([True] * len(built))


def _unpure() -> dict:
    return {k: v for k, v in os.environ.items() if k != "BOURBON_LAB_PURE"}


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A copy of the package for native to hash, so edits here touch nothing real."""
    copy = tmp_path / "bourbon_lab"
    shutil.copytree(native.PACKAGE, copy, ignore=shutil.ignore_patterns("_native", "__pycache__"))
    monkeypatch.setattr(native, "PACKAGE", copy)
    return copy


def _keys() -> dict[str, str]:
    return {game: native.build_key(game) for game in native.GROUPS}


def test_a_build_is_filed_under_its_sources(package):
    """An edited rule gets a new key, so stale compiled code is never loaded for it."""
    before = native.build_key()
    play = package / "games" / "bourbonomics" / "play.py"
    original = play.read_text()
    play.write_text(original + "\n# a designer's edit\n")
    edited = native.build_key()
    play.write_text(original)
    assert edited != before
    assert native.build_key() == before
    assert native.build_dir() == package / "_native" / "bourbonomics" / before
    another_game = package / "games" / "another_game"
    another_game.mkdir()
    (another_game / "bots.py").write_text("# a bot for another game: not part of the compiled engine\n")
    assert native.build_key() == before, "writing another game's bot must not discard the build"


@pytest.mark.parametrize(
    ("edited", "changes"),
    [
        ("games/microbrew/jobs.py", {"microbrew"}),
        ("games/distilled/market.py", {"distilled"}),
        ("games/gin_crafters/table.py", {"gin_crafters"}),
        ("games/gin_crafters/content.py", {"gin_crafters"}),
        ("games/distilled/bots.py", {"distilled"}),
        ("games/bourbonomics/bots/knowledge.py", {"bourbonomics"}),
        ("games/bourbonomics/errors.py", {"bourbonomics"}),
        ("core/bots.py", set(native.GROUPS)),
        ("games/microbrew/native.toml", {"microbrew"}),
        ("games/microbrew/board.py", set()),
        ("games/microbrew/charts.py", set()),
        ("games/distilled/data/recipes.yaml", set()),
    ],
)
def test_editing_one_games_source_changes_only_its_key(package, edited, changes):
    before = _keys()
    path = package / edited
    path.write_text(path.read_text() + "\n# an edit\n")
    after = _keys()
    assert {game for game in before if before[game] != after[game]} == changes


def test_a_new_module_joins_its_games_build(package):
    """Groups are globs: a new rules module, or an observation encoder, is compiled (and hashed) without listing it."""
    before = _keys()
    (package / "games" / "microbrew" / "tasting.py").write_text("def sip() -> int:\n    return 1\n")
    (package / "games" / "bourbonomics" / "cooperage.py").write_text("SIZE = 3\n")
    assert "games/microbrew/tasting.py" in native.compiled_files("microbrew")
    assert "games/bourbonomics/cooperage.py" in native.compiled_files("bourbonomics")
    after = _keys()
    assert {game for game in before if before[game] != after[game]} == {"microbrew", "bourbonomics"}
    assert "games/microbrew/board.py" not in native.compiled_files("microbrew")


def test_the_engine_runs_as_python_without_a_matching_build(tmp_path, monkeypatch):
    monkeypatch.delenv("BOURBON_LAB_PURE", raising=False)
    monkeypatch.setattr(native, "build_dir", lambda game: tmp_path / game / "0123456789abcdef")
    root = tmp_path / "microbrew" / "0123456789abcdef"
    status, found = native._choose("microbrew", imported=False)
    assert found is None and status.startswith("pure Python: no build for these sources (0123456789abcdef)")
    root.mkdir(parents=True)
    (root / "COMPLETE").write_text("")
    assert native._choose("microbrew", imported=False) == ("compiled with mypyc (0123456789abcdef)", root)
    assert native._choose("microbrew", imported=True)[1] is None
    assert native._choose("distilled", imported=False)[1] is None, "one game's build is not another's"
    monkeypatch.setenv("BOURBON_LAB_PURE", "1")
    assert native._choose("microbrew", imported=False) == ("pure Python: BOURBON_LAB_PURE is set", None)


def test_a_game_mypyc_refuses_runs_as_python_and_stops_no_other(tmp_path, monkeypatch):
    """The failure is remembered for those sources (``make`` does not pay for it again) and named in one line."""
    package = tmp_path / "bourbon_lab"
    package.mkdir()
    shutil.copy(native.PACKAGE / "native.py", package / "native.py")
    (package / "broken.py").write_text('count: int = "three"\n')
    monkeypatch.setattr(native, "PACKAGE", package)
    monkeypatch.delenv("BOURBON_LAB_PURE", raising=False)
    groups = {"broken": {"compile": ("broken.py",), "exclude": (), "depends": (), "probe": ("broken.py",)}}
    monkeypatch.setattr(native, "GROUPS", {**groups, "fine": {**groups["broken"], "compile": ()}})
    monkeypatch.setattr(native, "build", lambda game, **kw: _build_only_broken(game, **kw))
    results = native.build_all()
    assert "broken.py:1: error" in results["broken"] and results["fine"] == native.build_dir("fine")
    failed = native.build_dir("broken") / "FAILED"
    assert failed.exists()
    assert native._choose("broken", imported=False) == (
        f"pure Python: mypyc could not compile these sources ({failed.parent.name}); see {failed}",
        None,
    )
    assert "could not compile these sources before" in native.build_all(["broken"])["broken"]


_real_build = native.build


def _build_only_broken(game: str, **kw):
    if game == "broken":
        return _real_build(game, **kw)
    return native.build_dir(game)


def test_compile_command_says_how_each_engine_runs(capsys):
    from bourbon_lab.cli import main

    assert main(["compile", "--status"]) == 0
    said = capsys.readouterr().out.strip().splitlines()
    assert said == [f"{game}: {native.status(game)}" for game in native.GROUPS]
    assert main(["compile", "--status", "--game", "microbrew"]) == 0
    said = capsys.readouterr().out.strip()
    assert said == native.status("microbrew")
    assert said.startswith("compiled with mypyc") == native.is_compiled("microbrew")
    assert main(["compile", "--game", "chess"]) == 2
    assert "chess" in capsys.readouterr().err


def test_a_refused_bot_is_left_out_and_the_rules_still_compile(tmp_path, monkeypatch):
    """Only the optional file mypyc names is dropped; the build says so, and the status names it."""
    package = tmp_path / "bourbon_lab"
    package.mkdir()
    shutil.copy(native.PACKAGE / "native.py", package / "native.py")
    (package / "rules.py").write_text("def two() -> int:\n    return 2\n")
    (package / "bot.py").write_text('count: int = "three"\n')
    (package / "encoder.py").write_text("SIZE: int = 3\n")
    monkeypatch.setattr(native, "PACKAGE", package)
    monkeypatch.delenv("BOURBON_LAB_PURE", raising=False)
    group = {"compile": ("*.py",), "exclude": ("native.py",), "depends": (), "probe": ("rules.py",)}
    monkeypatch.setattr(native, "GROUPS", {"tiny": {**group, "optional": ("bot.py", "encoder.py")}})
    root = native.build("tiny")
    assert (root / "COMPLETE").read_text().split() == ["encoder.py", "rules.py"]
    assert (root / "LEFT_OUT").read_text().startswith("left out bot.py: mypyc refused it\n")
    assert list(root.rglob("rules.*.so")) and not list(root.rglob("bot.*.so"))
    said = f"compiled with mypyc ({root.name}; left out bot.py: plain Python)"
    assert native._choose("tiny", imported=False) == (said, root)


# Distilled's water-revealed 4th upgrade (issue 27: compiled-only TypeError), then random play to the end.
_REVEALED_UPGRADE = """
import hashlib, json, random, sys
sys.path.insert(0, sys.argv[1])
from bourbon_lab import native
from distilled_helpers import water_revealed_fourth_upgrade

g, p, steps = water_revealed_fourth_upgrade()
rng = random.Random(7)
while not g.is_over:
    g.apply(rng.choice(g.legal_actions()))
text = "\\n".join(g.actions) + repr([tuple(e) for e in g.log]) + repr(g.score_rows())
print(json.dumps({"compiled": native.is_compiled("distilled"), "steps": steps,
                  "log": hashlib.sha256(text.encode()).hexdigest()}))
"""


def test_distilled_revealed_fourth_upgrade_plays_the_same_in_both_builds():
    """The path that crashed compiled only: 'take revealed' as a 4th upgrade asks for a discard, and the game
    that follows has the same log in both builds."""
    _needs_build("distilled")
    args = [_REVEALED_UPGRADE, os.path.dirname(os.path.abspath(__file__))]
    compiled, pure = _run(args, pure=False), _run(args, pure=True)
    assert compiled["compiled"] and not pure["compiled"]
    assert compiled["steps"] == ["reveal", "revealed", "discard_upgrade"]
    assert compiled == {**pure, "compiled": True}


# A house rule of each kind at every game (issue 28): the compiled engine calls it exactly as the plain one.
_PLAY_HOUSE = """
import hashlib, json, random, sys
import bourbon_lab as bl
from bourbon_lab import native
from bourbon_lab.core.house import house_rule

game, kind, quantity, effect = sys.argv[1:5]

@house_rule(game)
def everything(rule):
    "An after-event rule with its own randomness, a quantity and a forbid, all at once."

    @rule.on(kind)
    def coin(h, event):
        if event.player is not None and h.rng.random() < 0.3:
            getattr(h, effect)(event.player, 1)

    @rule.quantity(quantity)
    def same(h, value, **about):
        return value

    @rule.forbid
    def never_first(h, player, action):
        return "not the first listed" if action == "__nothing__" else None

rules = bl.default_rules(game).with_house_rules(everything)
out = {"compiled": native.is_compiled(game), "games": []}
for seed in range(3):
    g = bl.new_game(rules, players=2, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()), check=False)
    text = "\\n".join(map(str, g.actions)) + repr([tuple(e) for e in g.log]) + repr(g.score_rows())
    out["games"].append(hashlib.sha256(text.encode()).hexdigest())
print(json.dumps(out))
"""
HOUSE_PLANS = {
    "bourbonomics": ("turn_end", "sale_value", "give_capital"),
    "distilled": ("round_start", "sale_value", "give_money"),
    "gin_crafters": ("action", "game_ends", "give_coins"),
    "microbrew": ("round_start", "serve_pay", "give_money"),
}


@pytest.mark.parametrize("game", sorted(HOUSE_PLANS))
def test_a_house_rule_plays_the_same_compiled_and_plain(game):
    _needs_build(game)
    args = [_PLAY_HOUSE, game, *HOUSE_PLANS[game]]
    compiled, pure = _run(args, pure=False), _run(args, pure=True)
    assert compiled["compiled"] and not pure["compiled"]
    assert compiled["games"] == pure["games"]
