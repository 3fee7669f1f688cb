"""Stepper: walk a game of any kind one decision at a time, forwards and back, or let it play at a speed.

A game is its rules, seed, seating and actions, so any source — a live game, a
bot game from a simulation, a scenario script — becomes one replay. Each step is
one action; a clone of the game is kept per step reached, so going back is
instant and going forward replays only what was not seen yet. The step's events
are told in the game's own sentences (``GameDef.narrate``), else generic ones.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from ..core import default_rules, game_of, get_game, new_game
from ..core.optional import setup_choices, table_setup
from .board import board_state
from .board_widget import BoardView
from .mainloop import HomeLoop
from .narrate import describe

_FIXED = w.Layout(width="44px", flex="0 0 auto")


@dataclass(frozen=True)
class Replay:
    """What reproduces a game exactly: rules (of any game), players, seed, actions and the setup choices made.

    ``setup`` holds the game's setup choices (``core.optional``) as (choice, one value per seat) pairs;
    ``distilleries`` is the old spelling of ``setup=(("distilleries", ...),)``.
    """

    rules: Any
    players: int
    seed: int
    actions: tuple[str, ...]
    distilleries: tuple[str, ...] | None = None
    setup: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def __post_init__(self):
        """Either spelling reads back the same: ``distilleries`` is kept in ``setup`` and read from it."""
        made = dict(self.setup)
        if self.distilleries and "distilleries" not in made:
            object.__setattr__(self, "setup", (*self.setup, ("distilleries", tuple(self.distilleries))))
        elif self.distilleries is None and "distilleries" in made:
            object.__setattr__(self, "distilleries", tuple(made["distilleries"]))

    @property
    def game(self) -> str:
        """The name of the game replayed."""
        return game_of(self.rules)

    @property
    def choices(self) -> dict[str, list[str]]:
        """The setup choices made, by name: what ``new_game`` takes."""
        made = {name: list(values) for name, values in self.setup}
        if self.distilleries:
            made.setdefault("distilleries", list(self.distilleries))
        return made

    def start(self):
        return new_game(self.rules, self.players, self.seed, **self.choices)


def _frozen(setup) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Setup choices as a Replay keeps them: (choice, values) pairs, the choices made only."""
    return tuple((name, tuple(values)) for name, values in (setup or {}).items() if values)


def _is_table(source) -> bool:
    """A live table of any game (it has a decision point, a log and its actions)."""
    return all(hasattr(source, a) for a in ("decision", "log", "actions", "rules", "seed", "n"))


def replay_of(source, rules=None, seed: int = 0, players: int = 2) -> Replay:
    """Turn a game, a scenario-like object or a list of action texts into a ``Replay``.

    Parameters
    ----------
    source : GameState, Replay, list of str, or object with ``rules``, ``seed``, ``players`` and a script
        A scenario-like object names its actions ``actions`` or ``script``.
    rules, seed, players
        Used only with a plain list of action texts (default rules: Bourbonomics').
    """
    if isinstance(source, Replay):
        return source
    if _is_table(source):
        made = table_setup(get_game(game_of(source.rules)), source)
        return Replay(source.rules, source.n, source.seed, tuple(str(a) for a in source.actions), setup=_frozen(made))
    if isinstance(source, list | tuple):
        return Replay(rules or default_rules(), players, seed, tuple(str(a) for a in source))
    if callable(getattr(source, "game", None)):  # a bl.Scenario: step through the game it plays
        return replay_of(source.game())
    script = getattr(source, "actions", None) or getattr(source, "script", None) or ()
    n = source.players if isinstance(source.players, int) else len(source.players)
    setup = getattr(source, "setup", None)  # a scenario's setup choices (each may also be read under its own name)
    made = dict(setup) if isinstance(setup, Mapping) else {}
    for choice in setup_choices(get_game(game_of(source.rules))):
        made.setdefault(choice.name, getattr(source, choice.name, None))
    return Replay(source.rules, n, source.seed, tuple(str(a) for a in script), setup=_frozen(made))


def simulated_game(rules, players: int = 4, bots="heuristic", seed: int = 0, game: int = 0) -> Replay:
    """Game ``game`` of ``simulate(rules, players, games=..., bots, seed)`` (rules of any game), played again."""
    from ..sim.runner import make_tasks, play_one, validate

    names = validate(rules, players, game + 1, bots)
    task = make_tasks(players, game + 1, names, seed, True, None, game=game_of(rules))[game]
    g = play_one(rules, task)
    return replay_of(g)


