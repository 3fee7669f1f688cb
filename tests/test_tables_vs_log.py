"""``simulate``'s three tables, column by column, against the games replayed from their seeds.

The tables are what a designer charts and trusts (architecture.md names their columns); each
cell must say what the game log and the final scores say. The games are replayed here through
the checked step API, with the bots the ``players`` table names at the seats it names, so a
column filled from the wrong place (the game's last round instead of the event's, a seat for
a player) shows as a mismatch in that column.

Book: "Final score = Capital + Prestige. Most points wins. Ties go to whoever completed more orders."
"""

from __future__ import annotations

import polars as pl
import pytest

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.sim.tables import EVENT_KINDS, EVENTS_SCHEMA, GAMES_SCHEMA, PLAYERS_SCHEMA

# Away from the defaults, so a column that ignores the ruleset shows (start_prestige in `prestige`).
RULES = bl.Ruleset.default().replace(start_prestige=3, zone_multipliers=(1, 3, 4), round_limit=14)
BOTS = ["heuristic", "random", "greedy"]
GAMES = 6


@pytest.fixture(scope="module")
def run():
    result = bl.simulate(RULES, players=3, games=GAMES, bots=BOTS, seed=5, workers=1, progress=False)
    assert result.failures == []
    return result


def replay(players_rows: list[dict], seed: int):
    """The game again from its seed: each player's bot at the seat the table says (runner's bot seeds)."""
    by_seat = {r["seat"]: make_bot(r["bot"], seed=seed * 31 + r["player"]) for r in players_rows}
    g = bl.new_game(RULES, players=len(by_seat), seed=seed)
    while not g.is_over:
        seat = g.current_player
        g.apply(by_seat[seat].choose(g.observe(seat), g.legal_actions()))
    return g


@pytest.fixture(scope="module")
def replayed(run):
    out = {}
    for row in run.games.iter_rows(named=True):
        rows = run.players.filter(pl.col("game") == row["game"]).to_dicts()
        out[row["game"]] = (replay(rows, row["seed"]), {r["seat"]: r["player"] for r in rows})
    return out


def test_the_tables_have_the_contract_columns(run):
    assert dict(run.games.schema) == GAMES_SCHEMA
    assert dict(run.players.schema) == PLAYERS_SCHEMA
    assert dict(run.events.schema) == EVENTS_SCHEMA
    assert run.games["game"].to_list() == list(range(GAMES))
    assert run.games["seed"].n_unique() == GAMES


def test_the_seats_rotate_so_player_and_seat_differ(run):
    assert run.players.filter(pl.col("player") != pl.col("seat")).height > 0


def expected_game_row(g, index, player_of):
    scores = g.scores()
    winners = [player_of[r["player"]] for r in scores if r["won"]]
    count = {k: sum(1 for e in g.log if e.kind == k) for k in ("crash", "hot_reset", "stall")}
    return {
        "game": index,
        "game_name": "bourbonomics",
        "seed": g.seed,
        "players": g.n,
        "rounds": g.round,
        "decisions": len(g.actions),
        "ended_by": g.ended_by,
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": len(winners),
        "crashes": count["crash"],
        "hot_resets": count["hot_reset"],
        "stalls": count["stall"],
        "actions": len(g.actions),
        "error": None,
    }


def test_games_table_column_by_column(run, replayed):
    for row in run.games.iter_rows(named=True):
        g, player_of = replayed[row["game"]]
        want = expected_game_row(g, row["game"], player_of)
        for col in GAMES_SCHEMA:
            assert row[col] == want[col], f"games.{col} of game {row['game']}"


def test_players_table_column_by_column(run, replayed):
    for row in run.players.iter_rows(named=True):
        g, player_of = replayed[row["game"]]
        seat = row["seat"]
        assert player_of[seat] == row["player"]
        score = {r["player"]: r for r in g.scores()}[seat]
        p = g.players[seat]
        first_order = next(e.data["order"] for e in g.log if e.kind == "round_start")
        want = {
            "game": row["game"],
            "player": row["player"],
            "seat": seat,
            "turn_order": first_order.index(seat),
            "distillery": p.distillery,
            "bot": BOTS[row["player"]],
            "capital": p.capital,
            "prestige": RULES.start_prestige + sum(v for _, v in p.completed),
            "score": p.capital + RULES.start_prestige + sum(v for _, v in p.completed),
            "orders": len(p.completed),
            "upgrades": p.upgrades,
            "stalls": p.stalls,
            "rank": score["rank"],
            "won": score["rank"] == 1,
        }
        for col in PLAYERS_SCHEMA:
            assert row[col] == want[col], f"players.{col} of game {row['game']} seat {seat}"


def test_events_table_column_by_column(run, replayed):
    data_cols = [c for c in EVENTS_SCHEMA if c not in ("game", "seq", "round", "phase", "player", "seat", "kind")]
    for index, (g, player_of) in replayed.items():
        derived = pl.col("kind").is_in(["income", "points"])  # generic rows stood for by a sale or order
        rows = run.events.filter((pl.col("game") == index) & ~derived).sort("seq").to_dicts()
        kept = [e for e in g.log if e.kind in EVENT_KINDS]
        assert len(rows) == len(kept), f"game {index}: {len(rows)} event rows for {len(kept)} kept events"
        assert {e.round for e in kept} != {g.round}, "the game must span rounds for the round column to mean much"
        for row, e in zip(rows, kept):
            want = {
                "game": index,
                "seq": e.seq,
                "round": e.round,
                "phase": e.phase,
                "player": None if e.player is None else player_of[e.player],
                "seat": e.player,
                "kind": e.kind,
            }
            want.update({c: e.data.get(c) for c in data_cols})
            for col in EVENTS_SCHEMA:
                assert row[col] == want[col], f"events.{col} of game {index} seq {e.seq} ({e.kind})"


def test_every_kept_kind_and_data_column_turns_up(run):
    """A column that is always empty cannot be checked against the log: the run must fill each one."""
    seen = set(run.events["kind"].unique().to_list())
    assert {"card_added", "sale", "order_completed", "upgrade", "barrel_built", "game_end"} <= seen
    for col in EVENTS_SCHEMA:
        if col == "rule":
            continue  # a house rule's name: filled only with house rules (tests/test_mechanic_floors.py)
        assert run.events[col].null_count() < run.events.height, f"events.{col} is never filled"


def test_sale_rows_pay_value_times_the_ruleset_multiplier(run):
    """Book: "Capital from a sale = bourbon's age value × zone multiplier" """
    sales = run.events.filter(pl.col("kind") == "sale")
    assert sales.height > 0
    for r in sales.iter_rows(named=True):
        assert r["capital"] == r["base_value"] * r["multiplier"]
        assert r["multiplier"] == RULES.zone_multipliers[["Low", "Mid", "Hot"].index(r["zone"])]


def test_scores_sum_the_events(run):
    """Each player's final Capital is the start, plus sales and tastings, less upgrades."""
    for row in run.players.iter_rows(named=True):
        mine = run.events.filter((pl.col("game") == row["game"]) & (pl.col("player") == row["player"]))
        earned = mine.filter(pl.col("kind").is_in(["sale", "warehouse_tasting"]))["capital"].sum()
        spent = mine.filter(pl.col("kind") == "upgrade")["cost"].sum()
        start = RULES.start_capital + RULES.distilleries_by_id[row["distillery"]].capital
        assert row["capital"] == start + earned - spent
        kept = mine.filter(pl.col("kind") == "order_completed")
        assert row["orders"] == kept.height
        assert row["prestige"] == RULES.start_prestige + kept["prestige"].sum()
