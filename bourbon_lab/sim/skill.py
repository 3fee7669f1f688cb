"""The skill ladder: bots rated from mixed tables with openskill's Plackett-Luce model, with intervals.

Every table of ``players`` seats is drawn from the bots named (each combination in turn, seats
rotated game by game, so seat advantage averages out); every game's finishing order updates the
ratings (a shared place is a tie), averaged over several orders of the games (``rate``). A bot's
interval is ``mu ± 1.96 sigma``, the model's own posterior; the ladder also gives each bot's win
rate against its fair share (1 / players) with a Wilson interval, which needs no model. ``tau``
(skill drift) is 0: a bot does not learn.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from ..core import get_game
from .stats import Z95, wilson


@dataclass
class SkillLadder:
    """Ratings (one row a bot, strongest first) and the games that made them."""

    game: str
    players: int
    ratings: pl.DataFrame
    games: pl.DataFrame
    tables: list[tuple[str, ...]] = field(default_factory=list)

    def __repr__(self) -> str:
        return self.text()

    def _repr_markdown_(self) -> str:
        return "```\n" + self.text() + "\n```"

    def text(self) -> str:
        """The ratings as a table a designer reads: rating (interval), win rate against fair share."""
        lines = [
            f"{self.game}, {self.players} players: openskill Plackett-Luce ratings from "
            f"{self.games['game'].n_unique()} mixed-table games (95 % intervals); fair share {100 / self.players:.0f} %"
        ]
        width = max(12, *(len(b) for b in self.ratings["bot"]))
        lines.append(f"{'bot'.ljust(width)}  {'rating':>22}  {'win rate':>18}  separated from next")
        for r in self.ratings.iter_rows(named=True):
            sep = {True: "yes", False: "no", None: ""}[r["above_next"]]
            lines.append(
                f"{r['bot'].ljust(width)}  {r['mu']:6.1f} [{r['mu_low']:5.1f}, {r['mu_high']:5.1f}]  "
                f"{100 * r['win_rate']:5.1f} % [{100 * r['win_low']:4.1f}, {100 * r['win_high']:4.1f}]  {sep}"
            )
        return "\n".join(lines)

    def chart(self) -> Any:
        """Each bot's rating with its interval (Altair)."""
        from ..charts.skill import ladder_chart

        return ladder_chart(self)


