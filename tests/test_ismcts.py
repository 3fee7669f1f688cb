"""The IS-MCTS bot (issue 41) and the openskill ladder, at answers known in advance.

Known answers: a seat that searches sees only its own view (it re-deals the rest through
``determinise``, never reading the table); the same seed gives the same move; a bare number is the
budget; a bad parameter is refused naming it; on the toy game it beats random play; the ladder puts
a bot that always wins above one that never does, with intervals apart, and two copies of one bot
overlap; in a coin-flip game nobody's win rate leaves its fair share.
"""

from __future__ import annotations

import random

import pytest
import toygame

import bourbon_lab as bl
from bourbon_lab.bots import UnknownBot, make_bot
from bourbon_lab.bots.base import bot_params
from bourbon_lab.bots.ismcts import ISMCTS, rewards
from bourbon_lab.core import get_game
from bourbon_lab.core.bots import Bot
from bourbon_lab.sim.skill import ladder, rate, tables_for
from bourbon_lab.sim.stats import wilson

TIP = toygame.TipRules()


@pytest.fixture(autouse=True, scope="module")
def _toy():
    toygame.register()


def test_a_bare_number_is_the_budget_and_text_parameters_stay_text():
    assert bot_params("ismcts:200")[1] == {"iterations": 200}
    assert bot_params("ismcts:iterations=50,rollout=random,depth=4")[1] == {
        "iterations": 50,
        "rollout": "random",
        "depth": 4,
    }
    bot = make_bot("ismcts:30", seed=1, game="gin_crafters")
    assert isinstance(bot, ISMCTS) and bot.iterations == 30


@pytest.mark.parametrize(
    "spec,words",
    [
        ("ismcts:iteratons=5", ["iteratons", "did you mean 'iterations'"]),
        ("ismcts:iterations=many", ["iterations", "whole number"]),
        ("ismcts:rollout=greedy", ["rollout", "heuristic, random"]),
        ("ismcts:0", ["iterations", "at least 1"]),
        ("ismcts:depth=-1", ["depth", "negative"]),
    ],
)
def test_a_bad_parameter_is_refused_naming_it(spec, words):
    with pytest.raises(UnknownBot) as err:
        make_bot(spec, game="microbrew")
    for w in words:
        assert w in str(err.value)


@pytest.mark.parametrize("name", bl.games())
def test_search_sees_only_its_view_and_re_deals_the_rest(name, monkeypatch):
    """Every world it searches comes from ``view.determinise``; the live table is never handed over."""
    g = bl.new_game(bl.default_rules(name), players=3, seed=4)
    rng = random.Random(0)
    while len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0], check=False)
    d = g.decision
    view = g.observe(d.actor)
    before = g.snapshot()
    worlds = []
    real = type(view).determinise

    def spy(self, r):
        w = real(self, r)
        worlds.append(w)
        return w

    monkeypatch.setattr(type(view), "determinise", spy)
    bot = ISMCTS(seed=rng.randrange(100), iterations=12, depth=3)
    move = bot.choose(view, list(g.legal_actions()))
    assert len(worlds) == 12 and all(w is not g for w in worlds)
    assert str(move) in {str(a) for a in g.legal_actions()}
    assert g.snapshot() == before


@pytest.mark.parametrize("name", bl.games())
def test_the_same_seed_plays_the_same_move(name):
    g = bl.new_game(bl.default_rules(name), players=2, seed=9)
    while len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0], check=False)
    d = g.decision
    moves = {
        str(ISMCTS(seed=3, iterations=20, depth=4).choose(g.observe(d.actor), list(g.legal_actions())))
        for _ in range(2)
    }
    assert len(moves) == 1


def test_a_forced_move_costs_no_search():
    bot = ISMCTS(seed=0, iterations=50)
    assert bot.choose(None, ["only"]) == "only"
    assert bot.last_iterations == 0


