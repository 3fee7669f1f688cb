"""The laws a Bourbonomics table keeps after every action, for the harness and the soak (``GameDef.invariants``).

A law takes the game and the ``Step`` that one action made (its action, its events, and the Capital and
table size just before it) and returns why it is broken, or None. Each quotes the line of the book it holds
the engine to. The box (every card in one place, none lost or made) is ``data/box.yaml``, which the harness
and the soak check through ``core.box``: it is not repeated here.

A law compares a state with the one before the action, and the laws remember sales and the round of the
8th order across a game, so a ``Watch`` follows one game from action to action and builds each ``Step``.
``broken(g)``, the game's declared invariants, keeps a watch per table for the callers that hand it only
the state after each action (the harness); the soak keeps its own, to name the law that broke.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .box import demand_cards, mash_bills, resource_cards
from .content import GRAINS, QUALITIES
from .game import Game


@dataclass(slots=True)
class Step:
    """One ``apply`` as the invariants see it, plus what a game must remember between steps."""

    action: str = ""
    seat: int | None = None
    events: list = field(default_factory=list)
    capital: list[int] = field(default_factory=list)
    table: int = 0
    sales: dict[tuple[int, str, int], int] = field(default_factory=dict)
    """Sales so far of each (seat, barrel, round)."""
    end_round: int | None = None
    """The round in which a player first had the completed orders that end the game."""
    kinds: dict[str, list] = field(default_factory=dict)
    """The step's events by kind."""

    def of(self, kind: str) -> list:
        """The step's events of one kind."""
        return self.kinds.get(kind, [])


def on(*kinds: str):
    """Mark an invariant as needing a look only after a step with one of these event kinds."""

    def mark(invariant):
        invariant.when = kinds
        return invariant

    return mark


def _bill(g, bill_id: str):
    bills = g.rules.bills_by_id
    return bills.get(bill_id) or bills[bill_id.split(".")[0]]


@on("barrel_built")
def built_barrels_are_bourbon(g, s: Step) -> str | None:
    """A built barrel is bourbon, House Blend's any-type slot or not.

    Book: "What makes it bourbon: every recipe needs exactly 1 cask, at least 1 corn, and at least 1 grain
    (rye, wheat, or barley)."
    """
    for e in s.of("barrel_built"):
        kinds = [c.kind for c in g.players[e.player].barrel(e.data["barrel"]).cards]
        if kinds.count("cask") != 1 or "corn" not in kinds or not any(k in GRAINS for k in kinds):
            return f"P{e.player} built {e.data['barrel']} from {', '.join(sorted(kinds))}: not bourbon"
    return None


@on("barrel_built")
def quality_is_the_best_card(g, s: Step) -> str | None:
    """Book: "A barrel's quality is set by the best card you build it with"."""
    for e in s.of("barrel_built"):
        barrel = g.players[e.player].barrel(e.data["barrel"])
        best = max(c.quality for c in barrel.cards)
        if barrel.quality != best or e.data["quality"] != QUALITIES[best]:
            return f"{barrel.id} is {e.data['quality']} but its best card is {QUALITIES[best]}"
    return None


@on("upgrade")
def capital_never_negative(g, s: Step) -> str | None:
    """Book: upgrades are paid in Capital, "Whatever's left counts toward your score" — never below 0."""
    for p in g.players:
        if p.capital < 0:
            return f"P{p.seat} has {p.capital} Capital"
    return None


def capital_moves_only_by_sales_and_upgrades(g, s: Step) -> str | None:
    """Capital changes only by the sales, upgrades and Warehouse Tastings the step's events report.

    Book: "Capital — you bank it from every sale, and spend it only on upgrades." and Warehouse Tasting:
    "gain +1 Capital each round".
    """
    kinds = s.kinds
    if "sale" not in kinds and "upgrade" not in kinds and "warehouse_tasting" not in kinds and "income" not in kinds:
        if all(p.capital == before for p, before in zip(g.players, s.capital)):
            return None
    change = [0] * len(g.players)
    for e in s.of("sale") + s.of("warehouse_tasting"):
        change[e.player] += e.data["capital"]
    for e in s.of("income"):  # a house rule's give_capital (core/house.py), with its name
        change[e.player] += e.data["amount"]
    for e in s.of("upgrade"):
        change[e.player] -= e.data["cost"]
    for p, before, delta in zip(g.players, s.capital, change):
        if p.capital - before != delta:
            return f"P{p.seat}'s Capital went {before} -> {p.capital}, its events account for {delta:+d}"
    return None


