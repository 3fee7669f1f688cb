"""Every Gin Crafters threshold at its edge, and every place the book moves a card (issue 31, part 2).

The rulebook is ``seeds/002_c94c3762483bd1c0.txt``; where it is silent, ``docs/games/gin_crafters-rules-decisions.md``
(*ours*). Each threshold is tested one below, at and one above its edge. Where the number is a ruleset field the
cases are generated from the field, once with the book's value and once with it changed through ``rules.replace``,
so a changed field is still tested at its edge. Where it is a card's number (``data/*.yaml``) the cases are generated
from ``CONTENT``; where it is a constant in code, at the book's number. Every test quotes the book in its docstring.

Thresholds (``field`` = generated from that ruleset field; ``CONTENT`` = from the card data; ``code`` = constant):

=============================  =====================  ==========================================================
threshold                      source                 book
=============================  =====================  ==========================================================
players 2-4                    ``INFO`` min/max       "Age: 20+ / 2-4 Players / 30-45 Min"
market 4 + 2 places            prices' length         "Draw 4 cards from the botanical deck and 2 cards from the
                                                      juniper berry deck, and place them face up"
place prices (ours)            ``botanical_prices``,  "The market cards are purchased at the price indicated on
                               ``juniper_prices``     the left side of the market board"
refresh 3 / 2 coins            ``refresh_botanical``, "Refresh purchases require 3 coins for botanicals and 2 coins
                               ``refresh_juniper``    for juniper berries."
refresh + position (variant)   ``refresh_price``      "ignoring the cost of the card position"
start hand 2 + 2, 3 coins      ``start_gin``,         "Draw two cards each from the brand deck and the gin deck",
                               ``start_brand``,       "Receive 3 coins."
                               ``start_coins``
two actions a turn             ``actions_per_turn``   "After the active player has performed two actions, his or
                                                      her turn is passed clockwise to the next player."
side business 3                ``side_business``      "Receive 3 coins from stock."
Inspiration looks at 2         ``inspiration_look``   "Look at the top two cards of the gin deck or brand deck"
hand limit (ours: none)        ``hand_limit``         "There is no limit to the number of cards you can own."
bonus at 10 and 20             ``bonus_thresholds``   "Bonus Action: When 10 or 20 Victory Points Are Achieved",
                                                      "You do not have to stop exactly at the 10 or 20 square"
end signal at 30               ``end_vp``, ``end_at`` "has more than 30 victory points", "the player with 30
                                                      points or more"
final turns                    ``final_turns``, n     "until the player to the right of the player with 30 points
                                                      or more takes his or her turn"
lend fee 2                     ``lend_fee``           "The player who lends the botanical card also gets 2 coins"
one borrowed botanical         ``max_borrow``         "Only one botanical can be borrowed."
two junipers for a 2-juniper   ``CONTENT`` junipers   "you must own two or more juniper berries"
juniper bonus +1 (+2 ours)     ``juniper_bonus_*``    "you will receive the bonus victory points listed on the card"
"most" brands, ties            code                   "assume that a tie also satisfies the terms and conditions"
counted brands (ours)          ``brand_counts``       "victory points are awarded if the conditions on the card
                                                      are met"; counts gins *distilled*, not in hand
brand VP (ours)                ``brand_vp``           "Each player gets a victory point for each brand card that
                                                      fulfills the requirements in his or her hand"
all 5 types brand (ours)       code (``TYPES``)       "there are five types: herbal, fruit, spice, floral, and
                                                      oriental"
key caps max 3 / max 4 (ours)  ``CONTENT`` ``max``    "Each card describes the effect when used as a key
                                                      botanical."
key conditions >= 3 / >= 4     ``CONTENT`` ``min``    "If the conditions for using the Key Botanical's effect are
                                                      not met ... will not be activated"
Elderflower 1 coin (ours)      ``CONTENT`` amount     as above
finite coin stock (variant)    ``coin_supply``        "Keep coins together by type and use them as stock."
round limit (ours)             ``round_limit``        "This process is repeated until the game ends"
=============================  =====================  ==========================================================

Places the book moves a card (each asserted where it ends up and that it is nowhere else): a purchase (to the
buyer's Botanical Area), a refreshed row (to that market's discard), the refresh take, an Inspiration (one card to the
hand, the rest to that deck's discard), an empty deck (its shuffled discards), a distillation (gin, juniper and key to
the distillation area, the rest stays), a borrowed botanical (stays with its owner, the fee to the owner), key effects
that take a market card (to the distiller), coins (from the stock) and brand cards (revealed in the hand, VP to the
holder).
"""

from __future__ import annotations

import json

import pytest

import bourbon_lab as bl
from bourbon_lab.core import RulesetError, restore
from bourbon_lab.games.gin_crafters import CONTENT, INFO, brands
from bourbon_lab.games.gin_crafters.ruleset import TYPES
from tests.test_gin_crafters_rules import bots, finish_turn, gin, gins, junipers, of, play, prepared, track

RULES = bl.default_rules("gin_crafters")
DECKS = ("gin", "botanical", "juniper", "brand")
PLAIN = junipers()  # junipers with no bonus
ROSE = bots("Rose")[0]
ROSE_GAIN = dict(RULES.gin_vp)["single"] + CONTENT.botanicals[ROSE].params["amount"]
"""What a floral single gin with Rose as its key scores (book numbers: 3 + 2)."""


# --------------------------------------------------------------------------- helpers


def table(rules=RULES, players=2, seed=1, **prep):
    return prepared(bl.new_game(rules, players=players, seed=seed), **prep)


def edit(g, fn):
    """``g`` restored after ``fn`` changed its snapshot."""
    snap = json.loads(json.dumps(g.snapshot()))
    fn(snap)
    return restore(snap, "gin_crafters")


def where(g, card):
    """Every zone of the table that holds ``card``."""
    out = []
    for deck in DECKS:
        out += [f"deck:{deck}"] * (card in g.decks[deck]) + [f"discard:{deck}"] * (card in g.discards[deck])
    out += [f"market:{kind}" for kind, row in g.market.items() if card in row]
    for s, p in enumerate(g.players):
        out += [f"p{s}:{zone}" for zone in ("gins", "brands", "area", "distilled", "spent", "keys") if card in p[zone]]
    return out + ["pending"] * (card in g.pending)


