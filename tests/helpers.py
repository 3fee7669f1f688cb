"""Small helpers that put a bourbon_lab game into a known situation for a test.

Everything here only uses the public API plus the plain-Python state the engine
exposes (``g.players``, ``g.table``, ``g.piles`` ...). After poking state directly,
call ``refresh(g)`` (it clears the cached legal lists).
"""

from __future__ import annotations

import itertools

import bourbon_lab as bl
from bourbon_lab.games.bourbonomics.state import Barrel, OrderCard, ResourceCard

_serial = itertools.count(1)

# Actions the driver avoids while something else is possible (they end a step early).
_END_LIKE = {"end_turn", "pass_dice", "stop_rolling", "skip_bills", "return_bills"}


def refresh(g) -> None:
    """Forget the cached legal actions after the test changed state directly."""
    g._forget_legal()


def new_game(players: int = 4, seed: int = 7, distilleries=None, rules=None, **changes):
    """A fresh game on the default ruleset (``changes`` go to ``Ruleset.replace``)."""
    rules = rules or bl.Ruleset.default()
    if changes:
        rules = rules.replace(**changes)
    return bl.new_game(rules, players=players, seed=seed, distilleries=distilleries)


def simple_action(g):
    """The deterministic policy used by ``play_to``: prefer a boring, safe action.

    Demand pick / bills / keep: the first legal action that is not end-like.
    Reroll: stop rolling. Claim: claim while possible. Play: end the turn.
    Climate: the first choice.
    """
    legal = g.legal_actions()
    verbs = {a.verb: a for a in legal}
    if g.step == "reroll" and "stop_rolling" in verbs:
        return verbs["stop_rolling"]
    if g.step == "turn" and "end_turn" in verbs:
        return verbs["end_turn"]
    if g.step == "bills":
        for v in ("skip_bills", "return_bills"):
            if v in verbs:
                return verbs[v]
    for a in legal:
        if a.verb not in _END_LIKE:
            return a
    return legal[0]


def step_once(g, policy=None):
    """Apply one action chosen by ``policy`` (default ``simple_action``)."""
    a = (policy or simple_action)(g)
    return g.apply(a)


def play_to(
    g,
    phase: str,
    step: str | None = None,
    player: int | None = None,
    *,
    round: int | None = None,
    policy=None,
    cap: int = 2000,
):
    """Advance with a simple deterministic policy until the game is at the wanted decision point.

    Stops (without acting) as soon as ``g.phase == phase`` and, if given, ``g.step == step``,
    ``g.current_player == player`` and ``g.round == round``. Raises ``AssertionError`` if the cap
    of actions is reached or the game ends first. Returns ``g``.
    """

    def there() -> bool:
        return (
            g.phase == phase
            and (step is None or g.step == step)
            and (player is None or g.current_player == player)
            and (round is None or g.round == round)
        )

    for _ in range(cap):
        if there():
            return g
        if g.is_over:
            break
        step_once(g, policy)
    if there():
        return g
    raise AssertionError(f"play_to({phase!r}, {step!r}, {player!r}) not reached: now {g!r} step={g.step}")


def to_play(g, player: int | None = None):
    """Shortcut: advance to the Play phase turn step (of ``player`` if given)."""
    return play_to(g, "play", "turn", player)


def card(kind: str, quality: int = 0, tag: str = "test") -> ResourceCard:
    """A fresh ResourceCard with a unique id like ``test_rye1``."""
    return ResourceCard(f"{tag}_{kind}{next(_serial)}", kind, quality)


def give_card(g, seat: int, kind: str, quality: int = 0) -> ResourceCard:
    """Put a fresh card of ``kind``/``quality`` into seat's warehouse; return it."""
    c = card(kind, quality)
    g.players[seat].warehouse.append(c)
    refresh(g)
    return c


def add_barrel(
    g,
    seat: int,
    bill_id: str,
    built: bool = True,
    age: int = 2,
    quality: int = 0,
    sales_left: int = 1,
    barrel_id: str | None = None,
) -> Barrel:
    """Put a barrel of mash bill ``bill_id`` in seat's rickhouse.

    ``built=True`` makes it a built barrel with the recipe's cards (all of ``quality``),
    ``age``, ``quality`` and ``sales_left``. ``built=False`` makes a resting barrel (nothing staged).
    """
    g.barrel_serial += 1
    b = Barrel(barrel_id or f"B{100 + g.barrel_serial}", bill_id)
    if built:
        bill = g.rules.bills_by_id[bill_id]
        for kind, n in bill.recipe:
            for _ in range(n):
                b.staged.append(card(kind, quality))
        b.built, b.age, b.quality, b.sales_left = True, age, quality, sales_left
    g.players[seat].barrels.append(b)
    refresh(g)
    return b


def set_table(g, card_ids, filled=None) -> list[OrderCard]:
    """Replace the shared table with these demand cards (2 x players slots each).

    ``filled`` is an optional list (one entry per card) of lists of seats already in the slots.
    """
    slots = g.rules.slots_per_player * g.n
    filled = filled or [[] for _ in card_ids]
    g.table = [OrderCard(cid, slots, list(f)) for cid, f in zip(card_ids, filled)]
    refresh(g)
    return g.table


def open_cards(rules) -> list[str]:
    """Ids of every 'any bourbon' demand card, in file order."""
    return [c.id for c in rules.demand_cards if c.is_open]


def first_open_card(rules) -> str:
    """The first 'any bourbon' demand card id."""
    return open_cards(rules)[0]


def tag_card(rules, tag: str | None = None, *, plain: bool = True) -> str:
    """A demand card that requires a tag (``tag`` if given); ``plain`` = no age/quality minimum."""
    for c in rules.demand_cards:
        if not c.tags or (tag and tag not in c.tags):
            continue
        if plain and (c.min_age or c.min_quality != "Common"):
            continue
        return c.id
    raise LookupError(f"no demand card requiring {tag!r}")


def bill_with(rules, tag: str | None = None, *, without: str | None = None, bonus: int | None = None) -> str:
    """A mash bill id carrying ``tag`` (and not ``without``; ``bonus`` = exact bonus_sales)."""
    for b in rules.mash_bills:
        if tag and tag not in b.tags:
            continue
        if without and without in b.tags:
            continue
        if bonus is not None and b.bonus_sales != bonus:
            continue
        return b.id
    raise LookupError(f"no mash bill with tag={tag!r} without={without!r} bonus={bonus!r}")


def legal_texts(g) -> list[str]:
    """The current legal actions as text."""
    return [str(a) for a in g.legal_actions()]


def events(evs, kind: str):
    """The events of one kind from a list of events."""
    return [e for e in evs if e.kind == kind]


def replay_lesson(folder, name: str):
    """The game of a lesson file (``folder/name.yaml``) after its whole script, and the events the script caused."""
    from bourbon_lab.scenarios import Scenario
    from bourbon_lab.scenarios.run import start_game

    spec = Scenario.load(folder / f"{name}.yaml").spec
    g = start_game(spec, 0)
    start = len(g.log)
    for step in spec.script:
        g.apply(step.text)
    return g, g.log[start:]