@on("upgrade")
def nth_upgrade_costs_n(g, s: Step) -> str | None:
    """A player's n-th upgrade costs the n-th price of the ruleset's curve (the default is the book's: n).

    Book: "your 1st costs 1 Capital, your 2nd costs 2, your 3rd costs 3, and so on — one rising price
    shared across all your departments".
    """
    for e in s.of("upgrade"):
        nth = g.players[e.player].upgrades
        if e.data["cost"] != g.rules.upgrade_cost(nth):
            return f"P{e.player}'s upgrade no. {nth} cost {e.data['cost']}, not {g.rules.upgrade_cost(nth)}"
    return None


def warehouse_and_rickhouse_within_caps(g, s: Step) -> str | None:
    """Loose cards within the Warehouse cap and barrels within the Rickhouse slots.

    Book: "You can never claim past your Warehouse cap" and "Your Rickhouse department sets how many
    barrels you can hold (resting + aging)."
    """
    for p in g.players if g.is_over or s.seat is None else (g.players[s.seat],):  # only the actor's change
        if len(p.warehouse) > g.number(p.seat, "warehouse"):
            return f"P{p.seat} holds {len(p.warehouse)} loose cards, cap {g.number(p.seat, 'warehouse')}"
        if len(p.barrels) > g.number(p.seat, "rickhouse"):
            return f"P{p.seat} holds {len(p.barrels)} barrels in {g.number(p.seat, 'rickhouse')} slots"
    return None


@on("card_added")
def table_never_reaches_the_crash(g, s: Step) -> str | None:
    """Book: "When the new card would be the 7th on the table, the whole table is wiped instead"."""
    if len(g.table) >= g.rules.crash_size:
        return f"{len(g.table)} cards on the shared table (crash at {g.rules.crash_size})"
    return None


@on("sale")
def sales_pay_age_value_times_zone(g, s: Step) -> str | None:
    """A sale is of a barrel aged 2+ and pays its age value times the zone of the table before the sale.

    Book: "Capital from a sale = bourbon's age value × zone multiplier" and "They become sellable at age 2".
    """
    rules = g.rules
    for e in s.of("sale"):
        d = e.data
        if d["age"] < rules.min_sell_age:
            return f"{d['barrel']} sold at age {d['age']}"
        size = s.table
        zone = 2 if size >= rules.hot_zone_from else (1 if size >= rules.mid_zone_from else 0)
        lo, hi = _bill(g, _barrel_bill(g, s, e)).prime
        band = 0 if d["age"] < lo else (1 if d["age"] <= hi else 2)
        value = rules.age_values[QUALITIES.index(d["quality"])][band]
        if (d["table_size"], d["base_value"], d["capital"]) != (size, value, value * rules.zone_multipliers[zone]):
            return (
                f"{d['barrel']} ({d['quality']}, age {d['age']}) at {size} cards paid {d['capital']}; "
                f"the book gives {value} x {rules.zone_multipliers[zone]}"
            )
    return None


def _barrel_bill(g, s: Step, sale) -> str:
    """The mash bill of a sold barrel (its last sale removes it: then the ``barrel_emptied`` event names it)."""
    barrel = g.players[sale.player].barrel(sale.data["barrel"])
    if barrel is not None:
        return barrel.bill
    return next(e.data["mash_bill"] for e in s.of("barrel_emptied") if e.data["barrel"] == sale.data["barrel"])


@on("sale")
def sales_per_barrel_per_round(g, s: Step) -> str | None:
    """A barrel sells at most ``barrel_sales_per_round`` times in a round (ours, a variant; none = no limit).

    Book: "A barrel can sell 1–3 times over its life (set by its quality)" — across rounds, by default.
    """
    limit = g.rules.barrel_sales_per_round
    for e in s.of("sale"):
        key = (e.player, e.data["barrel"], e.round)
        s.sales[key] = s.sales.get(key, 0) + 1
        if limit is not None and s.sales[key] > limit:
            return f"{e.data['barrel']} sold {s.sales[key]} times in round {e.round} (at most {limit})"
    return None


