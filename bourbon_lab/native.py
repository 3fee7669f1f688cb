"""The optional compiled hot path: each game's rules engine and its bots built with mypyc, one build per game.

The same sources run either as plain Python or compiled; tests hold their game logs equal.
Each game is its own build group, filed under ``bourbon_lab/_native/<game>/<hash>/`` and keyed by a
hash of only the sources that group depends on (and the Python version): editing Microbrew never
discards Bourbonomics' build, and an edited rule can never run stale compiled code, it just runs as
Python until ``bourbon-lab compile`` (which ``make`` runs) builds its group again. A group that does
not compile runs as Python and the others stay compiled.
Set ``BOURBON_LAB_PURE=1`` to ignore every build. This module imports nothing from the package.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
NATIVE = "_native"
DEFAULT_GAME = "bourbonomics"


DECLARATION = "native.toml"
"""Each game's own declaration of its build, in its folder (``games/<game>/native.toml``)."""


def _declared(package: Path) -> dict[str, dict[str, tuple[str, ...]]]:
    """Game -> its build group, read from each game folder's declaration: globs made relative to the package.

    Per game: the globs it compiles (a new module there joins the build by itself), the files left out
    (presentation, or what mypyc cannot build), the other sources its compiled code type-checks against
    (a change in them needs a new build; nothing else is hashed), the files the build may drop when mypyc
    refuses them, and a compiled module that says whether the group loaded.
    """
    import tomllib

    groups: dict[str, dict[str, tuple[str, ...]]] = {}
    for file in sorted(package.glob(f"games/*/{DECLARATION}")):
        folder = file.parent.relative_to(package).as_posix()
        data = tomllib.loads(file.read_text())
        groups[file.parent.name] = {key: _inside(file, folder, key, data.get(key, [])) for key in KEYS}
    return groups


def _inside(file: Path, folder: str, key: str, names: object) -> tuple[str, ...]:
    """A declaration's paths, from inside the game's folder to inside the package."""
    names = [names] if isinstance(names, str) else names
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError(f"{file}: {key}: expected a list of paths inside {folder}/")
    return tuple(os.path.normpath(f"{folder}/{n}").replace(os.sep, "/") for n in names)


KEYS = ("compile", "exclude", "depends", "optional", "probe")
GROUPS: dict[str, dict[str, tuple[str, ...]]] = _declared(PACKAGE)
"""Every game's build group, as its folder declares it."""

_status: dict[str, str] = {game: "pure Python: not installed yet" for game in GROUPS}


def _group(game: str) -> dict[str, tuple[str, ...]]:
    if game not in GROUPS:
        raise ValueError(f"game: no compiled build group named {game!r} (one of {', '.join(GROUPS)})")
    return GROUPS[game]


def _glob(patterns: tuple[str, ...], package: Path | None = None) -> list[Path]:
    return sorted({path for pattern in patterns for path in (package or PACKAGE).glob(pattern)})


def compiled_files(game: str = DEFAULT_GAME, package: Path | None = None) -> list[str]:
    """The modules a game's build compiles, as paths relative to the package."""
    group, package = _group(game), package or PACKAGE
    excluded = set(_glob(group["exclude"], package))
    return [path.relative_to(package).as_posix() for path in _glob(group["compile"], package) if path not in excluded]


def build_key(game: str = DEFAULT_GAME, package: Path | None = None) -> str:
    """The hash a game's build is filed under: an edit to one of its sources or another Python needs a new build.

    Work done for every group on each ``import bourbon_lab``, so it reads only the sources (a few milliseconds).
    """
    group, package = _group(game), package or PACKAGE
    h = hashlib.sha256()
    h.update(sys.implementation.cache_tag.encode())
    h.update(game.encode())
    depends = (path.relative_to(package).as_posix() for path in _glob(group["depends"], package))
    for name in sorted({*compiled_files(game, package), *depends}):
        h.update(name.encode())
        h.update((package / name).read_bytes())
    h.update((package / "native.py").read_bytes())
    declaration = package / Path(GROUPS[game]["probe"][0]).parent / DECLARATION
    if declaration.exists():
        h.update(declaration.read_bytes())
    return h.hexdigest()[:16]


