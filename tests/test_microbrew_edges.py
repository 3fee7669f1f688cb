"""Microbrew: every threshold the book states, tested at its edge, and every place the book moves something to.

Issue 31, part 2. The rulebook (``seeds/003_cf595cc41f2b9114.txt``) is the source of truth; our defaults
where it is silent are in ``docs/games/microbrew-rules-decisions.md``. A threshold that is a ruleset field is
tested at value - 1, value and value + 1, read from the ruleset when the tests are collected, and again
under a ruleset with the field changed (``RULES.replace``), so a changed field is still tested at its edge.
A threshold that is a constant in the code is tested at the book's number. Every "place" test asserts
where the thing ends up *and* that it is nowhere else.

Thresholds (field, or constant in the code) and the book's words:

==============================  ===============================  ===================================================
threshold                       field / constant                 book
==============================  ===============================  ===================================================
spaces per job, 2 / 3 / 4 pl.   ``spaces_2p/3p/4p`` (ours, the   "Each job is represented by one or two spaces on
                                book's increments at 3-4)        the brewery cards. Each space can be occupied by
                                                                 one brewer doing that job." / "add extra spaces
                                                                 to the Serve & Bottle actions for 3 players and a
                                                                 further Manage & Break space for 4 players."
one brewer per job per player   constant 1                       "If your brewer already occupies a location, you
                                                                 cannot send a brewer to that location."
Break capacity (3-4 players)    ``spaces_3p/4p[break]``          "If all Break spaces are occupied, return any
                                                                 brewer from a break space to its owner then place
                                                                 the original replaced as above."
Perfect / Smooth / Rough cuts   ``rating_cuts`` [0, 1, 2]        "All the same | Perfect ... One different | Smooth
                                                                 ... Two different | Rough ... Three+ different |
                                                                 Muddled"
contaminant penalty             ``contaminant_penalty`` 1        "If there is a token in your beer's contaminant
                                                                 area, lower the rating by one more."
contaminant area holds one      constant 1                       "If the contaminant area already has a token in
                                                                 it ... discard the selected token."
beer ready                      constant 0 tokens left           "If there are no tokens left on the recipe except
                                                                 in the contaminant area, the beer is ready"
all customers loyal             12 cards x copies - ``customers  "The game will also end immediately if all 12
                                _discard_34p``                   Customers are Loyal."
deck-out, final round           ``final_rounds_after_deckout``   "When the last card is drawn from the Customer
                                1, ``rest_customers_2p`` 1       Deck, finish that round then play one final full
                                                                 round and then the game ends."
Advertise cost                  ``advertise_per_loyal`` 4        "Pay $4 per loyal customer you have. (E.g. If you
                                                                 have 3 loyal customers, you must pay $12.)"
Manage costs                    ``manage_cost_2p`` [1, 2, 3, 4],  "Overtime $1 | Research recipes $2 | Copper
                                ``manage_cost_34p`` (ours)       upgrade $3 | Hire Staff $4" / "the prices in the
                                                                 Manage action are different in 3 & 4 player!"
Hire: the third brewer          ``brewers_max`` 3                "Hire Staff You may add your third brewer to your
                                                                 crew."
Overtime: another placed one    constant 1                       "Overtime Take back one of your other, previously
                                                                 placed brewers."
Research draw                   ``research_draw`` 3              "Take three recipe cards from the recipe deck."
reputation: the single leader   constant (lead of 1)             "the single player who has the most loyal
                                                                 customers with flags" / "If they (and only they)"
winner, then money              constant (lead of 1)             "The winner is the player with the most loyal
                                                                 customers ... If that is a tie, the player with
                                                                 most money wins."
player counts                   constant 2..4 (``GameInfo``)     "If you have two copies of Microbrew, you can play
                                                                 with more players"; 3 & 4 Players changes
2 vs 3-4 players                ``*_2p`` / ``*_34p`` fields      "During step 3 & 4 of the Rest phase, reveal two
                                                                 new customers and two new recipes." etc.
free Brew                       constant: 2 players, the         "If the Brewmaster already occupies a space ...
                                Brewmaster's job                 your opponent may immediately take a Brew action"
                                                                 / "no-one gets the "free" brew action."
setup counts                    ``start_thirsty`` 2, ``start_    "reveal two more customers", "reveal three", "Deal
                                revealed_recipes`` 3, ``start_   one secretly to each player", "deal one face up
                                hand`` 1, ``public_reputations_  ... and then two secretly", "take 2 brewer
                                2p/34p`` 1/2, ``secret_reputa    figures", "discard 4", "discard 6", "16 yellow
                                tions`` 2, ``brewers_start`` 2,  light malt, 16 orange medium malt, 16 brown dark
                                ``customers/recipes_discard_34p``malt, 6 green hop"
                                4/6, ``tin``
Rest counts                     ``rest_customers/recipes_2p/34p`` "Add a new customer", "Add a new recipe"; 3-4:
                                                                 "reveal two new customers and two new recipes"
Break / replaced income         ``break_income`` 1,              "You earn $1 from the vending machines" / "Their
                                ``evicted_income`` 1             owner earns $1."
empty tin during a Mash         constant 0 tokens                "If you empty the tin during a Mash, return all
                                                                 discarded Malts and hops to the tin"
a bottle takes a full column    ``copper_rows`` (ours)           "Select a column of your Copper and collect the
                                                                 tokens. Add them to the four spaces on the bottle"
placement cap, round limit      ``placement_cap`` 40,            (ours: safety nets; the book sets no limit)
                                ``round_limit`` 30
money                           no cap (book silent); never < 0  every cost above is refused a dollar short
==============================  ===============================  ===================================================

Places (each asserted as the one place it ends up): a replaced brewer (2 players: its owner; 3-4: a Break space),
a brewer sent home from a full Break, a brewer recalled after a Perfect, by Overtime, a hired one; a customer
served Perfect (the server's loyal pile), served less (stays, face down), advertised (loyal pile); a served or
advertised recipe (the hand), a bottled one (the bottle); a fermented token (the discards or the contaminant
area), a served contaminant (the discards, ours); Flush's discards and hops (the tin); Research's three cards
(table, hand, deck); the extra recipe returned (the deck); the Rest's new cards; the unrevealed reputation.
"""

from __future__ import annotations

import json

import pytest

import bourbon_lab as bl
from bourbon_lab.games.microbrew import Microbrew, beer, ending
from bourbon_lab.games.microbrew.content import JOBS, MANAGE, RATINGS
from bourbon_lab.games.microbrew.invariants import broken, count

RULES = bl.default_rules("microbrew")
BREAK = JOBS.index("break")


# --- tables at a precise point


def dealt(players=2, rules=RULES, seed=0):
    """A table after setup: hops on the first malt, every extra recipe declined."""
    g = bl.new_game(rules, players=players, seed=seed)
    while g.step in ("hop", "compensation"):
        g.apply(g.legal_actions()[0] if g.step == "hop" else "decline")
    return g


def edited(g, change):
    """The same table with ``change(snapshot)`` applied, rebuilt through ``restore`` (as a scenario would)."""
    snap = json.loads(json.dumps(g.snapshot()))
    change(snap)
    return Microbrew.restore(snap)


def take(snap, card):
    """Remove a card from every zone of a snapshot (decks, table, rows, hands, loyal piles, the unseen)."""
    for zone in ("customer_deck", "recipe_deck", "table", "thirsty", "customer_unseen", "recipe_unseen"):
        if card in snap[zone]:
            snap[zone].remove(card)
    for p in range(snap["n"]):
        for zone in ("hand", "secret", "loyal"):
            if card in snap[zone][p]:
                snap[zone][p].remove(card)


