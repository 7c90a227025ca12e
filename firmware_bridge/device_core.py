"""Device side of the protocol, without I/O: used by the Pico firmware, the virtual and the pty devices.

Runs under CPython and MicroPython (copied next to main.py), so it keeps to the same subset as codec.py.
Every method takes the time in milliseconds and returns the bytes to write; the caller does the I/O.
"""

import time

try:
    from firmware_bridge import codec
except ImportError:  # on the microcontroller the shared modules sit flat beside main.py
    import codec  # type: ignore[no-redef]

MAX_PENDING = 32  # unacknowledged presses kept; beyond that the oldest is dropped (and counted)
RETRANSMIT_BATCH = 8  # events resent per retransmission, oldest first


_NATIVE_TICKS_DIFF = getattr(time, "ticks_diff", None)


def ticks_diff(later, earlier):
    # type: (int, int) -> int
    """Return later - earlier in ms; MicroPython's ticks_ms wraps around, so use its ticks_diff there."""
    if _NATIVE_TICKS_DIFF is not None:
        return _NATIVE_TICKS_DIFF(later, earlier)
    return later - earlier


class DeviceCore:
    """Protocol state of one microcontroller: handshake, heartbeat, LED state and the button queue."""

    def __init__(self, firmware, led_count, boot_id, retransmit_ms=200, first_seq=0, version=codec.PROTOCOL_VERSION):
        # type: (str, int, int, int, int, int) -> None
        self.firmware = firmware
        self.version = version  # the protocol this firmware speaks: another value stands for an older or newer board
        self.led_count = led_count
        self.boot_id = boot_id & 0xFFFFFFFF
        self.retransmit_ms = retransmit_ms
        self.leds = None  # type: codec.Leds | None
        self.last_heard_ms = None  # type: int | None
        self.dropped = 0
        self.unexpected = 0
        self.decoder = codec.FrameDecoder()
        self._next_seq = first_seq & 0xFFFF
        self._pending = []  # type: list
        self._last_retransmit_ms = None  # type: int | None

    def announce(self):
        # type: () -> bytes
        """Return the Welcome frame a device sends unasked at boot, so a listening host resynchronises."""
        return codec.encode_frame(self._welcome())

    def receive(self, data, now_ms):
        # type: (bytes, int) -> bytes
        """Feed bytes from the host; return the replies to write."""
        out = bytearray()
        for message in self.decoder.feed(data):
            self.last_heard_ms = now_ms
            out.extend(self._reply(message))
        return bytes(out)

    def press(self, name, now_ms):
        # type: (str, int) -> bytes
        """Queue a press of the named button; return its frame to write at once."""
        if len(self._pending) >= MAX_PENDING:
            self._pending.pop(0)
            self.dropped += 1
        event = (self._next_seq, name)
        self._next_seq = (self._next_seq + 1) & 0xFFFF
        self._pending.append(event)
        self._last_retransmit_ms = now_ms  # just sent: give the host time to acknowledge before resending
        return codec.encode_frame(codec.Button(event[0], self._base_seq(), name))

    def poll(self, now_ms):
        # type: (int) -> bytes
        """Return the retransmissions due now (every unacknowledged press, oldest first)."""
        if not self._pending:
            return b""
        last = self._last_retransmit_ms
        if last is not None and ticks_diff(now_ms, last) < self.retransmit_ms:
            return b""
        self._last_retransmit_ms = now_ms
        return self._pending_frames()

    def pending_count(self):
        # type: () -> int
        """Return how many presses await an acknowledgement."""
        return len(self._pending)

    def is_host_alive(self, now_ms, timeout_ms=3000):
        # type: (int, int) -> bool
        """Return whether a valid frame arrived from the host within timeout_ms."""
        heard = self.last_heard_ms
        return heard is not None and ticks_diff(now_ms, heard) <= timeout_ms

    def _base_seq(self):
        # type: () -> int
        return self._pending[0][0] if self._pending else self._next_seq

    def _welcome(self):
        # type: () -> codec.Welcome
        return codec.Welcome(self.version, self.boot_id, self._base_seq(), self.led_count, self.firmware)

    def _pending_frames(self):
        # type: () -> bytes
        base = self._base_seq()
        frames = bytearray()
        for seq, name in self._pending[:RETRANSMIT_BATCH]:
            frames.extend(codec.encode_frame(codec.Button(seq, base, name)))
        return bytes(frames)

    def _acknowledge(self, ack_seq):
        # type: (int) -> None
        # The ack is cumulative: drop every pending event at or before it (modulo 2**16).
        self._pending = [event for event in self._pending if codec.seq_after(event[0], ack_seq) > 0]

    def _reply(self, message):
        # type: (codec.Message) -> bytes
        if isinstance(message, codec.Hello):
            # Answer with our own version even when it differs: the host decides and reports it.
            return codec.encode_frame(self._welcome()) + self._pending_frames()
        if isinstance(message, codec.Ping):
            return codec.encode_frame(codec.Pong(message.token, self.boot_id))
        if isinstance(message, codec.Leds):
            self.leds = message
            return codec.encode_frame(codec.LedsAck(message.generation))
        if isinstance(message, codec.ButtonAck):
            self._acknowledge(message.seq)
            return b""
        self.unexpected += 1
        return b""
