"""LiveStudy talks to the front end from the kernel's main thread only (issue 30).

Notebook 02's LiveStudy cell showed "Model class 'VBoxModel' ... can not be instantiated / widget
model not found" on a first Run All. Its runs changed the progress bar, the label and the charts
from worker threads; a widget message sent from another thread than the kernel's can reach
JupyterLab out of turn. Here an asyncio loop on the main thread stands in for the kernel's (cells
and widget messages run on it), and every comm message a widget sends (``Widget.open``, the
comm_open; ``Widget._send``, every update) is recorded with its thread while a study is built,
a control moves and the debounced re-run draws. Waiting for a run is ``done.wait`` in a helper
thread, so the loop stays free to draw; the timeouts are upper bounds, never the thing waited for.
"""

from __future__ import annotations

import asyncio
import threading

import ipywidgets as w
import pytest

from bourbon_lab.widgets import LiveStudy

RUN_TIMEOUT_S = 120


@pytest.fixture
def traffic(monkeypatch) -> list[tuple[str, str, str, w.Widget]]:
    """(message, widget class, thread, widget) for every comm_open and update a widget sends."""
    seen: list[tuple[str, str, str, w.Widget]] = []
    opened, sent = w.Widget.open, w.Widget._send

    def open_(self):
        seen.append(("open", type(self).__name__, threading.current_thread().name, self))
        return opened(self)

    def send(self, msg, buffers=None):
        seen.append((msg.get("method", "?"), type(self).__name__, threading.current_thread().name, self))
        return sent(self, msg, buffers)

    monkeypatch.setattr(w.Widget, "open", open_)
    monkeypatch.setattr(w.Widget, "_send", send)
    return seen


def off_main(traffic, only=None) -> list[tuple[str, str, str]]:
    """The messages sent from another thread than the main one (of the widgets ``only``, if given)."""
    main = threading.main_thread().name
    return sorted(
        {(m, c, t) for m, c, t, widget in traffic if t != main and (only is None or any(widget is o for o in only))}
    )


def own_widgets(study: LiveStudy) -> list[w.Widget]:
    """What LiveStudy itself shows and changes (the editor above it has its own tests)."""
    pair = study.chart_box.children[-1]
    return [study, study.chart_box, pair, study.progress, study.label, *study._views.values()]


async def drawn(study: LiveStudy) -> None:
    """Wait for the run in flight to be drawn, keeping this (the main) thread's loop free to draw it."""
    assert await asyncio.to_thread(study.done.wait, RUN_TIMEOUT_S), "the run was never drawn"


def test_a_study_built_changed_and_redrawn_sends_everything_from_the_main_thread(traffic):
    labels: list[tuple[str, str]] = []

    async def notebook():
        study = LiveStudy(players=2, games=8, bots="random", workers=1, debounce=0.05)
        study.label.observe(lambda c: labels.append((c["new"], threading.current_thread().name)), names="value")
        await drawn(study)
        first = study.comparison
        study.editor.set_value("zone_multipliers", (1, 2, 6))  # as a slider moved in the browser
        assert not study.done.is_set()
        await drawn(study)
        return study, first

    study, first = asyncio.run(notebook())
    assert first.b.stamp == first.a.stamp  # the first run: no change yet
    assert study.comparison.b.stamp != study.comparison.a.stamp
    assert "Zone multipliers" in study.label.value and study.progress.value == 2
    # The re-run drew a quarter of the games first, then all of them: both came through the main thread.
    assert any("refining" in text for text, _ in labels) and "8 games" in labels[-1][0], labels
    updates = [t for t in traffic if t[0] == "update"]
    assert {"IntProgress", "HTML", "JupyterChart"} <= {cls for _, cls, _, _ in updates}
    assert off_main(traffic) == [], "widget messages sent from other threads"
    assert {name for _, name in labels} == {threading.main_thread().name}


def test_refresh_wait_in_a_cell_draws_before_it_returns_and_an_older_run_never_overwrites_it(traffic):
    """Notebook 02's cell: build, set a value in code, ``refresh(wait=True)``, show the study."""

    async def cell():
        study = LiveStudy(players=2, games=4, bots="random", workers=1, debounce=0.05)
        study.editor.set_value("zone_multipliers", (1, 2, 4))
        study.refresh(wait=True)
        assert study.done.is_set() and study.progress.value == 2
        shown = (study.comparison, study.label.value)
        # Whatever the first run and the debounce timer left for the loop runs now, and must change nothing.
        await asyncio.sleep(0)
        await asyncio.sleep(study.debounce * 2)
        return study, shown

    study, (comparison, label) = asyncio.run(cell())
    assert study.comparison is comparison and study.label.value == label
    assert comparison.b.stamp["ruleset"] == study.editor.rules.fingerprint() != comparison.a.stamp["ruleset"]
    assert "Zone multipliers" in label
    assert off_main(traffic) == [], "widget messages sent from other threads"


