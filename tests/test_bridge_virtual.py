"""Bridge over the in-process virtual device: API, status, callbacks, unplug/reboot, bad transports."""

import logging
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from firmware_bridge import Bridge, LedState, LinkClosedError
from firmware_bridge.virtual import VirtualDevice

FAST: dict[str, Any] = dict(
    heartbeat_s=0.05, resend_s=0.02, handshake_timeout_s=0.3, backoff_initial_s=0.002, backoff_max_s=0.01
)
STATE = LedState(seat_colours=((255, 0, 0), (0, 255, 0)), current_seat=0, status="reading")


def wait_for(condition: Callable[[], bool], timeout_s: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


@pytest.fixture
def presses() -> list[tuple[str, int]]:
    return []


@pytest.fixture
def bridge(presses: list[tuple[str, int]]) -> Iterator[Bridge]:
    with Bridge("virtual://", lambda name, seq: presses.append((name, seq)), **FAST) as link:
        link.start()
        yield link


def device(bridge: Bridge) -> VirtualDevice:
    assert bridge.virtual_device is not None
    return bridge.virtual_device


def test_virtual_default_is_announced_with_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING), Bridge() as link:
        assert link.is_virtual and link.status()["kind"] == "virtual"
    assert any("VIRTUAL" in record.getMessage() for record in caplog.records)


def test_led_state_reaches_the_device(bridge: Bridge) -> None:
    bridge.set_leds(STATE)
    assert bridge.wait_until_synced(3)
    assert device(bridge).leds == STATE
    assert len(device(bridge).pixels()) == 24


def test_status_reports_liveness_and_identity(bridge: Bridge) -> None:
    assert wait_for(lambda: bridge.status()["connected"])
    status = bridge.status()
    assert status["is_virtual"] is True and status["port"] == "virtual://"
    assert status["firmware"] == "virtual-1" and status["reconnects"] == 0
    assert 0 <= status["last_heard_s"] < 0.15
    assert {"crc", "framing", "unknown_type", "duplicates", "callback"} <= set(status["errors"])


def test_presses_are_delivered_once_in_order(bridge: Bridge, presses: list) -> None:
    assert wait_for(lambda: bridge.status()["connected"])
    for name in ["confirm", "undo", "next"]:
        device(bridge).press(name)
    assert wait_for(lambda: len(presses) == 3)
    time.sleep(0.15)  # let any retransmission arrive: it must not be delivered again
    assert [name for name, _ in presses] == ["confirm", "undo", "next"]
    assert [seq for _, seq in presses] == [0, 1, 2]
    assert device(bridge).pending_count() == 0


def test_a_failing_callback_is_logged_and_counted_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    def explode(name: str, seq: int) -> None:
        raise RuntimeError("service bug")

    with Bridge(on_button=explode, **FAST) as link:
        link.start()
        assert wait_for(lambda: link.status()["connected"])
        device(link).press("confirm")
        assert wait_for(lambda: link.status()["errors"]["callback"] == 1)
        device(link).press("confirm")
        assert wait_for(lambda: link.status()["errors"]["callback"] == 2)
        assert link.status()["connected"]
    assert any("service bug" in (record.exc_text or "") for record in caplog.records)


def test_unplug_is_reported_and_state_resent_after_a_reboot(bridge: Bridge, presses: list) -> None:
    bridge.set_leds(STATE)
    assert bridge.wait_until_synced(3)
    device(bridge).unplug()
    assert wait_for(lambda: not bridge.status()["connected"])
    device(bridge).replug(is_rebooted=True)
    assert wait_for(lambda: bridge.status()["connected"])
    assert bridge.wait_until_synced(3) and device(bridge).leds == STATE
    assert bridge.status()["reconnects"] == 1
    device(bridge).press("after-reboot")
    assert wait_for(lambda: presses == [("after-reboot", 0)])


def test_set_leds_refuses_anything_but_a_led_state(bridge: Bridge) -> None:
    with pytest.raises(TypeError, match="LedState"):
        bridge.set_leds({"status": "ready"})  # type: ignore[arg-type]


def test_close_is_idempotent_and_final() -> None:
    link = Bridge(**FAST)
    link.start()
    link.close()
    link.close()
    assert not link.status()["connected"]
    assert not [t for t in threading.enumerate() if t.name == "firmware-bridge"]
    with pytest.raises(LinkClosedError):
        link.start()


def test_loopback_port_never_handshakes_and_never_raises() -> None:
    # loop:// echoes our own Hello back: the link must count it, time out and retry, quietly.
    with Bridge("loop://", **FAST) as link:
        link.start()
        assert wait_for(lambda: link.status()["errors"]["handshake_timeout"] >= 1)
        status = link.status()
        assert status["errors"]["unexpected"] >= 1
        assert status["connected"] is False and status["kind"] == "serial"


def test_missing_port_keeps_retrying_with_backoff() -> None:
    with Bridge("/nonexistent/serial-port", **FAST) as link:
        link.start()
        assert wait_for(lambda: link.status()["errors"]["open"] >= 3)
        assert link.status()["connected"] is False and link.status()["last_heard_s"] is None
