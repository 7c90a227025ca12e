"""Property tests: the decoder never raises and never accepts a message that was not sent."""

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import codec

FUZZ = settings(max_examples=400, derandomize=True, deadline=None)

colours = st.tuples(*[st.integers(0, 255)] * 3)


@st.composite
def leds_messages(draw: st.DrawFn) -> codec.Leds:
    seats = draw(st.lists(colours, max_size=codec.MAX_SEATS))
    current = draw(st.none() | st.integers(0, len(seats) - 1)) if seats else None
    return codec.Leds(
        draw(st.integers(0, 0xFFFF)),
        tuple(seats),
        current,
        draw(st.booleans()),
        draw(st.sampled_from(codec.STATUSES)),
        draw(st.sampled_from(codec.VERDICTS)),
        draw(st.integers(0, 255)),
    )


names = st.text(min_size=1, max_size=4)
messages = st.one_of(
    st.builds(codec.Ping, st.integers(0, 0xFFFFFFFF)),
    st.builds(codec.Pong, st.integers(0, 0xFFFFFFFF), st.integers(0, 0xFFFFFFFF)),
    st.builds(codec.Button, st.integers(0, 0xFFFF), st.integers(0, 0xFFFF), names),
    st.builds(codec.ButtonAck, st.integers(0, 0xFFFF)),
    st.builds(codec.LedsAck, st.integers(0, 0xFFFF)),
    leds_messages(),
)


@FUZZ
@given(st.binary(max_size=600))
def test_cobs_round_trips_any_bytes(data: bytes) -> None:
    encoded = codec.cobs_encode(data)
    assert 0 not in encoded
    assert codec.cobs_decode(encoded) == data


@FUZZ
@given(messages)
def test_any_message_round_trips(message: codec.Message) -> None:
    assert codec.FrameDecoder().feed(codec.encode_frame(message)) == [message]


@FUZZ
@given(st.binary(max_size=2000), st.integers(1, 64))
def test_random_bytes_never_raise_and_yield_no_message(data: bytes, chunk: int) -> None:
    decoder = codec.FrameDecoder()
    accepted = []
    for start in range(0, len(data), chunk):
        accepted += decoder.feed(data[start : start + chunk])
    decoder.reset()
    assert accepted == []
    assert decoder.accepted == 0


@st.composite
def mutated_streams(draw: st.DrawFn) -> tuple[list[codec.Message], bytes]:
    sent = draw(st.lists(messages, min_size=1, max_size=5))
    stream = bytearray(b"".join(codec.encode_frame(m) for m in sent))
    for _ in range(draw(st.integers(1, 4))):
        if not stream:  # deletions may have eaten it all
            break
        at = draw(st.integers(0, len(stream) - 1))
        action = draw(st.sampled_from(["flip", "insert", "delete", "replace"]))
        if action == "flip":
            stream[at] ^= 1 << draw(st.integers(0, 7))
        elif action == "insert":
            stream[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif action == "delete":
            del stream[at : at + draw(st.integers(1, 8))]
        else:
            stream[at] = draw(st.integers(0, 255))
    return sent, bytes(stream)


@FUZZ
@given(mutated_streams())
def test_mutated_frames_yield_only_messages_that_were_sent(case: tuple[list[codec.Message], bytes]) -> None:
    sent, stream = case
    accepted = codec.FrameDecoder().feed(stream)
    assert len(accepted) <= len(sent)
    for message in accepted:
        assert message in sent


@FUZZ
@given(messages, st.binary(max_size=100), st.binary(max_size=100))
def test_a_frame_between_garbage_is_still_received(message: codec.Message, before: bytes, after: bytes) -> None:
    accepted = codec.FrameDecoder().feed(before + codec.encode_frame(message) + after)
    assert message in accepted