def of_type(kind, skip=()):
    """Botanical ids of ``kind``, the cards named in ``skip`` left out."""
    return [b.id for b in CONTENT.botanicals.values() if b.type == kind and b.id not in skip]


def by_name(name):
    return next(b for b in CONTENT.botanicals.values() if b.name == name)


def edges(field, changed, lo=None):
    """(label, rules, value) for the book's ruleset and one with ``field`` changed: the field's value read back."""
    out = []
    for label, rules in (("book", RULES), ("changed", RULES.replace(**{field: changed}))):
        value = getattr(rules, field)
        out += [(f"{label}-{value + d}", rules, value, value + d) for d in (-1, 0, 1) if lo is None or value + d >= lo]
    return out


def cases(field, changed, lo=None):
    return [pytest.param(r, v, x, id=i) for i, r, v, x in edges(field, changed, lo)]


# --------------------------------------------------------------------------- players and market


@pytest.mark.parametrize("players", [INFO.min_players - 1, INFO.min_players, INFO.max_players, INFO.max_players + 1])
def test_player_count_edges(players):
    """Book: "Age: 20+ / 2-4 Players / 30-45 Min" (generated from INFO's min and max)."""
    if INFO.min_players <= players <= INFO.max_players:
        assert bl.new_game(RULES, players=players, seed=1).n == players
    else:
        with pytest.raises(ValueError, match="2-4 players"):
            bl.new_game(RULES, players=players, seed=1)


@pytest.mark.parametrize("kind", ["botanical", "juniper"])
def test_market_places_edge(kind):
    """Book: "Draw 4 cards from the botanical deck and 2 cards from the juniper berry deck, and place them face up in
    the designated positions on the board." Places 1..size are bought; place 0 and size + 1 do not exist."""
    size = len(getattr(RULES, f"{kind}_prices"))
    assert size == {"botanical": 4, "juniper": 2}[kind]
    g = table(p0_coins=100)
    assert len(g.market[kind]) == size
    assert [a for a in g.legal_actions() if a.startswith(f"purchase {kind}")] == [
        f"purchase {kind} {i}" for i in range(1, size + 1)
    ]
    for pos in (0, size + 1):
        with pytest.raises(bl.IllegalAction, match="Purchase"):
            g.apply(f"purchase {kind} {pos}")


PRICES = [
    pytest.param(rules, kind, pos, price + d, id=f"{label}-{kind}{pos + 1}-{price}{d:+d}")
    for label, rules in (
        ("book", RULES),
        ("changed", RULES.replace(botanical_prices=(2, 3, 5, 6), juniper_prices=(3, 4))),
    )
    for kind in ("botanical", "juniper")
    for pos, price in enumerate(getattr(rules, f"{kind}_prices"))
    for d in (-1, 0, 1)
    if price + d >= 0
]


@pytest.mark.parametrize(("rules", "kind", "pos", "coins"), PRICES)
def test_purchase_price_edge(rules, kind, pos, coins):
    """Book: "The market cards are purchased at the price indicated on the left side of the market board (1)."
    Ours: the prices (botanical_prices / juniper_prices); one coin short refuses, exactly the price buys."""
    price = getattr(rules, f"{kind}_prices")[pos]
    g = table(rules, p0_coins=coins)
    action = f"purchase {kind} {pos + 1}"
    if coins < price:
        assert action not in g.legal_actions()
        with pytest.raises(bl.IllegalAction, match="Purchase"):
            g.apply(action)
        return
    card = g.market[kind][pos]
    g.apply(action)
    assert g.players[0]["coins"] == coins - price and card in g.players[0]["area"]
    spent = [e.data for e in g.log if e.kind == "spend"]
    assert spent[-1:] == ([{"amount": price, "source": "purchase"}] if price else [])  # money spent, by what on


REFRESH = [
    pytest.param(rules, kind, coins, id=f"{i}-{kind}")
    for kind in ("botanical", "juniper")
    for i, rules, _, coins in edges(f"refresh_{kind}", {"botanical": 5, "juniper": 1}[kind], lo=0)
]


@pytest.mark.parametrize(("rules", "kind", "coins"), REFRESH)
def test_refresh_fee_edge(rules, kind, coins):
    """Book: "Refresh purchases require 3 coins for botanicals and 2 coins for juniper berries." and "the player can
    freely choose a card, ignoring the cost of the card position." (refresh_botanical / refresh_juniper)"""
    fee = getattr(rules, f"refresh_{kind}")
    g = table(rules, p0_coins=coins)
    if coins < fee:
        assert f"refresh {kind}" not in g.legal_actions()
        with pytest.raises(bl.IllegalAction, match="Refresh"):
            g.apply(f"refresh {kind}")
        return
    play(g, f"refresh {kind}", f"take {len(g.market[kind])}")  # the dearest place, at no further cost
    assert g.players[0]["coins"] == coins - fee


@pytest.mark.parametrize("kind", ["botanical", "juniper"])
@pytest.mark.parametrize("d", [-1, 0, 1])
def test_refresh_fee_plus_position_edge(kind, d):
    """Book: "ignoring the cost of the card position" read the other way (variant refresh_price = fee_plus_position):
    a refresh needs the fee plus the dearest place up front (ours, so the take always has a choice)."""
    rules = RULES.replace(refresh_price="fee_plus_position")
    prices = getattr(rules, f"{kind}_prices")
    need = getattr(rules, f"refresh_{kind}") + max(prices)
    g = table(rules, p0_coins=need + d)
    assert (f"refresh {kind}" in g.legal_actions()) == (d >= 0)
    if d >= 0:
        play(g, f"refresh {kind}", f"take {len(prices)}")
        assert g.players[0]["coins"] == need + d - getattr(rules, f"refresh_{kind}") - prices[-1]
        spent = [e.data for e in g.log if e.kind == "spend"]  # the fee, then the place: each by what it paid for
        fee = getattr(rules, f"refresh_{kind}")
        assert spent == [{"amount": fee, "source": "refresh"}, {"amount": prices[-1], "source": "purchase"}]


