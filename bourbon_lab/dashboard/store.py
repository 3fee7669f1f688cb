"""The dashboard's data store: study inputs and results as ``param`` values, testable without a browser.

Views only read from a store and write its inputs (Panel's ``DataStore``/``Viewer`` pattern). A run is
synchronous by default (tests, ``publish``); a served app gives the store a ``scheduler`` so runs happen
off the event loop with a progress count. A store studies the game its rules belong to (any
registered game); its player count is bounded by that game's.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import param
import polars as pl

from ..core import BourbonLabError, RulesetError, default_rules, game_of, get_game
from ..sim.paired import Comparison, paired_table
from ..sim.progress import time_left
from ..sim.runner import SimResult
from ..widgets.labels import problems_in_words
from .running import simulate_with_progress
from .setup import DEFAULT_GAMES, MAX_GAMES, StudySetup

POLL_SECONDS = 0.1


def one_line(exc: Exception) -> str:
    """An error as one short line for the page: the message, never a traceback."""
    text = str(exc).strip().replace(":\n  ", ": ").replace("\n  ", "; ").replace("\n", " ")
    return (text or type(exc).__name__)[:400]


def rule_changes(rules: Any) -> dict[str, Any]:
    """The fields of ``rules`` that differ from its game's defaults (any game's ruleset)."""
    if hasattr(rules, "changes"):
        return rules.changes()
    default = type(rules).default().to_dict()
    return {k: v for k, v in rules.to_dict().items() if default.get(k) != v}


def rules_message(exc: Exception) -> str:
    """A refused rule change in the page's words: each problem under its field's readable name."""
    if isinstance(exc, RulesetError):
        return problems_in_words(exc.problems)[:400]
    return one_line(exc)


class Runner(param.Parameterized):
    """Inputs in, one result out; re-runs when an input changes and reports progress and problems."""

    players = param.Integer(4, bounds=(1, 12), doc="Players at each table (within the game's counts).")
    games = param.Integer(DEFAULT_GAMES, bounds=(1, MAX_GAMES), doc="Games to simulate.")
    bots = param.String("heuristic", doc="Bot names, comma-separated: one for everyone or one per player.")
    seed = param.Integer(0, bounds=(0, 2**31 - 1), doc="The run's seed: same seed, same games.")
    auto_run = param.Boolean(True, doc="Re-run whenever an input changes.")

    running = param.Boolean(False, constant=False)
    done = param.Integer(0)
    total = param.Integer(0)
    eta = param.String(
        "", doc="The run's progress in words with tqdm's estimate of the time left (a search bot's run is long)."
    )
    message = param.String("", doc="The last problem, in one line; empty when all is well.")
    status = param.String("")
    retired = param.Boolean(False, doc="Replaced by another game's store: a run in flight publishes nothing.")

    def __init__(self, **params):
        self.scheduler = params.pop("scheduler", None)
        super().__init__(**params)
        info = get_game(self.game).info
        self.param.players.bounds = (info.min_players, info.max_players)
        self._generation = 0
        self._started = time.monotonic()
        self._lock = threading.Lock()

    @property
    def game(self) -> str:
        """The name of the game studied."""
        return game_of(self._rules())

    def _rules(self) -> Any:
        raise NotImplementedError

    def bot_list(self) -> list[str]:
        names = [b.strip() for b in self.bots.split(",") if b.strip()]
        return names * self.players if len(names) == 1 else names

    # --- what subclasses provide
    def _inputs(self) -> dict[str, Any]:
        raise NotImplementedError

    def _compute(self, inputs: dict[str, Any], on_progress) -> Any:
        raise NotImplementedError

    def _publish(self, value: Any) -> None:
        raise NotImplementedError

    # --- running
    def run(self) -> bool:
        """Run now, in this thread; True when a result was published, False when a message explains why not."""
        self._generation += 1
        self._started = time.monotonic()
        return self._finish(self._attempt(self._inputs(), self._progress))

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        self.eta = time_left(done, total, time.monotonic() - self._started)

    def _attempt(self, inputs: dict[str, Any], on_progress) -> tuple[bool, Any]:
        try:
            return True, self._compute(inputs, on_progress)
        except BourbonLabError as exc:
            return False, one_line(exc)
        except Exception as exc:  # a bug below us must not take the page down: say so in one line
            return False, f"the study failed ({type(exc).__name__}): {one_line(exc)}"

    def retire(self) -> None:
        """Stop showing anything: the page now shows another game (its views are gone from the page)."""
        self.auto_run = False
        self._generation += 1
        self.retired = True

    def _finish(self, outcome: tuple[bool, Any]) -> bool:
        ok, value = outcome
        if self.retired:
            return False
        self.running = False
        if ok:
            self.message = ""
            self._publish(value)
        else:
            self.message = value
        return ok

    async def arun(self) -> None:
        """Run in a worker thread, updating ``done`` on the event loop; newer inputs restart the run."""
        self._generation += 1
        generation = self._generation
        if self.running:
            return  # the run in progress sees the new generation and goes again
        self.running, self.done, self.total = True, 0, self.games
        self._started = time.monotonic()
        counts = [0, self.games]

        def count(done: int, total: int) -> None:
            counts[:] = [done, total]

        while True:
            inputs = self._inputs()
            task = asyncio.get_running_loop().run_in_executor(None, self._attempt, inputs, count)
            while not task.done():
                await asyncio.sleep(POLL_SECONDS)
                if not self.retired:
                    self._progress(*counts)
            outcome = await task
            if generation == self._generation or self.retired:
                break
            generation = self._generation
            self._started = time.monotonic()  # the time left is the new run's
        self._finish(outcome)

    def request(self) -> None:
        """Inputs changed: run again now, or through the scheduler when a served app set one."""
        if not self.auto_run:
            return
        if self.scheduler is None:
            self.run()
        else:
            self.scheduler(self.arun)


class Study(Runner):
    """One ruleset simulated: the ``simulate`` tables and the charts drawn from them."""

    rules = param.Parameter(default=default_rules(), doc="The ruleset every game uses (of any game).")
    # Not ``name``: every Parameterized has a constant ``name``, and a picked scenario raised
    # "Constant parameter 'name' cannot be modified" (issue 30).
    source = param.String("defaults", doc="Where the setup came from (a scenario file or the defaults).")
    result = param.ClassSelector(class_=SimResult, allow_None=True, default=None)

    @classmethod
    def from_setup(cls, setup: StudySetup, **params) -> Study:
        """A store holding a scenario's setup (not yet run)."""
        return cls(**_inputs_of(setup), **params)

    def apply_setup(self, setup: StudySetup) -> None:
        """Take every input from ``setup`` at once (one re-run, not five)."""
        with param.parameterized.batch_call_watchers(self):
            self.param.update(**_inputs_of(setup))

    def _rules(self) -> Any:
        return self.rules

    def set_rule(self, name: str, value: Any) -> bool:
        """Change one rule through the ruleset's validation; a refused value leaves a message, not a change."""
        try:
            self.rules = self.rules.replace(**{name: value})
        except (BourbonLabError, TypeError, ValueError) as exc:
            self.message = rules_message(exc)
            return False
        return True

    def rule_changes(self) -> list[dict[str, Any]]:
        """Each field that differs from the defaults: name, default value, this study's value."""
        default = type(self.rules).default()
        return [{"rule": k, "default": getattr(default, k), "value": v} for k, v in rule_changes(self.rules).items()]

    @param.depends("rules", "players", "games", "bots", "seed", watch=True)
    def _inputs_changed(self) -> None:
        self.request()

    def _inputs(self) -> dict[str, Any]:
        return {"rules": self.rules, "players": self.players, "games": self.games, "bots": self.bot_list()}

    def _compute(self, inputs: dict[str, Any], on_progress) -> SimResult:
        return simulate_with_progress(seed=self.seed, on_progress=on_progress, **inputs)

    def _publish(self, value: SimResult) -> None:
        failed = f", {len(value.failures)} failed" if value.failures else ""
        self.status = f"run {value.run_id}: {value.games.height} games of {self.players} players{failed}"
        self.result = value


