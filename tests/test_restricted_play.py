"""Restricted play (issue 41): a seat barred from a mechanic's actions; its win-rate loss is what the mechanic is worth.

Known answers come from Tally, a tiny game registered here: each turn the actor scores 1 or 2 points or
waits, except a seat's first turn, where scoring 1 is all it may do; most points wins (a tie is a win for
each). A seat barred from scoring keeps only that forced point, while the others score every turn, so it
loses every game. The real games' mechanics files are checked against their legal actions.
"""

from __future__ import annotations

import re

import polars as pl
import pytest
import scipy.stats

import bourbon_lab as bl
from bourbon_lab.bots import base as bots_base
from bourbon_lab.bots import make_bot
from bourbon_lab.cli import main
from bourbon_lab.core import (
    Decision,
    Event,
    FieldRuleset,
    FieldSpec,
    GameDef,
    GameInfo,
    IllegalAction,
    ScoreRow,
    rank_rows,
    register_game,
    unregister_game,
)
from bourbon_lab.core.house import CATALOGUES, NOTE, HookCatalogue, book_for, declare
from bourbon_lab.core.mechanics import MechanicsError, action_pattern, parse_mechanics
from bourbon_lab.design.coverage import coverage_bots
from bourbon_lab.design.restricted import (
    NEVER_REFUSED,
    NOT_A_CHOICE,
    RestrictedPlayError,
    barred,
    choose_mechanics,
    everywhere,
    restricted_across,
    restricted_games,
    restricted_play,
)

ROUNDS = 4


class TallyRules(FieldRuleset):
    game = "tally"
    FIELDS = (FieldSpec("rounds", "int", "play", "Rounds in a game.", 1, 20),)
    DEFAULTS = {"rounds": ROUNDS}


class Tally:
    """One table: turn ``t`` is seat ``t % n``'s; a seat's first turn may only score 1."""

    def __init__(self, rules, n, seed):
        self.rules, self.n, self.seed = rules, n, seed
        self.points, self.turn, self.round, self.phase = [0] * n, 0, 1, "play"
        self.log: list[Event] = []
        self.actions: list[str] = []
        self.ended_by = None
        self.house = book_for(rules, seed)

    @classmethod
    def new(cls, rules, players, seed=0):
        return cls(rules, players, seed)

    @property
    def is_over(self):
        return self.turn >= self.n * self.rules.rounds

    @property
    def decision(self):
        return None if self.is_over else Decision(actor=self.turn % self.n, step="play", turn_owner=self.turn % self.n)

    @property
    def current_player(self):
        d = self.decision
        return None if d is None else d.actor

    def _legal(self):
        if self.is_over:
            return []
        return ["score 1"] if self.turn < self.n else ["score 1", "score 2", "wait"]

    def legal_actions(self, player=None):
        if self.house is not None and not self.is_over:
            return self.house.legal(self, self.current_player, self._legal())
        return self._legal()

    def apply(self, action, player=None, *, check=True):
        text, p = str(action), self.current_player
        if self.house is not None:
            self.house.intercept(self, "tally", p, text, text, check)
        if text not in self._legal():
            raise IllegalAction(text, "not a Tally action now", round=self.round, phase=self.phase, player=p)
        start = len(self.log)
        self.actions.append(text)
        if text.startswith("score"):
            self.points[p] += int(text.split()[1])
            self.log.append(Event(len(self.log), self.round, "play", p, "points", {"amount": int(text[-1])}, None))
        self.turn += 1
        self.round = 1 + self.turn // self.n
        if self.is_over:
            self.phase, self.ended_by = "over", "rounds"
        return self.log[start:]

    def observe(self, player):
        return self

    def score_rows(self):
        rows = [ScoreRow(s, self.points[s], (), parts={"points": self.points[s]}) for s in range(self.n)]
        return rank_rows(rows, self.is_over)


class Eager(bots_base.Bot):
    """Scores whenever it may (1 or 2 at random), so a seat that cannot score never catches it."""

    name = "eager"

    def choose(self, view, legal):
        scoring = [a for a in legal if str(a).startswith("score")]
        return self.rng.choice(scoring or legal)


MECHANICS = """
mechanics:
  - {name: scoring, kind: points, rule: "Score 1 or 2 points a turn.", actions: [score]}
  - {name: big_scores, kind: points, where: {amount: 2}, rule: "Score 2.", actions: [score 2]}
  - {name: juggling, kind: juggle, rule: "Juggle (no such action).", actions: [juggle]}
  - {name: counting, kind: points, rule: "Most points wins."}
"""


