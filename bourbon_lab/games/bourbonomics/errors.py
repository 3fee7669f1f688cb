"""Errors a designer or a player can meet, each naming what was wrong and where."""

# Shared by every game (the core imports no game, so they live there): re-exported here.
from ...core.errors import (  # noqa: F401
    ActionParseError,
    BourbonLabError,
    FileFormatError,
    IllegalAction,
    RulesetError,
    SnapshotError,
    one_line,
    short,
)
