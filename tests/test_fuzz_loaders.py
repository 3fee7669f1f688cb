"""Every loader refuses bad input whole: fuzzed rulesets, content, scenarios, playtests, snapshots and uploads.

Hypothesis takes valid files and breaks them the ways people and tools do: a dropped key, a value
of the wrong type, a number out of range or enormous (1e308, 10**100), an unknown id, a truncated
file, bytes that are not UTF-8, nesting hundreds of levels deep, a YAML alias bomb. Each broken
file must either still be valid or be refused with a ``BourbonLabError`` whose one-line message
names the file and the field; nothing else may escape, nothing is half-changed. A sample of each
file class goes through the ``bourbon-lab`` command too: exit code non-zero, one line on stderr,
no traceback, no output folder left behind.

The rulebook says what a snapshot must never show (a card is in one place only):

    "Rickhouse: Slots for barrels. Base 4"; "Warehouse: Max loose resource cards you may hold."
    "Each Demand Card has a number of slots equal to 2 x the number of players."
"""

from __future__ import annotations

import collections
import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import bourbon_lab as bl
from bourbon_lab.core import yamlfile
from bourbon_lab.dashboard.setup import parse_upload
from bourbon_lab.games.bourbonomics.errors import SnapshotError, one_line
from bourbon_lab.games.bourbonomics.schema import FIELDS
from bourbon_lab.scenarios import Scenario, save_playtest

ROOT = Path(__file__).resolve().parent.parent
RULES = bl.Ruleset.default()
TRIED: collections.Counter = collections.Counter()
"""Fuzzed inputs tried per file class (printed by the last test; run with -s to see it)."""


SCALE = int(os.environ.get("BOURBON_LAB_FUZZ_SCALE", "1"))
"""Multiplies every fuzz test's examples (the default suite uses 1; ``BOURBON_LAB_FUZZ_SCALE=20`` for a long hunt)."""


def fuzz(examples: int) -> settings:
    """Hypothesis settings for one fuzz test: ``examples`` inputs, no per-example deadline."""
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


HUGE = (10**100, -(10**100), 1e308, -1e308)
WRONG = ("not-a-value", 1.5, [[]], {"zz": 1})
"""Values no ruleset field, content key or snapshot field accepts."""

BOMB = "\n".join(
    [
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
        *(f"{x}: &{x} [{','.join(['*' + p] * 9)}]" for p, x in zip("abcdef", "bcdefg")),
    ]
)
"""Billion laughs: a few hundred bytes standing for 9**7 (4.8 million) strings."""


def _refused(call, file: str, field: str | None = None) -> bl.BourbonLabError:
    """``call()`` raises a BourbonLabError whose one-line form names ``file`` (and ``field``)."""
    try:
        call()
    except bl.BourbonLabError as exc:
        line = one_line(exc)
        assert "\n" not in line
        assert file in line, f"{line!r} does not name {file}"
        if field is not None:
            assert field in line, f"{line!r} does not name the field {field}"
        return exc
    raise AssertionError(f"accepted: {file} {field}")


def _clean(call, file: str):
    """``call()`` either accepts the input or refuses it as ``_refused`` does; nothing else escapes."""
    try:
        return call()
    except bl.BourbonLabError:
        return _refused(call, file)


# --- ruleset YAML


@pytest.fixture(scope="module", autouse=True)
def count_report():
    """After the module: how many fuzzed inputs were tried, per file class (shown with ``-s``)."""
    yield
    print(f"\nfuzzed inputs tried: {sum(TRIED.values())} {dict(sorted(TRIED.items()))}")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


def _write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


@st.composite
def bad_field(draw):
    """(field, value) that the field's kind and range refuse."""
    spec = draw(st.sampled_from(FIELDS))
    choices = list(WRONG) + [v for v in HUGE if spec.kind in ("int", "optional_int")]
    if spec.kind in ("int", "optional_int"):
        choices += [spec.lo - 1, spec.hi + 1, float("inf")]
    return spec.name, draw(st.sampled_from(choices))