# --------------------------------------------------------------------------- setup numbers and fixed amounts


@pytest.mark.parametrize(
    ("field", "changed"),
    [("start_coins", 5), ("start_gin", 3), ("start_brand", 1)],
)
@pytest.mark.parametrize("changes", [False, True], ids=["book", "changed"])
def test_setup_counts_exact(field, changed, changes):
    """Book: "Draw two cards each from the brand deck and the gin deck and put them in your hand." and "Receive 3
    coins." (start_gin, start_brand, start_coins): each player gets exactly the field, not one more or less."""
    rules = RULES.replace(**{field: changed}) if changes else RULES
    value = getattr(rules, field)
    g = bl.new_game(rules, players=4, seed=2)
    zone = {"start_coins": "coins", "start_gin": "gins", "start_brand": "brands"}[field]
    got = [p[zone] if zone == "coins" else len(p[zone]) for p in g.players]
    assert got == [value] * 4


@pytest.mark.parametrize(("rules", "value", "done"), cases("actions_per_turn", 3, lo=1))
def test_actions_per_turn_edge(rules, value, done):
    """Book: "After the active player has performed two actions, his or her turn is passed clockwise to the next
    player." (actions_per_turn): after value - 1 actions the turn is still the owner's, after value it passes."""
    g = table(rules, players=3, p0_coins=0, p1_coins=0, p2_coins=0)
    for _ in range(done):
        g.apply("side business")
    mine = min(done, value) * rules.side_business
    assert [p["coins"] for p in g.players] == [mine, (done - min(done, value)) * rules.side_business, 0]
    if done < value:
        assert (g.turn_owner, g.actions_left) == (0, value - done)
    else:
        assert (g.turn_owner, g.actions_left) == (1, value - (done - value))


@pytest.mark.parametrize(
    ("field", "changed"), [("side_business", 5), ("juniper_bonus_low", 2), ("juniper_bonus_high", 4)]
)
@pytest.mark.parametrize("changes", [False, True], ids=["book", "changed"])
def test_fixed_amounts_exact(field, changed, changes):
    """Book: "Receive 3 coins from stock." and "If you distill a gin whose recipe contains the botanicals listed on
    the Juniper Berry card, you will receive the bonus victory points listed on the card." (side_business; ours:
    juniper_bonus_low / _high, the book's example shows +1)."""
    rules = RULES.replace(**{field: changed}) if changes else RULES
    value = getattr(rules, field)
    if field == "side_business":
        g = table(rules, p0_coins=0, p1_coins=0)
        g.apply("side business")
        assert [p["coins"] for p in g.players] == [value, 0]
        return
    j = junipers("herbal", field.rsplit("_", 1)[1])[0]
    g = table(rules, p0_gins=[gin("herbal")], p0_area=[bots("Rosemary")[0], j])
    play(g, f"distill {gin('herbal')}", f"juniper {j}")
    assert g.players[0]["vp"]["juniper"] == value and g.players[0]["juniper_bonuses"] == 1


# --------------------------------------------------------------------------- Inspiration and hands


@pytest.mark.parametrize(("rules", "look", "left"), cases("inspiration_look", 3, lo=1))
def test_inspiration_look_edge(rules, look, left):
    """Book: "Look at the top two cards of the gin deck or brand deck and add one card to your hand and discard the
    other card." (inspiration_look; ours: with fewer cards left it shows what is left, with none it is not offered)"""
    deck = [g.id for g in CONTENT.gins.values()][:left]
    g = table(rules, p0_gins=[], p1_gins=[], decks={"gin": deck})
    if left == 0:
        assert "inspire gin" not in g.legal_actions()
        return
    g.apply("inspire gin")
    shown = min(left, look)
    assert len(g.pending) == shown
    kept = g.pending[-1]
    g.apply(f"keep {kept}")
    assert g.players[0]["gins"] == [kept] and len(g.discards["gin"]) == shown - 1
    assert len(g.decks["gin"]) == left - shown


@pytest.mark.parametrize("look_left", [0, 1])
def test_inspiration_with_nothing_left_edge(look_left):
    """Book: "Look at the top two cards of the gin deck" (ours: "an Inspiration shows what is left and is not
    offered when nothing is"): 0 cards left refuses, 1 card left shows that one."""
    deck = [g.id for g in CONTENT.gins.values()][:look_left]
    g = table(p0_gins=[], p1_gins=[], decks={"gin": deck})
    assert ("inspire gin" in g.legal_actions()) == bool(look_left)


HANDS = [
    pytest.param(rules, deck, size, id=f"{label}-{deck}-{size}")
    for deck in ("gin", "brand")
    for label, rules in (("limit3", RULES.replace(hand_limit=3)), ("limit5", RULES.replace(hand_limit=5)))
    for size in (rules.hand_limit - 1, rules.hand_limit, rules.hand_limit + 1)
]


@pytest.mark.parametrize(("rules", "deck", "size"), HANDS)
def test_hand_limit_edge(rules, deck, size):
    """Book: "Look at the top two cards of the gin deck or brand deck and add one card to your hand" (ours, field
    hand_limit: a limit stops Inspirations of that deck while the hand is full; it also stops the bonus one)."""
    cards = [c.id for c in (CONTENT.gins if deck == "gin" else CONTENT.brands).values()][:size]
    g = table(rules, **{f"p0_{deck}s": cards})
    assert (f"inspire {deck}" in g.legal_actions()) == (size < rules.hand_limit)


@pytest.mark.parametrize("deck", ["gin", "brand"])
def test_no_hand_limit_by_default(deck):
    """Book: "There is no limit to the number of cards you can own." (ours: hand_limit none, no limit on hands)"""
    assert RULES.hand_limit is None
    cards = [c.id for c in (CONTENT.gins if deck == "gin" else CONTENT.brands).values()][:12]
    assert f"inspire {deck}" in table(**{f"p0_{deck}s": cards}).legal_actions()


