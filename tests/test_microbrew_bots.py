"""Microbrew's bots and tables: both book paths beat random, the search bot plays it, and a sample of the issue's
acceptance check (no loop guard, no round limit, every game ended by deck-out or all customers loyal).

``benchmarks/bench_microbrew.py --acceptance`` plays the full 200 games; ``--duels`` bigger samples.
"""

from __future__ import annotations

import random

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.bots import bot_names, make_bot
from tests.test_microbrew_rules import bottle_ready, dealt, edited, take

RULES = bl.default_rules("microbrew")


def play(names: list[str], seed: int, rules=RULES):
    g = bl.new_game(rules, players=len(names), seed=seed)
    bots = [make_bot(name, seed=seed * 10 + s, game="microbrew") for s, name in enumerate(names)]
    while not g.is_over:
        d = g.decision
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
    return g


def test_the_game_has_its_own_bots_and_the_generic_ones():
    names = bot_names("microbrew")
    assert {"heuristic", "perfect", "advertise", "random", "search"} <= set(names)
    assert make_bot("heuristic", game="microbrew").name == "heuristic"


@pytest.mark.parametrize("bot", ["perfect", "advertise"])
def test_each_heuristic_beats_random_in_nine_games_of_ten(bot):
    wins = 0
    for seed in range(30):
        seats = [bot, "random"] if seed % 2 == 0 else ["random", bot]
        g = play(seats, seed)
        wins += g.score_rows()[seats.index(bot)].won and not g.score_rows()[1 - seats.index(bot)].won
    assert wins >= 27, f"{bot} won {wins} of 30 against random"


def test_the_two_paths_play_differently():
    """The perfect bot wins its customers mostly by serving; the advertiser advertises more."""
    adverts = {"perfect": 0, "advertise": 0}
    served = advertised = 0
    for seed in range(12):
        seats = ["perfect", "advertise"] if seed % 2 == 0 else ["advertise", "perfect"]
        g = play(seats, 40 + seed)
        for e in g.log:
            if e.kind == "advertise":
                adverts[seats[e.player]] += 1
        mine = g.loyal_from[seats.index("perfect")]
        served, advertised = served + mine["served"], advertised + mine["advertised"]
    assert adverts["advertise"] > adverts["perfect"], adverts
    assert served >= 2 * advertised, (served, advertised)


BOTH_PATHS = (
    "There are two main paths to victory: You can make the perfect beer for each customer, or you can make and "
    "sell lots of mediocre beer and spend the money on advertising."
)
"""The book's tip; issue 19 asks that neither path win above 65 % head to head."""


def test_both_paths_win_at_least_a_third_head_to_head():
    """40 fixed games, seats alternating: each bot wins at least 14 (35 %), so neither is above 65 %.

    The perfect bot wins 16.5 of these (18 before the bots worked Overtime, 17 before they replaced for a customer).
    Before issue 19's calibration it won 10 under ``round_starter: tracker``.
    The 1,000-game measure is in ``docs/games/microbrew-rules-decisions.md``.
    """
    perfect = 0.0
    for i in range(40):
        seats = ["perfect", "advertise"] if i % 2 == 0 else ["advertise", "perfect"]
        rows = play(seats, 7000 + i).score_rows()
        won = [r.player for r in rows if r.won]
        perfect += sum(1 for p in won if seats[p] == "perfect") / len(won)
    assert 14 <= perfect <= 26, f"the perfect bot won {perfect} of 40 against advertise"


def _held_by_the_opponent(job, change):
    """A dealt table where the opponent's brewer holds ``job``'s space, edited by ``change(snapshot, me)``."""
    g = dealt()
    me, other = g.active, 1 - g.active

    def prepare(s):
        s["spaces"][job][0] = other
        s["ready"][other] = 1
        change(s, me)

    return edited(g, prepare), me


def _ready_beer_for(customer):
    def change(s, me):
        for card in ("R04", "C04", "C01"):
            take(s, None, card)
        bottle_ready(s, me, "R04")  # LLMD: a Perfect for C04 (LLMD), Smooth for C01 (LLLM)
        s["thirsty"] = [customer]

    return change