@on("hot_reset", "order_completed")
def hot_reset_only_after_a_hot_completion(g, s: Step) -> str | None:
    """The Hot reset follows a sale that completes a shared card at Hot, and nothing else.

    Book: "If a player completes a card while the zone is Hot (6 cards), the market resets"; "Completing at
    Low or Mid does not reset anything", and a Private Demand Card "never triggers the Hot reset".
    """
    hot = s.table >= g.rules.hot_zone_from
    shared_done = any(not e.data["private"] for e in s.of("order_completed"))
    reset = bool(s.of("hot_reset"))
    if s.action.startswith("sell") and reset != (hot and shared_done):
        return f"hot reset {reset} after a sale at {s.table} cards (shared card completed: {shared_done})"
    if reset and not s.action.startswith("sell"):
        return f"hot reset after '{s.action}', not a sale"
    return None


@on("order_completed", "round_start", "game_end")
def game_ends_with_the_round_of_the_8th_order(g, s: Step) -> str | None:
    """The game stops at the end of the round in which a player completed the 8th order (else at the round limit).

    Book: "The game ends as soon as a player has completed 8 orders. The current round finishes so
    everyone gets the same number of turns, then you score."
    """
    if s.end_round is None:
        for e in s.of("order_completed"):
            if e.data["orders"] >= g.rules.orders_to_end:
                s.end_round = e.round
                break
    if s.end_round is not None and g.round > s.end_round:
        return f"round {g.round} began after {g.rules.orders_to_end} orders were completed in round {s.end_round}"
    if g.is_over:
        expected = "orders" if s.end_round is not None else "round_limit"
        if g.ended_by != expected:
            return f"the game ended by {g.ended_by}, expected {expected}"
        if s.end_round is None and g.round != g.rules.round_limit:
            return f"the game stopped in round {g.round} with no player at {g.rules.orders_to_end} orders"
    return None


@on("game_end")
def score_is_capital_plus_prestige(g, s: Step) -> str | None:
    """Each score is Capital + Prestige, and the winners have the best score, ties to more orders.

    Book: "Final score = Capital + Prestige. Most points wins. Ties go to whoever completed more orders."
    """
    if not g.is_over:
        return None
    rows = g.scores()
    for p, row in zip(g.players, rows):
        prestige = g.rules.start_prestige + sum(n for _, n in p.completed)
        if getattr(g, "house", None) is not None:  # a house rule's Prestige and final_prestige, as scoring applies them
            prestige = g.house.quantity(g, "final_prestige", prestige + g.house.points_of(p.seat), player=p.seat)
        if (row["capital"], row["prestige"], row["score"]) != (p.capital, prestige, p.capital + prestige):
            return f"P{p.seat} scores {row['score']} from {p.capital} Capital and {prestige} Prestige"
    best = max((r["score"], r["orders"]) for r in rows)
    if [r["won"] for r in rows] != [(r["score"], r["orders"]) == best for r in rows]:
        return f"winners {[r['player'] for r in rows if r['won']]} do not have the best (score, orders)"
    return None


@on("game_end", "crash", "hot_reset")
def every_card_in_one_place(g, s: Step) -> str | None:
    """Every resource card, demand card and mash bill is in exactly one place, and none is lost.

    Book: "Piles are shared and never run out. When a pile empties, shuffle its discard back in." and "The
    demand deck and mash-bill supply never run out — they reshuffle as needed".
    """
    cards = [c.id for _, c in resource_cards(g)]
    made = {f"{kind}{i}" for kind, n in g.piles.serial.items() for i in range(1, n + 1)}
    if len(cards) != len(set(cards)) or (g.rules.piles == "deck" and set(cards) != made):
        return f"resource cards: {len(cards)} placed, {len(set(cards))} distinct, {len(made)} made"
    for what, found, deck in (("demand card", demand_cards, g.demand), ("mash bill", mash_bills, g.bills)):
        ids = [cid for _, cid in found(g)]
        every = set(deck.printed) | {f"{c}.{k}" for c in deck.printed for k in range(2, deck.copies + 1)}
        if len(ids) != len(set(ids)) or set(ids) != every:
            return f"a {what} is in two places or lost ({len(ids)} placed, {len(every)} made)"
    return None


LAWS: tuple[Any, ...] = (
    built_barrels_are_bourbon,
    quality_is_the_best_card,
    capital_never_negative,
    capital_moves_only_by_sales_and_upgrades,
    nth_upgrade_costs_n,
    warehouse_and_rickhouse_within_caps,
    table_never_reaches_the_crash,
    sales_pay_age_value_times_zone,
    sales_per_barrel_per_round,
    hot_reset_only_after_a_hot_completion,
    game_ends_with_the_round_of_the_8th_order,
    score_is_capital_plus_prestige,
    every_card_in_one_place,
)
"""Every law of the book, in the order they are tried (the soak adds the lab's box law after them)."""