def test_the_root_statistics_cover_only_the_seats_legal_moves():
    g = bl.new_game(bl.default_rules("gin_crafters"), players=2, seed=2)
    while len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0], check=False)
    legal = list(g.legal_actions())
    root = ISMCTS(seed=1, iterations=3 * len(legal), depth=2, rollout="random").search(
        g.observe(g.decision.actor), legal
    )
    assert set(root.children) <= {str(a) for a in legal}
    assert sum(ch.visits for ch in root.children.values()) == 3 * len(legal)
    assert len(root.children) == len(legal)  # every move tried before any is tried twice


class _Planner(Bot):
    """A heuristic that commits to a plan: the first move it sees, then the same text while legal."""

    name = "heuristic"
    made: list = []

    def __init__(self, seed=0):
        super().__init__(seed)
        self.plan, self.seen, self.forgot = None, None, 0
        _Planner.made.append(self)

    def choose(self, view, legal):
        texts = [str(a) for a in legal]
        if self.plan in texts:
            return legal[texts.index(self.plan)]
        self.plan, self.seen = texts[0], view
        return legal[0]

    def forget(self):
        self.plan, self.forgot = None, self.forgot + 1


def test_a_search_makes_its_rollout_bots_forget_their_plans_between_worlds(monkeypatch):
    """A plan made in one re-dealt world is not played in the next (Distilled's heuristic did: issue 41)."""
    from bourbon_lab.core.bots import REGISTRIES

    monkeypatch.setitem(REGISTRIES.setdefault("tipjar", {}), "heuristic", _Planner)
    _Planner.made.clear()
    g = bl.new_game(TIP, players=2, seed=3)
    ISMCTS(seed=1, iterations=40, depth=6).search(g.observe(g.decision.actor), g.legal_actions())
    assert len(_Planner.made) == 2
    assert [p.forgot for p in _Planner.made] == [40, 40]  # once a world, before it is played


class _Rows:
    """A table with fixed score rows, for the reward function alone."""

    def __init__(self, scores, tiebreaks=None):
        from bourbon_lab.core import ScoreRow

        tiebreaks = tiebreaks or [()] * len(scores)
        self.rows = [ScoreRow(p, s, t) for p, (s, t) in enumerate(zip(scores, tiebreaks))]

    def score_rows(self):
        return self.rows


def test_rewards_count_rivals_beaten_ties_half_and_the_tiebreak_decides():
    assert rewards(_Rows([10, 5]), 2, lead_weight=0) == [1.0, 0.0]
    assert rewards(_Rows([5, 5]), 2, lead_weight=0) == [0.5, 0.5]
    assert rewards(_Rows([5, 5], [(2,), (1,)]), 2, lead_weight=0) == [1.0, 0.0]
    r = rewards(_Rows([9, 6, 3, 3]), 4, lead_weight=0)
    assert r == pytest.approx([1.0, 2 / 3, 1 / 6, 1 / 6])  # third and fourth tie: half a rival each
    lead = rewards(_Rows([10, 9]), 2, lead_weight=1.0)
    assert 0.5 < lead[0] < 1.0 and 0.0 < lead[1] < 0.5 and lead[0] + lead[1] == pytest.approx(1.0)


def test_search_beats_random_on_the_toy_game():
    res = bl.simulate(
        TIP, players=2, games=24, bots=["ismcts:iterations=40,rollout=random", "random"], workers=1, progress=False
    )
    wins = res.players.filter(res.players["bot"].str.starts_with("ismcts"))["won"].sum()
    lo, _ = wilson(wins, 24)
    assert lo > 0.5, f"ismcts won {wins} of 24 against random"


