"""What the link tells the log about a board it cannot reach: each trouble once at WARNING, no flood, and INFO
when the board is back (a mistyped serial.port must not be silent at the INFO level)."""

from __future__ import annotations

import logging
import os
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_bridge_pty import FAST, wait_for

from firmware_bridge import Bridge
from firmware_bridge.fake_device import PtyDevice

LINK_LOG = "firmware_bridge.link"


def told(caplog: pytest.LogCaptureFixture, level: int, text: str) -> list[str]:
    """The link's messages at exactly `level` containing `text`."""
    return [
        r.getMessage() for r in caplog.records if r.name == LINK_LOG and r.levelno == level and text in r.getMessage()
    ]


@pytest.fixture
def link_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    with caplog.at_level(logging.DEBUG, logger=LINK_LOG):
        yield caplog


@pytest.fixture
def mute_board(tmp_path: Path) -> Iterator[Path]:
    """A serial device at a stable path that takes every byte and answers none (a board without the firmware)."""
    master, slave = os.openpty()
    tty.setraw(slave)
    path = tmp_path / "mute-board"
    path.symlink_to(os.ttyname(slave))
    yield path
    os.close(master)
    os.close(slave)


def test_a_missing_port_is_one_warning_naming_it_then_info_when_it_opens(
    tmp_path: Path, link_log: pytest.LogCaptureFixture
) -> None:
    port = tmp_path / "companion-mcu"
    with Bridge(str(port), **FAST) as link:
        link.start()
        assert wait_for(lambda: link.status()["errors"]["open"] >= 5)
        warned = told(link_log, logging.WARNING, "cannot open")
        assert len(warned) == 1, warned
        assert str(port) in warned[0] and "No such file" in warned[0]
        assert told(link_log, logging.DEBUG, "cannot open")  # the later failures: quiet, still there for debug
        with PtyDevice(port, retransmit_ms=20) as device:
            assert wait_for(lambda: link.status()["connected"])
            opened = told(link_log, logging.INFO, "opened")
            assert len(opened) == 1 and str(port) in opened[0] and "failed attempt" in opened[0], opened
            # Once the board has answered, a new trouble is told again (once).
            device.unplug()
            assert wait_for(lambda: len(told(link_log, logging.WARNING, "cannot open")) == 2)
            errors = link.status()["errors"]["open"]
            assert wait_for(lambda: link.status()["errors"]["open"] >= errors + 3)
            assert len(told(link_log, logging.WARNING, "cannot open")) == 2


def test_a_board_that_answers_nothing_is_one_warning_not_an_info_line_per_retry(
    mute_board: Path, link_log: pytest.LogCaptureFixture
) -> None:
    with Bridge(str(mute_board), **FAST) as link:
        link.start()
        assert wait_for(lambda: link.status()["errors"]["handshake_timeout"] >= 3)
    warned = told(link_log, logging.WARNING, "no handshake answer")
    assert len(warned) == 1, warned
    assert str(mute_board) in warned[0]
    assert len(told(link_log, logging.INFO, "opened")) == 1  # the first open; the reopens are DEBUG
    assert len(told(link_log, logging.DEBUG, "opened")) >= 2


def test_a_board_gone_mute_is_one_warning_and_info_when_it_answers_again(
    tmp_path: Path, link_log: pytest.LogCaptureFixture
) -> None:
    with (
        PtyDevice(tmp_path / "usb-fake-pico", retransmit_ms=20) as device,
        Bridge(str(device.link_path), **FAST) as link,
    ):
        link.start()
        assert wait_for(lambda: link.status()["connected"])
        device.is_responsive = False
        assert wait_for(lambda: link.status()["errors"]["handshake_timeout"] >= 3)
        assert len(told(link_log, logging.WARNING, "no handshake answer")) == 1
        device.is_responsive = True
        assert wait_for(lambda: link.status()["connected"])
        assert wait_for(lambda: bool(told(link_log, logging.INFO, "answers")))
        answered = told(link_log, logging.INFO, "answers")
        assert len(answered) == 1 and str(device.link_path) in answered[0]
