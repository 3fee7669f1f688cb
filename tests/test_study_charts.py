"""A study of any game shows its own charts beside the common ones: in the dashboard and in a published report.

Each peer game answers its issue's design questions with charts of its own (``bourbon_lab.charts.<game>``);
a designer studying that game in the dashboard expects to see them there, not only in the notebook.
"""

from __future__ import annotations

import dataclasses

import pytest
import toygame

from bourbon_lab.dashboard import Study, StudySetup
from bourbon_lab.dashboard.app import StudyView
from bourbon_lab.dashboard.figures import COMMON_CHARTS, chart_names, own_charts, study_charts
from bourbon_lab.dashboard.publish import publish_site

PEERS = {"distilled": 3, "gin_crafters": 3, "microbrew": 2}


@pytest.fixture(scope="module")
def studies():
    """One small finished study per peer game (the dashboard's own store)."""
    out = {}
    for game, players in PEERS.items():
        store = Study.from_setup(dataclasses.replace(StudySetup.for_game(game), games=6, players=players))
        assert store.run()
        out[game] = store
    return out


@pytest.mark.parametrize("game", list(PEERS))
def test_a_peer_games_study_lists_its_own_charts_after_the_common_ones(game):
    names = chart_names(game)
    own = own_charts(game).STUDY
    assert names[: len(COMMON_CHARTS)] == COMMON_CHARTS and names[len(COMMON_CHARTS) :] == tuple(own) and own


@pytest.mark.parametrize("game", list(PEERS))
def test_the_study_tab_draws_every_chart_it_lists(game, studies):
    view = StudyView(studies[game], {"Defaults": None})
    empty = [name for name, pane in view.panes.items() if pane.object is None]
    assert not empty, f"{game}: the Study tab left {empty} blank"
    for name in own_charts(game).STUDY:
        spec = view.panes[name].object.to_dict()
        assert spec.get("title"), f"{game}: {name} has no title"


def test_a_game_without_a_chart_module_keeps_the_common_charts():
    assert own_charts(toygame.INFO.name) is None and chart_names(toygame.INFO.name) == COMMON_CHARTS


def test_a_published_report_of_a_peer_game_carries_its_own_charts(tmp_path, studies):
    setup = dataclasses.replace(StudySetup.for_game("microbrew"), games=4, players=2)
    publish_site(setup, tmp_path)
    drawn = {p.stem for p in (tmp_path / "charts").glob("*.svg")}
    assert set(study_charts(studies["microbrew"].result)) <= drawn
