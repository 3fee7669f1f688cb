"""The soak (issue #12): random legal games with every book invariant checked after every action.

The suite's soak plays 1,200 games on two workers and asserts it broke nothing AND reached every
distillery, every Ultimate, every variant choice and every player count, so it cannot quietly stop
covering them. A deliberately broken invariant must come back as a report and a playtest file that
replays to the same failure; each invariant is shown to fire on a state that breaks its rule.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import bourbon_lab as bl
from bourbon_lab.cli import main
from bourbon_lab.games.bourbonomics import invariants as inv
from bourbon_lab.games.bourbonomics.content import ULTIMATES
from bourbon_lab.testing import INVARIANTS, recheck, soak
from bourbon_lab.testing.policy import SoakPlayer
from bourbon_lab.testing.soak import CheckedGame, Table, continues_identically, play_game, run_chunk, table

RULES = bl.Ruleset.default()
SUITE_GAMES = 1200


@pytest.fixture(scope="module")
def suite_soak():
    return soak(SUITE_GAMES, seed=0, workers=2, progress=False)


def test_the_suite_soak_breaks_no_invariant(suite_soak):
    assert suite_soak.games == SUITE_GAMES
    assert suite_soak.breaks == [], "\n".join(str(b) for b in suite_soak.breaks[:3])
    assert suite_soak.totals.ended_by["orders"] > 0 and suite_soak.totals.ended_by["round_limit"] > 0
    assert "broken" not in suite_soak.totals.ended_by


def test_the_suite_soak_reaches_every_ultimate_and_distillery(suite_soak):
    """Book: "Every department goes Base → +1 → +1 → Ultimate" and "Each distillery offers a different set of
    Ultimates": the soak's players buy them, so every Ultimate's rules run under the invariants.
    """
    reached = suite_soak.totals.ultimates
    assert sorted(u for us in ULTIMATES.values() for u in us if not reached[u]) == []
    assert suite_soak.unreached(RULES) == {"ultimates": [], "distilleries": []}
    assert set(suite_soak.totals.players) == {2, 3, 4, 5, 6}
    for v in bl.Ruleset.variants():
        for choice in v["choices"]:
            assert suite_soak.totals.variants[f"{v['name']}={choice}"] > 0, (v["name"], choice)


def never_epic(g, s):
    """A test-only 'rule': no barrel is built at Epic or better (real games break it often)."""
    for e in s.of("barrel_built"):
        if e.data["quality"] in ("Epic", "Legendary"):
            return f"{e.data['barrel']} was built {e.data['quality']}"
    return None


never_epic.when = ("barrel_built",)


def test_a_broken_invariant_is_reported_and_saved_as_a_replayable_playtest(tmp_path, capsys):
    checks = (*INVARIANTS, never_epic)
    result = soak(12, seed=5, workers=1, out=tmp_path, invariants=checks, progress=False)
    assert result.breaks, "no game built an Epic barrel"
    b = result.breaks[0]
    assert b.invariant == "never_epic" and "was built" in b.message
    text = str(b)
    assert f"seed {b.table.seed}" in text and str(list(b.table.distilleries)) in text
    assert "; ".join(b.actions) in text and b.file in text
    assert recheck(b.file, checks) == (b.invariant, b.message)
    assert recheck(b.file) is None, "the real invariants hold in the saved game"
    assert main(["replay", b.file]) == 0
    assert "seed" in capsys.readouterr().out


def test_the_same_seed_plays_the_same_soak():
    first, again = run_chunk(RULES, 3, [0, 1, 2]), run_chunk(RULES, 3, [0, 1, 2])
    assert (first.actions, first.ultimates, first.ended_by) == (again.actions, again.ultimates, again.ended_by)
    assert run_chunk(RULES, 4, [0, 1, 2]).actions != first.actions


# --- each invariant fires on a state that breaks its rule ---------------------------------------


def game_until(kind: str, seed: int = 1):
    """A soak game stopped just after the first step with an event of ``kind``; returns (checked, events)."""
    for index in range(40):
        t = table(RULES, seed, index)
        checked = CheckedGame(RULES, t)
        g = checked.game
        seats = [SoakPlayer(random.Random(i)) for i in range(t.players)]
        while not g.is_over:
            assert checked.apply(seats[g.current_player].choose(g, g.legal_actions())) is None
            if checked.step.of(kind):
                return checked, checked.step.of(kind)
    raise AssertionError(f"no {kind} event in 40 games")


def fires(checked, invariant) -> str | None:
    return invariant(checked.game, checked.step)


def test_bourbon_and_quality_invariants_fire_on_a_bad_barrel():
    checked, (built,) = game_until("barrel_built")
    barrel = checked.game.players[built.player].barrel(built.data["barrel"])
    assert fires(checked, inv.built_barrels_are_bourbon) is None
    assert fires(checked, inv.quality_is_the_best_card) is None
    barrel.quality = max(c.quality for c in barrel.cards) + 1
    assert "best card" in fires(checked, inv.quality_is_the_best_card)
    cask = next(c for c in barrel.staged + barrel.wild if c.kind == "cask")
    (barrel.staged if cask in barrel.staged else barrel.wild).remove(cask)
    assert "not bourbon" in fires(checked, inv.built_barrels_are_bourbon)


def test_sale_invariants_fire_on_a_wrong_payment_and_a_second_sale():
    checked, (sale,) = game_until("sale")
    for invariant in (inv.sales_pay_age_value_times_zone, inv.capital_moves_only_by_sales_and_upgrades):
        assert fires(checked, invariant) is None
    sale.data["capital"] += 1
    assert "paid" in fires(checked, inv.sales_pay_age_value_times_zone)
    assert "account for" in fires(checked, inv.capital_moves_only_by_sales_and_upgrades)
    sale.data["capital"] -= 1
    checked.step.table += 1 if checked.step.table < 3 else -1
    assert fires(checked, inv.sales_pay_age_value_times_zone)
    if checked.game.rules.barrel_sales_per_round is not None:
        assert "times in round" in fires(checked, inv.sales_per_barrel_per_round)


def test_upgrade_invariants_fire_on_a_wrong_price():
    checked, (up,) = game_until("upgrade")
    assert fires(checked, inv.nth_upgrade_costs_n) is None
    up.data["cost"] += 1
    assert "not" in fires(checked, inv.nth_upgrade_costs_n)
    checked.game.players[up.player].capital = -1
    assert "-1 Capital" in fires(checked, inv.capital_never_negative)


def test_table_caps_and_hot_reset_invariants_fire():
    checked, _ = game_until("card_added")
    g = checked.game
    assert fires(checked, inv.table_never_reaches_the_crash) is None
    g.table = g.table * g.rules.crash_size
    assert "crash" in fires(checked, inv.table_never_reaches_the_crash)
    p = g.players[checked.step.seat]
    p.warehouse = p.warehouse + [p.warehouse[0] if p.warehouse else None] * 10
    assert "loose cards" in fires(checked, inv.warehouse_and_rickhouse_within_caps)
    checked.step.action = "sell B1 -> D01"
    checked.step.kinds = {"hot_reset": [object()]}
    assert "hot reset" in fires(checked, inv.hot_reset_only_after_a_hot_completion)


def test_the_end_invariants_fire_on_a_round_too_many_and_a_wrong_score():
    t = table(RULES, 0, 0)
    checked, broken = play_game(RULES, Table(0, t.seed, 2, ("standard", "standard"), (), 0))
    g = checked.game
    assert broken is None and g.is_over
    assert fires(checked, inv.score_is_capital_plus_prestige) is None
    assert fires(checked, inv.game_ends_with_the_round_of_the_8th_order) is None
    checked.step.end_round = g.round - 1
    assert "began after" in fires(checked, inv.game_ends_with_the_round_of_the_8th_order)
    assert fires(checked, inv.every_card_in_one_place) is None
    some_pile = next(pile for pile in g.piles.piles.values() if pile)
    g.players[0].warehouse.append(some_pile[0])
    assert "resource cards" in fires(checked, inv.every_card_in_one_place)
    g.players[0].warehouse.pop()
    g.demand.discards.append(RULES.demand_cards[0].id)  # a second copy of a card that is somewhere already
    assert "demand card" in fires(checked, inv.every_card_in_one_place)
    rows = g.scores()
    rows[0]["score"] += 1
    wrong = SimpleNamespace(is_over=True, players=g.players, rules=g.rules, scores=lambda: rows)
    assert "scores" in inv.score_is_capital_plus_prestige(wrong, checked.step)


def test_a_snapshot_that_does_not_continue_identically_is_caught():
    g = bl.new_game(RULES, players=3, seed=4)
    snap = g.snapshot()
    for _ in range(30):
        g.apply(g.legal_actions()[-1])
    assert continues_identically(g, snap) is None
    snap["players"][0]["capital"] += 1
    assert "differ" in continues_identically(g, snap)


# --- the command -------------------------------------------------------------------------------


def test_soak_command_prints_speed_and_coverage(tmp_path, capsys):
    assert main(["soak", "--games", "4", "--workers", "1", "--quiet", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "Ultimates reached" in out and "broken invariants: 0" in out


@pytest.mark.parametrize("args", [["--games", "0"], ["--workers", "-1"]])
def test_soak_command_refuses_bad_counts_in_one_line(args, capsys):
    assert main(["soak", "--quiet", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("bourbon-lab soak:")
