"""Moved to ``bourbon_lab.core.charting`` (issue 42: a game's own charts may import only the core)."""

from ..core.charting import *  # noqa: F403
