"""The skill ladder and the head-to-head pairs, each figure against a hand count or a reference (issue 50).

Both ladders read the games that ``simulate`` gives them. Here ``simulate`` is replaced by a table of games
whose winners are chosen, so every figure the ladder reports has a known answer counted by hand from the
definitions: a bot's fair share is 1 / seats at the table (not 1 / bots, nor 1 / (seats + 1)); its win rate is
its winning seats over its seats; a pair's row is scored from the row bot's side; a shared win counts for
both; a failed game counts for neither. Intervals are held to ``scipy.stats.binomtest``'s Wilson interval and
``norm.ppf(0.975)``; ratings to openskill's own model played by hand. One real run on the toy game checks the
pairs against the same games counted by bot name.

Faults planted by hand, one at a time (each reverted at once; ``sim/ladder.py`` is not ours to edit, so its
faults were planted in memory, in a test run only):

| fault (planted by hand) | where | caught before | caught after, by |
| --- | --- | --- | --- |
| fair share ``1 / len(bots)`` | sim/skill.py ``ladder`` | no | ``test_the_fair_share_is_one_over_the_seats*`` |
| fair share ``1 / (n + 1)`` | sim/skill.py ``ladder`` | no | ``test_the_fair_share_is_one_over_the_seats*`` |
| pair scored from the other side | sim/ladder.py ``ladder`` | no | ``test_a_pair_is_scored*`` (all 3) |
| pair's games counting failed ones | sim/ladder.py ``ladder`` | no | ``test_a_pair_is_scored_from_the_row_bots_side`` |
| separated when intervals touch | sim/skill.py ``ladder`` | no | ``test_separated_from_next*`` |
| rating interval ``mu ± sigma`` | sim/skill.py ``ladder`` | yes | ``test_a_rating_interval*`` |
| one pass skips the last game | sim/skill.py ``_one_pass`` | no | ``test_one_order_of_rate*`` |
"""

from __future__ import annotations

import polars as pl
import pytest
import scipy.stats
import toygame

from bourbon_lab.sim import ladder as pairs_module
from bourbon_lab.sim import runner
from bourbon_lab.sim import skill as skill_module
from bourbon_lab.sim.ladder import ladder as pairs
from bourbon_lab.sim.ladder import ladder_text
from bourbon_lab.sim.runner import SimResult
from bourbon_lab.sim.skill import ladder, rate, tables_for
from bourbon_lab.sim.stats import Z95

Z = scipy.stats.norm.ppf(0.975)


@pytest.fixture(autouse=True, scope="module")
def _toy():
    toygame.register()


def wilson(k: int, n: int) -> tuple[float, float]:
    """The reference Wilson score interval."""
    ci = scipy.stats.binomtest(k, n).proportion_ci(method="wilson")
    return ci.low, ci.high


def played(bots: list[str], games: int, winners, failed=()) -> SimResult:
    """The tables ``simulate`` would give: player p plays ``bots[p]`` at seat ``(p + g) % n`` (seats rotate).

    ``winners(g)`` is the players (not seats) who win game ``g``; they rank 1, the rest 2. A game in ``failed``
    has an error and no player rows, as ``simulate`` leaves it.
    """
    n = len(bots)
    rows = [
        {"game": g, "player": p, "seat": (p + g) % n, "bot": bots[p], "rank": 1 if p in won else 2, "won": p in won}
        for g in range(games)
        if g not in failed
        for won in [set(winners(g))]
        for p in range(n)
    ]
    table = pl.DataFrame({"game": list(range(games)), "error": ["boom" if g in failed else None for g in range(games)]})
    return SimResult(table, pl.DataFrame(rows), pl.DataFrame(), {"game": "tipjar", "bots": bots, "run_id": "fake"})


def fake_simulate(winners, failed=()):
    """A ``simulate`` that deals the games ``played`` builds, recording what it was asked."""
    asked = []

    def simulate(rules, players, games, bots, seed=0, **kw):
        bots = [bots] * players if isinstance(bots, str) else list(bots)
        asked.append((tuple(bots), games))
        return played(bots, games, lambda g: winners(bots, g), failed)

    simulate.asked = asked
    return simulate


def first_player_wins(bots, g):
    return [0]


def use(monkeypatch, simulate) -> None:
    """Hand ``simulate`` to the openskill ladder, wherever it looks the runner up."""
    monkeypatch.setattr(runner, "simulate", simulate)
    monkeypatch.setattr(skill_module, "simulate", simulate, raising=False)


# --- the openskill ladder (sim/skill.py)


