"""A game's own charts, reached through the game: ``charts.of(result)``, never a shared name that fails elsewhere.

A game's ``charts.py`` lists its builders in ``__all__``. Asked for one of them by name (``charts.sale_zones``),
this package hands back a function that draws it through the game of the run it is given, so another game's
run gets its own game's answer (no such chart, and where that game's are) instead of a missing column.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..core.chartinput import ChartInputError, described, is_comparison, is_run, run_game
from ..core.registry import game_of, games, get_game


def of(game: Any) -> ModuleType:
    """The game's own charts module (``games/<game>/charts.py``): its builders, each in its ``__all__``.

    Parameters
    ----------
    game : str, SimResult, Comparison or ruleset
        A game's name (``bl.games()`` lists them), or a run, comparison or ruleset of that game.

    Returns
    -------
    module
        Its builders take the run: ``charts.of(result).<builder>(result)``; a game without a ``charts.py``
        is refused.
    """
    name = _game_name(game)
    module = get_game(name).part("charts")
    if module is None:
        raise ChartInputError(
            f"of: {name} has no charts of its own (no charts.py in its folder); the builders in bl.charts draw "
            "any game's tables"
        )
    return module


def _game_name(game: Any) -> str:
    if isinstance(game, str):
        return game
    found = run_game(game) if is_run(game) or is_comparison(game) else None
    if found is None and any(isinstance(game, get_game(n).ruleset) for n in games()):
        found = game_of(game)
    if found is None:
        raise ChartInputError(
            f"of: game takes a game's name, a simulate result, a Comparison or a ruleset; got {described(game)}"
        )
    return found


def builders(module: ModuleType) -> list[str]:
    """The chart builders a game's charts module offers (its ``__all__``)."""
    return list(getattr(module, "__all__", ()))


def game_builder(name: str) -> Any:
    """``charts.<name>``: a game's charts module, a game's own builder drawn through a run's game, or None."""
    if name in games():
        return get_game(name).part("charts")
    owners = [g for g in games() if name in builders(get_game(g).part("charts") or ModuleType(g))]
    return _through_the_game(name, owners) if owners else None


def _through_the_game(name: str, owners: list[str]):
    """A stand-in for the builder ``name`` of ``owners``' charts that picks the chart by the run's game."""
    mine = " and ".join(owners)  # the games whose charts have it

    def draw(result: Any, *args: Any, **kwargs: Any) -> Any:
        if not (is_run(result) or is_comparison(result)):
            raise ChartInputError(
                f"{name}: a game's own chart (of {mine}): pass the simulate result, whose game picks the chart, or "
                f"call bl.charts.of({owners[0]!r}).{name}(...); got {described(result)}"
            )
        game = run_game(result)
        module = of(game)
        if name not in builders(module):
            raise ChartInputError(
                f"{name}: {game} has no such chart ({name} is a {mine} chart); the {game} charts are "
                f"{', '.join(builders(module))} in bl.charts.of({game!r})"
            )
        return getattr(module, name)(result, *args, **kwargs)

    first = getattr(get_game(owners[0]).part("charts"), name)
    draw.__name__ = draw.__qualname__ = name
    draw.__doc__ = f"``{name}`` of {mine}, drawn through the game of the run it is given.\n\n{first.__doc__ or ''}"
    return draw
