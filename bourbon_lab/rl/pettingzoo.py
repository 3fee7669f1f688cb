"""Any registered game as a PettingZoo AEC environment: ``env(game="bourbonomics", players=4)``.

Agents are ``player_0`` … ``player_{n-1}`` (the seats). The agent to act is the game's
``decision.actor``, so interrupts and commit groups (any member may commit; the adapter lets the
first one listed act) need nothing special. The action space is ``Discrete(index.size)`` over the
game's fixed action numbering (``actions.py``); the observation is a ``Dict`` of
``observation`` (a ``float32`` vector of what the player sees: the game's own encoder, or the
player's view hashed, ``table.py``) and ``action_mask`` (``int8``, ones at the actor's legal
numbers, zeros for everyone else), as in PettingZoo's classic board games. Rewards come only at
the end (``win`` or ``score``, ``table.py``). ``reset(seed=s)`` deals the game
``bl.new_game(rules, players, s)``, so a seed reproduces a game; ``reset()`` without one draws
the next seed from the last one given.

``env()`` behaves as ``raw_env`` wrapped the way PettingZoo's classic environments are: an illegal
action ends the game with -1 for the player who made it (``TerminateIllegalWrapper``), an action
outside the space is refused (``AssertOutOfBoundsWrapper``), and the call order is enforced
(``OrderEnforcingWrapper``). It is one class, ``guarded_env``, doing those three checks itself:
the wrappers forward every attribute read through three ``__getattr__`` layers, which cost more
per step than the game. ``raw_env`` itself raises ``IllegalActionNumber`` for a number that is not
legal.
"""

from __future__ import annotations

import random
from typing import Any

from ..core import DEFAULT_GAME, BourbonLabError
from . import missing_extra
from .table import Table

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.env import AECIterable, AECIterator
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as e:  # pragma: no cover - depends on the environment
    raise missing_extra(e.name or "pettingzoo") from None


class IllegalActionNumber(BourbonLabError, ValueError):
    """An action number that is not legal for the agent to act (``raw_env`` only; ``env`` ends the game)."""


def env(game: str = DEFAULT_GAME, players: int = 4, rules: Any = None, render_mode: str | None = None, **kw: Any):
    """The guarded environment (see the module docstring).

    ``reward="score"`` for score differences; ``encoding="view"`` for the hashed view even when the game has its
    own encoder.
    """
    return guarded_env(game, players, rules, render_mode, **kw)


class raw_env(AECEnv):  # noqa: N801  (PettingZoo's name for the unwrapped environment)
    """The unwrapped AEC environment of one game at one player count."""

    metadata = {"render_modes": ["human", "ansi"], "name": "bourbon_lab_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        players: int = 4,
        rules: Any = None,
        render_mode: str | None = None,
        reward: str = "win",
        encoding: str = "game",
    ):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode: {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.table = Table(game, players, rules, reward, encoding)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"bourbon_lab_{game}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.table.index.size
        obs = spaces.Box(low=-np.inf, high=np.inf, shape=(self.table.encoder.size,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8)
        self._observation_spaces = {
            a: spaces.Dict({"observation": obs, "action_mask": mask}) for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: Any = None
        self._legal: dict[int, Any] | None = None
        self._mask: np.ndarray | None = None
        self._views: dict[int, np.ndarray] = {}

    def observation_space(self, agent: str) -> Any:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2**31)
        self.state = self.table.deal(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """A new decision: forget the last one's legal numbers, mask and observations; the actor acts."""
        self._legal = None
        self._mask = None
        self._views = {}
        actor = self.state.current_player  # the protocol's decision.actor, without building the Decision
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]

    def legal(self) -> dict[int, Any]:
        """Number -> legal action of the agent to act (computed once per decision)."""
        if self._legal is None:
            self._legal = self.table.legal(self.state)
        return self._legal

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        if agent == self.agent_selection and not self.state.is_over:
            if self._mask is None:
                self._mask = self.table.mask(self.legal())
            mask = self._mask.copy()
        else:
            mask = self.table.mask({})
        view = self._views.get(seat)
        if view is None:  # asked again by last() and the illegal-action check at the same decision
            view = self._views[seat] = self.table.observation(self.state, seat)
        return {"observation": view.copy(), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self.legal().get(int(action))
        if chosen is None:
            raise IllegalActionNumber(f"action {action!r} is not legal for {agent} at {self.state.step!r}")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(chosen)
        if self.state.is_over:  # the only rewards: before the end every reward is 0, nothing to accumulate
            for a, r in zip(self.possible_agents, self.table.returns(self.state)):
                self.rewards[a] = r
                self.terminations[a] = True
            self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def action_text(self, number: int) -> str:
        """The action a number stands for now (its text), or the index's name for it when not legal now."""
        chosen = self.legal().get(number)
        return str(chosen) if chosen is not None else self.table.index.describe(number)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.text(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None


class guarded_env(raw_env):  # noqa: N801  (named like raw_env: what env() returns)
    """``raw_env`` with the checks of PettingZoo's classic wrappers built in (see the module docstring).

    As ``TerminateIllegalWrapper(illegal_reward=-1)``, ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper``: the same errors and warnings, in the same cases.
    """

    def __init__(self, *args: Any, **kw: Any):
        super().__init__(*args, **kw)
        self._has_reset = False
        self._has_updated = False

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._has_reset = True
        self._has_updated = True
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return super().observe(agent)

    def render(self) -> str | None:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _OrderedIterable(self, max_iter)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        if not (action is None and dead) and not self._in_space(action):
            raise AssertionError("action is not in action space")
        if dead:
            self._was_dead_step(action)
        elif self.legal().get(int(action)) is None:
            self._end_by_illegal_move(agent)
        else:
            super().step(action)

    def _in_space(self, action: Any) -> bool:
        if type(action) is int:
            return 0 <= action < self.table.index.size
        return self._action_spaces[self.agent_selection].contains(action)

    def _end_by_illegal_move(self, agent: str) -> None:
        """As ``TerminateIllegalWrapper``: everyone done, -1 for the offender, 0 for the others."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.truncations, 0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()


class _OrderedIterable(AECIterable):
    def __iter__(self) -> AECIterator:
        return _OrderedIterator(self.env, self.max_iter)


class _OrderedIterator(AECIterator):
    """As ``OrderEnforcingWrapper``'s: each agent yielded must be followed by a ``step``."""

    def __next__(self) -> str:
        agent = super().__next__()
        assert self.env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        self.env._has_updated = False
        return agent
