"""A live camera that survives being unplugged: lost frames trigger reopening with exponential backoff."""

from __future__ import annotations

import errno
import logging
import time
from collections.abc import Callable, Iterator
from typing import Protocol

import numpy as np

from vision.errors import CameraError, Said, SaidText
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


PROBLEM_KEYS = {
    "busy": "vision.camera.problem.busy",
    "missing": "vision.camera.problem.missing",
    "denied": "vision.camera.problem.denied",
}
"""The commonest reasons a camera does not open or stops, in plain words for a page (the log keeps the driver's)."""

_PROBLEM_ERRNOS = {
    errno.EBUSY: "busy",
    errno.ENOENT: "missing",
    errno.ENODEV: "missing",
    errno.ENXIO: "missing",
    errno.EACCES: "denied",
    errno.EPERM: "denied",
}

# What the drivers say when they give no errno: libcamera through picamera2 ("Failed to acquire camera: Device or
# resource busy", "Pipeline handler in use by another process", "Camera(s) not found (Do not forget to disable legacy
# camera with raspi-config)."), and the system's own words for the errnos above, quoted in a RuntimeError or cv2.error.
_PROBLEM_WORDS = (
    ("busy", ("resource busy", "device busy", "in use by another")),
    ("missing", ("no such device", "no such file", "camera(s) not found", "camera not found", "no cameras")),
    ("denied", ("permission denied", "operation not permitted")),
)


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """The error and those it was raised from or while handling (picamera2 hides libcamera's under its own)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def known_problem(exc: BaseException) -> str | None:
    """Which of PROBLEM_KEYS a camera's failure is (the device busy, missing, not allowed), from its errno or the
    driver's words, the errors it came from included; None for any other failure."""
    for cause in _chain(exc):
        if isinstance(cause, OSError) and cause.errno in _PROBLEM_ERRNOS:
            return _PROBLEM_ERRNOS[cause.errno]
        if isinstance(cause, IndexError):  # picamera2 looks a camera's number up in libcamera's list of cameras
            return "missing"
        words = str(cause).lower()
        for problem, phrases in _PROBLEM_WORDS:
            if any(phrase in words for phrase in phrases):
                return problem
    return None


def problem_said(exc: BaseException) -> Said | None:
    """The plain words of a known problem (PROBLEM_KEYS), as a key for a page; None for any other failure."""
    problem = known_problem(exc)
    return (PROBLEM_KEYS[problem], {}) if problem else None


def describe_error(exc: BaseException) -> str:
    """A one-line text for status().error, with the error's key and parameters when it has them (vision.errors): a
    known problem's plain words (see known_problem) before the error's own, which may quote the driver's."""
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return SaidText(text, problem_said(exc) or getattr(exc, "said", None))


def _cannot_open(description: str, exc: BaseException) -> CameraError:
    """The error of a camera that does not open at first: the driver's words for the log, and for a page the plain
    words of a known problem (see known_problem), else the driver's words too."""
    known = problem_said(exc)
    if isinstance(exc, CameraError):  # said already by its capture; a known problem under it is said plainer
        if known is None:
            return exc
        text = str(exc)
    else:
        text = f"cannot open {description}: {describe_error(exc)}"
    problem = {"key": known[0], "params": known[1]} if known else describe_error(exc)
    return CameraError(text, said=("vision.camera.cannot_open", {"source": description, "problem": problem}))


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
        except Exception as exc:  # drivers raise anything (RuntimeError from libcamera, cv2.error)
            error = _cannot_open(description, exc)
            if error is exc:
                raise
            raise error from exc

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
