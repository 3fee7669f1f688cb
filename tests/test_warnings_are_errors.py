"""A deprecation warned from our own code fails the suite (issue 50: no deprecated API of our dependencies).

pyproject's ``filterwarnings`` turns DeprecationWarning, PendingDeprecationWarning and FutureWarning raised from a
``bourbon_lab`` module into errors; one raised from a dependency's own module stays a warning.
"""

from __future__ import annotations

import warnings

import pytest

KINDS = [DeprecationWarning, PendingDeprecationWarning, FutureWarning]


@pytest.mark.parametrize("kind", KINDS)
def test_a_deprecation_from_our_code_is_an_error(kind):
    with pytest.raises(kind):
        warnings.warn_explicit("old API", kind, "bourbon_lab/dashboard/app.py", 1, module="bourbon_lab.dashboard.app")


@pytest.mark.parametrize("kind", KINDS)
def test_one_from_a_dependency_stays_a_warning(kind):
    with warnings.catch_warnings(record=True) as seen:  # keeps the suite's filters, records instead of printing
        warnings.warn_explicit("old API", kind, "panel/widgets/base.py", 1, module="panel.widgets.base")
    assert [w.category for w in seen] == [kind]