def tables_for(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """Every mix of ``players`` bots from the list: all combinations, or with fewer bots than seats each in turn."""
    if len(bots) >= players:
        return list(itertools.combinations(bots, players))
    return [tuple(bots[(start + s) % len(bots)] for s in range(players)) for start in range(len(bots))]


ORDERS = 24
"""Orders of the games the ratings are averaged over (the order played, then shuffles of a fixed seed)."""


def rate(
    games: pl.DataFrame, bots: list[str], tau: float = 0.0, orders: int = ORDERS
) -> dict[str, tuple[float, float]]:
    """Each bot's (mu, sigma) from ``games`` (columns game, seat, bot, rank), averaged over ``orders`` orders.

    openskill rates online, so one pass depends on the order the games came in: Gin Crafters' 120-game
    ladder put its upper three bots 1.1 points apart in the order played and 9.8 points apart reversed.
    Averaging over the order played and ``orders - 1`` seeded shuffles removes that order from the figure.
    A bot at two seats of one table is two teams of the same rating; its two updates are averaged.
    """
    import random

    from openskill.models import PlackettLuce

    if orders < 1:
        raise ValueError(f"rate: orders must be at least 1, got {orders}")
    model = PlackettLuce(tau=tau)
    played = [
        (part["bot"].to_list(), part["rank"].to_list())
        for part in games.sort("game", "seat").partition_by("game", maintain_order=True)
    ]
    shuffle = random.Random(0)
    sums = {b: [0.0, 0.0] for b in bots}
    for k in range(orders):
        order = list(played)
        if k:
            shuffle.shuffle(order)
        for b, (mu, sigma) in _one_pass(model, order, bots).items():
            sums[b][0] += mu
            sums[b][1] += sigma
    return {b: (mu / orders, sigma / orders) for b, (mu, sigma) in sums.items()}


def _one_pass(model: Any, played: list[tuple[list, list]], bots: list[str]) -> dict[str, tuple[float, float]]:
    ratings = {b: model.rating(name=b) for b in bots}
    for seated, ranks in played:
        new = model.rate([[ratings[b]] for b in seated], ranks=ranks)
        moved: dict[str, list] = {}
        for b, (team,) in zip(seated, new):
            moved.setdefault(b, []).append(team)
        for b, got in moved.items():
            mu = sum(r.mu for r in got) / len(got)
            sigma = sum(r.sigma for r in got) / len(got)
            ratings[b] = model.rating(mu=mu, sigma=sigma, name=b)
    return {b: (r.mu, r.sigma) for b, r in ratings.items()}


DEFAULT_BOTS = ("random", "heuristic", "ismcts:25", "ismcts:100")
"""The default ladder: random play, the game's heuristic, and the search bot at two budgets."""


def ladder(
    game: Any,
    bots: list[str] | tuple[str, ...] = DEFAULT_BOTS,
    players: int | None = None,
    games: int = 60,
    seed: int = 0,
    rules: Any = None,
    workers: int | None = None,
    progress: bool | None = None,
    executor: Any = None,
) -> SkillLadder:
    """Rate ``bots`` of ``game`` (a name, or a ruleset) from ``games`` mixed-table games in all.

    ``players`` defaults to the game's own first table. The games are split evenly among the
    tables (``tables_for``); each table plays the same seeds, so the mixes differ only in who sits.
    ``progress``: one bar over every table's games, with the time left (False: none; see ``simulate``).
    ``executor`` (a Dask client) plays every table's games on its cluster, as ``simulate`` does.
    """
    from .progress import progress_bar
    from .runner import SimulationError, simulate

    if not isinstance(game, str):
        rules, game = game, game.game
    gamedef = get_game(game)
    rules = rules if rules is not None else gamedef.default_rules()
    players = players or gamedef.info.table or min(max(4, gamedef.info.min_players), gamedef.info.max_players)
    if len(bots) < 2:
        raise SimulationError(f"ladder: rate at least two bots, got {bots!r}")
    if len(set(bots)) != len(bots):
        raise SimulationError(f"ladder: a bot is named twice in {bots!r}")
    tables = tables_for(list(bots), players)
    per = max(1, games // len(tables))
    frames = []
    with progress_bar(
        per * len(tables), progress, desc="ladder", delay=0
    ):  # one bar, every table's games: the time left
        runs = [
            simulate(
                rules,
                players=players,
                games=per,
                bots=list(table),
                seed=seed,
                workers=workers,
                progress=progress,
                executor=executor,
            )
            for table in tables
        ]
    for i, res in enumerate(runs):
        broken = res.games.filter(pl.col("error").is_not_null())["game"].implode()
        played = (
            res.players.filter(~pl.col("game").is_in(broken))
            .select("game", "seat", "bot", "rank", "won")
            .with_columns((pl.col("game") * len(tables) + i).alias("game"))  # interleaved: every table early
        )
        frames.append(played)
    games_table = pl.concat(frames).sort("game", "seat")
    mus = rate(games_table, list(bots))
    n = players
    rows = []
    for b in bots:
        mine = games_table.filter(pl.col("bot") == b)
        seats, wins = mine.height, int(mine["won"].sum())
        lo, hi = wilson(wins, seats)
        mu, sigma = mus[b]
        rows.append(
            {
                "bot": b,
                "mu": mu,
                "sigma": sigma,
                "mu_low": mu - Z95 * sigma,
                "mu_high": mu + Z95 * sigma,
                "ordinal": mu - 3 * sigma,
                "seats": seats,
                "wins": wins,
                "win_rate": wins / seats if seats else float("nan"),
                "win_low": lo,
                "win_high": hi,
                "fair_share": 1 / n,
            }
        )
    ratings = pl.DataFrame(rows).sort("mu", descending=True)
    lows, highs = ratings["mu_low"].to_list(), ratings["mu_high"].to_list()
    above = [lows[i] > highs[i + 1] for i in range(len(lows) - 1)] + [None]
    ratings = ratings.with_columns(pl.Series("above_next", above, dtype=pl.Boolean))
    return SkillLadder(game, players, ratings, games_table, tables)