# --------------------------------------------------------------------------- bonus Inspirations at 10 and 20


BONUS = [
    pytest.param(rules, mark, rules.bonus_thresholds[:i], mark + d, id=f"{label}-mark{mark}-at{mark + d}")
    for label, rules in (("book", RULES), ("changed", RULES.replace(bonus_thresholds=(8, 16, 24))))
    for i, mark in enumerate(rules.bonus_thresholds)
    for d in (-1, 0, 1)
]


@pytest.mark.parametrize(("rules", "mark", "taken", "reach"), BONUS)
def test_bonus_inspiration_edge(rules, mark, taken, reach):
    """Book: "Bonus Action: When 10 or 20 Victory Points Are Achieved" ... "when you exceed 10 or 20 points, you can
    perform one "INSPIRATION" action as a bonus action ... You do not have to stop exactly at the 10 or 20 square in
    order to perform this bonus action." (bonus_thresholds; ours: reaching the mark exactly counts)"""
    g = table(
        rules,
        p0_vp=reach - ROSE_GAIN,
        p0_bonuses=list(taken),
        p0_gins=[gin("floral")],
        p0_area=[ROSE, PLAIN[0]],
    )
    play(g, f"distill {gin('floral')}", f"juniper {PLAIN[0]}", f"key {ROSE}", "use")
    assert track(g, 0) == reach
    if reach >= mark:
        assert (g.decision.step, g.decision.interrupt, g.bonus_queue) == ("bonus", "threshold_bonus", [mark])
        assert g.players[0]["bonuses"] == [*taken, mark]
    else:
        assert (g.decision.step, g.bonus_queue, g.players[0]["bonuses"]) == ("action", [], list(taken))


# --------------------------------------------------------------------------- the end


END = [
    pytest.param(rules.replace(end_at=end_at), vp, id=f"{i}-{end_at}")
    for end_at in ("30_or_more", "over_30")
    for i, rules, _, vp in edges("end_vp", 25)
]


@pytest.mark.parametrize(("rules", "vp"), END)
def test_end_signal_edge(rules, vp):
    """Book: "When the player whose turn has ended has more than 30 victory points, it is a signal of the game end.
    The game continues until the player to the right of the player with 30 points or more takes his or her turn"
    (end_vp; variant end_at: 30_or_more, the default, or over_30)."""
    g = table(rules, p0_vp=vp, p0_bonuses=list(rules.bonus_thresholds))
    evs = play(g, *["side business"] * rules.actions_per_turn)
    signal = vp >= rules.end_vp if rules.end_at == "30_or_more" else vp > rules.end_vp
    assert [e.player for e in of(evs, "end_trigger")] == ([0] if signal else [])
    assert g.final_until == (1 if signal else None)


def test_end_signal_only_for_the_player_whose_turn_ended():
    """Book: "When the player whose turn has ended has more than 30 victory points, it is a signal of the game end."
    A player already past it does not signal at another player's turn end, only at their own."""
    g = table(p1_vp=RULES.end_vp + 1, p1_bonuses=list(RULES.bonus_thresholds))
    evs = play(g, "side business", "side business")
    assert not of(evs, "end_trigger") and g.turn_owner == 1
    evs = play(g, "side business", "side business")
    assert [e.player for e in of(evs, "end_trigger")] == [1]


FINAL = [
    pytest.param(n, trigger, final_turns, id=f"{n}p-seat{trigger}-{final_turns}")
    for n in range(INFO.min_players, INFO.max_players + 1)
    for trigger in range(n)
    for final_turns in ("others_once", "complete_round")
]


@pytest.mark.parametrize(("n", "trigger", "final_turns"), FINAL)
def test_final_turns_edge(n, trigger, final_turns):
    """Book: "The game continues until the player to the right of the player with 30 points or more takes his or her
    turn, and the game ends." (others_once: every other seat exactly once; ours, complete_round, the default: on to
    the start player's right-hand neighbour). Start player 0, seats clockwise as seat + 1."""
    rules = RULES.replace(final_turns=final_turns)
    g = table(
        rules, players=n, seat=trigger, start=0, **{f"p{trigger}_vp": rules.end_vp, f"p{trigger}_bonuses": [10, 20]}
    )
    play(g, "side business", "side business")
    after = []
    while not g.is_over:
        after.append(g.turn_owner)
        finish_turn(g)
    if final_turns == "others_once":
        assert after == [(trigger + k) % n for k in range(1, n)]
    else:
        assert after == list(range(trigger + 1, n))
    assert g.ended_by == "target"


@pytest.mark.parametrize(("rules", "limit", "rnd"), cases("round_limit", 12))
def test_round_limit_edge(rules, limit, rnd):
    """Book: "This process is repeated until the game ends (see 3. Game End)." Ours (round_limit): a safety stop after
    the limit round when no 30-point signal has fired."""
    g = edit(table(rules, seat=1, start=0), lambda s: s.update(round=rnd))
    play(g, "side business", "side business")
    assert g.is_over == (rnd >= limit)
    assert g.ended_by == ("round_limit" if rnd >= limit else None)


# --------------------------------------------------------------------------- borrowing


def _borrow_table(rules, short):
    """Seat 0 holds a herbal + fruit + floral gin, owns the floral and ``2 - short`` of the other two; seat 1 owns
    a herbal and a fruit."""
    mine = [bots("Rose")[0], *[bots("Rosemary")[0], bots("Yuzu")[0]][: 2 - short], PLAIN[0]]
    return table(
        rules,
        p0_gins=[gin("herbal", "fruit", "floral")],
        p0_area=mine,
        p1_area=[bots("Mint")[0], bots("Orange")[0]],
    )


BORROW = [
    pytest.param(rules, short, id=f"max{rules.max_borrow}-short{short}")
    for rules in (RULES, RULES.replace(max_borrow=0))
    for short in (rules.max_borrow - 1, rules.max_borrow, rules.max_borrow + 1)
    if short >= 0
]