def test_a_control_moved_on_another_thread_still_redraws_from_the_main_thread(traffic):
    """JupyterLab 4.4+ sends widget messages to a kernel subshell (ipykernel 7), whose thread is not the main one.

    A slider dragged in the browser then moves the editor on that thread: the study's answer (the
    "waiting" line, the debounce, the redraw) must still go through the main thread.
    """

    async def notebook():
        study = LiveStudy(players=2, games=4, bots="random", workers=1, debounce=0.05)
        await drawn(study)
        await asyncio.to_thread(study.editor.set_value, "zone_multipliers", (1, 2, 6))
        assert not study.done.is_set()
        await drawn(study)
        return study

    study = asyncio.run(notebook())
    assert study.comparison.b.stamp != study.comparison.a.stamp and "Zone multipliers" in study.label.value
    assert off_main(traffic, only=own_widgets(study)) == [], "the study's widgets changed from other threads"


def test_without_an_event_loop_a_study_still_runs_and_redraws():
    """A plain script or test (no kernel, so no front end): runs and redraws as before."""
    study = LiveStudy(players=2, games=4, bots="random", workers=1, debounce=0.05)
    assert study.done.wait(RUN_TIMEOUT_S)
    study.editor.set_value("zone_multipliers", (1, 2, 6))
    assert not study.done.is_set()
    assert study.done.wait(RUN_TIMEOUT_S)
    assert study.comparison.b.stamp != study.comparison.a.stamp and "Zone multipliers" in study.label.value


@pytest.mark.parametrize("where", ["charts", "_draw"])  # built on the worker thread; drawn on the loop
def test_a_run_that_fails_says_so_from_the_main_thread(traffic, monkeypatch, where):
    """A failure in the run (worker thread) or in drawing it (on the loop) is shown in the study, not lost."""

    def broken(self, _):
        raise ValueError("no chart today")

    monkeypatch.setattr(LiveStudy, where, broken)

    async def notebook():
        study = LiveStudy(players=2, games=4, bots="random", workers=1, debounce=0.05)
        await drawn(study)
        return study

    study = asyncio.run(notebook())
    assert study.progress.bar_style == "danger" and "ValueError: no chart today" in study.label.value
    assert off_main(traffic, only=own_widgets(study)) == [], "the study's widgets changed from other threads"


def test_the_steppers_play_steps_on_the_kernels_loop_and_pause_stops_it(traffic):
    """The Stepper's Play button stepped from a thread of its own; now each step is drawn on the loop."""
    import bourbon_lab as bl
    from bourbon_lab.widgets import Stepper
    from bourbon_lab.widgets.stepper import simulated_game

    async def run():
        stepper = Stepper(simulated_game(bl.default_rules("microbrew"), players=2, bots="random", seed=1))
        stepper.speed.value = 50
        traffic.clear()
        stepper.play()
        for _ in range(500):
            if stepper.position >= 5:
                break
            await asyncio.sleep(0.01)
        stepper.pause()
        stopped = stepper.position
        await asyncio.sleep(0.1)
        return stepper, stopped

    stepper, stopped = asyncio.run(run())
    assert stopped >= 5 and stepper.position == stopped and not stepper.play_button.value
    threads = {thread for _m, _c, thread, _w in traffic}
    assert threads == {threading.main_thread().name}, threads


def test_a_rules_control_moved_on_a_subshell_thread_validates_on_the_kernels_thread(traffic):
    """A person moves a number box; the message arrives on a subshell's thread (JupyterLab 4.4+, ipykernel 7).
    The editor's answer (its "changed" line, the new rules) is made on the kernel's main thread."""
    import bourbon_lab as bl
    from bourbon_lab.widgets import RulesEditor

    async def run():
        editor = RulesEditor(bl.default_rules("microbrew"))
        ints = (w.IntSlider, w.BoundedIntText, w.IntText)
        box = next(x for c in editor.controls.values() for x in c.watched() if isinstance(x, ints))
        traffic.clear()
        moved = threading.Thread(
            target=setattr,
            args=(box, "value", box.value + 1 if box.value < getattr(box, "max", box.value + 1) else box.value - 1),
        )
        moved.start()
        moved.join()
        await asyncio.sleep(0.05)
        return editor, box

    editor, box = asyncio.run(run())
    answers = {thread for _m, _c, thread, widget in traffic if widget is not box}
    assert editor.changes() and answers == {threading.main_thread().name}, answers
