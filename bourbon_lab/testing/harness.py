"""One conformance harness for every game, like OpenSpiel's ``random_sim_test`` and pgx's API test.

``check_game(name)`` plays random-legal games at every allowed player count and under every
named variant, and at random decision points checks what the protocol promises:

- the decision point names the current player, a commit-group member or a declared interrupt;
- the game ends within the declared ``max_decisions``, with a declared ``ended_by``;
- ``snapshot`` survives JSON, ``restore`` gives the same snapshot, and the restored game plays
  the rest of the actions to the same final snapshot;
- an action from another step raises ``IllegalAction`` and leaves the snapshot byte-identical;
- a commit group is simultaneous: the same choices committed in the opposite order (through
  ``apply(action, player=q)``) leave the same public view and the same next decision;
- views are JSON-safe and hide what they must: ``observe(p).determinise(rng)`` re-deals
  everything ``p`` cannot see, so ``view(p)`` (and the spectator's ``view(None)``) of the
  re-dealt game must equal the original's, and the actor's legal actions must not change.
  A view that shows a hidden card or the deck order fails here, with no list of private
  fields to keep up to date; a ``determinise`` that re-deals nothing fails too;
- every event's ``visible_to`` is everyone or a tuple of seats;
- ``score_rows()`` are well formed: one per seat, points by source sum to the score, ranks
  follow (score, tie-break), rank 1 won;
- the same seed and actions give the same log in another process (another hash seed).

A failure raises ``HarnessFailure`` naming the game, the table, the seed and the decision.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..core import GameState, IllegalAction, get_game
from ..core.box import check_box

DEEP_EVERY = 100
"""On average, one decision in this many gets the deep checks (views, an illegal action, scores)."""
DEEP_AT = (0, 3, 10, 30)
"""Decisions that always get them: a short game is checked mid-play too, when hands are not empty."""
RESTORES_PER_GAME = 2
"""Snapshot round trips per game whose restored copy plays the rest of the game (each costs a replay)."""


class HarnessFailure(AssertionError):
    """A game broke a promise of the protocol; the message says where and how to reproduce it."""


@dataclass
class Report:
    """What ``check_game`` played and checked (all of it passed)."""

    game: str
    tables: list[str] = field(default_factory=list)
    games: int = 0
    decisions: int = 0
    restores: int = 0
    illegal_checked: int = 0
    views_checked: int = 0
    redeals_that_changed: int = 0
    commit_orders_checked: int = 0
    other_process: bool = False
    plain_replays: int = 0
    """Games replayed on the plain-Python engine with the same log (``plain_sample``)."""
    invariants_checked: int = 0
    """Actions after which the game's own book invariants (``GameDef.invariants``) were checked."""
    box_checked: int = 0
    """Actions after which the box law (``core.box``: nothing created, lost or in two places) was checked."""

    def add(self, other: Report) -> None:
        """Fold in the report of another part of the same run (a worker's share of the games)."""
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if f.name == "tables":
                self.tables += [t for t in theirs if t not in mine]
            elif isinstance(mine, bool):
                setattr(self, f.name, mine or theirs)
            elif isinstance(mine, int):
                setattr(self, f.name, mine + theirs)

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.games} games ({', '.join(self.tables)}), {self.decisions} decisions, "
            f"{self.restores} restores, {self.illegal_checked} illegal actions, {self.views_checked} views"
            + (f", book invariants after {self.invariants_checked} actions" if self.invariants_checked else "")
            + (f", the box after {self.box_checked} actions" if self.box_checked else "")
            + (", same log in another process" if self.other_process else "")
            + (f", {self.plain_replays} games replayed in plain Python with the same log" if self.plain_replays else "")
        )


