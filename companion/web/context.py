"""Where the blueprints find the service and the web settings: the app's extensions, never globals."""

from __future__ import annotations

from typing import Any, Protocol

from flask import current_app

from companion.service import Companion
from companion.web.slots import StreamSlots

SERVICE = "companion"
SLOTS = "companion.web.streams"


def service() -> Companion:
    """The companion service of the current app."""
    found: Companion = current_app.extensions[SERVICE]
    return found


def slots() -> StreamSlots:
    """The stream slots of the current app."""
    found: StreamSlots = current_app.extensions[SLOTS]
    return found


def setting(name: str) -> Any:
    """One web setting (see companion.web.app.DEFAULTS)."""
    return current_app.config[name]


class CameraFeed(Protocol):
    """What the web layer uses of the camera worker (companion.devices.camera.CameraWorker)."""

    def latest_jpeg(self) -> tuple[int, bytes] | None:
        """The latest frame with the dice outlined, as (version, JPEG bytes)."""
        ...

    def wait_for_frame(self, after_version: int, timeout: float) -> int:
        """Block until a frame newer than after_version exists (or timeout)."""
        ...


def camera() -> CameraFeed | None:
    """The camera worker, or None when the service runs without one."""
    found: CameraFeed | None = service().devices.get("camera")
    return found
