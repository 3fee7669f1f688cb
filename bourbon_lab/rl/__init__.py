"""Every registered game as a PettingZoo AEC environment and an OpenSpiel game, built on the game protocol.

``bourbon_lab.rl.pettingzoo.env(game, players)`` and ``bourbon_lab.rl.openspiel.load(game, players)``
reach a game only through ``bourbon_lab.core`` (the registry, ``decision``, ``legal_actions``,
``apply``, ``view``, ``score_rows``, ``snapshot``), so a game registered later gets both front doors
with no code here. What is shared by both lives in ``table.py`` (the numbered actions, the encoded
views, the end-of-game rewards). Design notes: ``docs/rl-adapters.md``. Needs the ``rl`` extra.
"""

EXTRA = "pip install 'bourbon_lab[rl]'"
"""How to get the packages the adapters need (PettingZoo, Gymnasium, OpenSpiel)."""


def missing_extra(module: str) -> ImportError:
    """The one-line error for an adapter whose package is not installed."""
    return ImportError(f"bourbon_lab.rl needs {module!r}, part of the rl extra: {EXTRA}")