@pytest.mark.parametrize(("rules", "short"), BORROW)
def test_max_borrow_edge(rules, short):
    """Book: "Only one botanical can be borrowed." (max_borrow; 0 forbids borrowing)"""
    g = _borrow_table(rules, short)
    gid = gin("herbal", "fruit", "floral")
    acts = [a for a in g.legal_actions() if a.startswith(f"distill {gid}")]
    assert (f"distill {gid}" in acts) == (short == 0)
    assert bool([a for a in acts if "borrow" in a]) == (1 <= short <= rules.max_borrow)


def test_max_borrow_above_the_book_refused():
    """Book: "Only one botanical can be borrowed." Ours: max_borrow is 0-1, so 2 is refused naming the field."""
    with pytest.raises(RulesetError, match="max_borrow"):
        RULES.replace(max_borrow=RULES.max_borrow + 1)


@pytest.mark.parametrize("own", [0, 1, 2])
def test_borrow_short_by_two_of_one_type(own):
    """Book: "Only one botanical can be borrowed." A herbal-herbal-fruit gin: owning 1 herbal (short by one) may
    borrow, owning none (short by two of one type) may not, owning both needs no borrowing."""
    gid = gin("herbal", "herbal", "fruit")
    herbs = [bots("Rosemary")[0], bots("Thyme")[0]][:own]
    g = table(
        p0_gins=[gid],
        p0_area=[bots("Yuzu")[0], *herbs, PLAIN[0]],
        p1_area=[bots("Mint")[0], bots("Angelica")[0]],
    )
    acts = [a for a in g.legal_actions() if a.startswith("distill")]
    assert (f"distill {gid}" in acts) == (own == 2)
    assert (f"distill {gid} borrow herbal from 1" in acts) == (own == 1)


@pytest.mark.parametrize("changes", [False, True], ids=["book", "changed"])
def test_lend_fee_exact_and_to_the_lender(changes):
    """Book: "The player who lends the botanical card also gets 2 coins from the stock for his/her contribution to the
    creation of a new gin (2)." (lend_fee): exactly the fee, to the lender, nothing from the borrower."""
    rules = RULES.replace(lend_fee=4) if changes else RULES
    fee = rules.lend_fee
    g = table(
        rules,
        players=3,
        p0_gins=[gin("herbal", "herbal")],
        p0_area=[bots("Angelica")[0], PLAIN[0]],
        p1_area=[bots("Rosemary")[1]],
        p2_area=[bots("Rosemary")[0]],
        p0_coins=0,
        p1_coins=0,
        p2_coins=0,
    )
    g.apply(f"distill {gin('herbal', 'herbal')} borrow herbal from 2")
    assert [p["coins"] for p in g.players] == [0, 0, fee]


# --------------------------------------------------------------------------- double juniper gins


DOUBLE = gins()[0]
NEED = CONTENT.gins[DOUBLE].junipers


@pytest.mark.parametrize("owned", [NEED - 1, NEED, NEED + 1])
def test_two_juniper_gin_edge(owned):
    """Book: "When distilling a gin made from two juniper berries, you must own two or more juniper berries in the
    botanical area. One of the juniper berry cards is selected and placed in the distillation area along with the gin
    card" (generated from the card's junipers): one short refuses; exactly one is spent, the rest stay."""
    assert NEED == 2
    mine = PLAIN[:owned]
    g = table(p0_gins=[DOUBLE], p0_area=[*mine, ROSE])
    if owned < NEED:
        assert f"distill {DOUBLE}" not in g.legal_actions()
        return
    play(g, f"distill {DOUBLE}", f"juniper {mine[0]}")
    assert where(g, mine[0]) == ["p0:spent"] and where(g, DOUBLE) == ["p0:distilled"]
    assert g.players[0]["area"] == [*mine[1:], ROSE] and g.decision.step == "action"


# --------------------------------------------------------------------------- brand cards


def brand(condition, **params):
    return next(b.id for b in CONTENT.brands.values() if b.condition == condition and b.params == params)


def _nonempty():
    return [g.id for g in CONTENT.gins.values() if g.recipe]


def _counted(cond, params, k):
    """Seat 0 at count ``k`` of ``cond``, with decoys a wrong count would take (hand, other zones, other player)."""
    if cond == "gins_with_type":
        with_t = [g.id for g in CONTENT.gins.values() if params["of"] in g.recipe]
        without = [g.id for g in CONTENT.gins.values() if g.recipe and params["of"] not in g.recipe]
        return {"p0_distilled": with_t[:k] + without[:2], "p0_gins": with_t[k : k + 3]}
    if cond == "gin_with_botanicals":
        sized = {s: next(g.id for g in CONTENT.gins.values() if len(g.recipe) == s) for s in range(6)}
        done = [sized[k]] + ([sized[k - 1]] if k >= 2 else [])  # a sum over gins would pass
        big = sorted(CONTENT.gins.values(), key=lambda g: -len(g.recipe))
        return {"p0_distilled": done, "p0_gins": [g.id for g in big if g.id not in done][:2]}  # bigger, in hand
    if cond == "double_juniper_gins":
        doubles = gins()
        return {"p0_distilled": doubles[:k] + [gin("herbal")], "p0_gins": doubles[k:]}
    if cond == "gins":
        return {"p0_distilled": _nonempty()[:k], "p0_gins": _nonempty()[k : k + 4]}
    if cond == "lent":
        return {"p0_lent": k, "p0_borrowed": 9, "p1_lent": 9}
    if cond == "juniper_bonuses":
        return {"p0_juniper_bonuses": k, "p1_juniper_bonuses": 9}
    assert cond == "coins"
    return {"p0_coins": k, "p1_coins": 50}


COUNTED = [
    pytest.param(rules, b.id, k, id=f"{label}-{b.id}-{b.condition}{'-' + b.params['of'] if b.params else ''}-{k}")
    for label, rules in (
        ("book", RULES),
        (
            "changed",
            RULES.replace(
                brand_counts={
                    "gins_with_type": 2,
                    "gin_with_botanicals": 3,
                    "juniper_bonuses": 5,
                    "double_juniper_gins": 3,
                    "gins": 4,
                    "lent": 1,
                    "coins": 12,
                }
            ),
        ),
    )
    for b in CONTENT.brands.values()
    if b.condition in dict(rules.brand_counts)
    for k in (dict(rules.brand_counts)[b.condition] + d for d in (-1, 0, 1))
]


