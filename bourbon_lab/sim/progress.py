"""One progress bar for a long call, however many runs it plays: tqdm (a widget in Jupyter), with the time left.

``simulate`` has always shown a bar; a call that plays several runs (``compare`` at skill levels, the
ladder, restricted play, targets at a table) opens one bar for all their games, and every run inside
advances it instead of opening its own. The total is known at the start, so tqdm's estimate of the time
left covers the whole call, not one run of it.

``progress`` is the same everywhere: True shows the bar at once, False shows nothing, None (the default)
shows it once the call has run ``AUTO_DELAY`` seconds (a long call asks for it at once: ``delay=0``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

AUTO_DELAY = 1.0
"""Seconds a call runs before its bar shows, when ``progress`` is None."""

_OPEN: ContextVar[Any] = ContextVar("bourbon_lab_progress_bar", default=None)


@contextmanager
def progress_bar(
    total: int, progress: bool | None = None, desc: str | None = None, unit: str = "game", delay: float = AUTO_DELAY
) -> Iterator[Any]:
    """A tqdm bar of ``total`` ``unit``s for the ``with`` block, or the bar a caller already opened.

    Inside an open bar (an outer call's), no second bar appears: the block gets the outer one, which
    already counts these games in its total.
    """
    outer = _OPEN.get()
    if outer is not None:
        yield outer
        return
    from tqdm.auto import tqdm

    bar = tqdm(
        total=total, desc=desc, unit=unit, disable=progress is False, delay=0 if progress else delay, leave=False
    )
    token = _OPEN.set(bar)
    try:
        yield bar
    finally:
        _OPEN.reset(token)
        bar.close()


def time_left(done: int, total: int, elapsed: float, unit: str = "game") -> str:
    """Progress in words, as tqdm estimates it: "12 of 40 games, 0:45 so far, about 1:45 left".

    >>> time_left(12, 40, 45.0)
    '12 of 40 games, 00:45 so far, about 01:45 left'
    >>> time_left(0, 40, 3.0)
    '0 of 40 games, 00:03 so far'
    """
    from tqdm import tqdm

    said = f"{done} of {total} {unit}s, {tqdm.format_interval(elapsed)} so far"
    if 0 < done < total:
        said += f", about {tqdm.format_interval(elapsed * (total - done) / done)} left"
    return said
