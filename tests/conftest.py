"""Fixtures shared by the test modules."""

import pytest
from browsing import launch


@pytest.fixture(scope="module")
def browser():
    """Headless Debian Chromium for one test module (only the browser tests ask for it)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()
