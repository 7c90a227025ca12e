"""Fault tests over a pseudo-terminal at a stable path: unplug/replug, reboots, garbage, hung firmware."""

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from firmware_bridge import Bridge, LedState, codec
from firmware_bridge.fake_device import PtyDevice

FAST: dict[str, Any] = dict(
    heartbeat_s=0.05, resend_s=0.02, handshake_timeout_s=0.3, backoff_initial_s=0.002, backoff_max_s=0.01
)
SEATS = ((255, 0, 0), (0, 0, 255), (0, 255, 0), (255, 255, 0))


def wait_for(condition: Callable[[], bool], timeout_s: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.002)
    return condition()


@pytest.fixture
def device(tmp_path: Path) -> Iterator[PtyDevice]:
    with PtyDevice(tmp_path / "usb-fake-pico", retransmit_ms=20) as fake:
        yield fake


@pytest.fixture
def presses() -> list[tuple[str, int]]:
    return []


@pytest.fixture
def bridge(device: PtyDevice, presses: list) -> Iterator[Bridge]:
    with Bridge(str(device.link_path), lambda name, seq: presses.append((name, seq)), **FAST) as link:
        link.start()
        yield link


def _state(cycle: int) -> LedState:
    return LedState(seat_colours=SEATS, current_seat=cycle % 4, is_waiting=cycle % 3 == 0, brightness=cycle % 256)


def test_hundred_unplug_replug_cycles_keep_leds_right_and_presses_exactly_once(
    bridge: Bridge, device: PtyDevice, presses: list
) -> None:
    rng = random.Random(1234)
    expected: list[str] = []
    for cycle in range(100):
        state = _state(cycle)
        bridge.set_leds(state)
        assert bridge.wait_until_synced(5), (cycle, bridge.status())
        assert device.leds == state, cycle
        for step in range(rng.randint(0, 2)):  # presses while plugged, some cut off by the unplug
            expected.append(f"p{cycle}.{step}")
            device.press(expected[-1])
        device.unplug()
        if rng.random() < 0.5:  # a press while the cable is out is kept by the board and sent later
            expected.append(f"u{cycle}")
            device.press(expected[-1])
        device.plug()
    assert wait_for(lambda: len(presses) >= len(expected))
    assert wait_for(lambda: device.pending_count() == 0)
    assert [name for name, _ in presses] == expected
    assert [seq for _, seq in presses] == list(range(len(expected)))
    assert bridge.status()["reconnects"] == 100


def test_state_is_resent_after_a_reboot_and_late_presses_are_not_duplicated(
    bridge: Bridge, device: PtyDevice, presses: list
) -> None:
    for cycle in range(10):
        state = _state(cycle)
        bridge.set_leds(state)
        assert bridge.wait_until_synced(5), cycle
        device.unplug()
        device.plug(is_rebooted=True)  # the board forgot everything: the host must resend in full
        assert wait_for(lambda: device.leds == state), cycle  # noqa: B023 - evaluated within the loop
        device.press(f"r{cycle}")
        assert wait_for(lambda: len(presses) == cycle + 1), cycle  # noqa: B023
    assert [name for name, _ in presses] == [f"r{c}" for c in range(10)]
    assert [seq for _, seq in presses] == [0] * 10  # numbering restarts with each boot


def test_garbage_and_forged_frames_are_counted_and_the_link_survives(
    bridge: Bridge, device: PtyDevice, presses: list
) -> None:
    assert wait_for(lambda: bridge.status()["connected"])
    good = codec.encode_frame(codec.Pong(0, 0))
    crc_broken = good[:-3] + bytes([good[-3] ^ 0x40]) + good[-2:]
    device.inject(bytes(random.Random(7).randrange(256) for _ in range(3000)))
    device.inject(b"\x00" + b"\x07" * 400 + b"\x00")  # oversized
    device.inject(crc_broken)
    device.inject(b"\x00" + codec.cobs_encode(b"\x7f\x00" + b"\x12\x34") + b"\x00")  # bad CRC or type
    device.inject(codec.encode_frame(codec.Hello())[:4])  # cut mid-frame, then a real press
    device.press("confirm")
    assert wait_for(lambda: presses == [("confirm", 0)])
    errors = bridge.status()["errors"]
    assert errors["oversized"] >= 1 and errors["crc"] >= 1
    assert errors["framing"] + errors["crc"] + errors["unknown_type"] + errors["malformed"] >= 3
    assert wait_for(lambda: bridge.status()["connected"])


def test_a_hung_device_is_reported_as_not_connected_with_its_silence(bridge: Bridge, device: PtyDevice) -> None:
    assert wait_for(lambda: bridge.status()["connected"])
    device.is_responsive = False
    assert wait_for(lambda: not bridge.status()["connected"], timeout_s=2)
    assert bridge.status()["last_heard_s"] > 3 * FAST["heartbeat_s"]
    device.is_responsive = True
    assert wait_for(lambda: bridge.status()["connected"])


def test_duplicated_button_frames_are_delivered_once(bridge: Bridge, device: PtyDevice, presses: list) -> None:
    assert wait_for(lambda: bridge.status()["connected"])
    frame = codec.encode_frame(codec.Button(0, 0, "forged-dup"))
    device.inject(frame * 5)
    assert wait_for(lambda: bridge.status()["errors"]["duplicates"] >= 4)
    assert presses == [("forged-dup", 0)]
