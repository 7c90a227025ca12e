"""The table's light devices as sinks of TableSignal: the GPIO panel and the microcontroller's strip.

Buttons on either side become the same ButtonPressed event on the bus.
"""

from __future__ import annotations

import logging
from typing import Any

from companion.devices.choose import gpio_why
from companion.devices.notices import DeviceChoice
from companion.devices.signals import TableSignal
from companion.errors import ConfigError
from companion.events.bus import ButtonPressed, EventBus
from firmware_bridge import Bridge, LedState
from hardware import HardwareError, PinMap, TablePanel, make_pin_factory

log = logging.getLogger(__name__)

MAX_RING_SEATS = 8


class PanelSink:
    """Shows TableSignal on the GPIO panel."""

    def __init__(self, panel: TablePanel) -> None:
        self.panel = panel
        self._seats = panel.seat_count

    def show(self, signal: TableSignal) -> None:
        """Render one signal; seats beyond the wired lights are not shown."""
        self.panel.show_status(signal.status)
        seat = signal.current_seat
        self.panel.show_turn(seat if seat is not None and seat < self._seats else None, signal.is_waiting)
        self.panel.show_verdict(signal.verdict)

    def status(self) -> dict[str, Any]:
        """The panel's own status for the health page."""
        return self.panel.status()

    def close(self) -> None:
        """Release the pins."""
        self.panel.close()


def open_panel(factory_name: str, pins: dict[str, Any], bus: EventBus) -> tuple[PanelSink, DeviceChoice]:
    """Open the GPIO panel and say which pin factory it uses; a bad pin map is a ConfigError naming the key."""
    try:
        pin_map = PinMap.from_dict(pins)
        choice = make_pin_factory(factory_name)
    except HardwareError as exc:
        raise ConfigError(f"gpio: {exc}") from exc
    try:
        panel = TablePanel(pin_map, choice, on_button=lambda name: bus.publish(ButtonPressed(name, "gpio")))
    except BaseException as exc:
        choice.close()
        if isinstance(exc, HardwareError):
            raise ConfigError(f"gpio: {exc}") from exc
        raise
    # The hardware package has already announced a mock factory in the log.
    said = gpio_why(factory_name, choice.cause, choice.model, choice.reason)
    asked = choice.is_mock and choice.cause == "configured"
    described = DeviceChoice(
        "gpio", choice.name, choice.reason, choice.is_mock, is_announced=True, is_asked=asked, **said
    )
    return PanelSink(panel), described


class BridgeSink:
    """Shows TableSignal on the microcontroller's LED ring."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge

    def show(self, signal: TableSignal) -> None:
        """Send the full LED state (any lost message is repaired by the next one)."""
        seats = signal.seat_colors[:MAX_RING_SEATS]
        seat = signal.current_seat if signal.current_seat is not None and signal.current_seat < len(seats) else None
        self.bridge.set_leds(
            LedState(
                seat_colours=seats,
                current_seat=seat,
                is_waiting=signal.is_waiting,
                status=signal.status,
                verdict=signal.verdict,
            )
        )

    def status(self) -> dict[str, Any]:
        """The link's status for the health page: last heard, errors, reconnects."""
        return self.bridge.status()

    def close(self) -> None:
        """Stop the link."""
        self.bridge.close()


def open_bridge(url: str, baudrate: int, bus: EventBus) -> BridgeSink:
    """Start the microcontroller link; its buttons become ButtonPressed events."""
    bridge = Bridge(
        url, on_button=lambda name, seq: bus.publish(ButtonPressed(name, "microcontroller")), baudrate=baudrate
    )
    bridge.start()
    return BridgeSink(bridge)
