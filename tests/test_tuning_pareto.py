"""Multi-objective tuning (issue 29): NSGA-II over one objective per target, the Pareto front, the conflicts."""

from __future__ import annotations

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.design import Targets
from bourbon_lab.design.tuning import conflicts, pareto_front, tune

pytest.importorskip("optuna")

TARGETS = Targets.from_dict(
    {
        "game": "bourbonomics",
        "runs": {"default": {"players": 4}},
        "targets": [
            {"metric": "share:sale_above_low/shared_sale", "at_least": 35, "source": "ours", "why": "the market"},
            {"metric": "upgrades_per_player", "range": [5, 6], "source": "ours", "why": "the book's count"},
            {"metric": "rounds", "range": [18, 24], "source": "ours", "why": "the length"},
        ],
    }
)


def _trials(rows):
    cols = ["miss:share:sale_above_low/shared_sale", "miss:upgrades_per_player", "miss:rounds"]
    return pl.DataFrame(
        [{"trial": i, "state": "complete", "loss": sum(r), **dict(zip(cols, r))} for i, r in enumerate(rows)]
    )


def test_the_front_keeps_exactly_the_trials_no_other_beats_on_every_target():
    trials = _trials([(0.0, 1.0, 0.0), (1.0, 0.0, 0.0), (1.0, 1.0, 0.0), (0.0, 1.0, 0.5), (0.5, 0.5, 0.0)])
    front = pareto_front(trials, TARGETS)
    assert list(front["trial"]) == [0, 1, 4]  # 2 is beaten by 4, 3 by 0; equal losses in trial order


def test_conflicts_name_targets_whose_misses_move_against_each_other():
    trials = _trials([(0.0, 3.0, 0.1), (1.0, 2.0, 0.4), (2.0, 1.0, 0.2), (3.0, 0.0, 0.3)])
    table = conflicts(trials, TARGETS)
    first = table.row(0, named=True)
    assert (first["target"], first["against"]) == ("share:sale_above_low/shared_sale", "upgrades_per_player")
    assert first["spearman"] == pytest.approx(-1.0)


def test_a_small_pareto_tune_returns_its_front_a_chart_and_the_findings(tmp_path):
    result = tune(
        bl.default_rules("bourbonomics"),
        "scale:value_curve=0.5:2",
        TARGETS,
        budget=4,
        games=6,
        rungs=1,
        final_games=6,
        workers=1,
        progress=False,
        objectives="pareto",
    )
    assert result.front is not None and result.front.height >= 1
    assert set(result.front["trial"]) <= set(result.trials["trial"])
    assert result.settings["best_trial"] in set(result.front["trial"])
    assert "on the Pareto front" in result.findings()
    assert "pareto" in result.charts()
    page = result.save(tmp_path).read_text(encoding="utf-8")
    assert "The Pareto front" in page and "<script" not in page


def test_an_unknown_objectives_mode_is_refused_by_name():
    with pytest.raises(bl.BourbonLabError, match="objectives: 'many'"):
        tune(bl.default_rules("bourbonomics"), "scale:value_curve=0.5:2", TARGETS, budget=1, objectives="many")
