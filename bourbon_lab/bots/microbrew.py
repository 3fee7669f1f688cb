"""Microbrew's bots: the book's two paths to victory as heuristics.

``perfect`` ("make the perfect beer for each customer") brews toward a column that matches a
thirsty customer's favourite exactly, bottles it clean and serves it for loyalty. ``advertise``
("make and sell lots of mediocre beer and spend the money on advertising") bottles any clean
beer it can, serves for cash and buys customers with Advertise. ``heuristic`` is ``perfect``.
Both see only their player's view (``observe(p)``). ``advertise`` plans Brews with a short search over swap
chains; ``perfect`` searches every Copper one Brew can leave (long malt chains, short hop walks), takes the
single Bottle space before it advertises or serves for cash, and recalls brewers from the spaces nobody needs.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..games.microbrew import beer
from ..games.microbrew import copper as cu
from ..games.microbrew.content import EMPTY, HOP
from .base import Bot, register

GAME = "microbrew"
LOYAL = 12.0
"""What a loyal customer is worth in dollars to the planner (a point decides the game; money only breaks ties)."""
DEPTH = 2
"""Swaps looked ahead per Brew by default (3 plays about as well and costs twice the time)."""
HOP_WALK = 4
"""Longest hop walk the perfect bot's Brew search follows (a hop swaps with anything, so its walks explode)."""
BREW_BUDGET = 150
"""Coppers the perfect bot's Brew search visits per selected token before it stops looking further."""
SECOND_COLUMN = 0.3
"""Weight of the second-best column in the perfect bot's Brew search (a second beer on the way)."""
KEEP = ("bottle", "serve", "advertise", "manage", "flush", "mash", "brew", "break")
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
        self._served: dict[tuple, tuple[float, bool]] = {}
        self._plans: dict[tuple, tuple[float, int | None, list[str]]] = {}
        self._columns: dict[tuple, dict[str, float]] = {}

    # --- valuing beers

    def serve_value(self, sight, rid: str, cid: str, contaminated: bool, thirsty: bool) -> float:
        """Dollars (and loyalty) a beer of ``rid`` earns from customer ``cid``."""
        key = (rid, cid, contaminated)
        known = self._served.get(key)
        if known is None:
            r, recipe, customer = sight.rules, sight.cards[rid], sight.cards[cid]
            rated = beer.rating(recipe.colours, customer.favourite, contaminated, r.rating_cuts, r.contaminant_penalty)
            money = beer.pay(recipe.colours, rated, r.pay_perfect, r.pay_lower)
            money += customer.bonus if customer.likes == recipe.flavour else 0
            known = self._served[key] = (money + (2 if rated == 0 else 0), rated == 0)
        if known[1] and thirsty:
            return known[0] + LOYAL + 2.0 * self.customer_worth(sight, cid)
        return known[0]

    def recipe_value(self, sight, rid: str, contaminated: bool) -> float:
        """The best a finished beer of ``rid`` could do now (once per decision)."""
        memo = sight.__dict__.setdefault("_recipe_values", {})
        key = (rid, contaminated)
        if key not in memo:
            v, me = sight.view, sight.player
            faceup = [c for c in v["thirsty"] if c not in v["asleep"]]
            best = [self.serve_value(sight, rid, c, contaminated, True) for c in faceup]
            best += [self.serve_value(sight, rid, c, contaminated, False) for c in v["players"][me]["loyal"]]
            memo[key] = max(best, default=0.0)
        return memo[key]

    def wanted(self, sight) -> dict[str, float]:
        """Recipes I could bottle (hand and table) and what a clean beer of each is worth (once per decision)."""
        memo = sight.__dict__.setdefault("_wanted", {})
        if not memo:
            v = sight.view
            for rid in [*v["players"][sight.player]["hand"], *v["table"]]:
                memo[rid] = self.recipe_value(sight, rid, False)
        return memo

    # --- the Copper

    @staticmethod
    def column_value(col: list[str], wanted: list[tuple[int, int, int, int, float]]) -> float:
        """How close a column is to a wanted recipe: an exact match counts fully, a near one a little."""
        light, medium, dark = col.count("L"), col.count("M"), col.count("D")
        best = 0.0
        for wl, wm, wd, size, worth in wanted:
            hit = min(light, wl) + min(medium, wm) + min(dark, wd)
            value = worth if hit == size else 0.15 * hit * worth
            if value > best:
                best = value
        return best

    def brew_goal(self, sight) -> tuple[int, int, dict[str, float]]:
        """My Copper's rows and columns, and the best worth of each colour pattern I could bottle."""
        r = sight.rules
        columns = r.copper_columns + (r.side_tank_columns if sight.view["players"][sight.player]["upgraded"] else 0)
        wanted: dict[str, float] = {}
        for rid, worth in self.wanted(sight).items():
            colours = sight.cards[rid].colours
            wanted[colours] = max(worth, wanted.get(colours, 0.0))
        return r.copper_rows, columns, wanted

    def plan_brew(self, sight, start: int | None = None) -> tuple[float, int | None, list[str]]:
        """The best gain, slot and swap chain within ``DEPTH`` swaps (from ``start`` if already selected)."""
        v, me = sight.view, sight.player
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
        counts = [(c.count("L"), c.count("M"), c.count("D"), len(c), worth) for c, worth in wanted.items()]

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
        if len(legal) == 1:
            return legal[0]
        step = sight.step
        handler = getattr(self, "on_" + step, None)
        choice = handler(sight, legal) if handler else None
        return choice if choice in legal else legal[0]

    def on_place(self, sight, legal: list[str]) -> str | None:
        free = self.free_places(sight, legal)
        for test in self.ORDER:
            job = test.partition(":")[0]
            if job in free and self.worth(sight, test):
                return free[job]
        for job in ("break", "flush", "mash", "brew"):
            if job in free:
                return free[job]
        return (list(free.values()) or legal)[-1]

    def free_places(self, sight, legal: list[str]) -> dict[str, str]:
        """Placements on a free space, by job (replacing is left to need: two bots replacing each other loop)."""
        spaces = sight.view["spaces"]
        out = {}
        for a in legal:
            if a == "pass":
                continue
            job, _, k = a.split()[1].partition(".")
            if spaces[job][int(k) - 1] is None:
                out[job] = a
        return out

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
            return EMPTY in self.usable(sight, sight.view["players"][sight.player]["copper"])
        return self.plan_brew(sight)[0] > 0.5

    def usable(self, sight, copper: str) -> str:
        r = sight.rules
        cols = r.copper_columns + (r.side_tank_columns if sight.view["players"][sight.player]["upgraded"] else 0)
        return copper[: cols * r.copper_rows]

    def ready(self, sight, clean: bool = False) -> list[dict]:
        bottles = sight.view["players"][sight.player]["bottles"]
        return [b for b in bottles if not b["left"] and not (clean and b["contaminant"])]

    def best_serve(self, sight) -> tuple[float, str | None]:
        v, me = sight.view, sight.player
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
        v, me, r = sight.view, sight.player, sight.rules
        mine = v["players"][me]
        if sum(1 for b in mine["bottles"] if b["left"]) >= 2:
            return (0.0, None)
        rows = r.copper_rows
        copper = self.usable(sight, mine["copper"])
        best: tuple[float, str | None] = (0.0, None)
        for k in range(len(copper) // rows):
            col = list(copper[k * rows : (k + 1) * rows])
            if EMPTY in col:
                continue
            for rid in [*mine["hand"], *v["table"]]:
                dirty = beer.would_contaminate(col, sight.cards[rid].colours, r.ferment_match)
                value = self.bottle_value(sight, rid, dirty, not mine["bottles"])
                if value > best[0]:
                    best = (value, f"bottle {rid} col {k + 1}")
        return best

    def bottle_value(self, sight, rid: str, dirty: bool, idle: bool) -> float:
        """What bottling ``rid`` is worth; subclasses decide what they settle for."""
        return self.recipe_value(sight, rid, dirty)

    def manage_choice(self, sight, placing: bool) -> str | None:
        mine = sight.view["players"][sight.player]
        r = sight.rules
        costs = r.manage_cost_2p if len(sight.view["players"]) == 2 else r.manage_cost_34p
        if mine["brewers"] < r.brewers_max and mine["cash"] >= costs[3] and sight.view["round"] <= 4:
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
        memo = sight.__dict__.setdefault("_flags", {})
        if cid not in memo:
            flag = sight.cards[cid].flag
            mine = sight.view["players"][sight.player]["secret_reputations"]
            cards = [*mine, *sight.view["public_reputations"]] if isinstance(mine, list) else []
            memo[cid] = sum(1 for rid in cards if sight.cards[rid].target == flag)
        return memo[cid]

    def on_reveal(self, sight, legal):
        me = sight.player
        flags = Counter(sight.cards[c].flag for c in sight.view["players"][me]["loyal"])
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

    ORDER: tuple[str, ...] = ("serve:perfect", "bottle", "advertise", "brew", "serve", "manage", "mash")
    """Bottle comes first: the 2-player brewery has one Bottle space, and a beer fermenting early is ready sooner
    (the book's tip: "Fill a bottle early!"); a Brew toward a beer comes before a Serve for cash."""

    def plan_brew(self, sight, start: int | None = None) -> tuple[float, int | None, list[str]]:
        """The best gain, slot and swaps over every Copper one Brew can leave (``must_continue``: the short search)."""
        r = sight.rules
        if start is not None or r.brew_chain != "may_stop":
            return super().plan_brew(sight, start)
        v, me = sight.view, sight.player
        rows, columns, wanted = self.brew_goal(sight)
        copper = v["players"][me]["copper"][: rows * columns]
        key = ("all", copper, columns, tuple(sorted(wanted.items())))
        if key not in self._plans:
            if len(self._plans) > 256:
                self._plans.clear()
            cap = r.swap_cap_factor * rows * (r.copper_columns + r.side_tank_columns)
            reach = one_brew(copper, rows, columns, r.sideways_swap, cap)
            self._plans[key] = _best_brew(copper, reach, rows, columns, wanted)
        return self._plans[key]

    def on_recall(self, sight, legal: list[str]) -> str:
        """Bring back the brewer whose space matters least, so Bottle and Serve stay blocked."""
        return max(legal, key=lambda a: KEEP.index(a.split()[1].partition(".")[0]))

    def wants_advertise(self, sight) -> bool:
        """A clean beer no customer would call Perfect is worth a customer if the money is there."""
        return _advertise_cost(sight) <= sight.view["players"][sight.player]["cash"]

    def manage_choice(self, sight, placing):
        """Spare money buys Research: more recipes in hand, more customers a beer can please perfectly."""
        choice = super().manage_choice(sight, placing)
        if choice:
            return choice
        v, r = sight.view, sight.rules
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
        return _advertise_cost(sight) <= sight.view["players"][sight.player]["cash"]

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


def one_brew(copper: str, rows: int, columns: int, sideways: str, cap: int) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Every Copper one Brew can leave, each with the slot selected and the fewest swaps found (breadth first).

    A malt's chain is followed up to the swap cap; a hop's only ``HOP_WALK`` swaps, and each selected token
    stops after ``BREW_BUDGET`` Coppers, because a hop's walks (a hop swaps with anything) number millions.
    """
    adjacent = _adjacent(rows, columns)
    out: dict[str, tuple[int, tuple[str, ...]]] = {}
    for slot in cu.movable(list(copper), rows, columns, sideways):
        limit = min(cap, HOP_WALK) if copper[slot] == HOP else cap
        seen = {(copper, slot)}
        frontier: list[tuple[str, int, tuple[str, ...]]] = [(copper, slot, ())]
        while frontier and len(seen) < BREW_BUDGET:
            later: list[tuple[str, int, tuple[str, ...]]] = []
            for tokens, at, path in frontier:
                token = tokens[at]
                for d, to, _flat in adjacent[at]:
                    if not cu.can_swap(token, tokens[to], d, sideways):
                        continue
                    moved = list(tokens)
                    moved[at], moved[to] = moved[to], moved[at]
                    after = "".join(moved)
                    if (after, to) in seen:
                        continue
                    seen.add((after, to))
                    chain = (*path, d)
                    if after not in out:
                        out[after] = (slot, chain)
                    if len(chain) < limit:
                        later.append((after, to, chain))
            frontier = later
    return out


def _best_brew(
    copper: str, reach: dict[str, tuple[int, tuple[str, ...]]], rows: int, columns: int, wanted: dict[str, float]
) -> tuple[float, int | None, list[str]]:
    """The reachable Copper whose best column (and a little its second) gains most over now; fewest swaps on a tie."""
    counts = [(c.count("L"), c.count("M"), c.count("D"), len(c), worth) for c, worth in wanted.items()]
    cache: dict[str, float] = {}

    def value(tokens: str) -> float:
        vals = []
        for k in range(columns):
            col = tokens[k * rows : (k + 1) * rows]
            v = cache.get(col)
            if v is None:
                v = cache[col] = Brewer.column_value(list(col), counts)
            vals.append(v)
        vals.sort(reverse=True)
        return vals[0] + SECOND_COLUMN * (vals[1] if len(vals) > 1 else 0.0)

    now = value(copper)
    best: tuple[float, int | None, list[str]] = (0.0, None, [])
    for after, (slot, chain) in reach.items():
        gain = value(after) - now
        if gain > best[0] + 1e-9 or (gain > best[0] - 1e-9 and best[1] is not None and len(chain) < len(best[2])):
            best = (gain, slot, list(chain))
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


def _advertise_cost(sight) -> int:
    return sight.rules.advertise_per_loyal * len(sight.view["players"][sight.player]["loyal"])


class Heuristic(Perfect):
    """The game's default bot: the perfect-beer path."""

    name = "heuristic"


for _cls in (Perfect, Advertiser, Heuristic):
    register(_cls, GAME)
