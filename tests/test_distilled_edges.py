"""Distilled: every threshold the book states, tested at its edge, and every place the book moves something to.

Issue 31, part 2. A threshold is tested just below, at and just above its value (ids ``below``, ``at``,
``above``). Where the value is a ruleset field, the cases are generated from the field: once with the value the
ruleset ships (the book's, id ``...-book``) and once more with another valid value set through
``rules.replace``, so the test follows the field and a changed field is still tested at its edge;
``test_every_book_number_is_tested_at_its_edge`` fails when a book field has no such test. Thresholds in the
content (recipe minimums and forbidden sugars, award thresholds, label spaces) are generated from
``data/*.yaml`` the same way. A constant of the engine is tested at the book's number.

Thresholds (book -> field, content or constant -> test):

| book | where | test |
| --- | --- | --- |
| 'Over seven rounds' / 'Total Rounds 7' | ``rounds`` | the_game_ends_after_the_last_round |
| 5 distillery boards, '(2 rightmost in 2-player)' | ``INFO`` 2-5 | player_count_limits |
| '(players + 1) spirit awards' | ``awards_extra`` | awards_in_play |
| 'deal 3 distillery goal cards to each player' | ``goals_dealt`` | goals_dealt |
| 'Deal 2 random distiller identities to each player' | ``identities_dealt`` | identities_dealt |
| 'Lay out 4 face-up cards from each deck' | ``premium_row_size`` | premium_rows_hold_their_size |
| '2 per player for Moonshine/Vodka, 1 per player for others' | constant | labels_per_player, last_label |
| 'discard the rightmost card ... (2 rightmost in 2-player)' | ``truck_discards(_2p)`` | truck_by_player_count, |
|   |   | truck_never_takes_more_than_the_row |
| 'Basic market card (max 2 per round)' | ``basic_buys_per_round`` | basic_buys_per_round |
| 'Recipe cube ... pays the tier cost' | ``cube_cost`` (ours) | cube_cost |
| 'Basic ingredient/item / 1-3 money' | ``cards.yaml`` | basic_card_costs |
| 'Premium market card ... at printed cost' | ``cards.yaml`` | premium_card_cost |
| 'Max 3 on your board; may discard old ones' | ``max_upgrades`` | max_upgrades |
| 'Yeast: Immediately gain 1 money.' / 'Take 5 money' | ``yeast_money``, ``label_money`` | yeast_money, label_money |
| 'trade exactly 1 ingredient/item card' | ``trades_per_distill`` | trades_per_distill |
| '... for a basic ingredient of equal or lesser cost' | ``cards.yaml`` | trade_cost |
| 'Each slot needs at least 1 card to distill.' | constant 1 | each_slot_needs_a_card |
| 'Add 1 alcohol card per card in the sugar slot.' | ``alcohol_per_sugar`` | alcohol_per_sugar |
| 'Remove and reveal the top and bottom cards' | ``cut_top``, ``cut_bottom`` | cut_and_where_cut_cards_go |
| 'Vodka (if any sugar remains) or Moonshine (no sugars)' | constant 0 / 1 | fallback_counts_the_stack_after_the_cut |
| 'the recipe's sugar type and minimum quantity' | ``recipes.yaml`` | recipe_minimum, forbidden_sugar |
| 'Aged spirits must age at least 1 round before selling.' | constant 1 | aged_spirit_age |
| '1 flavor = 1 SP, 2 = 3 SP, 3 = 6 SP, 4 = 10 SP' | ``flavour_bonus`` | flavour_bonus_edges, |
|   |   | unaged_spirit_never_gets_the_flavour_bonus |
| 'Place the spirit label on an empty label bonus space' | ``labels.yaml`` (7) | label_spaces |
| 'Maximum 2 spirits aging at once.' | ``warehouse_spaces`` | warehouse_capacity |
| 'first to fulfill scores full' (awards, thresholds ours) | ``awards.yaml`` | award_thresholds |
| 'divide SP if tied, rounding up' | constant | award_tie_rounds_up |
| 'spend up to 4 SP to gain that much money' | ``tasting_max`` | tasting_up_to_the_cap |
| 'Only available if you did not sell a spirit this round.' | constant 0 | tasting_counts_this_rounds_sales |
| 'After round 3, discard 1 of your 3 distillery goals.' | ``goal_discard_after_round`` | goal_discard_round |
| '1 SP per flavor card' (unsold) | ``unsold_flavour_sp`` | unsold_flavour_sp |
| '1 region = 0; 2 = 2 SP; 3 = 5 SP' | ``bottle_region_sp`` | bottle_regions |
| 'Cannot be achieved by scoring zero.' | constant 0 | goal_zero_and_relative |
| '1 SP per 5 money remaining (rounded down)' | ``money_per_sp`` | money_per_sp |
| component counts (36, 33, 30, 18, 40, 85, 23, 20, 10, 37) | content | component_counts |
| ours: finite basic items, free sugar every k rounds, truck buy | ``basic_item_copies``, | basic_item_pile, |
|   | ``free_sugar_every``, ``truck_buy_discount`` | free_sugar_every, truck_buy_discount |

Places (book -> where the card ends up, and nowhere else):

| book | place | test |
| --- | --- | --- |
| 'Remove and reveal the top and bottom cards (return to pantry)' | pantry | cut_and_where_cut_cards_go |
| 'it returns to the spirit stack instead of your pantry' | the spirit | signature_returns_to_the_stack |
| 'Reveal top card ... may purchase it this turn or return to bottom' | owner / deck bottom | water_reveal_places |
| 'Premium market card ... Refill by sliding right and drawing from deck' | owner; deck top to slot 1 | |
|   |   | premium_buy_goes_to_the_buyer_and_the_deck_refills_slot_one |
| 'discard the rightmost card from each premium row to the truck' | truck | truck_by_player_count |
| 'Return starting items to storeroom; display premium bottles' | storeroom / display / spent | sale_returns |
| 'Discard to respective piles, take any card from truck' | pile / deck bottom; owner | truck_bonus |
| 'Max 3 on your board; may discard old ones' | off the board | max_upgrades |
| 'trade exactly 1 ingredient/item card for a basic ingredient' | traded card out, basic to pantry | trade_places |
| 'place spirit stack face-down in a warehouse space ... draw 1 ... flavor card' | warehouse; deck top | ageing_places |
| 'Place the spirit label on an empty label bonus space' | the chosen space | label_money |
| 'After round 3, discard 1 of your 3 distillery goals.' | the player's discards | goal_discard_round |
| 'Add an appropriate barrel and claim a matching spirit label.' | barrel and label to the spirit | last_label |
"""

from __future__ import annotations

import math

import pytest
from distilled_helpers import clear, commit, edit, first_legal, fresh, give, pass_market, rules

import bourbon_lab as bl
from bourbon_lab.core import IllegalAction
from bourbon_lab.games.distilled import INFO, Ruleset
from bourbon_lab.games.distilled.content import BASIC_INGREDIENTS, BASIC_ITEMS, ROWS, SLOTS, SUGARS, content
from bourbon_lab.games.distilled.invariants import places
from bourbon_lab.games.distilled.measures import MEASURES
from bourbon_lab.games.distilled.odds import matches

BOOK = rules()
SPECS = {s.name: s for s in Ruleset.schema()}
COVERED: set[str] = set()
"""Ruleset fields whose edge tests below are generated from the field (filled at collection)."""

EDGES = [pytest.param(-1, id="below"), pytest.param(0, id="at"), pytest.param(1, id="above")]
SIGNATURE = content().identities["I01"]["signature_ingredient"]
"""Seat 0's signature ingredient in the distilling tables (their identity is I01)."""


def field(name: str, *others):
    """Parameters for a ruleset field: the value the ruleset ships, then other valid values (each checked)."""
    COVERED.add(name)
    params = [pytest.param(getattr(BOOK, name), id=f"{name}-book")]
    for value in others:
        BOOK.replace(**{name: value})  # refused here, at collection, if the value is not valid
        shown = (
            "-".join(map(str, value.values() if isinstance(value, dict) else value))
            if not isinstance(value, int)
            else value
        )
        params.append(pytest.param(value, id=f"{name}-{shown}"))
    return params


