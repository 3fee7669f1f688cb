"""The decisions files say what the shipped YAML holds: a table or a line that names a default must match it."""

from __future__ import annotations

import re
from pathlib import Path

import bourbon_lab as bl

DOCS = Path(__file__).resolve().parent.parent / "docs" / "games"


def _rows(text: str, header: str) -> list[list[str]]:
    """The body rows of the Markdown table whose header row starts with ``header``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    out = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        out.append([c.strip() for c in line.strip("|").split("|")])
    return out


def test_gin_crafters_variants_table_lists_the_default_first():
    text = (DOCS / "gin_crafters-rules-decisions.md").read_text()
    rules = bl.default_rules("gin_crafters")
    rows = _rows(text, "| variant | choices (default first)")
    variants = {f.name for f in rules.FIELDS if f.variant}
    assert {r[0].strip("`") for r in rows} == variants
    for name, choices, _ in rows:
        listed = re.findall(r"`([^`]+)`", choices)
        field = name.strip("`")
        assert listed[0] == getattr(rules, field), f"{field}: the table lists {listed[0]} first"
        assert set(listed) == set({f.name: f for f in rules.FIELDS}[field].choices)


def test_microbrew_pay_line_quotes_the_shipped_pay_tables():
    text = " ".join((DOCS / "microbrew-rules-decisions.md").read_text().split())
    rules = bl.default_rules("microbrew")
    line = text[text.index("**Pay** *(ours)*") :][:200]
    perfect = " / ".join(str(x) for x in rules.pay_perfect)
    smooth, rough, muddled = rules.pay_lower
    assert f"Perfect {perfect} for a 3-1 / 2-2 / 2-1-1 recipe" in line
    assert f"Smooth {smooth}, Rough {rough}, Muddled {muddled}" in line
