"""Bourbonomics' action index: its action grammar enumerated from the ruleset's content.

Barrel, resource-card and copied demand-card ids are dealt during play (``B12``, ``rye27``,
``D07.2``) and have no bound, so an action is numbered by what its ids stand for, as the actor's own
view shows them (read from the actor's pieces, which the view shows in full):

- a barrel is its place in the actor's rickhouse (``b0`` … ``b7``);
- a resource card is its type, quality and where it lies (``rye:Rare@warehouse``, ``rye:Rare@b2``);
  the rules list one card per type and quality anyway, and equal cards are equivalent;
- a demand card or mash bill is its printed card (``D07`` for the copy ``D07.2``), or ``private``;
- mash bills, die faces, piles, departments and Ultimates are finite content and keep their names.

Every key is enumerated up front from the ruleset (bills, demand cards, the resources in the
recipes, the departments and Ultimates the distilleries offer, the largest rickhouse), so the
size is fixed for a ruleset: about 2,600 numbers for the default one. Bourbonomics'
``GameDef.action_index`` points here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.errors import ActionIndexError

QUALITIES = ("Common", "Uncommon", "Rare", "Epic", "Legendary")
"""The book's quality tiers (one per entry of the ruleset's ``quality_odds``)."""

PLAIN = ("return bills", "draw bills", "skip bills", "roll", "reroll", "stop rolling", "pass dice", "end turn")
"""Actions without operands."""

ON_BARRELS = ("make", "climate")
"""Verbs whose one operand is a barrel of the actor."""


def _content(rules: Any) -> tuple[list[str], list[str], list[str], dict[str, list[str]], int]:
    resources = sorted({kind for bill in rules.mash_bills for kind, _ in bill.recipe})
    bills = [bill.id for bill in rules.mash_bills]
    orders = [card.id for card in rules.demand_cards]
    departments: dict[str, list[str]] = {}
    for distillery in rules.distilleries:
        for dept, ultimates in distillery.ultimates:
            offered = departments.setdefault(dept, [])
            offered.extend(u for u in ultimates if u not in offered)
    barrels = max(rules.rickhouse_levels) + rules.mega_expansion_slots + rules.house_blend_slots
    return resources, bills, orders, departments, barrels


def keys(rules: Any) -> list[str]:
    """Every action key a table of ``rules`` may produce, in a fixed order."""
    if len(rules.quality_odds) != len(QUALITIES):
        raise ActionIndexError(f"bourbonomics: {len(rules.quality_odds)} quality tiers, the index knows {QUALITIES}")
    resources, bills, orders, departments, barrels = _content(rules)
    faces = [*resources, "any"]
    slots = [f"b{j}" for j in range(barrels)]
    out = list(PLAIN)
    out += [f"keep bill {m}" for m in bills] + [f"pick {d}" for d in orders]
    out += [f"{verb} {f}" for verb in ("keep die", "select", "trade ->") for f in faces]
    out += [f"claim {r}" for r in resources] + [f"claim any -> {r}" for r in resources]
    out += [f"sort {r}" for r in resources]
    for dept, ultimates in departments.items():
        out.append(f"upgrade {dept}")
        out += [f"upgrade {dept} -> {u}" for u in ultimates]
        out += [f"upgrade {dept} -> {u} {r}" for u in ultimates for r in resources]
    out += [f"{verb} {b}" for verb in ON_BARRELS for b in slots]
    out += [f"sell {b} -> {d}" for b in slots for d in [*orders, "private"]]
    cards = [f"{r}:{q}" for r in resources for q in QUALITIES]
    out += [f"stage {c}@{src} -> {b}" for c in cards for src in ["warehouse", *slots] for b in slots]
    out += [f"unstage {c}@{b}" for c in cards for b in slots]
    return out


class BourbonomicsIndex:
    """Numbers Bourbonomics' actions by key (see the module docstring); built once per ruleset."""

    def __init__(self, rules: Any):
        self.texts = keys(rules)
        self.position = {k: i for i, k in enumerate(self.texts)}
        self.size = len(self.texts)

    def numbers(self, state: Any, legal: Sequence[Any]) -> list[int]:
        where: dict[str, str] | None = None
        out = []
        for action in legal:
            text = str(action)
            key = self.position.get(text)
            if key is None:
                if where is None:
                    where = _places(state, state.current_player)
                key = self.position.get(_key(text, where))
                if key is None:
                    raise ActionIndexError(f"bourbonomics: action {text!r} has no key in the action index")
            out.append(key)
        return out

    def describe(self, number: int) -> str:
        return self.texts[number]


def _places(state: Any, seat: int) -> dict[str, str]:
    """Id -> what it stands for: the actor's barrels by place, its cards by type, quality and place.

    Read from the actor's own pieces, which ``view(seat)`` shows them in full (ids and qualities):
    building the whole view for this cost more than the rest of a step.
    """
    me = state.players[seat]
    where = {}
    for j, barrel in enumerate(me.barrels):
        where[barrel.id] = f"b{j}"
        for card in barrel.cards:
            where[card.id] = f"{card.kind}:{QUALITIES[card.quality]}@b{j}"
    for card in me.warehouse:
        where[card.id] = f"{card.kind}:{QUALITIES[card.quality]}@warehouse"
    return where


def _key(text: str, where: dict[str, str]) -> str:
    words = text.split(" ")
    verb = words[0]
    if verb == "stage":
        return f"stage {where.get(words[1])} -> {where.get(words[3])}"
    if verb == "unstage":
        return f"unstage {where.get(words[1])}"
    if verb == "sell":
        return f"sell {where.get(words[1])} -> {words[3].split('.')[0]}"
    if verb == "pick" or text.startswith("keep bill "):
        return " ".join([*words[:-1], words[-1].split(".")[0]])
    if verb in ON_BARRELS:
        return f"{verb} {where.get(words[1])}"
    return text


def action_index(rules: Any, players: int) -> BourbonomicsIndex:
    """``GameDef.action_index`` for Bourbonomics: the same numbering for every player count."""
    return BourbonomicsIndex(rules)
