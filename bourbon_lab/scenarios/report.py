"""A game told turn by turn in plain sentences, from its event log: what ``bourbon-lab replay`` prints.

Each event kind has one small phrase; consecutive phrases of the same player in the same
phase join into one line, so a Play turn reads as one sentence per player.
"""

from __future__ import annotations

from .format import Spec

_PHASE_TITLES = {
    "setup": "Setup",
    "demand": "Demand",
    "collect": "Collect",
    "play": "Play",
    "ageing": "Ageing",
    "over": "End",
}


def ordinal(n: int) -> str:
    """``n`` as an English ordinal (1st, 2nd, 3rd, 4th, 11th, 22nd): the crash size is tunable, so no fixed "7th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _cards(ids) -> str:
    return ", ".join(ids) if ids else "nothing"


def _sale(d) -> str:
    where = "their private card" if d["private"] else d["card"]
    return (
        f"sells {d['barrel']} ({d['quality']}, age {d['age']}, {d['band']}) into {where} at {d['zone']}: "
        f"{d['base_value']} x{d['multiplier']} = {d['capital']} Capital"
    )


def _upgrade(d) -> str:
    ult = f" -> Ultimate {d['ultimate'].replace('_', ' ').title()}" if "ultimate" in d else ""
    pile = f" ({d['pile']} pile)" if "pile" in d else ""
    return f"upgrades {d['department']} to level {d['level']}{ult}{pile} for {d['cost']} Capital"


def _drawn(d) -> str:
    how = {"quality_sort": " (Quality Sort)"}.get(d.get("how"), "")
    extra = f", discarding {_cards(d['discarded'])}" if d.get("discarded") else ""
    return f"draws {d['card']} ({d['quality']}){how}{extra}"


def _aged(d) -> str:
    return "ages " + ", ".join(f"{b} to {a}" for b, a in zip(d["barrels"], d["ages"]))


PHRASES = {
    "card_added": lambda d: f"the market gets {d['card']} ({d['table_size']} on the table)",
    "crash": lambda d: (
        f"CRASH: the {ordinal(len(d['wiped']) + 1)} card wipes {_cards(d['wiped'])}; {d['card']} starts a fresh market"
    ),
    "hot_reset": lambda d: f"HOT RESET: {_cards(d['wiped'])} wiped; {d['card']} starts a Low market",
    "demand_revealed": lambda d: f"reveals demand cards {_cards(d['cards'])}",
    "demand_picked": lambda d: f"picks {d['card']}",
    "private_card": lambda d: f"gets private demand card {d['card']}",
    "bills_revealed": lambda d: f"reveals mash bills {_cards(d['bills'])}",
    "bill_kept": lambda d: f"keeps {d['bill']} as barrel {d['barrel']}",
    "bills_returned": lambda d: f"returns {_cards(d['bills'])}",
    "dice_inherited": lambda d: f"inherits dice {_cards(d['dice'])}",
    "die_kept": lambda d: f"keeps a {d['face']} die",
    "dice_rolled": lambda d: f"rolls {_cards(d['faces'])}",
    "dice_rerolled": lambda d: f"rerolls {_cards(d['old'])} into {_cards(d['faces'])}",
    "dice_traded": lambda d: f"trades {_cards(d['returned'])} for a {d['face']} die (Triple Threat)",
    "card_drawn": _drawn,
    "dice_passed": lambda d: f"passes {_cards(d['dice'])}" if d["dice"] else None,
    "card_staged": lambda d: f"stages {d['card']} on {d['barrel']}" + (" (wild slot)" if d["slot"] == "wild" else ""),
    "card_unstaged": lambda d: f"takes {d['card']} back from {d['barrel']}",
    "barrel_built": lambda d: f"makes bourbon {d['barrel']} ({d['quality']} {d['mash_bill']}, {d['sales']} sale(s))",
    "sale": _sale,
    "barrel_emptied": lambda d: f"{d['barrel']} is sold out",
    "order_completed": lambda d: f"COMPLETES {d['card']} for {d['prestige']} Prestige (order no. {d['orders']})",
    "final_round": lambda d: f"reaches {d['orders']} orders: this is the final round",
    "upgrade": _upgrade,
    "turn_end": lambda d: "ends the turn",
    "stall": lambda d: f"is STALLED (warehouse full with {d['warehouse']} cards, nothing to stage)",
    "climate_named": lambda d: f"names {d['barrel']} for Climate Controlled",
    "aged": _aged,
    "double_maturation": lambda d: f"{d['barrel']} reaches {d['age']}: Double Maturation, {d['sales_left']} sales left",
    "warehouse_tasting": lambda d: f"Warehouse Tasting pays {d['capital']} Capital",
}


def _table_line(game_end_rows) -> list[str]:
    lines = []
    for r in sorted(game_end_rows, key=lambda r: (r["rank"], r["player"])):
        won = "  <- wins" if r["won"] else ""
        lines.append(
            f"  {r['rank']}. P{r['player']} ({r['distillery']}): {r['score']} = {r['capital']} Capital"
            f" + {r['prestige']} Prestige, {r['orders']} orders{won}"
        )
    return lines


def header(spec: Spec, game, seed: int) -> list[str]:
    """The title block: scenario name, table, rules changes."""
    dist = ", ".join(f"P{p.seat} {p.distillery}" for p in game.players)
    changes = ", ".join(f"{k}={v}" for k, v in spec.changes.items())
    if spec.ruleset:
        changes = f"the named ruleset {spec.ruleset}" + (f" with {changes}" if changes else "")
    changes = changes or "the defaults"
    start = f"snapshot {spec.snapshot_file}" if spec.snapshot else f"seed {seed}"
    bots = ", ".join(spec.bots) if spec.bots else "none (script only)"
    lines = [spec.name, "=" * len(spec.name)]
    lines += [spec.description, ""] if spec.description else []
    lines += [f"{game.n} players ({dist}); {start}; rules: {changes}; bots: {bots}"]
    return lines


def game_report(spec: Spec, game, seed: int, start: int = 0) -> str:
    """The whole game as text, from event ``start`` on."""
    lines = header(spec, game, seed)
    if spec.snapshot:
        lines += ["", f"Round {spec.snapshot['round']}  (from the prepared table, {spec.snapshot['phase']} phase)"]
    current: tuple | None = None
    for e in game.log[start:]:
        if e.kind == "round_start":
            order = ", ".join(f"P{s}" for s in e.data["order"])
            lines += ["", f"Round {e.round}  (turn order {order})"]
            continue
        if e.kind == "game_end":
            lines += ["", f"Game over in round {e.round}, ended by {e.data['ended_by']}. Scores:"]
            lines += _table_line(game.scores())
            continue
        phrase = PHRASES.get(e.kind)
        text = phrase(e.data) if phrase else None
        if text is None:
            continue
        key = (e.round, e.phase, e.player)
        if key == current:
            lines[-1] += f"; {text}"
        else:
            who = f"P{e.player}" if e.player is not None else "Table"
            lines.append(f"  {_PHASE_TITLES.get(e.phase, e.phase):8} {who}: {text}")
            current = key
    if not game.is_over:
        lines += ["", f"Stopped in round {game.round} ({game.phase}): {len(game.actions)} actions so far."]
    return "\n".join(lines) + "\n"
