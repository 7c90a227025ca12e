"""What the link says when a board answers but cannot be used, in words a person at the table can act on: a serial
line at another speed than the firmware's, a board of a newer or older protocol, and LEDs that are not in sync."""

# ruff: noqa: F811  (pytest fixtures imported from the other bridge tests are parameters here)

from __future__ import annotations

import html
import json
import logging
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_bridge_firmware import main_module  # noqa: F401  (fixture)
from test_bridge_micropython import MJS, PACKAGE, RUNNER, SHARED
from test_bridge_mismatch_log import HOST, NEWER, errors_told, link_log, newer_board, refusals  # noqa: F401
from test_bridge_open_log import told
from test_bridge_pty import FAST, wait_for

from companion.devices.lights import BridgeSink
from companion.events.store import EventStore
from companion.i18n.catalog import catalogues
from companion.service import Companion
from companion.web import create_app
from firmware_bridge import Bridge, LedState, codec, diagnosis
from firmware_bridge.device_core import DeviceCore
from firmware_bridge.fake_device import FAKE_FIRMWARE, PtyDevice
from firmware_bridge.uart_line import resample

SPEED_WORDS = "the link's speed may not match the firmware's"
REPL = (
    b'MicroPython v1.22.0 on 2024-01-05; Raspberry Pi Pico with RP2040\r\nType "help()" for more information.\r\n>>> '
)


def speed_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return told(caplog, logging.WARNING, SPEED_WORDS)


# -- a serial line at another speed ------------------------------------------------------------------------------


@pytest.mark.parametrize(("firmware_baud", "host_baud"), [(115200, 9600), (9600, 115200), (115200, 57600)])
def test_a_uart_at_another_speed_is_said_to_be_a_speed_mismatch_naming_the_baud_and_the_setting(
    tmp_path: Path, link_log: pytest.LogCaptureFixture, firmware_baud: int, host_baud: int
) -> None:
    with (
        PtyDevice(tmp_path / "ttyAMA0", uart_baudrate=firmware_baud) as board,
        Bridge(str(board.link_path), baudrate=host_baud, **FAST) as link,
    ):
        board.press("confirm")  # a player presses: the board sends it, and resends it, at its own speed
        link.start()
        assert wait_for(lambda: SPEED_WORDS in (link.status()["error"] or "")), link.status()
        assert wait_for(lambda: link.status()["errors"]["handshake_timeout"] >= 5)
        status = link.status()
    assert not status["connected"]
    error = status["error"]
    assert f"opens it at {host_baud} baud" in error and "set serial.baudrate to" in error, error
    assert str(board.link_path) in error and "no handshake answer" not in error
    warned = speed_warnings(link_log)
    assert len(warned) == 1, warned  # said once, then retried quietly
    assert f"{host_baud} baud" in warned[0] and "serial.baudrate" in warned[0]


def test_the_setting_named_is_the_one_the_bridge_is_given(tmp_path: Path) -> None:
    with (
        PtyDevice(tmp_path / "ttyUSB0", uart_baudrate=115200) as board,
        Bridge(str(board.link_path), baudrate=9600, baudrate_key="mcu.speed", **FAST) as link,
    ):
        board.press("confirm")
        link.start()
        assert wait_for(lambda: SPEED_WORDS in (link.status()["error"] or "")), link.status()
        assert "(mcu.speed); set mcu.speed to" in link.status()["error"]


def test_once_the_speeds_match_the_link_comes_up_and_the_words_go(tmp_path: Path) -> None:
    with (
        PtyDevice(tmp_path / "ttyAMA0", uart_baudrate=115200) as board,
        Bridge(str(board.link_path), baudrate=9600, **FAST) as link,
    ):
        board.press("confirm")
        link.start()
        assert wait_for(lambda: SPEED_WORDS in (link.status()["error"] or ""))
        board.unplug()
        board.uart_baudrate = 9600  # the board's firmware rebuilt at the host's speed
        board.plug()
        assert wait_for(lambda: link.status()["connected"]), link.status()
        assert link.status()["error"] is None


def test_a_uart_at_the_right_speed_is_a_working_link(tmp_path: Path, link_log: pytest.LogCaptureFixture) -> None:
    with (
        PtyDevice(tmp_path / "ttyAMA0", uart_baudrate=57600) as board,
        Bridge(str(board.link_path), baudrate=57600, **FAST) as link,
    ):
        board.press("confirm")
        link.start()
        assert wait_for(lambda: link.status()["connected"])
        link.set_leds(LedState(seat_colours=((255, 0, 0),), current_seat=0))
        assert link.wait_until_synced(5)
    assert not speed_warnings(link_log)


