"""Probe house rules (ours, not the books'): twelve changes whose effect on good play is known in advance.

Issue 51's acceptance asks whether the learned bot plays the rules it is given rather than the book. For
each game, three probes, each a function returning the changed ruleset (``PROBES[game]``, in this order):

- **new**: a profitable new action (pay a little money for more points than that money could buy), which
  every player should take and which the heuristics never take (they read only the book's actions);
- **worthless**: what the heuristic does most, made to pay nothing: the learned bot should do it less, the
  heuristic keeps its habit;
- **strong**: a mechanic the heuristic rarely uses, made very rewarding: the learned bot should use it more.

Each probe names the mechanic whose use it moves (a mechanic of the game's catalogue,
``games/<game>/data/mechanics.yaml``, or ``house-<rule>``: the events of the house rule itself, counted by
``bl.behaviour``), which way (``more`` or ``less``) and why. ``benchmarks/bench_probes.py`` measures them;
``tests/test_probes.py`` checks that each builds, plays and names a real mechanic.

None of these is a rule of any book: they are probes, written for this measurement only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import bourbon_lab as bl
from bourbon_lab.core.house import house_rule, param

__all__ = ["PROBES", "Probe", "probe", "probes"]


@dataclass(frozen=True)
class Probe:
    """One probe house rule: what it changes and what good play should do about it."""

    game: str
    kind: str  # "new", "worthless" or "strong"
    name: str  # the house rule's name
    mechanic: str  # the mechanic whose use moves (a catalogue name, or "house-<rule>")
    direction: str  # "more" or "less"
    why: str
    build: Callable[[], Any]  # the changed ruleset (the game's defaults plus this house rule)

    def rules(self) -> Any:
        return self.build()

    def base(self) -> Any:
        return bl.default_rules(self.game)


def _used_this_round(h, player: int) -> bool:
    """Whether ``player`` already played this rule this round (its events carry the rule's name)."""
    g, name = h.game, h.rule.name
    now = g.round
    for e in reversed(g.log):
        if e.round != now:
            return False
        if e.player == player and e.data.get("rule") == name:
            return True
    return False


def _my_step(h, player: int, step: str) -> bool:
    """``player`` is to act at a decision of ``step`` (the game's own name for it)."""
    d = h.game.decision
    return d is not None and d.actor == player and d.step == step


# --- Bourbonomics: the score is Capital + Prestige ------------------------------------------------------


@house_rule(
    "bourbonomics",
    price=param(1, 0, 10, "Capital paid"),
    prestige=param(3, 0, 10, "Prestige gained"),
)
def probe_patronage(rule):
    "Ours (a probe): once a round, at your turn, pay 1 Capital to host a tasting for 3 Prestige."

    def legal(h, player):
        g = h.game
        if not _my_step(h, player, "turn") or g.players[player].capital < h.price or _used_this_round(h, player):
            return []
        return ["host a tasting"]

    @rule.action(legal)
    def host(h, player, text):
        h.give_capital(player, -h.price)
        h.give_prestige(player, h.prestige)


@house_rule("bourbonomics")
def probe_low_sales_pay_nothing(rule):
    "Ours (a probe): a sale while the demand zone is Low pays no Capital (the order slot still fills)."

    @rule.quantity("sale_value")
    def nothing(h, value, player, barrel, zone, base_value, multiplier):
        return 0 if zone == "Low" else value


@house_rule("bourbonomics", prestige=param(5, 0, 20, "Prestige for each Marketing upgrade"))
def probe_marketing_pays(rule):
    "Ours (a probe): each Marketing upgrade also gains 5 Prestige."

    @rule.on("upgrade")
    def pay(h, event):
        if event.data.get("department") == "marketing":
            h.give_prestige(event.player, h.prestige)


# --- Distilled: the score is SP; money turns into SP at 5 money a point at the end ---------------------


@house_rule(
    "distilled",
    price=param(1, 0, 10, "money paid"),
    sp=param(2, 0, 10, "SP gained"),
)
def probe_buy_acclaim(rule):
    "Ours (a probe): once a round, at your market turn, pay 1 money for 2 SP (money is worth 1/5 SP at the end)."

    def legal(h, player):
        g = h.game
        if not _my_step(h, player, "market") or g.money[player] < h.price or _used_this_round(h, player):
            return []
        return ["buy acclaim"]

    @rule.action(legal)
    def buy(h, player, text):
        h.give_money(player, -h.price)
        h.give_sp(player, h.sp)


@house_rule("distilled")
def probe_sales_pay_nothing(rule):
    "Ours (a probe): selling a spirit pays no money (its label, goals and awards still count)."

    @rule.quantity("sale_value")
    def nothing(h, value, player, spirit, recipe):
        return 0


@house_rule("distilled", sp=param(2, 0, 10, "SP for each trade"))
def probe_trades_score(rule):
    "Ours (a probe): each trade at the still also scores 2 SP."

    @rule.on("trade")
    def score(h, event):
        h.give_sp(event.player, h.sp)


# --- Gin Crafters: the score is VP; a Side Business (an action) earns 3 coins --------------------------


@house_rule(
    "gin_crafters",
    price=param(1, 0, 10, "coins paid"),
    vp=param(2, 0, 10, "VP gained"),
)
def probe_buy_fame(rule):
    "Ours (a probe): once a round, at an action, pay 1 coin for 2 VP (without spending the action)."

    def legal(h, player):
        g = h.game
        if not _my_step(h, player, "action") or g.players[player]["coins"] < h.price or _used_this_round(h, player):
            return []
        return ["buy fame"]

    @rule.action(legal)
    def buy(h, player, text):
        h.give_coins(player, -h.price)
        h.give_vp(player, h.vp)


@house_rule("gin_crafters", coins=param(1, 0, 5, "coins for every action"))
def probe_side_business_pays_nothing(rule):
    "Ours (a probe): every action earns 1 coin, and a Side Business nothing more (its 3 coins are taken back)."

    @rule.on("action")
    def wage(h, event):
        h.give_coins(event.player, h.coins)

    @rule.on("side_business")
    def back(h, event):
        h.give_coins(event.player, -int(event.data.get("amount", 0)))


@house_rule("gin_crafters", vp=param(3, 0, 10, "VP for each brand Inspiration"))
def probe_brands_score(rule):
    "Ours (a probe): each Inspiration from the brand deck also scores 3 VP."

    @rule.on("inspiration")
    def score(h, event):
        if event.data.get("deck") == "brand":
            h.give_vp(event.player, h.vp)


# --- Microbrew: the score is loyal customers; money buys upgrades and advertising ----------------------


@house_rule(
    "microbrew",
    price=param(2, 0, 10, "money paid"),
    loyal=param(1, 0, 5, "loyal customers gained"),
)
def probe_buy_regulars(rule):
    "Ours (a probe): once a round, when you place a brewer, pay 2 money for 1 loyal customer."

    def legal(h, player):
        g = h.game
        if not _my_step(h, player, "place") or g.cash[player] < h.price or _used_this_round(h, player):
            return []
        return ["buy a regular"]

    @rule.action(legal)
    def buy(h, player, text):
        h.give_money(player, -h.price)
        h.give_loyal(player, h.loyal)


@house_rule("microbrew")
def probe_serving_pays_nothing(rule):
    "Ours (a probe): a served beer pays no money (a Perfect still wins a thirsty customer; flavour bonus kept)."

    @rule.quantity("serve_pay")
    def nothing(h, value, player, recipe, customer, rating):
        return 0


@house_rule("microbrew", loyal=param(1, 0, 5, "loyal customers for each Flush"))
def probe_flush_wins(rule):
    "Ours (a probe): each Flush placement also wins a loyal customer."

    @rule.on("placement")
    def win(h, event):
        if event.data.get("job") == "flush":
            h.give_loyal(event.player, h.loyal)


def _changed(game: str, rule) -> Callable[[], Any]:
    return lambda: bl.default_rules(game).with_house_rules(rule())


def _probe(game: str, kind: str, rule, mechanic: str, direction: str, why: str) -> Probe:
    name = rule().name
    return Probe(game, kind, name, mechanic or f"house-{name}", direction, why, _changed(game, rule))


PROBES: dict[str, tuple[Probe, ...]] = {
    "bourbonomics": (
        _probe(
            "bourbonomics",
            "new",
            probe_patronage,
            "",
            "more",
            "1 Capital (1 point) for 3 Prestige (3 points): +2 points a round for any player; the heuristic "
            "reads only the book's actions, so it never hosts.",
        ),
        _probe(
            "bourbonomics",
            "worthless",
            probe_low_sales_pay_nothing,
            "sale_low",
            "less",
            "the heuristic's most frequent act is a sale into the Low zone (about 54 of its 59 sales a game at "
            "2 players); paying nothing there, a sale is worth waiting for a better zone.",
        ),
        _probe(
            "bourbonomics",
            "strong",
            probe_marketing_pays,
            "upgrade_marketing",
            "more",
            "the heuristic never upgrades Marketing (0 a game); at 5 Prestige for an upgrade costing 1 to 3 "
            "Capital it is the best buy on the board.",
        ),
    ),
    "distilled": (
        _probe(
            "distilled",
            "new",
            probe_buy_acclaim,
            "",
            "more",
            "1 money (1/5 SP at the end) for 2 SP; the heuristic never buys it.",
        ),
        _probe(
            "distilled",
            "worthless",
            probe_sales_pay_nothing,
            "sale",
            "less",
            "selling is among the heuristic's most frequent choices (5.6 a game at 2 players, after buying "
            "ingredients); without money from it a spirit is better kept to score unsold at the end.",
        ),
        _probe(
            "distilled",
            "strong",
            probe_trades_score,
            "trade",
            "more",
            "the heuristic trades about once in two games; 2 SP a trade makes every spare card worth trading.",
        ),
    ),
    "gin_crafters": (
        _probe(
            "gin_crafters",
            "new",
            probe_buy_fame,
            "",
            "more",
            "1 coin (a third of a Side Business) for 2 VP, without spending the action; the heuristic never buys.",
        ),
        _probe(
            "gin_crafters",
            "worthless",
            probe_side_business_pays_nothing,
            "action_side_business",
            "less",
            "Side Business is the heuristic's second most frequent action (10 a game at 2 players); once every "
            "action earns the coin and it earns nothing more, it is a wasted action (taking its coins back alone "
            "would starve the table of coins, and every bot would do it all game for want of them).",
        ),
        _probe(
            "gin_crafters",
            "strong",
            probe_brands_score,
            "inspiration_brand",
            "more",
            "the heuristic inspires from the brand deck under once a game; 3 VP each (10 % of the 30 that end "
            "the game) makes it a strong action.",
        ),
    ),
    "microbrew": (
        _probe(
            "microbrew",
            "new",
            probe_buy_regulars,
            "",
            "more",
            "2 money for a loyal customer, the score itself; the heuristic never buys one.",
        ),
        _probe(
            "microbrew",
            "worthless",
            probe_serving_pays_nothing,
            "job_serve",
            "less",
            "serving is among the heuristic's most frequent jobs (10 a game at 2 players), and about half its "
            "serves are for money alone (a Perfect for a customer already loyal, or a lesser rating that wins "
            "nobody); with no pay those earn nothing, and only a Perfect for a thirsty customer is worth a brewer.",
        ),
        _probe(
            "microbrew",
            "strong",
            probe_flush_wins,
            "job_flush",
            "more",
            "the heuristic flushes about once in two games; a loyal customer (a point) for each Flush makes it "
            "the best job on the board.",
        ),
    ),
}
"""Each game's three probes: new action, favourite made worthless, ignored mechanic made strong."""


def probes(game: str | None = None) -> list[Probe]:
    """Every probe, or one game's."""
    return [p for g, ps in PROBES.items() if game in (None, g) for p in ps]


def probe(game: str, kind: str) -> Probe:
    """One game's probe of ``kind`` (``new``, ``worthless`` or ``strong``)."""
    return next(p for p in PROBES[game] if p.kind == kind)
