"""Games of any registered game through the protocol, into tables the generic metrics read.

``bl.simulate`` plays Bourbonomics with its bots; a game registered through ``bourbon_lab.core``
has no bots here, so this plays seeded uniform-random legal moves. Pass it as ``simulate_fn`` to
``sensitivity``, ``tune`` or ``run_targets`` to screen or tune another game's ruleset.
"""

from __future__ import annotations

import random

import polars as pl

from ..core import new_game
from ..sim import SimResult, game_seed


def simulate_any(rules, players: int = 2, games: int = 20, bots="random", seed: int = 0, **_ignored) -> SimResult:
    """Play ``games`` random games of ``rules.game`` into ``games`` and ``players`` tables.

    Points by source (``ScoreRow.parts``) become ``part_*`` columns of the players table.
    """
    game_rows, player_rows = [], []
    for i in range(games):
        s = game_seed(seed, i)
        g = new_game(rules, players=players, seed=s)
        rng = random.Random(s)
        while not g.is_over:
            g.apply(rng.choice(list(g.legal_actions())))
        rows = g.score_rows()
        winners = [r.player for r in rows if r.won]
        game_rows.append(
            {
                "game": i,
                "seed": s,
                "players": players,
                "rounds": int(getattr(g, "round", 0)),
                "winner": winners[0] if len(winners) == 1 else None,
                "winners": len(winners),
                "error": None,
            }
        )
        for r in rows:
            parts = {f"part_{k}": float(v) for k, v in r.parts.items()}
            player_rows.append(
                {
                    "game": i,
                    "player": r.player,
                    "seat": r.player,
                    "turn_order": r.player,
                    "bot": "random",
                    "score": float(r.score),
                    "rank": r.rank,
                    "won": r.won,
                    **parts,
                }
            )
    stamp = {"game": rules.game, "players": players, "games": games, "seed": seed, "bots": bots, "run_id": "any"}
    return SimResult(pl.DataFrame(game_rows), pl.DataFrame(player_rows).fill_null(0.0), pl.DataFrame(), stamp)
