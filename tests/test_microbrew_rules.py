"""Microbrew's rules, one test per rule of the book (seeds/003), each quoting it, through the public API.

Tables are dealt with ``bl.new_game`` and played with scripted actions; a test that needs a
particular table edits a snapshot and restores it (``Microbrew.restore``), as a scenario would.
"""

from __future__ import annotations

import json

import pytest

import bourbon_lab as bl
from bourbon_lab.games.microbrew import Microbrew, beer
from bourbon_lab.games.microbrew import copper as cu
from bourbon_lab.games.microbrew.narrate import describe

RULES = bl.default_rules("microbrew")


def dealt(players: int = 2, seed: int = 0, rules=RULES):
    """A table after setup: each player puts the hop on their first malt, the extra recipe declined."""
    g = bl.new_game(rules, players=players, seed=seed)
    while g.step in ("hop", "compensation"):
        g.apply(g.legal_actions()[0] if g.step == "hop" else "decline")
    return g


def edited(g, change):
    """The same table with ``change(snapshot)`` applied, rebuilt through ``restore``."""
    snap = json.loads(json.dumps(g.snapshot()))
    change(snap)
    return Microbrew.restore(snap)


def placed(g, p, job, space=1):
    return g.spaces[job][space - 1] == p


def refused(g, action):
    """The rule quoted by the refusal; the table is byte-identical afterwards."""
    before = json.dumps(g.snapshot(), sort_keys=True)
    with pytest.raises(bl.IllegalAction) as info:
        g.apply(action)
    assert json.dumps(g.snapshot(), sort_keys=True) == before
    return info.value.rule


def bottle_ready(snap, p, recipe, contaminant=None):
    snap["bottles"][p].append({"recipe": recipe, "left": [], "contaminant": contaminant})


def take(snap, zone_name, card):
    """Remove a card from wherever a snapshot holds it (deck, table, hands, thirsty row, loyal)."""
    for zone in ("customer_deck", "recipe_deck", "table", "thirsty"):
        if card in snap[zone]:
            snap[zone].remove(card)
    for p in range(snap["n"]):
        for zone in ("hand", "secret", "loyal"):
            if card in snap[zone][p]:
                snap[zone][p].remove(card)


# --- setup


def test_each_player_starts_with_two_brewers_and_no_money():
    """Both players take 2 brewer figures and 2 cash tokens of one colour ... put your cash tokens on the "0" spaces."""
    g = dealt()
    assert g.brewers == [2, 2] and g.ready[1] == 2 and g.cash == [0, 0]


def test_the_copper_is_filled_column_by_column_from_the_left_bottom_up():
    """Draw one malt at a time (without looking!) and fill the slots, column by column, starting from the left and
    then filling bottom up."""
    drawn = iter("LMDLMDLMDLMDLMDL")
    c = ["."] * 20
    cu.fill(c, 4, 4, lambda: next(drawn))
    assert "".join(c) == "LMDLMDLMDLMDLMDL...."  # slot = column * 4 + row: column 1 bottom to top first
    assert cu.slot_name(1, 4) == "1,2" and cu.slot_name(4, 4) == "2,1"


def test_the_tin_holds_48_malts_and_the_basic_copper_16_slots():
    """Place the 48 light, medium and dark malt tokens in the tin ... fill the 16 slots of the basic Copper. (You will
    require the Copper Upgrade to use the right hand "side tank".)"""
    g = bl.new_game(RULES, players=2, seed=3)
    malts = sum(g.tin[:3]) + sum(sum(t in "LMD" for t in c) for c in g.copper)
    assert malts == 48
    for c in g.copper:
        assert "." not in c[:16] and c[16:] == ["."] * 4


def test_each_player_swaps_one_malt_for_a_hop_and_the_rest_go_in_the_tin():
    """Each player must now take a single hop token, replace one of the malts in their Copper and place the replaced
    malt in the tin. ... Add the remaining hops to the tin."""
    g = bl.new_game(RULES, players=2, seed=3)
    assert g.step == "hop" and g.tin[3] == 0
    p = g.current_player
    malt = g.copper[p][5]
    tin_before = g.tin[:3]
    g.apply("hop 2,2")
    assert g.copper[p][5] == "H"
    assert g.tin["LMD".index(malt)] == tin_before["LMD".index(malt)] + 1
    g.apply(g.legal_actions()[0])
    assert g.tin[3] == 6 - 2
    assert all(a.startswith("hop") for a in bl.new_game(RULES, players=2, seed=3).legal_actions())


def test_one_loyal_customer_each_and_two_thirsty_ones():
    """Deal one face up to each player next to their Copper. This is your first Loyal Customer. Now reveal two more
    customers next to the deck. These are Thirsty Customers."""
    g = dealt()
    assert [len(x) for x in g.loyal] == [1, 1] and len(g.thirsty) == 2 and len(g.customer_deck) == 12 - 4
    assert [r.score for r in g.score_rows()] == [1, 1]


