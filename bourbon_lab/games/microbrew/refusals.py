"""Why an action is refused, in the book's words where the book has them (for ``IllegalAction``)."""

from __future__ import annotations

from .content import JOBS

STEP_RULES = {
    "hop": "Each player must now take a single hop token, replace one of the malts in their Copper",
    "compensation": "The other player may draw an additional secret recipe, then choose one from their hand",
    "return_recipe": "then choose one from their hand to shuffle back into the deck",
    "place": "the active player must assign a single brewer from their Ready Area to a job",
    "evict": "If all Break spaces are occupied, return any brewer from a break space to its owner",
    "free_brew": "your opponent may immediately take a Brew action out of turn, without using a ready Brewer!",
    "brew_select": "Brew: Select one token (Malt or Hop) in your Copper.",
    "brew_swap": "A Hop can swap with any token. A Malt can only swap upwards by swapping with a Malt that is darker "
    "than itself (or a hop). A Malt can only swap downwards by swapping with a Malt that is lighter than itself "
    "(or a hop). Tokens cannot swap with empty locations.",
    "bottle": "Select a recipe from your hand or a revealed one from the table. Select a column of your Copper",
    "serve": "Select one customer from the thirsty customers or your loyal customers and one of your fully "
    "fermented recipes.",
    "recall": "pick any one of your brewers in the Brewery to return to your ready area",
    "flush": "You may now swap any or all of the hops in your Copper for Malts in the tin.",
    "advertise": "Select your ready, uncontaminated beer and a Thirsty Customer.",
    "manage": "you must pay to select one of the following",
    "overtime": "Overtime: Take back one of your other, previously placed brewers.",
    "research": "Add one to the revealed recipes, add one to your hand and shuffle the last back into the recipe deck.",
    "reveal": "Then each player should reveal one of their secret Reputation cards.",
}


def why(g, p: int | None, text: str) -> str:
    """The rule an action breaks now (the game is unchanged)."""
    from . import work

    d = g.decision
    if d is None:
        return "the game is over"
    if p is None or (p != d.actor and p not in d.group):
        return f"it is player {d.actor}'s decision ({d.step}), not player {p}'s"
    words = text.split()
    if d.step == "place" and len(words) == 2 and words[0] == "place":
        job = words[1].partition(".")[0]
        if job in JOBS:
            reason = work.refusal(g, p, job)
            if reason:
                return reason
            return "a free space of the job is taken first; a replacement names a space held by another player"
    rule = STEP_RULES.get(d.step, "")
    legal = STEP_RULES and g.legal_actions(p)
    shown = ", ".join(legal[:6]) + (" ..." if len(legal) > 6 else "")  # type: ignore[index]
    return f"not possible at the {d.step} step ({rule}); legal now: {shown}"
