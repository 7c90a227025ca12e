"""Liveness and counters of a link: "last heard N s ago", never a stale "connected"."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

LIVE_HEARTBEATS = 3  # connected means heard within this many heartbeat periods
LINK_ERROR_KINDS = ("open", "io", "handshake_timeout", "version", "unexpected", "callback", "internal")
MAX_PRESS_NAMES = 8
"""The most button names counted apart: the device names its buttons, and a confused one must not grow the count
without end (the reference firmware has three)."""


class LinkHealth:
    """Thread-safe record of when the device was last heard, reconnects and error counts."""

    def __init__(self, clock: Callable[[], float], heartbeat_s: float) -> None:
        self._clock = clock
        self._heartbeat_s = heartbeat_s
        self._lock = threading.Lock()
        self._last_heard: float | None = None
        self._is_handshaken = False
        self.has_connected = False
        self.reconnects = 0
        self.firmware: str | None = None
        self.led_count: int | None = None
        self.errors = dict.fromkeys(LINK_ERROR_KINDS, 0)
        self.error: str | None = None  # what stands in the way now, in plain words; None once the device answers
        self.last_button: str | None = None
        self.presses: dict[str, int] = {}

    def heard(self) -> None:
        """Record that a valid frame just arrived."""
        with self._lock:
            self._last_heard = self._clock()

    def silence_s(self) -> float:
        """Return seconds since the device was last heard (infinite if never)."""
        with self._lock:
            heard = self._last_heard
        return float("inf") if heard is None else self._clock() - heard

    def count(self, kind: str) -> None:
        """Add one to the error counter kind."""
        with self._lock:
            self.errors[kind] = self.errors.get(kind, 0) + 1

    def trouble(self, said: str) -> None:
        """Record what keeps the link from working, until the next completed handshake."""
        with self._lock:
            self.error = said

    def handshaken(self, firmware: str, led_count: int, is_reconnect: bool) -> None:
        """Record a completed handshake with the device's identity."""
        with self._lock:
            self._is_handshaken = True
            self.error = None
            self.has_connected = True
            self.firmware, self.led_count = firmware, led_count
            self.reconnects += 1 if is_reconnect else 0

    def pressed(self, name: str) -> None:
        """Record a new press of the button name (a resent one is not new and is not recorded)."""
        with self._lock:
            self.last_button = name
            if name in self.presses or len(self.presses) < MAX_PRESS_NAMES:
                self.presses[name] = self.presses.get(name, 0) + 1

    def lost(self) -> None:
        """Record that the port was closed or vanished."""
        with self._lock:
            self._is_handshaken = False

    def report(self, *, is_open: bool, is_closed: bool = False) -> dict[str, Any]:
        """Return state, connected, error, last_heard_s, errors, reconnects, firmware, led_count, last_button and
        presses."""
        with self._lock:
            heard = self._last_heard
            last_heard_s = None if heard is None else max(0.0, self._clock() - heard)
            is_live = last_heard_s is not None and last_heard_s <= LIVE_HEARTBEATS * self._heartbeat_s
            is_connected = is_open and self._is_handshaken and is_live
            return {
                "state": self._state(is_connected, is_closed),
                "connected": is_connected,
                "error": self.error,
                "last_heard_s": last_heard_s,
                "errors": dict(self.errors),
                "reconnects": self.reconnects,
                "firmware": self.firmware,
                "led_count": self.led_count,
                "last_button": self.last_button,
                "presses": dict(self.presses),
            }

    def _state(self, is_connected: bool, is_closed: bool) -> str:
        """The link's state in the words a camera uses for its own: "ok" while the device answers, "lost" once it
        stopped answering or could not be reached (a port missing, no handshake answer), "connecting" while the
        first attempt is still under way (a page opened as the service starts says no trouble), "closed" at the end.
        Called with the lock held."""
        if is_closed:
            return "closed"
        if is_connected:
            return "ok"
        has_tried = self.has_connected or self.error is not None or any(self.errors.values())
        return "lost" if has_tried else "connecting"
