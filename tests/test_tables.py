"""Result tables in the tutorials read as a designer writes them: "25 % [18, 33]", no dtypes, no shape line."""

from __future__ import annotations

import re

import polars as pl
import pytest

from bourbon_lab import charts
from bourbon_lab.sim import win_rates


def test_percent_and_interval():
    assert charts.percent(0.25) == "25 %"
    assert charts.percent(0.1234, digits=1) == "12.3 %"
    assert charts.interval(0.25, 0.1812, 0.3333) == "25 % [18, 33]"
    assert charts.interval(1.2, -0.31, 2.7, as_percent=False, digits=1) == "1.2 [-0.3, 2.7]"
    assert charts.interval(1.2, -0.31, 2.7, as_percent=False, digits=1, signed=True) == "+1.2 [-0.3, +2.7]"
    assert charts.interval(None, 0.1, 0.2) == "—"


@pytest.fixture
def rates():
    players = pl.DataFrame(
        {"seat": [0, 1, 2, 3] * 10, "won": [True, False, False, False] * 5 + [False, True, False, False] * 5}
    )
    return win_rates(players, "seat")


def test_win_table_shows_rates_with_their_interval(rates):
    t = charts.win_table(rates, "seat", title="Win rate by seat")
    assert t.columns == ["Seat (0 = first seat of the run)", "player-games", "wins", "win rate [95 % CI]"]
    first = rates.row(0, named=True)
    lo, hi = round(100 * first["ci_low"]), round(100 * first["ci_high"])
    assert t.rows[0] == ["0", "10", "5", f"50 % [{lo}, {hi}]"]
    assert t.rows[2][3].startswith("0 % [0, ")
    text = str(t)
    assert text.splitlines()[0] == "Win rate by seat"
    assert "shape:" not in text and "f64" not in text and "i64" not in text
    assert not re.search(r"\d\.\d{3,}", text), "no long decimals"


def test_html_is_a_plain_table_with_no_outside_resources(rates):
    page = charts.win_table(rates, "seat", title="Win <rate>")._repr_html_()
    assert page.startswith("<table") and page.endswith("</table>")
    assert "Win &lt;rate&gt;" in page and "50 % [" in page
    assert page.count("<tr>") == 1 + rates.height
    assert not re.search(r"https?://|src=|@import|<script|<link", page)


def test_table_formats_shares_numbers_and_missing_values():
    df = pl.DataFrame(
        {
            "games": [6],
            "mean_rounds": [27.1666666],
            "share_ended_by_orders": [0.8333333],
            "note": [None],
            "grid": [[1, 2, 4]],
        }
    )
    t = charts.table(df, percent_columns=["share_ended_by_orders"], digits={"mean_rounds": 1})
    assert t.columns == ["games", "mean rounds", "share ended by orders", "note", "grid"]
    assert t.rows == [["6", "27.2", "83 %", "—", "(1, 2, 4)"]]


def test_an_unknown_column_is_named():
    with pytest.raises(ValueError, match="table: no column 'share'"):
        charts.table(pl.DataFrame({"games": [1]}), percent_columns=["share"])


def test_comparison_table_signs_the_difference():
    paired = pl.DataFrame(
        {
            "metric": ["score", "rounds"],
            "a": [60.0, 27.25],
            "b": [66.5, 26.0],
            "diff": [6.5, -1.25],
            "ci_low": [2.123, -3.5],
            "ci_high": [10.9, 1.0],
            "games": [40, 40],
        }
    )
    t = charts.comparison_table(paired, a="Hot x3", b="Hot x4")
    assert t.columns == ["metric", "Hot x3", "Hot x4", "Hot x4 − Hot x3 [95 % CI]", "paired games"]
    assert t.rows == [
        ["Mean final score", "60.00", "66.50", "+6.50 [+2.12, +10.90]", "40"],
        ["Rounds per game", "27.25", "26.00", "-1.25 [-3.50, +1.00]", "40"],
    ]
