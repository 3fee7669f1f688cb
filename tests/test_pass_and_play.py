"""Pass and play at one screen (issue 30): the hand-over screen, bots you can follow, and what each person sees.

"When the seat to act changes from one human to another, the board shows a hand-over screen ... that
shows nothing private, and only after the tap draws P1's view. One human among bots needs no
hand-over." Private items of a seat are the texts its own board shows that the other seat's does not
(``tableview.private_items``), so every game is checked the same way.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from tableview import TWO_PEOPLE, first_hand_over, private_items, text_of

import bourbon_lab as bl
from bourbon_lab.bots import make_bot
from bourbon_lab.core import IllegalAction
from bourbon_lab.widgets import BoardView
from bourbon_lab.widgets.narrate import describe_all
from bourbon_lab.widgets.session import TableSession


@pytest.mark.parametrize("game", sorted(TWO_PEOPLE))
def test_a_two_person_table_hands_over_and_shows_nothing_private_until_the_tap(game):
    session, before, after = first_hand_over(game)
    g = session.game
    state = session.state()
    assert set(state) == {"handover", "actions", "legal", "seating"} and state["legal"] == []
    assert state["handover"]["text"] == f"Pass to P{after} — tap when P{after} holds the screen"
    shown = text_of(state)
    for seat in (before, after):
        leaked = [item for item in private_items(g, seat, {before, after} - {seat}) if item in shown]
        assert leaked == [], (seat, leaked)
    # a move before the tap is refused with the reason, and the game is exactly as it was
    snapshot = json.dumps(g.snapshot(), sort_keys=True, default=str)
    with pytest.raises(IllegalAction, match=f"the screen goes to P{after} first"):
        d = g.decision
        session.play(str(g.legal_actions()[0] if d.actor == after else g.legal_actions(player=after)[0]))
    assert json.dumps(g.snapshot(), sort_keys=True, default=str) == snapshot
    assert not session.take_screen(f"@screen {before}")  # a stale tap naming the wrong seat changes nothing
    assert session.play(f"@screen {after}") == [] and session.holder == after and session.waiting_for is None
    view = session.state()
    assert view["viewer"] == after and view["legal"] and view["seating"]["holder"] == after
    assert view["seating"]["people"] == [0, 1]  # seats 0 and 1 are people, the last a bot
    mine, theirs = private_items(g, after, {before}), private_items(g, before, {after})
    assert mine and theirs, "both seats must have something private here, or this test proves nothing"
    assert any(item in text_of(view) for item in mine)
    assert [item for item in theirs if item in text_of(view)] == []


def _play_out(session, limit=400):
    seen = []
    for _ in range(limit):
        if session.game.is_over:
            break
        seen.append(session.waiting_for)
        state = session.state()
        session.play(state["legal"][0])
    return seen


@pytest.mark.parametrize("game", sorted(TWO_PEOPLE))
def test_one_person_among_bots_never_gets_a_hand_over(game):
    n = TWO_PEOPLE[game]
    session = TableSession(bl.new_game(bl.default_rules(game), n, seed=5), bots={s: "random" for s in range(1, n)})
    session.run_bots()
    assert not session.pass_and_play and session.holder == 0
    assert set(_play_out(session, 150)) == {None}
    assert session.holder == 0


def test_a_finished_pass_and_play_game_shows_everyone_everything():
    g = bl.new_game(bl.default_rules("gin_crafters"), 2, seed=3)
    session = TableSession(g, bots={})
    bots = [make_bot("heuristic", seed=s, game="gin_crafters") for s in range(2)]
    for _ in range(2000):
        if g.is_over:
            break
        if session.waiting_for is not None:
            session.take_screen()
            continue
        seat = session.next_person()
        session.play(str(bots[seat].choose(g.observe(seat), g.legal_actions(player=seat))))
    assert g.is_over and session.holder is None and session.waiting_for is None
    assert "handover" not in session.state() and session.state()["legal"] == []


def test_an_out_of_turn_free_brew_hands_the_screen_to_the_brewer_who_may_take_it():
    """Microbrew: "If you have a brewer on Brew when another player's beer ... you may immediately Brew" —
    the free Brew is P0's decision during P1's turn, so the screen goes to P0 and back."""
    g = bl.new_game(bl.default_rules("microbrew"), 2, seed=0)
    bots = [make_bot("heuristic", seed=s, game="microbrew") for s in range(2)]
    for _ in range(48):  # found by search: P1's 49th move of this game gives P0 a free Brew
        d = g.decision
        g.apply(bots[d.actor].choose(g.observe(d.actor), g.legal_actions()))
    assert g.decision.interrupt is None and g.decision.actor == 1
    session = TableSession(g, bots={})
    assert session.holder is None and session.waiting_for == 1  # the first screen is a tap away too
    assert "handover" in session.state() and session.take_screen() and session.holder == 1
    session.play(str(bots[1].choose(g.observe(1), g.legal_actions())))
    assert g.decision.interrupt == "free_brew" and g.decision.actor == 0 and g.decision.turn_owner == 1
    assert session.waiting_for == 0 and "handover" in session.state()
    session.take_screen()
    assert session.state()["viewer"] == 0 and session.state()["legal"]


def test_a_commit_group_hands_over_between_its_people_after_the_bots_commit():
    """Distilled's identity choice is simultaneous: each person commits on their own screen."""
    g = bl.new_game(bl.default_rules("distilled"), 3, seed=3)
    session = TableSession(g, bots={2: "heuristic"})
    session.run_bots()
    assert set(g.decision.group) == {0, 1} and session.holder is None and session.waiting_for == 0
    assert session.take_screen() and session.holder == 0 and session.waiting_for is None
    session.play(session.state()["legal"][0])
    assert g.decision.group == (1,) and session.waiting_for == 1
    assert g.actions[-1].endswith("@0") or g.decision.actor == 1


