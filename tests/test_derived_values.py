"""Derived values near the ladder, the pairs, the secrets and the estimates, each against a known answer (issue 50).

The faults the issue found missed were values checked only against themselves. These are their neighbours:

- **Verdicts across skill** (``design/skill.py``, ``compare_across``): B − A at every level, the side fixed by
  a change whose effect is known exactly (Tip Jar played to its round limit: 6 rounds against 3 is −3).
- **A paired catalogue metric** (``design/paired.py``): its difference is B's value minus A's, each measured
  on its own run by the metric itself.
- **Restricted play's table** (``design/restricted.py``, ``summarise``): from per-game rows made by hand, each
  figure counted from the definition (loss = baseline − barred, in points; refused, forced, failed games;
  "does better barred" when the whole interval is below 0; a decoration when it holds 0, touching included),
  the intervals held to ``scipy``'s Wilson and paired t.
- **The box** (``core/box.py``): Microbrew's counts against the numbers the book prints ("16 yellow light
  malt", "12 customer", "discard 4" ...), doubled at 3-4 players ("If you have two copies"); and counts that
  follow a table's facts when the same table is asked again with new facts (Bourbonomics prints piles).
- **The hook catalogue**: every quantity hook it declares is one the engine consults, with the same
  arguments, and every quantity the engine consults is declared; every effect's arguments are its function's.

Faults planted by hand, one at a time (each reverted at once; ``core/house.py`` and the games' ``house_hooks``
are not ours to edit, so their faults were planted in memory, in a test run only; "docs" is
``test_house_rules.py``'s check of the docs page's catalogue; a fault on the engine's side of a hook, a call
that passes other arguments, is in files not ours and was not planted):

| fault (planted by hand) | where | caught before | caught after, by |
| --- | --- | --- | --- |
| each level's sides swapped (``compare(rules_b, rules_a``) | design/skill.py | no | ``test_verdicts_across*`` |
| a catalogue metric's diff ``va - vb`` | design/paired.py ``_row`` | yes | ``test_a_paired_catalogue*`` |
| "does better barred" when ``lo < 0`` | design/restricted.py | no | ``*_from_its_definition[loses]``, ``[around]`` |
| failed games not counted (``failed=0``) | design/restricted.py | no | ``*_from_its_definition`` (all 3) |
| forced decisions: the most in one game | design/restricted.py | yes | ``*_from_its_definition[loses]`` |
| a decoration only strictly inside 0 | design/restricted.py | yes | ``*_holds_0*[at]``, ``*_definition[idle]`` |
| the limits cache blind to the table's facts | core/box.py ``limits`` | yes | ``test_a_boxs_counts_follow*`` |
| a quantity declared, never consulted | microbrew/house_hooks.py (memory) | yes (docs) | ``*_hook_catalogues_*`` |
| a quantity's declared arguments cut | microbrew/house_hooks.py (memory) | yes (docs) | ``*_hook_catalogues_*`` |
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import polars as pl
import pytest
import scipy.stats
import toygame

import bourbon_lab as bl
from bourbon_lab.core.box import limits, parse_box
from bourbon_lab.core.mechanics import Mechanic
from bourbon_lab.design.metrics import get_metric
from bourbon_lab.design.restricted import BETTER_BARRED, GAMES_SCHEMA, NEVER_REFUSED, summarise
from bourbon_lab.games import BUILTIN

GAMES_DIR = Path(bl.__file__).parent / "games"


@pytest.fixture(autouse=True, scope="module")
def _toy():
    toygame.register()


# --- verdicts across skill, and a paired catalogue metric: B minus A


def test_verdicts_across_skill_are_b_minus_a_at_every_level():
    """Tip Jar with an unreachable target ends at its round limit: 6 rounds under A, 3 under B, at any table."""
    a = toygame.TipRules(target=99, rounds=6)
    b = a.replace(rounds=3)
    levels = ["random", ["random", "ismcts:iterations=4,rollout=random"]]
    c = bl.compare(a, b, players=2, games=6, metrics=["rounds"], skill=levels, workers=1, progress=False)
    rows = c.table.filter(pl.col("metric") == "rounds")
    assert rows["level"].to_list() == ["random", "random,ismcts:iterations=4,rollout=random"]
    assert rows["a"].to_list() == [6.0, 6.0] and rows["b"].to_list() == [3.0, 3.0]
    assert rows["diff"].to_list() == [-3.0, -3.0]
    assert rows["verdict"].to_list() == ["down", "down"]
    for name, level in zip(["random", "random,ismcts:iterations=4,rollout=random"], levels):
        played = c.levels[name]
        assert played.a.games["rounds"].to_list() == [6] * 6 and played.b.games["rounds"].to_list() == [3] * 6
        assert played.a.stamp["bots"] == ([level] * 2 if isinstance(level, str) else level)


def test_a_paired_catalogue_metric_is_bs_value_minus_as():
    a = toygame.TipRules(target=99, rounds=6)
    b = a.replace(rounds=3)
    c = bl.compare(a, b, players=2, games=8, metrics=["winner_margin"], bots="random", workers=1, progress=False)
    (row,) = c.table.to_dicts()
    metric = get_metric("winner_margin", "tipjar")
    value_a, value_b = metric.fn(c.a).value, metric.fn(c.b).value
    assert (row["a"], row["b"]) == pytest.approx((value_a, value_b))
    assert value_b < value_a  # fewer rounds, fewer points between the first two
    assert row["diff"] == pytest.approx(value_b - value_a)
    assert row["ci_low"] <= row["diff"] <= row["ci_high"]


# --- restricted play's table, from per-game rows made by hand

MECHANICS = [
    Mechanic("loses", ("k",), "r", actions=("a",)),
    Mechanic("helps", ("k",), "r", actions=("b",)),
    Mechanic("idle", ("k",), "r", actions=("c",)),
]
BASE = [1, 1, 1, 0, 0, 1, 0, 1, 0, 0]
"""The baseline: the first bot, unrestricted, wins 5 of the 10 games; its game 9 fails."""
BARRED = {
    # won, refused, forced, error ("x": the game failed)
    "loses": ([0, 0, 1, 0, 0, 0, 0, 1, None, 0], [3, 2, 0, 1, 0, 0, 0, 0, 0, 0], [1, 0, 2, 0, 0, 0, 0, 0, 0, 0]),
    "helps": ([1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [1] * 10, [0] * 10),
    "idle": (BASE, [0] * 10, [0] * 10),
}


def hand_rows() -> pl.DataFrame:
    rows = [("", g, g % 3, bool(w), 0, 0, 5, None) for g, w in enumerate(BASE)]
    rows[9] = ("", 9, 0, None, 0, 0, 5, "ValueError: y")  # the baseline's game 9 failed
    for name, (won, refused, forced) in BARRED.items():
        for g in range(10):
            error = "ValueError: x" if won[g] is None else None
            w = None if won[g] is None else bool(won[g])
            rows.append((name, g, g % 3, w, refused[g], forced[g], 5, error))
    return pl.DataFrame(rows, schema=GAMES_SCHEMA, orient="row")


def expected(name: str) -> dict:
    """The row by hand: game 9 (the baseline failed) and any failed barred game are left out of every figure."""
    won, refused, forced = BARRED[name]
    keep = [g for g in range(10) if g != 9 and won[g] is not None]
    wins = sum(won[g] for g in keep)
    base = sum(BASE[g] for g in keep)
    diffs = [BASE[g] - won[g] for g in keep]
    return {
        "games": len(keep),
        "wins": wins,
        "base": base,
        "diffs": diffs,
        "refused_games": sum(refused[g] > 0 for g in keep),
        "refused_per_game": sum(refused[g] for g in keep) / len(keep),
        "forced": sum(forced[g] for g in keep),
        "failed": 10 - len(keep),
    }


def _t_interval(diffs: list[int]) -> tuple[float, float]:
    if len(set(diffs)) == 1:
        return float(diffs[0]), float(diffs[0])
    ci = scipy.stats.ttest_1samp(diffs, 0).confidence_interval()
    return ci.low, ci.high


@pytest.mark.parametrize("name", list(BARRED))
def test_restricted_play_counts_each_figure_from_its_definition(name):
    table = summarise(hand_rows(), MECHANICS, players=3, table="3 × x")
    r = table.filter(pl.col("mechanic") == name).row(0, named=True)
    e = expected(name)
    n = e["games"]
    assert (r["games"], r["wins"]) == (n, e["wins"])
    assert r["win_pct"] == pytest.approx(100 * e["wins"] / n)
    assert r["baseline_pct"] == pytest.approx(100 * e["base"] / n)
    for k, lo, hi in ((e["wins"], r["win_lo"], r["win_hi"]), (e["base"], r["baseline_lo"], r["baseline_hi"])):
        ci = scipy.stats.binomtest(k, n).proportion_ci(method="wilson")
        assert (lo, hi) == pytest.approx((100 * ci.low, 100 * ci.high), abs=1e-9)
    loss = 100 * sum(e["diffs"]) / n
    assert r["loss_pp"] == pytest.approx(loss)
    assert r["loss_pp"] == pytest.approx(r["baseline_pct"] - r["win_pct"])  # baseline minus barred
    lo, hi = _t_interval(e["diffs"])
    assert (r["loss_lo"], r["loss_hi"]) == pytest.approx((max(-100, 100 * lo), min(100, 100 * hi)), abs=1e-9)
    assert r["refused_games"] == e["refused_games"]
    assert r["refused_pct"] == pytest.approx(100 * e["refused_games"] / n)
    assert r["refused_per_game"] == pytest.approx(e["refused_per_game"])
    assert (r["forced"], r["failed"]) == (e["forced"], e["failed"])
    assert r["decoration"] is bool(lo <= 0 <= hi)
    assert r["note"] == {"loses": "", "helps": BETTER_BARRED, "idle": NEVER_REFUSED}[name]
    # the first failed game of the pair: the barred one's own (game 8) before the baseline's (game 9)
    assert r["error"] == ("ValueError: x" if name == "loses" else "its baseline game failed")


def _one(base: list[int], barred: list[int]) -> dict:
    rows = [("", g, 0, bool(w), 0, 0, 1, None) for g, w in enumerate(base)]
    rows += [("m", g, 0, bool(w), 1, 0, 1, None) for g, w in enumerate(barred)]
    per_game = pl.DataFrame(rows, schema=GAMES_SCHEMA, orient="row")
    return summarise(per_game, [Mechanic("m", ("k",), "r", actions=("a",))], 2, "2 × x").row(0, named=True)


@pytest.mark.parametrize(
    ("base", "barred", "decoration", "note"),
    [
        ([1, 0, 1, 0], [1, 0, 1, 0], True, ""),  # at: the interval is [0, 0], it holds 0
        ([1, 1, 0, 0, 1, 0], [0, 1, 1, 0, 0, 0], True, ""),  # around 0
        ([1] * 6, [0] * 6, False, ""),  # above: every game lost, [100, 100]
        ([0] * 6, [1] * 6, False, BETTER_BARRED),  # below: every game won only barred, [-100, -100]
        ([0] * 10, [1] * 6 + [0] * 4, False, BETTER_BARRED),  # below, with an interval of width
    ],
    ids=["at", "around", "above", "below", "below-wide"],
)
def test_a_decoration_holds_0_in_its_loss_interval_touching_included(base, barred, decoration, note):
    r = _one(base, barred)
    diffs = [x - y for x, y in zip(base, barred)]
    lo, hi = _t_interval(diffs)
    assert (r["loss_lo"], r["loss_hi"]) == pytest.approx((100 * lo, 100 * hi), abs=1e-9)
    assert r["decoration"] is decoration and r["note"] == note


# --- the box


BOOK_MICROBREW = {
    "light_malt": 16,  # "16 yellow light malt"
    "medium_malt": 16,  # "16 orange medium malt"
    "dark_malt": 16,  # "16 brown dark malt" ("the 48 light, medium and dark malt tokens")
    "hop": 6,  # "6 green hop"
    "customer": 12,  # "12 customer"
    "recipe": 16,  # "16 recipe"
    "reputation": 7,  # "7 reputation"
    "upgrade": 2,  # "2 brown upgrade"
}
"""Microbrew's components as the book prints them, for one copy of the game."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_microbrews_box_holds_what_the_book_prints_and_two_copies_at_3_or_4(players):
    """Book: "If you have two copies of Microbrew, you can play with more players": 3 and 4 play two boxes;
    "3 x 4 colour brewers" are 3 a player; "1 white brewmaster" (one at any table, ours); "Shuffle the two
    customer decks together, then discard 4"; "Shuffle the two recipe decks together, then discard 6"."""
    gd = bl.get_game("microbrew")
    g = bl.new_game(gd.default_rules(), players, 0)
    counts = gd.box.counts(g.rules, players, gd.box_context(g))
    copies = 1 if players == 2 else 2
    assert {k: counts[k] for k in BOOK_MICROBREW} == {k: copies * v for k, v in BOOK_MICROBREW.items()}
    assert counts["brewer"] == 3 * players and counts["brewmaster"] == 1
    assert set(counts) == {*BOOK_MICROBREW, "brewer", "brewmaster"}
    ceilings = gd.box.ceilings(g.rules, players, gd.box_context(g))
    assert ceilings[("customer", "set aside unseen")] == 4 and ceilings[("recipe", "set aside unseen")] == 6
    if players > 2:  # the discards are set aside unseen, and the box still holds them
        assert len(g.customer_unseen) == 4 and len(g.recipe_unseen) == 6


