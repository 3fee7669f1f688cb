"""Fixtures shared by the test modules."""

import atexit
import io
import os
import shutil
import tempfile

import pytest
import tqdm.auto
from browsing import launch

MODELS = tempfile.mkdtemp(prefix="bourbon_lab_models_")
"""The learned bot's models for the whole session, set before any test runs (none is written to ~/.cache)."""
os.environ["BOURBON_LAB_MODELS"] = MODELS
atexit.register(shutil.rmtree, MODELS, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():
    """Headless Debian Chromium for one test module (only the browser tests ask for it)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def bars(monkeypatch):
    """Every tqdm bar made while the test runs, each printing every update into its own buffer."""
    made = []
    real = tqdm.auto.tqdm

    class Recorded(real):
        def __init__(self, *args, **kwargs):
            kwargs.update(file=io.StringIO(), mininterval=0, miniters=1)
            super().__init__(*args, **kwargs)
            self.shown = not self.disable  # a bar is disabled once closed
            made.append(self)

    monkeypatch.setattr(tqdm.auto, "tqdm", Recorded)
    return made
