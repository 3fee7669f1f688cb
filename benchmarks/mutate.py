"""Mutation testing of the four games, their views and every layer above them (``make mutate``).

mutmut (3.x, configured under ``[tool.mutmut]`` in pyproject.toml) plants one small change at a
time in a copy of the package under ``mutants/`` and runs the fast non-slow tests that reach the
changed function; a mutant the tests still pass ("survived") is a bug they would miss. A full
run is hours on two cores, so by default this takes a fixed sample per package: the mutants
whose name hashes lowest, which is the same sample on every run of the same source.

    python benchmarks/mutate.py --quick         # make mutate: the sample against each package's tests
    python benchmarks/mutate.py                 # the sample, mutmut picking the tests (hours)
    python benchmarks/mutate.py --per-package 0 # every mutant (days)

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
    "bourbon_lab.games.bourbonomics.view",
    "bourbon_lab.games.bourbonomics.observation",
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
PACKAGE_TESTS = {
    "views": (
        "test_view_privacy.py test_widgets.py test_generic_widgets.py test_pass_and_play.py test_*_presentation.py "
        "test_report_words.py test_rl_perspective.py"
    ),
    "bourbonomics": (
        "test_actions.py test_api.py test_atomic_apply.py test_book_rules.py test_bourbonomics_edges.py test_bots.py "
        "test_bot_strategies.py test_ultimates.py test_variants.py test_ruleset.py test_tunables.py "
        "test_core_protocol.py test_decisions_agree.py test_content_conventions.py test_house_rules.py "
        "test_cli_rules.py test_protocol_papercuts.py test_tables_vs_log.py test_rl_encoding.py test_rl_perspective.py"
    ),
    "distilled": (
        "test_distilled_*.py test_peer_invariants.py test_core_protocol.py test_rl_perspective.py test_house_rules.py"
    ),
    "gin_crafters": (
        "test_gin_crafters_*.py test_peer_invariants.py test_core_protocol.py test_rl_encoding.py "
        "test_rl_perspective.py test_house_rules.py"
    ),
    "microbrew": (
        "test_microbrew_*.py test_peer_invariants.py test_core_protocol.py test_rl_perspective.py test_house_rules.py"
    ),
    "scenarios": "test_scenario*.py test_*_scenarios.py test_postgame.py test_fuzz_loaders.py",
    "sim": "test_sim*.py test_tables*.py test_statistics_reference.py test_compare_metrics.py",
    "design": (
        "test_metrics*.py test_targets.py test_tuning*.py test_sensitivity.py test_coverage.py test_mechanic_floors.py "
        "test_compare_metrics.py test_statistics_reference.py test_design_cli_any_game.py"
    ),
    "rl": "test_rl_*.py",
}
"""``--quick``: the fast test files that a package's mutants run (its own, and the layers' over it;
a game's RL encoder and the seats in its view are tested in the RL files, its house-rule hooks in
``test_house_rules.py``).

mutmut first runs the whole suite once under its tracing to learn which tests reach which function:
about two hours on this machine since the suite grew past 3,000 tests. ``--quick`` skips that and runs
each mutant against its package's files here instead (``-x``: the first failure kills it). A test
elsewhere that would kill a mutant is not run, so the quick rate can only be lower than mutmut's."""


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


def sample(mutants, per_package: int, skip: int = 0) -> dict[str, list[str]]:
    """The ``per_package`` mutants of each package whose names hash lowest (0 = all), less the first ``skip``."""
    by_package: dict[str, list[str]] = {p: [] for p in PACKAGES}
    for name in mutants:
        package = package_of(name)
        if package:
            by_package[package].append(name)
    for package, names in by_package.items():
        names.sort(key=lambda n: hashlib.sha256(n.encode()).hexdigest())
        n = len(names) if per_package == 0 else SAMPLE[package] if per_package < 0 else per_package
        by_package[package] = names[skip:n]
    return by_package


GENERATE = """
from pathlib import Path
from mutmut.__main__ import create_mutants, store_lines_covered_by_tests
from mutmut.mutation.trampoline import set_mutant_under_test
from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir, setup_source_paths
set_mutant_under_test("mutant_generation")
Path("mutants").mkdir(exist_ok=True)
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); store_lines_covered_by_tests()
create_mutants(2)
"""
"""mutmut's own first step of ``run``, without the whole-suite tracing that follows it (hours here)."""


def generate(root: Path) -> None:
    print("generating the mutants", flush=True)
    env = {**os.environ, "BOURBON_LAB_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", GENERATE], cwd=root, env=env, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"mutant generation stopped (exit {done.returncode}):\n{done.stderr[-2000:]}")


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


def _pytest_args(root: Path) -> list[str]:
    import tomllib

    return tomllib.loads((root / "pyproject.toml").read_text())["tool"]["mutmut"]["pytest_add_cli_args"]


def _package_files(root: Path, package: str) -> list[str]:
    tests = root / "mutants" / "tests"
    return sorted(
        {p.relative_to(root / "mutants").as_posix() for g in PACKAGE_TESTS[package].split() for p in tests.glob(g)}
    )


def _run_tests(
    root: Path, files: list[str], mutant: str, timeout: float | None, first: bool = True
) -> tuple[int | None, float, str]:
    """pytest on ``files`` in the mutants' copy with ``mutant`` switched on ("" for none); None on timeout."""
    env = {**os.environ, "BOURBON_LAB_PURE": "1", "MUTANT_UNDER_TEST": mutant}
    command = [sys.executable, "-m", "pytest", *(["-x"] if first else ["-rf"]), *_pytest_args(root), *files]
    start = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=root / "mutants", env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - start, ""
    return done.returncode, time.perf_counter() - start, done.stdout