PRINTED = parse_box(
    {
        "components": [
            {"name": "cask", "count": {"context": "cask_printed"}, "rule": "r", "places": {"pile": {"at_most": 5}}},
            {"name": "board", "kind": "tile", "count": {"per_player": 1}, "rule": "r"},
        ]
    },
    "box.yaml",
)


@pytest.mark.parametrize("printed", [9, 10, 11])
def test_a_boxs_counts_follow_the_tables_facts_when_asked_again(printed):
    """Bourbonomics prints a fresh pile when one runs out: the same table, asked again with more printed, holds
    more. Asked first with 10 and then with 9, 10 or 11: the second answer is the second table's."""
    rules = object()
    assert limits(PRINTED, rules, 2, {"cask_printed": 10})[0] == {"cask": 10, "board": 2}
    counts, ceilings = limits(PRINTED, rules, 2, {"cask_printed": printed})
    assert counts == {"cask": printed, "board": 2} and ceilings == {("cask", "pile"): 5}
    assert limits(PRINTED, rules, 3, {"cask_printed": printed})[0] == {"cask": printed, "board": 3}


# --- the hook catalogue against the engine's own source


def consulted(game: str) -> dict[str, list[tuple[str, int, set[str]]]]:
    """Every ``house.quantity(g, "name", value, **about)`` call in the game's source: name -> (file, line, about)."""
    out: dict[str, list] = {}
    for path in sorted((GAMES_DIR / game).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr != "quantity" or len(node.args) < 3 or not isinstance(node.args[1], ast.Constant):
                continue
            out.setdefault(node.args[1].value, []).append((path.name, node.lineno, {k.arg for k in node.keywords}))
    return out


def _names(args: str) -> set[str]:
    return {a.strip() for a in args.split(",") if a.strip()}


@pytest.mark.parametrize("game", sorted(BUILTIN))
def test_the_hook_catalogues_quantities_are_the_ones_the_engine_consults(game):
    cat = bl.hooks(game)
    calls = consulted(game)
    assert set(cat.quantities) == set(calls), (sorted(cat.quantities), sorted(calls))
    assert len([p for p in cat if p.kind == "quantity"]) == len(calls)
    for name, (args, sentence) in cat.quantities.items():
        for where, line, about in calls[name]:
            assert about == _names(args), f"{game}: {where}:{line} passes {sorted(about)} to {name}, declared {args}"
        assert sentence


@pytest.mark.parametrize("game", sorted(BUILTIN))
def test_each_effect_takes_the_arguments_it_declares(game):
    for name, effect in bl.hooks(game).effects.items():
        params = list(inspect.signature(effect.fn).parameters)[2:]  # after the table and the rule's name
        assert set(params) == _names(effect.args), (game, name, params, effect.args)


def test_the_source_reading_finds_the_calls_a_person_finds():
    """The reading above against calls found by hand in the engines (``grep -n "house.quantity("``)."""
    micro = consulted("microbrew")
    assert {n: [(f, about) for f, _, about in calls] for n, calls in micro.items()} == {
        "serve_pay": [("jobs.py", {"player", "recipe", "customer", "rating"})],
        "replaceable_spaces": [("work.py", {"player", "job"})],
        "free_brew": [("work.py", {"player", "job"})],
    }
    assert set(consulted("gin_crafters")) == {"game_ends", "bonuses_offered", "refreshed_price"}
    assert sorted(f for f, _, _ in consulted("bourbonomics")["final_prestige"]) == ["invariants.py", "scoring.py"]