# --- preparing tables


def put_spirit(snap, p, sid, recipe, cards, barrel, where="pending", flavours=(), rnd=None):
    """Put a spirit ``sid`` of ``cards`` (names) in seat ``p``'s pending list or warehouse; its card ids."""
    ids = [give(snap, p, name) for name in cards]
    for _ in ids:
        snap["pantry"][p].pop()
    snap["cards"].append(barrel)
    snap["spirits"][sid] = {
        "owner": p,
        "recipe": recipe,
        "cards": ids,
        "barrel": len(snap["cards"]) - 1,
        "flavours": list(flavours),
        "round": snap["round"] if rnd is None else rnd,
        "aged": content().recipes[recipe].aged,
        "labelled": True,
    }
    snap[where][p].append(sid)
    return ids


def sale(**changes) -> dict:
    """A record of one sale, as ``Sell.sale`` writes it (for awards and goals)."""
    record = {"recipe": "vodka", "tier": "known", "sugar": None, "aged": False, "flavours": 0, "money": 1, "sp": 1,
              "premium": 0, "wood": False, "round": 1}  # fmt: skip
    return {**record, **changes}


def where(g, cid: int) -> list[str]:
    """Every place on the table that holds card ``cid`` (none: it has left the game)."""
    return [name for name, ids in places(g) if cid in ids]


def to_sell(g):
    return commit(pass_market(g), {})


def play_round(g):
    """Everyone passes and skips; tastings of 0; the goal discard drops each player's last goal."""
    r = g.round
    while not g.is_over and g.round == r:
        if g.group:
            for p in list(g.group):
                g.apply(g.legal_actions(p)[-1] if g.step == "goal" else "skip", player=p)
        elif g.step == "tasting":
            g.apply("tasting 0")
        else:
            g.apply("pass")
    return g


def last_round(g, prep):
    """The table edited by ``prep`` and played through the ruleset's last round to the end of the game."""
    g = edit(g, lambda s: (s.__setitem__("round", g.rules.rounds), s.__setitem__("goals", [[]] * g.n), prep(s)))
    return play_round(g)


def distil(slots: dict[str, list[str]], store=("metal_barrel", "glass_bottle"), known=(), extra=None, **changes):
    """Seat 0 (``store`` in its storeroom) loads ``slots`` (card names) and distils, knowing only ``known``;
    the other seat skips. ``extra`` edits the snapshot last.

    Returns the table once the washbacks are revealed and the ids of the loaded cards by slot.
    """
    g = fresh(players=2, seed=2, **changes)
    loaded: dict[str, list[int]] = {}

    def prep(s):
        s["identity"][0], s["signature_done"][0], s["known"][0] = "I01", True, list(known)
        clear(s, 0)
        for name in store:
            give(s, 0, name, "storeroom")
        for slot, names in slots.items():
            loaded[slot] = [give(s, 0, n) for n in names]
        if extra:
            extra(s)

    g = pass_market(edit(g, prep))
    commit(g, {0: [f"c{c} {slot}" for slot, ids in loaded.items() for c in ids]})
    return g, loaded


def newest_spirit(g, p=0) -> str:
    return max((s for s in g.spirits if g.spirits[s]["owner"] == p), key=lambda s: int(s[1:]))


def token(g, p, name):
    """A seat's work token (Distill phase) for a card named ``name``."""
    return next(t for t in g.work[str(p)]["pantry"] if g.token_card(p, t).name == name)


# --- the table: rounds, players, what setup deals


@pytest.mark.parametrize("rounds", field("rounds", 4))
@pytest.mark.parametrize("d", EDGES)
def test_the_game_ends_after_the_last_round(rounds, d):
    """'Over seven rounds, players acquire ingredients, recipes, items, and upgrades' ... 'Total Rounds 7' and
    'Endgame scoring (after round 7)': not over after round 6, over after round 7, no round 8."""
    g = fresh(players=2, seed=3, rounds=rounds)
    over_after = {}
    while not g.is_over:
        r = g.round
        play_round(g)
        over_after[r] = g.is_over
    if d < 1:
        assert over_after[rounds + d] is (d == 0)
    else:
        assert max(over_after) == rounds and g.round == rounds and g.ended_by == "rounds"
        assert not [e for e in g.log if e.round > rounds]


@pytest.mark.parametrize(
    "players",
    [INFO.min_players - 1, INFO.min_players, INFO.min_players + 1, INFO.max_players - 1, INFO.max_players,
     INFO.max_players + 1],
)  # fmt: skip
def test_player_count_limits(players):
    """'5 distillery boards (player boards)' and the market's '(2 rightmost in 2-player)': 2 to 5 players."""
    if INFO.min_players <= players <= INFO.max_players:
        g = bl.new_game(rules(), players=players, seed=1)
        assert g.n == players and len(g.decision.group) == players
    else:
        with pytest.raises(ValueError, match="2-5 players"):
            bl.new_game(rules(), players=players, seed=1)
    assert (INFO.min_players, INFO.max_players) == (2, 5)


@pytest.mark.parametrize("extra", field("awards_extra", 3))
@pytest.mark.parametrize("players", [INFO.min_players, INFO.max_players])
def test_awards_in_play(extra, players):
    """'Randomly select (players + 1) spirit awards; place face-up.'"""
    g = bl.new_game(rules(awards_extra=extra), players=players, seed=4)
    assert len(g.awards) == len(set(g.awards)) == players + extra
    assert set(g.awards) <= set(content().awards)


@pytest.mark.parametrize("dealt", field("goals_dealt", 4))
@pytest.mark.parametrize("players", [INFO.min_players, INFO.max_players])
def test_goals_dealt(dealt, players):
    """'Shuffle and deal 3 distillery goal cards to each player (private; discard 1 after round 3).'"""
    g = bl.new_game(rules(goals_dealt=dealt), players=players, seed=4)
    assert [len(goals) for goals in g.goals] == [dealt] * players
    assert len({x for goals in g.goals for x in goals}) == dealt * players


def _identity_cases():
    box = len(content().identity_flights[BOOK.flight])
    for dealt in field("identities_dealt", 3):
        for n in (INFO.min_players, 4, INFO.max_players):
            if n * dealt.values[0] <= box:  # 3 each at 5 players needs 15 of the flight's 12: not dealt
                yield pytest.param(dealt.values[0], n, id=f"{dealt.id}-{n}p")


@pytest.mark.parametrize("dealt,players", list(_identity_cases()))
def test_identities_dealt(dealt, players):
    """'Deal 2 random distiller identities to each player (from those paired with the tasting flight). Each
    player selects one'."""
    g = bl.new_game(rules(identities_dealt=dealt), players=players, seed=4)
    assert [len(x) for x in g.offered] == [dealt] * players
    assert all(len(g.legal_actions(p)) == dealt for p in range(players))


@pytest.mark.parametrize(
    "name,pool",
    [
        ("identities_dealt", lambda: len(content().identity_flights[BOOK.flight])),
        ("goals_dealt", lambda: len(content().goals)),
    ],
)
@pytest.mark.parametrize("players", [4, INFO.max_players])
def test_a_deal_the_box_cannot_serve_is_refused_naming_its_field(name, pool, players):
    """'Deal 2 random distiller identities to each player (from those paired with the tasting flight)' and
    'deal 3 distillery goal cards to each player': a deal that empties the pool is played; one card more
    per player than the pool holds is refused at the table, naming the field (a player offered none stalled)."""
    box = pool()
    most = box // players
    spec = next(f for f in BOOK.FIELDS if f.name == name)
    for dealt in (most - 1, most, most + 1):
        if not spec.lo <= dealt <= spec.hi:
            continue
        if dealt * players <= box:
            g = bl.new_game(rules(**{name: dealt}), players=players, seed=4)
            assert g.n == players
        else:
            with pytest.raises(ValueError, match=rf"^{name}: {dealt} each for {players} players .* only {box} "):
                bl.new_game(rules(**{name: dealt}), players=players, seed=4)


