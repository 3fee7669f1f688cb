"""Microbrew's ruleset: every tunable number and every card, with its type, range and whether the book prints it.

Defaults live in ``data/ruleset.yaml`` (numbers and variants) and ``data/content.yaml`` (cards);
``FieldRuleset`` gives whole-or-nothing validation, ``replace``, ``fingerprint`` and ``variants()``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from ...core import FieldRuleset, FieldSpec, RulesetError, yamlfile
from . import content  # noqa: F401  (registers the card kinds)

DATA = Path(__file__).parent / "data"
F = FieldSpec


def _spaces(n: int, book: bool) -> FieldSpec:
    return F(
        f"spaces_{n}p",
        "int_tuple",
        "brewery",
        f"Spaces per job at {n} players ({', '.join(content.JOBS)}).",
        0,
        3,
        length=8,
        book=book,
    )


FIELDS = (
    F("tin", "int_tuple", "tin", "Light, medium, dark malts and hops in the tin.", 0, 30, length=4, book=True),
    F("copper_columns", "int", "copper", "Columns of the basic Copper.", 3, 6),
    F("copper_rows", "int", "copper", "Rows of the Copper: the tokens a bottle takes.", 3, 5),
    F("side_tank_columns", "int", "copper", "Extra columns opened by the Copper Upgrade.", 0, 2),
    F("brewers_start", "int", "brewers", "Brewers each player starts with.", 1, 4, book=True),
    F("brewers_max", "int", "brewers", "Brewers after Hire Staff.", 1, 4, book=True),
    F(
        "manage_cost_2p",
        "int_tuple",
        "manage",
        "Overtime, Research, Upgrade, Hire costs at 2 players.",
        0,
        8,
        length=4,
        book=True,
    ),
    F(
        "manage_cost_34p",
        "int_tuple",
        "manage",
        "Overtime, Research, Upgrade, Hire costs at 3-4 players.",
        0,
        8,
        length=4,
    ),
    F("advertise_per_loyal", "int", "money", "Advertise costs this per loyal customer.", 0, 8, book=True),
    F("break_income", "int", "money", "Break earns this.", 0, 3, book=True),
    F(
        "evicted_income",
        "int",
        "money",
        "A replaced brewer sent to Break earns its owner this (3-4 players).",
        0,
        3,
        book=True,
    ),
    F("research_draw", "int", "manage", "Recipes drawn by Research.", 2, 5, book=True),
    F(
        "rating_cuts",
        "int_tuple",
        "rating",
        "Most different colours for Perfect, Smooth, Rough.",
        0,
        4,
        length=3,
        book=True,
    ),
    F("contaminant_penalty", "int", "rating", "Ratings a contaminant takes off.", 0, 2, book=True),
    F("pay_perfect", "int_tuple", "rating", "Perfect pay for a 3-1, 2-2 and 2-1-1 recipe.", 0, 12, length=3),
    F("pay_lower", "int_tuple", "rating", "Smooth, Rough, Muddled pay.", 0, 12, length=3),
    _spaces(2, False),
    _spaces(3, False),
    _spaces(4, False),
    F("start_thirsty", "int", "setup", "Thirsty customers revealed at the start.", 0, 4, book=True),
    F("start_revealed_recipes", "int", "setup", "Recipes revealed at the start.", 0, 5, book=True),
    F("start_hand", "int", "setup", "Secret recipes dealt to each player.", 0, 3, book=True),
    F("public_reputations_2p", "int", "setup", "Shared reputations at 2 players.", 0, 3, book=True),
    F("public_reputations_34p", "int", "setup", "Shared reputations at 3-4 players.", 0, 3, book=True),
    F(
        "secret_reputations",
        "int",
        "setup",
        "Secret reputations dealt to each player (one is revealed).",
        1,
        3,
        book=True,
    ),
    F(
        "customers_discard_34p",
        "int",
        "setup",
        "Customers discarded unseen from the two decks (3-4 players).",
        0,
        12,
        book=True,
    ),
    F(
        "recipes_discard_34p",
        "int",
        "setup",
        "Recipes discarded unseen from the two decks (3-4 players).",
        0,
        16,
        book=True,
    ),
    F("rest_customers_2p", "int", "rest", "Customers added each Rest at 2 players.", 0, 3, book=True),
    F("rest_customers_34p", "int", "rest", "Customers added each Rest at 3-4 players.", 0, 3, book=True),
    F("rest_recipes_2p", "int", "rest", "Recipes added each Rest at 2 players.", 0, 3, book=True),
    F("rest_recipes_34p", "int", "rest", "Recipes added each Rest at 3-4 players.", 0, 3, book=True),
    F(
        "compensation",
        "bool",
        "setup",
        "The players after the first may draw an extra recipe and return one.",
        book=True,
    ),
    F("final_rounds_after_deckout", "int", "end", "Full rounds played after the deck-out round.", 0, 3, book=True),
    F(
        "round_starter",
        "choice",
        "turns",
        "Who starts each Work phase: where the turn tracker stopped, the first player, or the next seat each round.",
        choices=("tracker", "first", "rotate"),
    ),
    F("placement_cap", "int", "safety", "Placements per round after which replacing is illegal.", 10, 200),
    F("round_limit", "int", "safety", "Rounds after which the game stops (a safety net).", 5, 60),
    F("swap_cap_factor", "int", "safety", "Most swaps in one Brew, per Copper slot.", 1, 4),
    F(
        "sideways_swap",
        "choice",
        "variants",
        "Sideways: a malt swaps with another colour or a hop, or only a hop.",
        choices=("different", "hop_only"),
        variant=True,
    ),
    F(
        "brew_chain",
        "choice",
        "variants",
        "A Brew may stop after any swap, or must go on while it can.",
        choices=("may_stop", "must_continue"),
        variant=True,
    ),
    F(
        "ferment_match",
        "choice",
        "variants",
        "A token matches its own space, or any space of its colour.",
        choices=("per_space", "colour_on_recipe"),
        variant=True,
    ),
    F(
        "reputation_reveal",
        "choice",
        "variants",
        "The secret reputation that scores is revealed, or each chooses.",
        choices=("auto_best", "choose"),
        variant=True,
    ),
    F(
        "free_brew",
        "choice",
        "variants",
        "The free Brew comes each time the Brewmaster's job is taken, or once a round.",
        choices=("each_time", "once_per_round"),
        variant=True,
    ),
    F(
        "replacement",
        "choice",
        "variants",
        "Any brewer may be replaced, or each space once a round.",
        choices=("any", "once_per_space"),
        variant=True,
    ),
    F("customers", "mb_customers", "content", "The customer cards (one deck)."),
    F("recipes", "mb_recipes", "content", "The recipe cards (one deck)."),
    F("reputations", "mb_reputations", "content", "The reputation cards (one deck)."),
)


class Ruleset(FieldRuleset):
    """Microbrew's rules: the book's numbers, our defaults for its silences, and the cards."""

    game: ClassVar[str] = "microbrew"
    FIELDS = FIELDS
    TABS = ("end", "content")
    """Groups the editors show first as tabs; the rest follow in the order of ``FIELDS``."""
    DEFAULTS = DATA / "ruleset.yaml"

    @classmethod
    def default(cls) -> Ruleset:
        """The numbers of ``ruleset.yaml`` with the cards of ``content.yaml`` (read once per process)."""
        if cls not in cls._default_cache:
            values: dict[str, Any] = {}
            lines: dict[str, str] = {}
            for name in ("ruleset.yaml", "content.yaml"):
                path = DATA / name
                node = yamlfile.compose(yamlfile.read_text(path), str(path))
                data = yamlfile.construct(node, str(path)) or {}
                if not isinstance(data, dict):
                    raise RulesetError([("(file)", "expected a mapping of field: value")], source=str(path))
                values.update(data)
                lines.update({k: f"{name} line {n}" for k, n in yamlfile.key_lines(node).items()})
            cls._default_cache[cls] = cls(_source=str(DATA), _lines=lines, **values)
        return cls._default_cache[cls]

    def check_together(self, v: dict[str, Any]) -> list[tuple[str, str]]:
        """Cards that fit the Copper, enough cards to deal, brewer counts in order, cuts ascending."""
        out = []
        rows = v["copper_rows"]
        if any(len(c.favourite) != rows for c in v["customers"]):
            out.append(("customers", f"every favourite needs copper_rows = {rows} colours"))
        if any(len(r.colours) != rows for r in v["recipes"]):
            out.append(("recipes", f"every recipe needs copper_rows = {rows} colours"))
        if v["brewers_max"] < v["brewers_start"]:
            out.append(("brewers_max", "is below brewers_start"))
        if list(v["rating_cuts"]) != sorted(v["rating_cuts"]):
            out.append(("rating_cuts", "must be ascending"))
        if len(v["customers"]) < 2 + v["start_thirsty"]:
            out.append(("customers", "too few to deal one to each of 2 players and the thirsty ones"))
        if len(v["recipes"]) < 2 * v["start_hand"] + v["start_revealed_recipes"] + 1:
            out.append(("recipes", "too few to deal the hands and the revealed recipes"))
        if len(v["reputations"]) < 2 * v["secret_reputations"] + v["public_reputations_2p"]:
            out.append(("reputations", "too few to deal the secret and public ones"))
        if sum(v["tin"][:3]) < 2 * v["copper_columns"] * rows:
            out.append(("tin", "too few malts to fill two Coppers"))
        return out
