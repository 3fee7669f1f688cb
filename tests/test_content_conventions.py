"""Content conventions the book leaves to the designers live in the ruleset, with a range and a description.

Book: "Every bourbon carries one or more tags (its grain identity, like Rye, Wheat, High-Corn, Four-Grain,
or Classic)." The book names High-Corn but not how much corn earns it: ours is ``high_corn_corn`` (3).
"""

from __future__ import annotations

import pytest

import bourbon_lab as bl

RULES = bl.Ruleset.default()


def with_corn(bill_id: str, corn: int) -> list[dict]:
    bills = [b.to_data() for b in RULES.mash_bills]
    for b in bills:
        if b["id"] == bill_id:
            b["recipe"] = {**b["recipe"], "corn": corn}
    return bills


def test_high_corn_count_is_a_described_field_of_ours():
    spec = next(f for f in bl.Ruleset.schema() if f.name == "high_corn_corn")
    assert (spec.kind, spec.lo, spec.hi, spec.book) == ("int", 1, 10, False)
    assert "High-Corn" in spec.description
    assert RULES.high_corn_corn == 3


def test_a_designer_can_change_what_high_corn_needs():
    high = next(b for b in RULES.mash_bills if "High-Corn" in b.tags)
    two = with_corn(high.id, 2)
    with pytest.raises(bl.RulesetError) as info:
        RULES.replace(mash_bills=two)
    assert "high_corn_corn" in str(info.value) and high.id in str(info.value)
    assert RULES.replace(high_corn_corn=2, mash_bills=two).bills_by_id[high.id].counts["corn"] == 2


def test_a_count_no_default_bill_meets_is_refused_whole():
    with pytest.raises(bl.RulesetError) as info:
        RULES.replace(high_corn_corn=10)
    assert "High-Corn needs at least 10 corn" in str(info.value)
    with pytest.raises(bl.RulesetError) as info:
        RULES.replace(high_corn_corn=0)
    assert "high_corn_corn" in str(info.value)
