"""Bourbonomics' sentence at the end of ``bourbon-lab rules`` (``GameDef.part("rules_report")``).

The report itself is the lab's, built from any ruleset's schema (``bourbon_lab/cli.py``); a game whose
content lives in lists beside its numbers counts them here. Plain Python: it reads only the ruleset.
"""

from __future__ import annotations

from typing import Any


def content(rules: Any) -> str:
    """The content lists of ``rules``, counted (the report adds the ruleset's fingerprint)."""
    return (
        f"Content: {len(rules.mash_bills)} mash bills, {len(rules.demand_cards)} demand cards, "
        f"{len(rules.distilleries)} distilleries."
    )
