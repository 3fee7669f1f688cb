"""The served Panel app: a game picker over a study tab, an A/B tab and a game tab, each a view drawn from its store.

Any registered game: picking one rebuilds the three tabs from that game's defaults. The Study
tab draws the charts its tables allow, the Game tab the game's own board or the generic one.
"""

from __future__ import annotations

from pathlib import Path

import panel as pn

from ..core import DEFAULT_GAME, BourbonLabError, games, get_game
from . import controls
from .board import GameView
from .figures import chart_names, comparison_chart, group_options, markdown_table, study_charts
from .setup import StudySetup, load_setup, parse_upload
from .store import ABStudy, Study, one_line, summary_tables
from .table import GameTable

DEFAULTS = "defaults"


def scenario_files(extra: Path | None = None, game: str = DEFAULT_GAME) -> dict[str, Path | None]:
    """The scenario menu: the defaults, the command line's file, and the game's YAML files in ./scenarios/.

    One rule for every game: the files in ``scenarios/<game>/``, then those in ``scenarios/`` itself whose
    ``game:`` names it (a file without ``game:`` is of the default game, as ``bourbon-lab check`` reads it).
    """
    found: dict[str, Path | None] = {DEFAULTS: None}
    if extra is not None:
        found[extra.name] = extra
    folder = Path.cwd() / "scenarios"
    own = folder / game
    for path in sorted(own.glob("*.y*ml")) if own.is_dir() else ():
        found.setdefault(path.name, path)
    for path in sorted(folder.glob("*.y*ml")) if folder.is_dir() else ():
        if _game_of_file(path) == game:
            found.setdefault(path.name, path)
    return found


def _game_of_file(path: Path) -> str:
    """The game a scenario file names (``game:``); without one, the default game's.

    Only the top-level ``game:`` line is read (a whole lesson's script is not needed to list it); a file that
    cannot be read here counts as the default game's, and picking it shows what is wrong with it.
    """
    from ..core.yamlfile import load, read_text

    try:
        text = read_text(path)
        if text.lstrip().startswith("{"):  # the whole file one flow mapping: read it all
            data = load(text, str(path))
        else:
            line = next((x for x in text.splitlines() if x.startswith(("game:", "game :"))), None)
            data = {} if line is None else load(line, str(path))
    except (BourbonLabError, OSError):
        return DEFAULT_GAME
    named = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
    return named if isinstance(named, str) else DEFAULT_GAME


def _alert(store) -> pn.pane.Alert:
    alert = pn.pane.Alert(store.message, alert_type="danger", visible=bool(store.message), css_classes=["bl-message"])

    def show(event) -> None:
        alert.param.update(object=event.new or "", visible=bool(event.new))

    store.param.watch(show, "message")
    return alert


def _progress(store) -> pn.Column:
    """The run's bar, and under it how far it is and tqdm's estimate of the time left (a search bot's run is long)."""
    bar = pn.indicators.Progress(value=0, max=max(store.games, 1), visible=False, sizing_mode="stretch_width")
    words = pn.pane.Str("", visible=False, css_classes=["bl-time-left"], margin=(0, 10))

    def show(*_events) -> None:
        if getattr(store, "retired", False):  # another game's tabs replaced this one's
            return
        top, value = max(store.total, 1), min(store.done, max(store.total, 1))
        if value > bar.max:  # Panel checks a new value against the current maximum: raise it first
            bar.max = top
        bar.param.update(value=value, visible=store.running)
        bar.max = top
        words.param.update(object=store.eta, visible=store.running and bool(store.eta))

    store.param.watch(show, ["running", "done", "total", "eta"])
    column = pn.Column(bar, words, margin=0, sizing_mode="stretch_width")
    column.bar, column.words = bar, words
    return column


_BESIDE = {"flex": "1 1 480px", "min-width": "0"}
"""The results column: beside the inputs when there is room, under them in a narrow window or notebook."""


def _wrapping(inputs, results) -> pn.FlexBox:
    """Inputs and results side by side, wrapping instead of squeezing the charts (a notebook is ~570 px wide)."""
    return pn.FlexBox(inputs, results, flex_wrap="wrap", sizing_mode="stretch_width")