@fuzz(80)
@given(change=bad_field(), extra=st.dictionaries(st.sampled_from([f.name for f in FIELDS]), st.integers(0, 3)))
def test_ruleset_file_with_a_bad_field_is_refused_whole(folder, change, extra):
    """A wrong type, an out-of-range or huge number, named with the file, the field and its line."""
    TRIED["ruleset"] += 1
    name, value = change
    data = {**{k: v for k, v in extra.items() if k != name}, name: value}
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    path = _write(folder, "rules.yaml", text)
    before = bl.Ruleset.default().to_dict()
    exc = _refused(lambda: bl.Ruleset.load(path), str(path), name)
    assert name in exc.fields
    line = 1 + next(i for i, row in enumerate(text.splitlines()) if row.startswith(f"{name}:"))
    assert f"{name} (line {line})" in str(exc)
    assert bl.Ruleset.default().to_dict() == before


CONTENT = {"mash_bills": RULES.mash_bills, "demand_cards": RULES.demand_cards, "distilleries": RULES.distilleries}


@st.composite
def bad_entry(draw):
    """A content list with one entry broken: a key dropped, a wrong type, a huge or unknown value."""
    name = draw(st.sampled_from(sorted(CONTENT)))
    items = [item.to_data() for item in CONTENT[name]]
    i = draw(st.integers(0, len(items) - 1))
    entry = items[i]
    how = draw(st.sampled_from(["drop id", "wrong", "huge", "unknown", "not a mapping"]))
    if how == "drop id":
        del entry["id"]
    elif how == "not a mapping":
        items[i] = draw(st.sampled_from(["M01", 7, [1, 2], None]))
    else:
        key = draw(st.sampled_from(sorted(k for k in entry if k not in ("id", "name", "strength", "weakness"))))
        entry[key] = {"wrong": draw(st.sampled_from(WRONG)), "huge": draw(st.sampled_from(HUGE))}.get(how, "Zz9")
        if how == "unknown" and isinstance(CONTENT[name][i].to_data()[key], dict | list):
            entry[key] = {"zz": ["Zz9"]} if isinstance(entry.get(key), dict) else ["Zz9"]
    return name, items, i


@fuzz(80)
@given(broken=bad_entry())
def test_content_yaml_with_a_broken_entry_names_it(folder, broken):
    """Mash bills, the demand deck, distilleries: a broken entry is refused, named by id or position."""
    TRIED["content"] += 1
    name, items, i = broken
    path = _write(folder, "content.yaml", yaml.safe_dump({name: items}, sort_keys=False))
    exc = _refused(lambda: bl.Ruleset.load(path), str(path))
    assert any(f.startswith(name) for f in exc.fields), exc.fields


DATA = Path(bl.games.bourbonomics.ruleset.__file__).parent / "data"


BROKEN_ROW = {"demand_cards": ("min_age", "old"), "mash_bills": ("bonus_sales", "[many]")}


def _break_entry(text: str, at: int, key: str) -> str:
    """The entry starting on row ``at`` with one value made wrong (replaced when the entry has it)."""
    name, bad = BROKEN_ROW[key]
    rows = text.splitlines()
    end = next((i for i in range(at + 1, len(rows)) if rows[i].startswith("  - ")), len(rows))
    mine = [i for i in range(at + 1, end) if rows[i].startswith(f"    {name}:")]
    if mine:
        rows[mine[0]] = f"    {name}: {bad}"
    else:
        rows.insert(at + 1, f"    {name}: {bad}")
    return "\n".join(rows) + "\n"


@fuzz(40)
@given(data=st.data())
def test_a_slip_in_the_default_content_files_names_the_file_and_line(tmp_path_factory, data):
    """The YAML files in games/bourbonomics/data/ that designers edit: a broken entry names its file, entry and line."""
    TRIED["data folder"] += 1
    folder = tmp_path_factory.mktemp("data")
    for f in DATA.glob("*.yaml"):
        (folder / f.name).write_bytes(f.read_bytes())
    filename, key = data.draw(
        st.sampled_from([("mash_bills.yaml", "mash_bills"), ("demand_deck.yaml", "demand_cards")])
    )
    text = (folder / filename).read_text(encoding="utf-8")
    at = data.draw(st.sampled_from([i for i, row in enumerate(text.splitlines()) if row.startswith("  - id: ")]))
    ident = text.splitlines()[at].split(": ", 1)[1]
    (folder / filename).write_text(_break_entry(text, at, key), encoding="utf-8")
    where = f"{key}[{ident}] ({filename} line {at + 1})"
    exc = _refused(lambda: bl.games.bourbonomics.ruleset.load_folder(folder), str(folder), where)
    assert exc.fields == [f"{key}[{ident}]"]