def ready_beer(snap, p, recipe, contaminant=None):
    take(snap, recipe)
    snap["bottles"][p].append({"recipe": recipe, "left": [], "contaminant": contaminant})


def place_on(snap, seat, job, k):
    """Seat ``seat``'s brewer on ``job`` space ``k`` (from 0), taken from its ready area."""
    snap["spaces"][job][k] = seat
    snap["ready"][seat] = max(0, snap["ready"][seat] - 1)


def where(g, card):
    """Every zone holding ``card`` (``hand[0]``, ``thirsty``...): the place tests want exactly one."""
    out = [
        z
        for z in ("customer_deck", "recipe_deck", "table", "thirsty", "customer_unseen", "recipe_unseen", "research")
        if card in getattr(g, z)
    ]
    out += [z for z in ("public_reps", "aside_reps") if card in getattr(g, z)]
    for p in range(g.n):
        out += [f"{z}[{p}]" for z in ("hand", "loyal", "secret_reps", "revealed_reps") if card in getattr(g, z)[p]]
        out += [f"bottles[{p}]" for b in g.bottles[p] if b["recipe"] == card]
    return out


def spots(g, seat):
    """Where seat's brewers are: ``ready`` count and the spaces they hold."""
    placed = [f"{job}.{k + 1}" for job, s in g.spaces.items() for k, q in enumerate(s) if q == seat]
    return g.ready[seat], placed


def events(g, kind):
    return [e for e in g.log if e.kind == kind]


def perfect_pair_in_play(g):
    """A recipe and a customer in play (not set aside unseen at 3-4 players) that make a Perfect beer."""
    copies = ("", "b") if g.n > 2 else ("",)
    return next(
        (r.id + a, c.id + b)
        for r in g.rules.recipes
        for c in g.rules.customers
        for a in copies
        for b in copies
        if beer.differences(r.colours, c.favourite) == 0
        and r.id + a not in g.recipe_unseen
        and c.id + b not in g.customer_unseen
    )


def pair_with_differences(d):
    """A (recipe, customer) of the ruleset's cards whose colours differ in exactly ``d`` places."""
    return next(
        (r.id, c.id)
        for r in RULES.recipes
        for c in RULES.customers
        if beer.differences(r.colours, c.favourite) == d and (c.likes is None or c.likes != r.flavour)
    )


def quiet(g):
    """A move that touches no card: a free Brew, Mash, Flush or Break space, and stop/done/decline at once."""
    legal = g.legal_actions()
    for a in legal:
        if a.startswith("place "):
            job, _, k = a.split()[1].partition(".")
            if job in ("brew", "mash", "flush", "break") and g.spaces[job][int(k) - 1] is None:
                return a
    return next((a for a in legal if a in ("stop", "done", "decline")), legal[0])


def edge_ids(prefix, value, delta):
    return f"{prefix}={value}{delta:+d}"


# --- spaces per job (generated from spaces_2p / spaces_3p / spaces_4p)


def _spaces(rules, n):
    return getattr(rules, f"spaces_{n}p")


SPACE_RULES = {
    "book": RULES,
    "changed": RULES.replace(**{f"spaces_{n}p": [min(v + 1, 3) for v in _spaces(RULES, n)] for n in (2, 3, 4)}),
}
SPACE_CASES = [
    pytest.param(which, n, job, delta, id=f"{which}-{n}p-{job}-{edge_ids('k', _spaces(r, n)[i], delta)}")
    for which, r in SPACE_RULES.items()
    for n in (2, 3, 4)
    for i, job in enumerate(JOBS)
    for delta in (-1, 0, 1)
]


def _everything_open(s, p):
    """Every job's prerequisite met for ``p``: a clean ready beer, money, the Copper as dealt (full)."""
    ready_beer(s, p, s["recipe_deck"][0])
    s["cash"][p] = 50


@pytest.mark.parametrize(("which", "n", "job", "delta"), SPACE_CASES)
def test_spaces_per_job_at_the_edge(which, n, job, delta):
    """Each job is represented by one or two spaces on the brewery cards. Each space can be occupied by one brewer
    doing that job. ... you can always replace your opponent's to do their job. (3 & 4 Players: "This will add extra
    spaces to the Serve & Bottle actions for 3 players and a further Manage & Break space for 4 players.")

    With k spaces: k - 1 other brewers leave space k free (a plain placement); k fill it (the next brewer must
    replace one); there is never a space k + 1."""
    rules = SPACE_RULES[which]
    k = _spaces(rules, n)[JOBS.index(job)]
    g = dealt(n, rules)
    p = g.active
    others = [q for q in range(n) if q != p]

    def prepare(s):
        _everything_open(s, p)
        for i in range(k - 1 if delta < 0 else k):
            place_on(s, others[i % len(others)], job, i)

    g = edited(g, prepare)
    assert len(g.spaces[job]) == k
    mine = [a for a in g.legal_actions() if a.startswith(f"place {job}.")]
    if delta < 0:
        assert mine == [f"place {job}.{k}"]
        g.apply(mine[0])
        assert events(g, "placement")[-1].data["replaced"] is None
    else:
        assert mine == [f"place {job}.{i + 1}" for i in range(k)]  # every space full: each is a replacement
        with pytest.raises(bl.IllegalAction):
            g.apply(f"place {job}.{k + 1}")
        g.apply(f"place {job}.{k}")
        assert events(g, "placement")[-1].data["replaced"] == others[(k - 1) % len(others)]
    assert g.spaces[job][k - 1] == p and len(g.spaces[job]) == k


@pytest.mark.parametrize("own", [0, 1])
def test_one_brewer_per_job_per_player(own):
    """If your brewer already occupies a location, you cannot send a brewer to that location. (Brew has 2 spaces, so
    a free space is there: with 0 of my brewers on it I may go, with 1 I may not.)"""
    g = dealt()
    p = g.active
    g = edited(g, lambda s: [place_on(s, p, "brew", 0) for _ in range(own)])
    assert None in g.spaces["brew"]
    if own:
        with pytest.raises(bl.IllegalAction, match="already occupies"):
            g.apply("place brew.2")
    else:
        g.apply("place brew.1")
        assert g.spaces["brew"][0] == p


# --- Break capacity at 3-4 players (generated from the break entry of spaces_3p / spaces_4p)

BREAK_RULES = {
    "book": RULES,
    "changed": RULES.replace(
        spaces_3p=[*RULES.spaces_3p[:BREAK], RULES.spaces_3p[BREAK] + 1],
        spaces_4p=[*RULES.spaces_4p[:BREAK], RULES.spaces_4p[BREAK] + 1],
    ),
}
BREAK_CASES = [
    pytest.param(which, n, delta, id=f"{which}-{n}p-{edge_ids('break', _spaces(r, n)[BREAK], delta)}")
    for which, r in BREAK_RULES.items()
    for n in (3, 4)
    for delta in (-1, 0, 1)
]