def test_one_secret_recipe_each_and_three_revealed_backs_visible():
    """Deal one secretly to each player and then reveal three next to the deck. (You can always look at the backs of
    your opponent's recipe cards.)"""
    g = dealt()
    assert [len(h) for h in g.hand] == [1, 1] and len(g.table) == 3
    mine, theirs = g.view(0)["players"][0], g.view(0)["players"][1]
    assert mine["hand"] == g.hand[0]
    assert theirs["hand"] == [] and theirs["secret_flavours"] == [g.cards[g.hand[1][0]].flavour]


def test_reputations_one_public_two_secret_each_the_rest_unseen():
    """Shuffle the 7 reputation cards and deal one face up to the centre of the table and then two secretly to each
    player. Lay the remaining reputation cards aside without looking at them."""
    g = dealt()
    assert len(g.public_reps) == 1 and [len(s) for s in g.secret_reps] == [2, 2] and len(g.aside_reps) == 2
    assert g.view(0)["players"][1]["secret_reputations"] == []  # unseen; the count is public
    assert g.view(0)["players"][1]["secret_reputation_count"] == 2
    assert len(g.view(1)["players"][1]["secret_reputations"]) == 2
    assert "aside_reps" not in json.dumps(g.view(None))


def test_the_brewmaster_starts_on_manage():
    """Place the two brewery cards ... and place the Brewmaster disc on the Manage space."""
    assert dealt().brewmaster == "manage"


def test_the_second_player_may_draw_an_extra_recipe_and_return_one():
    """Randomly choose the first player ... The other player may draw an additional secret recipe, then choose one from
    their hand to shuffle back into the deck."""
    g = bl.new_game(RULES, players=2, seed=4)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    second = 1 - g.first
    assert g.decision.actor == second and g.legal_actions() == ["draw", "decline"]
    g.apply("draw")
    assert len(g.hand[second]) == 2 and g.step == "return_recipe"
    keep, back = g.hand[second]
    g.apply(f"return {back}")
    assert g.hand[second] == [keep] and back in g.recipe_deck and g.step == "place" and g.active == g.first


# --- the work phase


def test_placing_a_brewer_then_the_turn_passes_and_all_bottles_ferment():
    """The active player then slides the turn tracker across to the other player and all bottles ferment."""
    g = dealt()
    p = g.active

    def bottles(s):
        s["bottles"][1 - p].append({"recipe": "R01", "left": ["LL", "LL", "LL", "MM"], "contaminant": None})

    g = edited(g, bottles)
    g.apply("place break.1")
    assert g.active == 1 - p and len(g.bottles[1 - p][0]["left"]) == 3


def test_a_player_without_ready_brewers_passes_and_beer_still_ferments():
    """If they have no ready brewers, they must "pass". ... The new active player must now assign a brewer to a job or
    pass, slide the turn tracker back and all bottles ferment, and so on until all players have no unassigned
    brewers."""
    g = dealt()
    p = g.active

    def one_brewer(s):
        s["ready"][1 - p] = 0
        s["bottles"][p].append({"recipe": "R01", "left": ["LL", "LL", "LL", "MM"], "contaminant": None})

    g = edited(g, one_brewer)
    g.apply("place break.1")
    passes = [e for e in g.log if e.kind == "pass"]
    assert passes and passes[-1].player == 1 - p
    assert passes[-1].data["forced"] is False  # nobody chose anything: P(1-p) had no brewer left
    assert describe(passes[-1]).endswith("passes (no brewer left).")
    assert g.active == p and len(g.bottles[p][0]["left"]) == 2  # one for the placement, one for the pass


def test_a_ready_brewer_with_no_open_job_is_forced_to_pass_and_sits_out():
    """A brewer has nowhere to go when every space holds their own brewer ("If your brewer already occupies a
    location, you cannot send a brewer to that location"): the pass is forced and says so."""
    g = dealt()
    p = g.active

    def everything_mine(s):
        for spaces in s["spaces"].values():
            spaces[:] = [p] * len(spaces)

    g = edited(g, everything_mine)
    assert g.legal_actions() == ["pass"]
    ready = g.ready[p]
    g.apply("pass")
    e = [e for e in g.log if e.kind == "pass"][-1]
    assert e.player == p and e.data["forced"] is True and e.data["brewers"] == ready > 0
    assert f"no job is open to their {ready} ready brewer(s)" in describe(e)
    assert g.ready[p] == 0


def test_you_cannot_send_a_brewer_where_your_brewer_already_is():
    """If your brewer already occupies a location, you cannot send a brewer to that location."""
    g = dealt()
    p = g.active
    g = edited(g, lambda s: s["spaces"]["brew"].__setitem__(0, p))
    assert "already occupies" in refused(g, "place brew.2")


def test_replacing_an_opponent_returns_their_brewer_to_be_used_again():
    """You cannot replace your own brewer on a space to redo that job but you can always replace your opponent's to do
    their job. If you do so, return that brewer to your opponent to be used again this turn!"""
    g = dealt()
    p, q = g.active, 1 - g.active

    def q_on_break(s):
        s["spaces"]["break"][0] = q
        s["ready"][q] = 1

    g = edited(g, q_on_break)
    assert "place break.1" in g.legal_actions()
    cash = g.cash[p]
    g.apply("place break.1")
    assert placed(g, p, "break") and g.ready[q] == 2 and g.cash[p] == cash + 1


