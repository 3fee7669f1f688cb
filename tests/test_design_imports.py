"""The design layer imports in one direction (issue 52, item 4).

``bourbon_lab/design/`` once held a circle of five modules (check → skill → paired → coverage → check, with
targets ⇄ coverage and skill ⇄ paired inside it), closed by imports hidden inside functions. These tests read
the design sources with ``ast``, build the graph of which design module imports which (every import, at
module level or inside a function, relative or absolute), and fail on any cycle, naming it. A planted
cycle in a few in-memory sources shows the check catching one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

DESIGN = Path(__file__).resolve().parent.parent / "bourbon_lab" / "design"
PACKAGE = "bourbon_lab.design"
INIT = "__init__"


def design_sources() -> dict[str, str]:
    """Each design module's source, by module name (``__init__`` for the package itself)."""
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(DESIGN.glob("*.py"))}


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The absolute module a ``from ... import`` names, resolved against ``package`` for a relative one."""
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = parts[: len(parts) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _target(full: str, name: str | None, modules: set[str], package: str) -> str | None:
    """The design module an import reaches: ``package.x[...]`` is ``x``; from the package itself, ``name``
    when that is a module (``from . import skill``), else the package's ``__init__`` (``from . import compare``,
    ``from .. import design``). The parent packages Python imports on the way are not counted: every module
    would then import ``__init__``, and ``__init__`` imports them all."""
    if full == package:
        return name if name in modules else INIT
    if name is not None and f"{full}.{name}" == package:
        return INIT
    if full.startswith(package + "."):
        first = full[len(package) + 1 :].split(".")[0]
        return first if first in modules else None
    return None


def import_graph(sources: dict[str, str], package: str = PACKAGE) -> dict[str, set[str]]:
    """Which module of ``sources`` imports which, counting every import statement anywhere in a file."""
    modules = set(sources)
    graph: dict[str, set[str]] = {m: set() for m in sources}
    for module, source in sources.items():
        for node in ast.walk(ast.parse(source, filename=f"{module}.py")):
            reached: list[str | None] = []
            if isinstance(node, ast.ImportFrom):
                full = _absolute(node, package)
                reached = [_target(full, alias.name, modules, package) for alias in node.names]
            elif isinstance(node, ast.Import):
                reached = [_target(alias.name, None, modules, package) for alias in node.names]
            graph[module].update(t for t in reached if t is not None and t != module)
    return graph


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` reaches by one or more imports."""
    seen: set[str] = set()
    todo = list(graph.get(start, ()))
    while todo:
        v = todo.pop()
        if v not in seen:
            seen.add(v)
            todo.extend(graph.get(v, ()))
    return seen


def tangles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules: each module of one reaches every other."""
    reach = {v: _reach(graph, v) for v in graph}
    groups = {tuple(sorted({v} | {w for w in reach[v] if v in reach.get(w, ())})) for v in graph if v in reach[v]}
    return sorted(list(g) for g in groups)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (``[a, b, ..., a]``) in each tangle: the shortest through its first module."""
    return [_cycle_in(graph, group) for group in tangles(graph)]


