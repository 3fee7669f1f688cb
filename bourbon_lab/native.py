"""The optional compiled hot path: the rules engine and the heuristic bots built with mypyc.

The same sources run either as plain Python or compiled; a test holds their game logs equal.
A build lives under ``bourbon_lab/_native/<hash>/``, keyed by a hash of every source it depends
on and the Python version: an edited rule can never run stale compiled code, it
just runs as Python until ``bourbon-lab compile`` (which ``make`` runs) builds again.
Set ``BOURBON_LAB_PURE=1`` to ignore a build. This module imports nothing from the package.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
# The hot path of every simulation: a game's state, its steps, and the bots that play it.
COMPILED = (
    "games/bourbonomics/rules/actions.py",
    "games/bourbonomics/rules/ageing.py",
    "games/bourbonomics/rules/collect.py",
    "games/bourbonomics/rules/departments.py",
    "games/bourbonomics/rules/events.py",
    "games/bourbonomics/rules/game.py",
    "games/bourbonomics/rules/market.py",
    "games/bourbonomics/rules/observation.py",
    "games/bourbonomics/rules/play.py",
    "games/bourbonomics/rules/state.py",
    "games/bourbonomics/rules/supply.py",
    "bots/heuristic.py",
    "bots/knowledge.py",
)
# Compiled code type-checks against these (what the compiled modules import), so a change in any needs a new build;
# other games and bots are left out so that writing them does not discard the build.
_DEPENDS = ("games/bourbonomics/rules/*.py", "bots/base.py", "bots/heuristic.py", "bots/knowledge.py", "native.py")

_status = "pure Python: not installed yet"


def build_key() -> str:
    """The hash a build is filed under: any edit or another Python needs a new build.

    Work done on every ``import bourbon_lab``, so it reads only the sources (about a millisecond).
    """
    h = hashlib.sha256()
    h.update(sys.implementation.cache_tag.encode())
    for pattern in _DEPENDS:
        for path in sorted(PACKAGE.glob(pattern)):
            h.update(path.relative_to(PACKAGE).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def build_dir() -> Path:
    """Where the build for the current sources lives (it may not exist yet)."""
    return PACKAGE / "_native" / build_key()


def _modules(root: Path) -> dict[str, str]:
    """Fully qualified module name -> extension file, for a finished build."""
    out = {}
    for ext in importlib.machinery.EXTENSION_SUFFIXES:
        for path in root.rglob(f"*{ext}"):
            rel = path.relative_to(root).as_posix()[: -len(ext)]
            out[rel.replace("/", ".")] = str(path)
    return out


class _Finder:
    """Serves the compiled modules (and mypyc's shared library) from a build directory."""

    def __init__(self, modules: dict[str, str]):
        self.modules = modules

    def find_spec(self, fullname, path=None, target=None):
        file = self.modules.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, file)
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install() -> None:
    """Use the compiled modules when a build matches these sources (called before the rules load)."""
    global _status
    imported = any(f"bourbon_lab.{name[:-3].replace('/', '.')}" in sys.modules for name in COMPILED)
    _status, root = _choose(imported)
    if root is not None:
        sys.meta_path.insert(0, _Finder(_modules(root)))


def _choose(imported: bool) -> tuple[str, Path | None]:
    """How this process will run the engine, and the build to load if compiled."""
    if os.environ.get("BOURBON_LAB_PURE"):
        return "pure Python: BOURBON_LAB_PURE is set", None
    if imported:
        return "pure Python: the rules were imported before bourbon_lab", None
    root = build_dir()
    if not (root / "COMPLETE").exists():
        return f"pure Python: no build for these sources ({root.name}); run bourbon-lab compile", None
    return f"compiled with mypyc ({root.name})", root


def status() -> str:
    """How the rules engine runs in this process: compiled or pure Python, and why."""
    return _status


def is_compiled() -> bool:
    """Whether the rules engine in this process is the compiled one (imports it)."""
    import bourbon_lab.games.bourbonomics.rules.game as game

    return not game.__file__.endswith(".py")


_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

files = sys.argv[1:]
sys.argv = [sys.argv[0], "build_ext", "--build-lib", {out!r}, "--build-temp", {tmp!r}]
setup(
    name="bourbon_lab_native",
    packages=[],
    py_modules=[],
    ext_modules=mypycify(
        ["--ignore-missing-imports", "--follow-imports=silent", "--disable-error-code", "annotation-unchecked",
         *files],
        opt_level="3",
        debug_level="0",
    ),
)
"""


def build(verbose: bool = False) -> Path:
    """Compile the hot path into ``build_dir()`` unless that build already exists."""
    import shutil
    import subprocess
    import tempfile

    root = build_dir()
    if (root / "COMPLETE").exists():
        return root
    files = [f"bourbon_lab/{name}" for name in COMPILED]
    with tempfile.TemporaryDirectory(prefix="bourbon_native_") as tmp:
        src, out, work = Path(tmp, "src"), Path(tmp, "out"), Path(tmp, "work")
        # mypyc names modules after their paths, so it runs beside a copy of the package (away
        # from the project's own pyproject.toml, which setuptools would otherwise read).
        shutil.copytree(PACKAGE, src / "bourbon_lab", ignore=shutil.ignore_patterns("_native", "__pycache__"))
        proc = subprocess.run(
            [sys.executable, "-c", _SETUP.format(out=str(out), tmp=str(work)), *files],
            cwd=src,
            capture_output=not verbose,
            text=True,
        )
        if proc.returncode != 0:
            tail = (proc.stderr or "")[-3000:] if not verbose else ""
            raise RuntimeError(f"mypyc could not compile the rules engine (it still runs as Python):\n{tail}")
        root.parent.mkdir(exist_ok=True)
        for old in root.parent.iterdir():
            shutil.rmtree(old, ignore_errors=True)
        shutil.copytree(out, root)
    (root / "COMPLETE").write_text("\n".join(files) + "\n")
    return root