@pytest.mark.parametrize("size", field("premium_row_size", 5, 2))
def test_premium_rows_hold_their_size(size):
    """'Lay out 4 face-up cards from each deck to form the premium market.': slot 4 is there, slot 5 is not."""
    g = fresh(players=3, seed=2, premium_row_size=size)
    a = g.decision.actor
    g = edit(g, lambda s: s["money"].__setitem__(a, 99))
    assert all(len(row) == size and None not in row for row in g.rows.values())
    legal = g.legal_actions()
    for row in ROWS:
        assert f"buy {row} {size}" in legal and f"buy {row} {size + 1}" not in legal
    with pytest.raises(IllegalAction):
        g.apply(f"buy items {size + 1}")
    g.apply(f"buy items {size}")
    assert len(g.rows["items"]) == size


@pytest.mark.parametrize("players", range(INFO.min_players, INFO.max_players + 1))
def test_labels_per_player(players):
    """'Set out spirit labels matching the tasting flight plus Moonshine and Vodka (2 per player for
    Moonshine/Vodka, 1 per player for others).'"""
    g = bl.new_game(rules(), players=players, seed=1)
    flight = content().flights[BOOK.flight]
    assert g.label_supply == {"moonshine": 2 * players, "vodka": 2 * players, **dict.fromkeys(flight, players)}


@pytest.mark.parametrize("d", EDGES)
def test_last_label(d):
    """'Add an appropriate barrel and claim a matching spirit label.' With no bourbon label left (1 per player,
    book) the recipe cannot be claimed; the last one can. The barrel and the label go to the spirit."""
    left = 1 + d
    g, _ = distil(
        {"yeast": ["yeast"], "sugar": ["grain", "grain"], "water": ["water"]},
        store=("new_oak", "metal_barrel", "glass_bottle"),
        known=("bourbon",),
        extra=lambda s: s["label_supply"].update(bourbon=left),
        cut_top=0,
        cut_bottom=0,
    )
    sid = newest_spirit(g)
    spirit = g.spirits[sid]
    if left:
        assert (spirit["recipe"], g.cards[spirit["barrel"]]) == ("bourbon", "new_oak")
        assert g.label_supply["bourbon"] == left - 1
    else:
        assert (spirit["recipe"], g.cards[spirit["barrel"]]) == ("vodka", "metal_barrel")
        assert g.label_supply["bourbon"] == 0 and any(e.kind == "label_unavailable" for e in g.log)
    assert where(g, spirit["barrel"]) == [f"spirit {sid}"]


def test_component_counts():
    """'36 premium market ingredient cards • 33 premium market item cards • 30 distillery upgrade cards • 18
    distiller identity cards + 18 signature ingredient cards ... • 60 alcohol cards + 40 flavor cards • 85 spirit
    label tokens + 23 spirit award tokens • 20 distillery goal cards • 10 starting item cards (5 metal barrels +
    5 glass bottles) • 37 wooden bronze/silver/gold recipe cubes'."""
    c = content()
    assert len(c.decks["ingredients"]) == 36 and len(c.decks["items"]) == 33 and len(c.decks["upgrades"]) == 30
    assert len(c.identities) == 18 and len({i["signature_ingredient"] for i in c.identities.values()}) == 18
    assert len(c.flavour_deck) == 40 and len(c.awards) == 23 and len(c.goals) == 20
    named = [r for r, spec in c.recipes.items() if spec.tier in ("bronze", "silver", "gold")]
    assert len(named) * INFO.max_players + 2 * 2 * INFO.max_players == 85
    assert sum(BOOK.cube_supply.values()) == 37
    g = bl.new_game(rules(), players=INFO.max_players, seed=1)
    held = [g.cards[c] for store in g.storeroom for c in store]
    assert held.count("metal_barrel") == held.count("glass_bottle") == 5 and len(held) == 10


# --- the Market phase


COVERED.update({"truck_discards", "truck_discards_2p"})  # generated together below


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("k,k2", [pytest.param(BOOK.truck_discards, BOOK.truck_discards_2p, id="book"),
                                  pytest.param(2, 1, id="swapped")])  # fmt: skip
def test_truck_by_player_count(players, k, k2):
    """'After all pass, discard the rightmost card from each premium row to the truck (2 rightmost in 2-player).
    Slide remaining right and refill.' The cards go to the truck, and nowhere else."""
    g = fresh(players=players, seed=2, truck_discards=k, truck_discards_2p=k2)
    gone = k2 if players == 2 else k
    rows = {row: list(cards) for row, cards in g.rows.items()}
    tops = {row: list(g.decks[row][-gone:]) if gone else [] for row in ROWS}
    pass_market(g)
    assert sorted(g.truck) == sorted(c for row in rows.values() for c in row[len(row) - gone :])
    assert all(where(g, c) == ["truck"] for c in g.truck)
    for row, before in rows.items():
        assert g.rows[row][gone:] == before[: len(before) - gone]  # slid right
        assert sorted(g.rows[row][:gone]) == sorted(tops[row])  # refilled from the deck


@pytest.mark.parametrize("d", EDGES)
@pytest.mark.parametrize("players", [2, 3])
def test_truck_never_takes_more_than_the_row(players, d):
    """'discard the rightmost card from each premium row to the truck (2 rightmost in 2-player)': with a row of
    2 (``premium_row_size``'s least) and 1, 2 or 3 rightmost cards to discard, 1, 2 and 2 go (3 used to send 1)."""
    size = SPECS["premium_row_size"].lo
    k = int(size) + d
    g = fresh(players=players, seed=2, premium_row_size=size, truck_discards=k, truck_discards_2p=k)
    pass_market(g)
    assert len(g.truck) == min(k, size) * len(ROWS)


@pytest.mark.parametrize("cap", field("basic_buys_per_round", 3, 1))
@pytest.mark.parametrize("power", [False, True], ids=["plain", "basic_buy_power"])
@pytest.mark.parametrize("d", EDGES)
def test_basic_buys_per_round(cap, power, d):
    """'Basic market card (max 2 per round) – ingredients or items at printed cost.' 'Max Basic
    Purchases/Round 2'. The identity power's one more (ours) moves the cap for that player only."""
    g = fresh(players=2, seed=3, basic_buys_per_round=cap)
    a = g.decision.actor
    limit = cap + power
    bought = limit + d

    def prep(s):
        s["identity"][a] = "I04" if power else "I01"  # I04: one more basic buy; I01: +1 money a round
        s["money"][a] = 30
        s["basic_buys"][a] = bought

    g = edit(g, prep)
    assert g.basic_limit(a) == limit
    can = any(x.startswith("basic") for x in g.legal_actions())
    assert can is (d < 0)
    if d < 0:
        g.apply("basic grain")
        assert g.basic_buys[a] == limit
    else:
        with pytest.raises(IllegalAction, match="max 2 per round"):
            g.apply("basic grain")


@pytest.mark.parametrize("costs", field("cube_cost", {"bronze": 3, "silver": 5, "gold": 7}))
@pytest.mark.parametrize("recipe", ["gin", "bourbon", "single_malt"])
@pytest.mark.parametrize("d", EDGES)
def test_cube_cost(costs, recipe, d):
    """'Recipe cube (bronze/silver/gold) – pays the tier cost, places on clipboard to unlock a recipe.'
    (the tier costs are ours)."""
    g = fresh(players=2, seed=2, cube_cost=costs)
    a = g.decision.actor
    cost = costs[content().recipes[recipe].tier]
    g = edit(g, lambda s: s["money"].__setitem__(a, cost + d))
    assert (f"cube {recipe}" in g.legal_actions()) is (d >= 0)
    if d >= 0:
        g.apply(f"cube {recipe}")
        assert g.money[a] == d and recipe in g.known[a]


