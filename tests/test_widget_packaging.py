"""The widgets' ESM/CSS ship in the wheel and load from a fresh install (not only from the repository).

The generic board comes from the top-level ``widgets/`` folder (force-included as
``bourbon_lab/widgets/static``); Bourbonomics' own board sits in its game package.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

CHECK = """
import pathlib, bourbon_lab.widgets.assets as a
assert a.ASSETS.name == "static", a.ASSETS
assert "site-packages" in str(a.BOARD_ESM) and "site-packages" in str(a.GENERIC_ESM), a.BOARD_ESM
assert "export default" in a.BOARD_ESM.read_text() and a.BOARD_CSS.read_text()
assert "export default" in a.GENERIC_ESM.read_text() and a.GENERIC_CSS.read_text()
from bourbon_lab.widgets import BoardView
import bourbon_lab as bl
b = BoardView(bl.new_game(bl.Ruleset.default(), 2, seed=1))
assert b._esm and "handover" in b.state and b.take_screen()  # two people: the first one taps to start
assert b.state["zone"] == "Low"
print(a.BOARD_ESM)
print(a.GENERIC_ESM)
"""


def test_wheel_carries_the_assets_and_a_fresh_venv_loads_them(tmp_path):
    dist = tmp_path / "dist"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)]
    subprocess.run(build, check=True, cwd=tmp_path)
    wheel = next(dist.glob("bourbon_lab-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "bourbon_lab/widgets/static/generic.js" in names and "bourbon_lab/widgets/static/generic.css" in names
    assert "bourbon_lab/widgets/static/table.js" in names and "bourbon_lab/widgets/static/table.css" in names
    assert "bourbon_lab/games/bourbonomics/board.js" in names and "bourbon_lab/games/bourbonomics/board.css" in names
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    # The dependencies come from this environment's site-packages, but not its editable bourbon_lab.
    deps = [p for p in sys.path if p.endswith("site-packages")]
    site = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    )
    (Path(site.stdout.strip()) / "zz_deps.pth").write_text("\n".join(deps) + "\n")
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True)
    out = subprocess.run([str(py), "-c", CHECK], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "site-packages/bourbon_lab/widgets/static/generic.js" in out.stdout
    assert "site-packages/bourbon_lab/games/bourbonomics/board.js" in out.stdout
