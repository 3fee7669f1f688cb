"""Bourbonomics' part of ``bourbon-lab soak`` (``GameDef.part("soak")``).

A game with this module is soaked by the lab's deep soak (``bourbon_lab/testing/soak.py``: its tables with
their setup choices and variants, its soak players, the laws of its ``invariants`` step by step); this module
says what a soak of the game should reach, so the command can name what it missed. Plain Python: it reads
only the ruleset and the soak's counts.
"""

from __future__ import annotations

from typing import Any


def unreached(rules: Any, totals: Any) -> dict[str, list[str]]:
    """Ultimates and distilleries of ``rules`` that no game of a soak reached (``totals``: its ``ChunkResult``)."""
    offered = sorted({u for d in rules.distilleries for _, us in d.ultimates for u in us})
    return {
        "ultimates": [u for u in offered if not totals.ultimates[u]],
        "distilleries": [d.id for d in rules.distilleries if not totals.distilleries[d.id]],
    }