class Chatter:
    """Writes the same bytes to the host every few milliseconds, as a board talking something else would."""

    def __init__(self, board: PtyDevice, data: bytes) -> None:
        self._board, self._data = board, data
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._talk, daemon=True)

    def __enter__(self) -> Chatter:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _talk(self) -> None:
        while not self._stop.wait(0.005):
            self._board.inject(self._data)


def test_a_board_talking_text_is_not_called_a_speed_mismatch(tmp_path: Path) -> None:
    with PtyDevice(tmp_path / "usb-other-pico") as board, Bridge(str(board.link_path), **FAST) as link:
        board.is_responsive = False  # not the companion's firmware: a MicroPython prompt, say
        with Chatter(board, REPL):
            link.start()
            assert wait_for(lambda: link.status()["errors"]["handshake_timeout"] >= 3)
            error = link.status()["error"]
    assert "no handshake answer" in error and SPEED_WORDS not in error


@pytest.mark.parametrize(
    ("received", "is_garbled"),
    [
        (b"", False),
        (b"\x00" * (diagnosis.GARBLED_BYTES - 1), False),  # a few bytes of noise as a cable goes in
        (b"\x00" * diagnosis.GARBLED_BYTES, True),  # a receiver faster than the sender: runs of 0x00
        (bytes(range(0x80, 0x80 + 40)), True),
        (REPL, False),  # a console's text
    ],
)
def test_garble_watch_counts_bytes_that_make_no_frame(received: bytes, is_garbled: bool) -> None:
    watch = diagnosis.GarbleWatch()
    for start in range(0, len(received), 5):
        watch.saw(received[start : start + 5], is_frame_valid=False)
    assert watch.is_garbled() is is_garbled
    watch.saw(codec.encode_frame(codec.Ping(1)), is_frame_valid=True)
    assert not watch.is_garbled() and watch.garbage_bytes == 0


def test_resampling_at_one_speed_is_the_bytes_themselves_and_at_another_no_frame() -> None:
    frame = codec.encode_frame(codec.Welcome(1, 7, 3, 24, FAKE_FIRMWARE))
    assert resample(frame, 115200, 115200) == frame
    for sent, read in ((115200, 9600), (9600, 115200), (115200, 230400)):
        assert codec.FrameDecoder().feed(resample(frame * 4, sent, read)) == [], (sent, read)


def test_the_speed_named_is_the_reference_firmwares(main_module: Any) -> None:
    assert diagnosis.REFERENCE_BAUDRATE == main_module.BAUDRATE


# -- a board of another protocol version --------------------------------------------------------------------------


def test_a_newer_board_is_told_once_to_need_an_updated_service(
    newer_board: PtyDevice, link_log: pytest.LogCaptureFixture
) -> None:
    with Bridge(str(newer_board.link_path), **FAST) as link:
        link.start()
        assert wait_for(lambda: refusals(link) >= 5)
        error = link.status()["error"]
    assert f"speaks protocol version {NEWER}" in error and f"speaks version {HOST}, the newest it knows" in error
    assert "update the companion (this service)" in error, error
    said = errors_told(link_log)
    assert len(said) == 1 and error in said[0], said  # once, in the words of status()


def test_an_older_board_is_told_once_to_need_its_firmware_updated(
    tmp_path: Path, link_log: pytest.LogCaptureFixture
) -> None:
    with (
        PtyDevice(tmp_path / "usb-old-pico", protocol_version=HOST - 1) as board,
        Bridge(str(board.link_path), **FAST) as link,
    ):
        link.start()
        assert wait_for(lambda: refusals(link) >= 5)
        status = link.status()
    error = status["error"]
    assert not status["connected"]
    assert f"speaks protocol version {HOST - 1}" in error and f"older than the version {HOST}" in error, error
    assert "update the board's firmware" in error and "flash the companion's reference firmware" in error
    assert "update the companion" not in error
    said = errors_told(link_log)
    assert len(said) == 1 and error in said[0], said  # once, in the words of status()


class WelcomeOfALaterLayout(codec.Message):
    """A Welcome as a later protocol might lay it out: a new field before the firmware name."""

    TYPE, HEAD, TEXT_LIMIT = codec.Welcome.TYPE, "BIHHH", codec.MAX_FIRMWARE
    FIELDS = ("version", "boot_id", "base_seq", "led_count", "features", "firmware")


