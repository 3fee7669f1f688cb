"""What every real-browser test shares: Debian's Chromium started offline, free ports, the offsite check."""

from __future__ import annotations

import socket
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


def free_port() -> int:
    """A port on 127.0.0.1 nobody is listening on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def offsite(url: str) -> bool:
    """Whether a request leaves this machine (data: and blob: URLs never do)."""
    parsed = urlparse(url)
    return parsed.scheme not in ("data", "blob", "file", "about") and parsed.hostname not in LOCAL
