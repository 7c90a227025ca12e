"""Errors of the firmware_bridge package: one root, specific errors also inherit the matching built-in."""


class BridgeError(Exception):
    """Root of every error raised by the firmware_bridge package."""


class MalformedFrameError(BridgeError, ValueError):
    """A frame whose bytes cannot be decoded: bad framing, bad CRC, unknown type or a malformed body."""


class InvalidLedStateError(BridgeError, ValueError):
    """An LED state with a field outside its allowed values (refused whole, nothing sent)."""


class PortNotFoundError(BridgeError, OSError):
    """No microcontroller port matches the requested stable name or USB identity."""


class LinkClosedError(BridgeError, OSError):
    """An operation on a link or a device that has been closed."""
