"""Named points of a game where expectations are checked, and how a running game reaches them.

* ``StepPoint(k)`` — after the scenario's k-th action (0 = before any).
* ``PhasePoint(n, phase, order)`` — when round n's phase first waits for a decision (``game_at`` stops
  here); ``order`` is the game's phases in round order (its scenario part's ``ROUND_PHASES``). Without a
  phase it is round n's first decision, which any game has.
* ``RoundEndPoint(n)`` — the exact end of round n (Bourbonomics: its Play phase and ageing done, before
  the next round's Demand card). The engine runs straight on into the next round, so this state is
  caught on a throw-away clone whose ``on_round_end`` hook stops it (see ``capture_round_end``); a game's
  scenario part says whether its table has that hook (``POINTS``).
* ``EndPoint()`` — where the run stops: the game is over, or the script ran out with no bots.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.optional import apply_as


@dataclass(frozen=True)
class StepPoint:
    """After the scenario's ``step``-th action."""

    step: int

    def label(self) -> str:
        return f"after step {self.step}"


@dataclass(frozen=True)
class PhasePoint:
    """The first decision in round ``round``'s ``phase`` (or the first after it, if it needs none).

    ``order`` lists the game's phases in round order; with no ``phase`` the point is round ``round``'s
    first decision, whatever its phase.
    """

    round: int
    phase: str | None = None
    order: tuple = ()

    def label(self) -> str:
        return f"at round {self.round}" + (f" ({self.phase})" if self.phase else "")

    def reached(self, game) -> bool:
        if game.is_over:
            return False
        if self.phase is None:
            return game.round >= self.round
        return (game.round, self.order.index(game.phase)) >= (self.round, self.order.index(self.phase))


@dataclass(frozen=True)
class RoundEndPoint:
    """The end of round ``round``, before the next round's Demand phase."""

    round: int

    def label(self) -> str:
        return f"after round {self.round}"


@dataclass(frozen=True)
class EndPoint:
    """Where the run stops."""

    def label(self) -> str:
        return "at the end"


class _RoundEnded(Exception):
    """Raised inside a clone when its round is over, to stop it before the next Demand phase."""


def capture_round_end(game, action, seat=None):
    """The state at the end of the current round if ``action`` (for ``seat``) ends it, else None.

    The action is played on a clone whose ``on_round_end`` hook stops it, so the clone halts
    with ageing done and the next round not begun. The clone is for reading only. An action the
    clone refuses ends no round: the game's own checked step then says why.
    """
    probe = game.clone()

    def stop(_game):
        raise _RoundEnded

    probe.on_round_end = stop
    try:
        apply_as(probe, action, seat, check=False)
    except _RoundEnded:
        return probe
    except Exception:  # noqa: BLE001  (a throw-away clone; the real, checked step reports an illegal action)
        return None
    return probe if probe.is_over else None


class Watch:
    """Calls ``on_point(point, game)`` once for each point as a playthrough reaches it."""

    def __init__(self, points, on_point):
        self.pending = list(dict.fromkeys(points))
        self.on_point = on_point

    def _hit(self, point, game) -> None:
        self.pending.remove(point)
        self.on_point(point, game)

    def decision(self, game, step: int) -> None:
        """At a decision point, before the next action: steps and phases reached."""
        for p in list(self.pending):
            if (isinstance(p, StepPoint) and p.step == step) or (isinstance(p, PhasePoint) and p.reached(game)):
                self._hit(p, game)

    def before(self, game, action, seat=None) -> None:
        """Before ``action`` (for ``seat``): if it ends a round someone waits for, catch that round's end."""
        ends = [p for p in self.pending if isinstance(p, RoundEndPoint) and p.round == game.round]
        if ends:
            state = capture_round_end(game, action, seat)
            if state is not None:
                self._hit(ends[0], state)

    def finish(self, game, step: int) -> list:
        """At the end of the run: the end point, and the points never reached (returned)."""
        for p in list(self.pending):
            if isinstance(p, EndPoint) or (isinstance(p, StepPoint) and p.step == step):
                self._hit(p, game)
            elif isinstance(p, RoundEndPoint) and game.is_over and p.round == game.round:
                self._hit(p, game)
        return list(self.pending)