@pytest.fixture(scope="module", autouse=True)
def tally(tmp_path_factory):
    path = tmp_path_factory.mktemp("tally") / "mechanics.yaml"
    path.write_text(MECHANICS)
    info = GameInfo("tally", "Tally (test-only)", 2, 4, max_decisions=100)
    declare(HookCatalogue("tally", events={"points": "score"}, quantities={}, effects={"note": NOTE}))
    register_game(GameDef(info=info, ruleset=TallyRules, new=Tally.new, restore=None, mechanics_file=path))
    bots_base.register(Eager, game="tally")
    yield
    bots_base.REGISTRIES.pop("tally", None)
    CATALOGUES.pop("tally", None)
    unregister_game("tally")


def _tally(**kw):
    return restricted_play(TallyRules.default(), **{"players": 3, "games": 30, "table": "eager", "workers": 1, **kw})


def _row(table: pl.DataFrame, mechanic: str) -> dict:
    return table.filter(pl.col("mechanic") == mechanic).row(0, named=True)


# --- known answers


def test_a_seat_barred_from_every_scoring_action_loses_every_game():
    """'Most points wins': a seat barred from scoring keeps its one forced point and loses every game; its loss
    is the whole of its measured baseline, and the interval excludes 0."""
    r = _row(_tally(), "scoring")
    assert r["games"] == 30 and r["wins"] == 0 and r["win_pct"] == 0
    assert 0 < r["baseline_pct"] < 100 and r["loss_pp"] == pytest.approx(r["baseline_pct"])
    assert r["loss_lo"] > 0 and r["decoration"] is False and r["note"] == ""
    assert r["refused_games"] == 30 and r["refused_per_game"] == ROUNDS - 1
    assert r["forced"] == 30  # its first turn: scoring 1 is all it may do, so it is allowed


def test_a_mechanic_never_offered_loses_nothing_and_is_a_decoration_never_refused():
    r = _row(_tally(), "juggling")
    assert r["games"] == 30 and r["refused_games"] == 0 and r["note"] == NEVER_REFUSED
    assert r["loss_pp"] == 0 and r["loss_lo"] <= 0 <= r["loss_hi"] and r["decoration"] is True
    assert r["win_pct"] == r["baseline_pct"]


def test_a_mechanic_without_actions_is_reported_as_not_a_choice():
    r = _row(_tally(), "counting")
    assert r["note"] == NOT_A_CHOICE and r["games"] == 0 and r["decoration"] is None and r["win_pct"] is None


def test_the_barred_seat_goes_round_every_seat_and_its_games_pair_with_the_baseline():
    games = restricted_games(TallyRules.default(), players=3, games=12, table="eager", mechanics=["scoring"], workers=1)
    for name in ("", "scoring"):
        mine = games.filter(pl.col("mechanic") == name)
        assert mine["game"].to_list() == list(range(12))
        assert mine["seat"].to_list() == [i % 3 for i in range(12)]
    assert not games.filter(pl.col("mechanic") == "scoring")["won"].any()


def test_the_rule_never_leaves_the_barred_seat_without_an_action():
    """Barred from scoring, a seat whose only action is to score may score; otherwise it may only wait."""
    rules = TallyRules.default().with_house_rules(barred(seat=0, mechanic="scoring", actions='["score"]'))
    g = bl.new_game(rules, players=2, seed=1)
    assert g.legal_actions() == ["score 1"]
    g.apply("score 1")
    g.apply("score 1")
    assert g.legal_actions() == ["wait"]
    with pytest.raises(IllegalAction, match="house rule restricted_play: seat 0 is barred from scoring"):
        g.apply("score 2")
    g.apply("wait")
    assert g.legal_actions() == ["score 1", "score 2", "wait"]  # seat 1 is not barred


@pytest.mark.parametrize("game", ["bourbonomics", "distilled", "gin_crafters", "microbrew"])
def test_a_seat_barred_from_every_action_plays_every_game_through_unchanged(game):
    """Every action barred is every action allowed: each decision of the seat is forced, nothing is refused,
    so each game is its baseline (loss exactly 0), and no game is left without an action."""
    from bourbon_lab.core.mechanics import Mechanic

    everything = Mechanic("everything", ("*",), "every action", actions=(".+",))
    rules = bl.default_rules(game)
    per_game = restricted_games(rules, players=2, games=2, table="random", mechanics=[everything], workers=1)
    mine = per_game.filter(pl.col("mechanic") == "everything")
    assert mine["error"].null_count() == 2 and (mine["refused"] == 0).all()
    assert (mine["forced"] == mine["decisions"]).all() and (mine["decisions"] > 0).all()
    r = restricted_play(rules, players=2, games=2, table="random", mechanics=[everything], workers=1)
    assert r["loss_pp"][0] == 0 and r["failed"][0] == 0


