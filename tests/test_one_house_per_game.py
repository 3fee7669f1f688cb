"""Issue 42: one house per game. Every layer above the games speaks only the protocol, and a game is one folder.

The checks read the sources (``ast``), so a new import anywhere is caught before it runs; each is shown
catching a planted offence. ``fifthgame/`` is the tiny fifth game of docs/adding-a-game.md: one folder
plus its registration, played by the lab's own layers with its own bot.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import fifthreg
import pytest

import bourbon_lab as bl
from bourbon_lab import bots, native
from bourbon_lab.games import BUILTIN

PACKAGE = Path(bl.__file__).resolve().parent
GAMES = tuple(BUILTIN)


def imports(path: Path, root: Path = PACKAGE, text: str | None = None) -> list[str]:
    """Absolute names of the bourbon_lab modules a file imports, relative imports resolved; ``importlib`` text too."""
    package = ["bourbon_lab", *path.relative_to(root).parent.parts]
    tree = ast.parse(path.read_text() if text is None else text)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = [*base, *(node.module.split(".") if node.module else [])]
            out += [".".join([*module, a.name]) for a in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("bourbon_lab."):
            out.append(node.value)  # import_module("bourbon_lab.games.x") names a game as surely
    return [m for m in out if m.startswith("bourbon_lab")]


def named_games(path: Path, root: Path = PACKAGE, text: str | None = None) -> list[str]:
    """The imports of ``path`` that reach into one named game."""
    return [m for m in imports(path, root, text) if m.split(".")[:2] == ["bourbon_lab", "games"] and m.count(".") >= 2
            and m.split(".")[2] in GAMES]  # fmt: skip


def outside_games() -> list[Path]:
    skip = (PACKAGE / "games", PACKAGE / "_native")
    return [p for p in sorted(PACKAGE.rglob("*.py")) if not any(p.is_relative_to(s) for s in skip)]


def test_no_module_outside_the_games_imports_a_named_game():
    """Issue 42: "0 imports of bourbon_lab.games.<name> outside bourbon_lab/games/ (the registry's list aside)"."""
    found = {p.relative_to(PACKAGE).as_posix(): named_games(p) for p in outside_games()}
    assert {k: v for k, v in found.items() if v} == {}
    assert len(found) > 100  # the check read the whole package, not an empty glob


@pytest.mark.parametrize(
    "planted",
    [
        "from ..games.bourbonomics.content import QUALITIES\n",
        "from bourbon_lab.games.microbrew import beer\n",
        "from ..games import distilled\n",
        "import importlib\nimportlib.import_module('bourbon_lab.games.gin_crafters.bots')\n",
    ],
)
def test_the_check_catches_a_planted_import_of_a_game(planted):
    assert named_games(PACKAGE / "sim" / "runner.py", text=planted)


def test_the_registry_finds_games_without_importing_them():
    """The registry's list of built-ins (module names: listing imports no game) is the one place games are named."""
    assert set(named_games(PACKAGE / "games" / "__init__.py")) == set(BUILTIN.values())
    assert set(BUILTIN) <= set(bl.games())


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_the_core_and_itself(game):
    folder = PACKAGE / "games" / game
    files = sorted(folder.rglob("*.py"))
    assert files
    for path in files:
        bad = [m for m in imports(path) if not m.startswith(("bourbon_lab.core", f"bourbon_lab.games.{game}"))]
        assert not bad, f"{path.relative_to(PACKAGE)} imports {bad}"


def test_the_game_check_catches_a_planted_upward_import():
    path = PACKAGE / "games" / "microbrew" / "bots.py"
    planted = "from ...sim.stats import wilson\nfrom ..distilled import content\n"
    assert [
        m for m in imports(path, text=planted) if not m.startswith(("bourbon_lab.core", "bourbon_lab.games.microbrew"))
    ]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_holds_its_own_bots_and_declares_its_build(game):
    gamedef = bl.get_game(game)
    assert gamedef.package == BUILTIN[game]
    own = gamedef.part("bots")
    assert own is not None and own.__name__.startswith(f"bourbon_lab.games.{game}")
    assert "heuristic" in bots.bot_names(game)
    assert bots.bots_for(game)["heuristic"].__module__.startswith(f"bourbon_lab.games.{game}")
    declared = tomllib.loads((PACKAGE / "games" / game / native.DECLARATION).read_text())
    assert native.GROUPS[game]["probe"] == (f"games/{game}/{declared['probe']}",)
    compiled = native.compiled_files(game)
    assert compiled and all(f.startswith(f"games/{game}/") for f in compiled)
    assert not any(Path(f).name in ("__init__.py", "board.py", "narrate.py", "charts.py") for f in compiled)


def test_generic_folders_hold_no_game_named_module():
    """Bots, charts and design extras of a game live in its folder, not under a generic folder by its name."""
    stray = [p.relative_to(PACKAGE).as_posix() for p in outside_games() if p.stem in GAMES]
    assert stray == []


def test_a_part_the_game_does_not_have_is_none_and_a_broken_part_is_not_hidden(tmp_path, monkeypatch):
    assert bl.get_game("microbrew").part("no_such_part") is None
    (tmp_path / "brokenpkg").mkdir()
    (tmp_path / "brokenpkg" / "__init__.py").write_text("")
    (tmp_path / "brokenpkg" / "bots.py").write_text("import no_such_module_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from dataclasses import replace

    broken = replace(bl.get_game("microbrew"), package="brokenpkg")
    with pytest.raises(ModuleNotFoundError, match="no_such_module_anywhere"):
        broken.part("bots")


# --- the fifth game: one folder plus its registration


@pytest.fixture(scope="module")
def fifth_game():
    with fifthreg.fifth_game() as name:  # register_lazy(name, "fifthgame"): the one line a built-in game has
        yield bl.get_game(name)


def test_a_fifth_game_is_one_folder_and_its_registration(fifth_game):
    assert "rickhouse_nim" in bl.games()
    assert set(bots.bot_names("rickhouse_nim")) >= {"heuristic", "random", "ismcts"}
    rules = bl.default_rules("rickhouse_nim")
    assert (rules.barrels, rules.most) == (15, 3)
    with pytest.raises(bl.RulesetError, match="most"):
        rules.replace(most=0)
    game = bl.new_game("rickhouse_nim", players=2, seed=1)
    assert game.legal_actions() == ["roll 1", "roll 2", "roll 3"]
    game.apply("roll 3")
    assert game.view(0)["left"] == 12


def test_the_fifth_game_passes_the_harness_and_plays_through_the_lab_with_its_own_bot(fifth_game):
    from bourbon_lab.testing import check_game

    check_game("rickhouse_nim", games=10)
    # 15 barrels, at most 3 a turn: the first distiller wins by leaving multiples of 4, so its heuristic never loses
    res = bl.simulate(bl.default_rules("rickhouse_nim"), players=2, games=20, bots=["heuristic", "random"],
                      progress=False)  # fmt: skip
    assert res.games.height == 20
    heuristic = res.players.filter(res.players["bot"] == "heuristic")
    first = heuristic.filter(heuristic["seat"] == 0)
    assert first.height and first["won"].all()  # the known winning line from the first seat
    assert heuristic["won"].sum() > 10  # and it beats random play from either seat
    from bourbon_lab.design.coverage import coverage

    covered = coverage(bl.default_rules("rickhouse_nim"), players=2, games=4, seed=0)
    assert dict(zip(covered["mechanic"], covered["games_pct"])) == {"roll_out": 100.0, "last_barrel": 100.0}