def test_since_your_last_turn_is_in_the_seats_own_words_and_the_last_bot_move_is_told():
    g = bl.new_game(bl.default_rules("bourbonomics"), 3, seed=4)
    session = TableSession(g, bots={1: "heuristic", 2: "heuristic"})
    session.run_bots()
    while session.game.round == 1 or not session.state()["seating"]["since"]:
        mark = len(g.log)
        session.play(session.state()["legal"][0], bots=False)
        mark = session.turn_marks[0]
        assert mark == len(g.log)
        session.run_bots()
    since = session.state()["seating"]["since"]
    assert since["title"] == "Since your last turn, P0"
    assert since["lines"] == [r["text"] for r in describe_all(g, g.log[mark:], 0)][-40:]
    others = set().union(*(private_items(g, s, {0}) for s in (1, 2)))
    assert [item for item in others if any(item in line for line in since["lines"])] == []


def test_bots_at_a_pace_move_one_at_a_time_each_with_its_sentence():
    async def run():
        g = bl.new_game(bl.default_rules("gin_crafters"), 3, seed=3)
        board = BoardView(g, bots={1: "heuristic", 2: "heuristic"}, pace=0.001)
        while board._pacing:
            await asyncio.sleep(0.005)
        frames = []
        board.observe(lambda change: frames.append(change["new"]), names="state")
        mine = 0
        while not board._pacing:  # the person's moves until the bots take over
            assert board.play(board.legal_actions()[0])
            mine += 1
        start = len(g.actions)
        refused = board.play(board.state["legal"][0] if board.state["legal"] else "pass")
        error = board.error
        while board._pacing:
            await asyncio.sleep(0.005)
        return g, board, frames, start, refused, error

    g, board, frames, start, refused, error = asyncio.run(run())
    bot_moves = len(g.actions) - start  # all played on ticks after the person's click
    told = [f["seating"]["last"] for f in frames if f["seating"].get("last")]
    # each bot move is drawn on a frame of its own with its sentences (a move that says nothing, none)
    assert 2 <= len(told) <= bot_moves and all(a != b for a, b in zip(told, told[1:]))
    assert all(t["seat"] in (1, 2) and t["lines"] for t in told)
    assert all(f["legal"] == [] for f in frames if f["seating"]["moving"])
    assert refused is False and error == "Not allowed: the bots are still moving — wait for your turn"
    assert g.decision.actor == 0 and board.legal_actions() and not board.state["seating"]["moving"]


def test_pace_must_not_be_negative():
    with pytest.raises(ValueError, match="pace: -1"):
        BoardView(bl.new_game(bl.default_rules("microbrew"), 2, seed=1), bots={1: "random"}, pace=-1)


@pytest.mark.parametrize("game", sorted(bl.games()))
def test_every_board_draws_the_hand_over_screen_and_the_table_notes(game):
    """A board that skipped the table's calls would strand a table on a blank hand-over (docs/adding-a-game.md)."""
    from bourbon_lab.widgets.assets import board_files

    esm = board_files(game)[0].read_text(encoding="utf-8")
    for call in ("blTableSnapshot(root)", "blHandover(root, state, play", "blTableAfter(root, state, before)"):
        assert call in esm, (game, call)