def test_tables_mix_every_combination_or_cycle_when_bots_are_fewer_than_seats():
    assert tables_for(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert tables_for(["a", "b"], 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]


def test_ratings_separate_a_bot_that_always_wins_from_one_that_never_does():
    import polars as pl

    rows = [
        {"game": i, "seat": s, "bot": b, "rank": 1 if b == "strong" else 2}
        for i in range(40)
        for s, b in enumerate(["strong", "weak"] if i % 2 else ["weak", "strong"])
    ]
    r = rate(pl.DataFrame(rows), ["strong", "weak"])
    (mu_s, sd_s), (mu_w, sd_w) = r["strong"], r["weak"]
    assert mu_s - 1.96 * sd_s > mu_w + 1.96 * sd_w


def test_two_copies_of_one_bot_rate_alike_and_a_real_ladder_orders_random_below_heuristic():
    L = ladder(
        TIP,
        ["random", "heuristic"] if "heuristic" in _toy_bots() else ["random", "ismcts:iterations=30,rollout=random"],
        players=2,
        games=30,
        workers=1,
        progress=False,
    )
    top, bottom = L.ratings.row(0, named=True), L.ratings.row(1, named=True)
    assert bottom["bot"] == "random"
    assert top["win_rate"] > 0.5 and top["above_next"] in (True, False)
    assert "openskill" in L.text() and "fair share 50 %" in L.text()
    assert L.chart().to_dict()["layer"]


def _toy_bots():
    from bourbon_lab.bots import bot_names

    return bot_names("tipjar")


def test_ratings_do_not_depend_on_the_order_the_games_came_in():
    """Two bots of one strength: ``a`` wins the first 45 games, ``b`` the last 45. One online pass rates the
    later winner 24 points higher (and the reversed order the other way round); averaged over orders they
    rate alike, and the play order and its reverse agree."""
    import polars as pl

    rows = [
        {"game": i, "seat": s, "bot": b, "rank": (["a", "b", "c"] if i < 45 else ["b", "a", "c"]).index(b) + 1}
        for i in range(90)
        for s, b in enumerate(["a", "b", "c"])
    ]
    table = pl.DataFrame(rows)
    reversed_table = table.with_columns(game=89 - pl.col("game"))
    one = rate(table, ["a", "b", "c"], orders=1)
    assert one["b"][0] - one["a"][0] > 20
    r, rr = rate(table, ["a", "b", "c"]), rate(reversed_table, ["a", "b", "c"])
    assert abs(r["a"][0] - r["b"][0]) < 2
    assert abs(r["a"][0] - rr["a"][0]) < 2 and abs(r["b"][0] - rr["b"][0]) < 2
    assert r["c"][0] < min(r["a"][0], r["b"][0]) - 1.96 * (r["c"][1] + r["a"][1])
    with pytest.raises(ValueError, match="orders"):
        rate(table, ["a", "b", "c"], orders=0)


def test_a_coin_flip_game_shows_no_skill(monkeypatch):
    """Tip Jar where the winner is a coin toss: search wins its fair share, within its interval."""
    import polars as pl

    rows = []
    rng = random.Random(3)
    for i in range(200):
        first = rng.randrange(2)
        rows += [{"game": i, "seat": s, "bot": b, "rank": 1 if s == first else 2} for s, b in enumerate(["x", "y"])]
    table = pl.DataFrame(rows)
    wins = table.filter((pl.col("bot") == "x") & (pl.col("rank") == 1)).height
    lo, hi = wilson(wins, 200)
    assert lo <= 0.5 <= hi
    r = rate(table, ["x", "y"])
    assert abs(r["x"][0] - r["y"][0]) < 1.96 * (r["x"][1] + r["y"][1])


def test_the_ladder_needs_two_different_bots():
    with pytest.raises(ValueError, match="at least two"):
        ladder("gin_crafters", ["heuristic"], games=2)
    with pytest.raises(ValueError, match="named twice"):
        ladder("gin_crafters", ["heuristic", "heuristic"], games=2)


def test_every_game_registers_the_search_bot():
    from bourbon_lab.bots import bot_names

    for name in bl.games():
        assert "ismcts" in bot_names(name), name
        assert get_game(name).info.name == name


def _decisive(seed: int, at: int = 27):
    """Tip Jar after ``at`` random moves of game ``seed``: the actor's cash ends the game won alone."""
    g = bl.new_game(TIP, players=2, seed=seed)
    rng = random.Random(seed)
    while len(g.actions) < at:
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("seed", [5, 11, 87, 266])
def test_ours_and_openspiels_ismcts_both_take_the_winning_move(seed):
    """The reference (OpenSpiel's ``ISMCTSBot`` through our adapter) and ours agree where one move wins at once.

    Found by search over 300 random games: every move ends the game; cashing wins it alone, drawing or
    passing loses it or shares the win. A search that backs up the wrong seat's reward, or picks the least
    visited move, takes another.
    """
    import numpy as np
    from open_spiel.python.algorithms import ismcts as reference
    from open_spiel.python.algorithms import mcts

    from bourbon_lab.rl import openspiel as ops

    g = _decisive(seed)
    actor = g.decision.actor
    outcomes = {}
    for a in g.legal_actions():
        c = g.clone()
        c.apply(a)
        outcomes[str(a)] = c.is_over and tuple(r.player for r in c.score_rows() if r.won)
    assert outcomes.pop("cash") == (actor,) and sorted(outcomes) == ["draw", "pass"]
    assert all(won and won != (actor,) for won in outcomes.values())  # over: lost, or the win shared
    ours = make_bot("ismcts:iterations=40,rollout=random", seed=seed, game="tipjar")
    assert str(ours.choose(g.observe(actor), g.legal_actions())) == "cash"
    game = ops.load("tipjar", players=2, reward="score")  # "win" pays a shared win in full: no difference to see
    state = game.deal(0)
    state.held._state = g.clone()  # the same table, behind OpenSpiel's interface
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    theirs = reference.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=40, random_state=rng)
    draws = iter(range(10**6))
    theirs.set_resampler(lambda s, p: ops.resample(s, p, seed=next(draws)))
    assert state.action_to_string(actor, theirs.step(state)) == "cash"


