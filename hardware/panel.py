"""TablePanel: the table's lights, buttons and buzzer behind one small facade."""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import replace
from types import TracebackType
from typing import Any

from gpiozero import PWMLED, Buzzer
from gpiozero.pins.mock import MockFactory

from .buttons import DEFAULT_BOUNCE_TIME, TableButtons
from .devices import open_device
from .errors import PanelClosedError, PinConfigError
from .factory import FactoryChoice, make_pin_factory
from .lights import PatternLight, SeatLights, VerdictSignal, pattern_named
from .patterns import BEEP_PATTERNS, STATUS_PATTERNS
from .pins import DEFAULT_PIN_MAP, PREFIX, PinMap


def as_choice(pin_factory: FactoryChoice | Any | None) -> tuple[FactoryChoice, bool]:
    """The FactoryChoice to use and whether the panel owns it (and so closes it)."""
    if pin_factory is None:
        return make_pin_factory("auto"), True
    if isinstance(pin_factory, FactoryChoice):
        return pin_factory, False
    is_mock = isinstance(pin_factory, MockFactory)
    return FactoryChoice(pin_factory, type(pin_factory).__name__, is_mock, "passed in by the caller"), False


def check_seat_count(seats: object, pin_map: PinMap) -> int:
    """Return seats if the pin map has a light for each, else raise PinConfigError."""
    if isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= len(pin_map.seats):
        raise PinConfigError(
            f"seats = {seats!r} needs one light per seat but {PREFIX}seats lists {len(pin_map.seats)} "
            f"pins; allowed: 1 to {len(pin_map.seats)} (or add pins)"
        )
    return seats


class TablePanel:
    """Status light, seat lights, verdict signal, buttons and optional buzzer of one table.

    Every show_* call sets a state; asking again for the state already shown changes no output. A verdict
    lights for about 2 s when it changes (show None in between to signal the same verdict twice).
    Seats are numbered from 0. Methods may be called from any thread; on_button runs in gpiozero's thread.
    """

    def __init__(
        self,
        pin_map: PinMap = DEFAULT_PIN_MAP,
        pin_factory: FactoryChoice | Any | None = None,
        on_button: Callable[[str], None] | None = None,
        seats: int = 4,
        bounce_time: float = DEFAULT_BOUNCE_TIME,
    ) -> None:
        seats = check_seat_count(seats, pin_map)
        self._choice, owns_factory = as_choice(pin_factory)
        self._lock = threading.RLock()
        self._is_closed = False
        self._state = "off"
        pin_map = replace(pin_map, seats=pin_map.seats[:seats])
        self._pins = pin_map.pins_in_use()
        factory = self._choice.factory
        with ExitStack() as stack:
            if owns_factory:
                stack.callback(self._choice.close)
            status = open_device("status", pin_map.status, lambda: PWMLED(pin_map.status, pin_factory=factory))
            stack.callback(status.close)
            self._status = PatternLight(status)
            self._seats = SeatLights(pin_map.seats, factory)
            stack.callback(self._seats.close)
            self._verdict = VerdictSignal(pin_map.verdict, factory)
            stack.callback(self._verdict.close)
            self._buzzer = self._open_buzzer(pin_map.buzzer, factory, stack)
            self._buttons = TableButtons(pin_map.buttons, factory, on_button, bounce_time)
            stack.callback(self._buttons.close)
            self._resources = stack.pop_all()

    @staticmethod
    def _open_buzzer(pin: int | None, factory: Any, stack: ExitStack) -> PatternLight | None:
        """The buzzer's pattern player, or None when the pin map has no buzzer."""
        if pin is None:
            return None
        buzzer = open_device("buzzer", pin, lambda: Buzzer(pin, pin_factory=factory))
        stack.callback(buzzer.close)
        return PatternLight(buzzer)

    @property
    def seat_count(self) -> int:
        """How many seat lights this panel drives (seats 0 to seat_count - 1)."""
        return len(self._seats)

    @property
    def is_mock(self) -> bool:
        """Whether the pins are gpiozero mock pins (nothing physical lights up)."""
        return self._choice.is_mock

    def _check_open(self) -> None:
        if self._is_closed:
            raise PanelClosedError("the table panel is closed; open a new TablePanel to drive the lights")

    def show_status(self, state: str) -> bool:
        """Show state (off, ready, reading, waiting, refused, fault); return whether outputs changed."""
        pattern = pattern_named(STATUS_PATTERNS, "status", state)
        with self._lock:
            self._check_open()
            changed = self._status.show(pattern)
            self._state = state
            return changed

    def show_turn(self, seat: int | None, waiting: bool = False) -> bool:
        """Light seat (0-based, None: nobody), blinking if waiting for its move; return whether changed."""
        with self._lock:
            self._check_open()
            return self._seats.show(seat, waiting)

    def show_verdict(self, kind: str | None) -> bool:
        """Set the verdict: allowed, refused or undecided lights ~2 s when it changes (None: dark now)."""
        with self._lock:
            self._check_open()
            return self._verdict.show(kind)

    def beep(self, kind: str) -> bool:
        """Sound press, allowed, refused, undecided or fault; return False if no buzzer or already sounding."""
        pattern = pattern_named(BEEP_PATTERNS, "beep", kind)
        with self._lock:
            self._check_open()
            return self._buzzer is not None and self._buzzer.show(pattern)

    def status(self) -> dict[str, Any]:
        """A JSON-ready summary for the health page: factory, pins, states shown, buttons pressed."""
        with self._lock:
            return {
                "factory": self._choice.name,
                "is_mock": self._choice.is_mock,
                "reason": self._choice.reason,
                "pins": dict(self._pins),
                "seats": len(self._seats),
                "has_buzzer": self._buzzer is not None,
                "state": self._state,
                "turn": {"seat": self._seats.seat, "waiting": self._seats.is_waiting},
                "verdict": self._verdict.kind,
                "is_verdict_lit": self._verdict.is_lit,
                "last_button": self._buttons.last,
                "presses": self._buttons.counts(),
                "is_closed": self._is_closed,
            }

    def close(self) -> None:
        """Stop the buttons, darken and release every pin (and the factory if the panel made it)."""
        with self._lock:
            self._is_closed = True
        # Outside the lock: a button handler still running may be waiting for it to show something.
        self._resources.close()

    def __enter__(self) -> TablePanel:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