@pytest.mark.parametrize(
    ("bots", "players"),
    [
        (["a", "b"], 4),  # fewer bots than seats: each bot sits twice at every table
        (["a", "b", "c"], 3),  # as many bots as seats: 1 / bots is right here by chance
        (["a", "b", "c"], 2),  # more bots than seats
        (["a", "b", "c", "d", "e"], 4),
    ],
)
def test_the_fair_share_is_one_over_the_seats_whatever_the_number_of_bots(monkeypatch, bots, players):
    """The fair share of a seat is 1 / seats; a bot's win rate is its winning seats over the seats it played."""
    use(monkeypatch, fake_simulate(first_player_wins))
    games = 12 * len(tables_for(bots, players))
    rated = ladder("tipjar", bots, players=players, games=games, workers=1)
    rows = {r["bot"]: r for r in rated.ratings.iter_rows(named=True)}
    assert [r["fair_share"] for r in rows.values()] == [pytest.approx(1 / players)] * len(bots)
    assert f"fair share {round(100 / players)} %" in rated.text()
    # Each table plays 12 games and its first bot wins them all: count the seats and wins of each bot by hand.
    seats = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0)
    for table in tables_for(bots, players):
        for b in table:
            seats[b] += 12
        wins[table[0]] += 12
    for b in bots:
        r = rows[b]
        assert (r["seats"], r["wins"]) == (seats[b], wins[b]), b
        assert r["win_rate"] == pytest.approx(wins[b] / seats[b])
        assert (r["win_low"], r["win_high"]) == pytest.approx(wilson(wins[b], seats[b]), abs=1e-12)
    assert rated.games["game"].n_unique() == games


TOP = (32.0, 2 / Z95)
"""The first bot's rating: its interval starts at 30 exactly (``mu - Z95 * sigma``)."""


@pytest.mark.parametrize(
    ("second", "separated"),
    [
        ((28.0, 1 / Z95), True),  # the second's interval ends at 29, below the first's: separated
        ((28.999, 1 / Z95), True),  # ends just below 30
        ((29.0, 1 / Z95), False),  # ends at 30: the intervals touch, not separated
        ((29.5, 1 / Z95), False),  # ends at 30.5: they overlap
    ],
)
def test_separated_from_next_needs_a_gap_between_the_intervals(monkeypatch, second, separated):
    """``above_next``: the bot's interval lies wholly above the next one's; touching is not above."""
    assert TOP[0] - Z95 * TOP[1] == 30.0 and 29.0 + Z95 * (1 / Z95) == 30.0  # the edge is exact in floats
    use(monkeypatch, fake_simulate(first_player_wins))
    given = {"a": TOP, "b": second, "c": (0.0, 1.0)}
    monkeypatch.setattr(skill_module, "rate", lambda games, bots: {b: given[b] for b in bots})
    rated = ladder("tipjar", ["a", "b", "c"], players=2, games=6, workers=1)
    assert rated.ratings["bot"].to_list() == ["a", "b", "c"]
    assert rated.ratings["above_next"].to_list() == [separated, True, None]


def test_a_rating_interval_is_mu_plus_or_minus_the_normal_quantile_times_sigma(monkeypatch):
    use(monkeypatch, fake_simulate(first_player_wins))
    rated = ladder("tipjar", ["a", "b", "c"], players=2, games=30, workers=1)
    by_hand = rate(rated.games, ["a", "b", "c"])
    for r in rated.ratings.iter_rows(named=True):
        mu, sigma = by_hand[r["bot"]]
        assert (r["mu"], r["sigma"]) == pytest.approx((mu, sigma))
        assert (r["mu_low"], r["mu_high"]) == pytest.approx((mu - Z * sigma, mu + Z * sigma), abs=1e-9)
        assert r["ordinal"] == pytest.approx(mu - 3 * sigma)
    assert rated.ratings["bot"].to_list() == ["a", "b", "c"]  # a beats both, b beats c: strongest first


def flat(ratings: dict[str, tuple[float, float]]) -> list[float]:
    """Each bot's (mu, sigma) in name order, as one list of numbers."""
    return [x for b in sorted(ratings) for x in ratings[b]]


