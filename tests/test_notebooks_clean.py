"""Tutorial notebooks are stored clean: no outputs, no execution counts, the plain python3 kernel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ holds the tutorials"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_stored_without_outputs(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        assert cell.get("outputs") == [], f"{path.name} cell {i} has outputs committed"
        assert cell.get("execution_count") is None, f"{path.name} cell {i} has an execution count committed"
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
