"""The README's layout paragraph names the tree as it is (issue 50: it still named a ``rules/`` folder that had gone).

Every folder it names exists (inside the package, a game's folder, or at the top of the clone), and every
package folder of ``bourbon_lab`` is named, so a move shows up here until the paragraph follows it.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "bourbon_lab"


def layout_paragraph() -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index("Layout:")
    end = text.find("\n\n", start)
    return text[start : end if end > 0 else len(text)]


def named_folders(paragraph: str) -> set[str]:
    return {m.rstrip("/") for m in re.findall(r"`([\w/]+/)`", paragraph)}


def package_folders() -> set[str]:
    return {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def test_every_folder_the_layout_names_exists():
    for name in named_folders(layout_paragraph()):
        inside_a_game = any((game / name).is_dir() for game in (PACKAGE / "games").iterdir())
        assert (PACKAGE / name.removeprefix("bourbon_lab/")).is_dir() or (ROOT / name).is_dir() or inside_a_game, name


def test_every_package_folder_is_named():
    named = {n.removeprefix("bourbon_lab/") for n in named_folders(layout_paragraph())}
    assert package_folders() - named == set()


def test_a_folder_that_went_away_would_be_caught():
    assert "rules" not in package_folders()
    assert any(not (PACKAGE / n).is_dir() and not (ROOT / n).is_dir() for n in named_folders("`rules/` and `core/`"))
