"""Any registered game as an OpenSpiel game: ``load("bourbonomics", players=4)`` gives a ``pyspiel.Game``.

Importing this module registers every game of ``bl.games()`` with ``pyspiel.register_game`` as
``bourbon_lab_<name>`` (``register()`` adds games registered later), with parameters ``players``,
``seed``, ``deals`` and ``reward`` (``win`` or ``score``, ``table.py``). The game type says:

- dynamics ``SEQUENTIAL``: one actor at a time, ``decision.actor``. A commit group (simultaneous
  choices) is played member by member as in the lab; the choices stay hidden in the views.
- chance ``EXPLICIT_STOCHASTIC``, with one chance node: the root, **the deal**. Its ``deals``
  outcomes are equally likely, and outcome ``i`` deals the lab's game of seed ``seed + i``. Every
  game draws the rest of its chance inside ``apply`` from random streams seeded by that deal and
  kept in the snapshot (the lab's engines have no other chance step), so the deal fixes the chance
  world: no player sees it, only what the game shows them. A clone continues with the same draws;
  for search, ``resample(state, player, seed)`` re-deals what that player cannot see
  (``observe(p).determinise``); ``game.deal(seed)`` is a state past the root with that seed.
- information ``IMPERFECT_INFORMATION`` (hands, piles and deck orders are hidden; a game declaring
  ``information="perfect"`` says so instead); utility ``GENERAL_SUM`` for ``win`` (0..1) and
  ``ZERO_SUM`` for ``score``; rewards at the end only.
- ``num_distinct_actions``: the size of the game's action index (``actions.py``);
  ``max_game_length``: ``GameInfo.max_decisions``.

Observation and information-state strings are the player's view as JSON (the view is what the
lab says a player knows; it is not a record of everything they saw, so the information state is
not perfect-recall). Both tensors are the adapters' observation vector (``table.py``: the game's own
encoder, or the view hashed).
Serialization pickles each state through its snapshot JSON (the root, not dealt yet, as its seeds);
``new_initial_state()`` is the root chance node.
"""

from __future__ import annotations

import json
import random
import zlib
from typing import Any

from ..core import DEFAULT_GAME, games, get_game, restore
from . import missing_extra
from .table import Table

try:
    import numpy as np
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the environment
    raise missing_extra(e.name or "open_spiel") from None

PREFIX = "bourbon_lab_"
DEALS = 1000
"""Default outcomes of the root chance node (the ``deals`` parameter): deal ``i`` is the lab's seed ``seed + i``."""
_TABLES: dict[tuple, Table] = {}


def short_name(game: str) -> str:
    """OpenSpiel's name for a lab game."""
    return PREFIX + game


def _table(game: str, players: int, reward: str, rules: Any = None) -> Table:
    rules = get_game(game).default_rules() if rules is None else rules
    key = (game, players, reward, rules.fingerprint())
    if key not in _TABLES:
        _TABLES[key] = Table(game, players, rules, reward)
    return _TABLES[key]


def game_type(game: str, reward: str = "win") -> Any:
    """The ``pyspiel.GameType`` of a lab game (see the module docstring)."""
    info = get_game(game).info
    t = pyspiel.GameType
    return t(
        short_name=short_name(game),
        long_name=f"{info.title} (bourbon_lab)",
        dynamics=t.Dynamics.SEQUENTIAL,
        chance_mode=t.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            t.Information.PERFECT_INFORMATION if info.information == "perfect" else t.Information.IMPERFECT_INFORMATION
        ),
        utility=t.Utility.GENERAL_SUM if reward == "win" else t.Utility.ZERO_SUM,
        reward_model=t.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info.min_players, "seed": 0, "deals": DEALS, "reward": reward},
    )


class Game(pyspiel.Game):
    """One registered game as a ``pyspiel.Game`` (one player count, reward and seed per instance)."""

    game = ""
    """The lab's name of the game; ``register`` makes one subclass per game (OpenSpiel registers classes)."""

    def __init__(self, params: dict | None = None):
        game = self.game
        params = dict(params or {})
        players, reward = int(params.get("players", get_game(game).info.min_players)), params.get("reward", "win")
        self.table = _table(game, players, reward)
        self.seed = int(params.get("seed", 0))
        self.deals = int(params.get("deals", DEALS))
        if self.deals < 1:
            raise ValueError(f"deals: the root chance node needs at least 1 outcome, got {self.deals}")
        low, high = self.table.utility_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.index.size,
            max_chance_outcomes=self.deals,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if reward == "score" else None,
            max_game_length=get_game(game).info.max_decisions,
        )
        spec = {"players": players, "seed": self.seed, "deals": self.deals, "reward": reward}
        super().__init__(game_type(game, reward), info, spec)

    def new_initial_state(self) -> State:
        """The root: the deal, a chance node of ``deals`` equally likely seeds."""
        return State(self, _Held(self.table, seed=None, base=self.seed, deals=self.deals))

    def deal(self, seed: int) -> State:
        """A state past the root, dealt with ``seed`` (one chance world of the game)."""
        return State(self, _Held(self.table, seed=seed, base=self.seed, deals=self.deals))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.table)


