"""A fake microcontroller behind a pseudo-terminal, reachable at a stable path (a symlink), for tests.

Each plug() opens a new pty and points the symlink at its slave, as udev re-creates
/dev/serial/by-id/... when a board is replugged; unplug() closes the pty so the host sees EIO.
By default it is the Pico's USB port, which ignores the speed the host sets; given uart_baudrate it is a UART at
that speed, and a host that opens the pty at another speed reads (and sends) what a UART would: garbled bytes.
"""

from __future__ import annotations

import logging
import os
import select
import termios
import threading
import time
import tty
from pathlib import Path

from firmware_bridge import codec
from firmware_bridge.device_core import DeviceCore
from firmware_bridge.errors import LinkClosedError
from firmware_bridge.state import LedState
from firmware_bridge.uart_line import TERMIOS_SPEEDS, resample
from firmware_bridge.virtual import random_boot_id

log = logging.getLogger(__name__)
FAKE_FIRMWARE = "fake-pty-1"


class _Session:
    """One plugged period: a pty pair and the thread serving its master side."""

    def __init__(self, device: PtyDevice) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # why: no echo or newline translation before the host configures the port
        os.set_blocking(self.master, False)  # a full buffer drops bytes, like a UART, instead of blocking
        self.slave_path = os.ttyname(self.slave)
        self.stop = threading.Event()
        self.io_lock = threading.Lock()  # why: never write to a descriptor number another thread closed
        self.is_closed = False
        self.thread = threading.Thread(target=device._serve, args=(self,), name="fake-pty", daemon=True)

    def close(self) -> None:
        self.stop.set()
        if self.thread.is_alive() and self.thread is not threading.current_thread():
            self.thread.join(timeout=2)
        with self.io_lock:
            self.is_closed = True
            os.close(self.master)
            os.close(self.slave)

    def write(self, data: bytes) -> None:
        """Write data to the host; bytes that do not fit (or a closed pty) are lost, as on a UART."""
        with self.io_lock:
            if self.is_closed or not data:
                return
            try:
                os.write(self.master, data)
            except OSError as exc:
                log.debug("fake device dropped %d bytes: %s", len(data), exc)

    def host_baudrate(self) -> int | None:
        """Return the speed the host set on its end of the pty (None once closed, or a speed termios cannot name)."""
        with self.io_lock:
            if self.is_closed:
                return None
            return TERMIOS_SPEEDS.get(termios.tcgetattr(self.slave)[5])


class PtyDevice:
    """Fake board speaking the real protocol over a pty at link_path; press() simulates its buttons."""

    kind = "pty"
    is_mock = True

    def __init__(
        self,
        link_path: str | os.PathLike[str],
        *,
        led_count: int = 24,
        retransmit_ms: int = 20,
        protocol_version: int = codec.PROTOCOL_VERSION,
        uart_baudrate: int | None = None,
    ) -> None:
        self.link_path = Path(link_path)
        self.uart_baudrate = uart_baudrate  # None: a USB port (any speed works); else the firmware's UART speed
        self.led_count = led_count
        self.retransmit_ms = retransmit_ms
        self.protocol_version = protocol_version  # what its firmware speaks; a change takes effect at the next boot
        self._lock = threading.Lock()
        self._core = self._boot()
        self._session: _Session | None = None
        self._is_closed = False
        self.is_responsive = True  # False simulates hung firmware: input is swallowed, nothing answered
        self.plug()

    @property
    def is_plugged(self) -> bool:
        """Return whether the pty currently exists at link_path."""
        return self._session is not None

    @property
    def leds(self) -> LedState | None:
        """Return the LED state the device currently shows, or None before the host sent one."""
        with self._lock:
            message = self._core.leds
        return None if message is None else LedState.from_message(message)

    def pending_count(self) -> int:
        """Return how many presses still wait for the host's acknowledgement."""
        with self._lock:
            return self._core.pending_count()

    def plug(self, *, is_rebooted: bool = False) -> None:
        """Create a fresh pty and point link_path at it; is_rebooted also resets the device's memory."""
        if self._is_closed:
            raise LinkClosedError("PtyDevice is closed")
        if self._session is not None:
            return
        with self._lock:
            if is_rebooted:
                self._core = self._boot()
            session = _Session(self)
            self._session = session
        temporary = self.link_path.with_name(self.link_path.name + ".new")
        temporary.unlink(missing_ok=True)
        temporary.symlink_to(session.slave_path)
        os.replace(temporary, self.link_path)  # atomic, so the host never sees a half-made link
        session.write(self._on_the_wire(session, self._core.announce(), is_to_host=True))
        session.thread.start()

    def unplug(self) -> None:
        """Remove the link and close the pty: the host's reads fail, as when a USB cable is pulled."""
        session, self._session = self._session, None
        if session is None:
            return
        self.link_path.unlink(missing_ok=True)
        session.close()

    def press(self, name: str) -> None:
        """Simulate a press: sent now if plugged, kept and resent until acknowledged otherwise."""
        with self._lock:
            frame = self._core.press(name, _now_ms())
            session = self._session
        if session is not None:
            session.write(self._on_the_wire(session, frame, is_to_host=True))

    def inject(self, data: bytes) -> None:
        """Write raw bytes (garbage, truncated or forged frames) to the host, if plugged."""
        session = self._session
        if session is not None:
            session.write(data)

    def close(self) -> None:
        """Unplug for good; safe to call twice."""
        self.unplug()
        self._is_closed = True

    def __enter__(self) -> PtyDevice:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _boot(self) -> DeviceCore:
        return DeviceCore(
            FAKE_FIRMWARE, self.led_count, random_boot_id(), self.retransmit_ms, version=self.protocol_version
        )

    def _serve(self, session: _Session) -> None:
        while not session.stop.is_set():
            readable, _, _ = select.select([session.master], [], [], 0.005)
            data = b""
            if readable:
                try:
                    data = os.read(session.master, 4096)
                except OSError:  # nothing to read after all (EAGAIN) or the slave side went away
                    data = b""
            if not self.is_responsive:
                continue
            data = self._on_the_wire(session, data, is_to_host=False)
            with self._lock:
                reply = self._core.receive(data, _now_ms()) if data else b""
                reply += self._core.poll(_now_ms())
            session.write(self._on_the_wire(session, reply, is_to_host=True))

    def _on_the_wire(self, session: _Session, data: bytes, *, is_to_host: bool) -> bytes:
        """Return data as the other end reads it: unchanged over USB, resampled by a UART at another speed."""
        if self.uart_baudrate is None or not data:
            return data
        host = session.host_baudrate() or self.uart_baudrate
        if is_to_host:
            return resample(data, self.uart_baudrate, host)
        return resample(data, host, self.uart_baudrate)


def _now_ms() -> int:
    return int(time.monotonic() * 1000)
