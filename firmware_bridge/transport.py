"""The byte transport a link talks through: a pyserial port or anything shaped like one."""

from __future__ import annotations

from typing import Protocol, cast

import serial

from firmware_bridge.discovery import find_port
from firmware_bridge.errors import PortNotFoundError


class SerialLike(Protocol):
    """The part of pyserial's Serial the link uses; the virtual device implements it too."""

    def read(self, size: int = 1, /) -> bytes:
        """Return up to size bytes, waiting at most the port's timeout for the first one."""
        ...

    def write(self, data: bytes, /) -> int | None:
        """Write all of data."""
        ...

    @property
    def in_waiting(self) -> int:
        """Return how many received bytes can be read without waiting."""
        ...

    def close(self) -> None:
        """Release the port."""
        ...


def resolve_port(url: str) -> str:
    """Return the path or pyserial URL to open for url ("auto" finds the board by its USB identity)."""
    if url != "auto":
        return url
    port = find_port()
    if port is None:
        raise PortNotFoundError("url 'auto': no serial port with the Pico's USB id 2e8a:0005 is present")
    return port


def open_serial(port: str, baudrate: int, timeout_s: float, write_timeout_s: float) -> SerialLike:
    """Open port (a device path or any pyserial URL such as loop://) in binary mode, locked for us alone."""
    opened = serial.serial_for_url(
        port, baudrate=baudrate, timeout=timeout_s, write_timeout=write_timeout_s, exclusive=True
    )
    return cast(SerialLike, opened)  # why: the stubs type it as SerialBase, which lacks in_waiting