def test_free_brew_for_the_opponent_when_the_brewmaster_is_there():
    """If the Brewmaster already occupies a space, you can send your brewer to that space but your opponent may
    immediately take a Brew action out of turn, without using a ready Brewer!"""
    g = dealt()
    p, q = g.active, 1 - g.active
    g = edited(g, lambda s: s.__setitem__("brewmaster", "flush"))
    g.apply("place flush.1")
    while g.step == "flush":
        g.apply("done")
    d = g.decision
    assert d.step == "free_brew" and d.actor == q and d.turn_owner == p and d.interrupt == "free_brew"
    ready = g.ready[q]
    g.apply("brew")
    g.apply(g.legal_actions()[0])
    while g.step == "brew_swap":
        g.apply("stop" if "stop" in g.legal_actions() else g.legal_actions()[0])
    assert g.ready[q] == ready and g.active == q and g.step == "place"
    assert [e.data["free"] for e in g.log if e.kind == "brew"] == [True]


# --- Brew


def test_a_hop_swaps_with_any_token():
    """A Hop can swap with any token."""
    for other in "LMD":
        for d in ("up", "down", "left", "right"):
            assert cu.can_swap("H", other, d, "different")


def test_a_malt_swaps_up_only_with_a_darker_malt_or_a_hop():
    """A Malt can only swap upwards by swapping with a Malt that is darker than itself (or a hop)."""
    assert cu.can_swap("L", "M", "up", "different") and cu.can_swap("M", "D", "up", "different")
    assert cu.can_swap("D", "H", "up", "different")
    assert not cu.can_swap("M", "L", "up", "different") and not cu.can_swap("M", "M", "up", "different")


def test_a_malt_swaps_down_only_with_a_lighter_malt_or_a_hop():
    """A Malt can only swap downwards by swapping with a Malt that is lighter than itself (or a hop)."""
    assert cu.can_swap("D", "L", "down", "different") and cu.can_swap("L", "H", "down", "different")
    assert not cu.can_swap("L", "M", "down", "different") and not cu.can_swap("D", "D", "down", "different")


def test_nothing_swaps_with_an_empty_location():
    """Tokens cannot swap with empty locations."""
    assert not cu.can_swap("H", ".", "up", "different") and not cu.can_swap("L", ".", "right", "different")


def _brewing(g, copper):
    p = g.active

    def set_copper(s):
        s["copper"][p] = list(copper)

    g = edited(g, set_copper)
    g.apply("place brew.1")
    return g, p


def test_a_brew_chains_swaps_until_it_stops_or_cannot_move():
    """If you swap into a position where the selected token can be swapped again, you can choose to swap again until
    it cannot move any more."""
    g, p = _brewing(dealt(), "LMMD" + "LLLL" + "MMMM" + "DDDD" + "....")
    g.apply("select 1,1")  # the light malt at the bottom of column 1 (a light malt beside it: no sideways swap)
    assert g.legal_actions() == ["swap up"]
    g.apply("swap up")
    assert "stop" in g.legal_actions()
    g.apply("swap up")
    g.apply("swap up")  # L now on top of column 1: nothing darker above, a light malt beside it
    assert g.copper[p][:4] == list("MMDL")
    assert g.step == "place" and g.active == 1 - p  # the Brew ended by itself and the turn passed
    assert [e.data["chain"] for e in g.log if e.kind == "brew"] == [3]


def test_a_hop_may_move_in_a_circular_path():
    """Although you don't want Hops in your bottles, you can make some "power moves" by moving a hop in a circular
    path during a Brew action."""
    g, p = _brewing(dealt(), "HLMD" + "LMDL" + "MMMM" + "DDDD" + "....")
    g.apply("select 1,1")
    for d in ("up", "right", "down", "left"):
        g.apply(f"swap {d}")
    g.apply("stop")
    e = [e for e in g.log if e.kind == "brew"][-1]
    assert e.data["circular"] and e.data["hop"] and e.data["chain"] == 4
    assert g.copper[p][:8] == list("HMMD" + "LLDL")  # back where it started, two columns rearranged


def test_a_brew_must_swap_at_least_once():
    """Select one token (Malt or Hop) in your Copper. Swap it one or more times with its neighbouring tokens."""
    g, _ = _brewing(dealt(), "HLMD" + "LMDL" + "MMMM" + "DDDD" + "....")
    g.apply("select 1,1")
    assert "stop" not in g.legal_actions()


# --- Bottle, fermenting


def test_bottle_a_column_on_a_recipe_from_hand_or_table():
    """Select a recipe from your hand or a revealed one from the table. Select a column of your Copper and collect the
    tokens. Add them to the four spaces on the bottle in any order."""
    g = dealt()
    p = g.active
    g.apply("place bottle.1")
    legal = g.legal_actions()
    assert {a.split()[1] for a in legal} == {*g.hand[p], *g.table}
    rid = g.table[0]
    g.apply(f"bottle {rid} col 2")
    assert g.copper[p][4:8] == ["."] * 4 and rid not in g.table
    assert g.bottles[p][0]["recipe"] == rid and len(g.bottles[p][0]["left"]) == 3  # it fermented once already


