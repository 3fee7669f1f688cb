"""The Collect turn, one decision at a time: mash bills, inherited dice, rolls, rerolls, claims, passing on.

Steps of a player's Collect turn: ``bills`` → ``keep`` (only with inherited dice) → ``reroll`` → ``claim``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game
    from .state import PlayerState

from .actions import Action, interned
from .content import ANY_FACE, DIE_FACES, QUALITIES, RESOURCES
from .departments import number
from .state import Barrel
from .supply import roll


def room(g: Game, p: PlayerState) -> int:
    return number(g.rules, p, "rickhouse") - len(p.barrels)


def warehouse_room(g: Game, p: PlayerState) -> int:
    return number(g.rules, p, "warehouse") - len(p.warehouse)


def _minus(items: list[str], taken: list[str]) -> list[str]:
    rest = list(items)
    for x in taken:
        rest.remove(x)
    return rest


# --- turn start and mash bills


def begin_turn(g: Game, p: PlayerState) -> None:
    g.step = "bills"
    g.revealed_bills = []
    g.bill_draws_left = 1 + (g.rules.open_bill_draws if p.has("open_bill") else 0)
    g.kept, g.dice, g.selected = [], [], []
    g.traded = False
    if room(g, p) > 0:
        reveal_bills(g, p)


def reveal_bills(g: Game, p: PlayerState) -> None:
    n = number(g.rules, p, "mash_floor")
    note = g.bills.refill(n, g.stream("bills"))
    if note:
        g.emit("deck_refilled", None, deck="mash_bills", how=note)
    g.revealed_bills = [g.bills.cards.pop() for _ in range(n)]
    g.bill_draws_left -= 1
    g.emit("bills_revealed", p.seat, bills=list(g.revealed_bills))


def bills_candidates(g: Game, p: PlayerState) -> list[Action]:
    if g.revealed_bills:
        return [Action.of("keep_bill", b) for b in g.revealed_bills] + [Action.of("return_bills")]
    return [Action.of("draw_bills"), Action.of("skip_bills")]


def check_bills(g: Game, p: PlayerState, a: Action) -> str | None:
    v = a.verb
    if v == "keep_bill":
        if a.args[0] not in g.revealed_bills:
            return f"{a.args[0]} is not among your revealed mash bills {g.revealed_bills}"
        if room(g, p) <= 0:
            return f"your rickhouse is full ({len(p.barrels)} of {number(g.rules, p, 'rickhouse')} slots)"
    elif v == "return_bills":
        if not g.revealed_bills:
            return "there are no revealed mash bills to return"
    elif g.revealed_bills:
        return "keep or return the revealed mash bills first"
    elif v == "draw_bills":
        if g.bill_draws_left <= 0:
            return "mash bills are drawn once per turn (Open Bill gives one extra draw)"
        if room(g, p) <= 0:
            return "mash bills are drawn only if your rickhouse has room"
    return None


def apply_bills(g: Game, p: PlayerState, a: Action) -> None:
    v = a.verb
    if v == "keep_bill":
        bill = a.args[0]
        g.revealed_bills.remove(bill)
        g.barrel_serial += 1
        barrel = Barrel(f"B{g.barrel_serial}", bill)
        p.barrels.append(barrel)
        g.emit("bill_kept", p.seat, bill=bill, barrel=barrel.id)
    elif v == "return_bills":
        g.bills.to_bottom(g.revealed_bills)
        g.emit("bills_returned", p.seat, bills=list(g.revealed_bills))
        g.revealed_bills = []
    elif v == "draw_bills":
        reveal_bills(g, p)
    else:
        start_dice(g, p)


# --- dice: inherit, keep, roll


def start_dice(g: Game, p: PlayerState) -> None:
    g.revealed_bills = []
    if g.passed:
        g.step = "keep"
        g.emit("dice_inherited", p.seat, dice=list(g.passed))
        return
    _roll_table(g, p)


def _roll_table(g: Game, p: PlayerState) -> None:
    cap = number(g.rules, p, "supply")
    kept = g.kept
    fresh = roll(g.stream("dice"), cap - len(kept))
    returned = _minus(g.passed, kept)
    g.dice = kept + fresh
    g.passed, g.kept = [], []
    g.emit("dice_rolled", p.seat, kept=list(kept), faces=fresh, returned=returned)
    g.step = "reroll"
    g.rerolls_left = g.rules.free_rerolls + (g.rules.second_reroll_rerolls if p.has("second_reroll") else 0)


def keep_candidates(g: Game, p: PlayerState) -> list[Action]:
    faces = dict.fromkeys(_minus(g.passed, g.kept))
    return [interned("keep_die", f) for f in faces] + [Action.of("roll")]


def check_keep(g: Game, p: PlayerState, a: Action) -> str | None:
    if a.verb == "keep_die":
        if a.args[0] not in _minus(g.passed, g.kept):
            return f"no inherited die showing {a.args[0]} is left to keep"
        cap = number(g.rules, p, "supply")
        if len(g.kept) >= cap:
            return f"your table holds {cap} dice (Supply)"
    return None


def apply_keep(g: Game, p: PlayerState, a: Action) -> None:
    if a.verb == "keep_die":
        g.kept.append(a.args[0])
        g.emit("die_kept", p.seat, face=a.args[0])
    else:
        _roll_table(g, p)


# --- rerolls and Triple Threat


def _can_trade(g: Game, p: PlayerState) -> bool:
    return p.has("triple_threat") and not g.traded


def reroll_candidates(g: Game, p: PlayerState) -> list[Action]:
    out = [interned("select", f) for f in dict.fromkeys(_minus(g.dice, g.selected))]
    out.append(Action.of("reroll"))
    if _can_trade(g, p):
        out.extend(Action.of("trade", f) for f in DIE_FACES)
    out.append(Action.of("stop_rolling"))
    return out


def check_reroll(g: Game, p: PlayerState, a: Action) -> str | None:
    v = a.verb
    if v == "select":
        if a.args[0] not in _minus(g.dice, g.selected):
            return f"no unselected die shows {a.args[0]}"
        trade_room = _can_trade(g, p) and len(g.selected) < g.rules.triple_threat_dice
        if g.rerolls_left <= 0 and not trade_room:
            return "you have no reroll left this turn"
    elif v == "reroll":
        if g.rerolls_left <= 0:
            return "you reroll once per turn (Second Reroll gives one more)"
        if not g.selected:
            return "select the dice to reroll first"
    elif v == "trade":
        return _check_trade(g, p, a)
    return None


def _check_trade(g: Game, p: PlayerState, a: Action) -> str | None:
    if not p.has("triple_threat"):
        return "trading dice needs the Triple Threat Ultimate"
    if g.traded:
        return "Triple Threat is once per Collect turn"
    if len(g.selected) != g.rules.triple_threat_dice:
        return f"select exactly {g.rules.triple_threat_dice} dice to return first"
    if a.args[0] not in DIE_FACES:
        return f"a die has the faces {', '.join(DIE_FACES)}"
    return None


def apply_reroll(g: Game, p: PlayerState, a: Action) -> None:
    v = a.verb
    if v == "select":
        g.selected.append(a.args[0])
    elif v == "reroll":
        old = g.selected
        new = roll(g.stream("dice"), len(old))
        g.dice = _minus(g.dice, old) + new
        g.selected = []
        g.rerolls_left -= 1
        g.emit("dice_rerolled", p.seat, old=old, faces=new)
    elif v == "trade":
        returned = g.selected
        g.dice = _minus(g.dice, returned) + [a.args[0]]
        g.selected = []
        g.traded = True
        g.emit("dice_traded", p.seat, returned=returned, face=a.args[0])
    else:
        g.selected = []
        g.step = "claim"


# --- claims


def claim_candidates(g: Game, p: PlayerState) -> list[Action]:
    """The legal claims, built directly: each die names its pile, so only a full warehouse stops one."""
    out: list[Action] = []
    if warehouse_room(g, p) <= 0:
        return [Action.of("pass_dice")]
    for face in dict.fromkeys(g.dice):
        if face == ANY_FACE:
            out.extend(interned("claim", ANY_FACE, pile) for pile in RESOURCES)
        else:
            out.append(interned("claim", face, face))
    out.append(Action.of("pass_dice"))
    return out


def check_claim(g: Game, p: PlayerState, a: Action) -> str | None:
    if a.verb != "claim":
        return None
    face, pile = a.args
    if face not in g.dice:
        return f"no die on your table shows {face}"
    if face == ANY_FACE and pile not in RESOURCES:
        return f"an anything die draws from one pile: {', '.join(RESOURCES)}"
    if face != ANY_FACE and pile != face:
        return f"a {face} die draws from the {face} pile"
    if warehouse_room(g, p) <= 0:
        return f"you can never claim past your Warehouse cap ({number(g.rules, p, 'warehouse')})"
    return None


def draw_resource(g: Game, p: PlayerState, pile: str, how: str) -> None:
    """Draw into the warehouse; a claim from the Prospector's pile draws more and keeps the best."""
    rng = g.stream("piles")
    prospecting = how.startswith("claim") and p.prospector_pile == pile and p.has("prospector")
    draws = g.rules.prospector_draws if prospecting else 1
    cards = []
    for _ in range(draws):
        card, note = g.piles.draw(pile, rng)
        if note:
            g.emit("pile_refilled", None, pile=pile, how=note)
        cards.append(card)
    best = cards[0] if draws == 1 else max(cards, key=lambda c: c.quality)
    for c in cards:
        if c is not best:
            g.piles.discard(c)
    p.warehouse.append(best)
    g.emit(
        "card_drawn",
        p.seat,
        pile=pile,
        card=best.id,
        quality=QUALITIES[best.quality],
        how=how,
        discarded=[c.id for c in cards if c is not best],
    )


def apply_claim(g: Game, p: PlayerState, a: Action) -> None:
    if a.verb == "claim":
        face, pile = a.args
        g.dice.remove(face)
        draw_resource(g, p, pile, "claim" if face != ANY_FACE else "claim_any")
        return
    g.passed = list(g.dice)
    g.dice = []
    g.emit("dice_passed", p.seat, dice=list(g.passed))
    g.end_collect_turn()
