"""A board that speaks another protocol version: one ERROR naming both versions and what to do, quiet retries, and
the log told again only when the board changes; status() says the mismatch all along, never "connected"."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_bridge_open_log import LINK_LOG, told
from test_bridge_pty import FAST, wait_for

from firmware_bridge import Bridge, codec
from firmware_bridge.fake_device import FAKE_FIRMWARE, PtyDevice
from firmware_bridge.virtual import VirtualDevice

HOST = codec.PROTOCOL_VERSION
NEWER = HOST + 1


@pytest.fixture
def link_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    with caplog.at_level(logging.DEBUG, logger=LINK_LOG):
        yield caplog


@pytest.fixture
def newer_board(tmp_path: Path) -> Iterator[PtyDevice]:
    """A board at a stable path whose firmware speaks the protocol after the companion's."""
    with PtyDevice(tmp_path / "usb-newer-pico", protocol_version=NEWER) as board:
        yield board


def reflash(board: PtyDevice, version: int) -> None:
    """Unplug the board, give it firmware speaking `version` and plug it in again, as a person at the table would."""
    board.unplug()
    board.protocol_version = version
    board.plug(is_rebooted=True)


def refusals(link: Bridge) -> int:
    return int(link.status()["errors"]["version"])


def errors_told(caplog: pytest.LogCaptureFixture) -> list[str]:
    return told(caplog, logging.ERROR, "protocol")


class StatusWatch:
    """Samples link.status() on a thread of its own, to catch any moment it would call the link working."""

    def __init__(self, link: Bridge) -> None:
        self.link = link
        self.seen: list[dict[str, Any]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> StatusWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _watch(self) -> None:
        while not self._stop.wait(0.001):
            self.seen.append(self.link.status())


def test_a_board_of_another_version_is_one_error_naming_both_and_what_to_do(
    newer_board: PtyDevice, link_log: pytest.LogCaptureFixture
) -> None:
    with Bridge(str(newer_board.link_path), **FAST) as link:
        link.start()
        assert wait_for(lambda: refusals(link) >= 10), link.status()
    said = errors_told(link_log)
    assert len(said) == 1, said
    assert f"protocol version {NEWER}" in said[0] and f"speaks version {HOST}" in said[0], said[0]
    assert FAKE_FIRMWARE in said[0] and str(newer_board.link_path) in said[0]
    assert "flash the companion's reference firmware" in said[0] and "update the companion" in said[0]
    assert len(told(link_log, logging.DEBUG, "protocol")) >= 9  # the retries: quiet, still there for debugging
    assert len(told(link_log, logging.INFO, "opened")) == 1  # the first open; the reopens are DEBUG
    noisy = [r.getMessage() for r in link_log.records if r.name == LINK_LOG and r.levelno >= logging.INFO]
    assert len(noisy) == 2, noisy  # "opened ..., handshaking" and the one error: nothing per retry


def test_status_reports_the_mismatch_the_whole_time_and_never_connected(newer_board: PtyDevice) -> None:
    with Bridge(str(newer_board.link_path), **FAST) as link:
        link.start()
        assert wait_for(lambda: refusals(link) >= 1)
        with StatusWatch(link) as watch:
            assert wait_for(lambda: refusals(link) >= 10)
    assert len(watch.seen) > 5
    assert not [s for s in watch.seen if s["connected"] or s["leds_synced"]]
    errors = {s["error"] for s in watch.seen}
    assert len(errors) == 1, errors  # the same words between retries too, while the port is closed and reopened
    (error,) = errors
    assert f"protocol version {NEWER}" in error and f"speaks version {HOST}" in error
    assert "flash the companion's reference firmware" in error


def test_the_right_board_after_a_mismatch_is_info_that_the_link_is_up(
    newer_board: PtyDevice, link_log: pytest.LogCaptureFixture
) -> None:
    with Bridge(str(newer_board.link_path), **FAST) as link:
        link.start()
        assert wait_for(lambda: refusals(link) >= 3)
        reflash(newer_board, HOST)
        assert wait_for(lambda: link.status()["connected"])
        assert wait_for(lambda: bool(told(link_log, logging.INFO, "answers")))
        status = link.status()
        assert status["error"] is None and status["firmware"] == FAKE_FIRMWARE
    assert len(errors_told(link_log)) == 1
    up = told(link_log, logging.INFO, "answers")
    assert len(up) == 1 and "link is up" in up[0] and str(newer_board.link_path) in up[0], up


def test_a_different_mismatch_is_an_error_again_then_quiet_again(
    newer_board: PtyDevice, link_log: pytest.LogCaptureFixture
) -> None:
    with Bridge(str(newer_board.link_path), **FAST) as link:
        link.start()
        assert wait_for(lambda: refusals(link) >= 3)
        reflash(newer_board, NEWER + 1)
        assert wait_for(lambda: len(errors_told(link_log)) == 2)
        refused = refusals(link)
        assert wait_for(lambda: refusals(link) >= refused + 5)
        assert f"protocol version {NEWER + 1}" in link.status()["error"]
        assert not link.status()["connected"]
    said = errors_told(link_log)
    assert len(said) == 2, said
    assert f"protocol version {NEWER} " in said[0] and f"protocol version {NEWER + 1} " in said[1]


def test_the_same_wrong_board_replugged_is_told_again_once(
    newer_board: PtyDevice, link_log: pytest.LogCaptureFixture
) -> None:
    with Bridge(str(newer_board.link_path), **FAST) as link:
        link.start()
        assert wait_for(lambda: refusals(link) >= 3)
        newer_board.unplug()
        assert wait_for(lambda: link.status()["errors"]["open"] >= 3)
        assert "cannot open" in link.status()["error"]  # the board is away: the page says so, not a stale mismatch
        newer_board.plug()
        assert wait_for(lambda: len(errors_told(link_log)) == 2)
        refused = refusals(link)
        assert wait_for(lambda: refusals(link) >= refused + 5)
    assert len(errors_told(link_log)) == 2
    assert len(told(link_log, logging.WARNING, "cannot open")) == 1


def test_a_virtual_board_of_another_version_is_reported_then_connects_once_reflashed(
    link_log: pytest.LogCaptureFixture,
) -> None:
    board = VirtualDevice(protocol_version=NEWER)
    with Bridge("virtual://", **FAST) as link:
        link.virtual_device = board
        link.start()
        assert wait_for(lambda: refusals(link) >= 5)
        assert not link.status()["connected"] and f"version {NEWER}" in link.status()["error"]
        assert len(errors_told(link_log)) == 1
        board.unplug()
        board.protocol_version = HOST
        board.replug(is_rebooted=True)
        assert wait_for(lambda: link.status()["connected"])
        assert link.status()["error"] is None
    assert len(errors_told(link_log)) == 1
    assert len(told(link_log, logging.INFO, "link is up")) == 1


def test_a_mute_board_is_said_in_status_until_it_answers(tmp_path: Path) -> None:
    with (
        PtyDevice(tmp_path / "usb-fake-pico") as board,
        Bridge(str(board.link_path), **FAST) as link,
    ):
        link.start()
        assert wait_for(lambda: link.status()["connected"])
        assert link.status()["error"] is None
        board.is_responsive = False
        assert wait_for(lambda: link.status()["errors"]["handshake_timeout"] >= 2)
        assert "no handshake answer" in link.status()["error"] and not link.status()["connected"]
        board.is_responsive = True
        assert wait_for(lambda: link.status()["connected"])
        assert link.status()["error"] is None