def test_fermenting_discards_matches_and_keeps_one_contaminant():
    """For every recipe with tokens on them, one token will either be removed or become a contaminant. If the
    contaminant area already has a token in it or the selected token is a Malt that matches the one marked on the
    recipe, discard the selected token. Otherwise place it in the contaminant area. If there are no tokens left on the
    recipe except in the contaminant area, the beer is ready to serve!"""
    laid = beer.lay(list("DHLL"), "LLMD", "per_space")
    assert laid == ["LL", "LL", "HM", "DD"]
    assert [beer.matches(x, "LLMD", "per_space") for x in laid] == [True, True, False, True]
    assert beer.would_contaminate(list("DLML"), "LLMD", "per_space") is False
    assert beer.would_contaminate(list("DHLL"), "LLMD", "per_space") is True
    g = dealt()
    p = g.active

    def bottle(s):
        s["bottles"][p].append({"recipe": "R04", "left": ["LL", "LL", "HM", "DD"], "contaminant": None})

    g = edited(g, bottle)
    discard = sum(g.discard)
    for _ in range(4):
        g.apply(g.legal_actions()[-1] if g.step == "place" else g.legal_actions()[0])
        while g.step not in ("place",):
            g.apply(g.legal_actions()[-1])
    b = g.bottles[p][0]
    assert b["left"] == [] and b["contaminant"] == "H" and sum(g.discard) >= discard + 3


# --- Serve and ratings


def test_serve_needs_a_fully_fermented_beer():
    """You must have bottled and fully fermented a recipe before you can send a brewer here!"""
    g = dealt()
    assert "fully fermented" in refused(g, "place serve.1")


@pytest.mark.parametrize(
    ("recipe", "favourite", "rated"),
    [("LLMD", "LLMD", 0), ("LLMD", "DLML", 0), ("LLMD", "LLMM", 1), ("LLMD", "LMMM", 2), ("LLLL", "DDDD", 3)],
)
def test_the_rating_table_by_colours_that_differ(recipe, favourite, rated):
    """The order of the Malts doesn't matter, just compare the colours on the recipe against those on the customer
    card: All the same Perfect; One different Smooth; Two different Rough; Three+ different Muddled."""
    assert beer.rating(recipe, favourite, False, RULES.rating_cuts, RULES.contaminant_penalty) == rated


def test_a_contaminant_lowers_the_rating_by_one():
    """If there is a token in your beer's contaminant area, lower the rating by one more."""
    assert beer.rating("LLMD", "LLMD", True, RULES.rating_cuts, RULES.contaminant_penalty) == 1
    assert beer.rating("LLMD", "LMMM", True, RULES.rating_cuts, RULES.contaminant_penalty) == 3


def _serving(customer_fav_recipe, contaminant=None, thirsty=True):
    """A table where the active player has a ready beer of R04 (LLMD, sweet) and C04 (LLMD, likes spicy) waits."""
    g = dealt()
    p = g.active

    def prepare(s):
        for card in ("R04", "C04", "C06"):
            take(s, None, card)
        bottle_ready(s, p, "R04", contaminant)
        if thirsty:
            s["thirsty"].append(customer_fav_recipe)
        else:
            s["loyal"][p].append(customer_fav_recipe)

    return edited(g, prepare), p


def test_a_perfect_serve_pays_makes_the_customer_loyal_and_recalls_a_brewer():
    """If they did rate it "Perfect", add them to your loyal customers if they aren't one and pick any one of your
    brewers in the Brewery to return to your ready area. ... The customer will now pay you the amount written on the
    Recipe card, depending on the final rating."""
    g, p = _serving("C04")
    g.apply("place serve.1")
    g.apply("serve R04 C04")
    assert "C04" in g.loyal[p] and "C04" not in g.thirsty
    assert g.cash[p] == RULES.pay_perfect[beer.shape("LLMD")]  # R04 is sweet, C04 likes spicy: no bonus
    assert g.ready[p] == 2 and not placed(g, p, "serve")  # the only placed brewer came back
    assert g.loyal_from[p]["served"] == 1


def test_a_contaminated_beer_is_not_perfect_and_the_customer_flips_over():
    """If the customer did not rate it "Perfect", flip their card over to indicate they are not thirsty."""
    g, p = _serving("C04", contaminant="H")
    g.apply("place serve.1")
    g.apply("serve R04 C04")
    assert "C04" in g.thirsty and "C04" in g.asleep and "C04" not in g.loyal[p]
    assert g.cash[p] == RULES.pay_lower[0]
    serve = [e for e in g.log if e.kind == "serve"][-1]
    assert serve.data["rating"] == 1 and serve.data["contaminated"]


def test_a_liked_flavour_pays_extra():
    """Some customers also have a favourite flavour. These customers will pay an extra $2 or $3 if their beer has
    their preferred flavour icon."""
    g, p = _serving("C02")  # LLLD, likes sweet +2; R04 LLMD is sweet and one colour off
    g.apply("place serve.1")
    g.apply("serve R04 C02")
    assert g.cash[p] == RULES.pay_lower[0] + 2