@pytest.mark.parametrize(("which", "n", "delta"), BREAK_CASES)
def test_break_capacity_at_the_edge(which, n, delta):
    """If a brewer is replaced, do not immediately return them to their owner - place them on a Break space. Their
    owner earns $1. If all Break spaces are occupied, return any brewer from a break space to its owner then place
    the original replaced as above.

    With b Break spaces: b - 1 on Break, the replaced brewer takes the free one; b (full), one goes home first;
    the Break never holds b + 1."""
    rules = BREAK_RULES[which]
    b = _spaces(rules, n)[BREAK]
    g = dealt(n, rules)
    p = g.active
    q = (p + 1) % n
    resting = [s for s in range(n) if s not in (p, q)] + [q]

    def prepare(s):
        place_on(s, q, "mash", 0)
        for i in range(b - 1 if delta < 0 else b):
            place_on(s, resting[i], "break", i)

    g = edited(g, prepare)
    cash = list(g.cash)
    g.apply("place mash.1")
    assert g.spaces["mash"] == [p]
    if delta < 0:
        assert g.step != "evict" and g.spaces["break"][b - 1] == q
    else:
        assert g.step == "evict" and g.legal_actions() == [f"evict break.{i + 1}" for i in range(b)]
        home = g.spaces["break"][0]
        ready, placed = spots(g, home)
        g.apply("evict break.1")
        assert g.spaces["break"][0] == q
        assert spots(g, home) == (ready + 1, [x for x in placed if x != "break.1"])  # back in its owner's ready area
    assert len(g.spaces["break"]) == b and sum(x is not None for x in g.spaces["break"]) == b  # never b + 1
    assert g.cash[q] == cash[q] + rules.evicted_income


# --- ratings (generated from rating_cuts and contaminant_penalty)

CUT_RULES = {"book": RULES, "changed": RULES.replace(rating_cuts=[1, 2, 3])}
CUT_CASES = [
    pytest.param(which, i, c + delta, id=f"{which}-{RATINGS[i]}-{edge_ids('cut', c, delta)}")
    for which, r in CUT_RULES.items()
    for i, c in enumerate(r.rating_cuts)
    for delta in (-1, 0, 1)
    if 0 <= c + delta <= 4
]


@pytest.mark.parametrize(("which", "i", "d"), CUT_CASES)
def test_rating_cuts_at_the_edge(which, i, d):
    """The order of the Malts doesn't matter, just compare the colours on the recipe against those on the customer
    card: All the same | Perfect; One different | Smooth; Two different | Rough; Three+ different | Muddled.

    Cut i is the most colours different that still rate RATINGS[i]: at the cut and below it the beer rates that
    or better, one above it one worse."""
    rules = CUT_RULES[which]
    c = rules.rating_cuts[i]
    favourite = "L" * (4 - d) + "D" * d
    assert beer.differences("LLLL", favourite) == d
    rated = beer.rating("LLLL", favourite, False, rules.rating_cuts, rules.contaminant_penalty)
    if d < c:
        assert rated <= i
    elif d == c:
        assert rated == i
    else:
        assert rated == i + 1


def _serve(rules, recipe, customer, contaminant=None, n=2):
    """Serve ``recipe`` (ready, for the active player) to the thirsty ``customer``; the table after it."""
    g = dealt(n, rules)
    p = g.active

    def prepare(s):
        ready_beer(s, p, recipe, contaminant)
        take(s, customer)
        s["thirsty"].append(customer)

    g = edited(g, prepare)
    g.apply("place serve.1")
    g.apply(f"serve {recipe} {customer}")
    return g, p


PERFECT_CASES = [
    pytest.param(which, r.rating_cuts[0] + delta, id=f"{which}-{edge_ids('perfect', r.rating_cuts[0], delta)}")
    for which, r in CUT_RULES.items()
    for delta in (-1, 0, 1)
    if r.rating_cuts[0] + delta >= 0
]


@pytest.mark.parametrize(("which", "d"), PERFECT_CASES)
def test_the_perfect_cut_decides_loyalty_at_the_edge(which, d):
    """If the customer did not rate it "Perfect", flip their card over to indicate they are not thirsty. If they did
    rate it "Perfect", add them to your loyal customers if they aren't one and pick any one of your brewers in the
    Brewery to return to your ready area."""
    rules = CUT_RULES[which]
    recipe, customer = pair_with_differences(d)
    g, p = _serve(rules, recipe, customer)
    if d <= rules.rating_cuts[0]:
        assert where(g, customer) == [f"loyal[{p}]"] and customer not in g.asleep
        assert spots(g, p) == (2, [])  # the Serve brewer came back
    else:
        assert where(g, customer) == ["thirsty"] and customer in g.asleep
        assert spots(g, p) == (1, ["serve.1"])


PENALTY_CASES = [
    pytest.param(penalty, contaminant, id=f"penalty={penalty}-{'one token' if contaminant else 'empty'}")
    for penalty in (RULES.contaminant_penalty - 1, RULES.contaminant_penalty, RULES.contaminant_penalty + 1)
    for contaminant in (None, "H")
]


@pytest.mark.parametrize(("penalty", "contaminant"), PENALTY_CASES)
def test_a_contaminant_lowers_the_rating_by_the_penalty(penalty, contaminant):
    """If there is a token in your beer's contaminant area, lower the rating by one more. (Three+ different |
    Muddled: Muddled is the last row, so the floor.)"""
    rules = RULES.replace(contaminant_penalty=penalty)
    recipe, customer = pair_with_differences(0)
    g, p = _serve(rules, recipe, customer, contaminant)
    rated = events(g, "serve")[-1].data["rating"]
    assert rated == (penalty if contaminant else 0)
    assert (customer in g.loyal[p]) is (rated == 0)
    for d in range(5):  # the floor, at every distance
        got = beer.rating("LLLL", "L" * (4 - d) + "D" * d, contaminant is not None, rules.rating_cuts, penalty)
        assert got == min(3, min(d, 3) + (penalty if contaminant else 0))


# --- fermentation: the contaminant area holds one token, a beer is ready at none left


def _ferment_once(g):
    """One placement (a free Break space or Mash) and the fermentation after it."""
    p = g.active
    g.apply("place break.1" if g.spaces["break"][0] is None else "place mash.1")
    return p


def from_tin(s, tokens):
    """Take ``tokens`` out of a snapshot's tin, so a token put on the table by hand keeps the box's count."""
    for t in tokens:
        s["tin"]["LMDH".index(t)] -= 1


@pytest.mark.parametrize("already", [0, 1])
def test_the_contaminant_area_holds_one_token(already):
    """If the contaminant area already has a token in it or the selected token is a Malt that matches the one marked
    on the recipe, discard the selected token. Otherwise place it in the contaminant area."""
    g = dealt()
    p = g.active
    first = "L" if already else None

    def prepare(s):
        s["bottles"][p].append({"recipe": "R04", "left": ["HM", "DD"], "contaminant": first})
        from_tin(s, "HD" + (first or ""))

    g = edited(g, prepare)
    discard = list(g.discard)
    _ferment_once(g)
    b = g.bottles[p][0]
    assert b["left"] == ["DD"] and broken(g) == []
    if already:  # the area is full: the hop goes to the discards, the first contaminant stays
        assert b["contaminant"] == "L" and g.discard == [*discard[:3], discard[3] + 1]
    else:
        assert b["contaminant"] == "H" and g.discard == discard