@pytest.mark.parametrize(("rules", "card", "k"), COUNTED)
def test_counted_brand_edge(rules, card, k):
    """Book: "They are revealed at the end of the game, and victory points are awarded if the conditions on the card
    are met." Ours (brand_counts): a counted brand is met at its count; it counts gins distilled (not gins in hand),
    the most botanicals in one gin (not the sum), and the holder's own counters."""
    b = CONTENT.brands[card]
    count = dict(rules.brand_counts)[b.condition]
    g = table(rules, p0_brands=[card], p1_brands=[], **_counted(b.condition, b.params, k))
    assert brands.met(g, 0, card) == (k >= count)


def _most(cond, mine, other):
    """Seat 0 at ``mine`` and seat 1 at ``other`` of a "most" measure, with decoys a wrong count would take."""
    first = [of_type(t)[0] for t in TYPES]
    if cond == "most_gins":
        gs = _nonempty()
        return {"p0_distilled": gs[:mine], "p0_gins": gs[10:14], "p1_distilled": gs[mine : mine + other]}
    if cond == "most_coins":
        return {"p0_coins": mine, "p1_coins": other}
    if cond == "most_botanicals":
        pool = [b for t in TYPES for b in of_type(t)]
        return {
            "p0_area": pool[:mine] + PLAIN[:3],  # junipers are not botanicals owned (ours)
            "p0_spent": pool[10:12],  # nor the distillation area
            "p1_area": pool[20 : 20 + other],
        }
    if cond == "most_key_types":
        keys = first[:mine] + of_type(TYPES[0])[1:3]  # more keys of a type already counted
        return {"p0_keys": keys, "p0_spent": list(keys), "p1_keys": [of_type(t)[3] for t in TYPES[:other]]}
    assert cond == "most_gin_vp"
    return {"p0_vp": mine, "p1_vp": other}


MOST = [
    pytest.param(b.id, mine, id=f"{b.id}-{b.condition}-{mine}vs2")
    for b in CONTENT.brands.values()
    if b.condition in brands.MEASURES
    for mine in (1, 2, 3)
]


@pytest.mark.parametrize(("card", "mine"), MOST)
def test_most_brand_edge(card, mine):
    """Book: "When a brand card's terms and conditions say "most", assume that a tie also satisfies the terms and
    conditions." One below the other player fails, a tie and one above are met."""
    cond = CONTENT.brands[card].condition
    g = table(p0_brands=[card], p1_brands=[], **_most(cond, mine, 2))
    if cond == "most_gin_vp":
        g = edit(g, lambda s: s["players"][0]["vp"].update(key=9, juniper=9))  # only VP from gin cards count
    assert brands.met(g, 0, card) == (mine >= 2)


@pytest.mark.parametrize("n_types", [len(TYPES) - 1, len(TYPES), len(TYPES) + 1])
def test_all_types_brand_edge(n_types):
    """Book: "there are five types: herbal, fruit, spice, floral, and oriental" (ours: the all-types brand needs all
    five in the botanical area; a type only in the distillation area or another player's area does not count).
    n_types = 6 is all five plus a second card of one type."""
    card = brand("all_types")
    area = [of_type(t)[0] for t in TYPES[:n_types]] + ([of_type(TYPES[0])[1]] if n_types > len(TYPES) else [])
    decoy = {} if n_types >= len(TYPES) else {"p0_spent": [of_type(TYPES[-1])[1]], "p1_area": [of_type(TYPES[-1])[2]]}
    g = table(p0_brands=[card], p1_brands=[], p0_area=[*area, PLAIN[0]], **decoy)
    assert brands.met(g, 0, card) == (n_types >= len(TYPES))


@pytest.mark.parametrize("borrowed", [0, 1])
def test_never_borrowed_brand_edge(borrowed):
    """Book: "victory points are awarded if the conditions on the card are met." Ours: never borrowed, met at 0
    borrowings and not at 1 (lending does not matter)."""
    card = brand("never_borrowed")
    g = table(p0_brands=[card], p1_brands=[], p0_borrowed=borrowed, p0_lent=3)
    assert brands.met(g, 0, card) == (borrowed == 0)


@pytest.mark.parametrize("changes", [False, True], ids=["book", "changed"])
def test_brand_cards_revealed_in_hand_and_scored_to_the_holder(changes):
    """Book: "Brand cards ... are revealed at the end of the game, and victory points are awarded if the conditions on
    the card are met." and "Each player gets a victory point for each brand card that fulfills the requirements in his
    or her hand" (brand_vp): each met card scores its field's VP to its holder; the cards stay in the hands."""
    worth = {**dict(RULES.brand_vp), "coins": 7, "never_borrowed": 9} if changes else dict(RULES.brand_vp)
    rules = RULES.replace(brand_vp=worth)
    rich, never, many = brand("coins"), brand("never_borrowed"), brand("gins")
    g = table(
        rules,
        p0_brands=[rich],
        p0_coins=dict(rules.brand_counts)["coins"],
        p0_vp=rules.end_vp,
        p0_bonuses=list(rules.bonus_thresholds),
        p1_brands=[never, many],
    )
    play(g, "side business", "side business")
    assert not [e for e in g.log if e.kind == "brand_scored"]  # not before the end
    finish_turn(g)
    assert g.is_over
    scored = [(e.player, e.data["card"], e.data["met"], e.data["vp"]) for e in g.log if e.kind == "brand_scored"]
    assert scored == [(0, rich, True, worth["coins"]), (1, never, True, worth["never_borrowed"]), (1, many, False, 0)]
    assert [p["vp"]["brand"] for p in g.players] == [worth["coins"], worth["never_borrowed"]]
    assert where(g, rich) == ["p0:brands"] and where(g, never) == ["p1:brands"] and where(g, many) == ["p1:brands"]


# --------------------------------------------------------------------------- key botanical caps and conditions


def _distill_with_key(g, gid, key):
    play(g, f"distill {gid}", f"juniper {PLAIN[0]}", f"key {key}")


