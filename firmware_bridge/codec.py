"""Wire codec shared by host and firmware: COBS framing, CRC-16/CCITT-FALSE and the protocol messages.

This one file runs under CPython (host, tests) and MicroPython (Pico firmware, copied next to main.py).
It therefore keeps to the MicroPython subset: no dataclasses, no typing at runtime (type hints are
comments), no keyword arguments to int.to_bytes, no f-strings. The PyPI ``cobs`` and ``crcmod`` packages
are CPython-only (C extensions), so the ~40 lines of COBS and CRC are written here; see PROTOCOL.md.
"""

import struct

try:
    from firmware_bridge.errors import MalformedFrameError
except ImportError:  # on the microcontroller the codec is deployed alone, without the package

    class MalformedFrameError(ValueError):  # type: ignore[no-redef]
        """A frame whose bytes cannot be decoded."""


try:
    import binascii

    _crc_hqx = getattr(binascii, "crc_hqx", None)  # CPython's C implementation of the same CRC
except ImportError:
    _crc_hqx = None

PROTOCOL_VERSION = 1
MAX_PAYLOAD = 64  # type byte + body, before the CRC; the largest message (Welcome) is 42 bytes
MAX_ENCODED = MAX_PAYLOAD + 2 + 2  # + CRC + COBS overhead (one code byte per 254, plus the first)
MAX_SEATS = 8
MAX_NAME = 16  # bytes of a UTF-8 button name
MAX_FIRMWARE = 32  # bytes of a UTF-8 firmware version string
NO_SEAT = 0xFF
STATUSES = ("ready", "reading", "waiting", "refused", "fault")
VERDICTS = (None, "allowed", "refused", "undecided")
ERROR_KINDS = ("framing", "crc", "oversized", "unknown_type", "malformed", "truncated")


def _make_crc_table():
    # type: () -> list[int]
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _make_crc_table()


def crc16_table(data, crc=0xFFFF):
    # type: (bytes, int) -> int
    """Return the CRC-16/CCITT-FALSE of data computed with the lookup table (MicroPython path)."""
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _CRC_TABLE[((crc >> 8) ^ byte) & 0xFF]
    return crc


def crc16(data, crc=0xFFFF):
    # type: (bytes, int) -> int
    """Return the CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of data."""
    if _crc_hqx is not None:
        return _crc_hqx(data, crc)
    return crc16_table(data, crc)


def cobs_encode(data):
    # type: (bytes) -> bytes
    """Return data encoded with COBS: the result contains no 0x00 byte."""
    out = bytearray(b"\x00")
    code_at = 0
    code = 1
    for byte in data:
        if byte == 0:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
            continue
        out.append(byte)
        code += 1
        if code == 0xFF:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
    out[code_at] = code
    return bytes(out)


def cobs_decode(data):
    # type: (bytes) -> bytes
    """Return the bytes COBS-encoded in data; raise MalformedFrameError when the blocks do not add up."""
    out = bytearray()
    index = 0
    size = len(data)
    while index < size:
        code = data[index]
        end = index + code
        if code == 0 or end > size:
            raise MalformedFrameError("COBS block of length " + str(code) + " does not fit the frame")
        out.extend(data[index + 1 : end])
        index = end
        if code < 0xFF and index < size:
            out.append(0)
    return bytes(out)


def _text(raw, limit, field):
    # type: (bytes, int, str) -> str
    if not 0 < len(raw) <= limit:
        raise MalformedFrameError(field + " must be 1.." + str(limit) + " bytes, got " + str(len(raw)))
    try:
        return raw.decode("utf-8")
    except ValueError:  # UnicodeError is a ValueError on both interpreters
        raise MalformedFrameError(field + " is not valid UTF-8") from None


