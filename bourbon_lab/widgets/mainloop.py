"""The thread a widget belongs to: where its changes are made, whatever thread asked for them.

In a notebook that is the kernel's main thread, which runs the cells and an asyncio loop between
them. Widget messages sent from other threads interleave with whatever the kernel is running, and
a front end may then meet a model it has not seen yet ("widget model not found", issue 30). A
control moved in JupyterLab 4.4+ with ipykernel 7 reaches the kernel on a subshell thread, and a
simulation runs on a worker thread, so both hand their widget changes back here.
"""

from __future__ import annotations

import asyncio
import threading


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running on this thread (a Jupyter kernel's, in a cell), else None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class HomeLoop:
    """The loop of the thread that built a widget; None in a plain script, where no front end listens."""

    def __init__(self) -> None:
        self.loop = running_loop()
        self.thread = threading.get_ident()

    @property
    def alive(self) -> bool:
        """Whether the loop still runs (a kernel between cells does); otherwise changes happen where asked."""
        return self.loop is not None and not self.loop.is_closed() and self.loop.is_running()

    def run(self, fn, *args) -> bool:
        """Run ``fn(*args)`` on the home thread: now when already there, else soon. False without a loop."""
        if not self.alive:
            return False
        if threading.get_ident() == self.thread:
            fn(*args)
            return True
        try:
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the loop closed meanwhile: nobody is left to draw for
            return False
        return True

    def later(self, delay: float, fn, *args) -> bool:
        """Run ``fn(*args)`` on the home thread after ``delay`` seconds. False without a loop."""
        if not self.alive:
            return False
        if threading.get_ident() == self.thread:
            self.loop.call_later(delay, fn, *args)
            return True
        return self.run(self.loop.call_later, delay, fn, *args)