@pytest.mark.parametrize("recipe", ["gin", "bourbon", "single_malt"])
@pytest.mark.parametrize("d", EDGES)
def test_the_last_cube_of_a_tier(recipe, d):
    """'37 wooden bronze/silver/gold recipe cubes' (the ``finite`` variant, ours): a tier's cube can be bought
    while one is left, the last one included, and not once none is; buying one takes it from the supply."""
    g = fresh(players=2, seed=2, cubes="finite")
    a, tier = g.decision.actor, content().recipes[recipe].tier
    left = 1 + d  # 0, 1 or 2 cubes of the tier left

    def prepare(s):
        s["money"][a] = 20
        s["cube_supply"][tier] = left

    g = edit(g, prepare)
    assert (f"cube {recipe}" in g.legal_actions()) is (left >= 1)
    if left >= 1:
        g.apply(f"cube {recipe}")
        assert g.cube_supply[tier] == left - 1 and recipe in g.known[a]


@pytest.mark.parametrize("name", BASIC_INGREDIENTS + BASIC_ITEMS)
@pytest.mark.parametrize("d", EDGES)
def test_basic_card_costs(name, d):
    """'Basic ingredient/item | 1-3 money | Max 2 basic purchases per round' and 'ingredients or items at printed
    cost': affordable at its cost, not one below; it costs that much."""
    cost = content().cards[name].cost
    assert 1 <= cost <= 3
    g = fresh(players=2, seed=2)
    a = g.decision.actor
    g = edit(g, lambda s: s["money"].__setitem__(a, cost + d))
    assert (f"basic {name}" in g.legal_actions()) is (d >= 0)
    if d >= 0:
        g.apply(f"basic {name}")
        assert g.money[a] == d + (g.rules.yeast_money if name == "yeast" else 0)


@pytest.mark.parametrize("row", ROWS)
@pytest.mark.parametrize("d", EDGES)
def test_premium_card_cost(row, d):
    """'Premium market card – ingredient, item, or distillery upgrade at printed cost.'"""
    g = fresh(players=2, seed=2)
    a = g.decision.actor
    cost = g.card(g.rows[row][0]).cost
    g = edit(g, lambda s: s["money"].__setitem__(a, cost + d))
    assert (f"buy {row} 1" in g.legal_actions()) is (d >= 0)
    if d >= 0:
        g.apply(f"buy {row} 1")
        assert g.money[a] == d


KIND_PLACE = {"upgrade": "upgrades", "barrel": "storeroom", "bottle": "storeroom"}
"""Where a card bought or taken goes by kind (ours, from the board: pantry for ingredients)."""


@pytest.mark.parametrize("row", ROWS)
def test_premium_buy_goes_to_the_buyer_and_the_deck_refills_slot_one(row):
    """'Premium market card – ingredient, item, or distillery upgrade at printed cost. Refill by sliding right
    and drawing from deck.'"""
    g = fresh(players=2, seed=2)
    a = g.decision.actor
    g = edit(g, lambda s: s["money"].__setitem__(a, 99))
    before, top = list(g.rows[row]), g.decks[row][-1]
    g.apply(f"buy {row} 2")
    bought = before[1]
    assert where(g, bought) == [f"{KIND_PLACE.get(g.card(bought).kind, 'pantry')}[{a}]"]
    assert g.rows[row] == [top, before[0], *before[2:]] and where(g, top) == [f"row {row}"]


@pytest.mark.parametrize("row", ROWS)
@pytest.mark.parametrize("choice", ["take", "bottom"])
def test_water_reveal_places(row, choice):
    """'Water: Reveal top card of any market deck; may purchase it this turn or return to bottom.'"""
    g = fresh(players=2, seed=2)
    a = g.decision.actor
    g = edit(g, lambda s: s["money"].__setitem__(a, 99))
    g.apply("basic water")
    top = g.decks[row][-1]
    g.apply(f"reveal {row}")
    assert where(g, top) == ["revealed"]
    g.apply(f"{choice} revealed")
    if choice == "take":
        assert where(g, top) == [f"{KIND_PLACE.get(g.card(top).kind, 'pantry')}[{a}]"]
    else:
        assert g.decks[row][0] == top and where(g, top) == [f"deck {row}"]


@pytest.mark.parametrize("cap", field("max_upgrades", 2, 4))
@pytest.mark.parametrize("d", EDGES)
def test_max_upgrades(cap, d):
    """'Distillery upgrade | Varies | Max 3 on your board; may discard old ones' ('Max Distillery Upgrades 3'):
    a third is kept, a fourth asks for a discard; the discarded one leaves the board and the game (ours)."""
    g = fresh(players=2, seed=2, max_upgrades=cap)
    a = g.decision.actor
    after = cap + d  # upgrades on the board once this one is bought

    def prep(s):
        s["money"][a] = 99
        for _ in range(after - 1):
            give(s, a, "heritage_sign", "upgrades")

    g = edit(g, prep)
    g.apply("buy upgrades 1")
    assert len(g.upgrades[a]) == after
    assert (g.step == "discard_upgrade") is (d > 0)
    if d > 0:
        old = g.upgrades[a][0]
        g.apply(f"discard c{old}")
        assert len(g.upgrades[a]) == cap and where(g, old) == [] and g.step == "market"


@pytest.mark.parametrize("money", field("yeast_money", 2))
def test_yeast_money(money):
    """'Yeast: Immediately gain 1 money.'"""
    g = fresh(players=2, seed=2, yeast_money=money)
    a = g.decision.actor
    g = edit(g, lambda s: s["money"].__setitem__(a, 10))
    g.apply("basic yeast")
    assert g.money[a] == 10 - content().cards["yeast"].cost + money


@pytest.mark.parametrize("copies", field("basic_item_copies", 4))
@pytest.mark.parametrize("d", EDGES)
def test_basic_item_pile(copies, d):
    """Ours ('Running out of cards: Basic ingredients and alcohol cards are considered unlimited' names no
    item): a metal barrel or glass bottle pile holds ``basic_item_copies``; its last card sells, an empty pile
    does not."""
    g = fresh(players=2, seed=2, basic_item_copies=copies)
    assert g.basic_stock == dict.fromkeys(BASIC_ITEMS, copies)
    a = g.decision.actor
    g = edit(g, lambda s: (s["money"].__setitem__(a, 20), s["basic_stock"].update(metal_barrel=1 + d)))
    assert ("basic metal_barrel" in g.legal_actions()) is (d >= 0)
    if d >= 0:
        g.apply("basic metal_barrel")
        assert g.basic_stock["metal_barrel"] == d


@pytest.mark.parametrize("every", field("free_sugar_every", 3))
@pytest.mark.parametrize("d", EDGES)
def test_free_sugar_every(every, d):
    """Ours, a start-of-round power ('Each of the 7 rounds has 4 phases, preceded by resolving any start-of-round
    powers'): the free basic sugar comes in every ``free_sugar_every``-th round, not the round before or after."""
    g = fresh(players=2, seed=2, free_sugar_every=every)
    r = every + d
    g = edit(g, lambda s: (s["identity"].__setitem__(0, "I02"), s.__setitem__("round", r - 1)))
    play_round(g)
    assert g.round == r
    got = [e for e in g.log if e.kind == "power" and e.player == 0 and e.round == r]
    assert bool(got) is (d == 0)


@pytest.mark.parametrize("off", field("truck_buy_discount", 2))
@pytest.mark.parametrize("d", EDGES)
def test_truck_buy_discount(off, d):
    """Ours, the truck-buyer identity: a truck card at its printed cost less ``truck_buy_discount``."""
    g = fresh(players=2, seed=2, truck_buy_discount=off)
    a = g.decision.actor
    ids = {}

    def prep(s):
        s["identity"][a] = "I06"
        ids["rye"] = give(s, a, "rye")
        s["pantry"][a].pop()
        s["truck"].append(ids["rye"])
        s["money"][a] = content().cards["rye"].cost - off + d

    g = edit(g, prep)
    assert (f"truck c{ids['rye']}" in g.legal_actions()) is (d >= 0)
    if d >= 0:
        g.apply(f"truck c{ids['rye']}")
        assert g.money[a] == d and where(g, ids["rye"]) == [f"pantry[{a}]"]


