"""Skill levels: a level as a table of bots, and how verdicts are read across levels (issue 41).

A level is a bot name for every seat (``"ismcts:100"``) or a list, one a seat. ``table_of`` seats a level,
``level_name`` names it. ``verdict`` and ``flag`` read a metric's paired difference at each level and say
whether the verdict holds across them; ``SkillComparison`` holds the whole comparison
(``compare(..., skill=[...])``, ``design.paired``).

This module sits at the bottom of the design layer (it imports no other design module), so the modules
that play at a table (``check``, ``coverage``, ``paired``) and the skill metrics (``skill``) all read
levels from here; ``design.skill`` re-exports every name (issue 52: design imports in one direction).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import polars as pl


def table_of(level: Any, players: int) -> list[str]:
    """A level's bots, one a seat: a bot name fills every seat; a list names each seat."""
    if isinstance(level, str):
        return [level] * players
    bots = [str(b) for b in level]
    if len(bots) != players:
        raise ValueError(f"skill: the table {bots!r} names {len(bots)} bots for {players} players")
    return bots


def level_name(level: Any) -> str:
    """How a level is named in a table: the bot, or the seats' bots joined by commas."""
    return level if isinstance(level, str) else ",".join(str(b) for b in level)


@dataclass
class SkillComparison:
    """``compare`` at each skill level, and the verdicts that do not hold across them."""

    levels: dict[str, Any]
    table: pl.DataFrame
    flags: pl.DataFrame

    def __str__(self) -> str:
        lines = [f"paired comparison at {len(self.levels)} skill levels: b - a with 95 % CI"]
        width = max([22, *(len(m) for m in self.table["metric"])])
        for name in self.levels:
            lines.append(f"  at {name}:")
            for r in self.table.filter(pl.col("level") == name).iter_rows(named=True):
                ci = (
                    "no interval"
                    if r["ci_low"] is None or math.isnan(r["ci_low"])
                    else (f"[{r['ci_low']:+.3f}, {r['ci_high']:+.3f}]")
                )
                lines.append(f"    {r['metric']:<{width}}  {r['diff']:+10.3f}  {ci:<22}  {r['verdict']}")
        lines.append("verdicts that change with skill:" if self.flags.height else "every verdict holds at every level")
        for r in self.flags.iter_rows(named=True):
            lines.append(f"  {r['metric']}: {r['flag']} ({r['verdicts']})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)


def verdict(diff: float, lo: float | None, hi: float | None) -> str:
    """``up`` or ``down`` when the interval excludes 0, ``unclear`` when it holds 0, ``unmeasured`` without one."""
    if lo is None or hi is None or math.isnan(lo) or math.isnan(hi):
        return "unmeasured"
    if lo > 0:
        return "up"
    if hi < 0:
        return "down"
    return "unclear"


def flag(verdicts: list[str]) -> str:
    """How a metric's verdicts across levels disagree: a sign change, a lost significance, or ``""``."""
    clear = {v for v in verdicts if v in ("up", "down")}
    if len(clear) > 1:
        return "changes sign"
    if clear and "unclear" in verdicts:
        return "loses significance"
    return ""
