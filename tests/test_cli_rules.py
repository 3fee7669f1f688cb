"""`bourbon-lab rules` fits a 100-column terminal and loses no word of a description; `--wide` keeps one line a row."""

from __future__ import annotations

import re

import pytest

from bourbon_lab import Ruleset
from bourbon_lab.cli import main
from bourbon_lab.games.bourbonomics.schema import FIELDS


def _run(capsys, *args) -> str:
    assert main(["rules", *args]) == 0
    return capsys.readouterr().out


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("args", [(), ("--all",)], ids=["variants", "all"])
def test_fits_100_columns_and_keeps_every_description(capsys, args):
    out = _run(capsys, *args)
    too_long = [line for line in out.splitlines() if len(line) > 100]
    assert not too_long, too_long
    flat = _words(out)
    descriptions = [v["description"] for v in Ruleset.variants()]
    if args:
        descriptions += [f.description for f in FIELDS]
    for text in descriptions:
        assert _words(text) in flat, text


def test_wide_keeps_each_row_on_one_line(capsys):
    out = _run(capsys, "--wide")
    lines = out.splitlines()
    for v in Ruleset.variants():
        row = next(line for line in lines if line.startswith(v["name"] + " "))
        assert row.rstrip().endswith(v["description"]), row
    assert max(len(line) for line in lines) > 100