# --- the Distill phase


@pytest.mark.parametrize("cap", field("trades_per_distill", 2))
@pytest.mark.parametrize("d", EDGES)
def test_trades_per_distill(cap, d):
    """'First, you may trade exactly 1 ingredient/item card for a basic ingredient of equal or lesser cost.'
    Below the cap a trade is offered, at the cap none is, and one more is refused."""
    g = fresh(players=2, seed=2, trades_per_distill=cap)

    def prep(s):
        s["identity"][0] = "I01"  # not the second-trade power
        clear(s, 0)
        for _ in range(cap + 1):
            give(s, 0, "rye")

    g = pass_market(edit(g, prep))
    ryes = [f"c{c}" for c in g.pantry[0]]
    for tok in ryes[: cap + min(d, 0)]:
        g.apply(f"trade {tok} plant", player=0)
    assert any(a.startswith("trade") for a in g.legal_actions(0)) is (d < 0)
    if d > 0:
        with pytest.raises(IllegalAction):
            g.apply(f"trade {ryes[-1]} plant", player=0)


@pytest.mark.parametrize("name", ["yeast", "water", "grain", "rye", "heirloom_corn", "metal_barrel", "glass_bottle",
                                  "new_oak", "champagne_yeast"])  # fmt: skip
def test_trade_cost(name):
    """'trade exactly 1 ingredient/item card for a basic ingredient of equal or lesser cost': a basic of the
    card's cost or less is offered, one costing 1 more is not."""
    g = fresh(players=2, seed=2)
    ids = {}
    where_to = "storeroom" if content().cards[name].kind in ("barrel", "bottle") else "pantry"
    g = pass_market(edit(g, lambda s: (clear(s, 0), ids.__setitem__("c", give(s, 0, name, where_to)))))
    cost = content().cards[name].cost
    legal = g.legal_actions(0)
    for basic in BASIC_INGREDIENTS:
        assert (f"trade c{ids['c']} {basic}" in legal) is (content().cards[basic].cost <= cost), basic
    assert {content().cards[b].cost for b in BASIC_INGREDIENTS} >= {1, 2}  # each edge is met somewhere


def test_trade_places():
    """'trade exactly 1 ingredient/item card for a basic ingredient': the traded card leaves the game (ours),
    the basic card goes to the pantry."""
    g = fresh(players=2, seed=2)
    ids = {}
    g = edit(g, lambda s: (s["identity"].__setitem__(0, "I01"), clear(s, 0), ids.__setitem__("rye", give(s, 0, "rye"))))
    g = pass_market(g)
    g.apply(f"trade c{ids['rye']} plant", player=0)
    commit(g, {})
    assert where(g, ids["rye"]) == [] and g.names(g.pantry[0]) == ["plant"]


@pytest.mark.parametrize("slot", SLOTS)
@pytest.mark.parametrize("count", [0, 1, 2])
def test_each_slot_needs_a_card(slot, count):
    """'Each slot needs at least 1 card to distill.'"""
    card = {"yeast": "yeast", "sugar": "grain", "water": "water"}
    g = fresh(players=2, seed=2)

    def prep(s):
        clear(s, 0)
        give(s, 0, "metal_barrel", "storeroom")
        for sl in SLOTS:
            for _ in range(count if sl == slot else 1):
                give(s, 0, card[sl])

    g = pass_market(edit(g, prep))
    for sl in SLOTS:
        for _ in range(count if sl == slot else 1):
            g.apply(f"load {token(g, 0, card[sl])} {sl}", player=0)
    assert ("distill" in g.legal_actions(0)) is (count >= 1)
    if not count:
        with pytest.raises(IllegalAction, match="Each slot needs at least 1 card"):
            g.apply("distill", player=0)


@pytest.mark.parametrize("per", field("alcohol_per_sugar", 2, 0))
@pytest.mark.parametrize("sugars", [1, 2, 3])
def test_alcohol_per_sugar(per, sugars):
    """'1. Add 1 alcohol card per card in the sugar slot.' (counted in the sugar slot only)"""
    g, loaded = distil(
        {"yeast": ["yeast", "yeast"], "sugar": ["grain"] * sugars, "water": ["water", "water"]},
        alcohol_per_sugar=per,
        cut_top=0,
        cut_bottom=0,
    )
    d = next(e for e in g.log if e.kind == "distill")
    assert d.data["alcohol"] == per * sugars
    assert g.names(g.spirits[newest_spirit(g)]["cards"]).count("alcohol") == per * sugars


@pytest.mark.parametrize("top", field("cut_top", 2, 0))
@pytest.mark.parametrize("bottom", field("cut_bottom", 0))
def test_cut_and_where_cut_cards_go(top, bottom):
    """'3. Remove and reveal the top and bottom cards (return to pantry). 4. Reveal remaining cards': exactly
    that many cards are cut, they go to the pantry and only there; the rest are the spirit."""
    g, loaded = distil({"yeast": ["yeast"], "sugar": ["grain", "grain"], "water": ["water"]}, cut_top=top,
                       cut_bottom=bottom)  # fmt: skip
    d = next(e for e in g.log if e.kind == "distill")
    sid = newest_spirit(g)
    stack = g.spirits[sid]["cards"]
    total = 4 + 2 * g.rules.alcohol_per_sugar
    assert len(d.data["cut"]) == top + bottom and len(stack) == total - top - bottom
    assert sorted(g.names(g.pantry[0])) == sorted(d.data["cut"])
    assert all(where(g, c) == ["pantry[0]"] for c in g.pantry[0])
    assert all(where(g, c) == [f"spirit {sid}"] for c in stack)
    assert set(g.pantry[0]) | set(stack) >= {c for ids in loaded.values() for c in ids}


def test_signature_returns_to_the_stack():
    """'Signature ingredient power: If removed during distillation (top/bottom cut), it returns to the spirit
    stack instead of your pantry.' (a cut of all 3 cards: the signature is always cut)"""
    g, loaded = distil({"yeast": ["yeast"], "sugar": [SIGNATURE], "water": ["water"]}, alcohol_per_sugar=0, cut_top=2,
                       cut_bottom=1)  # fmt: skip
    sid = newest_spirit(g)
    assert where(g, loaded["sugar"][0]) == [f"spirit {sid}"]
    assert g.names(g.spirits[sid]["cards"]) == [SIGNATURE] and sorted(g.names(g.pantry[0])) == ["water", "yeast"]


@pytest.mark.parametrize(
    "sugar,cut,left,fallback",
    [
        pytest.param(["grain"], (2, 1), 0, "moonshine", id="0-left"),
        pytest.param([SIGNATURE], (2, 1), 1, "vodka", id="1-left"),
        pytest.param(["grain", "fruit"], (0, 0), 2, "vodka", id="2-left"),
    ],
)
def test_fallback_counts_the_stack_after_the_cut(sugar, cut, left, fallback):
    """'If it matches none specifically, it defaults to Vodka (if any sugar remains) or Moonshine (no sugars).'
    What counts is the sugar left after the cut, not the sugar slot: none left is Moonshine, 1 is Vodka. (A cut
    of all 3 cards; the signature ingredient comes back from it, book.)"""
    g, _ = distil({"yeast": ["yeast"], "sugar": sugar, "water": ["water"]}, alcohol_per_sugar=0, cut_top=cut[0],
                  cut_bottom=cut[1])  # fmt: skip
    spirit = g.spirits[newest_spirit(g)]
    assert sum(g.card(c).kind == "sugar" for c in spirit["cards"]) == left
    assert spirit["recipe"] == fallback


