"""Bourbonomics' own rows of the dashboard's "Per game" table (``GameDef.part("summary")``).

Plain data, read by ``bourbon_lab.dashboard.store.summary_tables``: the market's columns of the
games table shown as a mean per game, and the endings shown as shares. A game without this module
gets the common rows and a share for each of its ``GameInfo.ended_by``.
"""

PER_GAME = (("crashes", "crashes per game"), ("hot_resets", "Hot resets per game"))
"""(column of the games table, heading): each shown as its mean per game, to two decimals."""

ENDINGS = ("orders",)
"""The endings shown as "ended by …" shares: the round limit is a safety net, not an ending to tune."""
