"""The turn: two actions, bonus Inspirations after the action that reached a mark, the end signal and final turns.

"After the active player has performed two actions, his or her turn is passed clockwise to the
next player" (book). Seats pass clockwise as seat + 1. The end signal is checked when a turn
ends; the final turns follow the ``final_turns`` variant (the design notes, ``peer-games.md``).
"""

from __future__ import annotations

from typing import Any

from . import brands


def begin_action(t: Any, verb: str) -> None:
    """Spend one of the turn's actions and log which one it is."""
    t.actions_left -= 1
    t.action_no += 1
    t.emit("action", t.turn_owner, verb=verb, turn=t.turns + 1, index=t.action_no)


def action_done(t: Any) -> None:
    """After an action: queue a bonus Inspiration for each mark reached for the first time, then go on."""
    seat = t.turn_owner
    p = t.players[seat]
    vp = t.track(seat)
    new = [m for m in t.rules.bonus_thresholds if vp >= m and m not in p["bonuses"]]
    if new:
        p["bonuses"].extend(new)
        offered = new if t.rules.double_bonus == "both" else new[-1:]
        if t.house is not None:
            offered = list(t.house.quantity(t, "bonuses_offered", offered, player=seat, reached=list(new)))
        for m in new:
            if m not in offered:
                t.emit("threshold_bonus", seat, threshold=m, taken=False, deck=None, offered=False)
        t.bonus_queue.extend(offered)
    advance(t)


def advance(t: Any) -> None:
    """The next decision of the turn: a queued bonus, another action, or the next player's turn."""
    if t.bonus_queue:
        t.step = "bonus"
    elif t.actions_left > 0:
        t.step = "action"
    else:
        end_turn(t)


def _signalled(t: Any, seat: int) -> bool:
    vp = t.track(seat)
    ends = vp > t.rules.end_vp if t.rules.end_at == "over_30" else vp >= t.rules.end_vp
    if t.house is not None:
        ends = bool(t.house.quantity(t, "game_ends", ends, player=seat, vp=vp))
    return ends


def end_turn(t: Any) -> None:
    """Pass the turn clockwise, first checking the end signal and whether the final turns are played."""
    owner = t.turn_owner
    t.turns += 1
    if t.final_until is None and _signalled(t, owner):
        last_seat = (t.start - 1) % t.n
        t.trigger = owner
        t.final_until = (owner - 1) % t.n if t.rules.final_turns == "others_once" else last_seat
        t.emit("end_trigger", owner, vp=t.track(owner), final_until=t.final_until, variant=t.rules.final_turns)
        if t.final_until == owner:
            return finish(t, "target")
    elif t.final_until == owner:
        return finish(t, "target")
    nxt = (owner + 1) % t.n
    if nxt == t.start:
        # The safety stop never pre-empts the book's ending: once the signal has fired, the final
        # turns are played out ("The game continues until the player to the right ... takes his or her turn").
        if t.round >= t.rules.round_limit and t.final_until is None:
            return finish(t, "round_limit")
        t.round += 1
    t.turn_owner, t.actions_left, t.action_no, t.refused = nxt, t.rules.actions_per_turn, 0, []
    t.step = "action"
    return None


def finish(t: Any, why: str) -> None:
    """The game ends: brand cards in hand are revealed and scored (book), then the final ranking."""
    t.step, t.ended_by = "over", why
    brands.score_all(t)
    rows = t.score_rows()
    t.emit("game_end", None, ended_by=why, winners=[r.player for r in rows if r.won], scores=[r.score for r in rows])