def check_game(
    name: str,
    players: list[int] | tuple[int, ...] | None = None,
    variants: list[str] | tuple[str, ...] | None = None,
    games: int = 1,
    seed: int = 0,
    other_process: bool = True,
    rules: Any = None,
    plain_sample: int = 0,
    start: int = 0,
) -> Report:
    """Play and check ``games`` random-legal games per table; raise ``HarnessFailure`` on the first fault.

    Tables: the default rules at every player count in ``players`` (default: all the game
    allows), then each non-default choice of each variant in ``variants`` (default: all; ``()``
    for none) at a player count taken in turn. ``other_process`` replays the first game in a
    fresh Python with another hash seed. ``rules`` (default: the game's defaults) is the base of every table.
    ``plain_sample`` replays that many games, spread over the run, on the plain-Python engine.
    ``start`` is the index of the first game of each table: game ``i`` of a table depends only on the run's
    seed, the table and ``i``, so a soak can split a run over processes and play the same games.
    """
    gamedef = get_game(name)
    report = Report(name)
    first = None
    sample: list = []
    every = max(1, games * len(harness_tables(gamedef, players, variants)) // plain_sample) if plain_sample else 0
    base = rules if rules is not None else gamedef.default_rules()
    base_changes = _changes_from_default(gamedef, rules)
    house = _house_blob(base)
    for label, changes, n in harness_tables(gamedef, players, variants):
        report.tables.append(label)
        rules = base.replace(**changes) if changes else base
        for i in range(start, start + games):
            game_seed = seed * 1_000_000 + i
            rng = random.Random(f"{seed}/{label}/{i}")
            g = _Checker(gamedef, rules, n, game_seed, label, rng, report).play()
            first = first or ({**base_changes, **changes}, n, game_seed, g)
            if every and report.games % every == 0 and len(sample) < plain_sample:
                sample.append(({**base_changes, **changes}, n, game_seed, log_hash(g), [str(a) for a in g.actions]))
    if gamedef.info.information == "imperfect" and report.views_checked and not report.redeals_that_changed:
        raise HarnessFailure(f"{name}: determinise never changed anything, so hidden information was never tested")
    if other_process and first is not None:
        _same_log_elsewhere(gamedef, *first, house=house)
        report.other_process = True
    if sample:
        _same_logs_elsewhere(gamedef, sample, plain=True, house=house)
        report.plain_replays = len(sample)
    return report


def _house_blob(rules) -> str | None:
    """The ruleset's house rules by value (cloudpickle, base64), for the other process to define first."""
    chosen = tuple(getattr(rules, "house_rules", ()))
    if not chosen:
        return None
    import base64

    import cloudpickle

    return base64.b64encode(cloudpickle.dumps(chosen)).decode()


def _changes_from_default(gamedef, rules) -> dict:
    """``rules`` as JSON-safe changes to the game's defaults, which is how the other process rebuilds them."""
    if rules is None:
        return {}
    mine, default = rules.to_dict(), gamedef.default_rules().to_dict()
    return {k: v for k, v in mine.items() if default.get(k) != v}


def harness_tables(gamedef, players, variants):
    """(label, variant changes, players) for every table to play."""
    counts = list(players) if players is not None else list(gamedef.info.player_counts)
    bad = [n for n in counts if n not in gamedef.info.player_counts]
    if bad:
        raise ValueError(f"players: {bad} outside {gamedef.info.min_players}-{gamedef.info.max_players}")
    out: list[tuple[str, dict, int]] = [(f"{n}p", {}, n) for n in counts]
    known = {v["name"]: v for v in gamedef.variants()}
    names = list(known) if variants is None else list(variants)
    for i, vname in enumerate(names):
        if vname not in known:
            raise ValueError(f"variants: {vname!r} is not a variant of {gamedef.name}; known: {', '.join(known)}")
        v = known[vname]
        for choice in v["choices"]:
            if choice != v["default"]:
                n = counts[i % len(counts)]
                out.append((f"{vname}={choice} {n}p", {vname: choice}, n))
    return out


_PROTOCOL = sorted(
    {*GameState.__annotations__, *(k for k in vars(GameState) if not k.startswith("_"))} - {"__annotations__"}
)


def _json(value: Any) -> Any:
    """A value as it comes back from JSON (tuples become lists, keys text): views are compared so."""
    return json.loads(json.dumps(value))


def _dump(snap: Any) -> str:
    return json.dumps(snap, sort_keys=True, separators=(",", ":"))


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON-like values first differ, as a readable path."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{path}.{k}" if path else str(k))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    if isinstance(a, list) and isinstance(b, list):
        return f"{path or 'the value'}: {len(a)} items vs {len(b)}"
    return f"{path or 'the value'}: {a!r:.80} vs {b!r:.80}"