def test_the_recipe_returns_to_the_hand_after_serving():
    """Finally, return your recipe to your hand."""
    g, p = _serving("C04")
    g.apply("place serve.1")
    g.apply("serve R04 C04")
    assert "R04" in g.hand[p] and not g.bottles[p]
    assert "R04" in g.view(1 - p)["players"][p]["hand"]  # everyone saw it


def test_a_loyal_customer_may_be_served_again():
    """Select one customer from the thirsty customers or your loyal customers and one of your fully fermented
    recipes."""
    g, p = _serving("C04", thirsty=False)
    g.apply("place serve.1")
    assert "serve R04 C04" in g.legal_actions()


# --- Mash, Flush, Advertise, Manage, Break


def test_mash_fills_empty_slots_and_recycles_an_empty_tin():
    """Shake the tin. Without looking, draw from the tin to fill all empty spaces in your Copper. ... If you empty the
    tin during a Mash, return all discarded Malts and hops to the tin, shake it and continue until you have filled
    your Copper."""
    g = dealt()
    p = g.active

    def empty(s):
        s["copper"][p][:8] = ["."] * 8
        s["discard"] = [s["tin"][i] + s["discard"][i] for i in range(4)]
        s["tin"] = [0, 0, 0, 0]
        s["tin"][0] = 3

    g = edited(g, empty)
    g.apply("place mash.1")
    assert "." not in g.copper[p][:16] and sum(g.discard) == 0


def test_flush_returns_discards_and_swaps_hops_for_chosen_malts():
    """Return all discarded Malts and hops to the tin. You may now swap any or all of the hops in your Copper for
    Malts in the tin. (Selected from the tin - not drawn blind!)."""
    g = dealt()
    p = g.active
    g = edited(g, lambda s: s.__setitem__("discard", [1, 1, 1, 0]))
    hop = next(cu.slot_name(i, 4) for i, t in enumerate(g.copper[p]) if t == "H")
    tin = list(g.tin)
    g.apply("place flush.1")
    assert sum(g.discard) == 0 and g.tin[0] == tin[0] + 1
    g.apply(f"flush {hop} D")
    assert g.copper[p][cu.parse_slot(hop, 4)] == "D" and g.step != "flush"


def test_advertise_needs_a_clean_ready_beer_and_pays_per_loyal_customer():
    """You must have an uncontaminated, fully fermented beer to Advertise. Pay $4 per loyal customer you have. ... Add
    a new customer from the Customer Deck to the Thirsty Customers. Select your ready, uncontaminated beer and a
    Thirsty Customer. Add that customer to your Loyal Customers and return the recipe to your hand."""
    g = dealt()
    p = g.active
    assert "uncontaminated" in refused(g, "place advertise.1")
    g2 = edited(g, lambda s: bottle_ready(s, p, "R16", "H"))
    assert "uncontaminated" in refused(g2, "place advertise.1")

    def clean(s):
        take(s, None, "R16")
        bottle_ready(s, p, "R16")
        s["cash"][p] = 5

    g = edited(g, clean)
    deck = len(g.customer_deck)
    g.apply("place advertise.1")
    assert g.cash[p] == 1 and len(g.customer_deck) == deck - 1
    cid = g.thirsty[-1]
    g.apply(f"advertise R16 {cid}")
    assert cid in g.loyal[p] and "R16" in g.hand[p] and g.loyal_from[p]["advertised"] == 1


def test_advertise_is_refused_without_the_money():
    """Pay $4 per loyal customer you have. (E.g. If you have 3 loyal customers, you must pay $12.)"""
    g = dealt()
    p = g.active

    def broke(s):
        take(s, None, "R16")
        bottle_ready(s, p, "R16")
        s["cash"][p] = 3

    assert "per loyal customer" in refused(edited(g, broke), "place advertise.1")


@pytest.mark.parametrize(("option", "cost"), [("overtime", 1), ("research", 2), ("upgrade", 3), ("hire", 4)])
def test_manage_costs(option, cost):
    """If you send a brewer to the Manage job, you must pay to select one of the following: Overtime $1, Research
    recipes $2, Copper upgrade $3, Hire Staff $4."""
    g = dealt()
    p = g.active

    def rich(s):
        s["cash"][p] = 10
        s["spaces"]["mash"][0] = p
        s["ready"][p] = 1

    g = edited(g, rich)
    g.apply("place manage.1")
    g.apply(f"manage {option}")
    assert g.cash[p] == 10 - cost