class Message:
    """Base of the protocol messages, described as data: a fixed struct head and an optional UTF-8 tail."""

    TYPE = 0
    FIELDS = ()  # type: tuple  # attribute names in wire order; the text field, if any, is last
    HEAD = ""  # struct format (big-endian) of every field but the text one
    TEXT_LIMIT = 0  # > 0: the last field is UTF-8 text of 1..TEXT_LIMIT bytes filling the rest of the body
    # Subclasses also declare each field at class level, with a type comment, so mypy knows them.

    def __init__(self, *values):
        # type: (*object) -> None
        if len(values) != len(self.FIELDS):
            raise TypeError(type(self).__name__ + " takes " + str(len(self.FIELDS)) + " fields")
        for index in range(len(values)):  # no zip(strict=...) on MicroPython; lengths checked above
            setattr(self, self.FIELDS[index], values[index])

    def fields(self):
        # type: () -> tuple
        """Return the message's fields in wire order."""
        return tuple(getattr(self, name) for name in self.FIELDS)

    def body(self):
        # type: () -> bytes
        """Return the encoded body (everything after the type byte)."""
        values = self.fields()
        if not self.TEXT_LIMIT:
            return struct.pack(">" + self.HEAD, *values)
        return struct.pack(">" + self.HEAD, *values[:-1]) + values[-1].encode("utf-8")

    @classmethod
    def parse(cls, body):
        # type: (bytes) -> Message
        """Return the message encoded in body; raise MalformedFrameError if it does not fit the layout."""
        return _parse_layout(cls, body)

    def __eq__(self, other):
        # type: (object) -> bool
        return type(self) is type(other) and self.fields() == other.fields()

    def __hash__(self):
        # type: () -> int
        return hash((self.TYPE, self.fields()))

    def __repr__(self):
        # type: () -> str
        return type(self).__name__ + repr(self.fields())


def _parse_layout(cls, body):
    # type: (type[Message], bytes) -> Message
    size = struct.calcsize(">" + cls.HEAD)
    if len(body) != size and not (cls.TEXT_LIMIT and len(body) > size):
        raise MalformedFrameError(cls.__name__ + " body of " + str(len(body)) + " bytes does not fit")
    values = list(struct.unpack(">" + cls.HEAD, body[:size]))
    if cls.TEXT_LIMIT:
        values.append(_text(body[size:], cls.TEXT_LIMIT, cls.FIELDS[-1]))
    return cls(*values)


def _parse_versioned(cls, body, unknown):
    # type: (type[Message], bytes, tuple) -> Message
    # Every protocol version starts Hello's and Welcome's bodies with its version byte (PROTOCOL.md): a body of
    # another version that does not fit this layout still says which version it is; its other fields are unknown.
    try:
        return _parse_layout(cls, body)
    except MalformedFrameError:
        if not body or body[0] == PROTOCOL_VERSION:
            raise
        return cls(body[0], *unknown)


class Hello(Message):
    """Host to device: start of the handshake, carrying the host's protocol version."""

    TYPE, FIELDS, HEAD = 0x01, ("version",), "B"
    version = PROTOCOL_VERSION  # type: int

    def __init__(self, version=PROTOCOL_VERSION):
        # type: (int) -> None
        Message.__init__(self, version)

    @classmethod
    def parse(cls, body):
        # type: (bytes) -> Message
        """Return the Hello in body; a later host's longer Hello is read for its version, so it is answered."""
        return _parse_versioned(cls, body, ())


class Welcome(Message):
    """Device to host: handshake answer (also sent unasked at boot) with the device's identity.

    boot_id is random at each boot (tells the host the device's memory was reset); base_seq is the oldest
    unacknowledged button event, or the next one the device will use.
    """

    TYPE, FIELDS, HEAD = 0x02, ("version", "boot_id", "base_seq", "led_count", "firmware"), "BIHH"
    TEXT_LIMIT = MAX_FIRMWARE
    version = boot_id = base_seq = led_count = 0  # type: int
    firmware = ""  # type: str

    @classmethod
    def parse(cls, body):
        # type: (bytes) -> Message
        """Return the Welcome in body; one of another version laid out otherwise keeps its version, firmware ""."""
        return _parse_versioned(cls, body, (0, 0, 0, ""))