class Stepper(w.VBox):
    """Step, play/pause and jump through a game, with its board and the step's events in words.

    Parameters
    ----------
    source : GameState, list of str, scenario-like object, or Replay
        What to step through (see ``replay_of``); a live game is copied at its current point
        (``sync()`` picks up later moves).
    rules, seed, players
        For a plain list of action texts.
    speed : float
        Steps per second while playing.
    """

    def __init__(self, source, rules=None, seed: int = 0, players: int = 2, speed: float = 4.0):
        self._live = source if _is_table(source) else None
        self.replay = replay_of(source, rules, seed, players)
        self._games = [self.replay.start()]
        self._marks = [len(self._games[0].log)]
        self.position = 0
        self._timer: threading.Thread | None = None
        self._stop = threading.Event()
        self._playing = False
        self._home = HomeLoop()  # in a notebook the steps are drawn on the kernel's main thread, between cells
        self.board = BoardView(self._games[0])
        self._build(speed)
        super().__init__(children=[self._bar, self.where, self.events, self.board])
        self.add_class("bl-stepper")
        self.show(0)

    # --- controls
    def _build(self, speed: float) -> None:
        def button(icon, tip, fn):
            b = w.Button(icon=icon, tooltip=tip, layout=_FIXED)
            b.on_click(lambda _: fn())
            return b

        self.play_button = w.ToggleButton(value=False, icon="play", tooltip="Play / pause", layout=_FIXED)
        self.play_button.observe(self._toggle, names="value")
        self.speed = w.FloatSlider(
            value=speed,
            min=0.5,
            max=30,
            step=0.5,
            description="steps/s",
            readout_format=".1f",
            layout=w.Layout(width="260px", flex="0 0 auto"),
        )
        self.round_box = w.BoundedIntText(
            value=1, min=1, max=10_000, description="round", layout=w.Layout(width="140px", flex="0 0 auto")
        )
        go = w.Button(description="jump", tooltip="Jump to the start of this round", layout=w.Layout(width="auto"))
        go.on_click(lambda _: self.jump_to_round(self.round_box.value))
        # Wraps in a narrow notebook rather than squeezing the buttons to "▶…" and "j…".
        self._bar = w.HBox(
            [
                button("fast-backward", "To the start", lambda: self.show(0)),
                button("step-backward", "Back one step", self.back),
                self.play_button,
                button("step-forward", "Forward one step", self.forward),
                button("fast-forward", "To the end", lambda: self.show(len(self.replay.actions))),
                self.speed,
                self.round_box,
                go,
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.where = w.HTML()
        self.events = w.HTML()

    # --- moving
    @property
    def steps(self) -> int:
        """How many actions the replay has."""
        return len(self.replay.actions)

    @property
    def game(self):
        """The game at the current step (do not change it: it is the stepper's copy)."""
        return self._games[self.position]

    def _reach(self, i: int) -> None:
        while len(self._games) <= i:
            g = self._games[-1].clone()
            g.apply(self.replay.actions[len(self._games) - 1])
            self._games.append(g)
            self._marks.append(len(g.log))

    def show(self, i: int) -> None:
        """Go to step ``i`` (0 = the start, ``steps`` = after the last action)."""
        i = max(0, min(int(i), self.steps))
        self._reach(i)
        self.position = i
        self._draw()

    def forward(self) -> bool:
        """One step on; False at the end."""
        if self.position >= self.steps:
            return False
        self.show(self.position + 1)
        return True

    def back(self) -> bool:
        """One step back; False at the start."""
        if self.position == 0:
            return False
        self.show(self.position - 1)
        return True

    def jump_to_round(self, round_number: int) -> None:
        """The first step at which the game is in ``round_number`` (or the end, if it never gets there)."""
        i = 0
        while i < self.steps and self._at(i).round < round_number:
            i += 1
        self.show(i)

    def _at(self, i: int):
        self._reach(i)
        return self._games[i]

    def sync(self) -> None:
        """Pick up actions played on the live game since the stepper was made."""
        if self._live is not None:
            self.replay = replay_of(self._live)
            self._draw()

    # --- playing
    def play(self) -> None:
        """Step forward on a timer at ``speed`` steps per second until the end or ``pause()``.

        In a notebook the timer is on the kernel's own loop, so each step is drawn from its main thread;
        in a plain script (no loop) it is a thread.
        """
        if self._playing or (self._timer and self._timer.is_alive()):
            return
        self._stop.clear()
        self._playing = True
        self.play_button.value = True
        if not self._home.later(self._interval(), self._tick):
            self._timer = threading.Thread(target=self._run, daemon=True)
            self._timer.start()

    def _interval(self) -> float:
        return 1.0 / max(self.speed.value, 0.1)

    def _tick(self) -> None:
        if self._stop.is_set() or not self.forward():
            self._playing = False
            self.play_button.value = False
            return
        self._home.later(self._interval(), self._tick)

    def pause(self) -> None:
        """Stop playing (the current step stays shown)."""
        self._stop.set()
        self._playing = False
        self.play_button.value = False

    def _run(self) -> None:
        while not self._stop.wait(self._interval()):
            if not self.forward():
                break
        self._playing = False
        self.play_button.value = False

    def _toggle(self, change) -> None:
        if change["new"]:
            self.play()
        else:
            self._stop.set()
        self.play_button.icon = "pause" if change["new"] else "play"

    # --- drawing
    def step_events(self) -> list[str]:
        """The events of the current step in words (setup and round 1's opening at step 0)."""
        start = self._marks[self.position - 1] if self.position else 0
        name = self.replay.game
        return [describe(e, None, name) for e in self.game.log[start : self._marks[self.position]]]

    def _draw(self) -> None:
        g = self.game
        action = self.replay.actions[self.position - 1] if self.position else "(start)"
        self.where.value = (
            f"<b>Step {self.position} / {self.steps}</b> · round {g.round} · {g.phase} · "
            f"played: <code>{html.escape(action)}</code>"
        )
        items = "".join(f"<li>{html.escape(text)}</li>" for text in self.step_events())
        self.events.value = f"<ol class='bl-step-events'>{items}</ol>"
        self.round_box.value = min(max(g.round, self.round_box.min), self.round_box.max)
        state = board_state(g, None, since=self._marks[self.position - 1] if self.position else 0)
        state.update(actions=[], legal=[])
        self.board.state = state
