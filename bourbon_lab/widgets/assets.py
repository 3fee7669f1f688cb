"""Where the front-end files (ESM + CSS) live, for an editable install and for a wheel.

The sources sit in the repository's top-level ``widgets/`` folder. A wheel carries
them inside the package as ``bourbon_lab/widgets/static`` (hatch ``force-include``),
but an editable install only sees the repository, so look there second. Failing
loudly at import beats a widget that silently draws nothing.
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent
CANDIDATES = (_HERE / "static", _HERE.parent.parent / "widgets")
"""Searched in order: inside the installed package (wheel), then the repository (editable)."""


def asset_dir() -> Path:
    """The folder holding ``board.js`` and ``board.css``.

    Raises
    ------
    FileNotFoundError
        When neither the packaged ``static/`` folder nor the repository's ``widgets/`` has them.
    """
    for folder in CANDIDATES:
        if (folder / "board.js").is_file():
            return folder
    looked = ", ".join(str(c) for c in CANDIDATES)
    raise FileNotFoundError(f"bourbon_lab widget assets (board.js) not found; looked in {looked}")


ASSETS = asset_dir()
BOARD_ESM: Path = ASSETS / "board.js"
BOARD_CSS: Path = ASSETS / "board.css"
