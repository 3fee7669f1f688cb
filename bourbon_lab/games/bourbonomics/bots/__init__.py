"""Bourbonomics' own bots: the heuristic and its strategies, what they know of the game, and their search.

Importing this package registers them (``GameDef.part("bots")`` does, the first time a bot is named).
"""

from . import heuristic, search, simple  # noqa: F401

STRONGEST = "search:budget=16"
"""The strongest bot, as measured (``bl.postgame`` asks it by default): ``search`` at budget 16 wins 36.5 % of
200 games against three heuristics, above the even 25 % (docs/design-findings.md, "The search bot on
calibrated-3"); it thinks at each sale and upgrade, about 4 ms a decision compiled."""

PAIRS = ("greedy", "rush", "prime", "hot", "specialist", "search")
"""The bots ``bourbon-lab ladder --pairs`` plays head to head when no ``--bots`` is given: the heuristic's four
strategies, the simple rusher and the search bot (a game without ``PAIRS`` plays every bot it has)."""