CAPPED = [
    pytest.param(name, n, id=f"{name}-max{by_name(name).params['max']}-{n}")
    for name in dict.fromkeys(b.name for b in CONTENT.botanicals.values() if "max" in b.params)
    for n in (by_name(name).params["max"] + d for d in (-1, 0, 1))
]


@pytest.mark.parametrize(("name", "n"), CAPPED)
def test_key_effect_cap_edge(name, n):
    """Book: "Each card describes the effect when used as a key botanical." Ours (botanicals.yaml, generated from each
    card's max): Lemon / Pepper +1 coin and Chamomile +1 VP per card of its type you own (max 3), Ginseng +1 coin per
    gin you've distilled (max 4). Owned = your botanical area (the key included, decisions file), not the distillation
    area or another player's; gins = distilled, this one included, not in hand."""
    b = by_name(name)
    cap = b.params["max"]
    if b.effect == "coins_per_gin":
        gid = gin(b.type)
        before = [g for g in _nonempty() if g != gid]
        g = table(p0_gins=[gid, *before[10:13]], p0_distilled=before[: n - 1], p0_area=[b.id, PLAIN[0]], p0_coins=0)
    else:
        same = of_type(b.params["of"], skip={b.id})
        g = table(
            p0_gins=[gin(b.type)],
            p0_area=[b.id, *same[: n - 1], PLAIN[0]],
            p0_spent=[same[n - 1]],
            p1_area=[same[n]],
            p0_coins=0,
        )
    _distill_with_key(g, gin(b.type), b.id)
    g.apply("use")
    got = g.players[0]["vp"]["key"] if b.effect.startswith("vp") else g.players[0]["coins"]
    assert got == min(n, cap)


MINIMUM = [
    pytest.param(name, s, id=f"{name}-min{by_name(name).params['min']}-{s}")
    for name in dict.fromkeys(b.name for b in CONTENT.botanicals.values() if "min" in b.params)
    for s in (by_name(name).params["min"] + d for d in (-1, 0, 1))
    if 1 <= s <= len(TYPES)
]


@pytest.mark.parametrize(("name", "size"), MINIMUM)
def test_key_effect_condition_edge(name, size):
    """Book: "If the conditions for using the Key Botanical's effect are not met or the player does not wish to use the
    effect, the Key Botanical's card effect will not be activated" Ours (botanicals.yaml, from each card's min):
    Rosemary +2 VP if this gin has >= 3 botanicals, Cardamom +3 VP if >= 4; the recipe counts, not your area."""
    b = by_name(name)
    recipe = next(
        g for g in CONTENT.gins.values() if len(set(g.recipe)) == len(g.recipe) == size and b.type in g.recipe
    )
    others = [of_type(t, skip={b.id})[0] for t in recipe.recipe if t != b.type]
    decoys = [of_type(t)[0] for t in TYPES if t not in recipe.recipe]  # more botanicals in the area than the recipe
    g = table(p0_gins=[recipe.id], p0_area=[b.id, *others, *decoys, PLAIN[0]])
    _distill_with_key(g, recipe.id, b.id)
    met = size >= b.params["min"]
    assert (g.decision.step == "effect") == met
    if met:
        g.apply("use")
    assert g.players[0]["vp"]["key"] == (b.params["amount"] if met else 0)


@pytest.mark.parametrize("d", [-1, 0, 1])
def test_elderflower_cost_edge(d):
    """Book: "Each card describes the effect when used as a key botanical." Ours: Elderflower, any market botanical
    for 1 coin (generated from the card's amount): one coin short, the effect is not offered."""
    b = by_name("Elderflower")
    coins = b.params["amount"] + d
    g = table(p0_gins=[gin("floral")], p0_area=[b.id, PLAIN[0]], p0_coins=coins)
    _distill_with_key(g, gin("floral"), b.id)
    if d < 0:
        assert g.decision.step == "action" and g.players[0]["coins"] == coins
        return
    assert g.legal_actions() == ["use 1", "use 2", "use 3", "use 4", "skip"]
    card = g.market["botanical"][3]
    g.apply("use 4")
    assert g.players[0]["coins"] == d and where(g, card) == ["p0:area"]


# --------------------------------------------------------------------------- coins from the stock


@pytest.mark.parametrize(("rules", "amount", "left"), cases("side_business", 5))
def test_finite_stock_edge(rules, amount, left):
    """Book: "Keep coins together by type and use them as stock." and "Receive 3 coins from stock." (variant coins =
    finite, coin_supply: nothing is paid past an empty stock)."""
    held = 10
    rules = rules.replace(coins="finite", coin_supply=held + left)
    g = table(rules, p0_coins=5, p1_coins=5)
    g.apply("side business")
    assert g.players[0]["coins"] == 5 + min(amount, left) and g.stock() == left - min(amount, left)


# --------------------------------------------------------------------------- where the book moves things


@pytest.mark.parametrize(("kind", "pos"), [("botanical", 2), ("juniper", 1)])
def test_purchase_goes_to_the_buyers_area_only(kind, pos):
    """Book: "The purchased cards are immediately placed in the "Botanical Area" at the top of your player summary (2).
    The space vacated by the purchase of a card is filled by shifting cards in the same row downwards so that the price
    is lower (3). Then a card is drawn from the deck and replenished face up in an empty space (4)." """
    g = table(p0_coins=10, p1_coins=10)
    row, top = list(g.market[kind]), g.decks[kind][-1]
    card = row[pos - 1]
    g.apply(f"purchase {kind} {pos}")
    assert where(g, card) == ["p0:area"] and where(g, top) == [f"market:{kind}"]
    assert g.market[kind] == [*row[: pos - 1], *row[pos:], top]
    assert g.players[1]["coins"] == 10 and not any(g.discards.values())