def test_a_baseline_game_is_the_game_simulate_plays():
    rules = bl.default_rules("gin_crafters")
    per_game = restricted_games(rules, players=3, games=9, table="heuristic", mechanics=[], workers=1)
    sim = bl.simulate(rules, players=3, games=9, bots="heuristic", seed=0, workers=1, progress=False)
    first = sim.players.filter(pl.col("player") == 0).sort("game")
    assert per_game["won"].to_list() == first["won"].to_list()
    assert per_game["seat"].to_list() == first["seat"].to_list()


def test_more_workers_give_the_same_table():
    rules = bl.default_rules("microbrew")
    kw = dict(players=2, games=8, table="random", mechanics=["job_brew", "compensation"])
    one = restricted_play(rules, workers=1, progress=False, **kw)
    two = restricted_play(rules, workers=2, progress=False, **kw)
    assert one.equals(two)


# --- the intervals, against scipy


def test_the_win_rates_are_wilson_intervals_and_the_loss_a_paired_t_interval():
    table = _tally(mechanics=["scoring", "big_scores"])
    per_game = restricted_games(TallyRules.default(), 3, 30, "eager", ["scoring", "big_scores"], workers=1)
    base = per_game.filter(pl.col("mechanic") == "")["won"].cast(int).to_numpy()
    for r in table.iter_rows(named=True):
        base_wins = round(r["baseline_pct"] * r["games"] / 100)
        for k, lo, hi in ((r["wins"], r["win_lo"], r["win_hi"]), (base_wins, r["baseline_lo"], r["baseline_hi"])):
            ci = scipy.stats.binomtest(k, r["games"]).proportion_ci(method="wilson")
            assert (lo, hi) == pytest.approx((100 * ci.low, 100 * ci.high), abs=1e-9)
        mine = per_game.filter(pl.col("mechanic") == r["mechanic"])["won"].cast(int).to_numpy()
        ci = scipy.stats.ttest_rel(base, mine).confidence_interval()
        assert (r["loss_lo"], r["loss_hi"]) == pytest.approx((100 * ci.low, 100 * ci.high), abs=1e-9)


def test_a_few_games_loss_interval_stops_at_what_a_difference_of_win_rates_can_be():
    rules = bl.default_rules("gin_crafters")
    kw = dict(players=2, games=4, table="random", mechanics=["action_distill"], workers=1)
    r = restricted_play(rules, **kw).row(0, named=True)
    per_game = restricted_games(rules, **kw)
    base, mine = (per_game.filter(pl.col("mechanic") == m)["won"].cast(int).to_numpy() for m in ("", "action_distill"))
    raw = scipy.stats.ttest_rel(base, mine).confidence_interval()
    assert raw.high > 1 and r["loss_hi"] == 100 and r["loss_lo"] == pytest.approx(100 * raw.low)


@pytest.mark.parametrize(
    ("flags", "expected"), [([True, True], True), ([True, False], False), ([False, False], False), ([True, None], None)]
)
def test_a_decoration_across_levels_is_one_at_every_level(flags, expected):
    levels = pl.DataFrame(
        {"mechanic": ["m"] * len(flags), "decoration": flags}, schema_overrides={"decoration": pl.Boolean}
    )
    assert everywhere(levels)["decoration_everywhere"].to_list() == [expected] * len(flags)


def test_restricted_across_stacks_each_level_and_flags_decorations_everywhere():
    table = restricted_across(
        TallyRules.default(),
        levels=["eager", "random"],
        players=2,
        games=12,
        mechanics=["scoring", "juggling"],
        workers=1,
    )
    assert table["level"].to_list() == ["2 × eager", "2 × eager", "2 × random", "2 × random"]
    flags = dict(zip(table["mechanic"], table["decoration_everywhere"]))
    assert flags == {"scoring": False, "juggling": True}


# --- refused by name


def test_an_unknown_mechanic_is_refused_by_name_with_a_hint():
    with pytest.raises(RestrictedPlayError, match=r"tally has no mechanic 'scorin' \(did you mean 'scoring'\?\)"):
        _tally(mechanics=["scorin"])


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ("score", r"mechanics\[0\] \(m\)\.actions: expected a list of action patterns"),
        ([], r"mechanics\[0\] \(m\)\.actions: expected a list"),
        (["score("], r"mechanics\[0\] \(m\)\.actions\[0\]: 'score\(' is not a regular expression"),
        (["wait", ""], r"mechanics\[0\] \(m\)\.actions\[1\]: '' must be an action's text"),
        ([" score"], r"actions\[0\]: ' score' must be an action's text or a pattern, without spaces at its ends"),
        (["x?"], r"actions\[0\]: 'x\?' matches an empty text, so it would match every action"),
    ],
)
def test_a_bad_actions_entry_is_refused_naming_the_mechanic_and_the_entry(actions, message):
    data = {"mechanics": [{"name": "m", "kind": "points", "rule": "r", "actions": actions}]}
    with pytest.raises(MechanicsError, match=message):
        parse_mechanics(data, "mechanics.yaml")