@pytest.mark.parametrize("left", [1, 2])
def test_a_beer_is_ready_when_no_token_is_left(left):
    """For every recipe with tokens on them, one token will either be removed or become a contaminant. If ... the
    selected token is a Malt that matches the one marked on the recipe, discard the selected token. ... If there are
    no tokens left on the recipe except in the contaminant area, the beer is ready to serve!"""
    g = dealt()
    p = g.active
    tokens = ["LL", "DD"][:left]

    def prepare(s):
        s["bottles"][p].append({"recipe": "R04", "left": list(tokens), "contaminant": None})
        from_tin(s, "".join(t[0] for t in tokens))

    g = edited(g, prepare)
    discard = list(g.discard)
    _ferment_once(g)
    assert g.discard == [discard[0] + 1, *discard[1:]] and broken(g) == []  # the matching malt: the discards
    assert g.bottles[p][0]["left"] == tokens[1:]
    assert [e.data["recipe"] for e in events(g, "beer_ready")] == (["R04"] if left == 1 else [])


# --- Advertise's cost (generated from advertise_per_loyal)

ADVERTISE_RULES = {"book": RULES, "changed": RULES.replace(advertise_per_loyal=RULES.advertise_per_loyal - 1)}
ADVERTISE_CASES = [
    pytest.param(
        which, loyal, delta, id=f"{which}-{loyal}loyal-{edge_ids('cash', r.advertise_per_loyal * loyal, delta)}"
    )
    for which, r in ADVERTISE_RULES.items()
    for loyal in (1, 3)
    for delta in (-1, 0, 1)
]


@pytest.mark.parametrize(("which", "loyal", "delta"), ADVERTISE_CASES)
def test_advertise_costs_per_loyal_customer_at_the_edge(which, loyal, delta):
    """Pay $4 per loyal customer you have. (E.g. If you have 3 loyal customers, you must pay $12.)"""
    rules = ADVERTISE_RULES[which]
    cost = rules.advertise_per_loyal * loyal
    g = dealt(rules=rules)
    p = g.active

    def prepare(s):
        ready_beer(s, p, "R16")
        for c in s["customer_deck"][: loyal - len(s["loyal"][p])]:
            take(s, c)
            s["loyal"][p].append(c)
        s["cash"][p] = cost + delta

    g = edited(g, prepare)
    assert len(g.loyal[p]) == loyal
    if delta < 0:
        with pytest.raises(bl.IllegalAction, match="per loyal customer"):
            g.apply("place advertise.1")
        return
    g.apply("place advertise.1")
    assert g.cash[p] == delta and events(g, "advertise_paid")[-1].data["cost"] == cost


# --- Manage (generated from manage_cost_2p / manage_cost_34p)

MANAGE_RULES = {
    "book": RULES,
    "changed": RULES.replace(manage_cost_2p=[2, 4, 5, 6], manage_cost_34p=[3, 5, 6, 7]),
}
MANAGE_CASES = [
    pytest.param(which, n, option, delta, id=f"{which}-{n}p-{option}-{edge_ids('cash', cost, delta)}")
    for which, r in MANAGE_RULES.items()
    for n in (2, 4)
    for option, cost in zip(MANAGE, r.manage_cost_2p if n == 2 else r.manage_cost_34p)
    for delta in (-1, 0, 1)
]


@pytest.mark.parametrize(("which", "n", "option", "delta"), MANAGE_CASES)
def test_manage_costs_at_the_edge(which, n, option, delta):
    """If you send a brewer to the Manage job, you must pay to select one of the following: Overtime $1 | Research
    recipes $2 | Copper upgrade $3 | Hire Staff $4. ... Note that the prices in the Manage action are different in
    3 & 4 player!"""
    rules = MANAGE_RULES[which]
    costs = rules.manage_cost_2p if n == 2 else rules.manage_cost_34p
    cost = costs[MANAGE.index(option)]
    g = dealt(n, rules)
    p = g.active

    def prepare(s):
        place_on(s, p, "mash", 0)  # Overtime needs another placed brewer
        s["cash"][p] = cost + delta

    g = edited(g, prepare)
    if cost + delta < min(costs):
        with pytest.raises(bl.IllegalAction, match="you must pay"):
            g.apply("place manage.1")
        return
    g.apply("place manage.1")
    legal = g.legal_actions()
    assert (f"manage {option}" in legal) is (delta >= 0)
    assert legal == [f"manage {o}" for o, c in zip(MANAGE, costs) if c <= cost + delta]
    if delta >= 0:
        g.apply(f"manage {option}")
        assert g.cash[p] == delta


HIRE_RULES = {"book": RULES, "changed": RULES.replace(brewers_max=RULES.brewers_max + 1)}
HIRE_CASES = [
    pytest.param(which, r.brewers_max + delta, id=f"{which}-{edge_ids('brewers', r.brewers_max, delta)}")
    for which, r in HIRE_RULES.items()
    for delta in (-1, 0, 1)
]


@pytest.mark.parametrize(("which", "brewers"), HIRE_CASES)
def test_hire_staff_up_to_the_third_brewer(which, brewers):
    """Hire Staff You may add your third brewer to your crew. (Components: "3 x 4 colour brewers".) The hired
    brewer joins the ready area (ours: usable this round)."""
    rules = HIRE_RULES[which]
    g = dealt(rules=rules)
    p = g.active

    def prepare(s):
        s["brewers"][p], s["ready"][p], s["cash"][p] = brewers, brewers, 20

    g = edited(g, prepare)
    g.apply("place manage.1")
    assert ("manage hire" in g.legal_actions()) is (brewers < rules.brewers_max)
    if brewers < rules.brewers_max:
        g.apply("manage hire")
        assert g.brewers[p] == rules.brewers_max and spots(g, p) == (brewers, ["manage.1"])


@pytest.mark.parametrize("others", [0, 1])
def test_overtime_needs_another_placed_brewer_and_brings_it_home(others):
    """Overtime Take back one of your other, previously placed brewers."""
    g = dealt()
    p = g.active
    g = edited(g, lambda s: ([place_on(s, p, "mash", 0) for _ in range(others)], s["cash"].__setitem__(p, 10)))
    g.apply("place manage.1")
    assert ("manage overtime" in g.legal_actions()) is bool(others)
    if others:
        g.apply("manage overtime")
        assert g.legal_actions() == ["overtime mash.1"]  # never the Manage brewer itself
        g.apply("overtime mash.1")
        assert spots(g, p) == (1, ["manage.1"]) and g.spaces["mash"] == [None]


RESEARCH_RULES = {"book": RULES, "changed": RULES.replace(research_draw=RULES.research_draw + 1)}
RESEARCH_CASES = [
    pytest.param(which, r.research_draw + delta, id=f"{which}-{edge_ids('deck', r.research_draw, delta)}")
    for which, r in RESEARCH_RULES.items()
    for delta in (-1, 0, 1)
]


@pytest.mark.parametrize(("which", "deck"), RESEARCH_CASES)
def test_research_draws_three_and_each_goes_to_its_place(which, deck):
    """Research Recipes Take three recipe cards from the recipe deck. Add one to the revealed recipes, add one to
    your hand and shuffle the last back into the recipe deck. (A deck shorter than the draw gives what it has:
    ours.)"""
    rules = RESEARCH_RULES[which]
    g = dealt(rules=rules)
    p = g.active
    g = edited(g, lambda s: (s.__setitem__("recipe_deck", s["recipe_deck"][:deck]), s["cash"].__setitem__(p, 10)))
    g.apply("place manage.1")
    g.apply("manage research")
    drawn = list(g.research)
    assert len(drawn) == min(deck, rules.research_draw) and len(g.recipe_deck) == deck - len(drawn)
    put, keep, *rest = drawn
    g.apply(f"research table {put} keep {keep}")
    assert where(g, put) == ["table"] and where(g, keep) == [f"hand[{p}]"] and keep in g.secret[p]
    for rid in rest:
        assert where(g, rid) == ["recipe_deck"]
    assert g.research == [] and len(g.recipe_deck) == deck - 2