def test_a_key_given_twice_is_refused_not_silently_dropped(folder):
    """YAML keeps the last of two equal keys; a designer's duplicate is refused, naming both lines."""
    path = _write(folder, "twice.yaml", "start_capital: 5\nround_limit: 30\nstart_capital: 7\n")
    exc = _refused(lambda: bl.Ruleset.load(path), str(path), "line 3")
    assert "'start_capital' is given twice (first on line 1)" in str(exc)


# --- bytes-level damage to any YAML file


YAML_FILES = {
    "ruleset": RULES.to_yaml().split("# --- demand cards")[0],  # every field and the mash bills: 9 KB
    "scenario": (ROOT / "scenarios" / "two-players.yaml").read_text(encoding="utf-8"),
}


def _load_ruleset(path):
    return bl.Ruleset.load(path)


def _load_scenario(path):
    return Scenario.load(path)


def _load_upload(path):
    return parse_upload(Path(path).read_bytes(), Path(path).name)


LOADERS = {"ruleset": _load_ruleset, "scenario": _load_scenario, "upload": _load_upload}


@st.composite
def damaged(draw):
    """A valid file cut short, with bad bytes spliced in, nested deep, or carrying an alias bomb."""
    kind = draw(st.sampled_from(sorted(LOADERS)))
    raw = YAML_FILES["ruleset" if kind == "ruleset" else "scenario"].encode("utf-8")
    how = draw(st.sampled_from(["truncate", "bytes", "deep", "bomb", "huge int", "self alias"]))
    at = draw(st.integers(0, len(raw)))
    if how == "truncate":
        return kind, how, raw[:at]
    if how == "bytes":
        junk = draw(st.sampled_from([b"\xff", b"\xfe\xfe", b"\xc3\x28", b"\xe2\x82", b"\x80abc"]))
        return kind, how, raw[:at] + junk + raw[at:]
    if how == "deep":
        depth = draw(st.integers(yamlfile.MAX_DEPTH + 1, 600))
        return kind, how, b"x: " + b"[" * depth + b"]" * depth + b"\n" + raw
    if how == "huge int":
        return kind, how, raw + b"\nround_limit: " + b"9" * draw(st.integers(4301, 6000)) + b"\n"
    if how == "self alias":
        return kind, how, b"x: &x [1, *x]\n" + raw
    return kind, how, (BOMB + "\n").encode() + raw


MUST_REFUSE = {"bytes", "deep", "bomb", "huge int", "self alias"}


@fuzz(100)
@given(case=damaged())
def test_damaged_yaml_is_refused_on_one_line(folder, case):
    """Truncated, non-UTF-8, deeply nested, alias-bombed or huge-number files: one line, file and line named."""
    kind, how, raw = case
    TRIED[f"{kind} bytes"] += 1
    path = _write(folder, f"damaged-{kind}.yaml", raw)
    call = lambda: LOADERS[kind](path)  # noqa: E731
    if how in MUST_REFUSE:
        _refused(call, path.name)
    else:
        _clean(call, path.name)


# --- scenario files and dashboard uploads


SCENARIO = yaml.safe_load(YAML_FILES["scenario"])
SCENARIO_WRONG = {
    "name": [1],
    "description": {"a": 1},
    "rules": "fast",
    "players": "four",
    "distilleries": 7,
    "bots": 7,
    "seed": "x",
    "games": [],
    "script": "end turn",
    "expect": "everything",
    "snapshot": 7,
}
SCENARIO_RANGE = {"players": (1, 7, 10**100, 1e308), "seed": (-1, -(10**100), 1.5), "games": (0, 10**100, 1001)}


