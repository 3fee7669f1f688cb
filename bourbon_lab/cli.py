"""The ``bourbon-lab`` command."""

from __future__ import annotations

import argparse
import sys

from .rules import BourbonLabError, Ruleset
from .rules.schema import FIELDS, GROUPS


def _fmt(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "(" + ", ".join(_fmt(v) for v in value) + ")"
    return str(value)


def _table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = "  ".join("-" * w for w in widths)
    out = ["  ".join(h.ljust(w) for h, w in zip(header, widths)), line]
    out += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join(row.rstrip() for row in out)


def rules_report(rules: Ruleset, show_all: bool = False) -> str:
    """The variants table with the current values; with ``show_all``, every field by group."""
    rows = []
    for v in Ruleset.variants():
        current = getattr(rules, v["name"])
        choices = " | ".join(_fmt(c) for c in v["choices"])
        rows.append([v["name"], choices, _fmt(v["default"]), _fmt(current), v["description"]])
    parts = ["Rule variants", _table(rows, ["variant", "choices", "default", "current", "what it decides"])]
    changed = rules.changes()
    if changed:
        parts += ["", "Changed from the defaults:"]
        parts += [
            f"  {k} = {_fmt(v) if k in {f.name for f in FIELDS} else f'({len(v)} entries)'}" for k, v in changed.items()
        ]
    if show_all:
        for group in GROUPS:
            rows = [
                [f.name, _fmt(getattr(rules, f.name)), _range(f), f.description] for f in FIELDS if f.group == group
            ]
            parts += ["", f"[{group}]", _table(rows, ["field", "value", "range", "description"])]
    parts += [
        "",
        f"Content: {len(rules.mash_bills)} mash bills, {len(rules.demand_cards)} demand cards, "
        f"{len(rules.distilleries)} distilleries. Ruleset fingerprint {rules.fingerprint()}.",
    ]
    return "\n".join(parts)


def _range(f) -> str:
    if f.choices:
        return " | ".join(_fmt(c) for c in f.choices)
    if f.lo is None:
        return ""
    return f"{f.lo:g}-{f.hi:g}"


def _cmd_rules(args) -> int:
    rules = Ruleset.load(args.ruleset) if args.ruleset else Ruleset.default()
    print(rules_report(rules, show_all=args.all))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, one sub-command per job."""
    parser = argparse.ArgumentParser(prog="bourbon-lab", description="A design lab for Bourbonomics.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("rules", help="print the rule variants and current values")
    p.add_argument("--ruleset", help="a ruleset YAML file (default: the built-in defaults)")
    p.add_argument("--all", action="store_true", help="also print every tunable field by group")
    p.set_defaults(func=_cmd_rules)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run a sub-command; bad input prints one clear line and exits 2, never a traceback."""
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (BourbonLabError, OSError) as exc:
        print(f"bourbon-lab {args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