def log_hash(g) -> str:
    """The SHA-256 of a game's log rows: equal logs, equal hashes, in any process."""
    rows = [e.to_row() for e in g.log]
    return hashlib.sha256(json.dumps(rows, sort_keys=True, default=str).encode()).hexdigest()


class _Checker:
    """One random-legal game and the checks made along it."""

    def __init__(self, gamedef, rules, n, seed, label, rng, report):
        self.gamedef, self.info = gamedef, gamedef.info
        self.rules, self.n, self.seed = rules, n, seed
        self.where = f"{gamedef.name} {label} seed {seed}"
        self.rng, self.report = rng, report
        self.seen: dict[str, str] = {}  # action text -> the step it was legal at
        self.restored: list = []

    def fail(self, g, why: str):
        at = f", decision {len(g.actions)}" if g is not None else ""
        raise HarnessFailure(f"{self.where}{at}: {why}")

    def play(self):
        g = self.gamedef.new(self.rules, self.n, self.seed)
        if not isinstance(g, GameState):
            missing = [m for m in _PROTOCOL if not hasattr(g, m)]
            self.fail(None, f"new() returned a {type(g).__name__} that lacks {missing}")
        self.deep(g)
        while not g.is_over:
            if len(g.actions) >= self.info.max_decisions:
                self.fail(g, f"not over after max_decisions={self.info.max_decisions}")
            legal = self.step(g)
            if len(g.actions) in DEEP_AT[1:] or self.rng.random() < 1 / DEEP_EVERY:
                self.deep(g)
            if len(g.decision.group) > 1 and self.rng.random() < 0.25:
                self.check_commit_order(g)
            g.apply(self.rng.choice(legal), check=False)  # the rollback copy is tested on its own (test_atomic_apply)
            self.check_invariants(g)
        self.finished(g)
        self.report.games += 1
        self.report.decisions += len(g.actions)
        return g

    def step(self, g) -> list:
        d = g.decision
        if d is None or d.actor != g.current_player:
            self.fail(g, f"decision {d!r} does not name current_player {g.current_player}")
        if not 0 <= d.actor < self.n or (d.group and d.actor not in d.group):
            self.fail(g, f"decision {d!r}: the actor is not a seat of this table / of its commit group")
        if d.interrupt is not None and d.interrupt not in self.info.interrupts:
            self.fail(g, f"interrupt {d.interrupt!r} is not declared in GameInfo.interrupts {self.info.interrupts}")
        legal = list(g.legal_actions())
        if not legal:
            self.fail(g, f"no legal action for player {d.actor} at step {d.step!r}, and the game is not over")
        for a in legal:
            self.seen.setdefault(str(a), d.step)
        return legal

    def deep(self, g) -> None:
        self.check_snapshot(g)
        self.check_illegal(g)
        self.check_views(g)
        self.check_scores(g)

    def check_commit_order(self, g) -> None:
        group = g.decision.group
        choices = {q: self.rng.choice(list(g.legal_actions(player=q))) for q in group}
        ahead, behind = g.clone(), g.clone()
        for q in group:
            ahead.apply(choices[q], player=q)
        for q in reversed(group):
            behind.apply(choices[q], player=q)
        if _json(ahead.view(None)) != _json(behind.view(None)) or ahead.decision != behind.decision:
            why = _first_difference(_json(ahead.view(None)), _json(behind.view(None)))
            self.fail(g, f"commit group {group}: the order of the same commits changed the outcome: {why}")
        self.report.commit_orders_checked += 1

    def check_snapshot(self, g) -> None:
        if len(self.restored) >= RESTORES_PER_GAME or (self.restored and self.rng.random() < 0.75):
            return  # the first deep point, then later ones at random
        snap = g.snapshot()
        text = _dump(snap)
        back = self.gamedef.restore(json.loads(text))
        if _dump(back.snapshot()) != text:
            self.fail(g, "restore(snapshot) differs at " + _first_difference(json.loads(text), back.snapshot()))
        self.restored.append(back)
        self.report.restores += 1

    def check_illegal(self, g) -> None:
        step = g.decision.step if g.decision else None
        legal = {str(a) for a in g.legal_actions()}
        other = sorted(t for t, s in self.seen.items() if s != step and t not in legal)
        if not other:
            return
        action = self.rng.choice(other)
        before = _dump(g.snapshot())
        try:
            g.apply(action)
        except IllegalAction:
            pass
        except Exception as exc:  # noqa: BLE001  (any other error is the failure being reported)
            self.fail(g, f"{action!r} (legal only at step {self.seen[action]!r}) raised {exc!r}, not IllegalAction")
        else:
            self.fail(g, f"{action!r} (legal only at step {self.seen[action]!r}) was accepted at step {step!r}")
        after = g.snapshot()
        if _dump(after) != before:
            self.fail(g, f"the illegal {action!r} changed the state at " + _first_difference(json.loads(before), after))
        self.report.illegal_checked += 1

    def check_views(self, g) -> None:
        spectator = _json(g.view(None))
        actor = g.current_player
        legal = sorted(str(a) for a in g.legal_actions())
        original = _dump(g.snapshot())
        compared = self.rng.randrange(self.n)
        for p in range(self.n):
            mine = _json(g.view(p))
            world = g.observe(p).determinise(random.Random(self.rng.getrandbits(32)))
            if p == compared and _dump(world.snapshot()) != original:
                self.report.redeals_that_changed += 1
            seen, seen_by_all = _json(world.view(p)), _json(world.view(None))
            if seen != mine:
                self.fail(g, f"view({p}) shows what player {p} cannot see: " + _first_difference(mine, seen))
            if seen_by_all != spectator:
                self.fail(g, "view(None) shows hidden information: " + _first_difference(spectator, seen_by_all))
            if p == actor and sorted(str(a) for a in world.legal_actions()) != legal:
                self.fail(g, f"legal actions of player {p} change when what they cannot see is re-dealt")
            self.report.views_checked += 1
        if _dump(g.snapshot()) != original:
            self.fail(g, "view / observe / determinise changed the game")

    def check_invariants(self, g) -> None:
        laws = self.gamedef.invariants
        broken = laws(g) if laws is not None else []
        if broken:
            self.fail(g, f"a book invariant broke after {g.actions[-1]!r}: {'; '.join(broken[:5])}")
        self.report.invariants_checked += laws is not None
        if self.gamedef.box is not None:
            spilled = check_box(self.gamedef, g)
            if spilled:
                self.fail(g, f"the box law broke after {g.actions[-1]!r}: {'; '.join(spilled[:5])}")
            self.report.box_checked += 1

    def check_scores(self, g) -> None:
        rows = g.score_rows()
        if sorted(r.player for r in rows) != list(range(self.n)):
            self.fail(g, f"score_rows() players {[r.player for r in rows]}, expected one row per seat 0-{self.n - 1}")
        keys = [r.key for r in rows]
        for r in rows:
            if abs(sum(r.parts.values()) - r.score) > 1e-9:
                self.fail(g, f"player {r.player}: points by source {dict(r.parts)} do not sum to the score {r.score}")
            rank = 1 + sum(1 for k in keys if k > r.key)
            won = g.is_over and rank == 1
            if r.rank != rank or r.won != won:
                self.fail(g, f"player {r.player}: rank {r.rank} / won {r.won}, expected rank {rank} from {keys}")
            if len(r.tiebreak_names) != len(r.tiebreak):
                self.fail(g, f"player {r.player}: tie-break {r.tiebreak} named {r.tiebreak_names}")

    def finished(self, g) -> None:
        if g.decision is not None or g.current_player is not None or list(g.legal_actions()):
            self.fail(g, "the game is over but still names a decision, a current player or legal actions")
        if self.info.ended_by and g.ended_by not in self.info.ended_by:
            self.fail(g, f"ended_by {g.ended_by!r} is not declared in GameInfo.ended_by {self.info.ended_by}")
        self.check_scores(g)
        self.check_events(g)
        final = _dump(g.snapshot())
        for back in self.restored:
            k = len(back.actions)
            for action in g.actions[k:]:
                back.apply(action, check=False)
            if _dump(back.snapshot()) != final:
                self.fail(
                    g,
                    f"restored at decision {k}, it played on differently: "
                    + _first_difference(json.loads(final), back.snapshot()),
                )

    def check_events(self, g) -> None:
        for e in g.log:
            seen = g.visible_to(e)
            if seen is not None and not (isinstance(seen, tuple) and all(0 <= s < self.n for s in seen)):
                self.fail(g, f"event #{e.seq} {e.kind}: visible_to {seen!r} is neither None nor a tuple of seats")