@st.composite
def bad_scenario(draw):
    """A scenario with one key made wrong (and the key named in the message)."""
    data = copy.deepcopy(SCENARIO)
    how = draw(st.sampled_from(["wrong", "range", "unknown key", "unknown id", "script"]))
    if how == "wrong":
        key = draw(st.sampled_from(sorted(SCENARIO_WRONG)))
        data[key] = SCENARIO_WRONG[key]
        return data, key
    if how == "range":
        key = draw(st.sampled_from(sorted(SCENARIO_RANGE)))
        data[key] = draw(st.sampled_from(SCENARIO_RANGE[key]))
        return data, key
    if how == "unknown key":
        data[draw(st.sampled_from(["seeed", "player", "rule", "zzz"]))] = 1
        return data, "unknown key"
    if how == "unknown id":
        key, value = draw(st.sampled_from([("distilleries", "nowhere"), ("bots", "nobot"), ("rules", {"zz": 1})]))
        data[key] = value
        return data, value if isinstance(value, str) else "zz"
    data["script"] = list(data["script"])
    data["script"][draw(st.integers(0, len(data["script"]) - 1))] = draw(st.sampled_from(["fly away", 7, "sell"]))
    return data, "script step"


@fuzz(100)
@given(case=bad_scenario())
def test_scenario_file_with_a_bad_key_is_refused(folder, case):
    """Scenario files: the file, the line and the key or script step are named."""
    TRIED["scenario"] += 1
    data, named = case
    path = _write(folder, "scenario.yaml", yaml.safe_dump(data, sort_keys=False))
    exc = _refused(lambda: Scenario.load(path), str(path), named)
    assert exc.line, f"{exc} gives no line"


@fuzz(80)
@given(case=bad_scenario())
def test_dashboard_upload_with_a_bad_key_is_refused(case):
    """The dashboard's upload: the same faults, refused with one line naming the uploaded file."""
    TRIED["upload"] += 1
    data, named = case
    raw = yaml.safe_dump(data, sort_keys=False).encode()
    _refused(lambda: parse_upload(raw, "upload.yaml"), "upload.yaml", None if named == "script step" else named)


# --- playtest logs (a saved game: seed + script + log digest)


