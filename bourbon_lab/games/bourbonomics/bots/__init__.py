"""Bourbonomics' own bots: the heuristic and its strategies, what they know of the game, and their search.

Importing this package registers them (``GameDef.part("bots")`` does, the first time a bot is named).
"""

from . import heuristic, search, simple  # noqa: F401