def _recipe_cases():
    c = content()
    for name in sorted(set(c.flights["A"]) | set(c.flights["B"])) + sorted(i["recipe"] for i in c.identities.values()):
        for sugar, k in c.recipes[name].needs:
            for p in EDGES:
                yield pytest.param(name, sugar, k, p.values[0], id=f"{name}-{sugar}{k}-{p.id}")


def _stack(name: str, sugar: str, count: int):
    """Cards meeting every need of ``name`` at its minimum, ``sugar`` at ``count`` (a signature's premium first)."""
    c = content()
    recipe = c.recipes[name]
    names = []
    for s, k in recipe.needs:
        names += [s] * (count if s == sugar else k)
    if recipe.signature_of and names:
        names[0] = c.identities[recipe.signature_of]["signature_ingredient"]
    return [c.cards[n] for n in names]


@pytest.mark.parametrize("name,sugar,need,d", list(_recipe_cases()))
def test_recipe_minimum(name, sugar, need, d):
    """'Recipe matching: After removing top and bottom cards, the remaining stack must meet the recipe's sugar
    type and minimum quantity.' (minimums from recipes.yaml and identities.yaml, ours)"""
    assert (matches(content(), _stack(name, sugar, need + d), [name]) == [name]) is (d >= 0)


def _forbid_cases():
    c = content()
    for name in sorted(set(c.flights["A"]) | set(c.flights["B"])):
        for f in c.recipes[name].forbids:
            for n in (0, 1):
                yield pytest.param(name, f, n, id=f"{name}-{f}{n}")


@pytest.mark.parametrize("name,forbidden,count", list(_forbid_cases()))
def test_forbidden_sugar(name, forbidden, count):
    """'Forbidden sugar types invalidate the recipe.': one card of a forbidden sugar is enough."""
    need_sugar, need = content().recipes[name].needs[0]
    cards = _stack(name, need_sugar, need) + [content().cards[forbidden]] * count
    assert (matches(content(), cards, [name]) == [name]) is (count == 0)


# --- the Sell phase


@pytest.mark.parametrize("age", [0, 1, 2])
@pytest.mark.parametrize("flavoured", [True, False], ids=["flavour_cards", "empty_flavour_supply"])
def test_aged_spirit_age(age, flavoured):
    """'Non-aged spirits (Moonshine, Vodka) must be sold immediately. Aged spirits must age at least 1 round
    before selling.' Distilled this round: not for sale; a round or more ago: for sale. Without flavour cards
    (an empty supply, ours ``empty_flavour_supply: aged``) the round alone counts."""
    g = fresh(players=2, seed=2)

    def prep(s):
        s["round"] = 3
        where_ = "pending" if age == 0 and flavoured else "warehouse"
        put_spirit(s, 0, "s91", "bourbon", ["grain"] * 3, "new_oak", where_, ["oak"] * age * flavoured, 3 - age)
        put_spirit(s, 0, "s90", "vodka", ["grain", "alcohol"], "metal_barrel")  # keeps seat 0 in the Sell phase

    g = to_sell(edit(g, prep))
    assert g.round == 3 and g.step == "sell" and g.decision.actor == 0
    assert ("s91" in g.sellable(0)) is (age >= 1)
    assert any("s91" in a for a in g.legal_actions(0)) is (age >= 1)
    assert any("s90" in a for a in g.legal_actions(0)) and "pass" not in g.legal_actions(0)  # 'sold immediately'


def _bonus(table, k, beyond):
    if k == 0:
        return 0
    if k <= len(table):
        return table[k - 1]
    return table[-1] if beyond == "cap" else table[-1] + sum(range(len(table) + 1, k + 1))


@pytest.mark.parametrize("table", field("flavour_bonus", (2, 4, 7, 12)))
@pytest.mark.parametrize("k", [0, 1, 3, 4, 5])
@pytest.mark.parametrize("beyond", ["cap", "triangular"])
def test_flavour_bonus_edges(table, k, beyond):
    """'Aged spirit flavor bonus: When selling an aged spirit, gain bonus SP based on number of flavor cards: 1
    flavor = 1 SP, 2 = 3 SP, 3 = 6 SP, 4 = 10 SP.' Past the table's 4: the variant (cap or triangular, ours)."""
    g = fresh(players=2, seed=2, flavour_bonus=table, flavour_bonus_beyond_table=beyond)
    g = edit(g, lambda s: put_spirit(s, 0, "s92", "bourbon", ["grain"] * 3, "new_oak", "warehouse", ["flat"] * k, 0))
    g = to_sell(g)
    g.apply(first_legal(g, "sell s92"))
    assert g.sp[0]["sale_flavour"] == _bonus(list(table), k, beyond)


def test_unaged_spirit_never_gets_the_flavour_bonus():
    """'Non-aged spirits never receive this bonus.'"""
    g = fresh(players=2, seed=2)
    g = edit(g, lambda s: put_spirit(s, 0, "s90", "vodka", ["grain", "alcohol"], "metal_barrel", "pending", ["flat"]))
    g = to_sell(g)
    g.apply(first_legal(g, "sell s90"))
    assert g.sp[0]["sale_flavour"] == 0


def _vodka_for_sale(**changes):
    """Seat 0 at the Sell phase with a vodka (s90) to sell, its bottle id."""
    g = fresh(players=2, seed=2, **changes)
    ids = {}

    def prep(s):
        put_spirit(s, 0, "s90", "vodka", ["grain", "rye", "alcohol"], "metal_barrel")
        ids["bottle"] = give(s, 0, "glass_bottle", "storeroom")

    g = to_sell(edit(g, prep))
    return g, ids["bottle"]


SPACES = content().label_spaces


@pytest.mark.parametrize("d", EDGES)
def test_label_spaces(d):
    """'Place the spirit label on an empty label bonus space on your distillery board; gain that bonus
    immediately.' (7 spaces: the seven 'Spirit Label Bonuses'). The 7th label finds the last empty space; an
    8th finds none and gives no bonus (ours)."""
    assert len(SPACES) == 7
    filled = len(SPACES) + d - 1  # labels already on the board; this sale's is number len + d
    g, bottle = _vodka_for_sale()
    g = edit(g, lambda s: s["spaces"].__setitem__(0, [None] * (len(SPACES) - filled) + ["gin"] * filled))
    g.apply(f"sell s90 c{bottle}")
    if d < 1:
        assert g.step == "label" and g.legal_actions() == [f"label {i + 1}" for i in range(len(SPACES) - filled)]
    else:
        assert g.step != "label" and g.spaces[0] == ["gin"] * len(SPACES)
        assert not any(e.kind == "label_placed" for e in g.log)


@pytest.mark.parametrize("money", field("label_money", 7))
def test_label_money(money):
    """'Spirit Label Bonuses (one-time, when sold) • Take 5 money' and 'Place the spirit label on an empty label
    bonus space': the label goes on the chosen space."""
    g, bottle = _vodka_for_sale(label_money=money)
    g.apply(f"sell s90 c{bottle}")
    before, space = g.money[0], SPACES.index("money") + 1
    g.apply(f"label {space}")
    assert g.money[0] == before + money
    assert g.spaces[0][space - 1] == "vodka" and g.spaces[0].count("vodka") == 1


