"""Every design call that plays games takes ``executor=`` (issue 51, item 7), with the same answer anywhere.

``bl.simulate`` has always run on a Dask client (``executor=``) and ``compare`` passes it on; ``ladder``,
``restricted_play``, ``check_targets`` (and ``run_targets``), ``coverage``, ``sensitivity`` and ``tune`` now take
it too and hand it to every run they play. Each is run tiny on one local worker, two local workers and a real
``LocalCluster`` of two worker processes, and gives the same tables. On the cluster, the process pool is
barred: a run that forgot the executor would fall back to it and fail the test, and every call must have
sent work to the client.
"""

from __future__ import annotations

from functools import cache

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.design import Targets
from bourbon_lab.design.check import run_targets

MICRO = bl.default_rules("microbrew")
"""Microbrew: two-player games of a few milliseconds, with targets, mechanics and knobs of its own."""

TARGETS = {
    "game": "microbrew",
    "runs": {"default": {"players": 2, "bots": "random"}},
    "targets": [
        {"metric": "rounds", "range": [3, 5], "source": "ours", "why": "a test target out of reach (a loss above 0)"},
        {"metric": "winner_margin", "at_most": 2, "source": "ours", "why": "a test target that varies game to game"},
    ],
}


def _ladder(**where):
    r = bl.ladder("microbrew", bots=["random", "heuristic"], games=4, progress=False, **where)
    return {"ratings": r.ratings, "games": r.games}


def _restricted(**where):
    t = bl.restricted_play(MICRO, players=2, games=3, table="random", mechanics=["job_brew"], progress=False, **where)
    return {"table": t}


def _check_targets(**where):
    report = bl.check_targets(MICRO, table="random", games=2, progress=False, **where)
    return {"table": report.table, "played_by": report.played_by}


def _run_targets(**where):
    runs = run_targets(MICRO, Targets.from_dict(TARGETS), games=3, progress=False, **where)
    return {
        f"{name} {table}": getattr(r, table) for name, r in runs.items() for table in ("games", "players", "events")
    }


def _coverage(**where):
    return {"table": bl.design.coverage.coverage(MICRO, table="random", players=2, games=3, progress=False, **where)}


def _sensitivity(**where):
    res = bl.sensitivity(
        MICRO,
        "break_income=0:3",
        ["rounds", "winner_margin"],
        games=2,
        players=2,
        bots="random",
        trajectories=2,
        allow_book=["break_income"],
        progress=False,
        **where,
    )
    return {"table": res.table, "samples": res.samples}


def _tune(**where):
    res = bl.tune(
        MICRO,
        "break_income=0:3",
        Targets.from_dict(TARGETS),
        budget=2,
        games=2,
        rungs=1,
        final_games=2,
        allow_book=["break_income"],
        progress=False,
        **where,
    )
    return {"trials": res.trials, "best": res.best, "before": res.before.table, "after": res.after.table}


CALLS = {
    "ladder": _ladder,
    "restricted_play": _restricted,
    "check_targets": _check_targets,
    "run_targets": _run_targets,
    "coverage": _coverage,
    "sensitivity": _sensitivity,
    "tune": _tune,
}


def _params(where: str) -> list:
    slow = [pytest.mark.slow] if where == "dask" else []
    return [pytest.param(name, id=name, marks=slow) for name in CALLS]


@cache
def _on_one_worker(name: str) -> dict:
    return CALLS[name](workers=1)


def assert_same(one: dict, other: dict) -> None:
    assert one.keys() == other.keys()
    for key, value in one.items():
        if isinstance(value, pl.DataFrame):
            assert value.equals(other[key]), key  # NaN where NaN, null where null: the same table
        else:
            assert value == other[key], key


@pytest.mark.parametrize("name", _params("pool"))
def test_two_local_workers_give_what_one_gives(name):
    assert_same(_on_one_worker(name), CALLS[name](workers=2))


class Counting:
    """The Dask client, counting what is submitted to it (anything else is the client's own)."""

    def __init__(self, client):
        self.client, self.submitted = client, 0

    def submit(self, *args, **kw):
        self.submitted += 1
        return self.client.submit(*args, **kw)

    def __getattr__(self, name):
        return getattr(self.client, name)


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


@pytest.mark.parametrize("name", _params("dask"))
def test_a_dask_cluster_gives_what_one_worker_gives(name, client, monkeypatch):
    from bourbon_lab.design import restricted
    from bourbon_lab.sim import runner

    def no_pool(*args, **kw):
        raise AssertionError(f"{name}: a run went to the local process pool, not the executor")

    monkeypatch.setattr(runner, "_submit", no_pool)
    monkeypatch.setattr(restricted, "submit", no_pool)
    counting = Counting(client)
    on_dask = CALLS[name](executor=counting)
    assert counting.submitted > 0, f"{name}: nothing was sent to the Dask client"
    assert_same(_on_one_worker(name), on_dask)