def test_the_dashboard_table_seats_people_and_hands_over_between_them():
    from bourbon_lab.dashboard import GameTable

    t = GameTable(rules=bl.default_rules("distilled"), players=3, seed=3, people=[0, 1], pace=0)
    assert t.session.bot_specs == {2: t.bot} and t.state["handover"]["seat"] == 0  # the first person taps too
    assert t.play("@screen 0") and "handover" not in t.state and t.state["viewer"] == 0
    assert t.play(t.state["legal"][0]) and t.state["handover"]["seat"] == 1
    assert not t.play("pass") and "the screen goes to P1 first" in t.error
    assert t.play("@screen 1") and t.state["viewer"] == 1 and t.state["legal"]
    t.people = [0, 5]
    assert t.error == "people: seat 5 is not at this 3-player table"
    t.people = []  # no people: a designer steps the bots again
    assert t.session is None and t.step(3) == 3


def test_the_dashboard_table_moves_bots_one_at_a_time_at_a_pace():
    from bourbon_lab.dashboard import GameTable

    t = GameTable(rules=bl.default_rules("gin_crafters"), players=3, seed=3, people=[0], pace=0.5)
    moves = 0
    while t.session.bots_to_move:
        assert t.state["legal"] == [] and not t.play("refresh botanical")
        t.bot_step()
        moves += 1
    assert moves >= 2 and t.state["seating"]["last"] and t.state["legal"]


def test_bots_keep_their_pace_in_a_real_kernel_while_it_is_idle():
    """The notebook's pace runs on the kernel's own event loop: a cell returns at once, the bots move after."""
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")

    def run(code: str) -> str:
        msg, out = kc.execute(code), []
        while True:
            m = kc.get_iopub_msg(timeout=120)
            if m["parent_header"].get("msg_id") != msg:
                continue
            if m["msg_type"] == "stream":
                out.append(m["content"]["text"])
            if m["msg_type"] == "error":
                out.append("\n".join(m["content"]["traceback"]))
            if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                return "".join(out)

    try:
        first = run(
            "import bourbon_lab as bl\nfrom bourbon_lab.widgets import BoardView\n"
            "g = bl.new_game(bl.default_rules('gin_crafters'), 3, seed=3)\n"
            "b = BoardView(g, bots={1: 'heuristic', 2: 'heuristic'}, pace=0.02)\n"
            "print(b._pacing, len(g.actions))"
        )
        assert first.split() == ["True", "0"], first  # the cell returned before any bot moved
        for _ in range(200):
            later = run("print(b._pacing, len(g.actions), g.decision.actor)").split()
            if later[0] == "False":
                break
        assert later[0] == "False" and int(later[1]) >= 2 and later[2] == "0", later
    finally:
        km.shutdown_kernel(now=True)


def test_the_dashboard_game_tab_shows_the_post_game_page_of_its_people():
    from bourbon_lab.dashboard import GameTable
    from bourbon_lab.dashboard.board import GameView

    t = GameTable(rules=bl.default_rules("microbrew"), players=2, seed=1, people=[], pace=0)
    view = GameView(t)
    assert "Seat people at the table first" in view.postgame()
    t.people = [0]
    for _ in range(12):
        assert t.play(t.state["legal"][0])
    page = view.postgame(rollouts=2)
    assert page == view.after.object and "<script" not in page and "cdn" not in page.lower()
    assert "human seats: 0" in page and "Seat 0:" in page


def test_a_click_from_a_kernel_subshell_thread_is_played_on_the_boards_own_thread():
    """JupyterLab 4.4+ with ipykernel 7 delivers a widget's message on a subshell thread; the game and the
    widget change only on the thread that built the board (the kernel's main thread), so nothing interleaves."""
    import threading

    async def run():
        g = bl.new_game(bl.default_rules("microbrew"), 2, seed=1)
        board = BoardView(g, bots={1: "heuristic"}, pace=0)
        seen, original = [], board.session.play

        def spy(text, bots=True):
            seen.append(threading.get_ident())
            return original(text, bots)

        board.session.play = spy
        action = board.legal_actions()[0]
        click = threading.Thread(target=setattr, args=(board, "action", action))
        click.start()
        click.join()
        for _ in range(200):
            if seen and board.action == "":
                break
            await asyncio.sleep(0.01)
        return seen, board, len(g.actions)

    seen, board, played = asyncio.run(run())
    assert seen == [threading.get_ident()] and board.action == "" and played >= 1
