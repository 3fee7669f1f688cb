"""Checks of a finished game's log against the end and lending rules (the issue's acceptance check).

``audit(table)`` lists every way a game broke "every game ends by the 30-point signal with the
final turns the variant says" or "every lending event pays the lender exactly the lend fee";
an empty list means it kept them. Tests and ``benchmarks/bench_gin_crafters.py`` share it.
"""

from __future__ import annotations

from typing import Any


def turn_owners(t: Any) -> list[tuple[int, int]]:
    """(turn number, owner) for every turn played, from the ``action`` events."""
    seen: dict[int, int] = {}
    for e in t.log:
        if e.kind == "action":
            seen.setdefault(e.data["turn"], e.player)
    return sorted(seen.items())


def expected_final_turns(t: Any, trigger: int) -> list[int]:
    """The seats that play after the signal under the ``final_turns`` variant."""
    if t.rules.final_turns == "others_once":
        return [(trigger + i) % t.n for i in range(1, t.n)]
    last = (t.start - 1) % t.n
    out, seat = [], trigger
    while seat != last:
        seat = (seat + 1) % t.n
        out.append(seat)
    return out


def audit(t: Any) -> list[str]:
    """Every broken promise of a finished game (empty when it kept them all)."""
    problems = []
    if t.ended_by != "target":
        problems.append(f"ended by {t.ended_by}, not the {t.rules.end_vp}-point signal")
    triggers = [e for e in t.log if e.kind == "end_trigger"]
    if len(triggers) != 1:
        problems.append(f"{len(triggers)} end signals")
    else:
        trig = triggers[0]
        turn = max(n for n, _ in turn_owners(t) if trig.seq > _first_action_seq(t, n))
        after = [owner for n, owner in turn_owners(t) if n > turn]
        want = expected_final_turns(t, trig.player)
        if after != want:
            problems.append(f"after the signal by seat {trig.player}: turns {after}, expected {want}")
    fee = t.rules.lend_fee
    for e in t.log:
        if e.kind == "lend":
            paid = [x for x in t.log if x.kind == "income" and x.seq == e.seq + 1 and x.data["source"] == "lend"]
            if t.rules.coins == "unlimited" and (
                not paid or paid[0].player != e.player or paid[0].data["amount"] != fee
            ):
                problems.append(f"lend at #{e.seq}: lender {e.player} paid {paid[0].data['amount'] if paid else 0}")
    return problems


def _first_action_seq(t: Any, turn: int) -> int:
    return next(e.seq for e in t.log if e.kind == "action" and e.data["turn"] == turn)