class Ping(Message):
    """Host to device: heartbeat; the device answers with a Pong echoing the token."""

    TYPE, FIELDS, HEAD = 0x03, ("token",), "I"
    token = 0  # type: int


class Pong(Message):
    """Device to host: heartbeat answer with the echoed token and the device's boot id."""

    TYPE, FIELDS, HEAD = 0x04, ("token", "boot_id"), "II"
    token = boot_id = 0  # type: int


class Leds(Message):
    """Host to device: the FULL LED state, so any lost message is repaired by the next one.

    generation is echoed by LedsAck so the host knows this exact state arrived; see PROTOCOL.md for codes.
    """

    TYPE, HEAD = 0x10, "HBBBBBB"
    FIELDS = ("generation", "seat_colours", "current_seat", "is_waiting", "status", "verdict", "brightness")
    generation = brightness = 0  # type: int
    seat_colours = ()  # type: tuple
    current_seat = None  # type: int | None
    is_waiting = False  # type: bool
    status = "ready"  # type: str
    verdict = None  # type: str | None

    def __init__(self, generation, seat_colours, current_seat, is_waiting, status, verdict, brightness):
        # type: (int, tuple, int | None, bool, str, str | None, int) -> None
        colours = tuple(tuple(colour) for colour in seat_colours)
        Message.__init__(self, generation, colours, current_seat, bool(is_waiting), status, verdict, brightness)

    def body(self):
        # type: () -> bytes
        seat = NO_SEAT if self.current_seat is None else self.current_seat
        status, verdict = STATUSES.index(self.status), VERDICTS.index(self.verdict)
        flags = 1 if self.is_waiting else 0
        head = struct.pack(">" + self.HEAD, self.generation, self.brightness, status, verdict, seat, flags,
                           len(self.seat_colours))  # fmt: skip
        return head + bytes(bytearray(channel for colour in self.seat_colours for channel in colour))

    @classmethod
    def parse(cls, body):
        # type: (bytes) -> Leds
        if len(body) < 8:
            raise MalformedFrameError("Leds body must be at least 8 bytes, got " + str(len(body)))
        generation, brightness, status, verdict, seat, flags, seats = struct.unpack(">" + cls.HEAD, body[:8])
        if seats > MAX_SEATS or len(body) != 8 + 3 * seats:
            raise MalformedFrameError("Leds body does not hold " + str(seats) + " seat colours")
        if status >= len(STATUSES) or verdict >= len(VERDICTS) or flags > 1:
            raise MalformedFrameError("Leds status, verdict or flags out of range")
        if seat != NO_SEAT and seat >= seats:
            raise MalformedFrameError("Leds current seat " + str(seat) + " is not one of the seats")
        colours = tuple(tuple(body[8 + 3 * i : 11 + 3 * i]) for i in range(seats))
        current = None if seat == NO_SEAT else seat
        return cls(generation, colours, current, flags == 1, STATUSES[status], VERDICTS[verdict], brightness)


class LedsAck(Message):
    """Device to host: the LED state of this generation is now shown."""

    TYPE, FIELDS, HEAD = 0x11, ("generation",), "H"
    generation = 0  # type: int


class Button(Message):
    """Device to host: a button press, resent until acknowledged; base_seq is the oldest unacked seq."""

    TYPE, FIELDS, HEAD, TEXT_LIMIT = 0x20, ("seq", "base_seq", "name"), "HH", MAX_NAME
    seq = base_seq = 0  # type: int
    name = ""  # type: str


class ButtonAck(Message):
    """Host to device: every button event up to and including seq (modulo 2**16) has been received."""

    TYPE, FIELDS, HEAD = 0x21, ("seq",), "H"
    seq = 0  # type: int


