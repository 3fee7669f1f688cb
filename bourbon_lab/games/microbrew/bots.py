"""Microbrew's bots: the book's two paths to victory as heuristics.

``perfect`` ("make the perfect beer for each customer") brews toward a column that matches a
thirsty customer's favourite exactly, bottles it clean and serves it for loyalty. ``advertise``
("make and sell lots of mediocre beer and spend the money on advertising") bottles any clean
beer it can, serves for cash and buys customers with Advertise. ``heuristic`` is ``perfect``.
Both see only their player's view (``observe(p)``). ``advertise`` plans Brews with a short search over swap
chains; ``perfect`` searches every Copper one Brew can leave (long malt chains, short hop walks), takes the
single Bottle space before it advertises or serves for cash, and recalls brewers from the spaces nobody needs.
Both replace an opponent on a full space only when it wins them a customer (``Brewer.TAKE_BACK``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from mypy_extensions import i64

from ...core.bots import Bot, book_actions, register
from . import beer
from . import copper as cu
from .content import EMPTY, HOP

GAME = "microbrew"
STRONGEST = "perfect"
"""The strongest bot (``bl.postgame`` asks it by default): ``perfect``, the default heuristic, and ``advertise``
are even, 50.6 % [47.8, 53.5] (docs/games/microbrew-rules-decisions.md); the default is kept."""
LOYAL: Final = 12.0
"""What a loyal customer is worth in dollars to the planner (a point decides the game; money only breaks ties)."""
DEPTH: Final = 2
"""Swaps looked ahead per Brew by default (3 plays about as well and costs twice the time)."""
HOP_WALK: Final = 4
"""Longest hop walk the perfect bot's Brew search follows (a hop swaps with anything, so its walks explode)."""
BREW_BUDGET: Final = 150
"""Coppers the perfect bot's Brew search visits per selected token before it stops looking further."""
SECOND_COLUMN: Final = 0.3
"""Weight of the second-best column in the perfect bot's Brew search (a second beer on the way)."""
KEEP: Final = ("bottle", "serve", "advertise", "manage", "flush", "mash", "brew", "break")
"""Spaces the perfect bot keeps its brewers on after a Perfect, most worth holding first (one-space jobs block)."""


