"""A live camera that survives being unplugged: lost frames trigger reopening with exponential backoff."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Protocol

import numpy as np

from vision.errors import CameraError, SaidText
from vision.sources.base import Clock, SourceBase, Summary
from vision.sources.frame import Frame

log = logging.getLogger(__name__)


class Capture(Protocol):
    """An opened camera device: read() returns one image or raises (CameraError/OSError) when it fails."""

    def read(self) -> np.ndarray:
        """Block until the next image is captured."""
        ...

    def close(self) -> None:
        """Release the device."""
        ...


CaptureFactory = Callable[[], Capture]


def describe_error(exc: BaseException) -> str:
    """A one-line text for status().error, with the error's key and parameters when it has them (vision.errors)."""
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return SaidText(text, getattr(exc, "said", None))


class LiveSource(SourceBase):
    """Frames from a real camera opened by `open_capture`; reopened with backoff after a failure.

    While the camera is gone, read() returns None at once (it never sleeps) and status() says "lost"
    with the error; a reopen is tried when the backoff delay has passed on the injected clock, and the
    state turns back to "ok" only when a frame actually arrives.
    """

    is_mock = False

    def __init__(
        self,
        open_capture: CaptureFactory,
        *,
        kind: str,
        description: str,
        summary: Summary | None = None,
        clock: Clock = time.monotonic,
        wall_clock: Clock = time.time,
        backoff_initial: float = 0.5,
        backoff_max: float = 10.0,
    ) -> None:
        super().__init__(clock=clock, wall_clock=wall_clock)
        self.kind = kind
        self.description = description
        self.summary = summary
        self._open_capture = open_capture
        self._backoff_initial = backoff_initial
        self._backoff_max = backoff_max
        self._delay = backoff_initial
        self._retry_at = 0.0
        # The first open is not retried: a camera that is absent at start-up is a configuration problem.
        try:
            self._capture: Capture | None = open_capture()
        except CameraError:
            raise
        except Exception as exc:  # drivers raise anything (RuntimeError from libcamera, cv2.error)
            problem = describe_error(exc)
            said = ("vision.camera.cannot_open", {"source": description, "problem": problem})
            raise CameraError(f"cannot open {description}: {problem}", said=said) from exc

    def _next_frame(self) -> Frame | None:
        if self._capture is None and not self._try_reopen():
            return None
        assert self._capture is not None
        try:
            image = self._capture.read()
            return self._deliver(image)
        except Exception as exc:  # any failure of the device means "lost", the loop must go on
            self._lose(exc)
            return None

    def _lose(self, exc: BaseException) -> None:
        """Drop the broken device and schedule the first reopen."""
        log.warning("%s lost: %s (reopening with backoff)", self.description, describe_error(exc))
        self._close_capture()
        self._state = "lost"
        self._error = describe_error(exc)
        self._delay = self._backoff_initial
        self._retry_at = self._clock() + self._delay

    def _try_reopen(self) -> bool:
        """Reopen the device if the backoff delay has passed; True when it is open again."""
        now = self._clock()
        if now < self._retry_at:
            return False
        self._reopen_attempts += 1
        try:
            self._capture = self._open_capture()
        except Exception as exc:  # keep trying later, whatever the driver raised
            self._error = describe_error(exc)
            self._delay = min(self._delay * 2, self._backoff_max)
            self._retry_at = now + self._delay
            return False
        log.info("%s reopened after %d attempt(s)", self.description, self._reopen_attempts)
        return True

    def _close_capture(self) -> None:
        capture, self._capture = self._capture, None
        if capture is None:
            return
        try:
            capture.close()
        except Exception as exc:  # a device that is already gone may fail to close; nothing to do
            log.debug("closing %s failed: %s", self.description, describe_error(exc))

    def _release(self) -> None:
        self._close_capture()