def test_a_pattern_matches_from_the_start_of_the_text_to_a_words_end():
    rx = action_pattern(["sell", r"upgrade \S+ -> mega_expansion", "place brew"])
    assert rx.match("sell B3 -> D07") and rx.match("upgrade rickhouse -> mega_expansion") and rx.match("place brew.2")
    assert not rx.match("seller") and not rx.match("resell B3") and not rx.match("upgrade rickhouse")
    ultimate = next(m for m in bl.get_game("bourbonomics").mechanics if m.name == "ultimate_mega_expansion")
    assert ultimate.matches("upgrade rickhouse -> mega_expansion") and not ultimate.matches("upgrade rickhouse")


def test_a_mechanic_named_twice_is_played_once_in_the_order_named():
    chosen = choose_mechanics("gin_crafters", ["purchase_juniper", "action_distill", "purchase_juniper"])
    assert [m.name for m in chosen] == ["purchase_juniper", "action_distill"]


def test_a_table_of_the_wrong_size_is_refused():
    with pytest.raises(RestrictedPlayError, match="bots: 2 given for 3 players"):
        _tally(table=["eager", "random"])


# --- the games' own mechanics files


def _legal_texts(game: str) -> set[str]:
    """Legal action texts of a few games at 2 and 4 players, by the game's coverage bots and by random ones.

    Bourbonomics' Ultimates differ by distillery board, so its games deal every board in turn.
    """
    found = bl.get_game(game)
    rules, texts = found.default_rules(), set()
    boards = [d.id for d in rules.distilleries] if game == "bourbonomics" else []
    for n in (found.info.min_players, min(4, found.info.max_players)):
        for table in (list(coverage_bots(game)), ["random"]):
            for seed in range(6):
                deal = {"distilleries": [boards[(seed * n + i) % len(boards)] for i in range(n)]} if boards else {}
                g = found.new(rules, n, seed, **deal)
                seats = [make_bot(table[i % len(table)], seed=seed * 31 + i, game=game) for i in range(n)]
                while not g.is_over:
                    actor, legal = g.decision.actor, g.legal_actions()
                    texts.update(map(str, legal))
                    g.apply(seats[actor].choose(g.observe(actor), legal), check=False)
    return texts


@pytest.mark.parametrize("game", ["bourbonomics", "distilled", "gin_crafters", "microbrew"])
def test_every_declared_action_pattern_matches_a_legal_action_of_its_game(game):
    """A typo in a mechanics file's ``actions`` would bar nothing: each pattern must match some legal action."""
    mechanics = bl.get_game(game).mechanics
    choices = [m for m in mechanics if m.actions]
    assert choices, f"{game} declares no mechanic with actions"
    texts = _legal_texts(game)
    unmatched = [
        (m.name, p) for m in choices for p in m.actions if not any(action_pattern([p]).match(t) for t in texts)
    ]
    assert not unmatched


def test_bl_and_the_command_line_expose_it(capsys):
    assert bl.restricted_play is restricted_play and bl.restricted_across is restricted_across
    code = main(["restricted", "--game", "tally", "--players", "3", "--games", "30", "--table", "eager", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0 and "tally, 3 players, 30 games a mechanic" in out and "3 × eager" in out
    lines = {line.split()[0]: line for line in out.splitlines()[3:] if line.strip()}
    assert "DECORATION (never refused)" in lines["juggling"] and re.search(r"\+\d+\.\d \[\+", lines["scoring"])
    assert "not a choice (no actions in the mechanics file): counting" in out
    code = main(["restricted", "--game", "tally", "--games", "6", "--table", "eager", "--mechanics", "nope", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "tally has no mechanic 'nope'" in err
    code = main(["restricted", "--game", "tally", "--games", "6", "--table", "eager", "--table", "random", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0 and "4 × random" in out and "are decorations (at every level)" in out


def test_the_same_seed_gives_the_same_table_and_another_seed_other_games():
    assert _tally(table="random", seed=3).equals(_tally(table="random", seed=3))
    one, other = (restricted_games(TallyRules.default(), 3, 30, "random", ["scoring"], s, 1) for s in (3, 4))
    assert not one["won"].equals(other["won"])
