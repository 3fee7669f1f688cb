"""Issue 52: every generic layer takes one path for every game.

No module outside ``bourbon_lab/games/`` compares anything with ``DEFAULT_GAME`` or with a game's name
(a second path the other games never take); the default game may only be a default value.
The check reads the sources with ``ast`` and is shown catching planted comparisons.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bourbon_lab.games import BUILTIN

ROOT = Path(__file__).resolve().parents[1] / "bourbon_lab"
GAME_NAMES = frozenset(BUILTIN)


def _names_the_default(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id == "DEFAULT_GAME"
    if isinstance(node, ast.Attribute):
        return node.attr == "DEFAULT_GAME"
    return isinstance(node, ast.Constant) and node.value in GAME_NAMES


def _operands(node: ast.AST):
    """The values a comparison or a ``match`` case tests against (tuples and sets opened up)."""
    for part in node if isinstance(node, list) else [node]:
        if isinstance(part, ast.Tuple | ast.List | ast.Set):
            yield from _operands(list(part.elts))
        else:
            yield part


def second_paths(source: str, file: str = "<source>") -> list[str]:
    """``file:line`` of every comparison with the default game or a game's name in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source, file)):
        if isinstance(node, ast.Compare):
            if any(_names_the_default(x) for x in _operands([node.left, *node.comparators])):
                found.append(f"{file}:{node.lineno}")
        elif isinstance(node, ast.MatchValue) and _names_the_default(node.value):
            found.append(f"{file}:{node.lineno}")
    return found


def layer_files() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if "games" not in p.relative_to(ROOT).parts[:1])


def test_no_layer_compares_with_the_default_game():
    found = [hit for p in layer_files() for hit in second_paths(p.read_text(), str(p.relative_to(ROOT.parent)))]
    assert found == [], "a second path for one game (use a declared optional part instead):\n" + "\n".join(found)


def test_the_scan_reads_every_layer():
    parts = {p.relative_to(ROOT).parts[0] for p in layer_files()}
    assert {"scenarios", "sim", "widgets", "dashboard", "design", "bots", "core", "cli.py"} <= parts
    assert not any(p.relative_to(ROOT).parts[0] == "games" for p in layer_files())


@pytest.mark.parametrize(
    "planted",
    [
        "if spec.game != DEFAULT_GAME:\n    pass\n",
        "x = 1 if game == DEFAULT_GAME else 2\n",
        "ok = core.DEFAULT_GAME == rules.game\n",
        "ok = name in (DEFAULT_GAME, 'x')\n",
        "ok = rules.game == 'bourbonomics'\n",
        "ok = 'microbrew' != name\n",
        "match game:\n    case 'distilled':\n        pass\n",
    ],
)
def test_the_scan_catches_a_planted_second_path(planted):
    assert second_paths(planted) == ["<source>:1"] or second_paths(planted) == ["<source>:2"]


@pytest.mark.parametrize(
    "allowed",
    [
        "def f(game=DEFAULT_GAME):\n    pass\n",
        "name = data.get('game', DEFAULT_GAME)\n",
        "name = getattr(args, 'game', None) or DEFAULT_GAME\n",
        "games = ['bourbonomics']\n",
    ],
)
def test_a_default_value_is_not_a_second_path(allowed):
    assert second_paths(allowed) == []
