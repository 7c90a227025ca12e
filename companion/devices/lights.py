"""The table's light devices as sinks of TableSignal: the GPIO panel and the microcontroller's strip.

Buttons on either side become the same ButtonPressed event on the bus.
"""

from __future__ import annotations

import logging
from typing import Any

from companion.devices.signals import TableSignal
from companion.errors import ConfigError
from companion.events.bus import ButtonPressed, EventBus
from hardware import HardwareError, PinMap, TablePanel, make_pin_factory

log = logging.getLogger(__name__)


class PanelSink:
    """Shows TableSignal on the GPIO panel."""

    def __init__(self, panel: TablePanel) -> None:
        self.panel = panel
        self._seats = len(panel.status().get("pins", {}).get("seats", [])) or 4

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


def open_panel(factory_name: str, pins: dict[str, Any], bus: EventBus) -> PanelSink:
    """Open the GPIO panel; a bad pin map stops start-up with a ConfigError naming the key."""
    try:
        pin_map = PinMap.from_dict(pins) if pins else PinMap.from_dict({})
        choice = make_pin_factory(factory_name)
        panel = TablePanel(pin_map, choice, on_button=lambda name: bus.publish(ButtonPressed(name, "gpio")))
    except HardwareError as exc:
        raise ConfigError(f"gpio: {exc}") from exc
    return PanelSink(panel)
