"""LiveStudy: move a rule, and the charts re-simulate and redraw, before vs after on the same seeds.

The "before" run (the rules the study started from) is simulated once and kept;
each change re-simulates only "after", in a background thread so the controls
stay responsive, after a short debounce so dragging a slider starts one run, not
twenty. The charts are first drawn from a quarter of the games (against "before" on
the same games), then redrawn from all of them. A newer change makes an older run's
result stale, and it is dropped.

Only the simulating happens on the worker thread. Every widget change (progress, label,
charts) is handed back to the thread that built the study, the kernel's main thread, through
its event loop, and the debounce is a timer on that loop. Widget messages belong on that
thread: sent from others they interleave with whatever the kernel is running, and the study
showed "Model class 'VBoxModel' ... can not be instantiated / widget model not found" on a
first Run All (issue 30). A control moved in JupyterLab may reach the kernel on a subshell
thread (JupyterLab 4.4+ with ipykernel 7); the study's answer still goes through the loop.
"""

from __future__ import annotations

import asyncio
import threading
import time

import ipywidgets as w
import polars as pl

from ..core import DEFAULT_GAME, default_rules, game_of, get_game
from .editor import RulesEditor
from .labels import name_label
from .mainloop import HomeLoop

DEBOUNCE_S = 0.4
"""Quiet time after the last control move before a run starts."""


def _charts():
    """The chart builders, with the offline renderer chosen (JupyterLab has no CDN here)."""
    from .. import charts

    charts.use_offline_renderer()
    return charts


CHART_WIDTH = 240
"""Plot width of each chart: Before and After sit side by side in a wide notebook and stack in a narrow one."""


