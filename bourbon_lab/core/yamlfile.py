"""Reading a YAML file a person hands the toolkit: data only, bounded, and every fault one line with its place.

``yaml.safe_load`` alone runs nothing, but a few hundred bytes of nested aliases can still
stand for billions of values, and a deeply nested file overflows the parser's recursion.
Every loader of user YAML (rulesets, scenarios, dashboard uploads) reads through here, so
such a file is refused before anything walks it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from .errors import FileFormatError

MAX_BYTES = 4 * 1024 * 1024
"""Largest YAML file read; a whole ruleset with its content is about 20 KB."""

MAX_VALUES = 100_000
"""Most values a file may stand for once its aliases are expanded (the default ruleset has about 2,000)."""

MAX_DEPTH = 40
"""Deepest nesting of lists and mappings accepted (real files nest four or five deep)."""


def decode(raw: bytes, file: str) -> str:
    """The text of a file's bytes, refusing what is not UTF-8 or is too big."""
    if len(raw) > MAX_BYTES:
        raise FileFormatError(file, None, f"{len(raw)} bytes is over the {MAX_BYTES // 1024} KB limit")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise FileFormatError(file, line, f"not a UTF-8 text file (byte {exc.start})") from None


def read_text(path: str | Path) -> str:
    """A file's text, any failure to read it as a ``FileFormatError`` naming the file."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise FileFormatError(str(path), None, f"cannot read: {exc.strerror or exc}") from None
    return decode(raw, str(path))


def write_text(path: str | Path, text: str) -> Path:
    """Write a file whole or not at all (a temp file, then a rename), so a failed save never leaves half a ruleset."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def compose(text: str, file: str) -> yaml.Node | None:
    """The YAML node tree of ``text`` (None when empty), checked for size, depth and self-reference."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        why = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise FileFormatError(file, mark.line + 1 if mark is not None else None, f"not valid YAML: {why}") from None
    except RecursionError:
        raise FileFormatError(file, None, f"nested too deeply (more than {MAX_DEPTH} levels)") from None
    if node is not None:
        _measure(node, file)
    return node


def construct(node: yaml.Node | None, file: str) -> Any:
    """Plain Python values from a node tree ``compose`` accepted."""
    if node is None:
        return None
    try:
        return yaml.SafeLoader("").construct_document(node)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        why = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise FileFormatError(file, mark.line + 1 if mark is not None else None, f"not valid YAML: {why}") from None
    except (ValueError, OverflowError) as exc:  # e.g. an integer of more than 4,300 digits
        raise FileFormatError(file, node.start_mark.line + 1, f"unreadable value: {exc}") from None


def load(text: str, file: str) -> Any:
    """Plain values of YAML ``text``."""
    return construct(compose(text, file), file)


def key_lines(node: yaml.Node | None) -> dict[Any, int]:
    """The 1-based line of each top-level key of a mapping node (scalar keys only)."""
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {k.value: k.start_mark.line + 1 for k, _ in node.value if isinstance(k, yaml.ScalarNode)}


def child(node: yaml.Node | None, key: str) -> yaml.Node | None:
    """The value node under a top-level scalar ``key`` of a mapping node, if any."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                return v
    return None


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def _no_twice(node: yaml.Node, file: str) -> None:
    """Refuse a mapping that gives one key twice (YAML would keep the last and silently drop the first)."""
    if not isinstance(node, yaml.MappingNode):
        return
    seen: dict[str, int] = {}
    for k, _ in node.value:
        if isinstance(k, yaml.ScalarNode) and k.tag != "tag:yaml.org,2002:merge":
            line = k.start_mark.line + 1
            if k.value in seen:
                raise FileFormatError(file, line, f"key {k.value!r} is given twice (first on line {seen[k.value]})")
            seen[k.value] = line


def _measure(root: yaml.Node, file: str) -> None:
    """Refuse a tree that expands past ``MAX_VALUES`` values, nests past ``MAX_DEPTH`` or contains itself.

    Sizes are counted per distinct node (an alias reuses its anchor's count), so a billion-laughs
    file is measured in a few steps without ever being expanded.
    """
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    open_: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            kids = _children(node)
            open_.discard(key)
            size[key] = 1 + sum(size[id(k)] for k in kids)
            depth[key] = 1 + max((depth[id(k)] for k in kids), default=0)
            where = node.start_mark.line + 1
            if size[key] > MAX_VALUES:
                raise FileFormatError(file, where, f"stands for more than {MAX_VALUES:,} values (nested aliases?)")
            if depth[key] > MAX_DEPTH:
                raise FileFormatError(file, where, f"nested too deeply (more than {MAX_DEPTH} levels)")
            continue
        if key in size:
            continue
        if key in open_:
            raise FileFormatError(file, node.start_mark.line + 1, "an alias refers to the value that contains it")
        _no_twice(node, file)
        open_.add(key)
        stack.append((node, True))
        stack.extend((k, False) for k in _children(node) if id(k) not in size)