def build_dir(game: str = DEFAULT_GAME) -> Path:
    """Where the build of a game for the current sources lives (it may not exist yet)."""
    return PACKAGE / NATIVE / game / build_key(game)


def _module_name(file: str) -> str:
    return "bourbon_lab." + file[: -len(".py")].replace("/", ".")


def _modules(root: Path) -> dict[str, str]:
    """Fully qualified module name -> extension file, for a finished build."""
    out = {}
    for ext in importlib.machinery.EXTENSION_SUFFIXES:
        for path in root.rglob(f"*{ext}"):
            rel = path.relative_to(root).as_posix()[: -len(ext)]
            out[rel.replace("/", ".")] = str(path)
    return out


class _Finder:
    """Serves the compiled modules (and each build's mypyc shared library) from the build directories."""

    def __init__(self, modules: dict[str, str]):
        self.modules = modules

    def find_spec(self, fullname, path=None, target=None):
        file = self.modules.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, file)
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install() -> None:
    """Use each game's compiled modules when a build matches its sources (called before any rules load)."""
    modules: dict[str, str] = {}
    for game in GROUPS:
        files = compiled_files(game)
        imported = any(_module_name(file) in sys.modules for file in files)
        _status[game], root = _choose(game, imported)
        if root is not None:
            modules.update(_modules(root))
    if modules:
        sys.meta_path.insert(0, _Finder(modules))


def _choose(game: str, imported: bool) -> tuple[str, Path | None]:
    """How this process will run a game's engine, and the build to load if compiled."""
    if os.environ.get("BOURBON_LAB_PURE"):
        return "pure Python: BOURBON_LAB_PURE is set", None
    if imported:
        return "pure Python: the rules were imported before bourbon_lab", None
    root = build_dir(game)
    if (root / "FAILED").exists():
        return f"pure Python: mypyc could not compile these sources ({root.name}); see {root / 'FAILED'}", None
    if not (root / "COMPLETE").exists():
        return f"pure Python: no build for these sources ({root.name}); run bourbon-lab compile", None
    if (root / "LEFT_OUT").exists():
        left = (root / "LEFT_OUT").read_text().split(":", 1)[0]
        return f"compiled with mypyc ({root.name}; {left}: plain Python)", root
    return f"compiled with mypyc ({root.name})", root


def status(game: str = DEFAULT_GAME) -> str:
    """How a game's rules engine runs in this process: compiled or pure Python, and why."""
    _group(game)
    return _status[game]


def is_compiled(game: str = DEFAULT_GAME) -> bool:
    """Whether a game's rules engine in this process is the compiled one (imports it)."""
    module = importlib.import_module(_module_name(_group(game)["probe"][0]))
    return not str(module.__file__).endswith(".py")