@pytest.mark.parametrize("bot", ["perfect", "advertise"])
def test_each_bot_replaces_an_opponent_on_serve_for_a_perfect_that_wins_a_customer(bot):
    """The book: "you can always replace your opponent's to do their job. If you do so, return that brewer to your
    opponent to be used again this turn!" A Perfect for a thirsty customer is worth it."""
    g, me = _held_by_the_opponent("serve", _ready_beer_for("C04"))
    assert make_bot(bot, game="microbrew").choose(g.observe(me), g.legal_actions()) == "place serve.1"
    g.apply("place serve.1")
    g.apply("serve R04 C04")
    assert "C04" in g.loyal[me] and g.ready[1 - me] == 2  # the replaced brewer went home


@pytest.mark.parametrize("bot", ["perfect", "advertise"])
def test_no_bot_replaces_an_opponent_to_serve_for_cash(bot):
    """Replacing gives the opponent the brewer back, so a Smooth beer for cash is not worth it."""
    g, me = _held_by_the_opponent("serve", _ready_beer_for("C01"))
    assert "place serve.1" in g.legal_actions()
    assert make_bot(bot, game="microbrew").choose(g.observe(me), g.legal_actions()) != "place serve.1"


def _perfect_column(s, me):
    """Recipe R04 in my hand and secret, its column brewed Perfect (LLMD), customer C04 thirsty for it."""
    for card in ("R04", "C04"):
        take(s, None, card)
    s["hand"][me], s["secret"][me] = ["R04"], ["R04"]
    s["copper"][me][:4] = list("LLMD")
    s["thirsty"].append("C04")


def test_the_perfect_bot_replaces_an_opponent_on_the_one_bottle_space_for_a_perfect_beer():
    """The book: "you can always replace your opponent's to do their job." The 2-player brewery has one Bottle space;
    before the bots replaced, whoever took it first held it all round, and the last round's starter won most mirrors."""

    g, me = _held_by_the_opponent("bottle", _perfect_column)
    assert make_bot("perfect", game="microbrew").choose(g.observe(me), g.legal_actions()) == "place bottle.1"
    g.apply("place bottle.1")
    g.apply("bottle R04 col 1")
    assert g.bottles[me][0]["recipe"] == "R04" and g.bottles[me][0]["contaminant"] is None


def test_the_advertiser_replaces_an_opponent_on_advertise_when_it_can_pay():
    """The book: "you can always replace your opponent's to do their job": Advertise buys a customer."""

    def ready_to_advertise(s, me):
        bottle_ready(s, me, "R04")
        s["cash"][me] = 4 * len(s["loyal"][me])

    g, me = _held_by_the_opponent("advertise", ready_to_advertise)
    assert make_bot("advertise", game="microbrew").choose(g.observe(me), g.legal_actions()) == "place advertise.1"


OVERTIME = "Overtime Take back one of your other, previously placed brewers."
"""The book's Manage purchase ($1 at 2 players); a job my own brewer holds is closed to me ("If your brewer already
occupies a location, you cannot send a brewer to that location"), so Overtime is the way to do it again."""


def _held_by_me(job, change, cash=1, theirs=0):
    """A dealt table where my own brewer holds ``job``'s space and one brewer is ready, with ``cash`` dollars; the
    opponent has ``theirs`` ready brewers (none: nobody can take the space my brewer leaves before it comes back)."""
    g = dealt()
    me = g.active

    def prepare(s):
        s["spaces"][job][0] = me
        s["ready"][me] = 1
        s["ready"][1 - me] = theirs
        s["cash"][me] = cash
        s["brewmaster"] = "flush"  # no free Brew for the opponent in the way
        change(s, me)

    return edited(g, prepare), me


def _overtime(bot, g, me):
    """The bot's placement, its Manage purchase and the brewer it takes back."""
    bot = make_bot(bot, game="microbrew")
    picks = [bot.choose(g.observe(me), g.legal_actions())]
    if picks[0] == "place manage.1":
        g.apply(picks[0])
        picks.append(bot.choose(g.observe(me), g.legal_actions()))
        g.apply(picks[1])
        if g.step == "overtime":
            picks.append(bot.choose(g.observe(me), g.legal_actions()))
            g.apply(picks[2])
    return picks