@pytest.fixture(scope="module")
def playtest(tmp_path_factory):
    g = bl.new_game(RULES.replace(round_limit=3), players=2, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    path = save_playtest(g, tmp_path_factory.mktemp("playtest") / "saved.yaml")
    return g, yaml.safe_load(path.read_text(encoding="utf-8"))


@fuzz(40)
@given(data=st.data())
def test_playtest_log_edited_wrong_is_refused(folder, playtest, data):
    """A saved playtest whose script, seed or digest was edited: refused at load or at the step, or it fails."""
    TRIED["playtest"] += 1
    game, saved = playtest
    edited = copy.deepcopy(saved)
    how = data.draw(st.sampled_from(["action", "illegal", "drop script", "digest", "players"]))
    i = data.draw(st.integers(0, len(edited["script"]) - 1))
    if how == "action":
        edited["script"][i] = data.draw(st.sampled_from(["", "make", "sell B1 ->", 10**100, None]))
    elif how == "illegal":
        assume(edited["script"][i] != "upgrade marketing")  # writing the step that is already there edits nothing
        edited["script"][i] = "upgrade marketing"
    elif how == "drop script":
        del edited["script"]
        edited["bots"] = "none"
    elif how == "digest":
        edited["expect"][0]["log_digest"] = "0" * 16
    else:
        edited["players"] = data.draw(st.sampled_from([1, 7, "two", 10**100]))
    path = _write(folder, "playtest.yaml", yaml.safe_dump(edited, sort_keys=False))
    outcome = _clean(lambda: Scenario.load(path).run(), str(path))
    if isinstance(outcome, bl.BourbonLabError):
        return
    assert not outcome.passed, f"{how}: an edited playtest still replays to the saved log"


# --- snapshots


def _snapshot(players: int, seed: int, actions: int) -> dict:
    g = bl.new_game(RULES, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    snap = json.loads(json.dumps(g.snapshot()))
    del snap["rules"]
    return snap


class _Short(list):
    """A list of snapshots that Hypothesis prints as a name, not as 250 kB of game state."""

    def __repr__(self) -> str:
        return f"<{len(self)} snapshots>"


class _Snap(dict):
    """One mutated snapshot, printed by name in a falsifying example (its path is printed beside it)."""

    def __repr__(self) -> str:
        return "<mutated snapshot>"


@pytest.fixture(scope="module")
def snapshots():
    return _Short([_snapshot(3, 1, 150), _snapshot(4, 2, 400)])


FREE_KEYS = {"matured"}
"""Keys a snapshot may leave out."""


def _paths(node, prefix=()):
    """Every (path, value) below ``node``, skipping the free-form data of log rows and long lists' middles."""
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        if prefix[:1] == ("log",) and len(prefix) == 2 and k not in ("seq", "round", "phase", "player", "kind"):
            continue
        if isinstance(node, list) and 3 <= k < len(node) - 2:
            continue
        out.append((prefix + (k,), v))
        out += _paths(v, prefix + (k,))
    return out


def _wrong_for(value):
    if isinstance(value, bool):
        return ["yes", 7, []]
    if isinstance(value, int):
        return ["7", [], {}, 1.5, True]
    if isinstance(value, str):
        return [7, [], {}]
    if isinstance(value, list | dict):
        return ["x", 7]
    return [7, 1.5]


def _set(snap, path, value):
    node = snap
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value


@st.composite
def bad_snapshot(draw, snaps):
    """A snapshot with one impossible change, and what the refusal must name."""
    snap = _Snap(copy.deepcopy(draw(st.sampled_from(snaps))))
    paths = _paths(snap)
    how = draw(st.sampled_from(["drop", "wrong", "negative", "huge", "copy card", "unknown id"]))
    if how == "drop":
        path, _ = draw(st.sampled_from([(p, v) for p, v in paths if isinstance(p[-1], str) and p[-1] not in FREE_KEYS]))
        node = snap
        for k in path[:-1]:
            node = node[k]
        if path[:-1] and path[-2:-1] in (("climate_choice",), ("ultimates",)):
            node[path[-1]] = "Zz9"
        else:
            del node[path[-1]]
        return snap, path
    if how in ("negative", "huge"):
        ints = [p for p, v in paths if isinstance(v, int) and not isinstance(v, bool) and p != ("seed",)]
        path = draw(st.sampled_from(ints))
        _set(snap, path, -1 if how == "negative" else draw(st.sampled_from([10**100, 2**64])))
        return snap, path
    if how == "copy card":
        p = draw(st.integers(0, len(snap["players"]) - 1))
        pile = next(k for k, v in snap["piles"]["piles"].items() if v)
        snap["players"][p]["warehouse"].append(list(snap["piles"]["piles"][pile][0]))
        return snap, ("players", p, "warehouse")
    if how == "unknown id":
        where = draw(st.sampled_from(["distillery", "table", "deck", "bills", "phase", "dice", "ultimate", "climate"]))
        return _unknown(snap, where), None
    path, value = draw(st.sampled_from([(p, v) for p, v in paths if v is not None]))
    _set(snap, path, draw(st.sampled_from(_wrong_for(value))))
    return snap, path


def _unknown(snap: dict, where: str) -> dict:
    if where == "distillery":
        snap["players"][0]["distillery"] = "nowhere"
    elif where == "table":
        snap["table"][0]["id"] = "D99"
    elif where == "deck":
        snap["demand"]["cards"].append("D07.9")
    elif where == "bills":
        snap["bills"]["discards"].append("M00")
    elif where == "phase":
        snap["phase"] = "brunch"
    elif where == "dice":
        snap["dice"] = ["gold"]
    elif where == "ultimate":
        snap["players"][1]["ultimates"] = {"rickhouse": "moon_base"}
    else:
        snap["climate_choice"] = {"0": "B999"}
    return snap


def _field(path) -> str:
    out = ""
    for k in path:
        out += f"[{k}]" if isinstance(k, int) else (f".{k}" if out else k)
    return out


def _restore(snap):
    return bl.Game.restore(snap, rules=RULES)


def test_fuzz_base_snapshots_restore(snapshots):
    """The unbroken snapshots restore (so every refusal below is the mutation's doing)."""
    for snap in snapshots:
        assert _restore(copy.deepcopy(snap)).snapshot()["log"] == snap["log"]


@fuzz(150)
@given(data=st.data())
def test_impossible_snapshot_is_refused_on_restore(snapshots, data):
    """Dropped keys, wrong types, negative or huge counts, a card in two places, unknown ids: refused, named."""
    TRIED["snapshot"] += 1
    snap, path = data.draw(bad_snapshot(snapshots), label="mutation")
    with pytest.raises(bl.BourbonLabError) as info:
        _restore(snap)
    message = one_line(info.value)
    assert "\n" not in message and "snapshot" in message
    if path is not None and isinstance(info.value, SnapshotError):
        # the first fault found is at the changed place, or (a count or id others are checked against) its top key
        assert info.value.field.split(".")[0].split("[")[0] in (path[0], "players", "piles", "climate_choice"), message


def test_snapshot_with_two_copies_of_one_card_names_both_places(snapshots):
    """Book: a card is one physical card: the same resource card in two warehouses is not a game."""
    snap = copy.deepcopy(snapshots[0])
    card = next(c for cards in snap["piles"]["piles"].values() for c in cards)
    seat = min(range(len(snap["players"])), key=lambda s: len(snap["players"][s]["warehouse"]))
    snap["players"][seat]["warehouse"].append(card)
    with pytest.raises(SnapshotError, match=rf"is also at players\[{seat}\]\.warehouse\[\d+\]") as info:
        _restore(snap)
    assert info.value.field.startswith("piles.piles.")


@pytest.mark.parametrize(
    "edit, field",
    [
        (lambda s: s["players"][0].update(capital=-3), "players[0].capital"),
        (lambda s: s["players"][1].update(barrels=[{**_barrel(), "bill": "M99"}]), "players[1].barrels[0].bill"),
        (lambda s: s.update(climate_choice={"1": "B404"}), "climate_choice.1"),
        (lambda s: s["table"][0].update(filled=list(range(3)) * 3), "table[0].filled"),
        (lambda s: s["players"][2]["levels"].pop("supply"), "players[2].levels.supply"),
        (lambda s: s["rngs"]["dice"][1].pop(), "rngs.dice"),
    ],
    ids=["negative capital", "unknown bill", "unknown barrel", "full card on the table", "no level", "rng state"],
)
def test_named_impossible_states(snapshots, edit, field):
    """Each hand edit a designer might make by mistake is refused with the field's path."""
    snap = copy.deepcopy(snapshots[0])
    edit(snap)
    with pytest.raises(SnapshotError) as info:
        _restore(snap)
    assert info.value.field == field


def _barrel() -> dict:
    return {
        "id": "B90",
        "bill": "M01",
        "staged": [],
        "wild": [],
        "built": False,
        "age": 0,
        "quality": 0,
        "sales_left": 0,
        "sold_round": 0,
        "sold_count": 0,
        "matured": False,
    }


# --- any value anywhere: whatever lands in any place of a valid file is accepted or refused cleanly

VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.sampled_from(HUGE + (float("nan"), float("inf"), 0, -1, "", "M01", "D01", "B1", "corn", "standard"))
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _anywhere(draw, data, skip=()):
    """``data`` with one place (chosen top-down) replaced by an arbitrary value."""
    data = copy.deepcopy(data)
    node, path = data, []
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        keys = [k for k in keys if k not in skip] or keys
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        path.append(key)
        child = node[key]
        if not isinstance(child, dict | list) or not child or draw(st.integers(0, 3)) == 0:
            node[key] = draw(VALUES)
            break
        node = child
    return data, path


@fuzz(60)
@given(data=st.data())
def test_any_value_anywhere_in_a_ruleset_file(folder, data):
    """A ruleset file with any value at any place: a Ruleset, or a RulesetError naming the file."""
    TRIED["ruleset anywhere"] += 1
    changed, _ = _anywhere(data.draw, RULES.to_dict())
    path = _write(folder, "anywhere.yaml", yaml.safe_dump(changed, sort_keys=False))
    _clean(lambda: bl.Ruleset.load(path), str(path))


@fuzz(60)
@given(data=st.data())
def test_any_value_anywhere_in_a_scenario_file(folder, data):
    """A scenario (with expectations) with any value at any place: it loads and plays, or is refused cleanly."""
    TRIED["scenario anywhere"] += 1
    base = yaml.safe_load((ROOT / "scenarios" / "hot-completion-reset.yaml").read_text(encoding="utf-8"))
    base["snapshot"] = str(ROOT / "scenarios" / "snapshots" / "hot-market.json")
    changed, _ = _anywhere(data.draw, base, skip=("description",))
    path = _write(folder, "anywhere-scenario.yaml", yaml.safe_dump(changed, sort_keys=False))
    _clean(lambda: Scenario.load(path).run(), str(path))


@fuzz(80)
@given(data=st.data())
def test_any_value_anywhere_in_a_snapshot(snapshots, data):
    """A snapshot with any value at any place: refused with SnapshotError, or it restores and plays on."""
    TRIED["snapshot anywhere"] += 1
    changed, _ = _anywhere(data.draw, _Snap(data.draw(st.sampled_from(snapshots))), skip=("log",))
    game = _clean(lambda: _restore(changed), "snapshot")
    if isinstance(game, bl.Game) and not game.is_over:
        rng = random.Random(0)
        for _ in range(20):  # what was accepted must also play: no crash a few turns later
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))


