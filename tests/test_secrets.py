"""Nothing private leaks, by construction (issue 43): one property test over every game's declared secrets.

Each game lists what is hidden from whom in ``data/secrets.yaml`` (``GameDef.secrets``, ``core/secrets.py``).
Over random legal play, at a few sampled decision points per game, for every seat p: ``observe(p).determinise``
builds a world where everything p may not see is re-dealt. Each declared secret of another seat (or of
everyone) must differ there in some sample (else the test says nothing about it), and p must not tell the
worlds apart: ``view(p)``, the board's model, the narration of the latest events and the RL observation the
adapters give p are equal in both. And no sentence p reads of an event hidden from p names a value of a
secret p may not see. Counts are fine: a secret's ``public`` list says what the book shows of it.

The games run compiled when their mypyc build is current (``bourbon_lab/native.py``); a small sample runs
again in plain Python in a subprocess (``BOURBON_LAB_PURE=1``). The old per-game checks this one generalises:
``test_view_privacy.py`` (Bourbonomics, field by field) and ``test_rl_perspective.py`` (one secret per game).
``test_table_privacy.py`` holds the table's synced widget state to the same secrets (issue 50).
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import bourbon_lab as bl
from bourbon_lab.core import BoardDef
from bourbon_lab.core.secrets import SecretsError, parse_secrets
from bourbon_lab.games import BUILTIN
from bourbon_lab.rl.table import Table

GAMES = sorted(g for g in BUILTIN if bl.get_game(g).secrets_file is not None)
PER_GAME = 200
"""Random legal games per game (the issue's acceptance: at least 200)."""
NARRATED = 12
"""The latest events whose sentences are compared between the worlds (the log is the same list in both)."""
PLAIN = 5
"""Games per game replayed in plain Python in a subprocess."""

UNREDEALT = {
    ("bourbonomics", "revealed_bills"): "determinise keeps the decider's revealed mash bills for another seat",
    ("bourbonomics", "demand_reveal"): "determinise keeps the decider's revealed demand cards for another seat",
}
"""Secrets a game's ``determinise`` does not re-deal yet (reported; the views hide them): asserted unchanged,
so that fixing one fails here until it leaves this list."""


def test_every_built_in_game_declares_its_secrets():
    assert GAMES == sorted(BUILTIN)
    for game in GAMES:
        assert bl.get_game(game).secrets, game


# --- the check, one decision point and one seat at a time


def _leaves(node: Any, path: str = "") -> dict[str, Any]:
    if isinstance(node, dict):
        return {k: v for key, child in node.items() for k, v in _leaves(child, f"{path}.{key}").items()}
    if isinstance(node, list | tuple):
        return {k: v for i, child in enumerate(node) for k, v in _leaves(child, f"{path}.{i}").items()}
    return {path: node}


def _text(secret, value: Any) -> str:
    labels = secret.labels
    return labels[value] if labels and isinstance(value, int) and 0 <= value < len(labels) else str(value)


def _copies(gd, state, viewer: int, name: str) -> list[Counter]:
    """Each copy of secret ``name`` that ``viewer`` may not see, as the counts of its values (as printed)."""
    s = next(s for s in gd.secrets if s.name == name)
    return [Counter(_text(s, v) for v in s.leaves(state, o)) for o in s.hidden_to(state, viewer)]


def _blame(gd, state, world, viewer: int, real: Any, other: Any, changed: set[str]) -> str:
    """Which secret a difference shows: of the secrets the re-deal changed, the smallest copy holding the values
    that differ, here and in the other world (a hand before the deck it came from); else every one changed.
    Values no secret holds (a quality's colour) are left out."""
    a, b = _leaves(real), _leaves(other)
    diff = sorted(k for k in a.keys() | b.keys() if a.get(k, "-") != b.get(k, "-"))
    held = {v for n in changed for w in (state, world) for c in _copies(gd, w, viewer, n) for v in c}
    here, there = (Counter(str(x[k]) for k in diff if k in x and str(x[k]) in held) for x in (a, b))
    fits = {}
    for name in changed:
        sizes = [c.total() for c in _copies(gd, state, viewer, name) if here <= c]
        if sizes and any(there <= c for c in _copies(gd, world, viewer, name)):
            fits[name] = min(sizes)
    named = ", ".join(sorted(n for n in fits if fits[n] == min(fits.values())) if fits else sorted(changed))
    at = ", ".join(f"{k}: {a.get(k, '-')!r} vs {b.get(k, '-')!r}" for k in diff[:3])
    return f"shows {named} (at {at})"


def _surfaces(gd, table: Table, state, viewer: int) -> dict[str, Any]:
    """Everything ``viewer`` is shown of ``state``: its view, board, latest sentences and RL observation."""
    out = {"view(p)": state.view(viewer)}
    if gd.board is not None:
        out["board.view(state, p)"] = gd.board.view(state, viewer)
    if gd.narrate is not None:
        out["narrate(event, p)"] = [gd.narrate(e, viewer) for e in state.log[-NARRATED:]]
    out["RL observation"] = table.observation(state, viewer).tolist()
    return out


def _words_hidden_from(gd, state, viewer: int) -> dict[str, str]:
    """Each text value of a secret ``viewer`` may not see now, to the secret's name."""
    return {w: s.name for s in gd.secrets for o in s.hidden_to(state, viewer) for w in s.words(state, o)}


def _every_word(gd, state) -> set[str]:
    """Every text value any secret holds now (hidden from somebody, at least)."""
    return {w for s in gd.secrets for o in s.owners(state) for w in s.words(state, o)}


def _texts(node: Any) -> list[str]:
    return [v for v in _leaves(node).values() if isinstance(v, str)]


def hidden_events_named(gd, state, since: int = 0, known: set[str] | None = None) -> list[str]:
    """Sentences a seat reads of events hidden from it (from ``since`` on) that name a secret it may not see now.

    Asked right after the events happen: a card named when it was public may be a secret later (wiped back into
    the deck). The secrets are read only for a word a sentence does contain that is among ``known`` (every
    word a secret of this game has held so far), which is rare.
    """
    if gd.narrate is None:
        return []
    out, secret = [], {}
    for e in state.log[since:]:
        seats = state.visible_to(e)
        for viewer in () if seats is None else range(state.n):
            text = (gd.narrate(e, viewer) or "") if viewer not in seats else ""
            named = [w for w in _texts(e.data) if w in text and (known is None or w in known)]
            named = [w for w in named if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]
            if named and viewer not in secret:
                secret[viewer] = _words_hidden_from(gd, state, viewer)
            out += [
                f"{gd.name}: P{viewer} reads {text!r} of hidden {e.kind} #{e.seq}: names {secret[viewer][w]}"
                for w in named
                if w in secret[viewer]
            ]
    return out


def check_seat(gd, table: Table, state, viewer: int, rng: random.Random) -> tuple[list[str], set[str]]:
    """One seat at one decision point: the leaks found (naming the secret), and the secrets the re-deal changed."""
    world = state.observe(viewer).determinise(rng)
    changed = {
        s.name for s in gd.secrets for o in s.hidden_to(state, viewer) if s.values(state, o) != s.values(world, o)
    }
    real, other = _surfaces(gd, table, state, viewer), _surfaces(gd, table, world, viewer)
    where = f"{gd.name} seed {state.seed}, {state.n} players, decision {len(state.actions)}, P{viewer}"
    leaks = [
        f"{where}: {name} {_blame(gd, state, world, viewer, real[name], other[name], changed)}"
        for name in real
        if real[name] != other[name]
    ]
    return leaks, changed


# --- random legal play


def _tables(game: str):
    gd = bl.get_game(game)
    return {n: Table(game, n) for n in gd.info.player_counts}


def _points(rng: random.Random, length: float) -> list[int]:
    """One or two decisions to check, spread over a game of about ``length`` (one past the end: the last)."""
    return sorted(int(rng.uniform(0, 1.1 * length)) for _ in range(rng.choice((1, 2))))


def play(game: str, games: int, seed: int) -> tuple[list[str], Counter, int]:
    """Random legal games, each played up to its last checked decision: leaks, secrets changed (by name), points."""
    gd, tables = bl.get_game(game), _tables(game)
    counts = gd.info.player_counts
    rng = random.Random(seed)
    leaks: list[str] = []
    changed: Counter = Counter()
    done, mean = 0, dict.fromkeys(counts, 150.0)
    for i in range(games):
        n = counts[i % len(counts)]
        state = bl.new_game(gd.default_rules(), n, seed * 10_000 + i)
        known = _every_word(gd, state)
        leaks += hidden_events_named(gd, state)
        for at in _points(rng, mean[n]):
            while len(state.actions) < at and not state.is_over:
                since = len(state.log)
                state.apply(rng.choice(state.legal_actions()), check=False)
                leaks += hidden_events_named(gd, state, since, known)
            done += 1
            known |= _every_word(gd, state)
            for viewer in range(n):
                found, moved = check_seat(gd, tables[n], state, viewer, random.Random(rng.getrandbits(32)))
                leaks += found
                changed.update(moved)
        # A game played to its end tells its length; one cut short says games run longer than thought.
        mean[n] = 0.8 * mean[n] + 0.2 * len(state.actions) if state.is_over else 1.1 * mean[n]
    return leaks, changed, done


def _verdict(game: str, leaks: list[str], changed: Counter) -> list[str]:
    """What is wrong: every leak, and every secret the re-deals never changed (or changed though listed as not)."""
    out = list(dict.fromkeys(leaks))[:10]
    for s in bl.get_game(game).secrets:
        known = UNREDEALT.get((game, s.name))
        if known is None and not changed[s.name]:
            out.append(f"{game}: the re-deals never changed secret {s.name}, so nothing about it was tested")
        if known is not None and changed[s.name]:
            out.append(f"{game}: secret {s.name} is re-dealt now; take it off UNREDEALT ({known})")
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_seat_sees_another_seats_secret_over_random_play(game):
    leaks, changed, points = play(game, PER_GAME, seed=43)
    assert points >= PER_GAME, points
    assert _verdict(game, leaks, changed) == []


_PLAIN = """
import json, sys
sys.path.insert(0, sys.argv[1])
from bourbon_lab import native
import test_secrets as t
out = {}
for game in t.GAMES:
    leaks, changed, points = t.play(game, t.PLAIN, seed=7)
    out[game] = {"verdict": t._verdict(game, leaks, changed), "points": points, "status": native.status(game)}
print(json.dumps(out))
"""


def test_a_sample_holds_in_plain_python_too():
    env = {**os.environ, "BOURBON_LAB_PURE": "1"}
    here = str(Path(__file__).parent)
    proc = subprocess.run([sys.executable, "-c", _PLAIN, here], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert sorted(out) == GAMES
    for game, got in out.items():
        assert "BOURBON_LAB_PURE" in got["status"], got["status"]
        assert got["points"] >= PLAIN
        # A few games cannot reach every secret (a goal discarded after round 3): only leaks count here.
        assert [v for v in got["verdict"] if "never changed" not in v] == [], game


# --- a planted leak is caught, naming the secret


def _point(game: str, n: int, seed: int, ready) -> Any:
    state, rng = bl.new_game(bl.default_rules(game), n, seed), random.Random(seed)
    while not ready(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_planted_leak_in_a_view_is_caught_naming_the_secret(monkeypatch):
    """Bourbonomics' ``view(p)`` showing the next seat's card qualities: the view, board and RL observation fail."""
    from bourbon_lab.games.bourbonomics import view as module
    from bourbon_lab.games.bourbonomics.content import QUALITIES

    gd, table = bl.get_game("bourbonomics"), Table("bourbonomics", 2)
    state = _point("bourbonomics", 2, 3, lambda s: all(len(p.warehouse) >= 2 for p in s.players))
    assert check_seat(gd, table, state, 0, random.Random(1))[0] == []
    honest = module.player_view

    def leaky(g, player):
        out = honest(g, player)
        if player is not None:  # the next seat's loose cards with their qualities filled in
            other = g.players[(player + 1) % g.n]
            out["players"][other.seat]["warehouse"] = [[None, c.kind, QUALITIES[c.quality]] for c in other.warehouse]
        return out

    monkeypatch.setattr(module, "player_view", leaky)
    leaks = [leak for seed in range(8) for leak in check_seat(gd, table, state, 0, random.Random(seed))[0]]
    assert any(leak.startswith("bourbonomics") and "view(p) shows warehouse_quality" in leak for leak in leaks), leaks
    assert any("board.view(state, p) shows warehouse_quality" in leak for leak in leaks), leaks
    # Its own RL encoder reads the state, not the view, so only the hashed view would show this one.
    assert not any("RL observation" in leak for leak in leaks), leaks


def test_a_planted_leak_in_a_narration_is_caught_naming_the_secret():
    """Microbrew's sentences told to every seat as its owner reads them: the recipe another seat was dealt."""
    gd = bl.get_game("microbrew")
    state = _point("microbrew", 2, 5, lambda s: all(s.secret) and len(s.log) > 0)
    assert hidden_events_named(gd, state) == []
    leaky = replace(gd, narrate=lambda event, viewer: gd.narrate(event, None))
    leaks = [leak for leak in hidden_events_named(leaky, state) if leak.startswith("microbrew: P0")]
    assert leaks and all("names hand_recipes" in leak for leak in leaks), leaks
    assert "P1 is dealt recipe" in leaks[0]


def test_a_planted_leak_in_a_board_is_caught():
    """Gin Crafters' board showing the next seat's gin hand (a ``BoardDef`` of the test's own)."""
    gd = bl.get_game("gin_crafters")
    honest = gd.board.view

    def leaky(state, viewer):
        return {**honest(state, viewer), "peek": list(state.players[(viewer + 1) % state.n]["gins"])}

    leaky_gd = replace(gd, board=BoardDef(view=leaky))
    state = _point("gin_crafters", 3, 2, lambda s: all(p["gins"] for p in s.players))
    leaks = [
        leak
        for seed in range(6)
        for leak in check_seat(leaky_gd, Table("gin_crafters", 3), state, 0, random.Random(seed))[0]
    ]
    assert leaks and all("board.view(state, p) shows hand_gins" in leak for leak in leaks), leaks


# --- the file format


def _one(**entry: Any) -> dict:
    base = {"name": "hand", "what": "a hand", "hidden_from": "others", "path": "hands.{seat}", "rule": "Keep it."}
    return {"secrets": [{**base, **entry}]}


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"hidden_from": "nobody"}, r"secrets\[0\] \(hand\)\.hidden_from: 'nobody' must be one of others, everyone"),
        ({"path": "hands.{seat}..x"}, r"\(hand\)\.path: .* is not a name"),
        ({"path": "hands"}, r"\(hand\)\.owner: a secret hidden from the others has \{seat\}"),
        ({"hidden_from": "everyone"}, r"\(hand\)\.hidden_from: a secret hidden from everyone has no owner"),
        ({"rule": " "}, r"\(hand\)\.rule: quote the book's sentence"),
        ({"source": "folk"}, r"\(hand\)\.source: 'folk' must be 'book' or 'ours'"),
        ({"public": [3]}, r"\(hand\)\.public: expected a word"),
        ({"colour": "red"}, r"secrets\[0\]: unknown key 'colour'"),
        ({"name": "a hand"}, r"secrets\[0\]\.name: 'a hand' must be a word"),
    ],
)
def test_a_bad_secrets_file_is_refused_naming_the_entry_and_field(entry, message):
    with pytest.raises(SecretsError, match=message):
        parse_secrets(_one(**entry), "secrets.yaml")


def test_a_path_reads_seats_filters_and_owners():
    (s,) = parse_secrets(_one(path="players.{seat}.barrels.*[built=false].cards.*.q"), "x")
    state = type("S", (), {"n": 2})()
    state.players = [
        {"barrels": [{"built": False, "cards": [{"q": 1}, {"q": 2}]}, {"built": True, "cards": [{"q": 3}]}]}
    ]
    state.players.append({"barrels": []})
    assert s.values(state, 0) == [1, 2] and s.values(state, 1) == []
    assert s.owners(state) == [0, 1] and s.hidden_to(state, 0) == [1]
    (d,) = parse_secrets(_one(path="deck", owner="actor"), "x")
    state.deck, state.actor = ["a", "b"], 1
    assert d.owners(state) == [1] and d.hidden_to(state, 1) == [] and d.words(state) == {"a", "b"}
    assert parse_secrets({"secrets": [d.to_dict()]}, "x") == (d,)
