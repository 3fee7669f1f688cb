"""What the pass-and-play tests share: a seat's private items read off the boards, and a table brought
to its first hand-over between two people, for every game."""

from __future__ import annotations

import bourbon_lab as bl
from bourbon_lab.widgets.board import board_state
from bourbon_lab.widgets.narrate import describe_all
from bourbon_lab.widgets.session import TableSession

TWO_PEOPLE = {"bourbonomics": 3, "distilled": 3, "gin_crafters": 3, "microbrew": 3}
"""Each game at a table of two people (seats 0 and 1) and one heuristic bot (the last seat)."""

_NOT_SHOWN = {"seating", "legal", "actions", "viewer"}


def strings(value, out: set[str]) -> set[str]:
    """Every text in a board state (what a board may draw, the events in words too), but the seating and actions."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in _NOT_SHOWN:
                out.add(str(key))
                strings(item, out)
    elif isinstance(value, list | tuple):
        for item in value:
            strings(item, out)
    elif isinstance(value, str):
        out.add(value)
    return out


def private_items(game, seat: int, others) -> set[str]:
    """Texts on ``seat``'s own board that nothing ``others`` may read shows (their boards, the whole log
    in their words): that seat's private items now."""
    mine = strings(board_state(game, viewer=seat), set())
    seen = "\n".join(
        "\n".join(strings(board_state(game, viewer=o), set()) | {r["text"] for r in describe_all(game, game.log, o)})
        for o in others
    )
    return {s for s in mine if len(s) >= 3 and not s.isdigit() and s not in seen}


def text_of(state) -> str:
    """A state as the text a page could show of it."""
    import json

    return json.dumps(state, ensure_ascii=False)


def first_hand_over(game: str, seed: int = 3):
    """Seats 0 and 1 people, the last a bot; play each person's first legal move until the screen must pass
    from one person to the other (the first person's tap at the start of the table is taken first).

    Returns the session waiting on the hand-over, the seat that held the screen and the one it goes to.
    """
    n = TWO_PEOPLE[game]
    session = TableSession(bl.new_game(bl.default_rules(game), n, seed=seed), bots={n - 1: "heuristic"})
    session.run_bots()
    assert session.holder is None and session.waiting_for is not None, "the first person taps to start"
    session.take_screen()
    for _ in range(200):
        if session.waiting_for is not None:
            return session, session.holder, session.waiting_for
        session.play(session.state()["legal"][0])
    raise AssertionError(f"{game}: no hand-over in 200 moves")
