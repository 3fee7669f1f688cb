"""YAML that remembers where each key and list item was, so an error can name its line.

PyYAML's ``safe_load`` forgets positions; composing the node tree first keeps the marks.
Mappings become ``MarkedDict`` (``lines[key]`` = the key's line) and sequences
``MarkedList`` (``lines[i]`` = the item's line); scalars are plain Python values.
"""

from __future__ import annotations

import yaml

from ..core import FileFormatError, yamlfile
from .errors import ScenarioError


class MarkedDict(dict):
    """A mapping read from YAML, with the 1-based line of each key and of the mapping itself."""

    line: int = 0
    lines: dict


class MarkedList(list):
    """A sequence read from YAML, with the 1-based line of each item and of the list itself."""

    line: int = 0
    lines: list


def line_of(value, key=None, default: int | None = None) -> int | None:
    """The line of ``value[key]`` (or of ``value`` itself), if it was read from YAML."""
    if key is not None and isinstance(value, MarkedDict | MarkedList):
        try:
            return value.lines[key]
        except (KeyError, IndexError, TypeError):
            pass
    return getattr(value, "line", None) or default


def load_marked(text: str, source: str):
    """Parse YAML text into plain values that remember their lines.

    Raises
    ------
    ScenarioError
        Not YAML, naming the line the parser stopped at; or a key given twice.
    """
    try:
        node = yamlfile.compose(text, source)  # bounded: alias bombs and deep nesting are refused here
    except FileFormatError as exc:
        raise ScenarioError(source, exc.line, exc.why) from None
    return None if node is None else _convert(node, source, yaml.SafeLoader(""))


def _convert(node, source: str, loader):
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out = MarkedDict()
        out.line, out.lines = line, {}
        for key_node, value_node in node.value:
            key = _convert(key_node, source, loader)
            key_line = key_node.start_mark.line + 1
            if not isinstance(key, str | int | float | bool) and key is not None:
                raise ScenarioError(source, key_line, "a key must be plain text")
            if key in out:
                raise ScenarioError(source, key_line, f"key {key!r} is given twice (first on line {out.lines[key]})")
            out[key] = _convert(value_node, source, loader)
            out.lines[key] = key_line
        return out
    if isinstance(node, yaml.SequenceNode):
        out = MarkedList(_convert(item, source, loader) for item in node.value)
        out.line, out.lines = line, [item.start_mark.line + 1 for item in node.value]
        return out
    try:
        return loader.construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        raise ScenarioError(source, line, f"not valid YAML: {getattr(exc, 'problem', exc)}") from None
    except (ValueError, OverflowError) as exc:  # e.g. an integer of more than 4,300 digits
        raise ScenarioError(source, line, f"unreadable value: {exc}") from None
