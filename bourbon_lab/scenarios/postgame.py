"""The post-game page of a playtest: points by source over the rounds, and each human decision weighed.

``postgame(source)`` replays a playtest (a saved file, a ``Scenario`` or a game played from ``new_game``)
action by action. It keeps every seat's ``ScoreRow.parts`` as they stand when each round is over, and
at each decision of a seat people played (``humans:``) it asks the lab's strongest bot for that game
(``STRONGEST``, each game's own declaration in its ``bots`` module) what it would have played, from
that seat's ``observe(seat)`` and legal actions. Where the two differ, both actions are weighed by
playouts: from the same re-dealt world, each action is applied and the game's default bots play every
seat to the end; an action is worth the mean of (the seat's final score - the best other seat's). The
same worlds and bot seeds serve both actions (paired), so the difference has a narrow 95 % Student-t
interval.

Every built-in game's observation can ``determinise(rng)``, so the playouts start from a world
re-dealt from what the seat could see, never from the hidden cards as they lay. A game whose
observation cannot re-deal is played on from a copy of the table as it was (the estimate then knows
what the seat did not).

The tables are polars DataFrames; ``PostGame.chart()`` and ``PostGame.page()`` draw them with
``bourbon_lab.charts.postgame`` (the charts layer, imported only when called).
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

import polars as pl

from ..bots.base import Bot, bot_names, check_bot, make_bot
from ..core import games, get_game, legal_for
from ..core.optional import apply_as
from ..sim.stats import mean_ci
from .checks import log_digest, part_of
from .errors import ScenarioError
from .format import check_humans
from .playtest import playtest_text
from .run import apply_step, bot_seed, script_step, start_game
from .scenario import Scenario


def declared_strongest(game: str) -> str | None:
    """The bot a game's ``bots`` module names as its strongest (``STRONGEST = "seller"``), if it names one."""
    return getattr(get_game(game).part("bots"), "STRONGEST", None)


class _Strongest(Mapping):
    """Game -> its declared strongest bot, read from each registered game's ``bots`` module when asked."""

    def _table(self) -> dict[str, str]:
        return {g: bot for g in games() if (bot := declared_strongest(g))}

    def __getitem__(self, game: str) -> str:
        bot = declared_strongest(game) if game in games() else None
        if bot is None:
            raise KeyError(game)
        return bot

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __repr__(self) -> str:
        return repr(self._table())


STRONGEST: Mapping[str, str] = _Strongest()
"""The lab's strongest bot per game, as measured: each game declares it (``STRONGEST`` in its ``bots``
module, with the measurement); a game that declares none gets its default bot."""

DECISION_SCHEMA = {
    "step": pl.Int64,
    "round": pl.Int64,
    "phase": pl.Utf8,
    "seat": pl.Int64,
    "decision": pl.Utf8,
    "choices": pl.Int64,
    "human": pl.Utf8,
    "bot": pl.Utf8,
    "agree": pl.Boolean,
    "human_worth": pl.Float64,
    "bot_worth": pl.Float64,
    "difference": pl.Float64,
    "ci_low": pl.Float64,
    "ci_high": pl.Float64,
}
"""The ``decisions`` table's columns (see ``PostGame``)."""

PLAYOUT_SCHEMA = {"step": pl.Int64, "seat": pl.Int64, "playout": pl.Int64, "human": pl.Float64, "bot": pl.Float64}


def strongest_bot(game: str) -> str:
    """The bot ``postgame`` asks by default: ``STRONGEST[game]``, else the game's default bot."""
    return declared_strongest(game) or playout_bot(game)


def playout_bot(game: str) -> str:
    """The game's default bot, who plays every seat in a playout: its ``heuristic``, else ``random``."""
    return "heuristic" if "heuristic" in bot_names(game) else "random"


