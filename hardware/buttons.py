"""The push buttons (confirm, undo, next): each press is reported once, by name."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from functools import partial
from typing import Any

from gpiozero import Button

from .devices import open_device
from .pins import BUTTON_NAMES, ButtonPins

log = logging.getLogger(__name__)

DEFAULT_BOUNCE_TIME = 0.05


class TableButtons:
    """The three buttons, wired from pin to ground (internal pull-up), debounced, counted."""

    def __init__(
        self,
        pins: ButtonPins,
        pin_factory: Any,
        on_press: Callable[[str], None] | None = None,
        bounce_time: float = DEFAULT_BOUNCE_TIME,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._on_press = on_press
        self._bounce_time = bounce_time
        self._clock = clock
        self._lock = threading.Lock()
        self._released_at: dict[str, float] = {}
        self.presses: dict[str, int] = dict.fromkeys(BUTTON_NAMES, 0)
        self.last: str | None = None
        with ExitStack() as stack:
            for name, pin in pins.named().items():
                stack.callback(self._open(name, pin, pin_factory).close)
            self._stack = stack.pop_all()

    def _open(self, name: str, pin: int, pin_factory: Any) -> Any:
        """Open one Button and hook its press and release events."""
        button = open_device(
            f"buttons.{name}",
            pin,
            lambda: Button(pin, pull_up=True, bounce_time=self._bounce_time, pin_factory=pin_factory),
        )
        button.when_pressed = partial(self._pressed, name)
        button.when_released = partial(self._released, name)
        return button

    def _released(self, name: str) -> None:
        with self._lock:
            self._released_at[name] = self._clock()

    def _pressed(self, name: str) -> None:
        now = self._clock()
        with self._lock:
            released_at = self._released_at.get(name)
            # A real press follows a release that lasted the bounce time; anything quicker is contact
            # chatter. gpiozero's mock and RPi.GPIO pins do not filter it themselves (lgpio does).
            if released_at is not None and now - released_at < self._bounce_time:
                return
            self.presses[name] += 1
            self.last = name
        self._report(name)

    def counts(self) -> dict[str, int]:
        """Presses counted so far, by button name."""
        with self._lock:
            return dict(self.presses)

    def _report(self, name: str) -> None:
        """Call the handler; its failure is logged so the button thread keeps running."""
        if self._on_press is None:
            return
        try:
            self._on_press(name)
        except Exception:
            log.exception("button handler failed for the %r press", name)

    def close(self) -> None:
        """Stop reporting presses and release the pins; safe to call twice."""
        self._stack.close()