@pytest.mark.parametrize("kind", ["botanical", "juniper"])
def test_refreshed_row_goes_to_its_own_discard(kind):
    """Book: "Discard all cards in either the Botanical or Juniper Berry market (1) and draw and place cards from the
    deck until the market is filled (2). Then, select any one card and add it to the botanical area (3)." """
    other = "juniper" if kind == "botanical" else "botanical"
    g = table(p0_coins=10)
    old, other_row = list(g.market[kind]), list(g.market[other])
    g.apply(f"refresh {kind}")
    assert all(where(g, c) == [f"discard:{kind}"] for c in old) and g.discards[other] == []
    taken = g.market[kind][1]
    g.apply("take 2")
    assert where(g, taken) == ["p0:area"] and g.market[other] == other_row
    assert g.players[0]["area"] == [taken]


@pytest.mark.parametrize("deck", ["gin", "brand"])
def test_inspiration_kept_to_hand_rest_to_that_discard(deck):
    """Book: "Look at the top two cards of the gin deck or brand deck and add one card to your hand and discard the
    other card." """
    hand, other = {"gin": ("gins", "brands"), "brand": ("brands", "gins")}[deck]
    g = table()
    before = list(g.players[0][other])
    g.apply(f"inspire {deck}")
    kept, rest = g.pending[0], g.pending[1:]
    g.apply(f"keep {kept}")
    assert where(g, kept) == [f"p0:{hand}"] and all(where(g, c) == [f"discard:{deck}"] for c in rest)
    assert g.players[0][other] == before and sum(map(len, g.discards.values())) == len(rest)


@pytest.mark.parametrize("deck", DECKS)
def test_empty_deck_takes_its_own_discards(deck):
    """Book: "When there are no more cards in the deck, all the discarded cards are mixed well and used as a new
    deck." (ours: all four decks)"""

    def empty(snap):
        snap["discards"][deck], snap["decks"][deck] = snap["decks"][deck], []

    g = edit(table(p0_coins=10), empty)
    pile = list(g.discards[deck])
    if deck in ("botanical", "juniper"):
        g.apply(f"purchase {deck} 1")
        drawn = g.market[deck][-1]
    else:
        g.apply(f"inspire {deck}")
        drawn = g.pending[0]
    assert (
        drawn in pile
        and g.discards[deck] == []
        and len(g.decks[deck]) == len(pile) - (1 if deck in ("botanical", "juniper") else RULES.inspiration_look)
    )
    assert all(g.discards[d] == [] for d in DECKS)


def test_distillation_moves_gin_juniper_and_key_only():
    """Book: "Place the gin card to be distilled in the distillation area", "select one juniper berry to use and place
    it out in the distillation area", "The effect described on the selected botanical card is used immediately and the
    card is then moved to the distillation area." and "Other botanical cards remain in the botanical area" """
    gid, yuzu, rose, rosemary = gin("herbal", "fruit", "floral"), bots("Yuzu")[0], ROSE, bots("Rosemary")[0]
    jun = junipers("herbal", "low")[0]
    g = table(p0_gins=[gid], p0_area=[yuzu, rose, rosemary, jun, PLAIN[0]])
    play(g, f"distill {gid}", f"juniper {jun}", f"key {yuzu}", "use")
    assert where(g, gid) == ["p0:distilled"] and where(g, jun) == ["p0:spent"]
    assert where(g, yuzu) == ["p0:spent", "p0:keys"]
    assert all(where(g, c) == ["p0:area"] for c in (rose, rosemary, PLAIN[0]))
    assert not any(g.discards.values())


@pytest.mark.parametrize("lender", [1, 2])
def test_borrowed_botanical_stays_with_its_owner(lender):
    """Book: "Also, the botanical card will not be moved or lost from the botanical area of the player who lent it."
    and "The player who lends the botanical card also gets 2 coins from the stock" — the card stays with its owner
    (not the borrower, not a third player), and only the owner is paid and counted as lending."""
    gid = gin("herbal", "herbal")
    angelica, jun = bots("Angelica")[0], junipers("herbal", "low")[0]
    mine = {1: bots("Rosemary")[0], 2: bots("Rosemary")[1]}
    g = table(
        players=3,
        p0_gins=[gid],
        p0_area=[angelica, jun],
        p1_area=[mine[1]],
        p2_area=[mine[2]],
        p0_coins=0,
        p1_coins=0,
        p2_coins=0,
    )
    play(g, f"distill {gid} borrow herbal from {lender}", f"juniper {jun}", f"key {angelica}", "use")
    assert where(g, mine[1]) == ["p1:area"] and where(g, mine[2]) == ["p2:area"]
    assert g.players[0]["area"] == [] and g.players[0]["spent"] == [jun, angelica]
    fee = RULES.lend_fee
    assert [p["coins"] for p in g.players] == [1, fee if lender == 1 else 0, fee if lender == 2 else 0]
    assert [p["lent"] for p in g.players] == [0, int(lender == 1), int(lender == 2)]
    assert [p["borrowed"] for p in g.players] == [1, 0, 0]


@pytest.mark.parametrize(("name", "kind"), [("Mint", "juniper"), ("Orange", "botanical")])
def test_key_effect_market_card_goes_to_the_distiller(name, kind):
    """Book: "The effect described on the selected botanical card is used immediately" Ours: Mint takes the cheaper
    juniper, Orange the position-1 botanical, free, into the distiller's botanical area (the row shifts and refills)."""
    key = bots(name)[0]
    g = table(p0_gins=[gin(CONTENT.botanicals[key].type)], p0_area=[key, PLAIN[0]], p0_coins=0)
    _distill_with_key(g, gin(CONTENT.botanicals[key].type), key)
    row, top = list(g.market[kind]), g.decks[kind][-1]
    g.apply("use")
    assert where(g, row[0]) == ["p0:area"] and g.market[kind] == [*row[1:], top]
    assert g.players[0]["coins"] == 0 and g.players[1]["area"] == []


def test_the_games_table_counts_refreshes_from_none():
    """The ``games`` table's ``refreshes``: 0 in a game with no refresh, else one a refresh event."""
    from bourbon_lab.games.gin_crafters.columns import game_row

    g = table()
    assert game_row(g, {})["refreshes"] == 0
    assert game_row(g, {"refresh": 3})["refreshes"] == 3 and game_row(g, {"lend": 2})["borrows"] == 2
