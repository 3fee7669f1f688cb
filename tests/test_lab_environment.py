"""Every tutorial runs in exactly the environment ``make lab`` builds, and its widgets show what its text says.

Issue 13: notebook 06 failed under ``make lab`` (no dask) while CI, whose ``test`` extra carried dask,
never saw it. So the notebooks run here in a fresh venv holding only ``pip install -e ".[lab]"`` (what
``make lab`` installs) plus the test runner (pytest, nbmake), never in the test venv. Pip's cache makes
a second build quick; a clean CI machine fetches the same packages from PyPI.

The executed copies keep their widget state, which lets the same run check issue 13's item 6: after
Run All, each widget shows the moment the text beside it describes, not the state later cells left.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
RUNNER = ["pytest>=8", "nbmake>=1.5"]
STATE = "application/vnd.jupyter.widget-state+json"
VIEW = "application/vnd.jupyter.widget-view+json"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    return {**env, "BOURBON_LAB_QUICK": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def _lab_python(tmp: Path) -> Path:
    """A fresh venv with the ``lab`` extra (editable, as ``make lab`` installs it) and the test runner only."""
    where = tmp / "venv"
    venv.create(where, with_pip=True)
    python = where / "bin" / "python"
    install = [str(python), "-m", "pip", "install", "-q", "-e", f"{ROOT}[lab]", *RUNNER]
    done = subprocess.run(install, capture_output=True, text=True, env=_env())
    assert done.returncode == 0, f"pip install of .[lab] failed:\n{done.stderr[-3000:]}"
    return python


def _imports(path: Path) -> set[str]:
    """Every module a notebook's code cells import."""
    found = set()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                found.add(node.module)
    return found


def _check_only_the_lab_extra(lab_python: Path) -> None:
    """The checks below would prove nothing if the venv saw the test venv's packages."""
    assert not Path(sys.prefix).samefile(lab_python.parent.parent)
    probe = "import importlib.util as u; print(u.find_spec('playwright') is None, u.find_spec('hypothesis') is None)"
    out = subprocess.run([str(lab_python), "-c", probe], capture_output=True, text=True, env=_env())
    assert out.stdout.split() == ["True", "True"], out.stdout + out.stderr


def _check_every_import_resolves(lab_python: Path) -> None:
    modules = sorted(set().union(*(_imports(p) for p in NOTEBOOKS)))
    assert "dask.distributed" in modules and "bourbon_lab.widgets" in modules
    code = "\n".join(f"import {m}" for m in modules)
    done = subprocess.run([str(lab_python), "-c", code], capture_output=True, text=True, env=_env())
    assert done.returncode == 0, f"a notebook import fails in the lab environment:\n{done.stderr[-2000:]}"


def _run_all(lab_python: Path, folder: Path) -> dict[str, dict]:
    """Every notebook run once with nbmake in the lab venv (copies, so the repository stays clean)."""
    folder.mkdir()
    for path in NOTEBOOKS:
        shutil.copy(path, folder / path.name)
    command = [str(lab_python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbmake", "--overwrite", str(folder)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=folder, env=_env())
    assert done.returncode == 0, f"a notebook fails in the lab environment:\n{done.stdout[-6000:]}"
    return {p.name: json.loads((folder / p.name).read_text(encoding="utf-8")) for p in NOTEBOOKS}


def test_every_notebook_runs_in_the_lab_environment(tmp_path):
    """One test, so the venv is built and the notebooks run once, whichever xdist worker gets it."""
    python = _lab_python(tmp_path)
    _check_only_the_lab_extra(python)
    _check_every_import_resolves(python)
    executed = _run_all(python, tmp_path / "notebooks")
    for name, nb in executed.items():
        errors = [o for c in nb["cells"] for o in c.get("outputs", []) if o.get("output_type") == "error"]
        assert not errors, f"{name}: {errors[0]['ename']}: {errors[0]['evalue']}"
    _check_walkthrough(executed["01-rules-walkthrough.ipynb"])
    _check_playtest(executed["04-playtest-walkthrough.ipynb"])


class Shown:
    """The widgets and the words one executed cell shows."""

    def __init__(self, nb: dict, marker: str):
        cells = [c for c in nb["cells"] if c["cell_type"] == "code" and marker in "".join(c["source"])]
        assert len(cells) == 1, f"{len(cells)} cells contain {marker!r}"
        outputs = cells[0]["outputs"]
        self.states = nb["metadata"]["widgets"][STATE]["state"]
        self.models = [o["data"][VIEW]["model_id"] for o in outputs if VIEW in o.get("data", {})]
        assert self.models, f"the cell with {marker!r} shows no widget"
        words = [
            o.get("text", "") if o["output_type"] == "stream" else o.get("data", {}).get("text/markdown", "")
            for o in outputs
        ]
        self.words = "".join("".join(w) if isinstance(w, list) else w for w in words)

    def _tree(self, model: str):
        state = self.states[model]["state"]
        yield state
        for child in state.get("children", []):
            yield from self._tree(child.removeprefix("IPY_MODEL_"))

    def board(self) -> dict:
        """The BoardView's synced traits (``state``, ``error``) in the widget the cell shows last."""
        return next(
            s for s in self._tree(self.models[-1]) if isinstance(s.get("state"), dict) and "round" in s["state"]
        )

    def text(self) -> str:
        return " ".join(str(s.get("value", "")) for s in self._tree(self.models[-1]))


def _round_in(words: str, pattern: str = r"[Rr]ound (\d+)") -> int:
    return int(re.search(pattern, words).group(1))


def _check_walkthrough(nb: dict) -> None:
    """Notebook 01: each lesson's board, the Stepper and the refusal show what their text says."""
    by_hand = Shown(nb, "board = BoardView(replay.start(), pass_and_play=False)").board()
    assert by_hand["error"] == "" and by_hand["state"]["round"] == 1, "the first board shows a later cell's state"
    assert Shown(nb, 'refusal.play("sell B1 -> D01")').board()["error"], "the refused move shows its rule"
    stepper = Shown(nb, "stepper = Stepper(replay)")
    assert "step 2 of" in stepper.words and "Step 2 /" in stepper.text()
    for marker in (
        "view = show_at(step_of(ultimate))",
        "view = show_at(step_of(completion))",
        "view = show_at(lesson.position)",
        "view = show_at(step_of(hot_reset))",
    ):
        lesson = Shown(nb, marker)
        assert lesson.board()["state"]["round"] == _round_in(lesson.words), marker
    around = Shown(nb, "around = Stepper(replay)")
    step = re.search(r"step (\d+) of", around.words).group(1)
    assert f"Step {step} /" in around.text()


def _check_playtest(nb: dict) -> None:
    """Notebook 04: the round-1 board stays at round 1 while the playtest goes on at its own board."""
    first = Shown(nb, "board = BoardView(game, bots=")
    assert first.board()["error"] == "" and first.board()["state"]["round"] == _round_in(first.words) == 1
    assert Shown(nb, 'attempt.play("upgrade marketing")').board()["error"]
    table = Shown(nb, "table = BoardView(game, bots=")
    assert table.board()["state"]["round"] == _round_in(table.words, r"stands in round (\d+)")
    stepper = Shown(nb, "stepper.jump_to_round(FORK_ROUND)")
    step = re.search(r"step (\d+) of", stepper.words).group(1)
    assert f"Step {step} /" in stepper.text()