class StudyView(pn.viewable.Viewer):
    """Inputs on the left (scenario, upload, players, bots, games, rules), the charts on the right."""

    def __init__(self, store: Study, scenarios: dict[str, Path | None], selected: str = DEFAULTS, **params):
        super().__init__(**params)
        self.store = store
        self.scenarios = scenarios
        self.selected = selected if selected in scenarios else DEFAULTS
        self.by = pn.widgets.RadioButtonGroup(label="Group players by", options=group_options(store.game))
        self.minutes = pn.widgets.FloatInput(
            label="Minutes per round (assumed)", value=4.0, start=0.5, end=30, step=0.5
        )
        self.panes = {n: pn.pane.Vega(None, css_classes=[f"chart-{n}"], name=n) for n in chart_names(store.game)}
        self.tables = pn.pane.Markdown("", css_classes=["bl-summary"])
        self.status = pn.pane.Markdown("", css_classes=["bl-status"])
        self.rules = controls.rule_controls(store.rules, store.set_rule, self._say)
        store.param.watch(self._redraw, ["result"])
        store.param.watch(lambda e: setattr(self.status, "object", e.new), "status")
        self.by.param.watch(self._redraw, "value")
        self.minutes.param.watch(self._redraw, "value")
        self._redraw()

    def _say(self, text: str) -> None:
        self.store.message = text

    def _redraw(self, *_events) -> None:
        result = self.store.result
        if result is None:
            return
        try:
            figures = study_charts(result, self.store.rules, self.by.value, self.minutes.value)
        except (ValueError, BourbonLabError) as exc:
            self._say(one_line(exc))
            return
        for name, chart in figures.items():
            if name in self.panes:
                self.panes[name].object = chart
        self.tables.object = "\n\n".join(f"**{t}**\n\n{markdown_table(df)}" for t, df in summary_tables(result).items())

    def _defaults(self) -> StudySetup:
        return load_setup(None, self.store.game)

    def _use(self, setup: StudySetup) -> None:
        if setup.game != self.store.game:
            raise BourbonLabError(f"{setup.name}: a {setup.game} scenario; pick {setup.game} in the Game menu first")
        self.store.apply_setup(setup)
        controls.refresh(self.rules, setup.rules)

    def _pick(self, event) -> None:
        try:
            self._use(load_setup(self.scenarios[event.new]) if self.scenarios[event.new] else self._defaults())
        except BourbonLabError as exc:
            self._say(one_line(exc))

    def _upload(self, event) -> None:
        if event.new is None:
            return
        try:
            self._use(parse_upload(event.new, self.upload.filename or "upload.yaml"))
        except BourbonLabError as exc:
            self._say(one_line(exc))

    def _inputs(self) -> pn.Column:
        s = self.store
        pick = pn.widgets.Select(label="Scenario", options=list(self.scenarios), value=self.selected)
        pick.param.watch(self._pick, "value")
        self.upload = pn.widgets.FileInput(accept=".yaml,.yml", label="Upload a scenario", css_classes=["bl-upload"])
        self.upload.param.watch(self._upload, "value")
        numbers = controls.run_inputs(s)
        return pn.Column(pick, "Upload a scenario (YAML)", self.upload, numbers, self.by, self.minutes, width=330)

    def __panel__(self):
        left = pn.Column(self._inputs(), "### Rules", self.rules, width=350, scroll=True, max_height=1400)
        grid = pn.FlexBox(*self.panes.values())
        right = pn.Column(_alert(self.store), _progress(self.store), self.status, grid, self.tables, styles=_BESIDE)
        return _wrapping(left, right)


class ABView(pn.viewable.Viewer):
    """Rule controls for A and for B side by side, and the paired comparison chart."""

    def __init__(self, store: ABStudy, **params):
        super().__init__(**params)
        self.store = store
        self.chart = pn.pane.Vega(None, css_classes=["chart-ab_comparison"], name="ab_comparison")
        self.status = pn.pane.Markdown("", css_classes=["bl-ab-status"])
        store.param.watch(self._redraw, "comparison")
        store.param.watch(lambda e: setattr(self.status, "object", e.new), "status")
        self._redraw()

    def _redraw(self, *_events) -> None:
        self.status.object = self.store.status
        if self.store.comparison is not None:
            self.chart.object = comparison_chart(self.store.comparison)

    def _side(self, side: str) -> pn.Column:
        rules = getattr(self.store, f"rules_{side}")
        acc = controls.rule_controls(
            rules, lambda n, v: self.store.set_rule(side, n, v), lambda t: setattr(self.store, "message", t)
        )
        return pn.Column(f"### Rules {side.upper()}", acc, width=320)

    def __panel__(self):
        numbers = controls.run_inputs(self.store)
        sides = pn.Row(self._side("a"), self._side("b"), scroll=True, max_height=1400)
        right = pn.Column(_alert(self.store), _progress(self.store), self.status, self.chart, styles=_BESIDE)
        return _wrapping(pn.Column(numbers, sides), right)