_CHILD = """
import importlib, json, sys
jobs = json.load(sys.stdin)
sys.path[:0] = jobs[0]["path"]
import bourbon_lab  # noqa: F401  (registers the built-in games)
importlib.import_module(jobs[0]["module"])
if jobs[0].get("house"):
    import base64, cloudpickle
    cloudpickle.loads(base64.b64decode(jobs[0]["house"]))  # defines the house rules in this process
from bourbon_lab.core import get_game
from bourbon_lab.testing.harness import log_hash
for job in jobs:
    gamedef = get_game(job["game"])
    rules = gamedef.default_rules().replace(**job["changes"])
    g = gamedef.new(rules, job["players"], job["seed"])
    for i, text in enumerate(job["actions"]):
        try:
            g.apply(text)
        except Exception as exc:
            print(f"diverged: action {i} {text!r} was refused: {exc}".replace(chr(10), " "))
            break
    else:
        print(log_hash(g))
"""


def _same_log_elsewhere(gamedef, changes, n, seed, g, house: str | None = None) -> None:
    """Replay the game in a fresh interpreter with another hash seed; its log must hash the same."""
    _same_logs_elsewhere(gamedef, [(changes, n, seed, log_hash(g), [str(a) for a in g.actions])], house=house)


def _same_logs_elsewhere(gamedef, played: list, plain: bool = False, house: str | None = None) -> None:
    """Replay (changes, players, seed, log hash, actions) games in one fresh interpreter; every log must agree.

    ``plain`` runs that interpreter on the plain-Python engine, so a compiled soak's sample is
    checked against the build it was compiled from.
    """
    module = inspect.getmodule(gamedef.new)
    name = module.__name__ if module else "bourbon_lab"
    path = _import_root(module)
    jobs = [
        {
            "game": gamedef.name,
            "module": name,
            "path": path,
            "changes": c,
            "players": n,
            "seed": s,
            "actions": a,
            "house": house,
        }
        for c, n, s, _, a in played
    ]
    env = {**os.environ, "PYTHONHASHSEED": "4242", **({"BOURBON_LAB_PURE": "1"} if plain else {})}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD], input=json.dumps(jobs), capture_output=True, text=True, env=env, check=False
    )
    if out.returncode != 0:
        raise HarnessFailure(f"{gamedef.name}: the replay in another process failed: {out.stderr.strip()[-400:]}")
    where = "in plain Python" if plain else "elsewhere"
    for (_, n, seed, expected, _), answer in zip(played, out.stdout.strip().splitlines(), strict=True):
        if answer != expected:
            detail = f" ({answer})" if answer.startswith("diverged") else ""
            raise HarnessFailure(
                f"{gamedef.name} {n}p seed {seed}: the same seed and actions gave another log {where}{detail}"
            )


def _import_root(module) -> list[str]:
    """The folder a module was imported from, so a test-only game imports in the child too."""
    file = getattr(module, "__file__", None)
    if not file:
        return []
    depth = module.__name__.count(".") + (1 if Path(file).name == "__init__.py" else 0)
    return [str(Path(file).resolve().parents[depth])]