def test_manage_effects():
    """Overtime Take back one of your other, previously placed brewers. Research Recipes Take three recipe cards from
    the recipe deck. Add one to the revealed recipes, add one to your hand and shuffle the last back into the recipe
    deck. Copper Upgrade ... You may now use the "side tank" of the Copper too. Hire Staff You may add your third
    brewer to your crew."""
    g = dealt()
    p = g.active

    def rich(s):
        s["cash"][p] = 20
        s["spaces"]["mash"][0] = p
        s["ready"][p] = 1

    base = edited(g, rich)
    g = base.clone()
    g.apply("place manage.1")
    g.apply("manage overtime")
    assert g.legal_actions() == ["overtime mash.1"]
    g.apply("overtime mash.1")
    assert g.ready[p] == 1 and not placed(g, p, "mash")
    g = base.clone()
    g.apply("place manage.1")
    deck, table, hand = len(g.recipe_deck), len(g.table), len(g.hand[p])
    g.apply("manage research")
    assert len(g.research) == 3 and g.view(1 - p)["research"] == [] and g.view(1 - p)["research_count"] == 3
    a, b, c = g.research
    g.apply(f"research table {a} keep {b}")
    assert g.table[-1] == a and b in g.hand[p] and c in g.recipe_deck
    assert (len(g.recipe_deck), len(g.table), len(g.hand[p])) == (deck - 2, table + 1, hand + 1)
    g = base.clone()
    g.apply("place manage.1")
    g.apply("manage upgrade")
    assert g.upgraded[p]
    g = base.clone()
    g.apply("place manage.1")
    g.apply("manage hire")
    assert g.brewers[p] == 3 and "manage hire" not in Microbrew.legal_actions(g)


def test_break_earns_a_dollar_and_wakes_customers():
    """Time for a break! You earn $1 from the vending machines in the brewery staffroom. Any face down customers get
    flipped face up - they're thirsty again!"""
    g = dealt()
    p = g.active
    g = edited(g, lambda s: s.__setitem__("asleep", [s["thirsty"][0]]))
    g.apply("place break.1")
    assert g.cash[p] == 1 and g.asleep == []


# --- the Rest phase and the Brewmaster


def _to_rest(g):
    """Play out round 1 on jobs that touch no card (Break, Mash, Flush, Brew), stopping every sub-step at once."""
    quiet = ("place break", "place mash", "place flush", "place brew", "done", "stop", "decline")
    while g.round == 1 and not g.is_over:
        legal = g.legal_actions()
        g.apply(next((a for a in legal if a.startswith(quiet)), legal[0]))
    return g


def test_rest_gathers_brewers_flips_customers_and_adds_a_customer_and_a_recipe():
    """Gather Brewers ... Flip Customers ... New Customers - Add a new customer from the customer deck to the thirsty
    customers. Add a Recipe - Add a new recipe to the revealed recipes."""
    g = dealt()
    g = edited(g, lambda s: s.__setitem__("asleep", [s["thirsty"][0]]))
    deck, table, thirsty = len(g.customer_deck), len(g.table), len(g.thirsty)
    g = _to_rest(g)
    assert g.round == 2 and g.ready == g.brewers and all(x is None for s in g.spaces.values() for x in s)
    # the Brewmaster moved Manage -> Flush: no extra card this time
    assert g.brewmaster == "flush" and len(g.customer_deck) == deck - 1 and len(g.thirsty) == thirsty + 1
    assert len(g.table) == table + 1


def test_the_brewmasters_path_and_effects():
    """Move the Brewmaster to the next location in the following path: Flush -> Advertise -> Manage -> Flush
    (repeating) ... Flush: Take all discarded tokens and place them in the tin. Manage: Draw an additional revealed
    recipe. Advertise: Draw an additional Thirsty Customers."""
    g = dealt()
    g = edited(g, lambda s: s.__setitem__("discard", [2, 0, 0, 0]))
    g = _to_rest(g)
    assert g.brewmaster == "flush" and sum(g.discard) == 0
    deck = len(g.customer_deck)
    g = _to_rest(edited(g, lambda s: s.__setitem__("round", 1)))
    assert g.brewmaster == "advertise" and len(g.customer_deck) == deck - 2
    table = len(g.table)
    g = _to_rest(edited(g, lambda s: s.__setitem__("round", 1)))
    assert g.brewmaster == "manage" and len(g.table) == table + 2


# --- the end


def test_deck_out_finishes_the_round_then_one_more_full_round():
    """When the last card is drawn from the Customer Deck, finish that round then play one final full round and then
    the game ends."""
    g = dealt()
    g = edited(g, lambda s: s.__setitem__("customer_deck", s["customer_deck"][:1]))
    g = _to_rest(g)
    assert g.final_round == 2 and not g.is_over
    while not g.is_over:
        g.apply(g.legal_actions()[-1])
    assert g.ended_by == "deck_out" and g.round == 2


def test_the_game_ends_at_once_when_all_twelve_customers_are_loyal():
    """The game will also end immediately if all 12 Customers are Loyal."""
    g, p = _serving("C04")

    def all_loyal(s):
        others = [c.id for c in RULES.customers if c.id != "C04"]
        s["loyal"] = [others[:6], others[6:]]
        s["thirsty"], s["customer_deck"] = ["C04"], []

    g = edited(g, all_loyal)
    g.apply("place serve.1")
    g.apply("serve R04 C04")
    assert g.is_over and g.ended_by == "all_loyal" and g.round == 1 and g.decision is None


def _ending(change):
    g = dealt()
    g = edited(g, change)
    from bourbon_lab.games.microbrew import ending

    ending.finish(g, "deck_out")
    return g