class ABStudy(Runner):
    """Two rulesets played on the same seeds, and each metric's paired difference (B - A) with its 95 % CI."""

    rules_a = param.Parameter(default=default_rules())
    rules_b = param.Parameter(default=default_rules())
    comparison = param.ClassSelector(class_=Comparison, allow_None=True, default=None)

    @param.depends("rules_a", "rules_b", "players", "games", "bots", "seed", watch=True)
    def _inputs_changed(self) -> None:
        self.request()

    def _rules(self) -> Any:
        return self.rules_a

    def set_rule(self, side: str, name: str, value: Any) -> bool:
        """Change one rule of side ``"a"`` or ``"b"``; a refused value leaves a message."""
        attr = f"rules_{side}"
        try:
            setattr(self, attr, getattr(self, attr).replace(**{name: value}))
        except (BourbonLabError, TypeError, ValueError) as exc:
            self.message = f"{side.upper()}: {rules_message(exc)}"
            return False
        return True

    def _inputs(self) -> dict[str, Any]:
        return {"a": self.rules_a, "b": self.rules_b, "players": self.players, "games": self.games}

    def _compute(self, inputs: dict[str, Any], on_progress) -> Comparison:
        n, bots = inputs["games"], self.bot_list()
        common = {"players": inputs["players"], "games": n, "bots": bots, "seed": self.seed}
        a = simulate_with_progress(inputs["a"], on_progress=lambda d, t: on_progress(d, 2 * t), **common)
        b = simulate_with_progress(inputs["b"], on_progress=lambda d, t: on_progress(t + d, 2 * t), **common)
        return Comparison(a, b, paired_table(a, b))

    def _publish(self, value: Comparison) -> None:
        # The stamp first: a view redraws on ``comparison`` and must read this run's stamp, not the last one.
        self.status = f"A {value.a.run_id} vs B {value.b.run_id} on {value.a.games.height} common seeds"
        self.comparison = value


