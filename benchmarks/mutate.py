"""Mutation testing of the four games, their views and every layer above them (``make mutate``).

mutmut (3.x, configured under ``[tool.mutmut]`` in pyproject.toml) plants one small change at a
time in a copy of the package under ``mutants/`` and runs the fast non-slow tests that reach the
changed function; a mutant the tests still pass ("survived") is a bug they would miss. A full
run is hours on two cores, so by default this takes a fixed sample per package: the mutants
whose name hashes lowest, which is the same sample on every run of the same source.

    python benchmarks/mutate.py                 # the default sample, one worker
    python benchmarks/mutate.py --per-package 0 # every mutant (hours)

Prints the kill rate per package and writes it to ``mutants/kill-rate.json``; ``mutmut browse``
then shows each survivor's diff.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTMUT = [str(Path(sys.executable).with_name("mutmut"))]
VIEWS = (
    "bourbon_lab.games.bourbonomics.rules.view",
    "bourbon_lab.games.bourbonomics.rules.observation",
    "bourbon_lab.games.bourbonomics.board",
    "bourbon_lab.games.bourbonomics.narrate",
    "bourbon_lab.games.distilled.view",
    "bourbon_lab.games.distilled.board",
    "bourbon_lab.games.distilled.narrate",
    "bourbon_lab.games.gin_crafters.observation",
    "bourbon_lab.games.gin_crafters.board",
    "bourbon_lab.games.gin_crafters.narrate",
    "bourbon_lab.games.microbrew.sight",
    "bourbon_lab.games.microbrew.board",
    "bourbon_lab.games.microbrew.narrate",
    "bourbon_lab.widgets.board",
    "bourbon_lab.widgets.session",
    "bourbon_lab.widgets.narrate",
    "bourbon_lab.widgets.generic_board",
)
"""What a seat sees: each game's observation, board view model and sentences, and the table around them."""
PACKAGES = {
    "views": VIEWS,
    "bourbonomics": ("bourbon_lab.games.bourbonomics.",),
    "distilled": ("bourbon_lab.games.distilled.",),
    "gin_crafters": ("bourbon_lab.games.gin_crafters.",),
    "microbrew": ("bourbon_lab.games.microbrew.",),
    "scenarios": ("bourbon_lab.scenarios.",),
    "sim": ("bourbon_lab.sim.",),
    "design": ("bourbon_lab.design.",),
    "rl": ("bourbon_lab.rl.",),
}
"""Package -> module prefixes, first match wins (so the views are not counted with their game)."""
SAMPLE = {
    "views": 12,
    "bourbonomics": 12,
    "distilled": 12,
    "gin_crafters": 12,
    "microbrew": 12,
    "scenarios": 10,
    "sim": 10,
    "design": 10,
    "rl": 10,
}
"""Mutants per package by default: about 100 in all, a few hours on one worker."""
KILLED = {"killed", "timeout"}


def package_of(mutant: str) -> str | None:
    module = re.split(r"\.x(?:_|ǁ)", mutant, maxsplit=1)[0]
    for package, prefixes in PACKAGES.items():
        if any(module == p or (p.endswith(".") and module.startswith(p)) for p in prefixes):
            return package
    return None


def all_mutants(root: Path) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for meta in sorted((root / "mutants").rglob("*.py.meta")):
        out.update(json.loads(meta.read_text())["exit_code_by_key"])
    return out


def sample(mutants, per_package: int) -> dict[str, list[str]]:
    """The ``per_package`` mutants of each package whose names hash lowest (0 = all)."""
    by_package: dict[str, list[str]] = {p: [] for p in PACKAGES}
    for name in mutants:
        package = package_of(name)
        if package:
            by_package[package].append(name)
    for package, names in by_package.items():
        names.sort(key=lambda n: hashlib.sha256(n.encode()).hexdigest())
        n = len(names) if per_package == 0 else SAMPLE[package] if per_package < 0 else per_package
        by_package[package] = names[:n]
    return by_package


def mutmut(root: Path, *args: str, check: bool = True) -> int:
    print("$ mutmut", " ".join(args[:4]), "..." if len(args) > 4 else "", flush=True)
    # The mutants are plain Python: a compiled build of the unmutated rules must not stand in for them.
    env = {**os.environ, "BOURBON_LAB_PURE": "1"}
    done = subprocess.run(
        [*MUTMUT, *args], cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env
    )
    if done.returncode and (check or "no-such-mutant" not in args):
        print(f"mutmut {args[0]} stopped (exit {done.returncode}):\n{done.stderr[-2000:]}", file=sys.stderr)
        if check:
            sys.exit(1)
    return done.returncode


def kill_rates(root: Path, chosen: dict[str, list[str]]) -> dict[str, dict]:
    from mutmut.stats import status_by_exit_code

    codes = all_mutants(root)
    out = {}
    for package, names in chosen.items():
        statuses = {n: status_by_exit_code[codes[n]] for n in names}
        checked = [n for n in names if statuses[n] != "not checked"]  # all of them unless the run was stopped
        killed = sum(statuses[n] in KILLED for n in checked)
        out[package] = {
            "mutants": len(checked),
            "not_checked": len(names) - len(checked),
            "killed": killed,
            "survived": [n for n in checked if statuses[n] not in KILLED],
            "kill_rate": round(100 * killed / len(checked), 1) if checked else None,
        }
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-package", type=int, default=-1, help="mutants per package (default: SAMPLE; 0 = all)")
    ap.add_argument("--root", type=Path, default=ROOT, help="project checkout to mutate (default: this one)")
    ap.add_argument("--report-only", action="store_true", help="only print the rates of the last (or a stopped) run")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    if not args.report_only:
        # Generates the mutants and times every selected test once; the unmatched name then stops it.
        mutmut(args.root, "run", "--max-children", "1", "no-such-mutant", check=False)
    chosen = sample(all_mutants(args.root), args.per_package)
    names = [n for ns in chosen.values() for n in ns]
    if not args.report_only:
        mutmut(args.root, "run", "--max-children", "1", *names, check=False)
    rates = kill_rates(args.root, chosen)
    minutes = (time.perf_counter() - start) / 60
    for package, r in rates.items():
        left = f", {r['not_checked']} not reached" if r["not_checked"] else ""
        print(f"{package:10} {r['killed']:4} of {r['mutants']:4} killed  ({r['kill_rate']} %{left})")
    total = sum(r["mutants"] for r in rates.values())
    killed = sum(r["killed"] for r in rates.values())
    print(f"{'all':10} {killed:4} of {total:4} killed  ({100 * killed / max(total, 1):.1f} %) in {minutes:.0f} min")
    report = {"packages": rates, "minutes": round(minutes, 1), "per_package": args.per_package}
    (args.root / "mutants" / "kill-rate.json").write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