def _cycle_in(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """The shortest cycle through the group's first module, inside the group (breadth first)."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v] & members):
            if w == start:
                return [*paths[v], start]
            if w not in paths:
                paths[w] = [*paths[v], w]
                queue.append(w)
    raise AssertionError(f"no cycle through {start} in {group}")  # a strongly connected group always has one


def cycle_text(graph: dict[str, set[str]]) -> str:
    """Each tangle's cycle, and the whole group when more modules are caught in it."""
    said = []
    for group, cycle in zip(tangles(graph), cycles(graph)):
        more = f" (tangled together: {', '.join(group)})" if len(group) + 1 > len(cycle) else ""
        said.append(" → ".join(cycle) + more)
    return "; ".join(said)


def assert_one_direction(sources: dict[str, str]) -> None:
    """Fail, naming each cycle, when the modules of ``sources`` import one another in a circle."""
    graph = import_graph(sources)
    assert not cycles(graph), f"import cycles among bourbon_lab/design modules: {cycle_text(graph)}"


# --- the design layer as it is -------------------------------------------------------------------


def test_design_modules_import_in_one_direction():
    assert_one_direction(design_sources())


def test_the_graph_sees_the_design_imports_it_is_meant_to():
    """A checker that saw no imports would pass anything: the known edges are there, function-level ones too."""
    graph = import_graph(design_sources())
    assert {"targets", "levels", "runs", "metrics"} <= graph["check"]
    assert {"coverage", "levels", "winrates"} <= graph["paired"]
    assert "charts" in graph["check"]  # TargetReport.chart's import, inside a method
    assert "tuning" in graph[INIT] and "screening" in graph[INIT]  # the lazy ``__getattr__``'s
    assert graph["levels"] == set() and graph["runs"] == set()  # the bottom of the layer


def test_the_shared_pieces_keep_their_old_names():
    """What moved down (issue 52) is still read where it was: the same objects."""
    from bourbon_lab import design
    from bourbon_lab.design import check, coverage, levels, paired, runs, skill, targets

    assert check.play_run is runs.play_run and check.run_games is runs.run_games
    assert check.join_results is runs.join_results and targets.Run is runs.Run is check.Run
    assert skill.table_of is levels.table_of and skill.level_name is levels.level_name
    assert skill.SkillComparison is levels.SkillComparison and skill.verdict is levels.verdict
    assert skill.flag is levels.flag and skill.compare_across is paired.compare_across
    assert coverage.play_coverage and design.compare is paired.compare


# --- the checker on planted sources --------------------------------------------------------------


def test_the_checker_catches_a_planted_cycle_and_names_it():
    """a → b at module level, b → c inside a function, c → a by an absolute ``bourbon_lab.design`` import."""
    sources = {
        "a": "from .b import thing\n",
        "b": "def later():\n    from .c import other\n    return other\n",
        "c": "from bourbon_lab.design.a import thing\n",
        "d": "from . import a\nfrom .metrics import metric\n",  # into the cycle, not part of it
        "metrics": "import math\n",
    }
    graph = import_graph(sources)
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "metrics"}, "metrics": set()}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    with pytest.raises(AssertionError, match="import cycles among bourbon_lab/design modules: a → b → c → a"):
        assert_one_direction(sources)
    del sources["c"]  # the circle broken: the same sources pass
    assert_one_direction(sources)


def test_the_checker_names_every_module_of_a_tangle():
    """The design layer's old circle, in miniature: a shortest cycle, and every module caught with it."""
    sources = {
        "check": "from .targets import Run\ndef f():\n    from .skill import table_of\n",
        "skill": "def g():\n    from .paired import compare\n",
        "paired": "from .coverage import counts\n",
        "coverage": "def h():\n    from .check import play_run\n    from .targets import Run\n",
        "targets": "def k():\n    from .coverage import mechanics_of\n",
    }
    graph = import_graph(sources)
    assert tangles(graph) == [["check", "coverage", "paired", "skill", "targets"]]
    said = "check → targets → coverage → check (tangled together: check, coverage, paired, skill, targets)"
    assert cycle_text(graph) == said
    with pytest.raises(AssertionError, match=said.replace("(", r"\(").replace(")", r"\)")):
        assert_one_direction(sources)


def test_the_checker_reads_every_spelling_of_a_design_import():
    sources = {
        "x": "from ..design.y import f\n",  # from a sibling layer's spelling
        "y": "import bourbon_lab.design.z\n",
        "z": "from . import w\n",
        "w": "from .. import design\n",  # the package itself: its ``__init__``
        "v": "from . import compare\n",  # a name of the package, not a module: its ``__init__`` too
        INIT: "from .x import f\n",
    }
    graph = import_graph(sources)
    assert graph == {"x": {"y"}, "y": {"z"}, "z": {"w"}, "w": {INIT}, "v": {INIT}, INIT: {"x"}}
    assert cycles(graph) == [[INIT, "x", "y", "z", "w", INIT]]


def test_the_checker_passes_a_layered_set_and_ignores_other_packages():
    sources = {
        "top": "from .mid import f\nfrom ..sim import simulate\nimport polars\n",
        "mid": "def g():\n    from .low import h\n",
        "low": "from ..core.metrics import metric\nfrom bourbon_lab.sim.runner import simulate\n",
    }
    assert cycles(import_graph(sources)) == []