@dataclass
class PostGame:
    """A playtest seen afterwards: points by source over the rounds, and every human decision weighed.

    Attributes
    ----------
    points : polars.DataFrame
        ``round, player, source, points``: each seat's ``ScoreRow.parts`` as they stood when each round
        was over, and at the end (the last round then reads as it stood when the playtest stopped).
        Every seat has every source in every round (0 where a part was missing); they sum to the score.
    decisions : polars.DataFrame
        One row per decision of a human seat: ``step`` (the actions before it; ``game_at(step=...)``
        stops there), ``round``, ``phase``, ``seat``, ``decision`` (the game's step), ``choices`` (legal
        actions), ``human`` and ``bot`` (the advisor's choice), ``agree``. Where they differ,
        ``human_worth`` and ``bot_worth`` (mean final lead over ``rollouts`` playouts), ``difference``
        (human - bot; below 0: the bot's choice looked better) and its paired 95 % interval
        ``ci_low``/``ci_high``. Where they agree the difference and its interval are 0 and the worths empty.
    playouts : polars.DataFrame
        The numbers behind each estimate: ``step, seat, playout, human, bot`` (the seat's final lead after
        each action in that playout, from the same world and bot seeds).
    """

    game: str
    name: str
    players: int
    humans: list
    advisor: str
    playouts_by: str
    rollouts: int
    seed: int
    points: pl.DataFrame
    decisions: pl.DataFrame
    playouts: pl.DataFrame
    scores: dict = field(default_factory=dict)
    over: bool = False
    determinised: bool = True

    def summary(self, top: int = 3) -> list[dict]:
        """Per human seat: decisions, those with a choice, agreements, and the ``top`` largest differences."""
        out = []
        for seat in self.humans:
            mine = self.decisions.filter(pl.col("seat") == seat)
            chosen = mine.filter(pl.col("choices") > 1)
            differ = chosen.filter(~pl.col("agree"))
            biggest = differ.sort(pl.col("difference").abs(), descending=True, nulls_last=True).head(top)
            out.append(
                {
                    "seat": seat,
                    "decisions": mine.height,
                    "with_choice": chosen.height,
                    "agreed": int(chosen["agree"].sum()),
                    "total": float(differ["difference"].fill_nan(None).sum() or 0.0),
                    "biggest": biggest.to_dicts(),
                }
            )
        return out

    def _head(self) -> list[str]:
        seats = ", ".join(map(str, self.humans)) or "none"
        where = "from worlds re-dealt from what the seat could see" if self.determinised else "from the table as it was"
        state = "final" if self.over else "so far"
        scores = "; ".join(f"P{p} {s:g}" for p, s in self.scores.items())
        return [
            f"Post-game: {self.name} ({self.game}, {self.players} players), human seats: {seats}",
            f"Advisor: {self.advisor}. Worth = mean over {self.rollouts} playouts by {self.playouts_by} bots of the "
            f"seat's final score minus the best other seat's, {where}.",
            f"Scores {state}: {scores}",
        ]

    def __str__(self) -> str:
        lines = self._head()
        for s in self.summary():
            lines.append(_seat_line(s))
            lines += [f"    {_difference_line(r)}" for r in s["biggest"]]
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        head = self._head()
        lines = [f"**{head[0]}**", "", head[1], "", head[2], ""]
        for s in self.summary():
            lines += [f"- {_seat_line(s)}"] + [f"    - {_difference_line(r)}" for r in s["biggest"]]
        return "\n".join(lines)

    def chart(self):
        """Points by source over the rounds per seat, above each decision's estimated difference (Altair)."""
        from ..charts.postgame import postgame_chart

        return postgame_chart(self.points, self.decisions, self.humans)

    def page(self, path=None) -> str:
        """A small HTML page: the summary, the charts as inline SVG and the decisions table; no script, no CDN.

        Parameters
        ----------
        path : str or Path, optional
            Also write the page there.
        """
        from ..charts.postgame import postgame_page

        text = postgame_page(f"Post-game: {self.name}", str(self), self.points, self.decisions, self.humans)
        if path is not None:
            with open(os.fspath(path), "w", encoding="utf-8") as fh:
                fh.write(text)
        return text


def _seat_line(s: dict) -> str:
    n = s["with_choice"]
    share = f" ({s['agreed'] / n:.0%})" if n else ""
    return (
        f"Seat {s['seat']}: {s['decisions']} decisions, {n} with a choice; the bot agreed on {s['agreed']} of "
        f"{n}{share}; the differences sum to {s['total']:+.1f} points of lead"
    )


def _difference_line(r: dict) -> str:
    ci = "" if r["ci_low"] is None or math.isnan(r["ci_low"]) else f" [{r['ci_low']:+.1f}, {r['ci_high']:+.1f}]"
    diff = "n/a" if r["difference"] is None else f"{r['difference']:+.1f}"
    return f"step {r['step']}, round {r['round']}: played {r['human']!r}, the bot {r['bot']!r}: {diff}{ci}"


# --- the replay


@dataclass
class _Source:
    spec: object
    seed: int
    humans: list | None
    original: object = None


def _load(source) -> _Source:
    """The scenario spec and seed to replay, from a path, a ``Scenario`` or a game."""
    if isinstance(source, str | os.PathLike):
        source = Scenario.load(source)
    if isinstance(source, Scenario):
        return _Source(source.spec, source.seeds[0], source.spec.humans)
    if all(hasattr(source, a) for a in ("actions", "rules", "seed", "score_rows")):
        text = playtest_text(source, f"a game of seed {source.seed}")
        return _Source(Scenario.from_text(text, "<game>").spec, source.seed, None, source)
    raise ScenarioError("<postgame>", None, f"postgame takes a playtest file, a Scenario or a game, got {source!r}")