class LaterCore(DeviceCore):
    def _welcome(self) -> codec.Welcome:
        later = WelcomeOfALaterLayout(self.version, self.boot_id, 0, self.led_count, 0xFFFF, self.firmware)
        return later  # type: ignore[return-value]  # encoded like one: a type byte and a body


class LaterBoard(PtyDevice):
    """The fake board with a firmware of a later protocol whose Welcome does not fit version 1's layout."""

    def _boot(self) -> DeviceCore:
        return LaterCore(FAKE_FIRMWARE, self.led_count, 1234, self.retransmit_ms, version=self.protocol_version)


def test_a_welcome_of_a_later_layout_is_still_named_by_its_version(
    tmp_path: Path, link_log: pytest.LogCaptureFixture
) -> None:
    with (
        LaterBoard(tmp_path / "usb-later-pico", protocol_version=NEWER) as board,
        Bridge(str(board.link_path), **FAST) as link,
    ):
        link.start()
        assert wait_for(lambda: refusals(link) >= 3), link.status()
        error = link.status()["error"]
    assert f"speaks protocol version {NEWER} (firmware unknown" in error and "update the companion" in error, error
    assert len(errors_told(link_log)) == 1


def _later_welcome(version: int) -> bytes:
    return codec.encode_frame(WelcomeOfALaterLayout(version, 7, 0, 24, 0xFFFF, "pico-ring-2.0"))[1:-1]


def test_hello_and_welcome_of_another_layout_are_read_for_their_version_only() -> None:
    assert codec.decode_frame(_later_welcome(NEWER)) == codec.Welcome(NEWER, 0, 0, 0, "")
    with pytest.raises(codec.MalformedFrameError, match="malformed"):
        codec.decode_frame(_later_welcome(HOST))  # our own version laid out wrong is still malformed
    longer_hello = bytes((codec.Hello.TYPE, NEWER, 0xAB, 0xCD))
    assert codec.FrameDecoder().feed(b"\x00" + codec.cobs_encode(longer_hello + _crc(longer_hello)) + b"\x00") == [
        codec.Hello(NEWER)
    ]


def _crc(payload: bytes) -> bytes:
    value = codec.crc16(payload)
    return bytes((value >> 8, value & 0xFF))


def test_the_firmware_answers_a_later_hosts_longer_hello_so_it_can_be_told_to_update() -> None:
    core = DeviceCore("fw-1", 24, boot_id=0xABCD)
    longer_hello = bytes((codec.Hello.TYPE, NEWER, 0xAB, 0xCD))
    frame = b"\x00" + codec.cobs_encode(longer_hello + _crc(longer_hello)) + b"\x00"
    assert codec.FrameDecoder().feed(core.receive(frame, 0)) == [codec.Welcome(HOST, 0xABCD, 0, 24, "fw-1")]


MICROPYTHON_SCRIPT = """
import sys
sys.path.append("/")
import codec
print(sys.implementation.name)
print(codec.decode_frame(bytes.fromhex(%r)))
print(codec.decode_frame(bytes.fromhex(%r)))
print("OK")
"""


@pytest.mark.skipif(not (MJS and Path(MJS).is_file() and shutil.which("node")), reason="MicroPython not set up")
def test_another_versions_layout_is_read_alike_under_micropython(tmp_path: Path) -> None:
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER % (json.dumps(Path(MJS).as_uri()), json.dumps(SHARED), json.dumps(str(PACKAGE))))
    longer_hello = bytes((codec.Hello.TYPE, NEWER, 0xAB, 0xCD))
    hello = codec.cobs_encode(longer_hello + _crc(longer_hello))
    script = tmp_path / "check.py"
    script.write_text(MICROPYTHON_SCRIPT % (_later_welcome(NEWER).hex(), hello.hex()))
    result = subprocess.run(["node", str(runner), str(script)], capture_output=True, text=True, timeout=60)
    lines = result.stdout.splitlines()
    assert lines == ["micropython", repr(codec.Welcome(NEWER, 0, 0, 0, "")), repr(codec.Hello(NEWER)), "OK"], (
        result.stdout + result.stderr
    )


# -- LEDs not in sync on the health page --------------------------------------------------------------------------