def test_a_regional_reputation_scores_for_the_single_leader():
    """If it is a regional card, the single player who has the most loyal customers with flags shown on the card
    counts as having one extra loyal customer."""

    def north(s):
        s["public_reps"], s["secret_reps"] = ["P01"], [["P02", "P03"], ["P02", "P03"]]
        s["loyal"] = [["C01", "C05"], ["C09"]]  # North, North / North

    g = _ending(north)
    assert [r.parts["reputation"] for r in g.score_rows()] == [1, 0]

    def tie(s):
        north(s)
        s["loyal"] = [["C01"], ["C09"]]

    assert [r.parts["reputation"] for r in _ending(tie).score_rows()] == [0, 0]


def test_a_flavour_reputation_scores_for_the_most_recipes_of_its_flavour():
    """If it is a flavour card, the single player who has collected the most recipe card with the required flavour
    icon - malty, spicy, or sweet - counts as having one extra loyal customer."""

    def spicy(s):
        s["public_reps"], s["secret_reps"] = ["P06"], [["P01", "P04"], ["P01", "P04"]]
        s["loyal"] = [["C02"], ["C03"]]  # South / East: nobody leads North or West
        s["hand"], s["secret"] = [["R06"], ["R07", "R08"]], [[], []]

    assert [r.parts["reputation"] for r in _ending(spicy).score_rows()] == [0, 1]


def test_a_secret_reputation_scores_only_if_only_its_owner_meets_it():
    """Then each player should reveal one of their secret Reputation cards. If they (and only they) managed to fill
    its requirements, they will count as having one extra loyal customer. The other is discarded and does not
    score."""

    def secret(s):
        s["public_reps"], s["secret_reps"] = ["P07"], [["P01", "P04"], ["P01", "P03"]]
        s["loyal"] = [["C01", "C05"], ["C03"]]  # North x2 / East x1
        s["hand"], s["secret"] = [[], []], [[], []]

    g = _ending(secret)
    assert [r.parts["reputation"] for r in g.score_rows()] == [1, 1]  # P01 for 0, P03 for 1
    assert g.revealed_reps == [["P01"], ["P03"]]


def test_the_winner_has_the_most_loyal_then_the_most_money_then_beer_wins():
    """The winner is the player with the most loyal customers (including reputation bonuses). If that is a tie, the
    player with most money wins. If it still a tie, beer itself is the winner."""

    def tie(s):
        s["public_reps"], s["secret_reps"], s["cash"] = ["P07"], [["P05", "P06"], ["P05", "P06"]], [5, 3]
        s["hand"], s["secret"], s["loyal"] = [[], []], [[], []], [["C01"], ["C03"]]

    g = _ending(tie)
    assert [r.won for r in g.score_rows()] == [True, False]
    g = _ending(lambda s: (tie(s), s.__setitem__("cash", [4, 4])))
    assert [r.won for r in g.score_rows()] == [True, True]


# --- 3 and 4 players


def test_three_and_four_players_use_two_decks_with_discards():
    """Shuffle the two customer decks together, then discard 4. Shuffle the two recipe decks together, then discard 6.
    ... shuffle both reputation card decks together, deal two face up and then two to each player."""
    g = dealt(players=4)
    customers = len(g.customer_deck) + len(g.thirsty) + sum(map(len, g.loyal))
    recipes = len(g.recipe_deck) + len(g.table) + sum(map(len, g.hand))
    assert customers == 24 - 4 and len(g.customer_unseen) == 4
    assert recipes == 32 - 6 and len(g.recipe_unseen) == 6
    assert len(g.public_reps) == 2 and [len(s) for s in g.secret_reps] == [2] * 4


def test_the_three_four_side_adds_serve_bottle_manage_and_break_spaces():
    """Use the 3 / 4 side of the brewery cards. This will add extra spaces to the Serve & Bottle actions for 3 players
    and a further Manage & Break space for 4 players."""
    two, three, four = (dealt(players=n).spaces for n in (2, 3, 4))
    assert (len(three["serve"]), len(three["bottle"])) == (len(two["serve"]) + 1, len(two["bottle"]) + 1)
    assert (len(four["manage"]), len(four["break"])) == (len(three["manage"]) + 1, len(three["break"]) + 1)


def test_no_free_brew_with_three_or_four_players():
    """If a brewer is sent to the brewmasters location, no-one gets the "free" brew action."""
    g = dealt(players=3)
    g = edited(g, lambda s: s.__setitem__("brewmaster", "flush"))
    g.apply("place flush.1")
    while g.step == "flush":
        g.apply("done")
    assert g.step == "place" and g.interrupt is None


def test_a_replaced_brewer_goes_to_a_break_space_and_earns_a_dollar():
    """If a brewer is replaced, do not immediately return them to their owner - place them on a Break space. Their
    owner earns $1."""
    g = dealt(players=3)
    p = g.active
    q = (p + 1) % 3

    def q_brewing(s):
        s["spaces"]["mash"][0] = q

    g = edited(g, q_brewing)
    g.apply("place mash.1")
    assert placed(g, p, "mash") and placed(g, q, "break") and g.cash[q] == 1 and g.ready[q] == 2


