"""The checks every entry of a game's data file shares (mechanics, box, secrets): one mapping, known keys, a name."""

from __future__ import annotations

import re
from typing import Any

_WORD = re.compile(r"[A-Za-z0-9_-]+")


def entry_name(raw: Any, where: str, keys: set[str], error: type[Exception], needs: str) -> str:
    """The entry's ``name``, after refusing what is not a mapping, an unknown key or a name that is not a word."""
    if not isinstance(raw, dict):
        raise error(f"{where}: expected a mapping with {needs}")
    unknown = set(raw) - keys
    if unknown:
        raise error(f"{where}: unknown key {sorted(map(str, unknown))[0]!r} (known: {', '.join(sorted(keys))})")
    name = raw.get("name")
    if not isinstance(name, str) or not _WORD.fullmatch(name):
        raise error(f"{where}.name: {name!r} must be a word (letters, digits, _ or -)")
    return name


def entry_source(raw: dict, where: str, error: type[Exception]) -> str:
    """``book`` (the default) or ``ours``: where the entry's number or sentence comes from."""
    source = raw.get("source", "book")
    if source not in ("book", "ours"):
        raise error(f"{where}.source: {source!r} must be 'book' or 'ours'")
    return source