# --- the end: all customers loyal (12 x copies - the 3-4 player discards)

LOYAL_RULES = {
    "book": RULES,
    "changed": RULES.replace(customers=RULES.customers[:11], customers_discard_34p=RULES.customers_discard_34p + 1),
}


def _total(rules, n):
    return len(rules.customers) * (1 if n == 2 else 2) - (0 if n == 2 else rules.customers_discard_34p)


LOYAL_CASES = [
    pytest.param(which, n, delta, id=f"{which}-{n}p-{edge_ids('loyal', _total(r, n), delta)}")
    for which, r in LOYAL_RULES.items()
    for n in (2, 3)
    for delta in (-1, 0)
]


@pytest.mark.parametrize(("which", "n", "delta"), LOYAL_CASES)
def test_the_game_ends_at_once_when_every_customer_is_loyal(which, n, delta):
    """The game will also end immediately if all 12 Customers are Loyal. (3 & 4 Players: "Shuffle the two customer
    decks together, then discard 4.": 20.) A Perfect serve takes the loyal count to total + delta; there is no
    total + 1."""
    rules = LOYAL_RULES[which]
    total = _total(rules, n)
    g = dealt(n, rules)
    p = g.active
    rid, cid = perfect_pair_in_play(g)

    def prepare(s):
        ready_beer(s, p, rid)
        pool = [c for c in s["thirsty"] + s["customer_deck"] + sum(s["loyal"], []) if c != cid]
        assert len(pool) + 1 == total  # the customers in play
        for c in pool + [cid]:
            take(s, c)
        loyal, rest = pool[: total - 1 + delta], pool[total - 1 + delta :]
        s["loyal"] = [loyal[i::n] for i in range(n)]
        s["thirsty"] = [cid, *rest]

    g = edited(g, prepare)
    g.apply("place serve.1")
    g.apply(f"serve {rid} {cid}")
    assert sum(map(len, g.loyal)) == total + delta
    assert g.is_over is (delta == 0)
    if delta == 0:
        assert g.ended_by == "all_loyal" and g.round == 1


# --- the end: the deck-out (generated from final_rounds_after_deckout and rest_customers_2p)

DECK_RULES = {
    "book": RULES,
    "none after": RULES.replace(final_rounds_after_deckout=0),
    "two after, two a Rest": RULES.replace(final_rounds_after_deckout=2, rest_customers_2p=2),
}
DECK_CASES = [
    pytest.param(which, r.rest_customers_2p + delta, id=f"{which}-{edge_ids('deck', r.rest_customers_2p, delta)}")
    for which, r in DECK_RULES.items()
    for delta in (-1, 0, 1)
    if r.rest_customers_2p + delta >= 1
]


@pytest.mark.parametrize(("which", "deck"), DECK_CASES)
def test_the_deck_out_and_the_final_round_at_the_edge(which, deck):
    """When the last card is drawn from the Customer Deck, finish that round then play one final full round and then
    the game ends. (The Rest draws "a new customer from the customer deck".)"""
    rules = DECK_RULES[which]
    g = dealt(rules=rules)
    g = edited(g, lambda s: s.__setitem__("customer_deck", s["customer_deck"][:deck]))
    while g.round == 1 and not g.is_over:
        g.apply(quiet(g))
    out = deck <= rules.rest_customers_2p
    assert len(g.customer_deck) == max(0, deck - rules.rest_customers_2p)
    assert g.final_round == (1 + rules.final_rounds_after_deckout if out else None)
    if not out:
        return
    while not g.is_over:
        g.apply(quiet(g))
    assert g.ended_by == "deck_out" and g.round == 1 + rules.final_rounds_after_deckout  # no round more, none less


def test_a_deck_out_by_advertise_mid_round_still_finishes_that_round():
    """When the last card is drawn from the Customer Deck, finish that round then play one final full round and then
    the game ends. (Advertise: "Add a new customer from the Customer Deck to the Thirsty Customers.")"""
    g = dealt()
    p = g.active

    def prepare(s):
        ready_beer(s, p, "R16")
        s["customer_deck"], s["cash"][p] = s["customer_deck"][:1], 10

    g = edited(g, prepare)
    g.apply("place advertise.1")
    assert g.customer_deck == [] and g.final_round == 1 + RULES.final_rounds_after_deckout


# --- reputations and the winner (constants: "the single player", "the most")


def _ended(change, n=2):
    g = edited(dealt(n), change)
    ending.finish(g, "deck_out")
    return g


NORTH = [c.id for c in RULES.customers if c.flag == "North"]
SPICY = [r.id for r in RULES.recipes if r.flavour == "spicy"]
LEADS = [
    pytest.param(mine, theirs, id=f"{mine}v{theirs}")
    for theirs in (0, 1)
    for mine in (theirs - 1, theirs, theirs + 1)
    if mine >= 0
]


@pytest.mark.parametrize(("mine", "theirs"), LEADS)
def test_a_regional_reputation_needs_a_single_leader(mine, theirs):
    """If it is a regional card, the single player who has the most loyal customers with flags shown on the card
    counts as having one extra loyal customer."""

    def north(s):
        s["public_reps"], s["secret_reps"] = ["P01"], [["P05", "P06"], ["P05", "P06"]]
        s["hand"], s["secret"] = [[], []], [[], []]
        s["loyal"] = [NORTH[:mine], NORTH[mine : mine + theirs]]

    g = _ended(north)
    assert [r.parts["reputation"] for r in g.score_rows()] == [int(mine > theirs), int(theirs > mine)]


@pytest.mark.parametrize(("mine", "theirs"), LEADS)
def test_a_flavour_reputation_needs_a_single_leader(mine, theirs):
    """If it is a flavour card, the single player who has collected the most recipe card with the required flavour
    icon - malty, spicy, or sweet - counts as having one extra loyal customer."""

    def spicy(s):
        s["public_reps"], s["secret_reps"] = ["P06"], [["P01", "P04"], ["P01", "P04"]]
        s["loyal"] = [["C02"], ["C06"]]  # South / South: nobody leads North or West
        s["hand"], s["secret"] = [SPICY[:mine], SPICY[mine : mine + theirs]], [[], []]

    g = _ended(spicy)
    assert [r.parts["reputation"] for r in g.score_rows()] == [int(mine > theirs), int(theirs > mine)]


@pytest.mark.parametrize(("mine", "theirs"), LEADS)
def test_a_secret_reputation_scores_only_for_its_owner_as_single_leader(mine, theirs):
    """Then each player should reveal one of their secret Reputation cards. If they (and only they) managed to fill
    its requirements, they will count as having one extra loyal customer. The other is discarded and does not
    score."""

    def secret(s):
        s["public_reps"], s["secret_reps"] = ["P07"], [["P01", "P05"], ["P05", "P06"]]
        s["hand"], s["secret"] = [[], []], [[], []]
        s["loyal"] = [NORTH[:mine], NORTH[mine : mine + theirs]]

    g = _ended(secret)
    assert [r.parts["reputation"] for r in g.score_rows()] == [int(mine > theirs), 0]  # P01 is only player 0's
    if mine > theirs:
        assert g.revealed_reps[0] == ["P01"] and "P05" not in g.revealed_reps[0]


