"""The compiled rules engine (``bourbon-lab compile``) plays exactly the games the Python one does."""

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


def _play(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "BOURBON_LAB_PURE"}
    if pure:
        env["BOURBON_LAB_PURE"] = "1"
    proc = subprocess.run([sys.executable, "-c", _PLAY], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_compiled_engine_plays_the_same_games_as_python():
    if not (native.build_dir() / "COMPLETE").exists():
        pytest.skip("no compiled build for these sources (make test runs bourbon-lab compile first)")
    compiled, pure = _play(pure=False), _play(pure=True)
    assert compiled["compiled"], compiled["status"]
    assert not pure["compiled"] and "BOURBON_LAB_PURE" in pure["status"]
    assert len(compiled["games"]) == 8
    assert compiled["games"] == pure["games"]


def test_a_build_is_filed_under_its_sources(tmp_path, monkeypatch):
    """An edited rule gets a new key, so stale compiled code is never loaded for it."""
    copy = tmp_path / "bourbon_lab"
    shutil.copytree(native.PACKAGE, copy, ignore=shutil.ignore_patterns("_native", "__pycache__"))
    monkeypatch.setattr(native, "PACKAGE", copy)
    before = native.build_key()
    play = copy / "games" / "bourbonomics" / "rules" / "play.py"
    original = play.read_text()
    play.write_text(original + "\n# a designer's edit\n")
    edited = native.build_key()
    play.write_text(original)
    assert edited != before
    assert native.build_key() == before
    assert native.build_dir() == copy / "_native" / before
    another_game = copy / "bots" / "another_game.py"
    another_game.write_text("# a bot for another game: not part of the compiled engine\n")
    assert native.build_key() == before, "writing another game's bot must not discard the build"


def test_the_engine_runs_as_python_without_a_matching_build(tmp_path, monkeypatch):
    monkeypatch.delenv("BOURBON_LAB_PURE", raising=False)
    monkeypatch.setattr(native, "build_dir", lambda: tmp_path / "0123456789abcdef")
    status, root = native._choose(imported=False)
    assert root is None and status.startswith("pure Python: no build for these sources (0123456789abcdef)")
    (tmp_path / "0123456789abcdef").mkdir()
    (tmp_path / "0123456789abcdef" / "COMPLETE").write_text("")
    assert native._choose(imported=False) == ("compiled with mypyc (0123456789abcdef)", tmp_path / "0123456789abcdef")
    assert native._choose(imported=True)[1] is None
    monkeypatch.setenv("BOURBON_LAB_PURE", "1")
    assert native._choose(imported=False) == ("pure Python: BOURBON_LAB_PURE is set", None)


def test_compile_command_says_how_the_engine_runs(capsys):
    from bourbon_lab.cli import main

    assert main(["compile", "--status"]) == 0
    said = capsys.readouterr().out.strip()
    assert said == native.status()
    assert said.startswith("compiled with mypyc") == native.is_compiled()