_INITIAL: dict[tuple[int, int], Any] = {}
_INITIAL_VIEWS: dict[tuple[int, int, int], np.ndarray] = {}


def _initial(table: Table, seed: int) -> Any:
    """The dealt initial state of a seed, kept: OpenSpiel makes a fresh initial state for every clone."""
    key = (id(table), seed)
    if key not in _INITIAL:
        if len(_INITIAL) > 256:
            _INITIAL.clear()
            _INITIAL_VIEWS.clear()
        _INITIAL[key] = table.deal(seed)
    return _INITIAL[key]


class _Held:
    """The lab's game in play, behind one attribute: copied with ``clone()``, pickled as its snapshot.

    OpenSpiel clones a Python state by deep-copying its attributes and serializes it by pickling
    them; this keeps both to the game's own ``clone`` and ``snapshot``, and deals lazily, since a
    clone starts from a fresh initial state whose deal it throws away.
    """

    def __init__(self, table: Table, seed: int | None = 0, state: Any = None, base: int = 0, deals: int = 1):
        self.table = table
        self.seed = seed  # None at the root: the deal is the chance node's outcome
        self.base, self.deals = base, deals
        self._state = state
        self._legal: dict[int, Any] | None = None
        self.views: dict[int, Any] = {}  # player -> encoded view; -1 - player -> view as JSON

    @property
    def dealt(self) -> bool:
        return self._state is not None

    @property
    def at_root(self) -> bool:
        """Whether this is the chance node that deals the game."""
        return self.seed is None

    def deal(self, outcome: int) -> None:
        if not 0 <= outcome < self.deals:
            raise ValueError(f"deal {outcome}: the root chance node has outcomes 0-{self.deals - 1}")
        self.seed = self.base + outcome

    @property
    def state(self) -> Any:
        if self._state is None:
            self._state = _initial(self.table, self.seed).clone()
        return self._state

    def legal(self) -> dict[int, Any]:
        if self._legal is None:
            self._legal = self.table.legal(self.state)
        return self._legal

    def apply(self, action: Any) -> None:
        self.state.apply(action)
        self._legal = None
        self.views = {}

    def view_vector(self, player: int) -> np.ndarray:
        """The encoded view of ``player``, kept until the next action (OpenSpiel asks for it repeatedly)."""
        if player not in self.views:
            self.views[player] = self.table.observation(self.state, player)
        return self.views[player]

    def view_text(self, player: int) -> str:
        """The view of ``player`` as JSON (without the legal actions), kept like ``view_vector``."""
        key = -1 - player
        if key not in self.views:
            view = {k: v for k, v in self.state.view(player).items() if k != "legal_actions"}
            self.views[key] = f"p{player} " + json.dumps(view, sort_keys=True, separators=(",", ":"))
        return self.views[key]

    def __deepcopy__(self, memo: dict) -> _Held:
        state = None if self._state is None else self._state.clone()
        copy = _Held(self.table, self.seed, state, self.base, self.deals)
        copy.views = dict(self.views)  # the same position: the same views, until either one moves
        return copy

    def __getstate__(self) -> dict:
        t = self.table
        snap = None if self.at_root else json.dumps(self.state.snapshot(), separators=(",", ":"))
        return {"game": t.game, "players": t.players, "reward": t.reward, "seed": self.seed, "snapshot": snap,
                "base": self.base, "deals": self.deals, "rules": None if snap else t.rules}  # fmt: skip

    def __setstate__(self, data: dict) -> None:
        if data["snapshot"] is None:
            state, rules = None, data["rules"]
        else:
            state = restore(json.loads(data["snapshot"]), data["game"])
            rules = state.rules
        self.table = _table(data["game"], data["players"], data["reward"], rules)
        self.seed, self.base, self.deals = data["seed"], data["base"], data["deals"]
        self._state = state
        self._legal = None
        self.views = {}