def test_reputations_count_only_the_players_own_piles():
    """the single player who has the most loyal customers with flags shown on the card ... the single player who has
    collected the most recipe card with the required flavour icon. (Loyal customers: the player's loyal pile, not the
    thirsty row; collected recipes: the hand and the bottles, ours, not the table or the deck.)"""

    def piles(s):
        s["public_reps"], s["secret_reps"] = ["P01", "P06"], [["P05", "P07"], ["P05", "P07"]]
        for c in NORTH + SPICY:
            take(s, c)
        s["loyal"] = [[NORTH[0]], []]
        s["thirsty"] = NORTH[1:]  # two North customers, nobody's
        s["hand"], s["secret"] = [[SPICY[0]], [SPICY[2]]], [[], []]
        s["bottles"][0] = [{"recipe": SPICY[1], "left": ["LL"], "contaminant": None}]
        s["table"], s["recipe_deck"] = SPICY[3:4], SPICY[4:]

    g = _ended(piles)
    assert ending.count(g, 0, "P01") == 1 and ending.count(g, 1, "P01") == 0
    assert ending.count(g, 0, "P06") == 2 and ending.count(g, 1, "P06") == 1
    assert [r.parts["reputation"] for r in g.score_rows()] == [2, 0]


WIN_CASES = [
    pytest.param(loyal, money, id=f"loyal{loyal:+d}-money{money:+d}") for loyal in (-1, 0, 1) for money in (-1, 0, 1)
]


@pytest.mark.parametrize(("loyal", "money"), WIN_CASES)
def test_the_winner_by_loyal_customers_then_money(loyal, money):
    """The winner is the player with the most loyal customers (including reputation bonuses). If that is a tie, the
    player with most money wins. If it still a tie, beer itself is the winner."""

    def table(s):
        s["public_reps"], s["secret_reps"] = ["P07"], [["P05", "P06"], ["P05", "P06"]]
        s["hand"], s["secret"] = [[], []], [[], []]
        s["loyal"] = [["C03", "C06"][: 1 + max(loyal, 0)], ["C10", "C12"][: 1 + max(-loyal, 0)]]
        s["loyal_from"] = [{"start": 1, "served": len(c) - 1, "advertised": 0, "reputation": 0} for c in s["loyal"]]
        s["cash"] = [5 + money, 5]

    g = _ended(table)
    won = [r.won for r in g.score_rows()]
    lead = loyal or money
    assert won == [lead >= 0, lead <= 0]


# --- player counts and the 2 / 3-4 player switch


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_two_to_four_players(players):
    """If you have two copies of Microbrew, you can play with more players ... 3 & 4 Players. (Setup: "Both players
    take 2 brewer figures"; two copies give 3 and 4.)"""
    if players in (1, 5):
        with pytest.raises(ValueError, match="players"):
            bl.new_game(RULES, players=players)
        return
    g = dealt(players)
    customers = len(g.customer_deck) + len(g.thirsty) + sum(map(len, g.loyal))
    assert customers == _total(RULES, players) and len(g.customer_unseen) == (0 if players == 2 else 4)


SWITCH = [
    ("rest_customers", lambda g, before: before[0] - len(g.customer_deck)),
    ("rest_recipes", lambda g, before: before[1] - len(g.recipe_deck)),
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("field", "measure"), SWITCH, ids=[f for f, _ in SWITCH])
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_rest_counts_follow_their_field_by_player_count(field, measure, players, delta):
    """New Customers - Add a new customer from the customer deck to the thirsty customers. Add a Recipe - Add a new
    recipe to the revealed recipes. (3 & 4 Players: "During step 3 & 4 of the Rest phase, reveal two new customers and
    two new recipes.")"""
    name = f"{field}_{'2p' if players == 2 else '34p'}"
    value = getattr(RULES, name) + delta
    g = dealt(players, RULES.replace(**{name: value}))
    before = (len(g.customer_deck), len(g.recipe_deck), list(g.thirsty), list(g.table))
    ending.rest(g)  # the Brewmaster moves Manage -> Flush: no extra card
    assert g.brewmaster == "flush" and measure(g, before) == value
    zone = "thirsty" if field == "rest_customers" else "table"
    new = [c for c in getattr(g, zone) if c not in before[2 if zone == "thirsty" else 3]]
    assert len(new) == value and all(where(g, c) == [zone] for c in new)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("brewmaster", [True, False])
def test_the_free_brew_only_at_two_players_and_only_on_the_brewmasters_job(players, brewmaster):
    """If the Brewmaster already occupies a space, you can send your brewer to that space but your opponent may
    immediately take a Brew action out of turn, without using a ready Brewer! (3 & 4 Players: "If a brewer is sent to
    the brewmasters location, no-one gets the "free" brew action.")"""
    g = dealt(players)
    g = edited(g, lambda s: s.__setitem__("brewmaster", "mash" if brewmaster else "flush"))
    g.apply("place mash.1")
    assert (g.step == "free_brew") is (players == 2 and brewmaster)


# --- setup counts (generated: each field at value - 1, value, value + 1)

SETUP = [
    ("start_thirsty", 2, lambda g: len(g.thirsty)),
    ("start_revealed_recipes", 2, lambda g: len(g.table)),
    ("start_hand", 2, lambda g: len(g.hand[g.first])),
    ("public_reputations_2p", 2, lambda g: len(g.public_reps)),
    ("public_reputations_34p", 3, lambda g: len(g.public_reps)),
    ("secret_reputations", 2, lambda g: min(map(len, g.secret_reps))),
    ("brewers_start", 2, lambda g: min(g.brewers + g.ready)),
    ("customers_discard_34p", 3, lambda g: len(g.customer_unseen)),
    ("recipes_discard_34p", 3, lambda g: len(g.recipe_unseen)),
]
SETUP_CASES = [
    pytest.param(field, n, measure, delta, id=edge_ids(field, getattr(RULES, field), delta))
    for field, n, measure in SETUP
    for delta in (-1, 0, 1)
]


@pytest.mark.parametrize(("field", "players", "measure", "delta"), SETUP_CASES)
def test_setup_counts_follow_their_field(field, players, measure, delta):
    """Now reveal two more customers next to the deck. / Deal one secretly to each player and then reveal three next
    to the deck. / deal one face up to the centre of the table and then two secretly to each player. / Both players
    take 2 brewer figures. / 3 & 4 Players: "Shuffle the two customer decks together, then discard 4. Shuffle the two
    recipe decks together, then discard 6. ... deal two face up and then two to each player." """
    value = getattr(RULES, field) + delta
    g = dealt(players, RULES.replace(**{field: value}))
    assert measure(g) == value


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("kind", range(4), ids=list("LMDH"))
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_the_tin_follows_its_field(kind, players, delta):
    """Place the 48 light, medium and dark malt tokens in the tin ... Add the remaining hops to the tin. (Components:
    "16 yellow light malt, 16 orange medium malt, 16 brown dark malt, 6 green hop"; both tins at 3-4 players, ours.)"""
    tin = list(RULES.tin)
    tin[kind] += delta
    g = dealt(players, RULES.replace(tin=tin))
    assert count(g)[kind] == tin[kind] * (1 if players == 2 else 2) and broken(g) == []


INCOME_CASES = [
    pytest.param(field, base + delta, id=edge_ids(field, base, delta))
    for field, base in (("break_income", RULES.break_income), ("evicted_income", RULES.evicted_income))
    for delta in (-1, 0, 1)
]


