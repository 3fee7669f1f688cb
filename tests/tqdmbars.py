"""The bars the ``bars`` fixture (conftest.py) recorded that are still shown.

Used by the progress tests (``test_progress.py``) and the learned bot's training bars (``test_learned_everywhere.py``).
"""

from __future__ import annotations


def shown(bars) -> list:
    """The bars still shown (a closed one is disabled)."""
    return [b for b in bars if b.shown]
