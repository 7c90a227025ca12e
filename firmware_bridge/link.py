"""Host side of the microcontroller link: connect, handshake, heartbeat, LED state, buttons, reconnect."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from firmware_bridge import codec
from firmware_bridge.diagnosis import GarbleWatch, no_answer, speed_mismatch, version_mismatch
from firmware_bridge.errors import LinkClosedError
from firmware_bridge.health import LinkHealth
from firmware_bridge.sequence import EventSequencer
from firmware_bridge.state import LedState
from firmware_bridge.transport import SerialLike, open_serial, resolve_port
from firmware_bridge.virtual import VirtualDevice

log = logging.getLogger(__name__)

ButtonCallback = Callable[[str, int], None]
VIRTUAL_URL = "virtual://"
LED_ACK_GRACE = 1.0
"""Seconds a connected board may take to acknowledge an LED state before status() says the LEDs are not in sync: the
reference firmware answers within a few ms, and the link resends every resend_s until it does."""
SILENT_HEARTBEATS = 4  # heartbeats without an answer before the link asks for a new handshake


class Bridge:
    """Link to the LED/button microcontroller; all I/O runs on one background thread, never raising.

    url: "virtual://" (in-process pretend board), "auto" (find the Pico by USB id), a device path such as
    /dev/serial/by-id/..., or any pyserial URL. on_button(name, seq) is called once per press, in order,
    on the link's thread (keep it short); seq is the device's press number, restarting at each boot.
    baudrate_key names the setting that holds baudrate, in the words said when the bytes look like a wrong speed.
    """

    def __init__(
        self,
        url: str = VIRTUAL_URL,
        on_button: ButtonCallback | None = None,
        *,
        baudrate: int = 115200,
        baudrate_key: str = "serial.baudrate",
        clock: Callable[[], float] = time.monotonic,
        heartbeat_s: float = 0.5,
        resend_s: float = 0.2,
        handshake_timeout_s: float = 1.0,
        backoff_initial_s: float = 0.05,
        backoff_max_s: float = 1.0,
        poll_s: float = 0.01,
        write_timeout_s: float = 0.5,
    ) -> None:
        self.url = url
        self.is_virtual = url.startswith(VIRTUAL_URL)
        self._on_button = on_button
        self._baudrate = baudrate
        self._baudrate_key = baudrate_key
        self._clock = clock
        self._heartbeat_s = heartbeat_s
        self._resend_s = resend_s
        self._handshake_timeout_s = handshake_timeout_s
        self._poll_s = poll_s
        self._write_timeout_s = write_timeout_s
        self._backoff = (backoff_initial_s, backoff_max_s)
        self._delay_s = backoff_initial_s
        self._health = LinkHealth(clock, heartbeat_s)
        self._decoder = codec.FrameDecoder()
        self._garble = GarbleWatch()
        self._sequencer = EventSequencer()
        self._init_wire_state()
        self.virtual_device: VirtualDevice | None = VirtualDevice() if self.is_virtual else None
        if self.is_virtual:
            log.warning("firmware bridge uses a VIRTUAL microcontroller (%s): no real LEDs or buttons", url)

    def _init_wire_state(self) -> None:
        """The locks, the port and what the link knows of the device, before any connection."""
        self._lock = threading.Lock()  # guards the fields below shared with callers' threads
        self._synced = threading.Condition(self._lock)
        self._write_lock = threading.Lock()  # one frame at a time on the wire; the port is swapped under it
        self._port: SerialLike | None = None
        self._port_name: str | None = None
        self._is_broken = False
        self._is_handshaken = False
        self._is_fresh_port = False
        self._leds: LedState | None = None
        self._generation = 0
        self._acked_generation: int | None = None
        self._unshown_since: float | None = None  # when the LED state last sent began to wait for its acknowledgement
        self._times = {"opened": 0.0, "hello": 0.0, "ping": 0.0, "leds": 0.0}
        self._ping_token = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._is_closed = False
        # What the log was told since the device last answered a handshake: each trouble ("open", "silent", a
        # protocol version) is a WARNING (ERROR for a version) once, then DEBUG while it goes on, so that a missing
        # or wrong board is seen without a flood; status()["error"] says the latest until the device answers.
        self._told: set[str] = set()
        self._last_told: str | None = None
        self._last_bug: str | None = None  # the last unexpected error, whose traceback is logged once
        self._failed_opens = 0

    # -- public API ------------------------------------------------------------------------------------

    @property
    def kind(self) -> str:
        """Return "virtual" for the in-process pretend board, "serial" for a real (or pty) port."""
        return "virtual" if self.is_virtual else "serial"

    def start(self) -> None:
        """Start the background thread that connects and keeps reconnecting; safe to call twice."""
        if self._is_closed:
            raise LinkClosedError("Bridge is closed; make a new one")
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="firmware-bridge", daemon=True)
            self._thread.start()

    def set_leds(self, state: LedState) -> None:
        """Show state (the FULL LED state); sent now if connected, and again after every reconnect.

        Never raises for link trouble; at worst blocks write_timeout_s on a stuck port.
        """
        if not isinstance(state, LedState):
            raise TypeError(f"set_leds(state={state!r}): expected a LedState")
        with self._lock:
            self._leds = state
            self._generation = (self._generation + 1) & 0xFFFF
            message = state.to_message(self._generation)
            is_ready = self._is_handshaken
            self._times["leds"] = self._clock()
            if self._unshown_since is None:
                self._unshown_since = self._times["leds"]
        if is_ready:
            self._send(message)

    def wait_until_synced(self, timeout_s: float) -> bool:
        """Wait until the device acknowledged the latest LED state; return whether it did in time."""
        with self._synced:
            return self._synced.wait_for(self._is_synced, timeout_s)

    def status(self) -> dict[str, Any]:
        """Return the link's health: state (ok, connecting, lost, closed), kind, port, liveness, what stands in the
        way (error), error counters, reconnects, firmware, the last button pressed and the presses by button."""
        with self._lock:
            errors = dict(self._decoder.errors)
            errors.update(self._sequencer_counts())
            port = self._port_name
            is_synced = self._leds_shown()
        report = self._health.report(is_open=self._port is not None, is_closed=self._is_closed)
        report["errors"].update(errors)
        report.update(
            kind=self.kind,
            is_virtual=self.is_virtual,
            port=port if port is not None else self.url,
            leds_synced=is_synced,
        )
        return report

    def close(self) -> None:
        """Stop the thread and release the port; safe to call twice."""
        self._is_closed = True
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)
        self._drop_port()
        with self._synced:
            self._synced.notify_all()

    def __enter__(self) -> Bridge:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- the background thread ---------------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._port is None and not self._open_port():
                self._stop.wait(self._next_delay())
                continue
            try:
                self._service()
            except OSError as exc:  # serial.SerialException is an OSError too
                self._lose_port(str(exc) or type(exc).__name__)
            except Exception as exc:  # why: a bug here must not kill the link silently
                self._tell_bug(exc)
                self._lose_port("internal error")

    def _open_port(self) -> bool:
        try:
            if self.virtual_device is not None:
                port: SerialLike = self.virtual_device.open(self._poll_s)
                name = self.url
            else:
                name = resolve_port(self.url)
                port = open_serial(name, self._baudrate, self._poll_s, self._write_timeout_s)
        except (OSError, ValueError) as exc:  # ValueError: pyserial refuses a malformed url
            self._health.count("open")
            self._failed_opens += 1
            self._tell_once("open", f"cannot open {self.url}: {exc}", "it opens")
            return False
        now = self._clock()
        with self._write_lock, self._lock:
            self._port, self._port_name = port, name
            self._is_broken, self._is_handshaken, self._is_fresh_port = False, False, True
            self._times.update(opened=now, hello=now)
        self._decoder.reset()
        self._log_opened(name)
        self._send(codec.Hello())
        return True

    def _service(self) -> None:
        port = self._port
        if port is None:
            return
        data = port.read(max(1, port.in_waiting))
        if self._is_broken:
            raise OSError("a write to the port failed")
        if data:
            messages = self._decoder.feed(data)
            self._garble.saw(data, bool(messages))
            for message in messages:
                self._health.heard()
                self._handle(message)
        self._tick(self._clock())

    def _tick(self, now: float) -> None:
        with self._lock:
            is_handshaken = self._is_handshaken
            times = dict(self._times)
            leds_due = self._leds is not None and self._acked_generation != self._generation
        if not is_handshaken:
            if now - times["opened"] >= self._handshake_timeout_s:
                self._tell_no_answer()
                raise TimeoutError("no handshake answer")
            if now - times["hello"] >= self._resend_s:
                self._times["hello"] = now
                self._send(codec.Hello())
            return
        if self._health.silence_s() > SILENT_HEARTBEATS * self._heartbeat_s:
            self._request_handshake(now)
            return
        if now - times["ping"] >= self._heartbeat_s:
            self._times["ping"] = now
            self._ping_token = (self._ping_token + 1) & 0xFFFFFFFF
            self._send(codec.Ping(self._ping_token))
        if leds_due and now - times["leds"] >= self._resend_s:
            self._send_leds()

    def _handle(self, message: codec.Message) -> None:
        if isinstance(message, codec.Welcome):
            self._on_welcome(message)
        elif isinstance(message, codec.Pong):
            if message.boot_id != self._sequencer.boot_id:
                log.warning("firmware bridge: the device rebooted; handshaking again")
                self._request_handshake(self._clock())
        elif isinstance(message, codec.LedsAck):
            self._on_leds_ack(message)
        elif isinstance(message, codec.Button):
            self._on_button_event(message)
        else:
            self._health.count("unexpected")  # a host-to-device message coming back: echo or confusion

    def _on_welcome(self, message: codec.Welcome) -> None:
        if message.version != codec.PROTOCOL_VERSION:
            self._refuse_version(message)
        with self._lock:
            self._sequencer.on_welcome(message.boot_id, message.base_seq)
            self._is_handshaken = True
            is_reconnect = self._is_fresh_port and self._health.has_connected
            self._is_fresh_port = False
        self._health.handshaken(message.firmware, message.led_count, is_reconnect)
        self._delay_s = self._backoff[0]
        if self._told:
            log.info("firmware bridge: %s answers (firmware %s); the link is up", self._port_name, message.firmware)
        self._told.clear()
        self._last_told = None
        self._send_leds()  # the device may have lost or never had the state: always send it in full

    def _tell_no_answer(self) -> None:
        """Tell why the handshake timed out: bytes that make no frame (a wrong speed, likely) or no answer at all."""
        self._health.count("handshake_timeout")
        if self._garble.is_garbled():
            said = speed_mismatch(self._port_name, self._garble.garbage_bytes, self._baudrate, self._baudrate_key)
            self._tell_once("speed", said, "a valid frame arrives")
            return
        garbage = self._garble.garbage_bytes
        said = no_answer(self._port_name, self._handshake_timeout_s, garbage, self._baudrate, self._baudrate_key)
        self._tell_once("silent", said, "it answers")

    def _refuse_version(self, message: codec.Welcome) -> None:
        """Tell of a board speaking another protocol (ERROR once per board, then DEBUG), retry slowly: raise.

        The host drives nothing on it: PROTOCOL.md does not promise that another version's messages mean the same."""
        self._delay_s = self._backoff[1]
        trouble = f"version {message.version} {message.firmware}"
        if self._last_told != trouble:  # why: another board, or the board came back: a new state, told again
            self._told.clear()
        said = version_mismatch(self._port_name, message.version, message.firmware)
        self._tell_once(trouble, said, "the versions match", level=logging.ERROR)
        self._health.count("version")  # after the words, so a counted refusal is always explained in status()
        raise ConnectionError("protocol version mismatch")

    def _on_leds_ack(self, message: codec.LedsAck) -> None:
        with self._synced:
            if message.generation == self._generation:
                self._acked_generation = message.generation
                self._unshown_since = None
                self._synced.notify_all()

    def _on_button_event(self, message: codec.Button) -> None:
        with self._lock:
            verdict = self._sequencer.accept(message.seq, message.base_seq) if self._is_handshaken else None
        if verdict is None:
            return  # not handshaken on this port yet: the device resends after the Welcome
        self._send(codec.ButtonAck(verdict.ack_seq))
        if verdict.is_new:
            self._health.pressed(message.name)  # the health page shows it, as the GPIO panel shows its own
        if verdict.is_new and self._on_button is not None:
            try:
                self._on_button(message.name, message.seq)
            except Exception:  # why: a failing service callback must not break the link
                self._health.count("callback")
                log.exception("firmware bridge: on_button(%r, %d) raised", message.name, message.seq)

    # -- helpers -------------------------------------------------------------------------------------------

    def _log_opened(self, name: str) -> None:
        failed, self._failed_opens = self._failed_opens, 0
        if failed:
            log.info("firmware bridge: opened %s after %d failed attempt(s), handshaking", name, failed)
        elif self._told:  # why: a board that answers nothing, or in another version, is reopened every second
            log.debug("firmware bridge: opened %s again, handshaking", name)
        else:
            log.info("firmware bridge: opened %s, handshaking", name)

    def _tell_once(self, trouble: str, said: str, until: str, *, level: int = logging.WARNING) -> None:
        """Log a trouble of the link at level the first time since the device last answered, then at DEBUG;
        status()["error"] says it until the device answers."""
        if trouble in self._told:
            level = logging.DEBUG
        self._told.add(trouble)
        self._last_told = trouble
        self._health.trouble(said)
        log.log(level, "firmware bridge: %s; retrying quietly until %s", said, until)

    def _tell_bug(self, exc: Exception) -> None:
        """Log an unexpected error with its traceback unless it is the one logged last; count it as "internal".

        Called in an except block. A bug met at every handshake would otherwise be a traceback a second.
        """
        self._health.count("internal")
        said = f"{type(exc).__name__}: {exc}"
        if said == self._last_bug:
            log.debug("firmware bridge: the same unexpected error again (%s); reopening the port", said)
        else:
            log.exception("firmware bridge: unexpected error; reopening the port")
        self._last_bug = said

    def _is_synced(self) -> bool:
        return self._is_handshaken and self._leds is not None and self._acked_generation == self._generation

    def _leds_shown(self) -> bool:
        """What status() says of the LEDs: False only when a connected board's acknowledgement of the state last
        sent is overdue (LED_ACK_GRACE), or when no board answers; a state sent a moment ago, or no state to show
        yet, is no trouble (the health page marked every LED change red for the few ms before its ack)."""
        if not self._is_handshaken:
            return False
        if self._leds is None or self._is_synced():
            return True
        return self._unshown_since is not None and self._clock() - self._unshown_since < LED_ACK_GRACE

    def _sequencer_counts(self) -> dict[str, int]:
        sequencer = self._sequencer
        return {"duplicates": sequencer.duplicates, "out_of_order": sequencer.out_of_order, "lost": sequencer.lost}

    def _send_leds(self) -> None:
        with self._lock:
            if self._leds is None:
                return
            message = self._leds.to_message(self._generation)
            self._times["leds"] = self._clock()
        self._send(message)

    def _request_handshake(self, now: float) -> None:
        with self._lock:
            self._is_handshaken = False
            self._times.update(opened=now, hello=now)
        self._send(codec.Hello())

    def _send(self, message: codec.Message) -> None:
        frame = codec.encode_frame(message)
        with self._write_lock:
            port = self._port
            if port is None:
                return
            try:
                port.write(frame)
            except OSError as exc:  # the reader thread notices the flag and reconnects
                log.debug("firmware bridge: write failed: %s", exc)
                self._is_broken = True

    def _lose_port(self, reason: str) -> None:
        was_live = self._is_handshaken
        level = logging.WARNING if was_live else logging.DEBUG  # why: no warning flood while it is away
        log.log(level, "firmware bridge: lost %s (%s); reconnecting", self._port_name, reason)
        self._health.count("io")
        self._drop_port()
        self._stop.wait(self._next_delay())

    def _drop_port(self) -> None:
        with self._write_lock, self._lock:
            port, self._port = self._port, None
            self._is_handshaken = False
        self._health.lost()
        if port is not None:
            try:
                port.close()
            except OSError as exc:
                log.debug("firmware bridge: closing the port failed: %s", exc)
        self._decoder.reset()

    def _next_delay(self) -> float:
        delay = self._delay_s
        self._delay_s = min(self._delay_s * 2, self._backoff[1])
        return delay
