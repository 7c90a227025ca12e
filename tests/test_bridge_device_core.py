"""DeviceCore (the firmware's protocol logic, run under CPython): handshake, acks, retransmission."""

from firmware_bridge import codec
from firmware_bridge.device_core import MAX_PENDING, DeviceCore


def _exchange(core: DeviceCore, message: codec.Message, now_ms: int = 0) -> list[codec.Message]:
    return codec.FrameDecoder().feed(core.receive(codec.encode_frame(message), now_ms))


def test_hello_is_answered_with_identity_and_pending_presses() -> None:
    core = DeviceCore("fw-1", 24, boot_id=0xABCD, first_seq=7)
    core.press("confirm", 0)
    replies = _exchange(core, codec.Hello())
    assert replies == [codec.Welcome(1, 0xABCD, 7, 24, "fw-1"), codec.Button(7, 7, "confirm")]


def test_ping_is_answered_with_token_and_boot_id() -> None:
    core = DeviceCore("fw", 8, boot_id=5)
    assert _exchange(core, codec.Ping(99), now_ms=1000) == [codec.Pong(99, 5)]
    assert core.is_host_alive(3000) and not core.is_host_alive(4001)


def test_led_state_is_applied_and_acknowledged() -> None:
    core = DeviceCore("fw", 8, boot_id=5)
    leds = codec.Leds(12, ((1, 2, 3),), 0, False, "ready", None, 10)
    assert _exchange(core, leds) == [codec.LedsAck(12)]
    assert core.leds == leds


def test_unacknowledged_presses_are_resent_after_the_interval_until_acked() -> None:
    core = DeviceCore("fw", 8, boot_id=5, retransmit_ms=100)
    core.press("a", 0)
    core.press("b", 10)
    assert core.poll(50) == b""
    assert codec.FrameDecoder().feed(core.poll(110)) == [codec.Button(0, 0, "a"), codec.Button(1, 0, "b")]
    _exchange(core, codec.ButtonAck(0))
    assert codec.FrameDecoder().feed(core.poll(220)) == [codec.Button(1, 1, "b")]
    _exchange(core, codec.ButtonAck(1))
    assert core.pending_count() == 0 and core.poll(400) == b""


def test_a_full_queue_drops_the_oldest_press_and_counts_it() -> None:
    core = DeviceCore("fw", 8, boot_id=5)
    for index in range(MAX_PENDING + 3):
        core.press(str(index), index)
    assert core.pending_count() == MAX_PENDING and core.dropped == 3
    welcome = _exchange(core, codec.Hello())[0]
    assert isinstance(welcome, codec.Welcome) and welcome.base_seq == 3


def test_frames_meant_for_the_device_only_are_counted_as_unexpected() -> None:
    core = DeviceCore("fw", 8, boot_id=5)
    assert _exchange(core, codec.Pong(1, 1)) == []
    assert core.unexpected == 1
