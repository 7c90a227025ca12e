"""The Pico firmware's main loop run under CPython with stand-ins for machine, neopixel and micropython."""

import importlib.util
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import firmware_bridge
from firmware_bridge import codec

MAIN = Path(firmware_bridge.__file__).parent / "firmware" / "main.py"


class FakeLink:
    """Stands in for the USB serial: bytes from the host in, bytes to the host out."""

    def __init__(self) -> None:
        self.inbox = bytearray()
        self.sent = bytearray()

    def read_available(self) -> bytes:
        data, self.inbox = bytes(self.inbox), bytearray()
        return data

    def write(self, data: bytes) -> None:
        self.sent.extend(data)

    def received(self) -> list[codec.Message]:
        messages = codec.FrameDecoder().feed(bytes(self.sent))
        self.sent.clear()
        return messages


class FakeStrip(list):
    """Stands in for neopixel.NeoPixel: a list of colours plus write()."""

    def __init__(self, count: int) -> None:
        super().__init__([(0, 0, 0)] * count)
        self.writes = 0

    def write(self) -> None:
        self.writes += 1


class FakePin:
    def __init__(self) -> None:
        self.level = 1  # pulled up: released

    def value(self) -> int:
        return self.level


@pytest.fixture
def main_module(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    for name in ("machine", "neopixel", "micropython"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    spec = importlib.util.spec_from_file_location("pico_main", MAIN)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module


def test_firmware_announces_answers_and_shows_the_host_state(main_module: Any) -> None:
    link, strip, pin = FakeLink(), FakeStrip(12), FakePin()
    firmware = main_module.Firmware(link, strip, [("confirm", pin)], boot_id=99)
    assert isinstance(link.received()[0], codec.Welcome)
    state = codec.Leds(5, ((0, 0, 255),), 0, False, "ready", None, 255)
    link.inbox.extend(codec.encode_frame(codec.Hello()) + codec.encode_frame(state))
    firmware.step(1000)
    replies = link.received()
    assert replies[0] == codec.Welcome(1, 99, 0, 12, main_module.FIRMWARE)
    assert replies[1] == codec.LedsAck(5)
    assert list(strip) == [(0, 0, 255)] * 12 and strip.writes == 1


def test_firmware_debounces_a_press_and_sends_it(main_module: Any) -> None:
    link, pin = FakeLink(), FakePin()
    firmware = main_module.Firmware(link, FakeStrip(4), [("confirm", pin)], boot_id=1)
    link.received()
    firmware.step(0)
    pin.level = 0
    for now in range(2, 60, 2):
        firmware.step(now)
    assert link.received() == [codec.Button(0, 0, "confirm")]


def test_firmware_shows_no_host_pattern_when_the_host_is_silent(main_module: Any) -> None:
    link, strip = FakeLink(), FakeStrip(8)
    firmware = main_module.Firmware(link, strip, [], boot_id=1)
    link.inbox.extend(codec.encode_frame(codec.Leds(1, ((255, 0, 0),), 0, False, "ready", None, 255)))
    firmware.step(0)
    assert list(strip) == [(255, 0, 0)] * 8
    firmware.step(main_module.HOST_TIMEOUT_MS + 100)
    assert sum(colour != (0, 0, 0) for colour in strip) == 1
