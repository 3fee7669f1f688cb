"""Microbrew on the protocol: the conformance harness at 2, 3 and 4 players and every variant; each variant's
own effect; a malformed ruleset or card file refused whole, naming the field."""

from __future__ import annotations

import json

import pytest

import bourbon_lab as bl
from bourbon_lab.core import RulesetError
from bourbon_lab.games.microbrew import Microbrew, Ruleset, beer
from bourbon_lab.games.microbrew import copper as cu
from bourbon_lab.testing import check_game

RULES = bl.default_rules("microbrew")


def test_registered_with_its_facts():
    assert "microbrew" in bl.games()
    info = bl.core.get_game("microbrew").info
    assert (info.min_players, info.max_players) == (2, 4) and info.interrupts == ("free_brew",)
    names = [v["name"] for v in Ruleset.variants()]
    assert names == ["sideways_swap", "brew_chain", "ferment_match", "reputation_reveal", "free_brew", "replacement"]


def test_harness_at_every_player_count_and_every_variant():
    report = check_game("microbrew", games=2, seed=11)
    assert report.games == 2 * (3 + 6) and report.other_process
    assert report.illegal_checked and report.redeals_that_changed


def dealt(rules=RULES, players=2, seed=0):
    g = bl.new_game(rules, players=players, seed=seed)
    while g.step in ("hop", "compensation"):
        g.apply(g.legal_actions()[0] if g.step == "hop" else "decline")
    return g


def edited(g, change):
    snap = json.loads(json.dumps(g.snapshot()))
    change(snap)
    return Microbrew.restore(snap)


# --- each variant does what it says


def test_sideways_hop_only_stops_malts_swapping_sideways():
    assert cu.can_swap("L", "M", "right", "different") and not cu.can_swap("L", "L", "right", "different")
    assert not cu.can_swap("L", "M", "right", "hop_only") and cu.can_swap("L", "H", "left", "hop_only")


def test_brew_chain_must_continue_while_the_token_can_move():
    g = dealt(RULES.replace(brew_chain="must_continue"))
    p = g.active
    g = edited(g, lambda s: s["copper"].__setitem__(p, list("LMMD" + "LLLL" + "MMMM" + "DDDD" + "....")))
    g.apply("place brew.1")
    g.apply("select 1,1")
    g.apply("swap up")
    assert g.legal_actions() == ["swap up"]


def test_ferment_match_colour_on_recipe_keeps_a_beer_clean():
    assert beer.would_contaminate(list("LLLD"), "LLMD", "per_space")
    assert not beer.would_contaminate(list("LLLD"), "LLMD", "colour_on_recipe")
    assert beer.would_contaminate(list("LLLH"), "LLMD", "colour_on_recipe")


def test_reputation_reveal_choose_is_a_commit_group():
    g = dealt(RULES.replace(reputation_reveal="choose"))
    from bourbon_lab.games.microbrew import ending

    ending.finish(g, "deck_out")
    d = g.decision
    assert d.step == "reveal" and d.group == (0, 1) and d.turn_owner is None
    g.apply(f"reveal {g.secret_reps[1][0]}", player=1)
    assert g.decision.group == (0,) and g.actions[-1].endswith("@1")
    assert g.view(0)["reveals"] == {"1": True}
    g.apply(f"reveal {g.secret_reps[0][1]}")
    assert g.is_over and g.revealed_reps == [[g.secret_reps[0][1]], [g.secret_reps[1][0]]]


def _to_free_brew(g):
    g.apply("place flush.1")
    while g.step == "flush":
        g.apply("done")
    return g


def test_free_brew_once_per_round():
    for choice, second in (("each_time", "free_brew"), ("once_per_round", "place")):
        g = edited(dealt(RULES.replace(free_brew=choice)), lambda s: s.__setitem__("brewmaster", "flush"))
        g = _to_free_brew(g)
        assert g.step == "free_brew"
        g.apply("decline")
        g = _to_free_brew(g)  # the other player replaces the first on the Brewmaster's job
        assert g.step == second, choice


def test_replacement_once_per_space():
    g = dealt(RULES.replace(replacement="once_per_space"))
    q = 1 - g.active
    g = edited(g, lambda s: s["spaces"]["break"].__setitem__(0, q))
    g.apply("place break.1")
    assert g.replaced["break"] == [True]
    assert "place break.1" not in g.legal_actions()  # q may not take it back this round
    g2 = dealt()
    g2 = edited(g2, lambda s: s["spaces"]["break"].__setitem__(0, 1 - s["active"]))
    g2.apply("place break.1")
    assert "place break.1" in g2.legal_actions()


# --- bad data refused whole


def test_a_bad_number_in_a_ruleset_file_is_refused_naming_field_and_line(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("game: microbrew\nbreak_income: 2\ntin: [16, 16]\nrating_cuts: [2, 1, 0]\n")
    with pytest.raises(RulesetError) as info:
        Ruleset.from_yaml(path, base=RULES)
    assert info.value.fields == ["tin"] and "line 3" in str(info.value)
    path.write_text("game: microbrew\nrating_cuts: [2, 1, 0]\n")
    with pytest.raises(RulesetError) as info:
        Ruleset.from_yaml(path, base=RULES)
    assert info.value.fields == ["rating_cuts"] and "ascending" in str(info.value)


def test_a_bad_card_is_refused_naming_the_deck_and_card():
    cards = [c._asdict() for c in RULES.recipes]
    cards[2] = {**cards[2], "colours": "LLXQ"}
    with pytest.raises(RulesetError) as info:
        RULES.replace(recipes=cards)
    assert info.value.fields == ["recipes"] and "R03" in str(info.value)
    customers = [c._asdict() for c in RULES.customers]
    customers[0] = {**customers[0], "likes": "bitter"}
    with pytest.raises(RulesetError) as info:
        RULES.replace(customers=customers, tin=[1, 1, 1, 1])
    assert sorted(info.value.fields) == ["customers"]  # checked one at a time, then together: the card fails first


def test_rules_for_another_game_are_refused(tmp_path):
    path = tmp_path / "other.yaml"
    path.write_text("game: bourbonomics\n")
    with pytest.raises(RulesetError, match="another game"):
        Ruleset.from_yaml(path)


def test_the_ruleset_round_trips_through_yaml(tmp_path):
    path = tmp_path / "all.yaml"
    path.write_text(RULES.replace(break_income=2).to_yaml())
    back = Ruleset.from_yaml(path)
    assert back.break_income == 2 and back.recipes == RULES.recipes and back.changes() == {"break_income": 2}