@pytest.mark.parametrize(
    "recipe,barrel,bottle,barrel_to,bottle_to",
    [
        ("vodka", "metal_barrel", "glass_bottle", "storeroom[0]", "storeroom[0]"),
        ("bourbon", "new_oak", "island_bottle", None, "display[0]"),
        ("bourbon", "charred_oak", "glass_bottle", None, "storeroom[0]"),
    ],
)
def test_sale_returns(recipe, barrel, bottle, barrel_to, bottle_to):
    """'5. Return starting items to storeroom; display premium bottles for collection.' A wood barrel is spent
    with the spirit (ours); the spirit's cards leave the game, its flavour cards go to the discards (ours)."""
    g = fresh(players=2, seed=2)
    ids = {}

    def prep(s):
        aged = content().recipes[recipe].aged
        where_, flavours = ("warehouse", ["oak", "smoke"]) if aged else ("pending", [])
        ids["cards"] = put_spirit(s, 0, "s90", recipe, ["grain", "grain", "alcohol"], barrel, where_, flavours, 0)
        ids["barrel"] = s["spirits"]["s90"]["barrel"]
        ids["bottle"] = give(s, 0, bottle, "storeroom")
        ids["discard"] = len(s["flavour_discard"])

    g = to_sell(edit(g, prep))
    g.apply(f"sell s90 c{ids['bottle']}")
    assert where(g, ids["barrel"]) == ([barrel_to] if barrel_to else [])
    assert where(g, ids["bottle"]) == [bottle_to]
    assert all(where(g, c) == [] for c in ids["cards"])
    assert len(g.flavour_discard) == ids["discard"] + (2 if content().recipes[recipe].aged else 0)


GIVE = [
    ("metal_barrel", "storeroom", "pile"),
    ("glass_bottle", "storeroom", "pile"),
    ("rye", "pantry", "deck ingredients"),
    ("island_bottle", "storeroom", "deck items"),
    ("new_oak", "storeroom", "deck items"),
    ("grain", "pantry", "supply"),
]


@pytest.mark.parametrize("name,holder,dest", GIVE)
def test_truck_bonus(name, holder, dest):
    """'Discard to respective piles, take any card from truck' (label bonus): the card given goes back to its
    pile (a premium card to the bottom of its deck, ours), the truck card to its new owner."""
    g, bottle = _vodka_for_sale()
    ids = {}
    g = edit(g, lambda s: ids.__setitem__("given", give(s, 0, name, holder)))
    stock = dict(g.basic_stock)
    g.apply(f"sell s90 c{bottle}")
    g.apply(f"label {SPACES.index('truck') + 1}")
    assert g.step == "give"
    g.apply(f"give c{ids['given']}")
    given = ids["given"]
    if dest == "pile":
        assert where(g, given) == [] and g.basic_stock[name] == stock[name] + 1
    elif dest == "supply":
        assert where(g, given) == [] and g.basic_stock == stock
    else:
        row = dest.split()[1]
        assert where(g, given) == [dest] and g.decks[row][0] == given
    take = first_legal(g, "take truck")
    taken = int(take.split()[-1][1:])
    g.apply(take)
    assert where(g, taken) == [f"{KIND_PLACE.get(g.card(taken).kind, 'pantry')}[0]"]


# --- the Age phase


@pytest.mark.parametrize("spaces", field("warehouse_spaces", 3))
@pytest.mark.parametrize("racks", [0, 1])
@pytest.mark.parametrize("d", EDGES)
def test_warehouse_capacity(spaces, racks, d):
    """'Warehouse capacity: Maximum 2 spirits aging at once. If full and you must age a new spirit, sell one from
    warehouse first.' ('Max Warehouse Spirits 2'; an extra rack upgrade adds one, ours.)"""
    cap = spaces + racks
    held = cap + d - 1  # spirits ageing when a new one comes: it would make cap + d
    g = fresh(players=2, seed=2, warehouse_spaces=spaces)

    def prep(s):
        for _ in range(racks):
            give(s, 0, "extra_rack", "upgrades")
        for i in range(held):
            put_spirit(s, 0, f"s{70 + i}", "brandy", ["fruit"] * 3, "new_oak", "warehouse", ["oak"], 0)
        put_spirit(s, 0, "s90", "bourbon", ["grain"] * 3, "new_oak")

    g = to_sell(edit(g, prep))
    while g.step == "sell":
        g.apply("pass")
    assert g.warehouse_size(0) == cap
    if d > 0:
        assert g.step == "make_room" and g.decision.actor == 0 and len(g.warehouse[0]) == cap
        assert g.legal_actions() and all("s90" not in a for a in g.legal_actions())
    else:
        assert g.step != "make_room" and "s90" in g.warehouse[0] and len(g.warehouse[0]) == held + 1


def test_ageing_places():
    """'For newly distilled aged spirits: place spirit stack face-down in a warehouse space ... then draw 1
    face-down flavor card to the bottom of the stack.' The spirit goes to the warehouse, the deck's top flavour
    card to the spirit."""
    g = fresh(players=2, seed=2)
    g = edit(
        g, lambda s: (put_spirit(s, 0, "s90", "bourbon", ["grain"] * 3, "new_oak"), s["storeroom"].__setitem__(0, []))
    )
    deck = list(g.flavour_deck)
    g = to_sell(g)
    assert g.phase != "sell"
    assert g.warehouse[0] == ["s90"] and g.pending[0] == [] and g.spirits["s90"]["flavours"] == [deck[-1]]
    assert g.flavour_deck == deck[:-1]


# --- the end of a round


def _measure_builders():
    regions = {}
    for name, card in content().cards.items():
        if card.kind == "bottle" and card.region:
            regions.setdefault(card.region, name)
    flight = content().flights[BOOK.flight]
    sold = {f"{t}_sold": t for t in ("bronze", "silver", "gold", "signature")}
    build = {
        "spirits_sold": (None, lambda s, p, v: s["sales"].__setitem__(p, [sale()] * v)),
        "most_flavours_in_a_sale": (None, lambda s, p, v: s["sales"].__setitem__(p, [sale(flavours=v)])),
        "best_sale_money": (None, lambda s, p, v: s["sales"].__setitem__(p, [sale(money=v)])),
        "best_sale_sp": (None, lambda s, p, v: s["sales"].__setitem__(p, [sale(sp=v)])),
        "sugars_sold": (len(SUGARS), lambda s, p, v: s["sales"].__setitem__(p, [sale(sugar=x) for x in SUGARS[:v]])),
        "recipes_unlocked": (len(flight), lambda s, p, v: s["known"].__setitem__(p, list(flight[:v]))),
        "upgrades": (None, lambda s, p, v: [give(s, p, "heritage_sign", "upgrades") for _ in range(v)]),
        "label_spaces_filled": (
            len(SPACES),
            lambda s, p, v: s["spaces"].__setitem__(p, ["gin"] * v + [None] * (len(SPACES) - v)),
        ),
        "bottle_regions": (
            len(regions),
            lambda s, p, v: [give(s, p, b, "display") for b in list(regions.values())[:v]],
        ),
    }
    for measure, tier in sold.items():
        build[measure] = (None, lambda s, p, v, tier=tier: s["sales"].__setitem__(p, [sale(tier=tier)] * v))
    return build


BUILD = _measure_builders()
"""Measure -> (the most it can be, or None; a snapshot edit giving seat p the value v)."""


def _award_cases():
    for key, spec in sorted(content().awards.items()):
        top = BUILD[spec["measure"]][0] if spec["measure"] in BUILD else None
        for p in EDGES:
            value = spec["at_least"] + p.values[0]
            if top is None or value <= top:
                yield pytest.param(key, value, p.values[0] >= 0, id=f"{key}-{spec['measure']}{value}-{p.id}")


@pytest.mark.parametrize("award,value,won", list(_award_cases()))
def test_award_thresholds(award, value, won):
    """'End of Round: Check spirit awards' and 'Spirit awards: Bonus SP for meeting objectives (first to fulfill
    scores full ...)': an award is met at its threshold (awards.yaml, ours), not one below."""
    spec = content().awards[award]
    assert spec["measure"] in BUILD, f"no builder for the measure {spec['measure']}: add one above"
    g = fresh(players=2, seed=2)
    g = edit(g, lambda s: (s.__setitem__("awards", [award]), BUILD[spec["measure"]][1](s, 0, value)))
    assert MEASURES[spec["measure"]](g, 0) == value
    play_round(g)
    assert (award in g.award_winners) is won
    assert g.sp[0]["awards"] == (spec["sp"] if won else 0) and g.sp[1]["awards"] == 0