class State(pyspiel.State):
    """A table in play, as OpenSpiel sees it (numbers for actions, returns at the end)."""

    def __init__(self, game: Game, held: _Held):
        super().__init__(game)
        self.held = held

    @property
    def lab_state(self) -> Any:
        """The lab's own state (``GameState``), with its ``view``, ``score_rows`` and ``log``."""
        return self.held.state

    def current_player(self) -> int:
        if self.held.at_root:
            return pyspiel.PlayerId.CHANCE
        d = self.held.state.decision
        return pyspiel.PlayerId.TERMINAL if d is None else d.actor

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal: every seed equally likely."""
        n = self.held.deals
        return [(i, 1.0 / n) for i in range(n)] if self.held.at_root else []

    def _legal_actions(self, player: int) -> list[int]:
        if self.held.at_root:
            return list(range(self.held.deals))
        return sorted(self.held.legal())

    def _apply_action(self, action: int) -> None:
        if self.held.at_root:
            self.held.deal(action)
            return
        chosen = self.held.legal().get(action)
        if chosen is None:
            raise ValueError(f"action {action} is not legal at {self.held.state.step!r}")
        self.held.apply(chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal the game of seed {self.held.base + action}"
        chosen = self.held.legal().get(action) if player == self.current_player() else None
        return str(chosen) if chosen is not None else self.held.table.index.describe(action)

    def is_terminal(self) -> bool:
        return not self.held.at_root and self.held.state.is_over

    def returns(self) -> list[float]:
        if self.held.at_root:
            return [0.0] * self.held.table.players
        return self.held.table.returns(self.held.state)

    def __str__(self) -> str:
        """Where the game is and a digest of its history (cheap: OpenSpiel compares these often)."""
        if self.held.at_root:
            return f"the deal: one of {self.held.deals} seeds from {self.held.base}"
        lab = self.held.state
        d = lab.decision
        who = "over" if d is None else f"player {d.actor} to act ({d.step})"
        digest = zlib.crc32("\n".join(lab.actions).encode())
        where = f"seed {self.held.seed} · round {lab.round} · {lab.phase} · {who}"
        return f"{where} · {len(lab.actions)} actions #{digest:08x}"

    def board(self) -> str:
        """The board as text (``Table.text``), for people."""
        return "(not dealt yet)" if self.held.at_root else self.held.table.text(self.held.state)


class Observer:
    """The player's view: as JSON for the strings, the observation vector (``Table.observation``) for the tensors."""

    def __init__(self, table: Table):
        self.table = table
        self.tensor = np.zeros(table.encoder.size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: State, player: int) -> None:
        held = state.held
        if held.at_root:  # nothing is dealt, so nobody knows anything yet
            self.tensor[:] = 0.0
        elif held.dealt:
            self.tensor[:] = held.view_vector(player)
        else:  # OpenSpiel sizes every tensor by encoding a fresh initial state: keep that one encoding
            key = (id(self.table), held.seed, player)
            if key not in _INITIAL_VIEWS:
                _INITIAL_VIEWS[key] = self.table.observation(_initial(self.table, held.seed), player)
            self.tensor[:] = _INITIAL_VIEWS[key]

    def string_from(self, state: State, player: int) -> str:
        return f"p{player} (not dealt yet)" if state.held.at_root else state.held.view_text(player)


def resample(state: State, player: int, seed: int = 0) -> State:
    """A state ``player`` cannot tell from ``state``: what they cannot see re-dealt (for IS-MCTS)."""
    held = state.held
    if held.at_root:
        return state.clone()
    lab = held.state.observe(player).determinise(random.Random(seed))
    return State(state.get_game(), _Held(held.table, held.seed, lab, held.base, held.deals))


def register(names: list[str] | None = None) -> list[str]:
    """Register games with OpenSpiel (default: every game of ``bl.games()`` not yet registered)."""
    done = set(pyspiel.registered_names())
    out = []
    for name in games() if names is None else names:
        if short_name(name) not in done:
            pyspiel.register_game(game_type(name), type(f"Game_{name}", (Game,), {"game": name}))
        out.append(short_name(name))
    return out


def load(game: str = DEFAULT_GAME, players: int = 4, seed: int = 0, reward: str = "win", deals: int = DEALS) -> Any:
    """The ``pyspiel.Game`` of a registered game (registering it first if needed)."""
    register([game])
    Table(game, players, reward=reward)  # the one-line errors for a bad player count or reward
    if deals < 1:
        raise ValueError(f"deals: the root chance node needs at least 1 outcome, got {deals}")
    params = {"players": players, "seed": seed, "deals": deals, "reward": reward}
    return pyspiel.load_game(short_name(game), params)


register()
