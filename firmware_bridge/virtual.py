"""In-process virtual microcontroller: the real device protocol behind a serial-shaped object."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

import serial

from firmware_bridge import codec, render
from firmware_bridge.device_core import DeviceCore
from firmware_bridge.state import LedState

VIRTUAL_FIRMWARE = "virtual-1"


def random_boot_id() -> int:
    """Return a fresh 32-bit boot id, as the firmware draws one at power-up."""
    return int.from_bytes(os.urandom(4), "big")


class VirtualDevice:
    """A pretend Pico: speaks the protocol through the real codec; press() simulates its buttons."""

    kind = "virtual"
    is_mock = True

    def __init__(
        self,
        led_count: int = 24,
        *,
        retransmit_ms: int = 100,
        clock: Callable[[], float] = time.monotonic,
        protocol_version: int = codec.PROTOCOL_VERSION,
    ) -> None:
        self.led_count = led_count
        self.retransmit_ms = retransmit_ms
        self.protocol_version = protocol_version  # what its firmware speaks; a change takes effect at the next boot
        self.timeout: float | None = 0.01
        self._clock = clock
        self._ready = threading.Condition()
        self._rx = bytearray()  # bytes waiting for the host to read
        self._is_plugged = True
        self._is_open = False
        self._core = self._boot()

    # -- the simulation side -------------------------------------------------------------------------

    def press(self, name: str) -> None:
        """Simulate a debounced press of the named button (queued even while unplugged, like firmware)."""
        with self._ready:
            frame = self._core.press(name, self._now_ms())
            self._emit(frame)

    def unplug(self) -> None:
        """Simulate pulling the cable: the host's reads and writes fail until replug()."""
        with self._ready:
            self._is_plugged = False
            self._is_open = False
            self._rx.clear()
            self._ready.notify_all()

    def replug(self, *, is_rebooted: bool = False) -> None:
        """Simulate the cable coming back; is_rebooted forgets the LED state and unacknowledged presses."""
        with self._ready:
            if is_rebooted:
                self._core = self._boot()
            self._is_plugged = True

    @property
    def leds(self) -> LedState | None:
        """Return the LED state the device currently shows, or None before the host sent one."""
        with self._ready:
            message = self._core.leds
        return None if message is None else LedState.from_message(message)

    def pixels(self) -> list[tuple[int, int, int]]:
        """Return the colours the ring would show now."""
        with self._ready:
            message = self._core.leds
        return render.render(message, self.led_count, self._now_ms())

    def pending_count(self) -> int:
        """Return how many presses still wait for the host's acknowledgement."""
        with self._ready:
            return self._core.pending_count()

    # -- the serial side (used by the Bridge) ---------------------------------------------------------

    def open(self, timeout_s: float) -> VirtualDevice:
        """Open the device's port for the host; fails like a missing serial port while unplugged."""
        with self._ready:
            if not self._is_plugged:
                raise serial.SerialException("virtual device is unplugged")
            self.timeout = timeout_s
            self._is_open = True
            self._rx.clear()  # pyserial also flushes stale input when it opens a port
            return self

    @property
    def in_waiting(self) -> int:
        """Return how many bytes the host can read at once."""
        with self._ready:
            self._check_open()
            return len(self._rx)

    def read(self, size: int = 1, /) -> bytes:
        """Return up to size bytes, waiting at most self.timeout for the first; runs retransmissions."""
        with self._ready:
            self._check_open()
            self._emit(self._core.poll(self._now_ms()))
            if not self._rx:
                self._ready.wait(self.timeout)
                self._check_open()
            data = bytes(self._rx[:size])
            del self._rx[:size]
            return data

    def write(self, data: bytes, /) -> int:
        """Deliver data from the host to the device; its replies become readable."""
        with self._ready:
            self._check_open()
            self._emit(self._core.receive(bytes(data), self._now_ms()))
            return len(data)

    def close(self) -> None:
        """Close the host's side of the port (the simulated board stays alive); safe to call twice."""
        with self._ready:
            self._is_open = False
            self._ready.notify_all()

    def _boot(self) -> DeviceCore:
        core = DeviceCore(
            VIRTUAL_FIRMWARE, self.led_count, random_boot_id(), self.retransmit_ms, version=self.protocol_version
        )
        self._emit(core.announce())
        return core

    def _emit(self, frame: bytes) -> None:
        if frame and self._is_open:
            self._rx.extend(frame)
            self._ready.notify_all()

    def _check_open(self) -> None:
        if not self._is_plugged:
            raise serial.SerialException("virtual device was unplugged")
        if not self._is_open:
            raise serial.PortNotOpenError()

    def _now_ms(self) -> int:
        return int(self._clock() * 1000)