@pytest.mark.parametrize("bot", ["perfect", "advertise"])
def test_each_bot_works_overtime_to_serve_a_second_perfect_beer(bot):
    """The book: "Overtime Take back one of your other, previously placed brewers." My brewer on the one Serve space
    closes it to me; a Perfect for a thirsty customer is worth $1 to take that brewer back and serve again (the
    opponent has no brewer left to take the space meanwhile)."""
    g, me = _held_by_me("serve", _ready_beer_for("C04"))
    assert "place serve.1" not in g.legal_actions()
    assert _overtime(bot, g, me) == ["place manage.1", "manage overtime", "overtime serve.1"]
    assert g.spaces["serve"] == [None] and g.ready[me] == 1 and g.cash[me] == 0


@pytest.mark.parametrize("bot", ["perfect", "advertise"])
def test_no_bot_works_overtime_to_serve_for_cash(bot):
    """Overtime adds no job to the round (the Manage brewer does nothing else): not worth it for a Smooth beer."""
    g, me = _held_by_me("serve", _ready_beer_for("C01"))
    assert "place manage.1" in g.legal_actions()
    assert make_bot(bot, game="microbrew").choose(g.observe(me), g.legal_actions()) != "place manage.1"


@pytest.mark.parametrize("bot", ["perfect", "advertise"])
def test_no_bot_works_overtime_while_the_opponent_could_take_the_space(bot):
    """The opponent moves before my brewer comes back, and "you can always replace your opponent's to do their job":
    the one Serve space my brewer leaves would be theirs first."""
    g, me = _held_by_me("serve", _ready_beer_for("C04"), theirs=1)
    assert make_bot(bot, game="microbrew").choose(g.observe(me), g.legal_actions()) != "place manage.1"


def test_no_bot_works_overtime_without_the_dollar():
    """If you send a brewer to the Manage job, you must pay to select one of the following: Overtime $1."""
    g, me = _held_by_me("serve", _ready_beer_for("C04"), cash=0)
    assert make_bot("perfect", game="microbrew").choose(g.observe(me), g.legal_actions()) != "place manage.1"


def test_the_perfect_bot_works_overtime_to_bottle_a_perfect_beer_on_its_own_bottle_space():
    """The book: "Overtime Take back one of your other, previously placed brewers." The 2-player brewery has one
    Bottle space; with my brewer on it, a column brewed Perfect for a thirsty customer is bottled this round."""

    g, me = _held_by_me("bottle", _perfect_column)
    assert _overtime("perfect", g, me) == ["place manage.1", "manage overtime", "overtime bottle.1"]
    assert g.spaces["bottle"] == [None] and g.ready[me] == 1


def test_the_search_bot_plays_microbrew():
    g = bl.new_game(RULES, players=2, seed=5)
    bot = make_bot("search:budget=6,horizon=1", seed=1, game="microbrew")
    rng = random.Random(0)
    for _ in range(12):
        legal = g.legal_actions()
        choice = bot.choose(g.observe(g.current_player), legal) if len(legal) > 1 else legal[0]
        assert choice in legal
        g.apply(choice if rng.random() < 0.8 else rng.choice(legal))


def test_acceptance_sample_heuristic_games_end_by_the_book():
    """Issue 19: no game hits the loop guard or the round limit; each ends by deck-out or all customers loyal."""
    for seed in range(12):
        names = [("perfect", "advertise", "heuristic")[(seed + s) % 3] for s in range(2)]
        g = play(names, 500 + seed)
        assert not g.cap_hit and g.ended_by in ("deck_out", "all_loyal"), (seed, g.ended_by)


def test_simulate_fills_the_microbrew_columns():
    result = bl.simulate(RULES, players=2, games=3, bots=["perfect", "advertise"], seed=2, workers=1)
    games, players, events = result.games, result.players, result.events
    assert {"placement_cap_hit", "free_brews", "replacements"} <= set(games.columns)
    assert {"loyal", "money", "loyal_served", "loyal_advertised", "compensation_used"} <= set(players.columns)
    kinds = set(events["kind"].to_list())
    assert {"placement", "serve", "bottle", "brew", "income", "points"} <= kinds
    assert set(games["ended_by"].to_list()) <= {"deck_out", "all_loyal"}
    parts = result.score_parts.group_by(["game", "player"]).agg(bl_sum=pl.col("points").sum())
    joined = parts.join(players.select("game", "player", "score"), on=["game", "player"])
    assert (joined["bl_sum"] == joined["score"]).all()


# --- the perfect bot's Brew search against the plain search it replaced