class Watch:
    """One game followed action by action: it builds each action's ``Step`` and tries the laws on it.

    Create it on the table before the action to check (a new game, or one checked just now); after each
    action, ``after(g)`` gives the (law, why) of every law the action broke, and watches on from there.
    """

    __slots__ = ("laws", "step", "log", "seen", "actions", "always", "on_kind", "last")

    def __init__(self, g: Any, laws: tuple[Any, ...] = LAWS):
        self.laws, self.step, self.last = laws, Step(), []
        self.always = [f for f in laws if not getattr(f, "when", ())]
        self.on_kind: dict[str, list] = {}  # event kind -> the laws it calls for
        for f in laws:
            for kind in getattr(f, "when", ()):
                self.on_kind.setdefault(kind, []).append(f)
        self._before(g)

    def _before(self, g: Any) -> None:
        """Note what the next action's laws compare with: its actor, the Capital, the table, the log so far."""
        s = self.step
        s.seat = g.current_player
        s.capital = [p.capital for p in g.players]
        s.table = len(g.table)
        self.log, self.seen, self.actions = g.log, len(g.log), len(g.actions)

    def after(self, g: Any, first: bool = False) -> list[tuple[str, str]]:
        """(law, why) of each law the last action broke (with ``first``, only the first tried); then watch on."""
        s = self.step
        s.action = g.actions[-1] if len(g.actions) > self.actions else ""
        s.events = g.log[self.seen :]
        kinds: dict[str, list] = {}
        for e in s.events:
            same = kinds.get(e.kind)
            if same is None:
                kinds[e.kind] = [e]
            else:
                same.append(e)
        s.kinds = kinds
        called = list(self.always)
        for kind in kinds:
            called += [f for f in self.on_kind.get(kind, ()) if f not in called]
        found = []
        for law in called:
            why = law(g, s)
            if why:
                found.append((law.__name__, why))
                if first:
                    break
        self._before(g)
        self.last = found
        return found


def recall(s: Step, g: Any) -> None:
    """What the laws remember of a game met mid-way, read back from its log: sales so far, the 8th order's round."""
    for e in g.log:
        if e.kind == "sale":
            key = (e.player, e.data["barrel"], e.round)
            s.sales[key] = s.sales.get(key, 0) + 1
        elif e.kind == "order_completed" and s.end_round is None and e.data["orders"] >= g.rules.orders_to_end:
            s.end_round = e.round


def watch_before_last(g: Any, laws: tuple[Any, ...] = LAWS) -> Watch:
    """A watch on ``g`` as it stood before its last action: dealt again from its seed and replayed but the last.

    A table whose actions do not replay to its own log (one set up by hand) is watched from where it stands.
    """
    pre = g
    if g.actions:
        pre = Game.new(g.rules, g.n, g.seed, [p.distillery for p in g.players])
        for text in g.actions[:-1]:
            pre.apply(text, check=False)
        if pre.actions != g.actions[:-1] or pre.log != g.log[: len(pre.log)]:
            pre = g
    w = Watch(pre, laws)
    recall(w.step, pre)
    w.log = g.log
    return w


_WATCHES: dict[int, Watch] = {}
KEEP = 8
"""Tables ``broken`` keeps a watch on (the latest ones; a caller checks one table at a time)."""


def broken(g: Any) -> list[str]:
    """Every law the table's last action broke, ``law: why`` (empty when it keeps them all).

    The game's declared invariants, checked after every action. The laws compare the table with the one
    before the action, so this keeps a ``Watch`` per table: a table met for the first time is replayed to
    just before its last action, then each later call checks the one action since.
    """
    w = _WATCHES.get(id(g))
    if w is not None and w.log is g.log and len(g.actions) == w.actions and len(g.log) == w.seen:
        return [f"{law}: {why}" for law, why in w.last]  # the same table asked again
    if w is None or w.log is not g.log or len(g.actions) != w.actions + 1:
        w = watch_before_last(g)
        _WATCHES.pop(id(g), None)
        _WATCHES[id(g)] = w
        while len(_WATCHES) > KEEP:
            del _WATCHES[next(iter(_WATCHES))]
    return [f"{law}: {why}" for law, why in w.after(g)]