def _baseline(root: Path, package: str) -> tuple[list[str], float, list[str]]:
    """The package's test files with no mutant: how long they take and which fail (to leave out).

    Kept in ``mutants/baseline-<package>.json`` for the same test files, so a second run (``--mutants``)
    does not time them again.
    """
    files = _package_files(root, package)
    key = hashlib.sha256(b"".join((root / "mutants" / f).read_bytes() for f in files)).hexdigest()
    cache = root / "mutants" / f"baseline-{package}.json"
    if cache.is_file() and (kept := json.loads(cache.read_text()))["key"] == key:
        base, failing = kept["seconds"], kept["failing"]
    else:
        code, base, text = _run_tests(root, files, "", None, first=False)
        failing = re.findall(r"^FAILED (\S+)", text, flags=re.M)
        deselected = [*files, *(f"--deselect={t}" for t in failing)]
        if code != 0 and (not failing or _run_tests(root, deselected, "", None)[0] != 0):
            sys.exit(f"{package}: its tests fail with no mutant (exit {code}); fix that first")
        cache.write_text(json.dumps({"key": key, "seconds": base, "failing": failing}))
    return [*files, *(f"--deselect={t}" for t in failing)], base, failing


def quick(root: Path, chosen: dict[str, list[str]]) -> dict[str, dict]:
    """Each chosen mutant against its package's test files (``PACKAGE_TESTS``); the same report as mutmut's.

    A test failing with no mutant switched on is left out (named in the report): some read the source,
    whose mutants' copy holds every mutant's text.
    """
    out = {}
    for package, names in chosen.items():
        files, base, failing = _baseline(root, package)
        shown = f"{len(files) - len(failing)} test files, {base:.0f} s unmutated, left out {failing}"
        print(f"{package}: {shown}", flush=True)
        survived, killed = [], 0
        for name in names:
            code, took, _ = _run_tests(root, files, name, 3 * base + 60)
            if code in (0, 5):  # passed, or no test ran
                survived.append(name)
            else:
                killed += 1
            status = "survived" if code in (0, 5) else "timeout" if code is None else "killed"
            print(f"  {status} {name} ({took:.0f} s)", flush=True)
        out[package] = {
            "mutants": len(names),
            "not_checked": 0,
            "killed": killed,
            "survived": survived,
            "kill_rate": round(100 * killed / len(names), 1) if names else None,
            "test_files": [f for f in files if not f.startswith("--")],
            "left_out": failing,
        }
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-package", type=int, default=-1, help="mutants per package (default: SAMPLE; 0 = all)")
    ap.add_argument("--root", type=Path, default=ROOT, help="project checkout to mutate (default: this one)")
    ap.add_argument("--report-only", action="store_true", help="only print the rates of the last (or a stopped) run")
    ap.add_argument("--quick", action="store_true", help="skip mutmut's test timing: each package's own test files")
    ap.add_argument("--skip", type=int, default=0, help="leave out the first N of each sample (finishes a run)")
    ap.add_argument("--mutants", nargs="+", help="only these mutants (by name), each with its package's tests")
    ap.add_argument("--packages", nargs="+", choices=list(PACKAGES), help="only these packages (default: all)")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    if args.quick and not args.report_only and not (args.root / "mutants").is_dir():
        generate(args.root)  # a quick run needs only the mutants, so it reuses ones already written
    elif not args.report_only and not args.quick:
        # Generates the mutants and times every selected test once; the unmatched name then stops it.
        mutmut(args.root, "run", "--max-children", "1", "no-such-mutant", check=False)
    known = all_mutants(args.root)
    chosen = sample(known, args.per_package, args.skip)
    chosen = {p: names for p, names in chosen.items() if not args.packages or p in args.packages}
    if args.mutants:
        unknown = [n for n in args.mutants if n not in known or package_of(n) is None]
        if unknown:
            sys.exit(f"no such mutant in any package: {unknown}")
        chosen = {p: [n for n in args.mutants if package_of(n) == p] for p in PACKAGES}
        chosen = {p: names for p, names in chosen.items() if names}
    names = [n for ns in chosen.values() for n in ns]
    if not args.report_only and not args.quick:
        mutmut(args.root, "run", "--max-children", "1", *names, check=False)
    rates = quick(args.root, chosen) if args.quick else kill_rates(args.root, chosen)
    minutes = (time.perf_counter() - start) / 60
    for package, r in rates.items():
        left = f", {r['not_checked']} not reached" if r["not_checked"] else ""
        print(f"{package:10} {r['killed']:4} of {r['mutants']:4} killed  ({r['kill_rate']} %{left})")
    total = sum(r["mutants"] for r in rates.values())
    killed = sum(r["killed"] for r in rates.values())
    print(f"{'all':10} {killed:4} of {total:4} killed  ({100 * killed / max(total, 1):.1f} %) in {minutes:.0f} min")
    report = {
        "packages": rates,
        "minutes": round(minutes, 1),
        "per_package": args.per_package,
        "skip": args.skip,
        "quick": args.quick,
    }
    name = "kill-rate.json" if not args.packages else f"kill-rate-{'-'.join(args.packages)}.json"
    if args.mutants:
        name = "kill-rate-named.json"
    if args.skip:
        name = name.replace(".json", f"-from-{args.skip + 1}.json")
    (args.root / "mutants" / name).write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