class Brewer(Bot):
    """The shared play: placements by priority, Brew planning, and the sub-steps; subclasses value beers."""

    name = "brewer"
    serve_floor = 2
    """Least serve value worth a Serve placement."""

    def __init__(self, seed: int = 0, depth: int = DEPTH):
        super().__init__(seed)
        self.depth = depth
        self._plan: list[str] = []
        self._served: tuple[dict[str, dict[str, tuple[float, bool]]], ...] = ({}, {})
        """Per contaminated (0 or 1), recipe and customer: what the customer pays and whether it is a Perfect."""
        self._rules: object = None
        self._cards: object = None
        """The cards and rules ``_served`` belongs to (``bind``)."""
        self._rating: tuple = ()
        """The rules' rating and pay numbers (``served``'s key), read once per rules object."""
        self._plans: dict[tuple, tuple[float, int | None, list[str]]] = {}
        self._columns: dict[tuple, dict[str, float]] = {}
        self._valuers: dict[tuple, Valuer] = {}
        """The perfect bot's column worths per wanted beers (they stay wanted for a few turns)."""
        self._sight: object = None
        """The sight this decision's memos below belong to (``look``); holding it keeps its id from being reused."""
        self._values: tuple[dict[str, float], dict[str, float]] = ({}, {})
        """This decision's ``recipe_value`` per recipe, clean and contaminated."""
        self._wanted: dict[str, float] = {}
        self._goal: tuple[int, int, dict[str, float]] | None = None
        self._flags: dict[str, float] = {}
        self._view: dict[str, Any] | None = None
        self._market: tuple = ()
        """What ``recipe_value`` and ``customer_worth`` read besides the cards: while it stays the same from one
        decision to the next, their memos stay too (checked once a decision, when first asked)."""
        self._market_checked = False
        self._redo: str | None = None
        """The space (``"bottle.1"``) whose brewer this turn's Manage takes back with Overtime (``overtime``)."""

    def forget(self) -> None:
        """A brew's swaps and this turn's Overtime belong to the table they were planned on (``Bot.forget``)."""
        self._plan = []
        self._redo = None

    # --- valuing beers

    def look(self, sight) -> None:
        """Start this decision's memos when a new sight comes (kept on the bot: cheaper than the sight's __dict__)."""
        if sight is not self._sight:
            self._sight = sight
            if sight.cards is not self._cards or sight.rules is not self._rules:
                self.bind(sight)
            self._wanted = {}
            self._goal = None
            self._view = None
            self._market_checked = False

    def bind(self, sight) -> None:
        """Serve values come from a memo shared by every bot on the same cards and rating numbers (it is pure)."""
        r = self._rules = sight.rules
        cards = self._cards = sight.cards
        self._rating = (r.rating_cuts, r.contaminant_penalty, r.pay_perfect, r.pay_lower)
        key = (id(cards), self._rating)
        entry = _SERVE_MEMOS.get(key)
        if entry is None or entry[0] is not cards:
            if len(_SERVE_MEMOS) > 16:
                _SERVE_MEMOS.clear()
            entry = _SERVE_MEMOS[key] = (cards, ({}, {}))
        self._served = entry[1]

    def market(self, sight) -> None:
        """Keep the memos of ``recipe_value`` and ``customer_worth`` if what they read is as it was."""
        self.look(sight)
        if self._market_checked:
            return
        self._market_checked = True
        v = self.view_of(sight)
        mine = v["players"][sight.player]
        secret = mine["secret_reputations"]
        key = (
            sight.player,
            sight.rules,
            sight.cards,
            tuple(v["thirsty"]),
            tuple(v["asleep"]),
            tuple(mine["loyal"]),
            tuple(secret),
            tuple(v["public_reputations"]),
        )
        if key != self._market:
            self._market = key
            self._values = ({}, {})
            self._flags = {}

    def view_of(self, sight) -> dict[str, Any]:
        """``sight.view``, kept for the decision (a property of a Python object costs a lookup each time)."""
        self.look(sight)
        if self._view is None:
            self._view = sight.view
        return self._view

    def serve_value(self, sight, rid: str, cid: str, contaminated: bool, thirsty: bool) -> float:
        """Dollars (and loyalty) a beer of ``rid`` earns from customer ``cid``."""
        by_recipe = self._served[1 if contaminated else 0]
        table = by_recipe.get(rid)
        if table is None:
            table = by_recipe[rid] = {}
        known = table.get(cid)
        if known is None:
            known = table[cid] = self.served(sight, rid, cid, contaminated)
        if known[1] and thirsty:
            return known[0] + LOYAL + 2.0 * self.customer_worth(sight, cid)
        return known[0]

    def served(self, sight, rid: str, cid: str, contaminated: bool) -> tuple[float, bool]:
        """What customer ``cid`` pays for a beer of ``rid`` (a Perfect's bonus included) and whether it is a Perfect."""
        r = sight.rules
        if r is not self._rules:
            self._rules = r
            self._rating = (r.rating_cuts, r.contaminant_penalty, r.pay_perfect, r.pay_lower)
        return _served(sight.cards[rid], sight.cards[cid], contaminated, self._rating)

    def recipe_value(self, sight, rid: str, contaminated: bool) -> float:
        """The best a finished beer of ``rid`` could do now (once while the customers stay as they are)."""
        self.market(sight)
        memo = self._values[1 if contaminated else 0]
        known = memo.get(rid)
        if known is None:
            v = self.view_of(sight)
            asleep = v["asleep"]
            best = -1.0
            found = False
            for c in v["thirsty"]:
                if c not in asleep:
                    value = self.serve_value(sight, rid, c, contaminated, True)
                    if not found or value > best:
                        best, found = value, True
            for c in v["players"][sight.player]["loyal"]:
                value = self.serve_value(sight, rid, c, contaminated, False)
                if not found or value > best:
                    best, found = value, True
            known = memo[rid] = best if found else 0.0
        return known

    def wanted(self, sight) -> dict[str, float]:
        """Recipes I could bottle (hand and table) and what a clean beer of each is worth (once per decision)."""
        self.look(sight)
        memo = self._wanted
        if not memo:
            v = self.view_of(sight)
            for rid in [*v["players"][sight.player]["hand"], *v["table"]]:
                memo[rid] = self.recipe_value(sight, rid, False)
        return memo

    # --- the Copper

    @staticmethod
    def column_value(col: list[str], wanted: list[tuple[int, int, int, int, float]]) -> float:
        """How close a column is to a wanted recipe: an exact match counts fully, a near one a little."""
        return malt_worth(col.count("L"), col.count("M"), col.count("D"), wanted)

    def brew_goal(self, sight) -> tuple[int, int, dict[str, float]]:
        """My Copper's rows and columns, and the best worth of each colour pattern I could bottle (once a decision)."""
        self.look(sight)
        if self._goal is None:
            r = sight.rules
            upgraded = self.view_of(sight)["players"][sight.player]["upgraded"]
            columns = r.copper_columns + (r.side_tank_columns if upgraded else 0)
            wanted: dict[str, float] = {}
            for rid, worth in self.wanted(sight).items():
                colours = sight.cards[rid].colours
                wanted[colours] = max(worth, wanted.get(colours, 0.0))
            self._goal = (r.copper_rows, columns, wanted)
        return self._goal

    def plan_brew(self, sight, start: int | None = None) -> tuple[float, int | None, list[str]]:
        """The best gain, slot and swap chain within ``DEPTH`` swaps (from ``start`` if already selected)."""
        v, me = self.view_of(sight), sight.player
        rows, columns, wanted = self.brew_goal(sight)
        signature = tuple(sorted(wanted.items()))
        key = (v["players"][me]["copper"], columns, start, signature)
        if key not in self._plans:
            if len(self._plans) > 256:
                self._plans.clear()
            self._plans[key] = self._search(sight, list(key[0]), rows, columns, start, wanted, signature)
        return self._plans[key]

    def _search(self, sight, copper, rows, columns, start, wanted, signature):
        """Depth-first over swap chains; only sideways swaps change what a column holds, so only they re-value."""
        if len(self._columns) > 64:
            self._columns.clear()
        cache = self._columns.setdefault(signature, {})
        counts = wanted_counts(wanted)

        def value(col: list[str]) -> float:
            k = "".join(col)
            out = cache.get(k)
            if out is None:
                out = cache[k] = self.column_value(col, counts)
            return out

        adjacent = _adjacent(rows, columns)
        sideways = sight.rules.sideways_swap
        values = [value(copper[k * rows : (k + 1) * rows]) for k in range(columns)]
        now = max(values)
        best: tuple[float, int | None, list[str]] = (0.0, None, [])
        for slot in [start] if start is not None else cu.movable(copper, rows, columns, sideways):
            stack = [(copper, values, slot, ())]
            while stack:
                tokens, vals, at, path = stack.pop()
                if path and max(vals) - now > best[0] + 1e-9:
                    best = (max(vals) - now, slot, list(path))
                if len(path) < self.depth:
                    stack += _swaps(tokens, vals, at, path, adjacent[at], sideways, rows, value)
        return best

    # --- choosing

    def choose(self, sight, legal: list) -> Any:
        known = book_actions(legal)  # a house rule's new action means nothing to the book's play
        if len(known) <= 1:
            return (known or legal)[0]
        legal = known
        step = sight.step
        handler = getattr(self, "on_" + step, None)
        choice = handler(sight, legal) if handler else None
        return choice if choice in legal else legal[0]

    def on_place(self, sight, legal: list[str]) -> str | None:
        self._redo = None
        free = self.free_places(sight, legal)
        for job in self.TAKE_BACK:
            if job not in free:
                taken = next((a for a in legal if a != "pass" and _place(a)[0] == job), None)
                if taken is not None and self.takes_back(sight, job):  # worth asking only when replacing is legal
                    return taken
        tests = self.ORDER
        for rank in range(len(tests)):
            job = tests[rank].partition(":")[0]
            if job in free and self.worth(sight, tests[rank]):
                return self.overtime(sight, legal, rank) or free[job]
        overtime = self.overtime(sight, legal, len(tests))
        if overtime is not None:
            return overtime
        for job in ("break", "flush", "mash", "brew"):
            if job in free:
                return free[job]
        return (list(free.values()) or legal)[-1]

    REDO: tuple[str, ...] = ("serve", "bottle", "advertise")
    """Jobs worth Overtime when my own brewer holds them ("If your brewer already occupies a location, you cannot
    send a brewer to that location") and ``takes_back`` would replace an opponent there: each wins or starts a beer
    for a customer. A second Brew too made no difference (49.5 % [46.6, 52.3] of 1,200 mirrors against the bot
    without Overtime), and it costs a Brew search."""

    def overtime(self, sight, legal: list[str], rank: int) -> str | None:
        """Manage for Overtime when my own brewer holds a ``REDO`` job worth more now than ``ORDER[rank]``.

        The book: "Overtime Take back one of your other, previously placed brewers." A job I rank above the one
        I would take now (``ORDER[:rank]``), worth a brewer but closed to me only by my own brewer on it, is done
        again by that brewer once the Manage brewer's $1 takes it back. Overtime adds no job to my round (the Manage
        brewer does nothing else), so it pays only when the job done twice is worth more than the job it displaces,
        which ``ORDER`` ranks. Only once no opponent has a ready brewer: until my brewer comes back, the space it
        leaves is open to them (at 2 players the one Bottle or Serve space). The chosen space is kept for
        ``on_manage`` and ``on_overtime`` (the Manage step comes before anyone else moves).
        """
        manage = None
        for a in legal:
            if a != "pass" and _place(a)[0] == "manage":
                manage = a
                break
        if manage is None:
            return None
        v, me, r = self.view_of(sight), sight.player, sight.rules
        cash = v["players"][me]["cash"] - (r.manage_cost_2p if len(v["players"]) == 2 else r.manage_cost_34p)[0]
        if cash < 0:
            return None
        players = v["players"]
        if any(players[q]["ready"] for q in range(len(players)) if q != me):
            return None  # the space my brewer leaves would be open to them before it comes back
        spaces = v["spaces"]
        tests = self.ORDER
        for k in range(min(rank, len(tests))):
            job = tests[k].partition(":")[0]
            if job not in self.REDO or me not in spaces[job]:
                continue
            if job == "advertise" and not self.can_advertise(sight, cash):
                continue
            if self.takes_back(sight, job):
                self._redo = f"{job}.{spaces[job].index(me) + 1}"
                return manage
        return None

    def can_advertise(self, sight, cash: int) -> bool:
        """Whether Advertise's conditions would hold with ``cash`` dollars (the book's, as ``jobs.prerequisite``)."""
        v = self.view_of(sight)
        return (
            cash >= _advertise_cost(sight)
            and bool(self.ready(sight, clean=True))
            and bool(v["customer_deck"] or [c for c in v["thirsty"] if c not in v["asleep"]])
        )

    def free_places(self, sight, legal: list[str]) -> dict[str, str]:
        """Placements on a free space, by job (replacing is only for a customer: ``TAKE_BACK``)."""
        spaces = self.view_of(sight)["spaces"]
        out = {}
        for a in legal:
            if a == "pass":
                continue
            job, k = _place(a)
            if spaces[job][k] is None:
                out[job] = a
        return out

    TAKE_BACK: tuple[str, ...] = ()
    """Jobs worth replacing an opponent on, in this order ("you can always replace your opponent's to do their
    job"); ``takes_back`` says when."""

    def takes_back(self, sight, job: str) -> bool:
        """Only for a customer: a Perfect to Serve or to Bottle, or Advertise.

        The replaced brewer goes home to be placed again, so the opponent loses only the space; each such job spends
        a beer, a column or money, so two bots replacing each other stop.
        """
        if job == "serve":
            return self.best_serve(sight)[0] >= LOYAL
        if job == "bottle":
            return self.best_bottle(sight)[0] >= LOYAL
        if job == "advertise":
            return self.wants_advertise(sight)
        return False

    ORDER: tuple[str, ...] = ("serve", "advertise", "bottle", "manage", "mash", "brew")
    """Jobs in the order they are considered (``serve:perfect`` is Serve only for a Perfect); the first
    one worth a brewer (and free) is taken."""

    def worth(self, sight, job: str) -> bool:
        """Whether ``job`` is worth a brewer now (each test is computed only when its turn comes)."""
        if job == "serve:perfect":
            return self.best_serve(sight)[0] >= LOYAL
        if job == "serve":
            return self.best_serve(sight)[0] >= self.serve_floor
        if job == "advertise":
            return self.wants_advertise(sight)
        if job == "bottle":
            return self.best_bottle(sight)[0] > 0
        if job == "manage":
            return self.manage_choice(sight, placing=True) is not None
        if job == "mash":
            return EMPTY in self.usable(sight, self.mine(sight)["copper"])
        return self.plan_brew(sight)[0] > 0.5

    def mine(self, sight) -> dict[str, Any]:
        """My part of the view."""
        return self.view_of(sight)["players"][sight.player]

    def usable(self, sight, copper: str) -> str:
        r = sight.rules
        cols = r.copper_columns + (r.side_tank_columns if self.mine(sight)["upgraded"] else 0)
        return copper[: cols * r.copper_rows]

    def ready(self, sight, clean: bool = False) -> list[dict]:
        bottles = self.mine(sight)["bottles"]
        return [b for b in bottles if not b["left"] and not (clean and b["contaminant"])]

    def best_serve(self, sight) -> tuple[float, str | None]:
        v, me = self.view_of(sight), sight.player
        faceup = [c for c in v["thirsty"] if c not in v["asleep"]]
        mine = [c for c in v["players"][me]["loyal"] if c not in v["asleep"]]
        best: tuple[float, str | None] = (0.0, None)
        for b in self.ready(sight):
            dirty = b["contaminant"] is not None
            for c in faceup + mine:
                value = self.serve_value(sight, b["recipe"], c, dirty, c in faceup)
                if value > best[0]:
                    best = (value, f"serve {b['recipe']} {c}")
        return best

    def wants_advertise(self, sight) -> bool:
        return False

    def best_bottle(self, sight) -> tuple[float, str | None]:
        """The best bottling now, by the finished beer's value (nothing while two beers ferment)."""
        v, me, r = self.view_of(sight), sight.player, sight.rules
        mine = v["players"][me]
        if sum(1 for b in mine["bottles"] if b["left"]) >= 2:
            return (0.0, None)
        rows = r.copper_rows
        copper = self.usable(sight, mine["copper"])
        cards, match, idle = sight.cards, r.ferment_match, not mine["bottles"]
        recipes = [(rid, cards[rid].colours) for rid in [*mine["hand"], *v["table"]]]
        best: tuple[float, str | None] = (0.0, None)
        for k in range(len(copper) // rows):
            column = copper[k * rows : (k + 1) * rows]
            if EMPTY in column:
                continue
            for rid, colours in recipes:
                dirty = _contaminates(column, colours, match)
                value = self.bottle_value(sight, rid, dirty, idle)
                if value > best[0]:
                    best = (value, f"bottle {rid} col {k + 1}")
        return best

    def bottle_value(self, sight, rid: str, dirty: bool, idle: bool) -> float:
        """What bottling ``rid`` is worth; subclasses decide what they settle for."""
        return self.recipe_value(sight, rid, dirty)

    def manage_choice(self, sight, placing: bool) -> str | None:
        v, r = self.view_of(sight), sight.rules
        mine = v["players"][sight.player]
        costs = r.manage_cost_2p if len(v["players"]) == 2 else r.manage_cost_34p
        redo = self._redo
        if redo is not None and not placing and mine["cash"] >= costs[0]:
            job, _, k = redo.partition(".")
            if v["spaces"][job][int(k) - 1] == sight.player:  # at 3-4 players a Break eviction may have sent it home
                return "overtime"
        if mine["brewers"] < r.brewers_max and mine["cash"] >= costs[3] and v["round"] <= 4:
            return "hire"
        if not mine["upgraded"] and r.side_tank_columns and mine["cash"] >= costs[2] + 4:
            return "upgrade"
        return None

    # --- sub-steps

    def on_brew_select(self, sight, legal):
        gain, slot, path = self.plan_brew(sight)
        self._plan = list(path)
        return f"select {cu.slot_name(slot, sight.rules.copper_rows)}" if slot is not None else None

    def on_brew_swap(self, sight, legal):
        if self._plan:
            move = f"swap {self._plan.pop(0)}"
            if move in legal:
                return move
            self._plan = []
        return "stop" if "stop" in legal else None

    def on_free_brew(self, sight, legal):
        return "brew" if self.plan_brew(sight)[0] > 0.5 else "decline"

    def on_bottle(self, sight, legal):
        return self.best_bottle(sight)[1] or max(legal, key=lambda a: self.recipe_value(sight, a.split()[1], True))

    def on_serve(self, sight, legal):
        return self.best_serve(sight)[1]

    def on_manage(self, sight, legal):
        choice = self.manage_choice(sight, placing=False)
        return f"manage {choice}" if choice else None

    def on_overtime(self, sight, legal):
        """The brewer ``overtime`` chose; else the one whose space matters least (``KEEP``)."""
        redo, self._redo = self._redo, None
        if redo is not None and "overtime " + redo in legal:
            return "overtime " + redo
        return max(legal, key=lambda a: KEEP.index(a.split()[1].partition(".")[0]))

    def on_research(self, sight, legal):
        return max(legal, key=lambda a: self.recipe_value(sight, a.split()[-1], False))

    def on_return_recipe(self, sight, legal):
        return min(legal, key=lambda a: self.recipe_value(sight, a.split()[1], False))

    def on_compensation(self, sight, legal):
        return "draw"

    def on_hop(self, sight, legal):
        middle = [a for a in legal if a.split()[1] in ("2,2", "2,3", "3,2", "3,3")]
        return (middle or legal)[0]

    def on_flush(self, sight, legal):
        counts = Counter("".join(self.wanted(sight)))
        swaps = [a for a in legal if a != "done"]
        return max(swaps, key=lambda a: counts[a.split()[2]]) if swaps else "done"

    def on_advertise(self, sight, legal):
        return max(legal, key=lambda a: self.customer_worth(sight, a.split()[2]))

    def customer_worth(self, sight, cid: str) -> float:
        """How many of my reputations (secret or shared) a customer's flag counts toward."""
        self.market(sight)
        memo = self._flags
        if cid not in memo:
            flag = sight.cards[cid].flag
            mine = self.view_of(sight)["players"][sight.player]["secret_reputations"]
            cards = [*mine, *self.view_of(sight)["public_reputations"]]
            memo[cid] = sum(1 for rid in cards if sight.cards[rid].target == flag)
        return memo[cid]

    def on_reveal(self, sight, legal):
        me = sight.player
        flags = Counter(sight.cards[c].flag for c in self.view_of(sight)["players"][me]["loyal"])
        return max(legal, key=lambda a: flags[sight.cards[a.split()[1]].target])


class Perfect(Brewer):
    """The first path: perfect, clean beers for thirsty customers, who become loyal (and recall a brewer)."""

    name = "perfect"

    def bottle_value(self, sight, rid, dirty, idle):
        """Perfect beers first; a clean one that pays well (or any, when nothing ferments) next."""
        value = self.recipe_value(sight, rid, dirty)
        if value >= LOYAL:
            return value
        return 0.5 * value if idle or not dirty else 0.0

    TAKE_BACK: tuple[str, ...] = ("serve", "bottle")
    """A Perfect beer is served or bottled even on an opponent's space: the one Bottle space no longer goes all round
    to whoever starts it (before, the starter of the last round won about 64 % of perfect-bot mirrors)."""
    ORDER: tuple[str, ...] = ("serve:perfect", "bottle", "advertise", "brew", "serve", "manage", "mash")
    """Bottle comes first: the 2-player brewery has one Bottle space, and a beer fermenting early is ready sooner
    (the book's tip: "Fill a bottle early!"); a Brew toward a beer comes before a Serve for cash."""

    def plan_brew(self, sight, start: int | None = None) -> tuple[float, int | None, list[str]]:
        """The best gain, slot and swaps over every Copper one Brew can leave (``must_continue``: the short search)."""
        r = sight.rules
        if start is not None or r.brew_chain != "may_stop":
            return super().plan_brew(sight, start)
        v, me = self.view_of(sight), sight.player
        rows, columns, wanted = self.brew_goal(sight)
        copper = v["players"][me]["copper"][: rows * columns]
        signature = tuple(sorted(wanted.items()))
        key = ("all", copper, columns, signature)
        if key not in self._plans:
            if len(self._plans) > 256:
                self._plans.clear()
            cap = r.swap_cap_factor * rows * (r.copper_columns + r.side_tank_columns)
            valuer = self._valuers.get((rows, columns, signature))
            if valuer is None:
                if len(self._valuers) > 16:
                    self._valuers.clear()
                valuer = self._valuers[(rows, columns, signature)] = Valuer(rows, columns, wanted)
            self._plans[key] = best_brew(copper, rows, columns, r.sideways_swap, cap, wanted, valuer)
        return self._plans[key]

    def on_recall(self, sight, legal: list[str]) -> str:
        """Bring back the brewer whose space matters least, so Bottle and Serve stay blocked."""
        return max(legal, key=lambda a: KEEP.index(a.split()[1].partition(".")[0]))

    def wants_advertise(self, sight) -> bool:
        """A clean beer no customer would call Perfect is worth a customer if the money is there."""
        return _advertise_cost(sight) <= self.view_of(sight)["players"][sight.player]["cash"]

    def manage_choice(self, sight, placing):
        """Spare money buys Research: more recipes in hand, more customers a beer can please perfectly."""
        choice = super().manage_choice(sight, placing)
        if choice:
            return choice
        v, r = self.view_of(sight), sight.rules
        costs = r.manage_cost_2p if len(v["players"]) == 2 else r.manage_cost_34p
        if v["recipe_deck"] and v["players"][sight.player]["cash"] >= costs[1] + 2:
            return "research"
        return None


class Advertiser(Brewer):
    """The second path: many clean-enough beers, served for cash, and customers bought with Advertise."""

    name = "advertise"
    serve_floor = 1

    def bottle_value(self, sight, rid, dirty, idle):
        value = self.recipe_value(sight, rid, dirty)
        if not dirty:
            return max(value, 0.8 * LOYAL)
        return value if idle or value >= 4 else 0.0

    def wants_advertise(self, sight) -> bool:
        return _advertise_cost(sight) <= self.view_of(sight)["players"][sight.player]["cash"]

    TAKE_BACK: tuple[str, ...] = ("serve", "advertise")
    ORDER: tuple[str, ...] = ("advertise", "serve", "bottle", "manage", "mash", "brew")

    def best_serve(self, sight):
        """Clean beers are kept for Advertise unless a serve makes a customer loyal."""
        value, action = super().best_serve(sight)
        if action and value < LOYAL:
            rid = action.split()[1]
            if any(b["recipe"] == rid and not b["contaminant"] for b in self.ready(sight)):
                return (0.0, None) if len(self.ready(sight, clean=True)) < 2 else (value, action)
        return value, action


def _swaps(tokens, vals, at, path, adjacent, sideways, rows, value) -> list[tuple]:
    """The Coppers one legal swap away, with their column values (re-valued only after a sideways swap)."""
    out = []
    token = tokens[at]
    for d, to, flat in adjacent:
        if not cu.can_swap(token, tokens[to], d, sideways):
            continue
        nxt = list(tokens)
        nxt[at], nxt[to] = nxt[to], nxt[at]
        vals2 = vals
        if flat:
            vals2 = list(vals)
            for c in (at // rows, to // rows):
                vals2[c] = value(nxt[c * rows : (c + 1) * rows])
        out.append((nxt, vals2, to, (*path, d)))
    return out


def wanted_counts(wanted: dict[str, float]) -> list[tuple[int, int, int, int, float]]:
    """Each wanted colour pattern as (light, medium, dark, size, worth): what ``malt_worth`` compares a column with."""
    return [(c.count("L"), c.count("M"), c.count("D"), len(c), worth) for c, worth in wanted.items()]


def malt_worth(light: int, medium: int, dark: int, wanted: list[tuple[int, int, int, int, float]]) -> float:
    """How close a column of these malts is to a wanted recipe: an exact match counts fully, a near one a little."""
    best = 0.0
    for wl, wm, wd, size, worth in wanted:
        hit = min(light, wl) + min(medium, wm) + min(dark, wd)
        value = worth if hit == size else 0.15 * hit * worth
        if value > best:
            best = value
    return best


_ADJACENT: dict[tuple[int, int], list] = {}


def _adjacent(rows: int, columns: int) -> list[list[tuple[str, int, bool]]]:
    """Per slot: (direction, neighbour slot, whether the swap is sideways), computed once per Copper shape."""
    key = (rows, columns)
    if key not in _ADJACENT:
        _ADJACENT[key] = [
            [(d, o, d in ("left", "right")) for d in cu.STEPS if (o := cu.neighbour(s, d, rows, columns)) is not None]
            for s in range(rows * columns)
        ]
    return _ADJACENT[key]


_PLACES: dict[str, tuple[str, int]] = {}


def _place(action: str) -> tuple[str, int]:
    """``"place brew.2"`` -> ("brew", 1): the job and the space's index (parsed once per action text)."""
    known = _PLACES.get(action)
    if known is None:
        if len(_PLACES) > 4096:
            _PLACES.clear()
        job, _, k = action.split()[1].partition(".")
        known = _PLACES[action] = (job, int(k) - 1)
    return known


_CONTAMINATES: dict[tuple[str, str, str], bool] = {}


def _contaminates(column: str, recipe: str, match: str) -> bool:
    """``beer.would_contaminate`` of a column's tokens, kept across games (it is pure, and laying tokens is slow)."""
    key = (column, recipe, match)
    known = _CONTAMINATES.get(key)
    if known is None:
        if len(_CONTAMINATES) > 4096:
            _CONTAMINATES.clear()
        known = _CONTAMINATES[key] = beer.would_contaminate(list(column), recipe, match)
    return known


_SERVE_MEMOS: dict[tuple, tuple[object, tuple[dict[str, dict[str, tuple[float, bool]]], ...]]] = {}
"""Per cards (by id, kept alive with them) and rating numbers: ``Brewer._served``, shared by the bots across games."""

_SERVED: dict[tuple, dict[tuple, tuple[float, bool]]] = {}
"""Per the rules' rating and pay numbers: ``Brewer.served`` by the recipe's and the customer's words."""


def _served(recipe, customer, contaminated: bool, rating: tuple) -> tuple[float, bool]:
    """``Brewer.served``, kept across games (it is pure, and counting colours is slow)."""
    table = _SERVED.get(rating)
    if table is None:
        if len(_SERVED) > 16:
            _SERVED.clear()
        table = _SERVED[rating] = {}
    colours, favourite, likes, bonus = recipe.colours, customer.favourite, customer.likes, customer.bonus
    key = (colours, recipe.flavour, favourite, likes, bonus, contaminated)
    known = table.get(key)
    if known is None:
        if len(table) > 4096:
            table.clear()
        cuts, penalty, perfect, lower = rating
        rated = beer.rating(colours, favourite, contaminated, cuts, penalty)
        money = beer.pay(colours, rated, perfect, lower) + (bonus if likes == recipe.flavour else 0)
        known = table[key] = (money + (2 if rated == 0 else 0), rated == 0)
    return known


def _advertise_cost(sight) -> int:
    return sight.rules.advertise_per_loyal * len(sight.view["players"][sight.player]["loyal"])


# --- the perfect bot's Brew search, on Coppers packed into ints

CODES: Final = {EMPTY: 0, "L": 1, "M": 2, "D": 3, HOP: 4}
"""A token's 3-bit code in a packed Copper (slot ``s`` in bits ``3s..3s+2``): a swap is two xors, a Copper one int."""
LETTERS: Final = (EMPTY, "L", "M", "D", HOP)
HOP_CODE: Final = 4
SELECTED: Final = 5
"""The code the selected token carries while it moves, so one int says both the Copper and where the token is."""
UP: Final = 0
DOWN: Final = 1
LEFT: Final = 2
RIGHT: Final = 3
NEAR: Final = 1e-3
"""Only a Copper gaining within this of the best so far is marked reached (and only such a one could become the
best, by a tie or more): the best falls only by a tie, by under 1e-9 each, and a search values far fewer than a
million Coppers, so a Copper once this far behind can never become a candidate, and whether it was reached first
never matters."""
EDGE: Final = 255
"""``Shape.near``'s slot past the Copper's edge (a slot fits a byte: a Copper has at most 64)."""
NARROW: Final = 21
"""Most slots a Copper may have for the ``i64`` search (3 bits a slot; compiled, an ``i64`` needs no overflow checks,
and a larger Copper, which a ruleset may have, takes the same search on Python ints)."""
DIRECTIONS: Final = ("up", "down", "left", "right")
"""``cu.STEPS``' order, the order the search tries swaps in (so ties fall as they always have)."""


class Shape:
    """A Copper shape and the swap rule as bit masks, so the search's inner loop needs no table look-ups."""

    def __init__(self, rows: int, columns: int, sideways: str):
        assert DIRECTIONS == tuple(cu.STEPS)
        assert rows * columns <= 64, "a queue link keeps the token's slot in 6 bits"
        self.rows = rows
        self.columns = columns
        self.masks: list[list[int]] = [
            [sum(1 << y for y in range(len(LETTERS)) if cu.can_swap(x, LETTERS[y], d, sideways)) for x in LETTERS]
            for d in DIRECTIONS
        ]
        """Per direction and token code: the neighbour codes it may swap with (``cu.can_swap``), as bits."""
        self.allowed: list[int] = [sum(self.masks[d][x] << (8 * d) for d in range(4)) for x in range(len(LETTERS))]
        """Per token code: its four directions' ``masks`` in one int, a byte each (the walk's test is one shift)."""
        near: list[int] = []
        for s in range(rows * columns):
            row, column = s % rows, s // rows
            near += [
                s + 1 if row + 1 < rows else EDGE,
                s - 1 if row > 0 else EDGE,
                s - rows if column > 0 else EDGE,
                s + rows if column + 1 < columns else EDGE,
            ]
        self.near = bytes(near)
        """Per slot and direction (``4 * slot + direction``): the neighbour slot, or ``EDGE`` off the Copper's edge
        (bytes: compiled, an item is read without boxing an int)."""

    def movable(self, packed: int) -> list[int]:
        """Slots whose token has a legal swap (``cu.movable`` on a packed Copper): what a Brew may select."""
        rows = self.rows
        out = []
        for s in range(rows * self.columns):
            x = (packed >> (3 * s)) & 7
            row, column = s % rows, s // rows
            if (
                (row + 1 < rows and self.allows(UP, x, packed, s + 1))
                or (row > 0 and self.allows(DOWN, x, packed, s - 1))
                or (column > 0 and self.allows(LEFT, x, packed, s - rows))
                or (column + 1 < self.columns and self.allows(RIGHT, x, packed, s + rows))
            ):
                out.append(s)
        return out

    def allows(self, way: int, token: int, packed: int, to: int) -> bool:
        return (self.masks[way][token] >> ((packed >> (3 * to)) & 7)) & 1 == 1


def pack(copper: str) -> int:
    """A Copper string as an int, 3 bits a slot."""
    out = 0
    for s in range(len(copper)):
        out |= CODES[copper[s]] << (3 * s)
    return out


class Valuer:
    """What a Copper is worth to the planner: its best column and, at ``SECOND_COLUMN``, its second.

    A column's worth depends only on how many of each malt it holds: a column's bits name its counts in a
    table shared by every Valuer of that height (``malt_index``), and the worth is kept by those counts. A
    Valuer is kept per wanted beers, so a worth is worked out rarely.
    """

    def __init__(self, rows: int, columns: int, wanted: dict[str, float]):
        self.rows = rows
        self.columns = columns
        self.width = 3 * rows
        self.mask = (1 << self.width) - 1
        self.wanted = wanted_counts(wanted)
        self.malts = malt_index(rows)
        self.by_malts: list[float] = [-1.0] * (rows + 1) ** 3
        """(light, medium, dark) counts -> the column's worth; -1 until first asked."""

    def column(self, bits: int) -> float:
        """How close a column is to a wanted recipe: an exact match counts fully, a near one a little."""
        return self.worth(self.malts[bits])

    def worth(self, malts: int) -> float:
        """The worth of a column holding the counts ``malts`` stands for (``malt_index``)."""
        best = self.by_malts[malts]
        if best < 0.0:
            side = self.rows + 1
            light, medium, dark = malts // (side * side), malts // side % side, malts % side
            best = self.by_malts[malts] = malt_worth(light, medium, dark, self.wanted)
        return best

    def copper(self, packed: int) -> float:
        first = second = -1.0
        malts, by_malts, width, mask = self.malts, self.by_malts, self.width, self.mask
        for _k in range(self.columns):  # not ``_``: mypyc boxes that name
            m = malts[packed & mask]
            packed >>= width
            v = by_malts[m]
            if v < 0.0:
                v = self.worth(m)
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first + SECOND_COLUMN * (second if self.columns > 1 else 0.0)

    def narrow(self, packed: i64) -> float:
        """``copper`` for a Copper of at most ``NARROW`` slots."""
        first = second = -1.0
        malts, by_malts = self.malts, self.by_malts
        width: i64 = self.width
        mask: i64 = self.mask
        for _k in range(self.columns):  # not ``_``: mypyc boxes that name
            m = malts[packed & mask]
            packed >>= width
            v = by_malts[m]
            if v < 0.0:
                v = self.worth(m)
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first + SECOND_COLUMN * (second if self.columns > 1 else 0.0)


_MALT_INDEX: dict[int, bytes] = {}


def malt_index(rows: int) -> bytes:
    """Per column bits (``rows`` 3-bit codes): ``(light * (rows + 1) + medium) * (rows + 1) + dark``, its counts.

    Bytes (the ruleset's at most 5 rows keep an index under 216): compiled, an item is read without boxing an int.
    """
    table = _MALT_INDEX.get(rows)
    if table is None:
        counts: list[int] = []
        for bits in range(1 << (3 * rows)):
            light = medium = dark = 0
            for r in range(rows):
                code = (bits >> (3 * r)) & 7
                if code == 1:
                    light += 1
                elif code == 2:
                    medium += 1
                elif code == 3:
                    dark += 1
            counts.append((light * (rows + 1) + medium) * (rows + 1) + dark)
        table = _MALT_INDEX[rows] = bytes(counts)
    return table


class BrewSearch:
    """The Copper one Brew can leave whose best column (and a little its second) gains most; fewest swaps on a tie.

    Every selectable token, in slot order, walks breadth first: a malt's chain up to the swap cap, a hop's
    only ``HOP_WALK`` swaps, and each token stops after ``BREW_BUDGET`` Coppers (a hop swaps with anything, so
    its walks number millions). A Copper is valued when first reached, with the chain that reached it; a swap
    within a column keeps its parent's value. A walk keeps its states in one queue, each with a link to the
    state before it; the best chain is spelt out from the links when its walk ends.
    """

    def __init__(self, copper: str, form: Shape, valuer: Valuer, cap: int):
        self.form = form
        self.valuer = valuer
        self.cap = cap
        self.narrow = form.rows * form.columns <= NARROW
        self.start = pack(copper)
        self.now = valuer.copper(self.start)
        self.gain = 0.0
        self.slot = -1
        self.length = 0
        self.chain: list[str] = []
        self.reached: set[int] = set()
        # the walk under way: its slot and token, its best state's link, its queue
        self.current = -1
        self.token = 0
        self.best = -1
        self.seen: set[int] = set()
        self.states: list[int] = []
        """Queued Coppers, the selected token marked ``SELECTED``."""
        self.values: list[float] = []
        self.links: list[int] = []
        """Per queued state: ``((parent + 1) * 4 + direction) * 64 + slot``, its swap and where the token is."""

    def run(self) -> tuple[float, int | None, list[str]]:
        for slot in self.form.movable(self.start):
            self.walk(slot)
        return (self.gain, self.slot, self.chain) if self.slot >= 0 else (0.0, None, [])

    def walk(self, slot: int) -> None:
        """One selected token's Coppers (``walk_narrow``; ``walk_wide`` for a Copper past ``NARROW`` slots)."""
        if self.narrow:
            self.walk_narrow(slot)
        else:
            self.walk_wide(slot)

    def walk_narrow(self, slot: int) -> None:
        """One selected token's Coppers, breadth first, one level of swaps at a time.

        Each queued state tries its swaps in ``DIRECTIONS`` order (not back the way it came: that Copper is
        seen); a swap the rules allow to an unseen Copper queues it, valued anew only after a sideways swap.
        A Copper of more than ``NARROW`` slots walks ``walk_wide``, the same on Python ints.
        """
        form, valuer = self.form, self.valuer
        near = form.near
        start: i64 = self.start
        token: i64 = (start >> (3 * slot)) & 7
        self.token = token
        allowed: i64 = form.allowed[token]
        limit = min(self.cap, HOP_WALK) if token == HOP_CODE else self.cap
        marked: i64 = start ^ ((token ^ SELECTED) << (3 * slot))
        restore: i64 = SELECTED ^ token
        way: i64
        i: i64
        now = self.now
        seen = self.seen = {_spread_narrow(marked)}
        states: list[int] = [marked]
        values: list[float] = [now]
        links: list[int] = [slot]
        self.current, self.best = slot, -1
        head, end, depth = 0, 1, 0
        while head < end and len(seen) < BREW_BUDGET and depth < limit:
            depth += 1
            last = depth == limit
            for i in range(head, end):
                state: i64 = states[i]
                link: i64 = links[i]
                value = values[i]
                at: i64 = link & 63
                back = ((link >> 6) & 3) ^ 1 if link >= 64 else -1  # the swap back: its Copper is already seen
                for way in range(4):
                    to: i64 = near[4 * at + way]
                    if to == EDGE or way == back:
                        continue
                    shift = 3 * to
                    other = (state >> shift) & 7
                    if not (allowed >> (8 * way + other)) & 1:
                        continue
                    swapped = SELECTED ^ other  # xor it into both slots: the token and the other trade places
                    moved = state ^ (swapped << (3 * at)) ^ (swapped << shift)
                    size = len(seen)
                    seen.add(_spread_narrow(moved))
                    if len(seen) == size:
                        continue
                    after = moved ^ (restore << shift)
                    worth = valuer.narrow(after) if way >= LEFT else value
                    step = (i + 1) * 256 + way * 64 + to
                    if not last:  # the last level is never walked on from
                        states.append(moved)
                        values.append(worth)
                        links.append(step)
                    if worth - now > self.gain - NEAR:
                        self.reach(worth - now, after, depth, step)
            head, end = end, len(states)
        self.states, self.values, self.links = states, values, links
        if self.best >= 0:
            self.spell()

    def walk_wide(self, slot: int) -> None:
        """``walk`` on Python ints, for a Copper of more than ``NARROW`` slots."""
        form, valuer = self.form, self.valuer
        near = form.near
        token = self.token = (self.start >> (3 * slot)) & 7
        allowed = form.allowed[token]
        limit = min(self.cap, HOP_WALK) if token == HOP_CODE else self.cap
        marked = self.start ^ ((token ^ SELECTED) << (3 * slot))
        restore = SELECTED ^ token
        now = self.now
        seen = self.seen = {_spread(marked)}
        states: list[int] = [marked]
        values: list[float] = [now]
        links: list[int] = [slot]
        self.current, self.best = slot, -1
        head, end, depth = 0, 1, 0
        while head < end and len(seen) < BREW_BUDGET and depth < limit:
            depth += 1
            last = depth == limit
            for i in range(head, end):
                state, value, link = states[i], values[i], links[i]
                at = link & 63
                back = ((link >> 6) & 3) ^ 1 if link >= 64 else -1  # the swap back: its Copper is already seen
                for way in range(4):
                    to = near[4 * at + way]
                    if to == EDGE or way == back:
                        continue
                    shift = 3 * to
                    other = (state >> shift) & 7
                    if not (allowed >> (8 * way + other)) & 1:
                        continue
                    swapped = SELECTED ^ other  # xor it into both slots: the token and the other trade places
                    moved = state ^ (swapped << (3 * at)) ^ (swapped << shift)
                    size = len(seen)
                    seen.add(_spread(moved))
                    if len(seen) == size:
                        continue
                    after = moved ^ (restore << shift)
                    worth = valuer.copper(after) if way >= LEFT else value
                    step = (i + 1) * 256 + way * 64 + to
                    if not last:  # the last level is never walked on from
                        states.append(moved)
                        values.append(worth)
                        links.append(step)
                    if worth - now > self.gain - NEAR:
                        self.reach(worth - now, after, depth, step)
            head, end = end, len(states)
        self.states, self.values, self.links = states, values, links
        if self.best >= 0:
            self.spell()

    def reach(self, gain: float, after: int, depth: int, link: int) -> None:
        """The first chain to reach a Copper (``link``'s) is its chain: the best so far if it gains most."""
        size = len(self.reached)
        self.reached.add(_spread(after))
        if len(self.reached) > size and (
            gain > self.gain + 1e-9 or (gain > self.gain - 1e-9 and self.slot >= 0 and depth < self.length)
        ):
            self.gain, self.slot, self.length, self.best = gain, self.current, depth, link

    def spell(self) -> None:
        """The best state's chain of directions, from its link and the queue's."""
        chain: list[str] = []
        link = self.best
        while link >= 64:
            chain.append(DIRECTIONS[(link >> 6) & 3])
            link = self.links[(link >> 8) - 1]
        chain.reverse()
        self.chain = chain


def _spread(packed: int) -> int:
    """A packed Copper with every slot folded into its low bits, one to one (xor-shifts can be undone).

    A set hashes an int by its low bits, which hold only the first column: the Coppers one token's walk
    reaches would mostly collide there (a set of 300 of them probed 5 times as long).
    """
    packed ^= packed >> 31
    packed ^= packed >> 17
    packed ^= packed >> 9
    return packed ^ (packed >> 4)


def _spread_narrow(packed: i64) -> i64:
    """``_spread`` for a Copper of at most ``NARROW`` slots."""
    packed ^= packed >> 31
    packed ^= packed >> 17
    packed ^= packed >> 9
    return packed ^ (packed >> 4)


_SHAPES: dict[tuple[int, int, str], Shape] = {}


def best_brew(
    copper: str,
    rows: int,
    columns: int,
    sideways: str,
    cap: int,
    wanted: dict[str, float],
    valuer: Valuer | None = None,
) -> tuple[float, int | None, list[str]]:
    """The best gain, slot and swap chain over every Copper one Brew can leave (see ``BrewSearch``).

    ``valuer``: one kept from an earlier search for the same ``wanted`` (its column worths are reused).
    """
    key = (rows, columns, sideways)
    form = _SHAPES.get(key)
    if form is None:
        form = _SHAPES[key] = Shape(rows, columns, sideways)
    return BrewSearch(copper, form, valuer or Valuer(rows, columns, wanted), cap).run()


class Heuristic(Perfect):
    """The game's default bot: the perfect-beer path."""

    name = "heuristic"


for _cls in (Perfect, Advertiser, Heuristic):
    register(_cls, GAME)