# mypy reads the package, never a third-party one: the compiled files import only the standard library,
# and following imports into polars and numpy was three quarters of a build (Bourbonomics 131 s -> 34 s).
_MYPY_INI = """[mypy]
ignore_missing_imports = True
follow_imports = skip

[mypy-bourbon_lab.*]
follow_imports = silent
"""

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
        ["--config-file", "mypy.ini", "--disable-error-code", "annotation-unchecked", *files],
        opt_level="3",
        debug_level="0",
    ),
)
"""


def build(game: str = DEFAULT_GAME, verbose: bool = False, retry: bool = False) -> Path:
    """Compile a game's hot path into ``build_dir(game)`` unless that build already exists; returns where it went.

    It compiles a copy of the package and files the build under that copy's key, so a source edited
    while it builds can never run code compiled from other text. When the whole group does not compile,
    it tries again without the group's ``optional`` files mypyc named (else all of them: the bots and
    encoders, which other people edit all the time): the rules alone still run faster, and ``LEFT_OUT``
    in the build says what was left out and why. Raises ``RuntimeError`` when even that fails; the
    failure is remembered for those sources (so ``make`` does not spend the time again) until they
    change or ``retry`` is set.
    """
    import shutil
    import tempfile

    root = build_dir(game)
    if (root / "COMPLETE").exists():
        return root
    if (root / "FAILED").exists() and not retry:
        raise RuntimeError(f"{game}: mypyc could not compile these sources before; see {root / 'FAILED'}")
    with tempfile.TemporaryDirectory(prefix=f"bourbon_native_{game}_") as tmp:
        # mypyc names modules after their paths, so it runs beside a copy of the package (away
        # from the project's own pyproject.toml, which setuptools would otherwise read).
        src = Path(tmp, "src")
        shutil.copytree(PACKAGE, src / "bourbon_lab", ignore=shutil.ignore_patterns(NATIVE, "__pycache__"))
        copy = src / "bourbon_lab"
        root = PACKAGE / NATIVE / game / build_key(game, copy)
        files = compiled_files(game, copy)
        optional = {path.relative_to(copy).as_posix() for path in _glob(GROUPS[game].get("optional", ()), copy)}
        log = _compile(src, Path(tmp), root, files, verbose)
        if log and optional & set(files):
            # the optional files mypyc named, else all of them
            drop = {name for name in optional & set(files) if f"bourbon_lab/{name}:" in log} or optional & set(files)
            left = ", ".join(sorted(drop))
            rules_only = [name for name in files if name not in drop]
            log = _compile(
                src, Path(tmp), root, rules_only, verbose, f"left out {left}: mypyc refused it\n{_errors(log)}"
            )
    if log:
        root.mkdir(parents=True, exist_ok=True)
        (root / "FAILED").write_text(log)
        raise RuntimeError(f"{game}: mypyc could not compile it (it runs as Python):\n{_errors(log)}")
    return root


def _errors(log: str) -> str:
    errors = [line for line in log.splitlines() if ": error:" in line or "AssertionError" in line][:10]
    return "\n".join(errors) or log[-3000:]


def _compile(src: Path, tmp: Path, root: Path, files: list[str], verbose: bool, left_out: str = "") -> str:
    """Build ``files`` of the copy in ``src`` into ``root``: "" when done, else the compiler's output."""
    import shutil
    import subprocess

    out, work = tmp / f"out{len(files)}", tmp / f"work{len(files)}"
    shutil.rmtree(out, ignore_errors=True)
    (src / "mypy.ini").write_text(_MYPY_INI)
    proc = subprocess.run(
        [sys.executable, "-c", _SETUP.format(out=str(out), tmp=str(work)), *(f"bourbon_lab/{f}" for f in files)],
        cwd=src,
        capture_output=not verbose,
        text=True,
    )
    if proc.returncode != 0:
        return (proc.stdout or "") + (proc.stderr or "") or f"the compiler exited with {proc.returncode}"
    if left_out:
        (out / "LEFT_OUT").write_text(left_out)
    (out / "COMPLETE").write_text("\n".join(files) + "\n")
    _replace(root, out)
    return ""


def _replace(root: Path, out: Path) -> None:
    """Put a finished build in place, then drop the game's older builds (a running process keeps its open files)."""
    import shutil

    root.parent.mkdir(parents=True, exist_ok=True)
    staged = root.parent / f".{root.name}.{os.getpid()}"
    shutil.copytree(out, staged)
    shutil.rmtree(root, ignore_errors=True)  # a remembered failure for these sources
    try:
        staged.rename(root)
    except OSError:  # another compile finished the same build first
        shutil.rmtree(staged, ignore_errors=True)
    for old in root.parent.iterdir():
        if old != root and not old.name.startswith("."):
            shutil.rmtree(old, ignore_errors=True)
    for old in root.parent.parent.iterdir():  # builds from before one build per game
        if old.is_dir() and old.name not in GROUPS:
            shutil.rmtree(old, ignore_errors=True)


def build_all(
    games: list[str] | None = None, verbose: bool = False, retry: bool = False, jobs: int | None = None
) -> dict[str, Path | str]:
    """Build every game's group (or the ones named): game -> where its build is, or why there is none.

    One group failing never stops the others. ``jobs`` builds run at once (default: two, or one on a
    one-core machine); each is its own compiler process, so the groups build side by side.
    """
    from concurrent.futures import ThreadPoolExecutor

    def one(game: str) -> Path | str:
        try:
            return build(game, verbose=verbose, retry=retry)
        except RuntimeError as exc:
            return str(exc)

    names = games or list(GROUPS)
    with ThreadPoolExecutor(max_workers=jobs or min(2, os.cpu_count() or 1)) as pool:
        return dict(zip(names, pool.map(one, names)))