def summary_tables(result: SimResult) -> dict[str, pl.DataFrame]:
    """The tables a report shows beside the charts, as finished text: shares as "25 %", rates as "25 % [18, 33]"."""
    from ..charts.tables import interval, percent
    from ..sim.stats import win_rates

    g = result.games.filter(pl.col("error").is_null())
    row = {"games": [str(g.height)], "mean rounds": [f"{g['rounds'].mean():.1f}" if g.height else "—"]}
    game = get_game(result.game)
    extras = game.part("summary")  # the game's own rows: its columns per game, the endings it counts
    for column, heading in getattr(extras, "PER_GAME", ()):
        if column in g.columns:
            row[heading] = [f"{g[column].mean():.2f}" if g.height else "—"]
    for why in getattr(extras, "ENDINGS", None) or game.info.ended_by:
        row[f"ended by {why.replace('_', ' ')}"] = [percent((g["ended_by"] == why).mean()) if g.height else "—"]
    tables = {"Per game": pl.DataFrame(row)}
    for by in ("seat", "bot"):
        rates = win_rates(result.players, by)
        tables[f"Win rate by {by}"] = pl.DataFrame(
            {
                by: [str(v) for v in rates[by]],
                "player-games": [str(v) for v in rates["games"]],
                "wins": [str(v) for v in rates["wins"]],
                "win rate [95 % CI]": [
                    interval(r["win_rate"], r["ci_low"], r["ci_high"]) for r in rates.iter_rows(named=True)
                ],
            }
        )
    return tables


def _inputs_of(setup: StudySetup) -> dict[str, Any]:
    """A study's inputs as a setup names them."""
    return {
        "rules": setup.rules,
        "players": setup.players,
        "games": setup.games,
        "bots": ",".join(setup.bots),
        "seed": setup.seed,
        "source": setup.name,
    }
