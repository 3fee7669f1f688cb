"""Every relative link and every named ``.md`` file in the docs a designer reads exists in the repository.

A designer following README.md or a tutorial must never land on a file that is not in their clone
(issue 13 found `design/rules-decisions.md` and `design/tech-notes.md` named but missing).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = sorted(
    [ROOT / "README.md", ROOT / "scenarios" / "README.md", ROOT / "benchmarks" / "README.md"]
    + list((ROOT / "docs").glob("*.md"))
    + list((ROOT / "notebooks").glob("*.md"))
    + list((ROOT / "notebooks").glob("*.ipynb"))
)
SOURCES = sorted((ROOT / "bourbon_lab").rglob("*.py"))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
MD_PATH = re.compile(r"(?<![\w./-])((?:\.\./)*[\w.-]+(?:/[\w.-]+)*/[\w.-]+\.md)\b")


def _text(path: Path, code: bool = True) -> str:
    """A page's text; for a notebook, its markdown cells, and its code cells too unless ``code`` is false."""
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n".join("".join(c["source"]) for c in cells if code or c["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def _relative_links(text: str) -> list[str]:
    targets = (m.group(1) for m in LINK.finditer(text))
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:|#", t)]


def _exists(target: str, page: Path) -> bool:
    path = target.split("#")[0]
    return (page.parent / path).exists() or (ROOT / path).exists()


def test_the_pages_are_there():
    assert (ROOT / "docs" / "rules-decisions.md").is_file() and (ROOT / "docs" / "offline.md").is_file()
    assert len(PAGES) >= 12, [p.name for p in PAGES]


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_relative_link_resolves(page):
    broken = [t for t in _relative_links(_text(page, code=False)) if not _exists(t, page)]
    assert not broken, f"{page.relative_to(ROOT)} links to missing files: {broken}"


@pytest.mark.parametrize("page", PAGES + SOURCES, ids=[str(p.relative_to(ROOT)) for p in PAGES + SOURCES])
def test_every_named_markdown_file_exists(page):
    named = {m.group(1) for m in MD_PATH.finditer(_text(page))}
    missing = sorted(n for n in named if not _exists(n, page))
    assert not missing, f"{page.relative_to(ROOT)} names files that are not in the repository: {missing}"


def test_the_checks_can_fail(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("See [the notes](design/tech-notes.md), `design/rules-decisions.md` and [a site](https://x.org).")
    assert _relative_links(page.read_text()) == ["design/tech-notes.md"]
    assert not _exists("design/tech-notes.md", page)
    assert {m.group(1) for m in MD_PATH.finditer(page.read_text())} == {
        "design/tech-notes.md",
        "design/rules-decisions.md",
    }
