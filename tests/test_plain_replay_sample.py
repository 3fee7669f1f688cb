"""A protocol soak replays a sample of its games on the plain-Python engine (issue 27): same logs in both builds."""

from __future__ import annotations

import pytest

from bourbon_lab.core import get_game
from bourbon_lab.testing.harness import HarnessFailure, _same_logs_elsewhere, check_game, log_hash


def test_a_soak_sample_replays_in_plain_python_with_the_same_logs():
    report = check_game(
        "gin_crafters", players=[2, 3], variants=(), games=3, seed=5, other_process=False, plain_sample=3
    )
    assert report.games == 6 and report.plain_replays == 3
    assert "3 games replayed in plain Python" in str(report)


def test_a_plain_replay_that_disagrees_is_a_failure_naming_the_build():
    import bourbon_lab as bl

    g = bl.new_game(bl.default_rules("microbrew"), players=2, seed=2)
    for _ in range(10):
        g.apply(g.legal_actions()[0])
    right = ({}, 2, 2, log_hash(g), [str(a) for a in g.actions])
    _same_logs_elsewhere(get_game("microbrew"), [right], plain=True)
    wrong = ({}, 2, 3, log_hash(g), [str(a) for a in g.actions[:1]])
    with pytest.raises(HarnessFailure, match="seed 3: the same seed and actions gave another log in plain Python"):
        _same_logs_elsewhere(get_game("microbrew"), [right, wrong], plain=True)
