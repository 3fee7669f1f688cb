"""A stand-in for the kernel's comm of one widget: what goes to the browser is recorded, what it sends is delivered.

Shared by the widget tests that play the browser's side of a round trip (a click on a board, a number typed into
the editor) without a browser.
"""

from __future__ import annotations


class FakeComm:
    comm_id = "fake-comm"
    kernel = "fake-kernel"

    def __init__(self):
        self.sent, self.handler = [], None

    def send(self, data=None, metadata=None, buffers=None):
        self.sent.append(data)

    def on_msg(self, callback):
        self.handler = callback

    def close(self, *args, **kwargs):
        pass

    def update(self, **state):
        """What the front end's ``model.set(key, value); model.save_changes()`` sends."""
        data = {"method": "update", "state": state, "buffer_paths": []}
        self.handler({"content": {"data": data}, "buffers": []})

    def click(self, action_text):
        """A click on a board's action button."""
        self.update(action=action_text)

    def typed(self, value):
        """A person types ``value`` into the box and leaves it."""
        self.update(value=value)
