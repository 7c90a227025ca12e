"""A bounded number of open streams: each one holds a server thread for as long as the client watches."""

from __future__ import annotations

import threading
from collections.abc import Callable

from companion.web.errors import TooManyStreams


class StreamSlots:
    """Counts open streams and refuses new ones past the limit (a slow client never queues data)."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"stream limit must be at least 1, got {limit}")
        self.limit = limit
        self._open = 0
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)

    @property
    def open(self) -> int:
        """How many streams are open now."""
        return self._open

    def take(self) -> Callable[[], None]:
        """Take a slot; returns the function that gives it back (safe to call twice)."""
        with self._lock:
            if self._open >= self.limit:
                raise TooManyStreams(f"all {self.limit} stream slots are in use; try again shortly", limit=self.limit)
            self._open += 1
            self._changed.notify_all()
        released = threading.Event()

        def release() -> None:
            with self._lock:
                if not released.is_set():
                    released.set()
                    self._open -= 1
                    self._changed.notify_all()

        return release

    def wait_until(self, count: int, timeout: float) -> bool:
        """Wait until exactly `count` streams are open (used by tests and shutdown); False on timeout."""
        with self._changed:
            return self._changed.wait_for(lambda: self._open == count, timeout)
