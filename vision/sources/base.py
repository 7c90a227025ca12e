"""Shared bookkeeping of every source: status counters, idempotent close, context manager."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, Self

import numpy as np

from vision.sources.frame import Frame, SourceState, SourceStatus, as_bgr

Clock = Callable[[], float]
Sleep = Callable[[float], None]


class ManualClock:
    """A clock that jumps instead of sleeping: a replay keeps its pace in time stamps, not in wall time.

    Pass it as both `clock` and `sleep` (its `sleep` method) to run a source as fast as the machine allows
    (benchmarks, tests). `sleeps` records every wait asked for.
    """

    def __init__(self, now: float = 0.0) -> None:
        self.now = now
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        """Move the clock forward instead of waiting."""
        self.sleeps.append(seconds)
        self.now += seconds


Summary = tuple[str, dict[str, Any]]
"""A source told as a name and its figures (see SourceBase.summary)."""


class SourceBase:
    """Keeps the status of a source; subclasses implement _next_frame() and _release()."""

    kind: str = "unknown"
    is_mock: bool = True
    description: str = ""
    summary: Summary | None = None
    """The description as a name and its figures (("replay_stills", {"n": 10, "rate": "2", ...})), for a page to say
    in its reader's language; the description is its English, for the log. None: the description alone."""

    def __init__(self, *, clock: Clock = time.monotonic, wall_clock: Clock = time.time) -> None:
        self._clock = clock
        self._wall_clock = wall_clock
        # read() and close() may come from different threads (capture loop vs shutdown).
        self._lock = threading.RLock()
        self._state: SourceState = "ok"
        self._error: str | None = None
        self._frames_read = 0
        self._last_frame_at: float | None = None
        self._reopen_attempts = 0

    @property
    def is_closed(self) -> bool:
        """True once close() was called."""
        return self._state == "closed"

    def read(self) -> Frame | None:
        """The next frame, or None when none is available right now or the source ended / was closed."""
        with self._lock:
            if self._state in ("closed", "ended"):
                return None
            return self._next_frame()

    def status(self) -> SourceStatus:
        """The current health of the source."""
        return SourceStatus(
            state=self._state,
            last_frame_at=self._last_frame_at,
            frames_read=self._frames_read,
            error=self._error,
            reopen_attempts=self._reopen_attempts,
        )

    def close(self) -> None:
        """Release what the source holds; safe to call twice."""
        with self._lock:
            if self._state == "closed":
                return
            self._state = "closed"
            self._release()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} kind={self.kind!r} state={self._state!r} {self.description!r}>"

    def _next_frame(self) -> Frame | None:
        raise NotImplementedError

    def _release(self) -> None:
        """Free devices or buffers (called once, under the lock)."""

    def _deliver(self, image: np.ndarray, timestamp: float | None = None) -> Frame:
        """Wrap an image as the next Frame and mark the source working."""
        frame = Frame(
            image=as_bgr(image),
            timestamp=self._clock() if timestamp is None else timestamp,
            index=self._frames_read,
        )
        self._frames_read += 1
        self._last_frame_at = self._wall_clock()
        self._state = "ok"
        self._error = None
        self._reopen_attempts = 0
        return frame