def _human_text(spec, action: str) -> str:
    """A recorded step as the decisions table shows it: as the game reads it, if its scenario part reads actions."""
    parse = part_of(spec.game).parse_action
    return str(parse(action)) if parse is not None else action


class _Replay:
    """One pass over the script: the table, the points by round and the decision rows."""

    def __init__(self, src: _Source, humans: list, advisor, rollouts: int, seed: int):
        self.spec, self.humans, self.rollouts, self.seed = src.spec, humans, rollouts, seed
        self.game = start_game(src.spec, src.seed)
        self.name = self.spec.game
        self.playouts_by = playout_bot(self.name)
        self.advisors = {s: _advisor(advisor, self.name, bot_seed(seed, s)) for s in humans}
        self.points: dict[int, list] = {}
        self.rows: list[dict] = []
        self.leads: list[dict] = []
        self.determinised = True

    def run(self) -> None:
        last = self.game.round
        for i, step in enumerate(self.spec.script):
            if self.game.is_over:
                raise ScenarioError(self.spec.file, step.line, f"{step.text!r}: the game is already over", step=i + 1)
            action, seat = script_step(self.spec, self.game, i)
            before = self.game.clone() if seat in self.humans else None
            apply_step(self.spec, self.game, i, action, seat)  # checked: an illegal step is refused, never weighed
            if before is not None:
                self.rows.append(self.weigh(before, i, seat, action))
            if self.game.round != last:
                self.points[last] = self.game.score_rows()
                last = self.game.round
        end = self.game.log[-1].round if self.game.log else self.game.round
        self.points[end] = self.game.score_rows()

    def weigh(self, g, i: int, seat: int, action) -> dict:
        """The decision row at table ``g`` (as the seat saw it).

        It holds the advisor's choice and, where it differs, both actions' worth.
        """
        d = g.decision
        legal = legal_for(g, seat)
        view = g.observe(seat)
        choice = self.advisors[seat].choose(view, legal)
        human = _human_text(self.spec, action)
        row = {
            "step": i,
            "round": g.round,
            "phase": g.phase,
            "seat": seat,
            "decision": d.step,
            "choices": len(legal),
            "human": human,
            "bot": str(choice),
            "agree": str(choice) == human,
        }
        if row["agree"]:
            return {**row, "difference": 0.0, "ci_low": 0.0, "ci_high": 0.0}
        worth = self.estimate(g, view, seat, (action, choice), i)
        return {**row, **worth}

    def estimate(self, g, view, seat: int, actions: tuple, i: int) -> dict:
        """Mean lead after each action over paired playouts, and the difference's 95 % interval."""
        h, b = [], []
        for k in range(self.rollouts):
            playout = self.seed * 1_000_003 + i * 1_009 + k
            world = self.world(g, view, random.Random(playout))
            lead_h, lead_b = (self.playout(world.clone(), a, seat, playout) for a in actions)
            h.append(lead_h)
            b.append(lead_b)
            self.leads.append({"step": i, "seat": seat, "playout": k, "human": lead_h, "bot": lead_b})
        diff, lo, hi = paired_interval(h, b)
        mean_h, mean_b = sum(h) / len(h), sum(b) / len(b)
        return {"human_worth": mean_h, "bot_worth": mean_b, "difference": diff, "ci_low": lo, "ci_high": hi}

    def world(self, g, view, rng: random.Random):
        if hasattr(view, "determinise"):
            return view.determinise(rng)
        self.determinised = False
        return g.clone()

    def playout(self, w, first, seat: int, playout: int) -> float:
        """Play ``first`` for ``seat`` in ``w``, then the default bots to the end: the seat's final lead."""
        apply_as(w, first, seat, check=False)
        bots = [make_bot(self.playouts_by, seed=bot_seed(playout, s), game=self.name) for s in range(w.n)]
        limit = get_game(self.name).info.max_decisions
        for _ in range(limit):
            if w.is_over:
                break
            actor = w.decision.actor
            w.apply(bots[actor].choose(w.observe(actor), w.legal_actions()), check=False)
        return lead(w, seat)


def lead(game, seat: int) -> float:
    """``seat``'s score minus the best other seat's (``score_rows``)."""
    scores = {r.player: r.score for r in game.score_rows()}
    return float(scores[seat] - max(v for p, v in scores.items() if p != seat))


def _advisor(advisor, game: str, seed: int):
    """The bot that advises one seat: a name (``"search:budget=16"``) made for ``game``, or a ``Bot`` given."""
    if isinstance(advisor, Bot) or (advisor is not None and not isinstance(advisor, str)):
        return advisor
    return make_bot(advisor or strongest_bot(game), seed=seed, game=game)