MESSAGE_TYPES = {cls.TYPE: cls for cls in (Hello, Welcome, Ping, Pong, Leds, LedsAck, Button, ButtonAck)}


def seq_after(seq, other):
    # type: (int, int) -> int
    """Return how far seq is ahead of other modulo 2**16, as -32768..32767 (serial-number arithmetic)."""
    distance = (seq - other) & 0xFFFF
    return distance - 0x10000 if distance >= 0x8000 else distance


def encode_frame(message):
    # type: (Message) -> bytes
    """Return the bytes to write for message: 0x00, COBS(type + body + CRC-16 big-endian), 0x00."""
    payload = bytes(bytearray((message.TYPE,))) + message.body()
    if len(payload) > MAX_PAYLOAD:
        raise ValueError("message of " + str(len(payload)) + " bytes exceeds " + str(MAX_PAYLOAD))
    crc = crc16(payload)
    # The leading delimiter ends any garbage the receiver holds, so this frame is not lost with it.
    return b"\x00" + cobs_encode(payload + bytes(bytearray((crc >> 8, crc & 0xFF)))) + b"\x00"


def _parse_frame(chunk):
    # type: (bytes) -> tuple
    """Return (message, None) or (None, error kind) for the bytes between two delimiters."""
    try:
        raw = cobs_decode(chunk)
    except MalformedFrameError:
        return None, "framing"
    if len(raw) < 3:
        return None, "framing"
    payload = raw[:-2]
    if crc16(payload) != (raw[-2] << 8) | raw[-1]:
        return None, "crc"
    cls = MESSAGE_TYPES.get(payload[0])
    if cls is None:
        return None, "unknown_type"
    try:
        return cls.parse(payload[1:]), None
    except (MalformedFrameError, ValueError, IndexError):
        return None, "malformed"


def decode_frame(chunk):
    # type: (bytes) -> Message
    """Return the message in chunk (one frame without delimiters); raise MalformedFrameError naming why."""
    message, error = _parse_frame(chunk)
    if message is None:
        raise MalformedFrameError("frame refused: " + str(error))
    return message


class FrameDecoder:
    """Turns a byte stream into messages; never raises, counts every refused frame by kind."""

    def __init__(self, max_encoded=MAX_ENCODED):
        # type: (int) -> None
        self.max_encoded = max_encoded
        self.errors = {kind: 0 for kind in ERROR_KINDS}
        self.accepted = 0
        self._buffer = bytearray()
        self._is_overflowing = False

    def feed(self, data):
        # type: (bytes) -> list
        """Return the messages completed by data, in order."""
        data = bytes(data)
        messages = []  # type: list
        start = 0
        while True:
            end = data.find(b"\x00", start)
            if end < 0:
                self._append(data[start:])
                return messages
            self._append(data[start:end])
            message = self._finish()
            if message is not None:
                messages.append(message)
            start = end + 1

    def reset(self):
        # type: () -> None
        """Drop a partial frame (the port went away mid-frame), counting it as truncated."""
        if self._buffer or self._is_overflowing:
            self.errors["truncated"] += 1
        self._buffer = bytearray()
        self._is_overflowing = False

    def _append(self, chunk):
        # type: (bytes) -> None
        if self._is_overflowing:
            return
        if len(self._buffer) + len(chunk) > self.max_encoded:
            # Too long to be a frame: skip everything up to the next delimiter (resynchronise there).
            self._is_overflowing = True
            self._buffer = bytearray()
            return
        self._buffer.extend(chunk)

    def _finish(self):
        # type: () -> Message | None
        if self._is_overflowing:
            self._is_overflowing = False
            self.errors["oversized"] += 1
            return None
        if not self._buffer:
            return None
        chunk = bytes(self._buffer)
        self._buffer = bytearray()
        message, error = _parse_frame(chunk)
        if message is None:
            self.errors[error] += 1
            return None
        self.accepted += 1
        return message