def _tie_cases():
    seen = set()
    for key, spec in sorted(content().awards.items()):
        if spec["sp"] not in seen and spec["measure"] in BUILD:
            seen.add(spec["sp"])
            for tied in (2, 3):
                yield pytest.param(key, tied, id=f"{key}-sp{spec['sp']}-{tied}tied")


@pytest.mark.parametrize("award,tied", list(_tie_cases()))
def test_award_tie_rounds_up(award, tied):
    """'End of Round: Check spirit awards (divide SP if tied, rounding up).'"""
    spec = content().awards[award]
    g = fresh(players=3, seed=2)

    def prep(s):
        s["awards"] = [award]
        for p in range(tied):
            BUILD[spec["measure"]][1](s, p, spec["at_least"])

    g = play_round(edit(g, prep))
    each = math.ceil(spec["sp"] / tied)
    assert [g.sp[p]["awards"] for p in range(3)] == [each] * tied + [0] * (3 - tied)


@pytest.mark.parametrize("cap", field("tasting_max", 2))
@pytest.mark.parametrize("room", [False, True], ids=["no_room", "tasting_room"])
@pytest.mark.parametrize("d", EDGES)
def test_tasting_up_to_the_cap(cap, room, d):
    """'If you did not sell a spirit this round, you may offer a tasting (spend up to 4 SP to gain that much
    money).' 'Tasting (no sell round) Spend up to 4 SP, gain that much money'. Held SP below the cap limit it
    (never below 0, ours); the tasting room's cap is ``tasting_room_max`` (ours)."""
    g = fresh(players=2, seed=2, tasting_max=cap)
    limit = g.rules.tasting_room_max if room else cap
    held = limit + d

    def prep(s):
        s["awards"], s["sp"][0]["awards"] = [], held
        if room:
            give(s, 0, "tasting_room", "upgrades")

    g = to_sell(edit(g, prep))
    assert g.step == "tasting" and g.decision.actor == 0
    most = min(limit, held)
    assert g.legal_actions() == [f"tasting {k}" for k in range(most + 1)]
    with pytest.raises(IllegalAction):
        g.apply(f"tasting {most + 1}")
    money = g.money[0]
    g.apply(f"tasting {most}")
    assert g.money[0] == money + most and g.total_sp(0) == held - most


@pytest.mark.parametrize("earlier,now", [(0, 0), (1, 0), (0, 1)], ids=["none", "last_round", "this_round"])
def test_tasting_counts_this_rounds_sales(earlier, now):
    """'Tastings: Only available if you did not sell a spirit this round.' A sale in an earlier round does not
    count; one this round does."""
    g = fresh(players=2, seed=2)

    def prep(s):
        s["round"], s["awards"], s["sp"][0]["awards"] = 2, [], 3
        s["sales"][0] = [sale(round=1)] * earlier
        s["sold_this_round"][0] = bool(now)

    g = to_sell(edit(g, prep))
    assert (g.step == "tasting" and g.decision.actor == 0) is (now == 0)


@pytest.mark.parametrize("after", field("goal_discard_after_round", 5))
@pytest.mark.parametrize("d", EDGES)
def test_goal_discard_round(after, d):
    """'After round 3, discard 1 of your 3 distillery goals.' 'Discard Goal After round 3 (keep 2 of 3)': at the
    end of round 3, not of round 2 or 4. The discarded goal goes to the player's discards, not back to the deck."""
    g = fresh(players=2, seed=2, goal_discard_after_round=after)
    g = edit(g, lambda s: s.__setitem__("round", after + d))
    deck = list(g.goal_deck)
    while g.round == after + d and g.step != "goal":
        if g.group:
            for p in list(g.group):
                g.apply("skip", player=p)
        else:
            g.apply("tasting 0" if g.step == "tasting" else "pass")
    assert (g.step == "goal") is (d == 0)
    if d == 0:
        drops = [g.goals[p][0] for p in range(2)]
        for p in list(g.group):
            g.apply(f"discard {drops[p]}", player=p)
        for p in range(2):
            assert len(g.goals[p]) == BOOK.goals_dealt - 1 and drops[p] not in g.goals[p]
            assert g.discarded_goals[p] == [drops[p]]
        assert g.goal_deck == deck


# --- the end of the game


@pytest.mark.parametrize("per", field("money_per_sp", 3))
@pytest.mark.parametrize("d", EDGES)
def test_money_per_sp(per, d):
    """'Money: 1 SP per 5 money remaining (rounded down).' 'Endgame Money 1 SP per 5 money'."""
    g = last_round(fresh(players=2, seed=2, money_per_sp=per), lambda s: s["money"].__setitem__(0, 3 * per + d))
    assert g.is_over and g.money[0] == 3 * per + d
    assert g.score_rows()[0].parts["money"] == {-1: 2, 0: 3, 1: 3}[d]


@pytest.mark.parametrize("per", field("unsold_flavour_sp", 2))
@pytest.mark.parametrize("flavours", [0, 1, 2])
def test_unsold_flavour_sp(per, flavours):
    """'SP from unsold spirits aging in warehouse (all card SP + recipe SP + 1 SP per flavor card).' (the last
    Age phase draws one more card)"""

    def prep(s):
        put_spirit(s, 0, "s99", "bourbon", ["rye", "grain"], "charred_oak", "warehouse", ["oak"] * flavours, 1)
        s["storeroom"][0] = []

    g = last_round(fresh(players=2, seed=2, unsold_flavour_sp=per), prep)
    e = next(e for e in g.log if e.kind == "unsold_spirit")
    cards = content().cards
    assert e.data["flavours"] == flavours + 1
    assert e.data["sp"] == cards["rye"].sp + cards["charred_oak"].sp + g.rules.recipe_sp["silver"] + per * (
        flavours + 1
    )
    assert g.sp[0]["warehouse"] == e.data["sp"]


BOTTLES = [
    ([], [], 0),
    (["island_bottle"], [], 1),
    (["island_bottle", "island_decanter"], [], 1),
    (["island_bottle", "lowland_bottle"], [], 2),
    (["island_bottle", "lowland_bottle"], ["highland_bottle"], 2),
    (["island_bottle", "lowland_bottle", "highland_decanter"], [], 3),
]


@pytest.mark.parametrize("table", field("bottle_region_sp", (1, 3, 6)))
@pytest.mark.parametrize("shown,kept,regions", BOTTLES, ids=[f"{len(a)}shown-{len(b)}kept" for a, b, _ in BOTTLES])
def test_bottle_regions(table, shown, kept, regions):
    """'Bottle collection: SP for displaying bottles from multiple regions (1 region = 0; 2 = 2 SP; 3 = 5 SP).'
    Regions count, not bottles; a bottle in the storeroom is not displayed."""

    def prep(s):
        for b in shown:
            give(s, 0, b, "display")
        for b in kept:
            give(s, 0, b, "storeroom")

    g = last_round(fresh(players=2, seed=2, bottle_region_sp=table), prep)
    assert g.sp[0]["bottles"] == (table[regions - 1] if regions else 0)


@pytest.mark.parametrize("mine,theirs", [(0, 0), (1, 0), (1, 1), (1, 2)])
@pytest.mark.parametrize("ties", ["all", "none"])
def test_goal_zero_and_relative(mine, theirs, ties):
    """'Distillery goals: Compared relative to other players. Cannot be achieved by scoring zero.' Ties: the
    ``goal_ties`` variant (ours)."""

    def prep(s):
        s["goals"] = [["G20"], ["G20"]]  # most spirits sold
        s["sales"] = [[sale()] * mine, [sale()] * theirs]

    g = edit(fresh(players=2, seed=2, goal_ties=ties), prep)
    met = mine > 0 and mine >= theirs and (ties == "all" or mine > theirs)
    assert g.goal_met(0, "G20") is met


def test_every_book_number_is_tested_at_its_edge():
    """Every number the ruleset marks as the book's has an edge test generated from its field above."""
    numbers = {s.name for s in Ruleset.schema() if s.book and s.kind not in ("choice", "bool", "text")}
    assert numbers <= COVERED, sorted(numbers - COVERED)
