"""House rules for the scenarios beside this file (docs/house-rules.md)."""

import bourbon_lab as bl


@bl.house_rule("bourbonomics", prestige=bl.param(2, 0, 10, "Prestige for each player with an empty rickhouse"))
def crash_bonus(rule):
    """Whenever the market crashes, every player with no barrel in their rickhouse gains Prestige."""

    @rule.on("crash")
    def pay(h, event):
        for p in h.seats:
            if not h.game.players[p].barrels:
                h.give_prestige(p, h.prestige)


@bl.house_rule("bourbonomics", prestige=bl.param(1, 0, 5, "Prestige for every player"))
def crash_dividend(rule):
    """Whenever the market crashes, every player gains Prestige for their patience."""

    @rule.on("crash")
    def pay(h, event):
        for p in h.seats:
            h.give_prestige(p, h.prestige)
