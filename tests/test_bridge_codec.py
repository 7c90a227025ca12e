"""Table-driven tests of the shared wire codec: COBS, CRC, messages and the stream decoder."""

from collections.abc import Callable

import pytest

from firmware_bridge import codec
from firmware_bridge.errors import MalformedFrameError

# Worked examples of COBS from Cheshire & Baker's paper / the usual reference vectors.
COBS_VECTORS = [
    (b"", b"\x01"),
    (b"\x00", b"\x01\x01"),
    (b"\x00\x00", b"\x01\x01\x01"),
    (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
    (b"\x11\x22\x33\x44", b"\x05\x11\x22\x33\x44"),
    (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
    (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255)) + b"\x01"),
]


@pytest.mark.parametrize(("raw", "encoded"), COBS_VECTORS)
def test_cobs_encodes_reference_vectors(raw: bytes, encoded: bytes) -> None:
    assert codec.cobs_encode(raw) == encoded
    assert codec.cobs_decode(encoded) == raw


@pytest.mark.parametrize("bad", [b"\x05\x11\x22", b"\x00", b"\x03\x11"])
def test_cobs_refuses_blocks_that_do_not_fit(bad: bytes) -> None:
    with pytest.raises(MalformedFrameError):
        codec.cobs_decode(bad)


@pytest.mark.parametrize("crc", [codec.crc16, codec.crc16_table])
def test_crc16_ccitt_false_check_value(crc: Callable[[bytes], int]) -> None:
    assert crc(b"123456789") == 0x29B1
    assert crc(b"") == 0xFFFF


def test_table_crc_matches_the_c_implementation_on_many_inputs() -> None:
    for size in range(0, 300, 7):
        data = bytes((i * 37 + size) & 0xFF for i in range(size))
        assert codec.crc16_table(data) == codec.crc16(data)


MESSAGES = [
    codec.Hello(),
    codec.Hello(7),
    codec.Welcome(1, 0xDEADBEEF, 65535, 24, "pico-1.0"),
    codec.Ping(0),
    codec.Ping(0xFFFFFFFF),
    codec.Pong(42, 0x01020304),
    codec.Leds(0, (), None, False, "ready", None, 0),
    codec.Leds(65535, ((255, 0, 0),) * 8, 7, True, "fault", "undecided", 255),
    codec.Leds(3, ((0, 0, 0), (1, 2, 3)), 0, False, "reading", "allowed", 64),
    codec.LedsAck(513),
    codec.Button(0, 0, "confirm"),
    codec.Button(65535, 65530, "é" * 8),
    codec.ButtonAck(9),
]


@pytest.mark.parametrize("message", MESSAGES, ids=repr)
def test_every_message_survives_a_round_trip(message: codec.Message) -> None:
    frame = codec.encode_frame(message)
    assert frame[0] == 0 and frame[-1] == 0 and 0 not in frame[1:-1]
    assert codec.decode_frame(frame[1:-1]) == message
    assert codec.FrameDecoder().feed(frame) == [message]


def _frame_body(payload: bytes, crc: int | None = None) -> bytes:
    value = codec.crc16(payload) if crc is None else crc
    return codec.cobs_encode(payload + bytes((value >> 8, value & 0xFF)))


REFUSED = [
    ("framing", b"\x07\x01"),  # COBS block longer than the frame
    ("framing", codec.cobs_encode(b"\x01")),  # too short to hold a type and a CRC
    ("crc", _frame_body(b"\x03\x00\x00\x00\x01", crc=0x1234)),
    ("unknown_type", _frame_body(b"\x7e\x00")),
    ("malformed", _frame_body(b"\x03\x00")),  # Ping with a 1-byte body
    ("malformed", _frame_body(b"\x10\x00\x01\x40\x09\x00\xff\x00\x00")),  # unknown status code 9
    ("malformed", _frame_body(b"\x10\x00\x01\x40\x00\x00\x02\x00\x01\x01\x02\x03")),  # seat 2 of 1
    ("malformed", _frame_body(b"\x20\x00\x01\x00\x01\xff\xfe")),  # button name not UTF-8
]


@pytest.mark.parametrize(("kind", "chunk"), REFUSED)
def test_decoder_counts_each_refused_frame_by_kind(kind: str, chunk: bytes) -> None:
    decoder = codec.FrameDecoder()
    assert decoder.feed(b"\x00" + chunk + b"\x00") == []
    assert decoder.errors[kind] == 1
    assert sum(decoder.errors.values()) == 1
    with pytest.raises(MalformedFrameError, match=kind):
        codec.decode_frame(chunk)


def test_decoder_resynchronises_after_garbage_and_oversized_runs() -> None:
    decoder = codec.FrameDecoder()
    good = codec.encode_frame(codec.Ping(5))
    stream = b"\x13\x37garbage" + good + b"\x01" * 500 + b"\x00" + good
    assert decoder.feed(stream) == [codec.Ping(5), codec.Ping(5)]
    assert decoder.errors["framing"] == 1 and decoder.errors["oversized"] == 1


def test_decoder_reassembles_a_frame_fed_one_byte_at_a_time() -> None:
    decoder = codec.FrameDecoder()
    message = codec.Welcome(1, 7, 3, 16, "fw")
    received = [m for byte in codec.encode_frame(message) for m in decoder.feed(bytes((byte,)))]
    assert received == [message]


def test_reset_counts_a_frame_cut_by_the_port_vanishing() -> None:
    decoder = codec.FrameDecoder()
    decoder.feed(codec.encode_frame(codec.Ping(1))[:5])
    decoder.reset()
    assert decoder.errors["truncated"] == 1
    assert decoder.feed(codec.encode_frame(codec.Ping(2))) == [codec.Ping(2)]


def test_encoding_refuses_a_payload_beyond_the_limit() -> None:
    with pytest.raises(ValueError, match="exceeds"):
        codec.encode_frame(codec.Button(1, 1, "x" * 100))


@pytest.mark.parametrize(
    ("seq", "other", "distance"), [(5, 3, 2), (3, 5, -2), (0, 65535, 1), (65535, 0, -1), (7, 7, 0)]
)
def test_seq_after_wraps_around(seq: int, other: int, distance: int) -> None:
    assert codec.seq_after(seq, other) == distance
