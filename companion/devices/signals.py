"""What the lights should show, derived once from the service's events and handed to every light device.

The GPIO panel and the microcontroller's strip are sinks of the same `TableSignal`; each renders it its own
way. Only a change of signal is passed on, so identical events never make anything flicker.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.events.bus import (
    DeviceFault,
    EventBus,
    GameEventAppended,
    ReadingUpdated,
    RollSettled,
    VerdictGiven,
)

log = logging.getLogger(__name__)

SEAT_RGB = {
    "blue": (0, 70, 255),
    "green": (0, 200, 40),
    "orange": (255, 110, 0),
    "violet": (150, 0, 220),
    "red": (255, 0, 0),
    "yellow": (255, 200, 0),
    "white": (255, 255, 255),
    "black": (40, 40, 40),
}


@dataclass(frozen=True)
class TableSignal:
    """Everything the table's lights show at one moment."""

    status: str = "ready"  # ready | reading | waiting | refused | fault
    current_seat: int | None = None
    is_waiting: bool = False
    verdict: str | None = None  # allowed | refused | undecided
    seat_colors: tuple[tuple[int, int, int], ...] = ()


Sink = Callable[[TableSignal], None]


class SignalHub:
    """Listens to the bus, keeps the current TableSignal and pushes every change to the sinks."""

    def __init__(self, bus: EventBus) -> None:
        self.signal = TableSignal()
        self._sinks: list[Sink] = []
        self._lock = threading.Lock()
        bus.subscribe(GameEventAppended, self._on_game_event)
        bus.subscribe(VerdictGiven, self._on_verdict)
        bus.subscribe(ReadingUpdated, self._on_reading)
        bus.subscribe(RollSettled, lambda _: self._change(status="ready"))
        bus.subscribe(DeviceFault, lambda e: self._change(status="fault" if e.is_fault else "ready"))

    def add_sink(self, sink: Sink) -> None:
        """Render every future change on this sink, starting with the current signal."""
        self._sinks.append(sink)
        sink(self.signal)

    def _on_game_event(self, event: GameEventAppended) -> None:
        view = event.view
        colors = tuple(SEAT_RGB.get(p.get("color", ""), (255, 255, 255)) for p in view.get("players", []))
        needs_fix = any(d.get("value") is None for d in (view.get("last_roll") or {}).get("dice", []))
        if event.type == "move":
            self._change(verdict=None)  # so that two allowed moves in a row each light the verdict
        self._change(
            current_seat=view.get("current_seat"),
            seat_colors=colors,
            is_waiting=needs_fix,
            status="waiting" if needs_fix else "ready",
            verdict="allowed" if event.type == "move" else None,
        )

    def _on_verdict(self, event: VerdictGiven) -> None:
        status = event.verdict.get("status")
        self._change(verdict=status, status="refused" if status == "refused" else self.signal.status)

    def _on_reading(self, event: ReadingUpdated) -> None:
        if event.phase in ("rolling", "settling"):
            self._change(status="reading")
        elif self.signal.status == "reading":
            self._change(status="ready")

    def _change(self, **changes: object) -> None:
        with self._lock:
            new = replace(self.signal, **changes)  # type: ignore[arg-type]
            if new == self.signal:
                return
            self.signal = new
            sinks = list(self._sinks)
        for sink in sinks:
            try:
                sink(new)
            except Exception:
                log.exception("a light device failed to show %s", new)
