"""Issue 27's reproductions in both builds: the peer games' book-fix tests pass on the plain engine too.

The suite's own process runs the compiled engines (``bourbon-lab compile``); this runs the same test
files in a fresh process with ``BOURBON_LAB_PURE=1`` (Distilled's file runs both builds itself).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FILES = ["test_gin_crafters_book_fixes.py", "test_microbrew_book_fixes.py"]


@pytest.mark.parametrize("name", FILES)
def test_the_book_fixes_hold_on_the_plain_engine(name):
    env = {**os.environ, "BOURBON_LAB_PURE": "1"}
    probe = "from bourbon_lab import native; print(native.is_compiled('gin_crafters'), native.is_compiled('microbrew'))"
    assert subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True).stdout.split() == [
        "False",
        "False",
    ]
    run = [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", str(HERE / name)]
    out = subprocess.run(run, env=env, capture_output=True, text=True, cwd=HERE.parent, timeout=600)
    assert out.returncode == 0, out.stdout[-2000:]
    assert " passed" in out.stdout and "failed" not in out.stdout
