"""Where the front-end files (ESM + CSS) live, for an editable install and for a wheel.

The generic board (``generic.js``, ``generic.css``) sits in the repository's top-level
``widgets/`` folder. A wheel carries it inside the package as ``bourbon_lab/widgets/static``
(hatch ``force-include``), but an editable install only sees the repository, so look there
second. A game's own board files live in its package (``BoardDef.esm``/``css``); Bourbonomics'
are ``BOARD_ESM``/``BOARD_CSS``. Failing loudly at import beats a widget that draws nothing.
"""

from __future__ import annotations

from pathlib import Path

from ..core import DEFAULT_GAME, get_game

_HERE = Path(__file__).resolve().parent
CANDIDATES = (_HERE / "static", _HERE.parent.parent / "widgets")
"""Searched in order: inside the installed package (wheel), then the repository (editable)."""


def asset_dir() -> Path:
    """The folder holding ``generic.js`` and ``generic.css``.

    Raises
    ------
    FileNotFoundError
        When neither the packaged ``static/`` folder nor the repository's ``widgets/`` has them.
    """
    for folder in CANDIDATES:
        if (folder / "generic.js").is_file():
            return folder
    looked = ", ".join(str(c) for c in CANDIDATES)
    raise FileNotFoundError(f"bourbon_lab widget assets (generic.js) not found; looked in {looked}")


def board_files(game: str) -> tuple[Path, Path]:
    """The ESM and CSS that draw ``game``'s board: its own (``BoardDef``), else the generic board's."""
    board = get_game(game).board
    if board is not None and board.esm is not None:
        return board.esm, board.css if board.css is not None else GENERIC_CSS
    return GENERIC_ESM, GENERIC_CSS


def board_text(game: str) -> tuple[str, str]:
    """The ESM and CSS text a front end loads for ``game`` (see ``table_text``)."""
    return table_text(*board_files(game))


def table_text(esm: Path, css: Path) -> tuple[str, str]:
    """A board's ESM and CSS as text, the table's own first.

    The table draws the hand-over screen, the bot moves and "since your last turn"; a board's
    ``draw`` calls its functions, so a board never loads without them.
    """
    return (
        TABLE_ESM.read_text(encoding="utf-8") + "\n" + esm.read_text(encoding="utf-8"),
        TABLE_CSS.read_text(encoding="utf-8") + "\n" + css.read_text(encoding="utf-8"),
    )


ASSETS = asset_dir()
GENERIC_ESM: Path = ASSETS / "generic.js"
GENERIC_CSS: Path = ASSETS / "generic.css"
TABLE_ESM: Path = ASSETS / "table.js"
TABLE_CSS: Path = ASSETS / "table.css"
BOARD_ESM, BOARD_CSS = board_files(DEFAULT_GAME)
"""Bourbonomics' board (inside its package), as the widgets have always named it."""