class _Ended(_Rows):
    is_over = False


def test_a_games_estimate_replaces_the_score_so_far_but_not_at_the_end():
    ahead_on_paper = _Ended([10, 5])  # seat 1 has spent on barrels that will sell

    def estimate(world):
        return [10.0, 20.0]

    assert rewards(ahead_on_paper, 2, lead_weight=0) == [1.0, 0.0]
    assert rewards(ahead_on_paper, 2, lead_weight=0, estimate=estimate) == [0.0, 1.0]
    tied = _Ended([5, 5], [(2,), (1,)])
    assert rewards(tied, 2, lead_weight=0, estimate=lambda w: [7.0, 7.0]) == [1.0, 0.0]  # the tie-break stays
    over = _Rows([10, 5])
    over.is_over = True
    assert rewards(over, 2, lead_weight=0, estimate=estimate) == [1.0, 0.0]  # the end is exact


@pytest.mark.parametrize("name", ["bourbonomics", "distilled", "gin_crafters", "microbrew"])
def test_an_estimate_gives_a_number_a_seat_leaves_the_table_untouched_and_is_exact_at_the_end(name):
    gd = get_game(name)
    own = gd.part("estimate")
    if own is None:
        assert ISMCTS().estimate(gd.new(gd.ruleset.default(), 2, 0)) is None
        return
    g = gd.new(gd.ruleset.default(), 3, 4)
    bots = [make_bot("heuristic", seed=p, game=name) for p in range(3)]
    checked = 0
    while not g.is_over:
        if g.round >= 2 and checked < 3:
            before = g.snapshot()
            values = own.estimate(g)
            assert len(values) == 3 and all(isinstance(v, float) for v in values)
            assert g.snapshot() == before
            checked += 1
        legal = g.legal_actions()
        actor = g.decision.actor
        g.apply(legal[0] if len(legal) == 1 else bots[actor].choose(g.observe(actor), list(legal)), check=False)
    final = sorted(g.score_rows(), key=lambda r: r.player)
    assert own.estimate(g) == [float(r.score) for r in final]