def _by_hand(games: list[list[tuple[str, int]]], bots: list[str]) -> dict[str, tuple[float, float]]:
    """One pass of openskill's Plackett-Luce over ``games`` (each a list of (bot, rank)) in order; a bot at two
    seats of one table is two teams, its two new ratings averaged."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(tau=0.0)
    now = {b: model.rating(name=b) for b in bots}
    for game in games:
        new = model.rate([[now[b]] for b, _ in game], ranks=[r for _, r in game])
        got: dict[str, list] = {}
        for (b, _), (team,) in zip(game, new):
            got.setdefault(b, []).append(team)
        for b, ts in got.items():
            now[b] = model.rating(mu=sum(t.mu for t in ts) / len(ts), sigma=sum(t.sigma for t in ts) / len(ts))
    return {b: (r.mu, r.sigma) for b, r in now.items()}


def test_one_order_of_rate_is_openskill_played_game_by_game():
    games = [
        [("a", 1), ("b", 2), ("c", 3)],
        [("c", 1), ("a", 2), ("b", 2)],  # a tie for second
        [("b", 1), ("b", 2), ("a", 3)],  # b at two seats
        [("a", 1), ("c", 2), ("b", 3)],
    ]
    table = pl.DataFrame(
        [{"game": g, "seat": s, "bot": b, "rank": r} for g, game in enumerate(games) for s, (b, r) in enumerate(game)]
    )
    assert flat(rate(table, ["a", "b", "c"], orders=1)) == pytest.approx(flat(_by_hand(games, ["a", "b", "c"])))


def test_every_order_of_identical_games_averages_to_one_pass():
    """The 24 orders ``rate`` averages over are shuffles: games that are all alike rate the same in every one."""
    game = [("a", 1), ("b", 2), ("c", 3)]
    table = pl.DataFrame(
        [{"game": g, "seat": s, "bot": b, "rank": r} for g in range(20) for s, (b, r) in enumerate(game)]
    )
    expected = _by_hand([game] * 20, ["a", "b", "c"])
    assert flat(rate(table, ["a", "b", "c"])) == pytest.approx(flat(expected))
    assert flat(rate(table, ["a", "b", "c"], orders=1)) == pytest.approx(flat(expected))


# --- the head-to-head pairs (sim/ladder.py, ``--pairs``)

RECORD = {("a", "b"): (7, 2, 1), ("a", "c"): (3, 6, 1), ("b", "c"): (0, 10, 0)}
"""Per pair (row bot, column bot): games the first-seated bot wins alone, the second alone, and both share."""


def pair_winners(bots, g):
    """The first two players' results by ``RECORD``: first wins, then second wins, then shared; game 11 fails."""
    one, two, both = RECORD[(bots[0], bots[1])]
    if g < one:
        return [0]
    if g < one + two:
        return [1]
    if g < one + two + both:
        return [0, 1]
    return [2]  # a seat beyond the pair (``random`` at a bigger table) wins the rest


def test_a_pair_is_scored_from_the_row_bots_side(monkeypatch):
    """Each pair plays 11 games, one of which fails: 10 count. A shared win counts for both bots."""
    fake = fake_simulate(pair_winners, failed={10})
    monkeypatch.setattr(pairs_module, "simulate", fake)
    table = pairs(None, ["a", "b", "c"], players=2, games=11)
    assert fake.asked == [(("a", "b"), 11), (("a", "c"), 11), (("b", "c"), 11)]
    got = {(r["bot"], r["opponent"]): r for r in table.iter_rows(named=True)}
    for (x, y), (one, two, both) in RECORD.items():
        for me, other, wins in ((x, y, one + both), (y, x, two + both)):
            r = got[(me, other)]
            assert (r["games"], r["wins"]) == (10, wins), (me, other)
            assert r["win_rate"] == pytest.approx(wins / 10)
            assert (r["ci_low"], r["ci_high"]) == pytest.approx(wilson(wins, 10), abs=1e-12)
        # both sides of a pair: every counted game has a winner here, a shared one counts twice
        assert got[(x, y)]["wins"] + got[(y, x)]["wins"] == 10 + both


def test_a_pair_is_scored_from_its_own_two_seats_at_a_bigger_table(monkeypatch):
    """At 3 players the third seat is ``random``; its wins are no one's in the pair."""
    fake = fake_simulate(pair_winners)
    monkeypatch.setattr(pairs_module, "simulate", fake)
    table = pairs(None, ["a", "b"], players=3, games=14)
    assert fake.asked == [(("a", "b", "random"), 14)]
    got = {(r["bot"], r["opponent"]): r for r in table.iter_rows(named=True)}
    assert (got[("a", "b")]["wins"], got[("b", "a")]["wins"]) == (8, 3)  # 4 games went to the random seat
    assert got[("a", "b")]["games"] == got[("b", "a")]["games"] == 14


def test_a_pair_is_scored_by_bot_in_a_real_run():
    """Tip Jar, the search bot against random play: each row's wins are the games won by the row bot's player,
    counted by bot name on the same games ``simulate`` plays."""
    bots = ["ismcts:iterations=8,rollout=random", "random"]
    table = pairs(toygame.TipRules(), bots, players=2, games=16, workers=1, progress=False)
    same = runner.simulate(toygame.TipRules(), players=2, games=16, bots=bots, seed=0, workers=1, progress=False)
    for me, other in (bots, bots[::-1]):
        row = table.filter((pl.col("bot") == me) & (pl.col("opponent") == other)).row(0, named=True)
        assert row["wins"] == same.players.filter(pl.col("bot") == me)["won"].sum()
        assert row["games"] == same.games.height
    wins = table["wins"].to_list()
    assert wins[0] != wins[1]  # the sides differ, so a row scored from the other side would show
    text = ladder_text(table)
    search_row, random_row = text.splitlines()[2:]  # after the title and the header, one row a bot
    assert search_row.split()[:3] == [bots[0], "-", f"{100 * wins[0] / 16:.0f}%"]
    assert random_row.split()[:2] == ["random", f"{100 * wins[1] / 16:.0f}%"]