@pytest.mark.parametrize(("field", "value"), INCOME_CASES)
def test_break_and_replaced_income_follow_their_field(field, value):
    """Time for a break! You earn $1 from the vending machines in the brewery staffroom. / If a brewer is replaced,
    ... place them on a Break space. Their owner earns $1."""
    rules = RULES.replace(**{field: value})
    if field == "break_income":
        g = dealt(rules=rules)
        p = g.active
        g.apply("place break.1")
        assert g.cash[p] == value
        return
    g = dealt(3, rules)
    p = g.active
    q = (p + 1) % 3
    g = edited(g, lambda s: place_on(s, q, "mash", 0))
    g.apply("place mash.1")
    assert g.cash[q] == value and g.cash[p] == 0


# --- our safety nets at their edge (ours: the book sets no limit)


@pytest.mark.parametrize("cap", [RULES.placement_cap, 10])
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_replacing_stops_at_the_placement_cap(cap, delta):
    """(ours) you can always replace your opponent's to do their job: the book sets no limit, so replacing becomes
    illegal once a round has had placement_cap placements."""
    g = dealt(rules=RULES.replace(placement_cap=cap))
    q = 1 - g.active
    g = edited(g, lambda s: (place_on(s, q, "break", 0), s.__setitem__("placements", cap + delta)))
    assert ("place break.1" in g.legal_actions()) is (delta < 0)


@pytest.mark.parametrize("limit", [RULES.round_limit, 5])
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_the_round_limit(limit, delta):
    """(ours) A safety net: the game stops after round_limit rounds; the book ends only by the deck-out or when all
    12 Customers are Loyal."""
    g = dealt(rules=RULES.replace(round_limit=limit))
    g = edited(g, lambda s: s.__setitem__("round", limit + delta))
    ending.rest(g)
    assert g.is_over is (delta >= 0)
    assert g.ended_by == ("round_limit" if delta >= 0 else None)


# --- the Copper: a bottle takes a full column; the side tank needs the Upgrade; the tin running dry


@pytest.mark.parametrize("tokens", [RULES.copper_rows - 1, RULES.copper_rows])
def test_a_bottle_takes_a_full_column(tokens):
    """Select a column of your Copper and collect the tokens. Add them to the four spaces on the bottle in any order.
    (A column must be full: ours.)"""
    g = dealt()
    p = g.active
    rows = RULES.copper_rows

    def holes(s):
        for k in range(RULES.copper_columns):
            s["copper"][p][k * rows + tokens : (k + 1) * rows] = ["."] * (rows - tokens)

    g = edited(g, holes)
    if tokens < rows:
        with pytest.raises(bl.IllegalAction, match="full column"):
            g.apply("place bottle.1")
        return
    g.apply("place bottle.1")
    rid = g.hand[p][0]
    column = g.copper[p][:rows]
    discard = list(g.discard)
    g.apply(f"bottle {rid} col 1")
    assert where(g, rid) == [f"bottles[{p}]"]
    b = g.bottles[p][0]
    kept = sorted(x[0] for x in b["left"]) + ([b["contaminant"]] if b["contaminant"] else [])
    gone = sum(g.discard) - sum(discard)
    assert g.copper[p][:rows] == ["."] * rows and len(kept) + gone == rows and gone <= 1
    assert sorted(kept + [t for i, t in enumerate("LMDH") for _ in range(g.discard[i] - discard[i])]) == sorted(column)


@pytest.mark.parametrize("upgraded", [False, True])
def test_the_side_tank_only_after_the_upgrade(upgraded):
    """Copper Upgrade Take the upgrade token. You may now use the "side tank" of the Copper too."""
    g = dealt()
    p = g.active
    side = RULES.copper_columns + 1

    def prepare(s):
        s["upgraded"][p] = upgraded
        s["copper"][p][(side - 1) * RULES.copper_rows :] = ["D"] * RULES.copper_rows
        s["tin"][2] -= RULES.copper_rows

    g = edited(g, prepare)
    g.apply("place bottle.1")
    assert any(a.endswith(f"col {side}") for a in g.legal_actions()) is upgraded


@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_a_mash_that_empties_the_tin(delta):
    """Shake the tin. Without looking, draw from the tin to fill all empty spaces in your Copper. ... If you empty the
    tin during a Mash, return all discarded Malts and hops to the tin, shake it and continue until you have filled
    your Copper. (At the edge, a Mash that takes the tin's last token and fills the Copper: the discards stay until the
    next draw needs them, ours; the same as the book's "continue until you have filled".)"""
    g = dealt()
    p = g.active
    left = 3
    holes = left + delta

    def prepare(s):
        for i in range(holes):
            s["discard"]["LMDH".index(s["copper"][p][i])] += 1
            s["copper"][p][i] = "."
        for i in range(4):  # the tin keeps `left` tokens, the rest are discarded
            s["discard"][i] += s["tin"][i]
            s["tin"][i] = 0
        k = s["discard"].index(max(s["discard"]))
        s["tin"][k], s["discard"][k] = left, s["discard"][k] - left

    g = edited(g, prepare)
    discard = sum(g.discard)
    g.apply("place mash.1")
    assert "." not in g.copper[p][: RULES.copper_columns * RULES.copper_rows] and broken(g) == []
    if delta < 0:
        assert sum(g.tin) == 1 and sum(g.discard) == discard
    elif delta == 0:
        assert sum(g.tin) == 0 and sum(g.discard) == discard
    else:
        assert sum(g.discard) == 0 and sum(g.tin) == discard - 1  # all the discards went back, one was drawn


# --- places: where the book moves brewers


def test_a_replaced_brewer_goes_back_to_its_owner_at_two_players():
    """You cannot replace your own brewer on a space to redo that job but you can always replace your opponent's to do
    their job. If you do so, return that brewer to your opponent to be used again this turn!"""
    g = dealt()
    p, q = g.active, 1 - g.active
    g = edited(g, lambda s: place_on(s, q, "mash", 0))
    cash = list(g.cash)
    g.apply("place mash.1")
    assert spots(g, q) == (2, []) and g.spaces["break"] == [None] and g.cash == cash
    assert spots(g, p)[1] == ["mash.1"]


@pytest.mark.parametrize("players", [3, 4])
def test_a_replaced_brewer_goes_to_a_break_space_at_three_or_four(players):
    """If a brewer is replaced, do not immediately return them to their owner - place them on a Break space. Their
    owner earns $1."""
    g = dealt(players)
    p = g.active
    q = (p + 1) % players
    g = edited(g, lambda s: place_on(s, q, "mash", 0))
    g.apply("place mash.1")
    assert spots(g, q) == (1, ["break.1"]) and g.cash[q] == RULES.evicted_income
    assert g.spaces["mash"] == [p]


def test_a_full_break_sends_one_brewer_home_and_takes_the_replaced_one():
    """If all Break spaces are occupied, return any brewer from a break space to its owner then place the original
    replaced as above."""
    g = dealt(3)
    p = g.active
    q, r = (p + 1) % 3, (p + 2) % 3
    g = edited(g, lambda s: (place_on(s, q, "mash", 0), place_on(s, r, "break", 0)))
    g.apply("place mash.1")
    g.apply("evict break.1")
    assert spots(g, r) == (2, []) and g.cash[r] == 0  # home, on no space, and no dollar for leaving
    assert spots(g, q) == (1, ["break.1"]) and g.cash[q] == RULES.evicted_income


