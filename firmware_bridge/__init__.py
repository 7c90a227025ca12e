"""Link to the table's microcontroller (LED ring, buttons) over a serial port. Knows nothing of companion."""

from firmware_bridge.discovery import default_url, find_port
from firmware_bridge.errors import (
    BridgeError,
    InvalidLedStateError,
    LinkClosedError,
    MalformedFrameError,
    PortNotFoundError,
)
from firmware_bridge.link import Bridge
from firmware_bridge.state import LedState
from firmware_bridge.virtual import VirtualDevice

__all__ = [
    "Bridge",
    "BridgeError",
    "InvalidLedStateError",
    "LedState",
    "LinkClosedError",
    "MalformedFrameError",
    "PortNotFoundError",
    "VirtualDevice",
    "default_url",
    "find_port",
]