# --- the command line: one line on stderr, non-zero exit, no traceback, nothing written


def _cli(*args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "bourbon_lab.cli", *map(str, args)], capture_output=True, text=True, cwd=cwd
    )


CLI_FILES = {
    "ruleset-type.yaml": "start_capital: lots\n",
    "ruleset-bytes.yaml": b"zone_multipliers: [1, 2, 3]\n\xff\xfe\n",
    "ruleset-bomb.yaml": BOMB + "\n",
    "content.yaml": "distilleries:\n  - {id: x, levels: {supply: 1e999}}\n",
    "scenario-trunc.yaml": "name: t\nplayers: [2, 3\n",
    "scenario-deep.yaml": "name: t\nexpect: " + "[" * 500 + "]" * 500 + "\n",
    "snapshot.json": '{"version": 1, "players": [], "n": 1e999',
    "scenario-snap.yaml": "name: t\nsnapshot: snapshot.json\nbots: none\n",
    "playtest.yaml": "name: p\nplayers: 2\nseed: 1\nbots: none\nscript: [keep bill M01, sell B1 -> D01]\n",
}


@pytest.mark.parametrize(
    "argv, named",
    [
        (["rules", "--ruleset", "ruleset-type.yaml"], "start_capital"),
        (["rules", "--ruleset", "ruleset-bytes.yaml"], "UTF-8"),
        (["simulate", "--games", "2", "--ruleset", "ruleset-bomb.yaml", "--out", "sim-out"], "aliases"),
        (["rules", "--ruleset", "content.yaml"], "distilleries[x]"),
        (["replay", "scenario-trunc.yaml"], "not valid YAML"),
        (["replay", "scenario-deep.yaml"], "nested too deeply"),
        (["replay", "scenario-snap.yaml"], "snapshot.json"),
        (["publish", "--scenario", "ruleset-bytes.yaml", "--out", "site"], "UTF-8"),
        (["replay", "playtest.yaml"], "script step"),
    ],
    ids=["ruleset", "non-utf8", "alias-bomb", "content", "truncated", "deep", "snapshot", "upload", "playtest"],
)
def test_cli_refuses_each_file_class_on_one_line(tmp_path, argv, named):
    """Exit code 2, one line on stderr naming the file and the fault, no traceback, no output folder."""
    for name, text in CLI_FILES.items():
        _write(tmp_path, name, text)
    run = _cli(*argv, cwd=tmp_path)
    file = next(a for a in argv if a.endswith((".yaml", ".json")))
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert file in lines[0] and named in lines[0], lines[0]
    assert not (tmp_path / "sim-out").exists() and not (tmp_path / "site").exists()


def test_cli_check_gives_each_bad_file_one_error_line(tmp_path):
    """``check`` keeps going: one ERROR line per bad file, exit 1, no traceback."""
    for name, text in CLI_FILES.items():
        _write(tmp_path, name, text)
    run = _cli("check", "scenario-trunc.yaml", "scenario-deep.yaml", "scenario-snap.yaml", cwd=tmp_path)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr + run.stdout
    errors = [row for row in run.stdout.splitlines() if row.startswith("ERROR")]
    assert [e.split()[1].rstrip(":") for e in errors] == [
        "scenario-trunc.yaml",
        "scenario-deep.yaml",
        "scenario-snap.yaml",
    ]
