"""A checkout of an earlier commit with its own compiled build, and the environment that runs a tree.

Shared by the benchmarks that time today's code against a commit before a change (``bench_house_rules.py``,
``bench_layout.py``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def before_tree(path: Path, commit: str) -> Path:
    """``path`` holding ``commit`` (a ``git worktree``, made when missing), its games compiled."""
    if not (path / "bourbon_lab").is_dir():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), commit], check=True)
    want, have = (_head(ROOT, commit), _head(path, "HEAD"))
    if want != have:
        raise SystemExit(f"{path} holds {have[:7]}, not {commit} ({want[:7]}): give another folder")
    env = {**os.environ, "PYTHONPATH": str(path)}
    subprocess.run([sys.executable, "-m", "bourbon_lab.cli", "compile"], cwd=path, env=env, check=True)
    return path


def _head(repo: Path, rev: str) -> str:
    out = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", f"{rev}^{{commit}}"], capture_output=True)
    if out.returncode:
        raise SystemExit(f"{rev}: no such commit in {repo}")
    return out.stdout.decode().strip()


def tree_env(tree: Path, pure: bool = False) -> dict[str, str]:
    """The environment in which a fresh Python runs ``tree``'s code, compiled unless ``pure``.

    ``PYTHONSAFEPATH`` keeps the current folder off ``sys.path`` (``python -c`` puts it first, ahead of
    ``PYTHONPATH``), so a benchmark started from the project folder still runs ``tree``'s package.
    """
    env = {k: v for k, v in os.environ.items() if k != "BOURBON_LAB_PURE"}
    env["PYTHONPATH"] = str(tree)
    env["PYTHONSAFEPATH"] = "1"
    if pure:
        env["BOURBON_LAB_PURE"] = "1"
    return env