def test_replacing_on_the_only_break_space_sends_the_brewer_home():
    """(ours) If a brewer is replaced, do not immediately return them to their owner - place them on a Break space:
    at 3 players the only Break space is the one just taken, so the replaced brewer goes home."""
    g = dealt(3)
    p = g.active
    q = (p + 1) % 3
    g = edited(g, lambda s: place_on(s, q, "break", 0))
    g.apply("place break.1")
    assert g.step != "evict" and spots(g, q) == (2, []) and g.spaces["break"] == [p]


def test_a_perfect_serve_recalls_the_chosen_brewer():
    """If they did rate it "Perfect", add them to your loyal customers if they aren't one and pick any one of your
    brewers in the Brewery to return to your ready area."""
    recipe, customer = pair_with_differences(0)
    g = dealt()
    p = g.active

    def prepare(s):
        ready_beer(s, p, recipe)
        take(s, customer)
        s["thirsty"].append(customer)
        place_on(s, p, "mash", 0)

    g = edited(g, prepare)
    g.apply("place serve.1")
    g.apply(f"serve {recipe} {customer}")
    assert sorted(g.legal_actions()) == ["recall mash.1", "recall serve.1"]
    g.apply("recall mash.1")
    assert spots(g, p) == (1, ["serve.1"]) and g.spaces["mash"] == [None]


# --- places: customers and recipes


def test_a_perfect_customer_moves_to_the_servers_loyal_pile_only():
    """If they did rate it "Perfect", add them to your loyal customers if they aren't one ... Finally, return your
    recipe to your hand."""
    recipe, customer = pair_with_differences(0)
    g, p = _serve(RULES, recipe, customer)
    assert where(g, customer) == [f"loyal[{p}]"] and customer not in g.asleep
    assert where(g, recipe) == [f"hand[{p}]"] and g.bottles[p] == []
    assert g.loyal_from[p]["served"] == 1


@pytest.mark.parametrize("loyal", [False, True])
def test_a_customer_served_less_than_perfect_stays_where_it_was_face_down(loyal):
    """If the customer did not rate it "Perfect", flip their card over to indicate they are not thirsty. ... Finally,
    return your recipe to your hand."""
    recipe, customer = pair_with_differences(1)
    g = dealt()
    p = g.active

    def prepare(s):
        ready_beer(s, p, recipe)
        take(s, customer)
        (s["loyal"][p] if loyal else s["thirsty"]).append(customer)

    g = edited(g, prepare)
    g.apply("place serve.1")
    g.apply(f"serve {recipe} {customer}")
    assert where(g, customer) == ([f"loyal[{p}]"] if loyal else ["thirsty"]) and customer in g.asleep
    assert where(g, recipe) == [f"hand[{p}]"]


def test_a_served_contaminant_goes_to_the_discards():
    """(ours) Finally, return your recipe to your hand. The book never takes a token out of the game, so the
    contaminant goes where every fermented token goes: "Return all discarded Malts and hops to the tin" at Flush."""
    recipe, customer = pair_with_differences(0)
    g = dealt()
    p = g.active

    def prepare(s):
        ready_beer(s, p, recipe, "H")
        take(s, customer)
        s["thirsty"].append(customer)
        s["tin"][3] -= 1

    g = edited(g, prepare)
    discard = list(g.discard)
    g.apply("place serve.1")
    g.apply(f"serve {recipe} {customer}")
    assert g.discard[3] == discard[3] + 1 and g.bottles[p] == [] and broken(g) == []


def test_an_advertised_customer_joins_the_loyal_pile_and_a_new_one_is_thirsty():
    """Pay $4 per loyal customer you have. Add a new customer from the Customer Deck to the Thirsty Customers. Select
    your ready, uncontaminated beer and a Thirsty Customer. Add that customer to your Loyal Customers and return the
    recipe to your hand."""
    g = dealt()
    p = g.active
    g = edited(g, lambda s: (ready_beer(s, p, "R16"), s["cash"].__setitem__(p, 4)))
    new = g.customer_deck[-1]
    g.apply("place advertise.1")
    assert where(g, new) == ["thirsty"]
    target = g.thirsty[0]
    g.apply(f"advertise R16 {target}")
    assert where(g, target) == [f"loyal[{p}]"] and where(g, "R16") == [f"hand[{p}]"] and g.bottles[p] == []
    assert g.loyal_from[p]["advertised"] == 1


def test_a_returned_extra_recipe_goes_back_into_the_deck():
    """The other player may draw an additional secret recipe, then choose one from their hand to shuffle back into
    the deck."""
    g = bl.new_game(RULES, players=2, seed=4)
    while g.step == "hop":
        g.apply(g.legal_actions()[0])
    second = g.decision.actor
    g.apply("draw")
    keep, back = g.hand[second]
    g.apply(f"return {back}")
    assert where(g, back) == ["recipe_deck"] and where(g, keep) == [f"hand[{second}]"]


def test_the_unrevealed_secret_reputation_does_not_score():
    """Then each player should reveal one of their secret Reputation cards. ... The other is discarded and does not
    score. (Lay the remaining reputation cards aside without looking at them. They will not be used during this
    game.)"""

    def prepare(s):
        s["public_reps"], s["secret_reps"] = ["P07"], [["P01", "P02"], ["P05", "P06"]]
        s["aside_reps"] = ["P03", "P04"]
        s["hand"], s["secret"] = [[], []], [[], []]
        s["loyal"] = [["C01", "C02"], ["C03", "C04"]]  # player 0 leads North and South; player 1 East and West

    g = _ended(prepare)
    assert len(g.revealed_reps[0]) == 1 and [r.parts["reputation"] for r in g.score_rows()] == [1, 0]
    assert all(where(g, c) == ["aside_reps"] for c in ("P03", "P04"))


# --- places: tokens


def test_flush_returns_the_discards_and_a_swapped_hop_to_the_tin():
    """Return all discarded Malts and hops to the tin. You may now swap any or all of the hops in your Copper for
    Malts in the tin. (Selected from the tin - not drawn blind!)."""
    g = dealt()
    p = g.active
    g = edited(g, lambda s: (s.__setitem__("discard", [1, 1, 1, 1]), from_tin(s, "LMDH")))
    tin = list(g.tin)
    hop = next(i for i, t in enumerate(g.copper[p]) if t == "H")
    g.apply("place flush.1")
    assert g.discard == [0, 0, 0, 0] and g.tin == [tin[0] + 1, tin[1] + 1, tin[2] + 1, tin[3] + 1]
    name = f"{hop // RULES.copper_rows + 1},{hop % RULES.copper_rows + 1}"
    g.apply(f"flush {name} D")
    assert g.copper[p][hop] == "D" and g.tin[2] == tin[2] and g.tin[3] == tin[3] + 2 and broken(g) == []


def test_the_rest_gathers_every_brewer_to_its_ready_area():
    """Gather Brewers - Each player should move their brewers from the brewery to their Ready Area. Flip Customers -
    Flip any face-down customers face up - they're thirsty again!"""
    g = dealt()
    p, q = g.active, 1 - g.active

    def prepare(s):
        place_on(s, p, "mash", 0)
        place_on(s, q, "brew", 0)
        s["asleep"] = [s["thirsty"][0]]

    g = edited(g, prepare)
    asleep = g.asleep[0]
    ending.rest(g)
    assert all(x is None for s in g.spaces.values() for x in s)
    assert [spots(g, s) for s in (0, 1)] == [(2, []), (2, [])] and g.asleep == [] and where(g, asleep) == ["thirsty"]