def build_app(setup: StudySetup | None = None, scenario: Path | None = None, served: bool = True) -> pn.Tabs:
    """The whole app for one browser session: fresh stores, so sessions never share state.

    Parameters
    ----------
    setup : StudySetup, optional
        Where the study starts (default: the defaults).
    scenario : Path, optional
        The command line's scenario file, offered in the menu.
    served : bool
        Run studies off the event loop with progress (True in a server; False runs synchronously).

    Returns
    -------
    panel.Tabs
    """
    setup = setup or StudySetup()
    scheduler = pn.state.execute if served else None
    study = Study.from_setup(setup, scheduler=scheduler)
    ab = ABStudy(
        rules_a=setup.rules,
        rules_b=setup.rules,
        players=setup.players,
        games=min(setup.games, 40),
        bots=",".join(setup.bots),
        seed=setup.seed,
        scheduler=scheduler,
    )
    table = GameTable(rules=setup.rules, players=setup.players, seed=setup.seed)
    views = (
        StudyView(study, scenario_files(scenario, setup.game), selected=scenario.name if scenario else DEFAULTS),
        ABView(ab),
        GameView(table),
    )
    tabs = pn.Tabs(*zip(("Study", "A/B", "Game"), views), dynamic=False, sizing_mode="stretch_width")
    tabs.stores, tabs.views = (study, ab, table), views
    if served:
        pn.state.onload(study.request)
        pn.state.onload(ab.request)
    else:
        study.run()
        ab.run()
    return tabs


class GameApp(pn.viewable.Viewer):
    """The game picker over the tabs: picking a game rebuilds every tab from that game's defaults.

    Parameters
    ----------
    setup : StudySetup
        Where the first game's study starts.
    scenario : Path, optional
        The command line's scenario file, offered in the Study tab's menu.
    served : bool
        As for ``build_app``.
    """

    def __init__(self, setup: StudySetup, scenario: Path | None = None, served: bool = True, **params):
        super().__init__(**params)
        self.served = served
        self.picker = pn.widgets.Select(
            label="Game", options=games(), value=setup.game, width=220, css_classes=["bl-game-picker"]
        )
        self.title = pn.pane.Markdown(_title(setup.game, setup.name), margin=(0, 10))
        self.tabs = build_app(setup, scenario, served)
        self._follow(self.tabs)
        self.body = pn.Column(self.tabs, sizing_mode="stretch_width")
        self.picker.param.watch(self._pick, "value")

    @property
    def game(self) -> str:
        return self.picker.value

    def _pick(self, event) -> None:
        for store in self.tabs.stores[:2]:
            store.retire()
        setup = StudySetup.for_game(event.new)
        # The first runs finish before the new tabs reach the page: a progress bar updated before the
        # browser has drawn it fails there. Later runs go through the server's scheduler as usual.
        self.tabs = build_app(setup, None, served=False)
        if self.served:
            for store in self.tabs.stores[:2]:
                store.scheduler = pn.state.execute
        self.title.object = _title(setup.game, setup.name)
        self._follow(self.tabs)
        self.body.objects = [self.tabs]

    def _follow(self, tabs) -> None:
        """The title names the study's setup: a scenario picked in the Study tab renames it."""
        study = tabs.stores[0]
        study.param.watch(lambda e: setattr(self.title, "object", _title(study.game, e.new)), "source")

    def __panel__(self):
        return pn.Column(pn.Row(self.title, self.picker), self.body, sizing_mode="stretch_width")


def _title(game: str, source: str) -> str:
    return f"# bourbon_lab — {get_game(game).info.title} study ({source})"


def serve(scenario: str | None = None, port: int = 5006, show: bool = True, game: str | None = None) -> None:
    """Serve the app on 127.0.0.1 until interrupted; each browser session gets its own stores."""
    setup = load_setup(scenario, game)
    path = Path(scenario) if scenario else None
    pn.serve(
        {"/": lambda: _page(setup, path)},
        address="127.0.0.1",
        port=port,
        show=show,
        title="bourbon_lab dashboard",
        websocket_origin=[f"127.0.0.1:{port}", f"localhost:{port}"],
        websocket_max_message_size=4 * 1024 * 1024,
    )


def _page(setup: StudySetup, path: Path | None):
    return GameApp(setup, path).__panel__()