def _advisor_name(advisor, game: str) -> str:
    if advisor is None:
        return f"{strongest_bot(game)} (the lab's strongest {game} bot)"
    return advisor if isinstance(advisor, str) else repr(advisor)


# --- statistics


def paired_interval(a: list[float], b: list[float], level: float = 0.95) -> tuple[float, float, float]:
    """Mean of ``a[k] - b[k]`` and its Student-t interval (``nan`` bounds with fewer than two pairs).

    >>> [round(x, 3) for x in paired_interval([3.0, 5.0, 4.0], [1.0, 1.0, 2.0])]
    [2.667, -0.202, 5.535]
    """
    return mean_ci([x - y for x, y in zip(a, b, strict=True)], level)


# --- the tables


def _points_table(points: dict[int, list]) -> pl.DataFrame:
    sources = list(dict.fromkeys(s for rows in points.values() for r in rows for s in r.parts))
    out = [
        {"round": rnd, "player": r.player, "source": s, "points": r.parts.get(s, 0)}
        for rnd, rows in sorted(points.items())
        for r in rows
        for s in sources
    ]
    whole = all(isinstance(r["points"], int) for r in out)
    schema = {"round": pl.Int64, "player": pl.Int64, "source": pl.Utf8, "points": pl.Int64 if whole else pl.Float64}
    return pl.DataFrame(out, schema=schema, orient="row" if not out else None)


def _decisions_table(rows: list[dict]) -> pl.DataFrame:
    return pl.DataFrame([{k: r.get(k) for k in DECISION_SCHEMA} for r in rows], schema=DECISION_SCHEMA)


def postgame(source, humans=None, advisor=None, rollouts: int = 8, seed: int = 0) -> PostGame:
    """Replay a playtest and weigh each human decision against the lab's strongest bot.

    Parameters
    ----------
    source : str, Path, Scenario or game
        A saved playtest file, a ``Scenario`` (its script is replayed on its first seed; its bots are
        not played on), or a game played from ``new_game`` through ``apply`` (finished or not).
    humans : iterable of int, optional
        The seats people played; default: the file's ``humans:``. Required for a game or a file without it.
    advisor : str or Bot, optional
        Who says what a bot would have done: a bot name such as ``"search:budget=64"`` (one per human
        seat, seeded from ``seed``) or a ``Bot``; default ``strongest_bot(game)`` (``STRONGEST``).
    rollouts : int
        Playouts per action where the human and the advisor differ (the same worlds for both actions).
    seed : int
        Seeds the advisors, the re-dealt worlds and the playout bots: the same seed gives the same tables.

    Returns
    -------
    PostGame
        ``points`` and ``decisions`` tables, a text summary (``str``), ``chart()`` and ``page()``.

    Examples
    --------
    >>> import bourbon_lab as bl
    >>> game = bl.new_game(bl.default_rules("gin_crafters"), players=2, seed=1)
    >>> for _ in range(6):
    ...     _ = game.apply(game.legal_actions()[0])
    >>> pg = bl.postgame(game, humans=[0], rollouts=2)
    >>> pg.decisions.columns[:5]
    ['step', 'round', 'phase', 'seat', 'decision']
    """
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
        raise ScenarioError("<postgame>", None, f"rollouts: takes a whole number of at least 1, got {rollouts!r}")
    src = _load(source)
    chosen = src.humans if humans is None else humans
    if chosen is None:
        why = "say which seats people played: postgame(..., humans=[0, 2]), or save it with save_playtest(humans=...)"
        raise ScenarioError(src.spec.file, None, why)
    chosen = check_humans(chosen, src.spec.players, src.spec.file)
    if isinstance(advisor, str):
        check_bot(advisor, src.spec.game)
    replay = _Replay(src, chosen, advisor, rollouts, seed)
    replay.run()
    if src.original is not None and log_digest(replay.game.log) != log_digest(src.original.log):
        raise ScenarioError("<game>", None, "this game does not replay from its seed and actions")
    g = replay.game
    return PostGame(
        game=src.spec.game,
        name=src.spec.name,
        players=src.spec.players,
        humans=chosen,
        advisor=_advisor_name(advisor, src.spec.game),
        playouts_by=replay.playouts_by,
        rollouts=rollouts,
        seed=seed,
        points=_points_table(replay.points),
        decisions=_decisions_table(replay.rows),
        playouts=pl.DataFrame(replay.leads, schema=PLAYOUT_SCHEMA),
        scores={r.player: r.score for r in g.score_rows()},
        over=g.is_over,
        determinised=replay.determinised,
    )
