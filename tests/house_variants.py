"""Built-in variants of each game re-written as house rules (issue 28): the proof that the hooks can say them.

Each entry: (game, the variant as a field change, the house rule that says the same on the default rules).
"""

from __future__ import annotations

from bourbon_lab.core.house import house_rule


@house_rule("bourbonomics")
def one_sale_per_barrel(rule):
    "A barrel sells at most once a round (the barrel_sales_per_round: 1 variant)."

    @rule.forbid
    def once(h, player, action):
        if not action.startswith("sell "):
            return None
        barrel = h.game.players[player].barrel(action.split()[1])
        if barrel is not None and barrel.sold_round == h.game.round and barrel.sold_count >= 1:
            return "a barrel sells at most once per round"
        return None


@house_rule("bourbonomics")
def top_card_demand(rule):
    "Each round's demand card is the top of the deck (the demand_draw: top_card variant)."

    @rule.quantity("demand_reveal_count")
    def one(h, value, player):
        return 1


@house_rule("distilled")
def no_shared_goals(rule):
    "A tied goal scores for nobody (the goal_ties: none variant)."

    @rule.quantity("goal_met")
    def alone(h, met, player, goal, values):
        return met and values.count(max(values)) == 1


@house_rule("distilled")
def flavour_faces_count(rule):
    "An unsold spirit's flavour cards also score their printed SP (the unsold_flavour: flat_plus_face variant)."

    @rule.quantity("unsold_spirit_sp")
    def faces(h, sp, player, spirit, recipe):
        flavours = h.game.spirits[spirit]["flavours"]
        return sp + sum(h.game.content.flavours[f][1] for f in flavours)


@house_rule("gin_crafters")
def strictly_over_30(rule):
    "The end signal needs more than 30 VP (the end_at: over_30 variant)."

    @rule.quantity("game_ends")
    def over(h, ends, player, vp):
        return vp > h.game.rules.end_vp


@house_rule("gin_crafters")
def one_bonus_at_a_time(rule):
    "Passing 10 and 20 in one action gives one bonus Inspiration (the double_bonus: one variant)."

    @rule.quantity("bonuses_offered")
    def last(h, offered, player, reached):
        return offered[-1:]


@house_rule("gin_crafters")
def refresh_pays_the_place(rule):
    "After a refresh the card also costs its place's price (the refresh_price: fee_plus_position variant)."

    @rule.quantity("refreshed_price")
    def place(h, price, player, market, position):
        row = h.game.rules.botanical_prices if market == "botanical" else h.game.rules.juniper_prices
        return row[position - 1]


@house_rule("microbrew")
def replace_once_per_space(rule):
    "A space's brewer is replaced at most once a round (the replacement: once_per_space variant)."

    @rule.quantity("replaceable_spaces")
    def fresh(h, spaces, player, job):
        return [k for k in spaces if not h.game.replaced[job][k]]


@house_rule("microbrew")
def one_free_brew_a_round(rule):
    "The Brewmaster's free Brew comes once a round (the free_brew: once_per_round variant)."

    @rule.quantity("free_brew")
    def once(h, free, player, job):
        return free and not h.game.free_brew_used


PAIRS = [
    ("bourbonomics", {"barrel_sales_per_round": 1}, one_sale_per_barrel),
    ("bourbonomics", {"demand_draw": "top_card"}, top_card_demand),
    ("distilled", {"goal_ties": "none"}, no_shared_goals),
    ("distilled", {"unsold_flavour": "flat_plus_face"}, flavour_faces_count),
    ("gin_crafters", {"end_at": "over_30"}, strictly_over_30),
    ("gin_crafters", {"double_bonus": "one"}, one_bonus_at_a_time),
    ("gin_crafters", {"refresh_price": "fee_plus_position"}, refresh_pays_the_place),
    ("microbrew", {"replacement": "once_per_space"}, replace_once_per_space),
    ("microbrew", {"free_brew": "once_per_round"}, one_free_brew_a_round),
]