def reference_reach(copper, rows, columns, sideways, cap):
    """The first string-based search's reach: every Copper one Brew can leave, breadth first per selected token,
    each with the slot and the chain that first reached it."""
    from bourbon_lab.games.microbrew import bots as mb
    from bourbon_lab.games.microbrew import copper as cu

    reach = {}
    for slot in cu.movable(list(copper), rows, columns, sideways):
        limit = min(cap, mb.HOP_WALK) if copper[slot] == "H" else cap
        seen = {(copper, slot)}
        frontier = [(copper, slot, ())]
        while frontier and len(seen) < mb.BREW_BUDGET:
            later = []
            for tokens, at, path in frontier:
                for d in cu.swaps_from(list(tokens), at, rows, columns, sideways):
                    moved = list(tokens)
                    to = cu.swap(moved, at, d, rows, columns)
                    after = "".join(moved)
                    if (after, to) in seen:
                        continue
                    seen.add((after, to))
                    reach.setdefault(after, (slot, (*path, d)))
                    if len(path) + 1 < limit:
                        later.append((after, to, (*path, d)))
            frontier = later
    return reach


def reference_brew(copper, rows, columns, sideways, cap, wanted):
    """The first search: the reachable Copper whose best column (and a little its second) gains most, each valued
    once with the chain that first reached it; fewest swaps on a tie."""
    from bourbon_lab.games.microbrew import bots as mb

    counts = [(c.count("L"), c.count("M"), c.count("D"), len(c), worth) for c, worth in wanted.items()]

    def value(tokens):
        vals = sorted(
            (mb.Brewer.column_value(list(tokens[k * rows : (k + 1) * rows]), counts) for k in range(columns)),
            reverse=True,
        )
        return vals[0] + mb.SECOND_COLUMN * (vals[1] if len(vals) > 1 else 0.0)

    now = value(copper)
    best = (0.0, None, [])
    for after, (slot, chain) in reference_reach(copper, rows, columns, sideways, cap).items():
        gain = value(after) - now
        if gain > best[0] + 1e-9 or (gain > best[0] - 1e-9 and best[1] is not None and len(chain) < len(best[2])):
            best = (gain, slot, list(chain))
    return best


def random_brew_case(rng):
    rows, columns = rng.randint(3, 5), rng.randint(3, 6)
    copper = "".join(rng.choice("LLLMMMDDDHH.") for _ in range(rows * columns))
    worths = [1.0, 2.0, 4.0, 12.0, 14.5] if rng.random() < 0.5 else [rng.uniform(0.5, 20.0) for _ in range(5)]
    wanted = {"".join(rng.choice("LMD") for _ in range(rows)): rng.choice(worths) for _ in range(rng.randint(1, 5))}
    sideways = rng.choice(["different", "hop_only"])
    return copper, rows, columns, sideways, rng.randint(1, 4) * rows * columns, wanted


def test_the_brew_search_finds_what_the_plain_search_found():
    """Random Coppers of every shape the ruleset allows: the same gain, slot and swap chain as the reference."""
    from bourbon_lab.games.microbrew.bots import best_brew

    rng = random.Random(19)
    found = 0
    for _ in range(150):
        case = random_brew_case(rng)
        fast, slow = best_brew(*case), reference_brew(*case)
        assert fast == slow, case
        found += fast[1] is not None
    assert found > 100  # most cases have a gain to find, so the chains are compared too


def test_the_brew_search_chain_is_legal_and_gains_what_it_says():
    """Playing the chain by the Copper's swap rules from the selected slot leaves a Copper worth the gain more."""
    from bourbon_lab.games.microbrew import bots as mb
    from bourbon_lab.games.microbrew import copper as cu

    rng = random.Random(7)
    for _ in range(60):
        copper, rows, columns, sideways, cap, wanted = random_brew_case(rng)
        gain, slot, chain = mb.best_brew(copper, rows, columns, sideways, cap, wanted)
        if slot is None:
            continue
        assert 1 <= len(chain) <= cap
        tokens, at = list(copper), slot
        for d in chain:
            assert d in cu.swaps_from(tokens, at, rows, columns, sideways)
            at = cu.swap(tokens, at, d, rows, columns)
        valuer = mb.Valuer(rows, columns, wanted)
        assert valuer.copper(mb.pack("".join(tokens))) - valuer.copper(mb.pack(copper)) == gain
