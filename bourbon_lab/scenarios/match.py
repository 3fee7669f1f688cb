"""Matching a value against an expected one: exact, or a small comparison written as data.

>>> matches(11, 11), matches(11, {"at_least": 10}), matches([1, 2], {"length": 2})
(True, True, True)
>>> describe({"at_least": 10, "at_most": 12})
'at least 10 and at most 12'
"""

from __future__ import annotations

COMPARISONS = {
    "at_least": (lambda a, x: a >= x, "at least {}"),
    "at_most": (lambda a, x: a <= x, "at most {}"),
    "exactly": (lambda a, x: a == x, "exactly {}"),
    "length": (lambda a, x: len(a) == x, "{} long"),
    "contains": (lambda a, x: x in a, "containing {}"),
    "one_of": (lambda a, x: a in x, "one of {}"),
    "not": (lambda a, x: a != x, "not {}"),
}


def is_comparison(expected) -> bool:
    """A mapping made only of comparison words (``at_least``, ``length`` ...)."""
    return isinstance(expected, dict) and bool(expected) and set(expected) <= set(COMPARISONS)


def matches(actual, expected) -> bool:
    """Whether ``actual`` satisfies ``expected`` (a value or a comparison mapping)."""
    if is_comparison(expected):
        try:
            return all(COMPARISONS[k][0](actual, x) for k, x in expected.items())
        except TypeError:
            return False
    if isinstance(actual, list | tuple) and isinstance(expected, list | tuple):
        return len(actual) == len(expected) and all(matches(a, e) for a, e in zip(actual, expected))
    return actual == expected


def describe(expected) -> str:
    """The expected value in words, for a failure message."""
    if is_comparison(expected):
        return " and ".join(COMPARISONS[k][1].format(x) for k, x in expected.items())
    return str(expected)