def test_bourbonomics_counts_a_built_barrel_at_its_share_of_the_sales_it_has_left():
    from bourbon_lab.games.bourbonomics.estimate import SHARE, barrels_worth, estimate

    gd = get_game("bourbonomics")
    g = gd.new(gd.ruleset.default(), 2, 3)
    bots = [make_bot("heuristic", seed=p, game="bourbonomics") for p in range(2)]
    while not any(b.built and b.sales_left for p in g.players for b in p.barrels):
        legal = g.legal_actions()
        actor = g.decision.actor
        g.apply(legal[0] if len(legal) == 1 else bots[actor].choose(g.observe(actor), list(legal)), check=False)
    scores = [float(r.score) for r in sorted(g.score_rows(), key=lambda r: r.player)]
    owner = next(p for p in g.players if any(b.built and b.sales_left for b in p.barrels))
    worth = barrels_worth(g.rules, owner)
    assert worth > 0
    assert estimate(g)[owner.seat] == pytest.approx(scores[owner.seat] + SHARE * worth)
    barrel = next(b for b in owner.barrels if b.built and b.sales_left)
    barrel.sales_left += 1  # one more sale left: worth one more sale at its age
    assert barrels_worth(g.rules, owner) > worth


def test_distilled_estimate_is_the_books_endgame_scoring_of_a_copy():
    gd = get_game("distilled")
    g = gd.new(gd.ruleset.default(), 2, 5)
    bots = [make_bot("heuristic", seed=p, game="distilled") for p in range(2)]
    while g.round < g.rules.rounds:
        legal = g.legal_actions()
        actor = g.decision.actor
        g.apply(legal[0] if len(legal) == 1 else bots[actor].choose(g.observe(actor), list(legal)), check=False)
    from bourbon_lab.games.distilled.estimate import estimate

    copy = g.clone()
    copy.final_scoring()
    assert estimate(g) == [float(copy.total_sp(p)) for p in range(2)]
    assert estimate(g) > [float(g.total_sp(p)) for p in range(2)]  # the warehouse, bottles, money... score at the end


@pytest.mark.parametrize("rounds", [1, 2])
def test_a_horizon_in_rounds_stops_a_rollout_at_the_start_of_that_round(rounds):
    gd = get_game("bourbonomics")
    world = gd.new(gd.ruleset.default(), 4, 2)
    bot = ISMCTS(seed=1, depth=10_000, rounds=rounds)
    start = world.round
    bot.roll_out(world)
    assert world.round == start + rounds  # at it, not short of it nor past it
    short = gd.new(gd.ruleset.default(), 4, 2)
    ISMCTS(seed=1, depth=5, rounds=rounds).roll_out(short)
    assert short.round == start  # the depth still caps it


def test_a_four_player_table_of_search_bots_builds_and_sells():
    """Measured before the estimate: 12 of 12 games of ``ismcts:50`` went to the round limit with no sale.

    Without it this table stages no card, builds no barrel and sells nothing in three rounds: a barrel is
    Capital spent.
    """
    gd = get_game("bourbonomics")
    g = gd.new(gd.ruleset.default(), 4, 1)
    bots = [make_bot("ismcts:50", seed=p, game="bourbonomics") for p in range(4)]
    while g.round < 4:
        legal = g.legal_actions()
        actor = g.decision.actor
        g.apply(legal[0] if len(legal) == 1 else bots[actor].choose(g.observe(actor), list(legal)), check=False)
    kinds = {e.kind for e in g.log}
    assert {"barrel_built", "sale"} <= kinds, sorted(kinds)
