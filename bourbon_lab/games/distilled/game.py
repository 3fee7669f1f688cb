"""One table of Distilled on the game protocol: the decision point, ``legal_actions`` and ``apply``.

Actions are short texts (``basic grain``, ``load c14 sugar``, ``sell s3 c9``); ``str()`` of one is
itself. ``apply`` accepts exactly what ``legal_actions`` lists for that player, so a refused action
never touches the table, and says which rule of the book refused it.
"""

from __future__ import annotations

from typing import Any

from ...core import ActionParseError, IllegalAction, atomic
from . import house_hooks  # noqa: F401  (declares the hook catalogue house rules check against)
from .content import content
from .setup import Setup

RULES = {
    "identity": "'Deal 2 random distiller identities to each player ... Each player selects one'",
    "market": "'players take turns purchasing one card or cube at a time' (basic cards max 2 per round; "
    "'once you pass, you cannot buy more this round')",
    "reveal": "'Water: Reveal top card of any market deck'",
    "revealed": "'may purchase it this turn or return to bottom'",
    "discard_upgrade": "'Max 3 on your board; may discard old ones'",
    "distill": "'trade exactly 1 ingredient/item card for a basic ingredient of equal or lesser cost' and "
    "'Each slot needs at least 1 card to distill'",
    "claim": "'If the remaining stack matches multiple recipes, choose one'",
    "sell": "'sell one spirit per turn' and 'Non-aged spirits (Moonshine, Vodka) must be sold immediately. "
    "Aged spirits must age at least 1 round before selling.'",
    "label": "'Place the spirit label on an empty label bonus space on your distillery board'",
    "bonus": "'gain that bonus immediately'",
    "give": "'Discard to respective piles, take any card from truck'",
    "make_room": "'If full and you must age a new spirit, sell one from warehouse first.'",
    "tasting": "'If you did not sell a spirit this round, you may offer a tasting (spend up to 4 SP to gain that "
    "much money)'",
    "goal": "'After round 3, discard 1 of your 3 distillery goals.'",
}
"""The book's words for each step, quoted when an action is refused."""

VERBS = {
    "identity", "pass", "cube", "basic", "buy", "truck", "reveal", "take", "bottom", "discard", "trade", "load",
    "distill", "skip", "claim", "sell", "label", "give", "tasting",
}  # fmt: skip


def _check_deal(rules: Any, players: int) -> None:
    """Refuse a table the deal cannot serve: a player offered no identity could never choose one (the game stalls)."""
    c = content()
    for field, pool, name in (
        ("identities_dealt", len(c.identity_flights[rules.flight]), f"identities paired with flight {rules.flight}"),
        ("goals_dealt", len(c.goals), "distillery goal cards"),
    ):
        dealt = getattr(rules, field)
        if players * dealt > pool:
            raise ValueError(
                f"{field}: {dealt} each for {players} players is {players * dealt} cards, "
                f"but there are only {pool} {name} (at most {pool // players} each at {players} players)"
            )


# The phases are one chain of bases, Setup(Market(Distill(Sell(Age(RoundEnd(Scoring(Views(TableState)))))))),
# the order the game always resolved methods in: mypyc's native classes (fast, fixed attributes) take one base.
class Distilled(Setup):
    """A game of Distilled in play (``bl.new_game(bl.default_rules("distilled"), players=4, seed=1)``)."""

    def __init__(self, rules: Any, n: int, seed: int = 0, deal: bool = True, blank: bool = True):
        if blank:  # clone sets every attribute itself (state.py)
            self._blank(rules, n, seed)
        if deal:  # restore fills a blank table itself
            self._deal()

    @classmethod
    def new(cls, rules: Any, players: int, seed: int = 0) -> Distilled:
        if not 2 <= players <= 5:
            raise ValueError(f"players: Distilled seats 2-5 players, not {players}")
        _check_deal(rules, players)
        return cls(rules, players, seed)

    def legal_actions(self, player: int | None = None) -> list[str]:
        if self.phase == "over":
            return []
        p = self.current_player if player is None else player
        if self.group and p not in self.group or not self.group and p != self.actor:
            return []
        key = (len(self.actions), p)
        if self._legal_cache[0] != key:
            self._legal_cache = (key, getattr(self, "_legal_" + self.step)(p))
        if self.house is not None:
            return self.house.legal(self, p, list(self._legal_cache[1]))
        return list(self._legal_cache[1])

    def apply(self, action: Any, player: int | None = None, *, check: bool = True) -> list:
        """Play ``action`` for the actor, or for ``player`` (a commit-group member acting out of order).

        Whatever a step raises, the table is put back as it was (``core.atomic``); ``check=False``
        (bots, the simulator) skips that copy.
        """
        whole = str(action).strip()
        text, sep, at = whole.rpartition(" @")
        seat = self.current_player if player is None else player
        if not sep or not at.strip().isdecimal():  # " @" and a seat only: a house rule's text may hold "@"
            text, at = whole, ""
        elif self.house is not None and seat is not None and self.house.own_action(self, seat, whole) is not None:
            text, at = whole, ""  # a house rule's own text that ends like a seat ("toast @2") is its own
        p = int(at) if at else seat
        if self.phase == "over" or p is None:
            raise IllegalAction(text, "the game is over", round=self.round, phase=self.phase, player=p)
        if self.house is not None:  # a house rule's new action, whatever its words, before the book's verbs
            book = self.house
            record = text if p == self.current_player else f"{text} @{p}"
            events = book.intercept(self, "distilled", p, text, record, check)
            if events is not None:
                return events
        words = text.split()
        if not words or words[0] not in VERBS:
            raise ActionParseError(f"action: {text!r} is not a Distilled action; verbs are {sorted(VERBS)}")
        if text not in self.legal_actions(p) and not self._same_kind(p, words):
            rule = RULES.get(self.step, self.step)
            why = f"not a legal {self.step} action for player {p} now: {rule}"
            raise IllegalAction(text, why, round=self.round, phase=self.phase, player=p)
        start = len(self.log)
        if check:
            return atomic(self, "distilled", text, lambda: self._play(p, text, words, start))
        return self._play(p, text, words, start)

    def _same_kind(self, p: int, words: list) -> bool:
        """Whether ``words`` names, where a legal action names a card, another card of its kind in the same place.

        The legal list shows one card of each kind (two glass bottles are one choice); a player may still
        name the other one.
        """
        for legal in self.legal_actions(p):
            other = legal.split()
            if len(other) == len(words) and all(
                a == b or self._interchangeable(p, a, b) for a, b in zip(words, other, strict=True)
            ):
                return True
        return False

    def _interchangeable(self, p: int, named: str, shown: str) -> bool:
        if not (named[:1] == shown[:1] == "c" and named[1:].isdigit() and shown[1:].isdigit()):
            return False
        a, b = int(named[1:]), int(shown[1:])
        if a >= len(self.cards) or self.cards[a] != self.cards[b]:
            return False
        return any(a in place and b in place for place in (self.pantry[p], self.storeroom[p], self.truck))

    def _play(self, p: int, text: str, words: list, start: int) -> list:
        self.actions.append(text if p == self.current_player else f"{text} @{p}")
        getattr(self, "_do_" + self.step)(p, words)
        if self.house is not None:
            self.house.after(self, start)
        return self.log[start:]
