"""What every real-browser test shares: Debian's Chromium started offline, free ports, the offsite check,
and a game's board served by Panel the way the dashboard's Game tab runs it."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL = {"127.0.0.1", "localhost"}


def launch(playwright):
    """Headless Debian Chromium with its background networking off (its own download cannot work here)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)


def open_page(browser, width: int = 1400, height: int = 1100):
    """A new page, with the lists its requests and page errors go into: ``(page, requests, errors)``."""
    page = browser.new_page(viewport={"width": width, "height": height})
    requests, errors = [], []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, requests, errors


def free_port() -> int:
    """A port on 127.0.0.1 nobody is listening on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def offsite(url: str) -> bool:
    """Whether a request leaves this machine (data: and blob: URLs never do)."""
    parsed = urlparse(url)
    return parsed.scheme not in ("data", "blob", "file", "about") and parsed.hostname not in LOCAL


def board_app(rules: str, players: int, seed: int, bots: dict, game: str, preamble: str = "") -> str:
    """A Panel app of one game's board (``board_component``) with a TableSession behind it.

    ``rules`` is the Python expression for the ruleset; ``preamble`` runs first (e.g. registering a test game).
    """
    return f"""{preamble}
import bourbon_lab as bl
from bourbon_lab.core import BourbonLabError
from bourbon_lab.dashboard.board import board_component
from bourbon_lab.widgets.session import TableSession, error_text

Board, css = board_component({game!r})
session = TableSession(bl.new_game({rules}, {players}, seed={seed}), bots={bots!r})
session.run_bots()
board = Board(state=session.state(), stylesheets=[css], sizing_mode="stretch_width")


def on_action(event):
    if not event.new:
        return
    try:
        session.play(event.new)
        board.error = ""
    except BourbonLabError as exc:
        board.error = error_text(exc)
    board.state = session.state()
    board.action = ""


board.param.watch(on_action, "action")
board.servable()
"""


@contextlib.contextmanager
def serve_panel(folder: Path, apps: dict[str, str]):
    """Serve Panel apps (file stem -> source) from 127.0.0.1; yields the base URL once the first answers."""
    paths = []
    for stem, source in apps.items():
        (folder / f"{stem}.py").write_text(source, encoding="utf-8")
        paths.append(str(folder / f"{stem}.py"))
    port = free_port()
    cmd = [sys.executable, "-m", "panel", "serve", *paths]
    cmd += ["--address", "127.0.0.1", "--port", str(port), "--allow-websocket-origin", f"127.0.0.1:{port}"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                urllib.request.urlopen(f"{base}/{next(iter(apps))}", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(proc.stdout.read().decode()) from None
                time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        proc.wait(10)