class LiveStudy(w.VBox):
    """A RulesEditor above Altair charts of N simulated games, redrawn when a control moves.

    Stacked, not side by side, so it fits a notebook's width: the editor, then the paired
    differences, then Before and After, which wrap onto two lines when the output area is narrow.

    Runs simulate on a worker thread; what they draw is applied on the thread that built the
    study (in a notebook, the kernel's main thread, between cells), so ``done`` is set once the
    charts are drawn there. In a notebook cell use ``refresh(wait=True)`` rather than
    ``done.wait()``, which would block the very thread that draws.

    Parameters
    ----------
    rules : ruleset, optional
        The "before" rules, of any game (default: ``game``'s defaults).
    players : int
        Players per game (kept within the game's player counts).
    games : int
        Games per run; both runs use the same seeds.
    bots : str or list of str, optional
        Bot spec(s), as for ``simulate``; default the game's ``heuristic``, else ``random``.
    seed : int
        The run seed (game ``i`` uses ``game_seed(seed, i)`` in both runs).
    workers : int
        Local processes per run.
    debounce : float
        Seconds of quiet after a control moves before re-simulating.
    game : str, optional
        The game to study when ``rules`` is not given, e.g. ``LiveStudy(game="tipjar")``.
    """

    def __init__(
        self,
        rules=None,
        players: int = 4,
        games: int = 200,
        bots=None,
        seed: int = 0,
        workers: int = 2,
        debounce: float = DEBOUNCE_S,
        game: str | None = None,
    ):
        self.before_rules = rules if rules is not None else default_rules(game or DEFAULT_GAME)
        info = get_game(game_of(self.before_rules)).info
        players = min(max(players, info.min_players), info.max_players)
        bots = bots if bots is not None else default_bot(info.name)
        self.params = {"players": players, "games": games, "bots": bots, "seed": seed, "workers": workers}
        self.debounce = debounce
        # The loop of the thread building the study (a kernel runs its cells and widget messages on
        # one): widget changes go there. None in a plain script, where no front end listens.
        self._home = HomeLoop()
        self._loop = self._home.loop
        _charts()  # the offline renderer, chosen here and not from a worker thread
        self.editor = RulesEditor(self.before_rules)
        self.progress = w.IntProgress(value=0, min=0, max=2, description="idle", bar_style="info")
        self.label = w.HTML()
        self.comparison = None
        self.last_seconds: float | None = None
        # Seconds from a change to the first, partial redraw (a quarter of the games).
        self.first_seconds: float | None = None
        self._generation = 0
        self._timer: asyncio.TimerHandle | threading.Timer | None = None
        self._lock = threading.Lock()
        self._before = None
        self._views = _placeholder_views()
        self.done = threading.Event()
        pair = w.HBox([self._views["before"], self._views["after"]], layout=w.Layout(flex_flow="row wrap"))
        self.chart_box = w.VBox([self.progress, self.label, self._views["difference"], pair])
        super().__init__(children=[self.editor, self.chart_box])
        self.add_class("bl-live-study")
        self.editor.observe(self._on_rules)
        self.refresh()

    # --- scheduling
    def _on_rules(self, _change=None) -> None:
        self._generation += 1
        generation = self._generation
        self.done.clear()
        self._apply(generation, setattr, self.label, "value", "<i>waiting for the controls to settle…</i>")
        if not self._on_loop(self._debounce, generation):
            self._debounce_in_thread(generation)

    def _debounce(self, generation: int) -> None:
        """On the study's loop: (re)start the quiet-time timer; only the last move's run starts."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self._loop.call_later(self.debounce, self._start, generation)

    def _debounce_in_thread(self, generation: int) -> None:
        """No event loop (a plain script): the timer is a thread, as nothing but this process sees the widgets."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = threading.Timer(self.debounce, self._start, args=(generation,))
        self._timer.daemon = True
        self._timer.start()

    def _start(self, generation: int) -> None:
        """Start a run on a worker thread with the editor's rules as they are now (read on this thread)."""
        if generation != self._generation:
            return
        thread = threading.Thread(target=self._run, args=(generation, self.editor.rules), daemon=True)
        thread.start()

    def refresh(self, wait: bool = False) -> None:
        """Simulate and redraw now for the editor's rules (``wait``: simulate on this thread, return when drawn)."""
        self._generation += 1
        self.done.clear()
        if wait:
            self._run(self._generation, self.editor.rules)
        else:
            self._start(self._generation)

    def _run(self, generation: int, rules) -> None:
        with self._lock:
            if generation != self._generation:
                return
            try:
                self._simulate_and_draw(generation, rules)
            except Exception as exc:  # shown in the widget: a failed run must not go silent in a thread
                self._apply(generation, self._failed, exc)

    def _failed(self, exc: Exception) -> None:
        self.progress.bar_style, self.progress.description = "danger", "failed"
        self.label.value = f"<pre style='color:#b3261e'>{type(exc).__name__}: {exc}</pre>"
        self.done.set()

    def _simulate_and_draw(self, generation: int, after_rules) -> None:
        """One run, on whichever thread calls it; what it shows goes through ``_apply``."""
        from ..sim import simulate
        from ..sim.paired import Comparison, paired_table

        t0 = time.perf_counter()
        first_seconds = None
        self._apply(generation, self._step, 0, f"simulating {self.params['games']} games…")
        if self._before is None:
            self._before = simulate(self.before_rules, progress=False, **self.params)
        self._apply(generation, self._step, 1, "simulating the changed rules…")
        if after_rules == self.before_rules:
            after = self._before
        else:
            first = max(1, self.params["games"] // 4)

            def early(part) -> bool:
                nonlocal first_seconds
                if part.games.height < first:
                    return True
                if generation == self._generation:
                    self._apply(generation, self._draw_partial, *self._partial(part))
                    first_seconds = time.perf_counter() - t0
                return False  # one early answer; further partials would only slow the run

            after = simulate(after_rules, progress=False, on_partial=early, **self.params)
        if generation != self._generation:
            return
        comparison = Comparison(self._before, after, paired_table(self._before, after))
        built = self.charts(comparison)
        self._apply(generation, self._drawn, comparison, built, first_seconds, time.perf_counter() - t0)

    def _drawn(self, comparison, built: dict, first_seconds: float | None, seconds: float) -> None:
        self.comparison, self.first_seconds, self.last_seconds = comparison, first_seconds, seconds
        self._draw(built)
        self._step(2, "done")
        changed = ", ".join(name_label(k) for k in self.editor.changes()) or "no changes"
        self.label.value = (
            f"<small>{self.params['games']} games × {self.params['players']} players, same seeds before and after; "
            f"{changed}; {seconds:.1f} s</small>"
        )
        self.done.set()

    def _step(self, value: int, text: str) -> None:
        self.progress.value = value
        self.progress.description = text if len(text) < 20 else text[:19] + "…"
        self.progress.bar_style = "success" if value == 2 else "info"
        self.label.value = f"<i>{text}</i>"

    # --- the study's thread
    def _on_loop(self, fn, *args) -> bool:
        """Run ``fn(*args)`` on the study's loop (now, when already on its thread); False without a loop."""
        return self._home.run(fn, *args)

    def _apply(self, generation: int, fn, *args) -> None:
        """Change widgets with ``fn(*args)`` on the study's thread, unless a newer run has started by then."""

        def apply() -> None:
            if generation != self._generation:
                return
            try:
                fn(*args)
            except Exception as exc:  # a draw that fails on the loop must not go silent either
                self._failed(exc)

        if not self._on_loop(apply):
            apply()

    # --- drawing
    def charts(self, comparison) -> dict:
        """The charts for one comparison: the paired differences, and win rates before and after."""
        from .. import charts

        # An interval over a handful of games can be NaN, which JSON cannot carry to the browser.
        table = comparison.table.with_columns(pl.col(pl.Float64).fill_nan(None))
        return {
            "difference": charts.ab_comparison(table),
            "before": self._win_rate(charts, comparison.a.players, "Before"),
            "after": self._win_rate(charts, comparison.b.players, "After"),
        }

    @staticmethod
    def _win_rate(charts, players, when: str):
        return charts.win_rate(players, by="seat").properties(title=f"{when}: win rate by seat", width=CHART_WIDTH)

    def _partial(self, part) -> tuple[dict, str]:
        """A first answer from the games in so far, against "before" on the same games: its charts and line."""
        from ..sim.paired import Comparison, paired_table
        from ..sim.runner import SimResult

        ids = part.games["game"].to_list()
        b = self._before
        # The charts read games and players only; filtering the events table would just cost time.
        games, players = (t.filter(pl.col("game").is_in(ids)) for t in (b.games, b.players))
        before = SimResult(games, players, b.events.clear(), b.stamp, b.failures)
        built = self.charts(Comparison(before, part, paired_table(before, part)))
        line = f"<i>first {part.games.height} of {self.params['games']} games drawn; refining with the rest…</i>"
        return built, line

    def _draw_partial(self, built: dict, line: str) -> None:
        self._draw(built)
        self.label.value = line

    def _draw(self, built: dict) -> None:
        for key, chart in built.items():
            self._views[key].chart = chart


def default_bot(game: str) -> str:
    """The bot a study uses unless told: the game's ``heuristic`` when it has one, else ``random``."""
    from ..bots import bot_names

    return "heuristic" if "heuristic" in bot_names(game) else "random"


def _placeholder_views() -> dict:
    """The chart widgets, made once on the thread that builds the study.

    Runs happen on worker threads; they never touch a widget. A widget made, or changed, on a
    worker thread can reach JupyterLab out of turn ("widget model not found").
    """
    import altair as alt

    empty = alt.Chart(alt.Data(values=[])).mark_point().properties(title="waiting for the first run")
    return {key: alt.JupyterChart(empty) for key in ("difference", "before", "after")}