def test_a_full_break_sends_a_brewer_home_first():
    """If all Break spaces are occupied, return any brewer from a break space to its owner then place the original
    replaced as above."""
    g = dealt(players=3)
    p = g.active
    q, r = (p + 1) % 3, (p + 2) % 3

    def full(s):
        s["spaces"]["mash"][0] = q
        s["spaces"]["break"][0] = r
        s["ready"][r] = 1

    g = edited(g, full)
    g.apply("place mash.1")
    assert g.step == "evict" and g.legal_actions() == ["evict break.1"]
    g.apply("evict break.1")
    assert g.ready[r] == 2 and placed(g, q, "break") and g.cash[q] == 1


def test_manage_prices_differ_with_three_or_four_players():
    """Note that the prices in the Manage action are different in 3 & 4 player!"""
    g = dealt(players=4)
    p = g.active
    g = edited(g, lambda s: s["cash"].__setitem__(p, 10))
    g.apply("place manage.1")
    g.apply("manage hire")
    assert g.cash[p] == 10 - RULES.manage_cost_34p[3] and RULES.manage_cost_34p != RULES.manage_cost_2p


def test_three_four_players_reveal_two_customers_and_two_recipes_each_rest():
    """During step 3 & 4 of the Rest phase, reveal two new customers and two new recipes."""
    g = dealt(players=3)
    deck, table = len(g.customer_deck), len(g.table)
    g = _to_rest(g)
    assert len(g.customer_deck) == deck - 2 and len(g.table) == table + 2  # the Brewmaster went to Flush


def test_two_copies_of_a_reputation_may_both_score():
    """(If a player is dealt two the same, they may score both at the end of the game if they meet that condition.)"""

    def twice(s):
        s["public_reps"] = ["P07", "P07b"]
        s["secret_reps"] = [["P01", "P01b"], ["P02", "P03"], ["P02b", "P03b"]]
        s["loyal"] = [["C01"], [], []]
        s["hand"], s["secret"] = [[], [], []], [[], [], []]

    g = dealt(players=3)
    g = edited(g, twice)
    from bourbon_lab.games.microbrew import ending

    ending.finish(g, "deck_out")
    assert g.score_rows()[0].parts["reputation"] == 2


# --- our safety nets


def test_endless_replacement_stops_at_the_placement_cap():
    """(ours) The book sets no limit on replacing each other; after placement_cap placements in a round, replacing is
    illegal and the game is flagged."""
    g = dealt(rules=RULES.replace(placement_cap=10))
    while g.placements < 10 and g.round == 1:
        legal = g.legal_actions()
        swap = [a for a in legal if a.startswith("place break") or a.startswith("place mash")]
        g.apply(swap[0] if swap else legal[-1])
    assert g.cap_hit
    taken = [job for job, s in g.spaces.items() if None not in s and g.active not in s]
    assert all(not a.startswith(tuple(f"place {j}" for j in taken)) for a in g.legal_actions())


def test_every_refusal_names_a_rule_and_changes_nothing():
    """(protocol) An illegal action raises IllegalAction naming the rule and leaves the snapshot byte-identical."""
    g = dealt()
    for bad in ("serve R01 C01", "place nowhere.1", "swap up", "place brew.9", "hop 1,1", "nonsense"):
        assert refused(g, bad)


def test_who_starts_the_next_round():
    """(ours, from the book's tracker) The active player then slides the turn tracker across to the other player ...
    and so on until all players have no unassigned brewers. The book does not say who starts the next round: the
    next seat does by default (round_starter: rotate); the player the tracker reached (tracker) and the first
    player (first) are the other readings."""
    g = _to_rest(dealt(rules=RULES.replace(round_starter="tracker")))
    last = [e for e in g.log if e.kind in ("placement", "pass") and e.round == 1][-1].player
    assert g.round == 2 and g.active == (last + 1) % 2
    assert _to_rest(dealt(rules=RULES.replace(round_starter="first"))).active == 0
    assert _to_rest(dealt()).active == 1


def test_the_serve_pay_house_hook_is_told_who_serves_what_to_whom():
    """A house rule on ``serve_pay`` ("compare the colours on the recipe against those on the customer card") is
    given the serving player, recipe, customer and rating of each serve, and what it returns is paid."""
    from bourbon_lab.bots import make_bot
    from bourbon_lab.core.house import house_rule

    seen = []

    @house_rule("microbrew")
    def seat_one_serves_for_one_more(rule):
        "P1's serves pay one more."

        @rule.quantity("serve_pay")
        def pay(h, base, player, recipe, customer, rating):
            seen.append((player, recipe, customer, rating))
            return base + (player == 1)

    g = bl.new_game(RULES.with_house_rules(seat_one_serves_for_one_more), players=2, seed=5)
    bots = [make_bot("heuristic", seed=s, game="microbrew") for s in range(2)]
    while not g.is_over:
        g.apply(bots[g.decision.actor].choose(g.observe(g.decision.actor), g.legal_actions()), check=False)
    serves = [e for e in g.log if e.kind == "serve"]
    assert {e.player for e in serves} == {0, 1}, "both seats must serve, or this test proves little"
    assert seen == [(e.player, e.data["recipe"], e.data["customer"], e.data["rating"]) for e in serves]
    plain = beer.pay
    for e in serves:
        recipe = g.cards[e.data["recipe"]]
        assert e.data["pay"] == plain(recipe.colours, e.data["rating"], RULES.pay_perfect, RULES.pay_lower) + e.player
