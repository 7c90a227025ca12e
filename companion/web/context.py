"""Where the blueprints find the service and the web settings: the app's extensions, never globals."""

from __future__ import annotations

from typing import Any

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


def camera() -> Any | None:
    """The camera worker, or None when the service runs without one."""
    return service().devices.get("camera")
