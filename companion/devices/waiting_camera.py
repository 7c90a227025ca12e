"""A camera that could not be opened yet: reported as lost on the health page and tried again with backoff."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from vision.errors import CameraError
from vision.sources import FrameSource

log = logging.getLogger(__name__)


class WaitingCamera:
    """Stands in the camera's place until `open_source()` succeeds, then hands the source to `on_open`."""

    def __init__(
        self,
        open_source: Callable[[], FrameSource],
        on_open: Callable[[FrameSource], None],
        first_error: str,
        *,
        zones: dict[str, Any] | None = None,
        first_delay: float = 1.0,
        max_delay: float = 30.0,
    ) -> None:
        self._open = open_source
        self._on_open = on_open
        self.error = first_error
        self.zones = zones
        """The zones the camera will place dice with once open, as its status says them (camera.zones_status)."""
        self.attempts = 1
        self._delay = first_delay
        self._max_delay = max_delay
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="camera-retry", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._delay):
            self.attempts += 1
            try:
                source = self._open()
            except CameraError as exc:
                self.error = str(exc)
                self._delay = min(self._max_delay, self._delay * 2)
                continue
            log.warning("camera opened after %d attempts", self.attempts)
            self._on_open(source)
            return

    def status(self) -> dict[str, Any]:
        """Lost, with the last error and the number of attempts, and the zones it will use (the health page names
        them whatever the camera's state)."""
        return {
            "state": "lost",
            "error": self.error,
            "reopen_attempts": self.attempts,
            "last_frame_at": None,
            "zones": self.zones,
        }

    def latest_jpeg(self) -> None:
        """No frame yet."""
        return None

    def latest_reading(self) -> None:
        """No reading yet."""
        return None

    def wait_for_frame(self, after_version: int, timeout: float) -> int:
        """Nothing will come from here: wait out the timeout (or the close)."""
        self._stop.wait(timeout)
        return after_version

    @property
    def version(self) -> int:
        """No frames read."""
        return 0

    def close(self) -> None:
        """Stop trying; safe to call twice."""
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