def _health_page(link: Bridge, tmp_path: Path, lang: str) -> str:
    with Companion(EventStore(tmp_path / f"events-{lang}.db")) as service:
        service.devices["microcontroller"] = BridgeSink(link)
        app = create_app({"TESTING": True}, service)
        return html.unescape(app.test_client().get(f"/health?lang={lang}").get_data(as_text=True))


@pytest.fixture
def unsynced_link(tmp_path: Path) -> Iterator[Bridge]:
    """A link that was given an LED state no board has confirmed: its board is not plugged in."""
    with Bridge(str(tmp_path / "usb-absent-pico"), **FAST) as link:
        link.set_leds(LedState(seat_colours=((0, 0, 255),), current_seat=0))
        assert link.status()["leds_synced"] is False
        yield link


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_leds_not_in_sync_are_marked_wrong_with_the_reason_in_the_pages_language(
    unsynced_link: Bridge, tmp_path: Path, lang: str
) -> None:
    page = _health_page(unsynced_link, tmp_path, lang)
    label = catalogues.translate(lang, "health.key.leds_synced", {})
    hint = catalogues.translate(lang, "health.hint.leds_synced", {})
    assert hint != "health.hint.leds_synced"  # the catalogue has the words
    row = f'<div class="facts__row is-bad" data-key="leds_synced"><dt>{label}</dt><dd>'
    assert row in page, page
    assert f'<div class="small" data-hint="leds_synced">{hint}</div>' in page.split(row, 1)[1].split("</dd>")[0]


def test_leds_in_sync_are_not_marked_wrong(tmp_path: Path) -> None:
    with Bridge("virtual://", **FAST) as link:
        link.start()
        link.set_leds(LedState(seat_colours=((0, 0, 255),), current_seat=0))
        assert link.wait_until_synced(5)
        page = _health_page(link, tmp_path, "en")
    assert '<div class="facts__row" data-key="leds_synced">' in page
    assert 'data-hint="leds_synced"' not in page


def test_an_led_state_waiting_a_moment_for_its_ack_is_not_marked_but_an_overdue_one_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every LED change waits a few ms for the board's acknowledgement: the health page marked each of them red.
    monkeypatch.setattr("firmware_bridge.link.LED_ACK_GRACE", 0.3)
    with Bridge("virtual://", **FAST) as link:
        link.start()
        link.set_leds(LedState(seat_colours=((0, 0, 255),), current_seat=0))
        assert link.wait_until_synced(5)
        monkeypatch.setattr(link, "_on_leds_ack", lambda message: None)  # the board stops acknowledging
        link.set_leds(LedState(seat_colours=((0, 255, 0),), current_seat=0))
        assert link.status()["leds_synced"] is True  # sent a moment ago
        assert wait_for(lambda: link.status()["leds_synced"] is False, 5)
        assert link.status()["connected"] is True  # the board answers, its LEDs do not show the state sent


def test_a_connected_board_with_no_led_state_to_show_yet_is_in_sync() -> None:
    with Bridge("virtual://", **FAST) as link:
        link.start()
        assert wait_for(lambda: link.status()["connected"] is True, 5)
        assert link.status()["leds_synced"] is True


def test_a_board_that_says_nothing_at_first_is_asked_about_its_speed_too(tmp_path: Path) -> None:
    # A board at another speed hears the Hellos garbled and says nothing back: before enough of its bytes make a
    # speed mismatch sure (a press, resent), the host read "is it the companion's board?" alone for 20 seconds.
    with (
        PtyDevice(tmp_path / "ttyAMA0", uart_baudrate=115200) as board,
        Bridge(str(board.link_path), baudrate=9600, **FAST) as link,
    ):
        link.start()
        assert wait_for(lambda: link.status()["error"] is not None), link.status()
        error = link.status()["error"]
    assert "no handshake answer" in error and "companion's board" in error, error
    assert "this service's 9600 baud (serial.baudrate; 115200 for the reference firmware's UART" in error, error


def test_a_few_bytes_that_make_no_frame_are_said_with_the_silence() -> None:
    said = diagnosis.no_answer("/dev/ttyAMA0", 1.0, 5, 9600, "serial.baudrate")
    assert said.startswith("/dev/ttyAMA0 gave no handshake answer within 1.0 s, and the 5 bytes it sent make no frame")
    assert "bytes it sent" not in diagnosis.no_answer("/dev/ttyAMA0", 1.0, 0, 9600, "serial.baudrate")
