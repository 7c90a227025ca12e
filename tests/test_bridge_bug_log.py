"""An unexpected error inside the link met at every reconnect: its traceback logged once, the repeats counted as
"internal" and kept at DEBUG, so a bug does not print a traceback a second into the service log."""

from __future__ import annotations

import logging

import pytest
from test_bridge_open_log import LINK_LOG
from test_bridge_virtual import FAST, STATE, wait_for

from firmware_bridge import Bridge, codec


def test_the_same_unexpected_error_at_every_reconnect_is_one_traceback(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_ack(message: codec.LedsAck) -> None:  # stands in for a bug met after every handshake
        raise KeyError(f"generation {message.generation}")

    with caplog.at_level(logging.DEBUG, logger=LINK_LOG), Bridge(**FAST) as link:
        monkeypatch.setattr(link, "_on_leds_ack", broken_ack)
        link.set_leds(STATE)
        link.start()
        assert wait_for(lambda: link.status()["errors"]["io"] >= 5)
        assert link.status()["errors"]["internal"] >= 5
    link_records = [r for r in caplog.records if r.name == LINK_LOG]
    tracebacks = [r for r in link_records if r.exc_info is not None]
    assert len(tracebacks) == 1 and tracebacks[0].levelno == logging.ERROR, [r.getMessage() for r in tracebacks]
    again = [r.getMessage() for r in link_records if "same unexpected error again" in r.getMessage()]
    assert len(again) >= 4 and all("KeyError" in said for said in again)
    assert {r.levelno for r in link_records if "same unexpected error again" in r.getMessage()} == {logging.DEBUG}
